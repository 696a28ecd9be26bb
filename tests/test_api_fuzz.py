"""Schemathesis in-process against the ASGI app: a few generated requests per operation, none may get a 5xx or a
response that breaks its documented schema. The thorough run is benchmarks/bench_schemathesis.py."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import response_schema_conformance

from engine import engine_ids, get_engine
from rulespal.api.app import create_app
from rulespal.settings import Settings

KNOWN_ID_PROBABILITY = 0.8  # the rest of the time the path ids are made up (404 paths)
EXAMPLES = 8  # per operation, valid and invalid requests mixed
# (method, path) of every documented operation; building the app runs nothing, so this is cheap at collection time
_PATHS = create_app(Settings(model="extractive")).openapi()["paths"]
OPERATIONS = sorted((method.upper(), path) for path, methods in _PATHS.items() for method in methods)


def id_config() -> SchemathesisConfig:
    """Path and query ids drawn mostly from the real games and engine operations, so requests reach the engines."""
    operations = sorted({op.name for game in engine_ids() for op in get_engine(game).operations})
    return SchemathesisConfig.from_dict({
        "cache": {"enabled": False},
        "dictionaries": {"games": {"values": list(engine_ids())}, "operations": {"values": operations}},
        "parameters": {key: {"dictionary": name, "probability": KNOWN_ID_PROBABILITY}
                       for key, name in (("path.game", "games"), ("query.game", "games"),
                                         ("path.operation", "operations"))},
    })


@pytest.fixture(scope="module")
def api_schema(server):
    """The OpenAPI schema of a second app on the session's index (schemathesis runs its lifespan); adding and deleting
    rulebooks needs a token it does not send (403), so generated files never change the shared library."""
    app = create_app(Settings(home=server.home, model="extractive", rate_limit_per_minute=100_000,
                              admin_token="not-sent-by-the-fuzzer"))
    return schemathesis.openapi.from_asgi("/openapi.json", app, config=id_config())


@pytest.mark.parametrize(("method", "path"), OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
def test_no_server_errors_and_responses_match_the_schema(api_schema, method, path):
    operation = api_schema[path][method]
    cases = st.one_of(operation.as_strategy(GenerationMode.POSITIVE), operation.as_strategy(GenerationMode.NEGATIVE))

    @given(case=cases)
    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def call(case):
        case.call_and_validate(checks=[not_a_server_error, response_schema_conformance])

    call()
