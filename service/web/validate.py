"""Text that may reach the database: no lone surrogates (not encodable as UTF-8), no NUL (PostgreSQL
text refuses it), and no control characters except newlines and tabs in messages. Refused with 400."""
from __future__ import annotations

import re
from typing import Any

from flask import abort

from domain.i18n import _

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_CONTROL_BUT_LINES = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def check_text(field: str, value: Any, multiline: bool = False) -> None:
    if not isinstance(value, str):
        return
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        abort(400, description=_('"%(field)s" is not valid text (it holds a lone surrogate).', field=field))
    if (_CONTROL_BUT_LINES if multiline else _CONTROL).search(value):
        abort(400, description=_('"%(field)s" holds control characters.', field=field))
