"""A tiny SVG builder: every text and attribute value is escaped; texts that are messages
(`domain.i18n`) are rendered in the reader's language (`service.web.i18n.tr`).

Boards are read on phones: draw text at 12 units or more in a drawing at most 360 units wide, so it
renders at 11 px or more in a 340-px column (tests/e2e/test_layouts.py measures it). Explanations are
never hover-only: `link()` wraps the next elements in an `<a href="#...">` to an explanation written in
HTML under the board (`Notes`), which a tap, a click or the keyboard reaches without JavaScript."""
from __future__ import annotations

from markupsafe import Markup, escape

from service.web.i18n import tr


class Svg:
    def __init__(self, width: int, height: int, label: str, css_class: str = "board"):
        self.width, self.height, self.label, self.css_class = width, height, label, css_class
        self.parts: list[str] = []
        self.defs: list[str] = []

    def add(self, tag: str, text: str | None = None, **attrs) -> None:
        attr = " ".join(f'{k.rstrip("_").replace("_", "-")}="{escape(v)}"' for k, v in attrs.items() if v is not None)
        if text is None:
            self.parts.append(f"<{tag} {attr}/>")
        else:
            self.parts.append(f"<{tag} {attr}>{escape(tr(text))}</{tag}>")

    def rect(self, x, y, w, h, fill="#fff", stroke="#555", rx=3, **kw) -> None:
        self.add("rect", x=x, y=y, width=w, height=h, fill=fill, stroke=stroke, rx=rx, **kw)

    def circle(self, cx, cy, r, fill="#000", stroke="#222", **kw) -> None:
        self.add("circle", cx=cx, cy=cy, r=r, fill=fill, stroke=stroke, **kw)

    def polygon(self, points: list[tuple[float, float]], fill="#000", stroke="#222", **kw) -> None:
        self.add("polygon", points=" ".join(f"{x:g},{y:g}" for x, y in points), fill=fill, stroke=stroke, **kw)

    def text(self, x, y, text, size=12, anchor="start", weight=None, fill="#222", **kw) -> None:
        self.add("text", text if isinstance(text, str) else str(text), x=x, y=y, font_size=size, text_anchor=anchor, font_weight=weight, fill=fill, **kw)

    def title(self, text: str) -> None:
        """A tooltip for the element added last (a mouse's extra: the explanation itself is a link away)."""
        if self.parts and self.parts[-1].endswith("/>"):
            self.parts[-1] = self.parts[-1][:-2] + f"><title>{escape(tr(text))}</title></{self.parts[-1][1:].split()[0]}>"

    def link(self, href: str, label: str) -> None:
        """Open a link around the elements added next (until `end_link`): tap-friendly, keyboard-focusable."""
        self.parts.append(f'<a href="{escape(href)}" aria-label="{escape(tr(label))}">'
                          f"<title>{escape(tr(label))}</title>")

    def end_link(self) -> None:
        self.parts.append("</a>")

    def define(self, markup: str) -> None:
        """Raw `<defs>` content (patterns); built by the caller from constants only."""
        self.defs.append(markup)

    def to_string(self) -> str:
        body = "".join(self.parts)
        defs = f"<defs>{''.join(self.defs)}</defs>" if self.defs else ""
        return (f'<svg class="{escape(self.css_class)}" xmlns="http://www.w3.org/2000/svg" '
                f'viewBox="0 0 {self.width} {self.height}" role="group" aria-label="{escape(tr(self.label))}" '
                f'font-family="system-ui, sans-serif"><title>{escape(tr(self.label))}</title>{defs}{body}</svg>')


class Notes:
    """The explanations under a board, numbered in drawing order; equal explanations share one number."""

    def __init__(self, prefix: str = "bx"):
        self.prefix = prefix
        self.items: list[tuple[str, list[str]]] = []
        self._index: dict[tuple, int] = {}

    def add(self, title: str, *sentences: str) -> str:
        """The anchor of this explanation (`#bx-3`); `title` and `sentences` are messages."""
        key = (tr(title), *(tr(s) for s in sentences if s))
        if key not in self._index:
            self.items.append((title, [s for s in sentences if s]))
            self._index[key] = len(self.items)
        return f"#{self.prefix}-{self._index[key]}"

    def html(self, heading: str) -> Markup:
        if not self.items:
            return Markup("")
        rows = [Markup('<li id="{}-{}"><strong>{}</strong> {}</li>').format(
                    self.prefix, n, tr(title), Markup(" ").join(escape(tr(s)) for s in sentences))
                for n, (title, sentences) in enumerate(self.items, 1)]
        return (Markup('<details class="board-notes" open><summary>{}</summary><ol>').format(tr(heading))
                + Markup("").join(rows) + Markup("</ol></details>"))
