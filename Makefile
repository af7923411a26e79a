# Every target sets up what it needs: a fresh clone only needs python3 (3.11+) and make.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
export PORT
IMAGE ?= mahjong-scoring
BASE_IMAGE ?= python:3.11-slim
BUILD_IMAGE ?= python:3.11
# podman or buildah builds the image (no Docker engine needed); docker is the last resort.
BUILDER ?= $(shell command -v podman || command -v buildah || command -v docker)

.PHONY: compile run test sim selfplay selfplay-check memory translations messages bench lint openapi clients install dev clean image deploy-check soak audit slowest wrk attacks contract-fuzz

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

# The hand-analysis core compiled with Cython (tools/compile_core.py says which modules and
# why): rebuilt when a source of rules/ changes, from the cache where one was built before.
# Without a C compiler it says so and the core runs as pure Python (REQUIRE_COMPILED=1 fails
# instead, as CI sets it).
CORE := rules/.compiled.json
$(CORE): $(VENV)/.runtime tools/compile_core.py $(wildcard rules/*.py rules/*/*.py)
	$(BIN)/python -m tools.compile_core

compile: $(CORE)  ## compile the hand-analysis core (Cython; pure Python where no C compiler)

# The message catalogues (app/i18n.py): `make messages` extracts every sentence of the code
# into the template and each language's .po (translate the new entries there); the .mo files
# are compiled from the .po at install, as `make run` and `make test` need them.
TRANSLATIONS := app/translations
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard $(TRANSLATIONS)/*/LC_MESSAGES/messages.po))
EXTRACT := $(BIN)/pybabel -q extract -F babel.cfg -k msg -k Message --no-wrap --sort-output \
  --add-location=file --project=mahjong-scoring --copyright-holder="the mahjong-scoring authors"

%.mo: %.po $(VENV)/.runtime
	$(BIN)/pybabel -q compile -i $< -o $@

translations: $(CATALOGUES)  ## compile the message catalogues (.po → .mo)

messages: $(VENV)/.runtime  ## extract the code's sentences into the catalogues' .po files
	$(EXTRACT) -o $(TRANSLATIONS)/messages.pot .
	$(BIN)/pybabel -q update -D messages -i $(TRANSLATIONS)/messages.pot -d $(TRANSLATIONS) \
	  --no-fuzzy-matching --ignore-obsolete --no-wrap

run: $(VENV)/.runtime $(CATALOGUES) $(CORE)  ## serve on $PORT (default 8000) with gunicorn
	exec $(BIN)/gunicorn -c gunicorn.conf.py 'app:create_app()'

# The suite runs on every core (pytest-xdist; TEST_WORKERS=0 runs it in one process): its
# tests are independent, and each one that needs a server starts its own on a free port.
TEST_WORKERS ?= auto
# The dev packages install while the core compiles (-j2: some 20 s less on a fresh clone).
test: $(VENV)/.runtime $(CATALOGUES)  ## the whole test suite
	@$(MAKE) --no-print-directory -j2 $(VENV)/.dev $(CORE)
	$(BIN)/python -m pytest -n $(TEST_WORKERS)

# More simulated rounds and mutated logs than make test plays (1,000 and 300 per variant),
# and the expected-value properties on more simulated hands (4 per variant in make test).
sim: $(VENV)/.dev $(CATALOGUES) $(CORE)  ## the simulated rounds and mutation tests at scale (SIM_ROUNDS, SIM_MUTATION_ROUNDS, EV_PROPERTY_STATES)
	SIM_ROUNDS=$${SIM_ROUNDS:-20000} SIM_MUTATION_ROUNDS=$${SIM_MUTATION_ROUNDS:-3000} \
	  EV_PROPERTY_STATES=$${EV_PROPERTY_STATES:-200} \
	  $(BIN)/python -m pytest -q tests/sim tests/expected/test_properties.py

# Duplicate deals, the expected-value bot in each seat in turn against greedy players; hours
# of CPU at the default 500 deals per variant (SELFPLAY_DEALS, SELFPLAY_VARIANTS). Each deal's
# results go to docs/strength/<objective>-<variant>.jsonl (SELFPLAY_RECORDS): a run stopped
# and started again with the same code plays only the deals it lacks.
selfplay: $(VENV)/.dev $(CATALOGUES) $(CORE)  ## the expected-value bot against greedy players; rewrites docs/STRENGTH.md
	$(BIN)/python -m tools.selfplay

# A change of the rules (even of speed alone) gives the code another fingerprint, and make
# selfplay would play every recorded deal again: this plays the first few deals of each record
# (SELFPLAY_CHECK_DEALS, default 4: some two minutes) and fails if one plays differently.
selfplay-check: $(VENV)/.dev $(CATALOGUES) $(CORE)  ## does this code play the recorded self-play deals alike?
	$(BIN)/python -m tools.selfplay_check

bench: $(VENV)/.dev $(CORE)  ## benchmarks (about 30 min, with wrk); rewrites docs/PERFORMANCE.md and its plot
	$(BIN)/python -m bench

lint: $(VENV)/.dev  ## ruff, and hadolint on the Dockerfile (warnings fail)
	$(BIN)/ruff check .
	$(BIN)/hadolint --failure-threshold warning Dockerfile

# Docker image format, not OCI: OCI has no HEALTHCHECK. BUILD_FLAGS passes more, e.g.
# BUILD_FLAGS=--isolation=chroot where the container runtime cannot run (nested sandboxes).
IMAGE_FORMAT = $(if $(findstring docker,$(notdir $(BUILDER))),,--format docker)
image:  ## build the container image with podman/buildah (BASE_IMAGE=..., BUILD_IMAGE=... to change the bases)
	@test -n "$(BUILDER)" || { echo "make image needs podman or buildah (apt-get install -y podman)"; exit 1; }
	$(BUILDER) $(if $(findstring buildah,$(BUILDER)),bud,build) $(IMAGE_FORMAT) $(BUILD_FLAGS) \
	  --build-arg BASE_IMAGE=$(BASE_IMAGE) --build-arg BUILD_IMAGE=$(BUILD_IMAGE) -t $(IMAGE) .

deploy-check: $(VENV)/.dev  ## validate the Kubernetes manifests in deploy/
	$(BIN)/kubernetes-validate --strict deploy/*.yaml

openapi: $(VENV)/.dev  ## regenerate openapi.yaml from the schemas
	$(BIN)/python -m app.openapi > openapi.yaml

# The clients' types follow the contract: regenerate them after `make openapi` (a test fails
# when they drift). TypeScript needs node and npm (apt-get install nodejs npm).
TS := clients/typescript
PY_TYPES := clients/python/src/mahjong_scoring_client/schema.py

$(TS)/node_modules/.package-lock.json: $(TS)/package-lock.json
	cd $(TS) && npm ci --no-audit --no-fund

clients: $(VENV)/.dev $(TS)/node_modules/.package-lock.json  ## regenerate the Python and TypeScript clients' types from openapi.yaml
	$(BIN)/python -m tools.client_types > $(PY_TYPES).new && mv $(PY_TYPES).new $(PY_TYPES)
	cd $(TS) && npm run --silent generate

wrk:  ## the load generator, from Debian's packages
	@command -v wrk >/dev/null || { [ "$$(id -u)" = 0 ] && { apt-get install -y -q wrk \
	  || { apt-get update -q && apt-get install -y -q wrk; }; } \
	  || { echo "install wrk (apt-get install wrk) and run make soak again" >&2; exit 1; }; }

soak: $(VENV)/.dev wrk  ## wrk against `make run` for SOAK_SECONDS (120): throughput, p99, errors, memory
	$(BIN)/python -m tools.soak

memory: $(VENV)/.dev $(CORE)  ## reviews and expected values against `make run`: peak memory against the deploy limit
	$(BIN)/python -m tools.memory

audit: $(VENV)/.dev  ## pip-audit of the pinned runtime dependencies
	$(BIN)/python -m tools.audit requirements.txt

slowest: $(VENV)/.dev  ## search for the slowest valid request (cold caches)
	$(BIN)/python -m tools.slowest

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .build-cache
	rm -f rules/.compiled.json rules/*/*.so rules/*.so

attacks: $(VENV)/.dev  ## the public edge's attacks against each serving model (docs/RELIABILITY.md)
	$(BIN)/python -m tools.attacks

contract-fuzz: $(VENV)/.dev  ## schemathesis (schemathesis.toml) against a server it starts on a free port
	$(BIN)/python -m pytest tests/e2e/test_schemathesis_cli.py -o addopts=""
