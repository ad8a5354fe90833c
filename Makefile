# Every target creates .venv and installs the package on first use.
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed-stamp

.PHONY: install run lint test verify bench lab report reference clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	@# compile every numba entry point now, not at the first command
	$(BIN)/python -m analysis.warmup
	touch $(STAMP)

install: $(STAMP)

## The main job on the embedded default: deal, redeal statistics (and, as
## they land: solve, simulate, report).
run: $(STAMP)
	$(BIN)/thousand run

## Lint and format check (ruff, configured in pyproject.toml); `make test` runs it first.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

## The test suite (CI): lint, then the fast tests only, on all cores.
test: lint
	$(BIN)/python -m pytest -q -n 2 -m "not verify"

## Volume checks (thousands of solver positions, large samples).
verify: $(STAMP)
	$(BIN)/python -m pytest -q -n 2 -m verify

## Benchmarks: ratios measured side by side plus node counts.
bench: $(STAMP)
	@for b in benchmarks/bench_*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

## Build (or resume) every reference pool under data/reference/ (hours of CPU).
reference: $(STAMP)
	@for p in club book ua wiki; do $(BIN)/thousand reference build $$p || exit 1; done

lab: $(STAMP)
	$(BIN)/jupyter lab notebooks/

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
