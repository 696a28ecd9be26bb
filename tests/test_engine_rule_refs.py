"""Every rule_ref an engine emits is a real section id of that game's rulebook (citations never dangle)."""

import ast
import re
from pathlib import Path

import pytest

from engine import PositionError, engine_ids, get_engine
from rulespal.library import Library

ROOT = Path(__file__).resolve().parents[1]
LIBRARY = Library.from_paths([ROOT / "rulebooks"])


def _refs(value):
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "rule_ref" and isinstance(item, str):
                yield item
            yield from _refs(item)
    elif isinstance(value, list):
        for item in value:
            yield from _refs(item)


@pytest.mark.parametrize("game", engine_ids())
def test_results_on_schema_examples_cite_existing_sections(game):
    book = LIBRARY.resolve(game)
    seen = 0
    for op in get_engine(game).operations:
        for example in op.input_schema.get("examples", []):
            try:
                result = op.run(example)
            except PositionError:
                continue
            for ref in _refs(result):
                seen += 1
                assert book.section(ref) is not None, f"{game}/{op.name} cites unknown section {ref!r}"
    assert seen, f"no rule_ref found in any {game} example result"


@pytest.mark.parametrize("game", engine_ids())
def test_section_like_literals_in_engine_code_exist(game):
    """String literals shaped like section paths (a/b) in the engine's code must exist in the rulebook."""
    book = LIBRARY.resolve(game)
    package = ROOT / "engine" / game.replace("-", "_")
    top = {s.id for s in book.sections if "/" not in s.id}
    for file in package.rglob("*.py"):
        for node in ast.walk(ast.parse(file.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value
                if re.fullmatch(r"[a-z0-9-]+(/[a-z0-9-]+)+", text) and text.split("/")[0] in top:
                    assert book.section(text) is not None, f"{file.name}: unknown section {text!r}"
