"""Every title registers itself on import."""
from domain.games import sylla  # noqa: F401, I001
from domain.games import toy  # noqa: F401
from domain.games import republic_of_rome  # noqa: F401
