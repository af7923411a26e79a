"""schemathesis, in-process against the Flask app, with every check it has.

Bounded and derandomized so the run is fast and the same every time; a failure prints the
exact request (as a curl command) that broke the contract.
"""

from __future__ import annotations

import os

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from app import create_app
from app.config import Config

# Per operation and phase; 120 keep `make test` within CI's 10 minutes (300 took some 200 s
# of the suite's CPU, the largest share of any test). A longer hunt:
# SCHEMATHESIS_MAX_EXAMPLES=5000 make test
MAX_EXAMPLES = int(os.environ.get("SCHEMATHESIS_MAX_EXAMPLES", 120))

# A request can be valid by the schema and still break a rule of the game that no JSON
# schema can state (a fifth copy of a tile, a hand of 15 tiles with one meld, ...): such
# "positive" data is rightly a 422 naming the field, so 422 is an accepted answer to it.
CONFIG = SchemathesisConfig.from_dict({
    "checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "422"]}},
    "generation": {"mode": "all", "max-examples": MAX_EXAMPLES, "deterministic": True},
})

APP = create_app(Config(log_requests=False))
schema = schemathesis.openapi.from_wsgi("/openapi.yaml", APP, config=CONFIG)


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, derandomize=True, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
def test_api_conforms_to_openapi(case):
    case.call_and_validate()
