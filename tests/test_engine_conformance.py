"""The same checks over every registered engine (like open_spiel's per-game random_sim_test): schemas are valid
JSON Schemas whose examples validate and run, results are JSON that survives a round trip, every rule_ref resolves,
and illegal verdicts follow engine/protocol.py (total 0, reasons)."""

from __future__ import annotations

import ast
import json
from importlib import import_module
from pathlib import Path

import pytest
from engine_fuzz import rule_refs, verdict_problem
from jsonschema import Draft202012Validator

from engine import engine_ids, get_engine
from rulespal.library import Library
from rulespal.settings import BUNDLED_RULEBOOKS

LIBRARY = Library.from_paths([BUNDLED_RULEBOOKS])
CASES = [(game, op) for game in engine_ids() for op in get_engine(game).operations]
IDS = [f"{game}:{op.name}" for game, op in CASES]


@pytest.mark.parametrize("game", engine_ids())
def test_engine_has_check_and_score_and_distinct_described_operations(game):
    names = [op.name for op in get_engine(game).operations]
    assert {"check", "score"} <= set(names) and len(names) == len(set(names))
    assert all(op.description.strip() for op in get_engine(game).operations)
    assert get_engine(game).score_words, "say what players call this game's score"


@pytest.mark.parametrize("game", engine_ids())
def test_engine_package_has_the_shared_layout_and_its_anchors_resolve(game):
    """__init__.py holds only ENGINE; operations, schemas and rules modules exist; every REF_* anchor resolves."""
    package = Path(import_module(f"engine.{game.replace('-', '_')}").__file__).parent
    assert {"__init__.py", "operations.py", "schemas.py", "rules.py"} <= {p.name for p in package.glob("*.py")}
    tree = ast.parse((package / "__init__.py").read_text(encoding="utf-8"))
    defined = [t.id for node in tree.body if isinstance(node, ast.Assign)
               for t in node.targets if isinstance(t, ast.Name)]
    defined += [node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.ClassDef)]
    assert defined == ["ENGINE"]
    rules = import_module(f"engine.{package.name}.rules")
    anchors = {value for name, value in vars(rules).items() if name.startswith("REF_")}
    book = LIBRARY.resolve(game)
    assert anchors and all(book.section(ref) is not None for ref in anchors), anchors
    assert rules.GAME_ID == game


@pytest.mark.parametrize(("game", "op"), CASES, ids=IDS)
def test_schema_is_valid_and_its_examples_run_to_json_with_resolving_refs(game, op):
    Draft202012Validator.check_schema(op.input_schema)
    examples = op.input_schema.get("examples", [])
    assert examples, f"{game}:{op.name} has no example"
    book = LIBRARY.resolve(game)
    for example in examples:
        assert not list(Draft202012Validator(op.input_schema).iter_errors(example))
        result = op.run(example)
        assert json.loads(json.dumps(result, allow_nan=False)) == result  # JSON round trip
        assert op.run(json.loads(json.dumps(example))) == result  # the same answer from re-read JSON
        assert verdict_problem(result) is None
        for ref in rule_refs(result):
            assert book.section(ref) is not None, f"{game}:{op.name} cites unknown section {ref!r}"
