"""Every sentence translatable (issue #12, section 3): the house rules of domain.i18n, checked statically.

Two lints, each proven to bite on a small snippet:

* the code lint (an AST walk over domain/, service/, notifications/, workers/): a gettext call's msgid is a
  plain string literal with named placeholders only; player text handed to a refusal, a prompt, a choice or
  a form field is a message, not an f-string, a literal, a concatenation or a formatting; a message is never
  glued to other text with `+`, `%`, `.format` or an f-string; `_` is never rebound where it is the
  message function.
* the template lint (the Jinja parser over service/web/templates and notifications/templates): no visible
  word outside `{% trans %}` blocks (tags, attributes, comments, expressions, numbers and punctuation
  aside), but for an explicit list of proper names.

A failure lists every offending place as path:line: rule: code, one a line.
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("domain", "service", "notifications", "workers")
TEMPLATE_DIRS = ("service/web/templates", "notifications/templates")

# The extraction keywords (locales/babel.cfg, `make messages`) and the gettext names Jinja and Flask use:
# name -> how many leading arguments are msgids.
MARKERS = {"_": 1, "N_": 1, "n_": 2, "gettext": 1, "ngettext": 2, "lazy_gettext": 1, "lazy_ngettext": 2,
           "pgettext": 2, "npgettext": 3}
# Player-text constructors: name -> (positional index, keyword) of the argument that is text for a player.
# The GameError subclasses are added from the code (`game_errors`).
TEXT_ARGUMENTS: dict[str, list[tuple[int | None, str]]] = {
    "IllegalAction": [(0, "reason")],
    "FormError": [(0, "reason")],
    "DamagedRecord": [(0, "sentence")],  # service.store: its sentence is an audit problem, shown to players
    "Prompt": [(3, "text")],
    "Choice": [(1, "label")],
    "Option": [(1, "label")],
    "OneOf": [(1, "label")], "SomeOf": [(1, "label")], "Number": [(1, "label")],
    "EachOf": [(1, "label")], "Rows": [(1, "label")],
}
FIELD_CONSTRUCTORS = {"OneOf", "SomeOf", "Number", "EachOf", "Rows", "Option"}
POSITIONAL = re.compile(r"%(?!\()[-#0 +]?(\d+|\*)?(\.(\d+|\*))?[hlL]?[diouxXeEfFgGcrsa]")

# Not player text, on purpose: "path:function" -> why. Keep it short; each entry needs a reason.
ALLOWLIST: dict[str, str] = {
    "service/config.py:*": "configuration errors are the operator's, raised before any reader exists",
    "service/web/tabularium_verify.py:*": "the standalone verifier: stdlib only, English by design",
    "service/web/i18n.py:tr_html": "renders a message: looks its msgid up in the catalog, marks nothing",
    "service/web/i18n.py:_Gettext": "Flask-Babel's gettext names over the catalog: looks msgids up, marks nothing",
}


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    function: str
    rule: str
    code: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.rule}: {self.code}"


def _name(func: ast.AST) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _is_marker_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and _name(node.func) in MARKERS


def _built_text(node: ast.AST) -> str | None:
    """What kind of text-building `node` is when it is not a message ('an f-string', 'a string literal',
    'a concatenation', 'a %-formatting', 'a .format()'); None for anything else (a message, a variable, a call)."""
    if isinstance(node, ast.JoinedStr):
        return "an f-string"
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return "a string literal"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and (_stringy(node.left) or _stringy(node.right)):
        return "a concatenation"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and _stringy(node.left):
        return "a %-formatting"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format" \
            and _stringy(node.func.value):
        return "a .format()"
    return None


def _stringy(node: ast.AST) -> bool:
    return _built_text(node) is not None or _is_marker_call(node)


def _msgid_kind(node: ast.AST) -> str:
    if isinstance(node, ast.JoinedStr):
        return "an f-string"
    if isinstance(node, ast.BinOp):
        return "a concatenation" if isinstance(node.op, ast.Add) else "a %-formatting"
    if isinstance(node, ast.Name):
        return f"the variable {node.id}"
    if isinstance(node, ast.Attribute):
        return f"the attribute .{node.attr}"
    if isinstance(node, ast.Call):
        return "a call"
    return f"a {type(node).__name__} expression"


class Lint(ast.NodeVisitor):
    def __init__(self, path: str, source: str, errors: frozenset[str]):
        self.path, self.lines, self.errors = path, source.splitlines(), errors
        self.findings: list[Finding] = []
        self.stack: list[str] = []
        self.uses_message_function = False

    def report(self, node: ast.AST, rule: str) -> None:
        line = getattr(node, "lineno", 0)
        code = self.lines[line - 1].strip()[:100] if 0 < line <= len(self.lines) else ""
        self.findings.append(Finding(self.path, line, ".".join(self.stack) or "<module>", rule, code))

    # -- scopes (for the allowlist) and the imports that make `_` the message function
    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.stack.append(node.name)
        if self.uses_message_function:
            self.check_rebinding(list(ast.walk(node))[1:])
        self.generic_visit(node)
        self.stack.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.stack.append(node.name)
        self.generic_visit(node)
        self.stack.pop()

    def visit_Module(self, node: ast.Module) -> None:
        self.uses_message_function = any(
            isinstance(n, ast.ImportFrom) and any(a.name == "_" and a.asname is None for a in n.names)
            for n in ast.walk(node))
        if self.uses_message_function:
            self.check_rebinding([n for stmt in node.body if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                                   ast.ClassDef))
                                  for n in ast.walk(stmt)])
        self.generic_visit(node)

    def check_rebinding(self, scope: list[ast.AST]) -> None:
        """`_` assigned (a throwaway name) where `_()` is called: the call then calls whatever was assigned."""
        calls = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_" for n in scope)
        own_scope = {id(t) for n in scope if isinstance(n, ast.comprehension) for t in ast.walk(n.target)}
        for n in scope:  # a comprehension's `for _ in` binds `_` in the comprehension alone: harmless
            if calls and isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store) \
                    and id(n) not in own_scope:
                self.report(n, "_ is the message function here: a throwaway name must not rebind it")

    # -- the rules
    def visit_Call(self, node: ast.Call) -> None:
        name = _name(node.func)
        if name in MARKERS:
            self.check_msgids(node, MARKERS[name])
        if name in TEXT_ARGUMENTS or name in self.errors:
            self.check_text_arguments(node, name)
        if isinstance(node.func, ast.Attribute) and node.func.attr == "format" and _is_marker_call(node.func.value):
            self.report(node, "a message is formatted with .format(): pass named parameters to _() instead")
        self.generic_visit(node)

    def check_msgids(self, node: ast.Call, count: int) -> None:
        name = _name(node.func)
        for arg in node.args[:count]:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                if POSITIONAL.search(arg.value.replace("%%", "")):
                    self.report(arg, f"positional placeholder in a msgid of {name}(): name it, as %(name)s")
            else:
                self.report(arg, f"the msgid of {name}() is {_msgid_kind(arg)}, not a string literal")

    def check_text_arguments(self, node: ast.Call, name: str) -> None:
        places = TEXT_ARGUMENTS.get(name, [(0, "reason")])
        if name in FIELD_CONSTRUCTORS and not any(k.arg == "label" for k in node.keywords) and len(node.args) < 2:
            return
        for index, keyword in places:
            args = [k.value for k in node.keywords if k.arg == keyword]
            if index is not None and len(node.args) > index:
                args.append(node.args[index])
            for arg in args:
                kind = _built_text(arg)
                if kind:
                    self.report(arg, f"{name}() is given {kind} as player text: give it a message, "
                                     "_(\"...\", name=value)")

    def visit_BinOp(self, node: ast.BinOp) -> None:
        if isinstance(node.op, ast.Add) and (_is_marker_call(node.left) or _is_marker_call(node.right)):
            self.report(node, "a message is joined to other text with +: write the whole sentence as one msgid")
        elif isinstance(node.op, ast.Mod) and _is_marker_call(node.left):
            self.report(node, "a message is %-formatted: pass named parameters to _() instead")
        self.generic_visit(node)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        if any(isinstance(v, ast.FormattedValue) and _is_marker_call(v.value) for v in node.values):
            self.report(node, "a message is put into an f-string: write the whole sentence as one msgid")
        self.generic_visit(node)


def lint_source(source: str, path: str = "snippet.py", errors: frozenset[str] | None = None) -> list[Finding]:
    """The findings of the code lint on one module's source, the allowlist applied."""
    tree = ast.parse(source, filename=path)
    known = game_errors() if errors is None else errors
    lint = Lint(path, source, known | _local_errors(tree, known))
    lint.visit(tree)
    return [f for f in lint.findings if not allowed(f)]


def allowed(finding: Finding) -> bool:
    top = finding.function.split(".")[0]
    return any(key in ALLOWLIST for key in (f"{finding.path}:*", f"{finding.path}:{finding.function}",
                                            f"{finding.path}:{top}"))


def _local_errors(tree: ast.AST, known: frozenset[str]) -> frozenset[str]:
    """GameError subclasses defined in this module, by their bases' names."""
    names = set(known) | {"GameError"}
    grew = True
    while grew:
        grew = False
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.name not in names \
                    and any(_name(b) in names for b in node.bases):
                names.add(node.name)
                grew = True
    return frozenset(names)


def source_files() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py") if "__pycache__" not in p.parts)


@lru_cache(maxsize=1)
def game_errors() -> frozenset[str]:
    """`domain.errors.GameError` and every subclass of it anywhere in the scanned packages."""
    trees = [ast.parse(p.read_text(encoding="utf-8")) for p in source_files()]
    names = {"GameError"}
    grew = True
    while grew:
        grew = False
        for tree in trees:
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name not in names \
                        and any(_name(b) in names for b in node.bases):
                    names.add(node.name)
                    grew = True
    return frozenset(names)


# ------------------------------------------------------------------------------------ the code lint

def test_no_sentence_is_built_outside_a_message():
    findings = []
    for path in source_files():
        rel = path.relative_to(ROOT).as_posix()
        findings += lint_source(path.read_text(encoding="utf-8"), rel)
    lines = [str(f) for f in findings]
    assert not lines, (f"{len(lines)} places build player text outside a gettext message "
                       "(domain.i18n; docs/architecture.md, 'Translatable text'):\n" + "\n".join(lines))


def test_the_allowlist_names_files_that_exist_and_says_why():
    for key, reason in ALLOWLIST.items():
        path, _sep, function = key.partition(":")
        assert (ROOT / path).is_file(), f"allowlist entry {key!r}: no such file"
        assert function and len(reason) > 20, f"allowlist entry {key!r} needs a function (or *) and a reason"


def test_game_errors_are_found_in_the_code():
    assert {"GameError", "NotYourDecision", "StalePrompt", "GameNotActive", "BadRequest", "TooMany"} <= game_errors()


BITES = [
    ('_(f"{seat} bids {n}.")', "the msgid of _() is an f-string"),
    ('_("The " + what + " is refused.")', "the msgid of _() is a concatenation"),
    ('_("%s bids" % seat)', "the msgid of _() is a %-formatting"),
    ('_(sentence)', "the msgid of _() is the variable sentence"),
    ('_(name.title())', "the msgid of _() is a call"),
    ('n_("%(n)d card", plural_text, n)', "the msgid of n_() is the variable plural_text"),
    ('N_(f"{x} cards")', "the msgid of N_() is an f-string"),
    ('gettext("Hello " + name)', "the msgid of gettext() is a concatenation"),
    ('lazy_gettext(text)', "the msgid of lazy_gettext() is the variable text"),
    ('ngettext("%(n)d card", "%(n)d cards" + s, n)', "the msgid of ngettext() is a concatenation"),
    ('_("%s bids %d denarii.", seat, n)', "positional placeholder in a msgid of _()"),
    ('n_("%d card", "%d cards", n)', "positional placeholder in a msgid of n_()"),
    ('raise IllegalAction(f"{seat} cannot play {card}.")', "IllegalAction() is given an f-string"),
    ('raise IllegalAction("You cannot pass now.")', "IllegalAction() is given a string literal"),
    ('raise IllegalAction("You cannot play " + card)', "IllegalAction() is given a concatenation"),
    ('raise FormError("%s is wrong" % label)', "FormError() is given a %-formatting"),
    ('raise FormError(reason="{} is wrong".format(label))', "FormError() is given a .format()"),
    ('raise GameError(f"There is no seat {seat!r}.")', "GameError() is given an f-string"),
    ('raise GameNotActive("The game is over.")', "GameNotActive() is given a string literal"),
    ('raise TooMany(f"Wait {n} s.", n)', "TooMany() is given an f-string"),
    ('Prompt(seat, pid, "bid", f"Bid, {name}.", choices)', "Prompt() is given an f-string"),
    ('Prompt(seat=s, id=i, kind="bid", text="Your bid?", choices=())', "Prompt() is given a string literal"),
    ('Choice("pass", "Pass")', "Choice() is given a string literal"),
    ('Choice(card, f"Play the {card}")', "Choice() is given an f-string"),
    ('Choice(id=c, label="Play " + c)', "Choice() is given a concatenation"),
    ('OneOf("target", "Target", options)', "OneOf() is given a string literal"),
    ('Number(name="n", label=f"How many {x}?", min=0, max=3)', "Number() is given an f-string"),
    ('Option(v, f"{v} denarii")', "Option() is given an f-string"),
    ('text = _("You win.") + " " + extra', "a message is joined to other text with +"),
    ('text = "Note: " + _("You win.")', "a message is joined to other text with +"),
    ('text = f"{_(\'You win.\')} Well done."', "a message is put into an f-string"),
    ('text = _("%(n)s wins.") % {"n": n}', "a message is %-formatted"),
    ('text = _("{n} wins.").format(n=n)', "a message is formatted with .format()"),
    ('from domain.i18n import _\ndef f(spec):\n    name, _, mail = spec.partition(":")\n    return _("Hi %(n)s.", n=name)',
     "_ is the message function here"),
]


@pytest.mark.parametrize("snippet, rule", BITES, ids=[rule for _s, rule in BITES])
def test_the_code_lint_bites(snippet, rule):
    findings = lint_source(snippet, errors=frozenset({"GameError", "GameNotActive", "TooMany"}))
    assert any(rule in f.rule for f in findings), f"the lint let {snippet!r} through (found: {findings})"


CLEAN = '''
from domain.i18n import _, n_, N_, join_sentences
COLOURS = [N_("Red"), N_("Blue")]

def refuse(seat, card, sentence):
    if card is None:
        raise IllegalAction(_("%(seat)s has no card to play.", seat=seat))
    raise IllegalAction(sentence)  # a variable: the runtime check (conformance harness) sees what it holds

def prompt(seat, pid, cards, n):
    return Prompt(seat, pid, "play", n_("Play one of your %(n)d card.", "Play one of your %(n)d cards.", n, n=n),
                  tuple(Choice(c, _("Play the %(card)s.", card=name(c))) for c in cards))

def narrate(lines):
    return join_sentences([_("The round ends."), _("%(seat)s leads.", seat="Red")])

def offers(value):
    return "%d%%" % value, "%(a)s" % {"a": 1}, "x" + str(value), f"{value:>4}"
'''


def test_the_code_lint_passes_what_the_house_rules_allow():
    assert lint_source(CLEAN, errors=frozenset({"GameError"})) == []


def test_the_allowlist_is_applied():
    source = 'def load():\n    raise GameError(f"bad {x}")\n'
    assert lint_source(source, "service/config.py", frozenset({"GameError"})) == []
    assert lint_source(source, "service/other.py", frozenset({"GameError"}))


# -------------------------------------------------------------------------------- the template lint

# Words a template may show as they are, in every language: proper names and symbols. Each with a reason.
PROPER_NAMES: dict[str, str] = {
    "Tabularium": "the platform's name",
    "Sylla": "a title's name",
    "SHA": "the hash function's name (SHA-256)",
    "JSON": "a format's name",
    "UTC": "the time zone's name",
}
VISIBLE_ATTRIBUTES = ("title", "alt", "placeholder", "aria-label", "aria-description", "label")
_TAG = re.compile(r"<(?:[^>\"']|\"[^\"]*\"|'[^']*')*>", re.S)
_ATTRIBUTE = re.compile(r"""\s(%s)\s*=\s*(?:"([^"]*)"|'([^']*)')""" % "|".join(map(re.escape, VISIBLE_ATTRIBUTES)))
# Not prose: comments, scripts and styles, and what is shown as typed, the same in every language (a command
# line in <pre>, a file name in <code>, a key in <kbd>, an output in <samp>).
_HIDDEN_BLOCKS = re.compile(r"<!--.*?-->|<(script|style|pre|code|kbd|samp)\b.*?</\1\s*>", re.S | re.I)
_NOT_WORDS = re.compile(r"&#?\w+;|\b[a-z][a-z0-9+.-]*://\S+|\S+@\S+\.\w+|\x00")
_WORD = re.compile(r"[^\W\d_]{2,}")
MARK = "\x00"  # stands for an expression's output while tags are stripped


def template_pieces(source: str, name: str = "snippet.html") -> list[tuple[str, int]]:
    """The template's literal text (TemplateData) outside `{% trans %}` blocks, in order, each with its line;
    every other output (an expression, a translated block) is MARK."""
    from jinja2 import Environment, nodes

    env = Environment(extensions=["jinja2.ext.i18n"])
    tree = env.parse(source, name=name)
    pieces: list[tuple[str, int]] = []

    def walk(node: nodes.Node) -> None:
        if isinstance(node, nodes.Output):
            for child in node.nodes:
                if isinstance(child, nodes.TemplateData):
                    pieces.append((child.data, child.lineno))
                else:
                    pieces.append((MARK, getattr(child, "lineno", 0) or 0))
                    walk(child)
            return
        for child in node.iter_child_nodes():
            walk(child)

    walk(tree)
    return pieces


def visible_words(source: str, name: str = "snippet.html") -> list[tuple[int, str]]:
    """(line, word) for every word a reader would see that no `{% trans %}` covers."""
    pieces = template_pieces(source, name)
    text = "".join(data for data, _line in pieces)
    starts, offset = [], 0
    for data, line in pieces:
        starts.append((offset, line, data))
        offset += len(data)

    def line_of(position: int) -> int:
        for start, line, data in reversed(starts):
            if start <= position:
                return line + data[:position - start].count("\n")
        return 0

    found: list[tuple[int, str, str]] = []  # line, what is shown in the report, the word

    def blank(match: re.Match) -> str:
        return " " * len(match.group(0))

    text = _HIDDEN_BLOCKS.sub(blank, text)
    for tag in _TAG.finditer(text):
        for attribute in _ATTRIBUTE.finditer(tag.group(0)):
            value = attribute.group(2) if attribute.group(2) is not None else attribute.group(3)
            for word in _WORD.finditer(_NOT_WORDS.sub(" ", value)):
                found.append((line_of(tag.start()), f'{attribute.group(1)}="{word.group(0)}"', word.group(0)))
    text = _TAG.sub(blank, text)
    text = _NOT_WORDS.sub(blank, text)
    for word in _WORD.finditer(text):
        found.append((line_of(word.start()), word.group(0), word.group(0)))
    return [(line, shown) for line, shown, word in found if word not in PROPER_NAMES]


def template_files() -> list[Path]:
    return sorted(p for d in TEMPLATE_DIRS for p in (ROOT / d).rglob("*") if p.suffix in (".html", ".txt"))


def test_no_template_shows_a_word_outside_trans():
    lines = []
    for path in template_files():
        rel = path.relative_to(ROOT).as_posix()
        words: dict[int, list[str]] = {}
        for line, word in visible_words(path.read_text(encoding="utf-8"), rel):
            words.setdefault(line, []).append(word)
        lines += [f"{rel}:{line}: {' '.join(ws)[:100]}" for line, ws in sorted(words.items())]
    assert not lines, (f"{len(lines)} template lines show words outside {{% trans %}} (wrap the sentence in "
                       "{% trans %}...{% endtrans %}, or add a proper name to PROPER_NAMES):\n" + "\n".join(lines))


TEMPLATE_BITES = [
    ("<p>Your turn, {{ name }}.</p>", ["Your", "turn"]),
    ('<a href="{{ url }}" title="Open the game">{{ label }}</a>', ['title="Open"', 'title="the"', 'title="game"']),
    ("{% if late %}\n  <em>late</em>{% endif %}", ["late"]),
    ("Hello {{ name }},\nyour move.", ["Hello", "your", "move"]),
    ('<input placeholder="Your name">', ['placeholder="Your"', 'placeholder="name"']),
]


@pytest.mark.parametrize("source, words", TEMPLATE_BITES, ids=[s for s, _w in TEMPLATE_BITES])
def test_the_template_lint_bites(source, words):
    assert [w for _line, w in visible_words(source)] == words


def test_the_template_lint_passes_what_is_translated_or_not_text():
    source = """{# a comment #}<!doctype html>
<html lang="{{ lang }}"><head><style>body { margin: 0 }</style><script>let x = "hidden";</script></head>
<body class="game-page" data-seat="{{ seat }}">
  <h1>Tabularium</h1> &mdash; <span>{{ _("Your turn, %(name)s.", name=name) }}</span>
  <p>{% trans %}The game is over.{% endtrans %} 12:30 &middot; #{{ n }} (3/4) — https://example.org/x</p>
  <pre>python3 -I verify.py tabularium-{{ id }}.json</pre> <code>sha256sum file</code>
  <!-- a comment with words --> {% trans count=n %}{{ count }} card{% pluralize %}{{ count }} cards{% endtrans %}
</body></html>"""
    assert visible_words(source) == []


def test_the_template_lint_says_where():
    assert visible_words("<p>{{ a }}</p>\n\n<p>Stray words</p>") == [(3, "Stray"), (3, "words")]
