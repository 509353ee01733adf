"""A tiny SVG builder: every text and attribute value is escaped; texts that are messages
(`domain.i18n`) are rendered in the reader's language (`service.web.i18n.tr`)."""
from __future__ import annotations

from markupsafe import escape

from service.web.i18n import tr


class Svg:
    def __init__(self, width: int, height: int, label: str):
        self.width, self.height, self.label = width, height, label
        self.parts: list[str] = []

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

    def text(self, x, y, text, size=11, anchor="start", weight=None, fill="#222", **kw) -> None:
        self.add("text", text if isinstance(text, str) else str(text), x=x, y=y, font_size=size, text_anchor=anchor, font_weight=weight, fill=fill, **kw)

    def title(self, text: str) -> None:
        """A tooltip for the element added last (as a child would be nicer; a sibling <title> is ignored)."""
        if self.parts and self.parts[-1].endswith("/>"):
            self.parts[-1] = self.parts[-1][:-2] + f"><title>{escape(tr(text))}</title></{self.parts[-1][1:].split()[0]}>"

    def to_string(self) -> str:
        body = "".join(self.parts)
        return (f'<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {self.height}" '
                f'role="img" aria-label="{escape(tr(self.label))}" font-family="system-ui, sans-serif">'
                f"<title>{escape(tr(self.label))}</title>{body}</svg>")
