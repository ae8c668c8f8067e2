# The README's quick start: `make demo` and `make test`, each from a fresh clone.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
SOURCES := pyproject.toml setup.py $(wildcard csrc/*.c csrc/*.h)

.PHONY: demo test lint typecheck unit bench docs docs-strategies clean

$(STAMP): $(SOURCES)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
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

## test: set up, lint, type-check, then run the whole test suite.
test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict src/sudokit

unit: $(STAMP)
	$(BIN)/pytest

bench: $(STAMP)
	$(PY) benchmarks/solve.py

## docs-strategies: regenerate docs/strategies.md (the `compare` tables; ~15 CPU-minutes).
docs-strategies: $(STAMP)
	$(PY) benchmarks/strategies_report.py

include fuzz/fuzz.mk

clean:
	rm -rf $(VENV) build src/*.egg-info src/sudokit/_core*.so .pytest_cache .mypy_cache .ruff_cache
