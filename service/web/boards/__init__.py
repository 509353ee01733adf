"""Board pictures, one module per title (`service/web/boards/<title>.py`) with `render(view) -> str` (an
inline SVG or HTML fragment, every text escaped) and optionally `private(view) -> [(label, value)]`.
Titles without a module get `generic`, which lists the view JSON readably."""
