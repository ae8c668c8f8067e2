# The README's quick start: `make demo` and `make test`, each from a fresh clone. Both set up
# .venv (pip: sudokit with its dev and web extras); `make test` also installs the Debian packages
# of system-deps with apt-get as root when missing (each install is announced before it runs).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
SOURCES := pyproject.toml setup.py $(wildcard csrc/*/*.c csrc/*/*.h)

.PHONY: demo test test-slow test-all lint typecheck layers unit bench docs docs-strategies clean system-deps serve

$(STAMP): $(SOURCES)
	@echo "setting up $(VENV): sudokit (editable, its C extension built) with its dev and web extras, from PyPI"
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	rm -f src/sudokit/_core*.so  # the extension is optional to pip: a failed compile would keep the old one
	$(PY) -m pip install --quiet -e '.[dev,web]'
	$(PY) -c "import sudokit._core" || { echo "the C extension did not build"; exit 1; }
	touch $(STAMP)

## demo: set up, then solve, count, check, show and render the bundled sample puzzles, and show and
## explain a bundled variant puzzle.
demo: $(STAMP)
	@echo "== sudokit solve examples/sample.txt"
	@$(BIN)/sudokit solve examples/sample.txt
	@echo "== sudokit count --limit 2 examples/sample.txt"
	@$(BIN)/sudokit count --limit 2 examples/sample.txt
	@echo "== sudokit check examples/sample.txt examples/broken.txt (exit 1: some puzzles are bad)"
	@$(BIN)/sudokit check examples/sample.txt examples/broken.txt || true
	@echo "== sudokit solve examples/nxn.txt"
	@$(BIN)/sudokit solve examples/nxn.txt
	@echo "== sudokit show (the first sample puzzle)"
	@$(BIN)/sudokit show "$$(grep -v '^#' examples/sample.txt | head -n 1)"
	@echo "== sudokit render (the first sample puzzle) -o a temporary SVG file"
	@out=$$(mktemp --suffix=.svg) && $(BIN)/sudokit render "$$(grep -v '^#' examples/sample.txt | head -n 1)" -o $$out \
		&& echo "rendered $$(wc -c < $$out) bytes of SVG" && rm -f $$out
	@echo "== a variant: sudokit show, then explain examples/variants/thermo-6.json"
	@$(BIN)/sudokit show examples/variants/thermo-6.json
	@$(BIN)/sudokit explain examples/variants/thermo-6.json

## test: set up, lint, type-check, check the import layers, then run the test suite less the tests
## marked slow (after installing the missing Debian packages of system-deps, as root).
test: lint typecheck layers unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools

typecheck: $(STAMP)
	$(BIN)/mypy --strict src/sudokit

## layers: the import layers and no cycles (pyproject.toml's [tool.importlinter]; needs the install),
## no module importing another module's private names (tools/check_private_imports.py), and the
## README's picture of the layers drawn from the current tree (tools/draw_layers.py).
layers: $(STAMP)
	$(BIN)/lint-imports
	$(PY) tools/check_private_imports.py
	$(PY) tools/draw_layers.py --check

## unit: the test suite on every core (pytest-xdist); PYTEST_JOBS=0 runs it in this one process.
## loadgroup keeps the tests marked xdist_group(name) on one worker (one Dask cluster, one copy of
## an expensive module fixture); every other test goes to whichever worker is free. The tests
## marked slow (data-set sweeps and pure-Python twins of C tests, about a third of the CPU time)
## are left to `make test-slow`, which CI runs after `make test`; `make test-all` runs both.
PYTEST_JOBS ?= auto
unit: $(STAMP) system-deps
	$(BIN)/pytest -n $(PYTEST_JOBS) --dist loadgroup -m "not slow"

## test-slow: only the tests marked slow; test-all: the whole suite in one run.
test-slow: $(STAMP) system-deps
	$(BIN)/pytest -n $(PYTEST_JOBS) --dist loadgroup -m slow

test-all: lint typecheck layers $(STAMP) system-deps
	$(BIN)/pytest -n $(PYTEST_JOBS) --dist loadgroup

## system-deps: the Debian packages the tests use (chromium for the browser tests, driven by
## Playwright but never Playwright's own browser download; libcairo2 for PNG output; DejaVu fonts
## embedded in PDFs), installed with apt-get when missing. On CI (CI=true) a test whose package is
## still missing fails instead of skipping.
DEB_PACKAGES := chromium libcairo2 fonts-dejavu-core
system-deps:
	@missing=$$(for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages with apt-get, as root (chromium: the browser tests;" \
			"libcairo2: PNG output; fonts-dejavu-core: PDF fonts):" $$missing; \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; } || \
		echo "could not install" $$missing "(not root?): the tests that need them will skip"; \
	fi

## serve: the web pages on http://127.0.0.1:8000/
serve: $(STAMP)
	$(BIN)/sudokit serve

bench: $(STAMP)
	$(PY) benchmarks/solve.py

## docs-strategies: regenerate docs/strategies.md (the `compare` tables; ~15 CPU-minutes).
docs-strategies: $(STAMP)
	$(PY) benchmarks/strategies_report.py

include fuzz/fuzz.mk

clean:
	rm -rf $(VENV) build src/*.egg-info src/sudokit/_core*.so .pytest_cache .mypy_cache .ruff_cache
