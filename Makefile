# Every target sets up what it needs: a fresh clone only needs python3 (3.11+) and make.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
export PORT

.PHONY: run test bench lint openapi install dev clean soak audit slowest wrk

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

bench: $(VENV)/.dev  ## benchmarks; rewrites docs/PERFORMANCE.md
	$(BIN)/python -m bench

lint: $(VENV)/.dev
	$(BIN)/ruff check .

openapi: $(VENV)/.dev  ## regenerate openapi.yaml from the schemas
	$(BIN)/python -m app.openapi > openapi.yaml

wrk:  ## the load generator, from Debian's packages
	@command -v wrk >/dev/null || { [ "$$(id -u)" = 0 ] && { apt-get install -y -q wrk \
	  || { apt-get update -q && apt-get install -y -q wrk; }; } \
	  || { echo "install wrk (apt-get install wrk) and run make soak again" >&2; exit 1; }; }

soak: $(VENV)/.dev wrk  ## wrk against `make run` for SOAK_SECONDS (120): throughput, p99, errors, memory
	$(BIN)/python -m tools.soak

audit: $(VENV)/.dev  ## pip-audit of the pinned runtime dependencies
	$(BIN)/python -m tools.audit requirements.txt

slowest: $(VENV)/.dev  ## search for the slowest valid request (cold caches)
	$(BIN)/python -m tools.slowest

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
