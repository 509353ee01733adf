"""The rules-protocol conformance suite: every registered title, at every supported player count.

`harness.py` holds the generic checks (they take a rules object, so the "bites" tests can feed them
deliberately broken toys); `titles.py` holds what a title must declare itself (which fields of a state
are private to a seat) and the cases, read from the registry; `test_conformance.py` runs them.
"""
