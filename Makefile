# Every target creates .venv and installs the package on first use.
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed-stamp

LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings/overrides.d/thousand-analysis.json5

.PHONY: install run lint test verify bench lab chromium report reference clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	@# compile every numba entry point now, not at the first command
	$(BIN)/python -m analysis.warmup
	touch $(STAMP)

## JupyterLab's settings for this venv only (jupyter/lab-overrides.json5): a
## research notebook's .py opens as a notebook with one click.
$(LAB_SETTINGS): jupyter/lab-overrides.json5 | $(STAMP)
	@mkdir -p $(@D)
	@cp $< $@.tmp && mv $@.tmp $@

install: $(STAMP) $(LAB_SETTINGS)

## The main job on the embedded default: deal, redeal statistics (and, as
## they land: solve, simulate, report).
run: $(STAMP)
	$(BIN)/thousand run

## Lint and format check (ruff, configured in pyproject.toml); `make test` runs it first.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

## The test suite (CI): lint, then the fast tests only, on all cores.
test: lint $(LAB_SETTINGS) chromium
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

## JupyterLab on notebooks/ (localhost), with the venv's kernel and settings;
## run as root (a container), it passes the --allow-root the server asks for.
lab: $(STAMP) $(LAB_SETTINGS)
	$(BIN)/jupyter lab notebooks/ $(if $(filter 0,$(shell id -u)),--allow-root)

## Headless Chromium for the JupyterLab test (tests/test_lab.py): installed once
## where it is missing and apt-get runs as root; elsewhere that test is skipped.
APT_CHROMIUM := DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium
chromium:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
	|| { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 \
	     && echo "installing chromium (apt-get) for the JupyterLab test" \
	     && { $(APT_CHROMIUM) >/dev/null 2>&1 \
	          || { apt-get update -qq >/dev/null 2>&1 && $(APT_CHROMIUM) >/dev/null 2>&1; }; }; } \
	|| echo "no chromium (not root, or apt-get failed): the JupyterLab test is skipped"

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
