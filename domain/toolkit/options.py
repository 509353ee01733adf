"""A title's options, declared once: name, type, default, one line of help, and whether it is advanced.

The declaration drives everything that touches options: the rules' own check at setup, the platform's
check when a game is created (CLI `tabularium new --option`, `POST /api/games`, the `/new` form: all
through `GameService.create_game`, so a bad option gets the same sentence everywhere), the form fields
of `/new`, `/api/titles` and the OpenAPI document. Refusals are `IllegalAction` with a sentence.

Types: `choice` (one of listed strings), `bool`, `int` (a whole number in a range), `text`, and `json`
(a JSON object, or a list with `of=list`; `nullable` also accepts null). A `check(value)` may add a
rule of its own (return a sentence to refuse); `OptionSpec(check=...)` checks the options together.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from domain.i18n import _
from domain.rules import IllegalAction

from .state import deep_copy

KINDS = ("choice", "bool", "int", "text", "json")


@dataclass(frozen=True)
class Option:
    name: str
    kind: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    of: type = dict                 # json: dict (a JSON object) or list
    nullable: bool = False          # json: null is accepted too
    advanced: bool = False          # shown folded away on /new
    check: Callable[[Any], str | None] | None = None  # a sentence refusing the value, or None
    label: str = ""                 # the option's name for players (a message); "" = made from `name`
    choice_labels: tuple[str, ...] = ()  # choice: the players' word for each choice, in `choices` order

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name}: unknown type {self.kind!r}")
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"option {self.name}: one label per choice")

    # ------------------------------------------------------------------------- constructors
    @classmethod
    def choice(cls, name: str, default: str, choices: Iterable[str], help: str, **kw) -> "Option":
        return cls(name, "choice", default, help, choices=tuple(choices), **kw)

    @classmethod
    def bool(cls, name: str, default: bool, help: str, **kw) -> "Option":
        return cls(name, "bool", default, help, **kw)

    @classmethod
    def int(cls, name: str, default: int, low: int, high: int, help: str, **kw) -> "Option":
        return cls(name, "int", default, help, low=low, high=high, **kw)

    @classmethod
    def text(cls, name: str, default: str, help: str, **kw) -> "Option":
        return cls(name, "text", default, help, **kw)

    @classmethod
    def json(cls, name: str, default: Any, help: str, **kw) -> "Option":
        return cls(name, "json", default, help, **kw)

    # ------------------------------------------------------------------------- checking
    def refusal(self, value: Any) -> str | None:
        """Why `value` is refused, as a sentence; None when it is accepted."""
        name = self.name
        if self.kind == "choice" and value not in self.choices:
            return _("The option %(option)s must be one of %(choices)s, not %(value)s.", option=name,
                     choices=", ".join(self.choices), value=_shown(value))
        if self.kind == "bool" and not isinstance(value, bool):
            return _("The option %(option)s must be true or false, not %(value)s.", option=name, value=_shown(value))
        if self.kind == "int" and (isinstance(value, bool) or not isinstance(value, int)
                                   or not self.low <= value <= self.high):
            return _("The option %(option)s must be a whole number from %(low)d to %(high)d, not %(value)s.",
                     option=name, low=self.low, high=self.high, value=_shown(value))
        if self.kind == "text" and not isinstance(value, str):
            return _("The option %(option)s must be text, not %(value)s.", option=name, value=_shown(value))
        if self.kind == "json" and not (isinstance(value, self.of) or (self.nullable and value is None)):
            shown = _shown(value)
            if self.of is dict:
                if self.nullable:
                    return _("The option %(option)s must be a JSON object or null, not %(value)s.", option=name,
                             value=shown)
                return _("The option %(option)s must be a JSON object, not %(value)s.", option=name, value=shown)
            if self.nullable:
                return _("The option %(option)s must be a JSON list or null, not %(value)s.", option=name,
                         value=shown)
            return _("The option %(option)s must be a JSON list, not %(value)s.", option=name, value=shown)
        return self.check(value) if self.check is not None else None

    def parse(self, text: str) -> Any:
        """The value meant by a form field or a `--option KEY=TEXT`. Text that does not read as the
        option's type is returned as it is, so that `refusal` words the same sentence as for the API."""
        text = text.strip()
        if self.kind == "bool":
            return {"true": True, "false": False}.get(text.lower(), text)
        if self.kind == "int":
            try:
                return int(text)
            except ValueError:
                return text
        if self.kind == "json":
            try:
                return json.loads(text)
            except json.JSONDecodeError:
                return text
        return text

    def describe(self) -> dict:
        """The JSON description (/api/titles, OpenAPI, the /new form)."""
        out: dict[str, Any] = {"type": self.kind, "default": self.default, "help": self.help,
                               "advanced": self.advanced}
        if self.label:
            out["label"] = self.label
        if self.kind == "choice":
            out["choices"] = list(self.choices)
            if self.choice_labels:
                out["choice_labels"] = list(self.choice_labels)
        if self.kind == "int":
            out["min"], out["max"] = self.low, self.high
        if self.kind == "json":
            out["json"] = "object" if self.of is dict else "list"
            out["nullable"] = self.nullable
        return out


    def json_schema(self) -> dict:
        """A JSON Schema of the accepted values (OpenAPI); `check` rules are not expressed."""
        out: dict[str, Any] = {"description": self.help, "default": self.default}
        if self.kind == "choice":
            out.update(type="string", enum=list(self.choices))
        elif self.kind == "bool":
            out["type"] = "boolean"
        elif self.kind == "int":
            out.update(type="integer", minimum=self.low, maximum=self.high)
        elif self.kind == "text":
            out["type"] = "string"
        else:
            out["type"] = "object" if self.of is dict else "array"
            if self.nullable:
                out["nullable"] = True
        return out


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class OptionSpec:
    """The options of one title. `check(values)` (optional) refuses combinations, raising IllegalAction."""

    def __init__(self, options: Iterable[Option] = (), check: Callable[[dict], None] | None = None):
        self.options: dict[str, Option] = {}
        for o in options:
            if o.name in self.options:
                raise ValueError(f"two options are named {o.name!r}")
            if o.kind != "json" and o.refusal(o.default) is not None:
                raise ValueError(f"option {o.name}: its default is refused: {o.refusal(o.default)}")
            self.options[o.name] = o
        self._check = check

    def __contains__(self, name: str) -> bool:
        return name in self.options

    def __iter__(self):
        return iter(self.options.values())

    def names(self) -> list[str]:
        return list(self.options)

    def defaults(self) -> dict:
        return {name: deep_copy(o.default) for name, o in self.options.items()}

    def schema(self) -> dict[str, dict]:
        return {name: o.describe() for name, o in self.options.items()}

    def json_schema(self, extra: Iterable[str] = ()) -> dict:
        """The options as one JSON Schema object (OpenAPI); `extra` names keys the platform reads itself."""
        props = {name: o.json_schema() for name, o in self.options.items()}
        props.update({name: {"description": "read by the platform (see /api/titles)"} for name in extra})
        return {"type": "object", "properties": props, "additionalProperties": False}

    def parse(self, name: str, text: str) -> Any:
        """A value from text for option `name` (unknown names: JSON if it reads as JSON, else the text)."""
        option = self.options.get(name)
        if option is not None:
            return option.parse(text)
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return text

    def validate(self, values: Mapping[str, Any] | None, title: str) -> dict:
        """Every option with its default filled in, or IllegalAction with a sentence."""
        values = dict(values or {})
        unknown = sorted(set(values) - set(self.options))
        if unknown:
            if not self.options:
                raise IllegalAction(_("%(title)s takes no options (not %(option)r).", title=title, option=unknown[0]))
            raise IllegalAction(_("%(title)s has no option %(option)r; the options are %(options)s.", title=title,
                                  option=unknown[0], options=", ".join(self.options)))
        out = self.defaults()
        out.update(values)
        for name, option in self.options.items():
            reason = option.refusal(out[name])
            if reason is not None:
                raise IllegalAction(reason)
        if self._check is not None:
            self._check(out)
        return out
