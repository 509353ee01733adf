# Tabularium: `make run` serves the embedded default; `make test` runs every test.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml | sha1sum | cut -c1-10)
PYTEST_WORKERS ?= 2

.PHONY: run test test-fast bench soak lint prod-smoke services browser venv clean messages

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	rm -f $(VENV)/.installed-* && touch $@

run: venv
	$(VENV)/bin/tabularium serve

services:
	bash scripts/ensure-services.sh

browser:
	bash scripts/ensure-browser.sh

test: venv services browser
	$(VENV)/bin/lint-imports --no-cache
	$(VENV)/bin/pytest -n $(PYTEST_WORKERS) --dist loadgroup -q -p no:cacheprovider --durations=12 tests

# The fast layers only (no database server, no browser): unit, scenario and the rules conformance suite.
test-fast: venv
	$(VENV)/bin/pytest -n $(PYTEST_WORKERS) --dist loadgroup -q -p no:cacheprovider tests/unit tests/scenario tests/conformance tests/golden

bench: venv services
	$(PY) -m bench

# The Republic of Rome's random play at scale (issues #14, #16): SOAK_GAMES games per player count (3-6), each
# to its end with a result, every invariant after every step; the summary gives games, turns, decisions,
# endings, failures, and per player count the share of each ending and the game lengths (turns, decisions).
SOAK_GAMES ?= 2000
soak: venv
	ROR_GAMES=$(SOAK_GAMES) ROR_TURNS=all $(VENV)/bin/pytest -n $(PYTEST_WORKERS) -q -p no:cacheprovider \
		tests/property/republic_of_rome/test_ror_random_play.py

prod-smoke: venv services
	$(VENV)/bin/pytest -q -p no:cacheprovider tests/prod -s

# ruff, then the layer contract (pyproject.toml [tool.importlinter]; docs/architecture.md "Layers")
lint: venv
	$(VENV)/bin/ruff check domain service workers notifications tests bench
	$(VENV)/bin/lint-imports --no-cache

clean:
	rm -rf $(VENV) var test-artifacts

# Re-extract every translatable sentence into locales/messages.pot and merge it into each catalog.
messages: venv
	$(VENV)/bin/pybabel extract -F locales/babel.cfg -k _ -k n_:1,2 -k N_ --no-location --sort-output \
		--project Tabularium -o locales/messages.pot .
	$(VENV)/bin/pybabel update -i locales/messages.pot -d locales -D messages --no-fuzzy-matching --ignore-obsolete

