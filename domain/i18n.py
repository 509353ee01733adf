"""Translatable messages (ARCHITECTURE.md section 2: "Text is messages, not English").

Every sentence a player reads is written in the code as a gettext message with named parameters:

    _("%(seat)s bids %(amount)d denarii.", seat=seat_name, amount=3)
    n_("%(n)d card", "%(n)d cards", n, n=n)

`_` and `n_` are the extraction keywords (`pybabel extract -k _ -k n_:1,2`, see `locales/`). They return a
`Message`: a `str` holding the English text, so code that only stores or compares text keeps working,
plus what the edge needs to render it in the reader's language (`locales.render(message, locale)`):
its msgid, plural form and parameters. A parameter may itself be a Message (a card's name inside a
sentence); it is rendered in the same language. The domain never picks a language and does no I/O.

Rules of the house (tests/unit/test_i18n_lint.py checks them):
* the msgid is a string literal, never an f-string, a concatenation or a variable;
* parameters are named (`%(name)s`), never positional, so translators may reorder them;
* a sentence is never assembled from pieces with `+` or `" ".join`: write the whole sentence, or
  `join_sentences` whole sentences.

A moment a player reads (a deadline, when a message was posted) is a `Moment`: the instant, the zone it
is read in and a style, plus its English text. The domain never formats dates for other languages; the
edge does, with babel.dates in the reader's locale (`locales.render`, docs/i18n.md "Dates").
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

_MARKER = "m"


class Message(str):
    """A translatable message; as a str it is the English text."""

    __slots__ = ("msgid", "plural", "n", "params")
    msgid: str
    plural: str | None
    n: int | None
    params: dict[str, Any]

    def __new__(cls, msgid: str, plural: str | None = None, n: int | None = None,
                params: Mapping[str, Any] | None = None) -> "Message":
        params = dict(params or {})
        template = plural if plural is not None and n != 1 else msgid
        self = super().__new__(cls, fill(template, params, lambda m: str(m)))
        self.msgid, self.plural, self.n, self.params = msgid, plural, n, params
        return self

    def __reduce__(self):  # copies and pickles keep the message, not just its English
        return (Message, (self.msgid, self.plural, self.n, self.params))

    def to_json(self) -> dict:
        """What a read model stores so the text can be rendered later in any language."""
        data: dict[str, Any] = {_MARKER: self.msgid}
        if self.plural is not None:
            data["pl"], data["n"] = self.plural, self.n
        if self.params:
            data["p"] = {k: to_json(v) for k, v in self.params.items()}
        return data


def _(msgid: str, **params: Any) -> Message:
    """Mark and build a translatable sentence with named parameters."""
    return Message(msgid, params=params)


def n_(singular: str, plural: str, n: int, **params: Any) -> Message:
    """Mark and build a sentence with a plural form chosen by `n` (the language's plural rules)."""
    return Message(singular, plural, n, {"n": n, **params})


def N_(msgid: str) -> str:
    """Mark a literal for extraction where the sentence is built later (tables of names in data)."""
    return msgid


def fill(template: str, params: Mapping[str, Any], render_param) -> str:
    """`template % params` with each parameter that is a Message rendered by `render_param`."""
    if not params:
        return template
    values = {k: render_param(v) if isinstance(v, (Message, Sentences, Moment)) else v for k, v in params.items()}
    try:
        return template % values
    except (KeyError, ValueError, TypeError) as exc:  # a translation with a broken placeholder
        raise ValueError(f"message {template!r} does not fit its parameters {sorted(values)}: {exc}") from None


def to_json(value: Any) -> Any:
    """A message (or a plain value) as JSON; `from_json` reads it back."""
    return value.to_json() if isinstance(value, (Message, Sentences, Moment)) else value


def from_json(data: Any) -> Any:
    if isinstance(data, dict) and _MOMENT in data:
        return Moment(data.get("en", ""), data[_MOMENT], data.get("z", "UTC"), data.get("s", "short"))
    if isinstance(data, dict) and _JOINED in data:
        return Sentences(from_json(p) for p in data[_JOINED])
    if isinstance(data, dict) and _MARKER in data:
        params = {k: from_json(v) for k, v in (data.get("p") or {}).items()}
        return Message(data[_MARKER], data.get("pl"), data.get("n"), params)
    return data


class Sentences(str):
    """Whole sentences side by side, each translated on its own (`join_sentences`)."""

    __slots__ = ("parts",)
    parts: tuple[str, ...]

    def __new__(cls, parts: Iterable[str]) -> "Sentences":
        parts = tuple(p for p in parts if p)
        self = super().__new__(cls, " ".join(parts))
        self.parts = parts
        return self

    def __reduce__(self):
        return (Sentences, (self.parts,))

    def to_json(self) -> dict:
        return {_JOINED: [to_json(p) for p in self.parts]}


_JOINED = "j"


def join_sentences(sentences: Iterable[str]) -> Sentences:
    """Whole sentences side by side, each translated on its own: never glue pieces of one sentence."""
    return Sentences(sentences)


_MOMENT = "@"
MOMENT_STYLES = ("short", "long", "local")  # "Mon 30 Nov 18:00 CET (17:00 UTC)", the weekday and year too, no UTC


class Moment(str):
    """A moment as a player reads it: as a str its English text (domain.timezones writes it), plus the
    instant (`at`, ISO 8601 in UTC), the IANA zone it is read in and the style, so the edge can write it
    in any language (`locales.render`). Inside a Message it is a parameter like any other."""

    __slots__ = ("at", "zone", "style")
    at: str
    zone: str
    style: str

    def __new__(cls, english: str, at: str, zone: str, style: str = "short") -> "Moment":
        self = super().__new__(cls, english)
        self.at, self.zone, self.style = at, zone, style if style in MOMENT_STYLES else "short"
        return self

    def __reduce__(self):
        return (Moment, (str(self), self.at, self.zone, self.style))

    def to_json(self) -> dict:
        return {_MOMENT: self.at, "z": self.zone, "s": self.style, "en": str(self)}


__all__ = ["Message", "Sentences", "Moment", "_", "n_", "N_", "fill", "to_json", "from_json", "join_sentences"]
