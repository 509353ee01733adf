"""Prompt forms: one decision with a few fields, each enumerated or bounded (ARCHITECTURE.md section 2).

A prompt either lists its choices or carries a `Form` (then `choices` is empty). One description serves
the web form, the e-mail reply syntax, the JSON API, standing orders, the bot, timeouts and the fuzzer.

Field kinds (`kind` in the JSON):

* `one`    OneOf(name, label, options)                    one option's value
* `some`   SomeOf(name, label, options, min, max)         a list of option values, in the options' order
* `number` Number(name, label, min, max)                  a whole number in [min, max]
* `each`   EachOf(name, label, items, value)              {item value: value} for every item, where `value`
                                                          is a OneOf or a Number (its label heads the column)
* `rows`   Rows(name, label, columns, max_rows, min_rows) a list of rows {column name: value}, each column
                                                          a OneOf or a Number, at most max_rows rows

**The canonical answer** (what `ChoiceMade`/`ChoiceSealed` record and what the API's `choice` carries) is
the JSON object {field name: value}, with keys sorted at every level, no spaces, non-ASCII kept
(`json.dumps(.., sort_keys=True, separators=(",", ":"), ensure_ascii=False)`), e.g.
`{"characters":["sen-p","mer-c","mil-l","mil-c","rel-p","rel-c"]}` or `{"denarii":3,"thumb":"up"}`.
`canonical(form, text)` reads any JSON object that answers the form (options of a `some` field in any
order) and returns that canonical string; anything outside the description is refused with a
`FormError` (an IllegalAction) whose sentence names the field, before the rules see it.

**The rules** validate the whole answer: in `apply`, and, for any title with forms, in the optional
`check_answer(state, seat, answer) -> None` (IllegalAction with a sentence), which the platform calls
before sealing a secret answer or letting a standing order fire. A title that changed a decision from
choices to a form may also keep reading the old choice ids of recorded games (the compatibility
reading): `legacy_choice(state, seat, choice) -> Choice | None` gives the old choice (id and label)
when `choice` is an old id that is legal now, and its `apply` accepts both encodings.

**The e-mail reply syntax** (`read_reply`): one line per field, `name: value...`, where an option is
written as its number in the e-mail's list, its value or its label; `some` takes several options
(`characters: 1 3 4 6 7 9`); `each` takes one value per listed item, in the listed order; `rows` takes one
line per row (`transfers: 2 1 5`, the columns in order; `transfers: none` for no row). A form with one
field also takes a bare line (`1 3 4 6 7 9`); a form whose fields all take one word takes them all on
one bare line, in order (`up 3`).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from random import Random
from typing import Any, Callable, ClassVar, Iterable, Mapping, Sequence, Union

from domain.i18n import Message, _, n_
from domain.rules import Choice, IllegalAction, comma_list, semicolon_list, space_list

MAX_FIELDS = 12
MAX_OPTIONS = 200
MAX_ROWS = 20
MAX_ANSWER = 4000  # characters of a submitted answer (a choice id or a form's JSON)


class FormError(IllegalAction):
    """An answer outside the form's description; `reason` names the field and what is allowed, and
    `problem` is that sentence without the field's label (None when it names no field)."""

    def __init__(self, reason: str, problem: str | None = None):
        super().__init__(reason)
        self.problem = problem


def _refuse(label: str, problem: Message) -> FormError:
    """The refusal of one field's value: "Label: problem"."""
    return FormError(_("%(field)s: %(problem)s", field=label, problem=problem), problem)


@dataclass(frozen=True)
class Option:
    value: str
    label: str

    def to_json(self) -> dict:
        return {"value": self.value, "label": self.label}


def _options_json(options: Sequence[Option]) -> list[dict]:
    return [o.to_json() for o in options]


def _listing(options: Sequence[Option], limit: int = 12) -> str:
    shown = [o.value for o in options[:limit]]
    return ", ".join(shown) + (", ..." if len(options) > limit else "")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class OneOf:
    name: str
    label: str
    options: tuple[Option, ...]
    kind: ClassVar[str] = "one"

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "label": self.label, "options": _options_json(self.options)}

    def read(self, value: Any) -> str:
        if isinstance(value, str) and any(o.value == value for o in self.options):
            return value
        return self.refuse(value)

    def refuse(self, value: Any) -> str:
        raise _refuse(self.label, _("%(value)r is not one of the options (%(options)s).", value=str(value)[:40],
                                    options=_listing(self.options)))

    def random(self, rng: Random) -> str:
        return self.options[rng.randrange(len(self.options))].value

    def first(self) -> str:
        return self.options[0].value

    def show(self, value: Any) -> str:
        return next((o.label for o in self.options if o.value == value), str(value))


@dataclass(frozen=True)
class SomeOf:
    name: str
    label: str
    options: tuple[Option, ...]
    min: int = 0
    max: int | None = None  # None: as many as there are options
    kind: ClassVar[str] = "some"

    @property
    def most(self) -> int:
        return len(self.options) if self.max is None else self.max

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "label": self.label, "options": _options_json(self.options),
                "min": self.min, "max": self.most}

    def choose_count(self, given: int) -> Message:
        """The refusal of `given` options, naming how many to choose."""
        if self.min == self.most:
            return n_("choose exactly %(n)d, not %(given)d.", "choose exactly %(n)d, not %(given)d.", self.min,
                      given=given)
        if self.min == 0:
            return n_("choose at most %(n)d, not %(given)d.", "choose at most %(n)d, not %(given)d.", self.most,
                      given=given)
        return _("choose from %(min)d to %(max)d, not %(given)d.", min=self.min, max=self.most, given=given)

    def heading(self) -> Message:
        """The e-mail's heading of the field, naming how many to choose."""
        if self.min == self.most:
            return n_("%(field)s (choose exactly %(n)d):", "%(field)s (choose exactly %(n)d):", self.min,
                      field=self.label)
        if self.min == 0:
            return n_("%(field)s (choose at most %(n)d):", "%(field)s (choose at most %(n)d):", self.most,
                      field=self.label)
        return _("%(field)s (choose from %(min)d to %(max)d):", field=self.label, min=self.min, max=self.most)

    def help(self) -> Message:
        """How to write the field in a reply."""
        if self.min == self.most:
            return n_("the number of exactly %(n)d option, separated by spaces",
                      "the numbers of exactly %(n)d options, separated by spaces", self.min)
        if self.min == 0:
            return n_("the numbers of at most %(n)d option, separated by spaces",
                      "the numbers of at most %(n)d options, separated by spaces", self.most)
        return _("the numbers of from %(min)d to %(max)d options, separated by spaces", min=self.min, max=self.most)

    def read(self, value: Any) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _refuse(self.label, _("give a list of options."))
        order = {o.value: i for i, o in enumerate(self.options)}
        for v in value:
            if v not in order:
                raise _refuse(self.label, _("%(value)r is not one of the options (%(options)s).", value=v[:40],
                                            options=_listing(self.options)))
        if len(set(value)) != len(value):
            twice = next(v for v in value if value.count(v) > 1)
            raise _refuse(self.label, _("%(value)r is chosen twice.", value=twice))
        if not self.min <= len(value) <= self.most:
            raise _refuse(self.label, self.choose_count(len(value)))
        return sorted(value, key=order.__getitem__)

    def random(self, rng: Random) -> list[str]:
        k = rng.randint(self.min, self.most)
        picked = sorted(rng.sample(range(len(self.options)), k))
        return [self.options[i].value for i in picked]

    def first(self) -> list[str]:
        return [o.value for o in self.options[: self.min]]

    def show(self, value: Any) -> str:
        labels = {o.value: o.label for o in self.options}
        return comma_list(labels.get(v, str(v)) for v in value) or _("none")


@dataclass(frozen=True)
class Number:
    name: str
    label: str
    min: int
    max: int
    kind: ClassVar[str] = "number"

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "label": self.label, "min": self.min, "max": self.max}

    def read(self, value: Any) -> int:
        if not _is_int(value):
            raise _refuse(self.label, _("give a whole number from %(min)d to %(max)d.", min=self.min, max=self.max))
        if not self.min <= value <= self.max:
            raise _refuse(self.label, _("%(value)d is not between %(min)d and %(max)d.", value=value, min=self.min,
                                        max=self.max))
        return value

    def random(self, rng: Random) -> int:
        return rng.randint(self.min, self.max)

    def first(self) -> int:
        return self.min

    def show(self, value: Any) -> str:
        return str(value)


Cell = Union[OneOf, Number]  # what an `each` value or a `rows` column may be


@dataclass(frozen=True)
class EachOf:
    name: str
    label: str
    items: tuple[Option, ...]
    value: Cell
    kind: ClassVar[str] = "each"

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "label": self.label, "items": _options_json(self.items),
                "value": self.value.to_json()}

    def read(self, value: Any) -> dict:
        if not isinstance(value, dict):
            raise _refuse(self.label, _("give a value for each of %(items)s.", items=_listing(self.items)))
        known = {o.value for o in self.items}
        extra = [k for k in value if k not in known]
        if extra:
            raise _refuse(self.label, _("%(value)r is not one of %(items)s.", value=extra[0][:40],
                                        items=_listing(self.items)))
        missing = [o.value for o in self.items if o.value not in value]
        if missing:
            raise _refuse(self.label, _("give a value for %(item)s too.", item=missing[0]))
        out = {}
        for item in self.items:
            try:
                out[item.value] = self.value.read(value[item.value])
            except FormError as exc:
                raise FormError(_("%(field)s, %(item)s: %(problem)s", field=self.label, item=item.label,
                                  problem=_tail(exc))) from None
        return out

    def random(self, rng: Random) -> dict:
        return {o.value: self.value.random(rng) for o in self.items}

    def first(self) -> dict:
        return {o.value: self.value.first() for o in self.items}

    def show(self, value: Any) -> str:
        return comma_list(_("%(item)s %(value)s", item=o.label, value=self.value.show(value.get(o.value)))
                          for o in self.items)


@dataclass(frozen=True)
class Rows:
    name: str
    label: str
    columns: tuple[Cell, ...]
    max_rows: int
    min_rows: int = 0
    kind: ClassVar[str] = "rows"

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "label": self.label,
                "columns": [c.to_json() for c in self.columns], "min_rows": self.min_rows, "max_rows": self.max_rows}

    def read(self, value: Any) -> list[dict]:
        if not isinstance(value, list) or not all(isinstance(r, dict) for r in value):
            raise _refuse(self.label, _("give a list of rows."))
        if not self.min_rows <= len(value) <= self.max_rows:
            if self.min_rows:
                many = _("give from %(min)d to %(max)d rows, not %(given)d.", min=self.min_rows, max=self.max_rows,
                         given=len(value))
            else:
                many = n_("give at most %(n)d row, not %(given)d.", "give at most %(n)d rows, not %(given)d.",
                          self.max_rows, given=len(value))
            raise _refuse(self.label, many)
        names = [c.name for c in self.columns]
        out = []
        for n, row in enumerate(value, 1):
            if sorted(row) != sorted(names):
                raise FormError(_("%(field)s, row %(row)d: give exactly %(columns)s.", field=self.label, row=n,
                                  columns=", ".join(names)))
            cells = {}
            for col in self.columns:
                try:
                    cells[col.name] = col.read(row[col.name])
                except FormError as exc:
                    raise FormError(_("%(field)s, row %(row)d, %(problem)s", field=self.label, row=n,
                                      problem=_tail(exc))) from None
            out.append(cells)
        return out

    def random(self, rng: Random) -> list[dict]:
        return [{c.name: c.random(rng) for c in self.columns}
                for _row in range(rng.randint(self.min_rows, self.max_rows))]

    def first(self) -> list[dict]:
        return [{c.name: c.first() for c in self.columns} for _ in range(self.min_rows)]

    def show(self, value: Any) -> str:
        return semicolon_list(space_list(c.show(row.get(c.name)) for c in self.columns) for row in value) or _("none")


Field = Union[OneOf, SomeOf, Number, EachOf, Rows]


def _tail(exc: FormError) -> str:
    """A cell's sentence without its own label prefix (its label is the column's)."""
    return exc.problem if exc.problem is not None else exc.reason


@dataclass(frozen=True)
class Form:
    """A few fields; `default` is the canonical answer a timeout plays (None: the first options)."""

    fields: tuple[Field, ...]
    default: str | None = None

    def __post_init__(self) -> None:
        names = [f.name for f in self.fields]
        if not names or len(names) > MAX_FIELDS or len(set(names)) != len(names):
            raise ValueError("a form has 1 to 12 fields with distinct names")
        for f in self.fields:
            if not re.fullmatch(r"[a-z][a-z0-9_]{0,31}", f.name):
                raise ValueError(f"field name {f.name!r}: lower-case letters, digits and _")
            options = getattr(f, "options", ()) or getattr(f, "items", ())
            if len(options) > MAX_OPTIONS:
                raise ValueError(f"field {f.name!r} lists more than {MAX_OPTIONS} options")
            if isinstance(f, Rows) and f.max_rows > MAX_ROWS:
                raise ValueError(f"field {f.name!r} allows more than {MAX_ROWS} rows")

    def to_json(self) -> dict:
        return {"fields": [f.to_json() for f in self.fields], "default": self.default}

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)

    @classmethod
    def from_json(cls, data: Mapping) -> "Form":
        """The form a view's `prompt.form` describes (`to_json` read back): what an API client or a test
        needs to build an answer, e.g. `random_answer(Form.from_json(view["prompt"]["form"]), rng)`."""
        return cls(tuple(_field_from_json(f) for f in data["fields"]), data.get("default"))


def _options_from_json(options: Iterable[Mapping]) -> tuple[Option, ...]:
    return tuple(Option(o["value"], o["label"]) for o in options)


def _field_from_json(f: Mapping) -> Field:
    kind, name, label = f["kind"], f["name"], f["label"]
    if kind == "one":
        return OneOf(name, label, _options_from_json(f["options"]))
    if kind == "some":
        return SomeOf(name, label, _options_from_json(f["options"]), f["min"], f["max"])
    if kind == "number":
        return Number(name, label, f["min"], f["max"])
    if kind == "each":
        return EachOf(name, label, _options_from_json(f["items"]), _field_from_json(f["value"]))
    if kind == "rows":
        return Rows(name, label, tuple(_field_from_json(c) for c in f["columns"]), f["max_rows"], f["min_rows"])
    raise ValueError(f"unknown field kind {kind!r}")


# ------------------------------------------------------------------------------ answers

def encode(values: Mapping[str, Any]) -> str:
    """The canonical string of an answer's values (no validation: see `canonical`)."""
    return json.dumps(values, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def read_values(form: Form, values: Any) -> dict:
    """Structural validation of decoded values: every field present, enumerated or bounded; normalised."""
    if not isinstance(values, dict):
        raise FormError(_("The answer must be a JSON object with one entry per field: %(fields)s.",
                          fields=", ".join(f.name for f in form.fields)))
    extra = [k for k in values if form.field(k) is None]
    if extra:
        raise FormError(_("This form has no field %(field)r; its fields are %(fields)s.", field=str(extra[0])[:40],
                          fields=", ".join(f.name for f in form.fields)))
    out = {}
    for f in form.fields:
        if f.name not in values:
            raise _refuse(f.label, _("this field is missing from the answer."))
        out[f.name] = f.read(values[f.name])
    return out


def canonical(form: Form, answer: str) -> str:
    """Read an answer (a JSON object) against the form; return its canonical string or raise FormError."""
    if not isinstance(answer, str) or len(answer) > MAX_ANSWER:
        raise FormError(_("The answer must be a JSON object as text."))
    try:
        values = json.loads(answer)
    except ValueError:
        raise FormError(_("This decision is a form: the answer must be a JSON object with one entry per field "
                          "(%(fields)s).", fields=", ".join(f.name for f in form.fields))) from None
    return encode(read_values(form, values))


def values_of(form: Form, answer: str) -> dict:
    return read_values(form, json.loads(canonical(form, answer)))


def summary(form: Form, answer: str) -> str:
    """The answer in words ("Characters: Sen P, Mer C; ..."): its label wherever a Choice's label is used
    (confirmations, sealed narration, standing orders)."""
    values = values_of(form, answer)
    return semicolon_list(_("%(field)s: %(answer)s", field=f.label, answer=f.show(values[f.name])) for f in form.fields)


def random_answer(form: Form, rng: Random) -> str:
    """A uniformly random structurally valid answer, field by field (the fuzzer and the bot)."""
    return encode({f.name: f.random(rng) for f in form.fields})


def default_answer(form: Form) -> str:
    """The form's default (what a timeout plays), else the first options / lowest numbers / no rows."""
    return form.default if form.default is not None else encode({f.name: f.first() for f in form.fields})


# ------------------------------------------------------------------------------ the platform's checks

def accept(rules: Any, state: Any, prompt: Any, choice: str) -> Choice:
    """A submitted choice, checked before the rules apply it; returns the Choice to record.

    Without a form: one of the prompt's choices. With a form: the structure first (FormError), then the
    rules' `check_answer` when the title has it; the id of the returned Choice is the canonical answer."""
    form = getattr(prompt, "form", None)
    if form is None:
        picked = prompt.find(choice)
        if picked is None:
            raise IllegalAction(_("%(choice)r is not one of the choices; the choices are %(choices)s.",
                                  choice=choice, choices=", ".join(prompt.choice_ids())))
        return picked
    answer = canonical(form, choice)
    check = getattr(rules, "check_answer", None)
    if check is not None:
        check(state, prompt.seat, answer)
    return Choice(answer, summary(form, answer))


def offered(rules: Any, state: Any, prompt: Any, choice: str) -> Choice | None:
    """The Choice a *recorded* choice stands for in `prompt`, or None when it was not legal: an offered
    choice id; for a form, the canonical answer exactly (accepted by the rules), or an old choice id that
    the title's compatibility reading (`legacy_choice`) still knows."""
    form = getattr(prompt, "form", None)
    if form is None:
        return prompt.find(choice)
    try:
        picked = accept(rules, state, prompt, choice)
    except IllegalAction:
        picked = None
    if picked is not None and picked.id == choice:
        return picked
    legacy = getattr(rules, "legacy_choice", None)
    return legacy(state, prompt.seat, choice) if legacy is not None and picked is None else None


def random_legal(rules: Any, state: Any, prompt: Any, rng: Random | Callable[[int], int], tries: int = 20) -> str:
    """A random answer the rules accept (the bot): random forms until `check_answer` agrees, else the
    form's default. Without a form, one of the choices. `rng` may be a Random or a `below(n)` function."""
    below = rng.randrange if isinstance(rng, Random) else rng
    form = getattr(prompt, "form", None)
    if form is None:
        return prompt.choices[below(len(prompt.choices))].id
    gen = rng if isinstance(rng, Random) else Random(below(1 << 30))
    for _try in range(tries):
        answer = random_answer(form, gen)
        try:
            accept(rules, state, prompt, answer)
            return answer
        except IllegalAction:
            continue
    return default_answer(form)


# ------------------------------------------------------------------------------ text: e-mail and web

def _word_option(options: Sequence[Option], word: str, label: str) -> str:
    """An option written as its number (1-based), its value or its label (case-insensitive)."""
    if word.isascii() and word.isdigit():
        n = int(word)
        if 1 <= n <= len(options):
            return options[n - 1].value
        raise _refuse(label, _("%(word)s is not an option number (1 to %(count)d).", word=word, count=len(options)))
    low = word.lower()
    found = next((o.value for o in options if o.value.lower() == low), None) or \
        next((o.value for o in options if o.label.lower() == low), None)
    if found is None:
        raise _refuse(label, _("%(word)r is not one of the options; write its number.", word=word[:40]))
    return found


def _word_number(word: str, label: str) -> int:
    if not re.fullmatch(r"-?\d{1,9}", word):
        raise _refuse(label, _("%(word)r is not a whole number.", word=word[:40]))
    return int(word)


def _cell_word(cell: Cell, word: str, label: str) -> Any:
    return _word_option(cell.options, word, label) if isinstance(cell, OneOf) else _word_number(word, label)


def _split(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,]+", text.strip()) if w]


def _column(field: str, column: str) -> Message:
    """The label of one column (or item) of a field, as a refusal names it ("Transfers, Talents")."""
    return _("%(field)s, %(column)s", field=field, column=column)


def read_field_text(f: Field, texts: list[str]) -> Any:
    """Values of one field from its reply lines (the text after `name:`), before structural checks."""
    if isinstance(f, Rows):
        rows = []
        for text in texts:
            for part in text.split(";"):
                words = _split(part)
                if not words or (len(words) == 1 and words[0].lower() in ("none", "-")):
                    continue
                if len(words) != len(f.columns):
                    raise _refuse(f.label, n_("each row is %(n)d value (%(columns)s), not %(row)r.",
                                              "each row is %(n)d values (%(columns)s), not %(row)r.", len(f.columns),
                                              columns=comma_list(c.label for c in f.columns), row=part.strip()[:60]))
                rows.append({c.name: _cell_word(c, w, _column(f.label, c.label)) for c, w in zip(f.columns, words)})
        return rows
    words = [w for t in texts for w in _split(t)]
    if isinstance(f, SomeOf):
        if len(words) == 1 and words[0].lower() in ("none", "-"):
            return []
        return [_word_option(f.options, w, f.label) for w in words]
    if isinstance(f, EachOf):
        if len(words) != len(f.items):
            raise _refuse(f.label, n_("give %(n)d value, one for each of %(items)s in that order; you gave %(given)d.",
                                      "give %(n)d values, one for each of %(items)s in that order; you gave %(given)d.",
                                      len(f.items), items=comma_list(o.label for o in f.items), given=len(words)))
        return {o.value: _cell_word(f.value, w, _column(f.label, o.label)) for o, w in zip(f.items, words)}
    if len(words) != 1:
        raise _refuse(f.label, _("give one value, not %(given)d.", given=len(words)))
    return _cell_word(f, words[0], f.label)


def read_reply(form: Form, lines: Iterable[str]) -> str:
    """The canonical answer written in a reply's lines (syntax in the module docstring)."""
    by_name: dict[str, list[str]] = {}
    bare: list[str] = []
    for line in lines:
        line = line.strip()
        if not line:
            continue
        m = re.match(r"([A-Za-z][A-Za-z0-9_ ]{0,40}?)\s*[:=]\s*(.*)$", line)
        f = form.field(m.group(1).strip().lower().replace(" ", "_")) if m else None
        if f is None and m:
            f = next((g for g in form.fields if g.label.lower() == m.group(1).strip().lower()), None)
        if f is not None:
            by_name.setdefault(f.name, []).append(m.group(2))
        else:
            bare.append(line)
    if bare and not by_name:
        if len(form.fields) == 1:
            by_name[form.fields[0].name] = bare[:1] if not isinstance(form.fields[0], Rows) else bare
        elif all(isinstance(f, (OneOf, Number)) for f in form.fields) and len(_split(bare[0])) == len(form.fields):
            for f, w in zip(form.fields, _split(bare[0])):
                by_name[f.name] = [w]
    if not by_name:
        raise FormError(_("no answer was found: write one line per field, %(syntax)s", syntax=reply_syntax(form)))
    values = {}
    for f in form.fields:
        if f.name not in by_name:
            if isinstance(f, (Rows, SomeOf)) and (f.min_rows if isinstance(f, Rows) else f.min) == 0:
                values[f.name] = []
                continue
            raise _refuse(f.label, _("no line starting %(name)s: was found.", name=f.name))
        values[f.name] = read_field_text(f, by_name[f.name])
    return encode(read_values(form, values))


def example_line(f: Field) -> str:
    if isinstance(f, OneOf):
        return "1"
    if isinstance(f, SomeOf):
        return " ".join(str(n) for n in range(1, max(f.min, 1) + 1)) if f.options else "none"
    if isinstance(f, Number):
        return str(f.min)
    if isinstance(f, EachOf):
        return " ".join("1" if isinstance(f.value, OneOf) else str(f.value.min) for _ in f.items)
    return " ".join("1" if isinstance(c, OneOf) else str(c.min) for c in f.columns)


def field_help(f: Field) -> str:
    """How to write one field in a reply, in a sentence."""
    if isinstance(f, OneOf):
        return _("the number of one option")
    if isinstance(f, SomeOf):
        return f.help()
    if isinstance(f, Number):
        return _("a whole number from %(min)d to %(max)d", min=f.min, max=f.max)
    if isinstance(f, EachOf):
        if isinstance(f.value, OneOf):
            return n_("%(n)d value separated by spaces, one for each of the listed items in order (an option number "
                      "each)", "%(n)d values separated by spaces, one for each of the listed items in order (an option "
                      "number each)", len(f.items))
        return n_("%(n)d value separated by spaces, one for each of the listed items in order (a number from "
                  "%(min)d to %(max)d each)", "%(n)d values separated by spaces, one for each of the listed items in "
                  "order (a number from %(min)d to %(max)d each)", len(f.items), min=f.value.min, max=f.value.max)
    return _("one line per row, at most %(max)d, each row %(columns)s (option numbers or numbers); 'none' for no row",
             max=f.max_rows, columns=comma_list(c.label for c in f.columns))


def reply_syntax(form: Form) -> str:
    """One line per field, e.g. `characters: 1 3 4 6 7 9`."""
    return "; ".join(f"{f.name}: {example_line(f)}" for f in form.fields) + "."


def read_web(form: Form, get: Callable[[str], str | None], getlist: Callable[[str], list[str]]) -> str:
    """The canonical answer from a web form's POST (inputs named `f.<field>`, `f.<field>.<item>`,
    `f.<field>.<row>.<column>`); empty rows are skipped."""
    values: dict[str, Any] = {}

    def cell(c: Cell, raw: str | None, label: str) -> Any:
        raw = (raw or "").strip()
        if not raw:
            raise _refuse(label, _("this field is empty."))
        if isinstance(c, OneOf):
            return raw
        return _word_number(raw, label)

    for f in form.fields:
        key = f"f.{f.name}"
        if isinstance(f, SomeOf):
            values[f.name] = getlist(key)
        elif isinstance(f, EachOf):
            values[f.name] = {o.value: cell(f.value, get(f"{key}.{o.value}"), _column(f.label, o.label))
                              for o in f.items}
        elif isinstance(f, Rows):
            rows = []
            for n in range(f.max_rows):
                raws = {c.name: (get(f"{key}.{n}.{c.name}") or "").strip() for c in f.columns}
                if not any(raws.values()):
                    continue
                rows.append({c.name: cell(c, raws[c.name], _("%(field)s, row %(row)d, %(column)s", field=f.label,
                                                             row=n + 1, column=c.label)) for c in f.columns})
            values[f.name] = rows
        else:
            values[f.name] = cell(f, get(key), f.label)
    return encode(read_values(form, values))


def _numbered(options: Sequence[Option]) -> list[str]:
    return [_("%(n)d. %(option)s", n=n, option=o.label) for n, o in enumerate(options, 1)]


def reply_guide(form: Form) -> dict:
    """What an e-mail shows for a form: each field with its numbered options (`fields`: heading, lines),
    the reply lines to type (`reply`: line, help) and, when the form allows it, a bare one-line example."""
    fields = []
    for f in form.fields:
        if isinstance(f, OneOf):
            fields.append({"heading": _("%(field)s (one of):", field=f.label), "lines": _numbered(f.options)})
        elif isinstance(f, SomeOf):
            fields.append({"heading": f.heading(), "lines": _numbered(f.options)})
        elif isinstance(f, Number):
            fields.append({"heading": _("%(field)s: a whole number from %(min)d to %(max)d.", field=f.label,
                                        min=f.min, max=f.max), "lines": []})
        elif isinstance(f, EachOf):
            lines = [o.label for o in f.items]
            if isinstance(f.value, OneOf):
                lines.append(_("%(column)s for each: %(options)s", column=f.value.label,
                               options=comma_list(_numbered(f.value.options))))
            else:
                lines.append(_("%(column)s for each: a whole number from %(min)d to %(max)d", column=f.value.label,
                               min=f.value.min, max=f.value.max))
            fields.append({"heading": _("%(field)s (one value for each, in this order):", field=f.label),
                           "lines": lines})
        else:
            lines = []
            for c in f.columns:
                if isinstance(c, OneOf):
                    lines.append(_("%(column)s: %(options)s", column=c.label, options=comma_list(_numbered(c.options))))
                else:
                    lines.append(_("%(column)s: a whole number from %(min)d to %(max)d", column=c.label, min=c.min,
                                   max=c.max))
            fields.append({"heading": n_("%(field)s (up to %(n)d row; columns in this order):",
                                         "%(field)s (up to %(n)d rows; columns in this order):", f.max_rows,
                                         field=f.label), "lines": lines})
    reply = [{"line": f"{f.name}: {example_line(f)}", "help": field_help(f)} for f in form.fields]
    bare = None
    if len(form.fields) == 1 and not isinstance(form.fields[0], Rows):
        bare = example_line(form.fields[0])
    elif all(isinstance(f, (OneOf, Number)) for f in form.fields):
        bare = " ".join(example_line(f) for f in form.fields)
    return {"fields": fields, "reply": reply, "bare": bare}


def random_reply(prompt: Mapping, rng: Random) -> str:
    """A random structurally legal `choice` for a prompt as the API's view describes it: a random option's
    id, or a random answer to its form (which the rules may still refuse; a client then tries again)."""
    if prompt.get("form"):
        return random_answer(Form.from_json(prompt["form"]), rng)
    return prompt["choices"][rng.randrange(len(prompt["choices"]))]["id"]
