"""Fallback for titles without a picture: the rules' view, listed readably (escaped HTML)."""
from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from domain.i18n import _
from service.web.i18n import tr

MAX_DEPTH = 6


def render(view: dict) -> str:
    return str(Markup('<div class="board generic">') + _value(view.get("state"), 0) + Markup("</div>"))


def _label(key: Any) -> str:
    return str(key).replace("_", " ")


def _value(value: Any, depth: int) -> Markup:
    if depth > MAX_DEPTH:
        return escape("…")
    if isinstance(value, dict):
        if not value:
            return escape("—")
        items = [Markup("<dt>{}</dt><dd>{}</dd>").format(_label(k), _value(v, depth + 1)) for k, v in value.items()]
        return Markup("<dl>") + Markup("").join(items) + Markup("</dl>")
    if isinstance(value, list):
        if not value:
            return escape(tr(_("none")))
        if all(not isinstance(v, (dict, list)) for v in value):
            return escape(", ".join(_scalar(v) for v in value))
        return Markup("<ol>") + Markup("").join(Markup("<li>{}</li>").format(_value(v, depth + 1))
                                                for v in value) + Markup("</ol>")
    return escape(_scalar(value))


def _scalar(value: Any) -> str:
    if value is None:
        return "—"
    if value is True:
        return tr(_("yes"))
    if value is False:
        return tr(_("no"))
    return tr(value)  # a message the rules put in their view, or a plain value


def private(view: dict) -> list[tuple[str, Any]]:
    state = view.get("state") or {}
    out = [(_label(k[5:]).capitalize(), _scalar(v) if not isinstance(v, list) else ", ".join(map(_scalar, v)))
           for k, v in state.items() if isinstance(k, str) and k.startswith("your_") and v is not None]
    sealed = (view.get("you") or {}).get("sealed_choice")
    if sealed:
        out.append((_("Your secret choice (sealed)"), sealed))
    return out
