# The README's quick start: `make demo` and `make test`, each from a fresh clone.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
SOURCES := pyproject.toml setup.py $(wildcard csrc/*.c csrc/*.h)

.PHONY: demo test lint typecheck layers unit bench docs docs-strategies clean chromium serve

$(STAMP): $(SOURCES)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,web]'
	$(PY) -c "import sudokit._core" || { echo "the C extension did not build"; exit 1; }
	touch $(STAMP)

## demo: set up, then solve, count and check the bundled sample puzzles.
demo: $(STAMP)
	@echo "== sudokit solve examples/sample.txt"
	@$(BIN)/sudokit solve examples/sample.txt
	@echo "== sudokit count --limit 2 examples/sample.txt"
	@$(BIN)/sudokit count --limit 2 examples/sample.txt
	@echo "== sudokit check examples/sample.txt examples/broken.txt (exit 1: some puzzles are bad)"
	@$(BIN)/sudokit check examples/sample.txt examples/broken.txt || true
	@echo "== sudokit solve examples/nxn.txt"
	@$(BIN)/sudokit solve examples/nxn.txt

## test: set up, lint, type-check, check the import layers, then run the whole test suite.
test: lint typecheck layers unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict src/sudokit

## layers: the import layers and no cycles (pyproject.toml's [tool.importlinter]; needs the install).
layers: $(STAMP)
	$(BIN)/lint-imports

unit: $(STAMP) chromium
	$(BIN)/pytest

## chromium: the headless browser of tests/web (Debian's package; Playwright's own browsers are never
## downloaded). Without root or apt the browser tests skip, saying why.
chromium:
	@command -v chromium >/dev/null 2>&1 || apt-get install -y chromium || \
		echo "chromium is missing and could not be installed: the browser tests will skip"

## serve: the web pages on http://127.0.0.1:8000/
serve: $(STAMP)
	$(PY) -c "from sudokit.web.serve import serve; serve()"

bench: $(STAMP)
	$(PY) benchmarks/solve.py

## docs-strategies: regenerate docs/strategies.md (the `compare` tables; ~15 CPU-minutes).
docs-strategies: $(STAMP)
	$(PY) benchmarks/strategies_report.py

clean:
	rm -rf $(VENV) build src/*.egg-info src/sudokit/_core*.so .pytest_cache .mypy_cache .ruff_cache
