# Every target sets up what it needs: a fresh clone only needs python3 (3.11+) and make.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
export PORT

.PHONY: run test bench lint openapi install dev clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.runtime: requirements.txt | $(BIN)/python
	$(BIN)/pip install --disable-pip-version-check -q -r requirements.txt
	touch $@

$(VENV)/.dev: requirements-dev.txt $(VENV)/.runtime
	$(BIN)/pip install --disable-pip-version-check -q -r requirements-dev.txt
	touch $@

install: $(VENV)/.runtime
dev: $(VENV)/.dev

run: $(VENV)/.runtime  ## serve on $PORT (default 8000) with gunicorn
	exec $(BIN)/gunicorn -c gunicorn.conf.py 'app:create_app()'

test: $(VENV)/.dev  ## the whole test suite
	$(BIN)/python -m pytest

bench: $(VENV)/.dev  ## benchmarks (about 20 min, with wrk); rewrites docs/PERFORMANCE.md and its plot
	$(BIN)/python -m bench

lint: $(VENV)/.dev
	$(BIN)/ruff check .

openapi: $(VENV)/.dev  ## regenerate openapi.yaml from the schemas
	$(BIN)/python -m app.openapi > openapi.yaml

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
