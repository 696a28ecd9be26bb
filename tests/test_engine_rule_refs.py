"""Section-shaped literals in engine code are real section ids (results' rule_refs: test_engine_conformance.py)."""

import ast
import re
from pathlib import Path

import pytest

from engine import engine_ids
from rulespal.library import Library
from rulespal.settings import BUNDLED_RULEBOOKS

ROOT = Path(__file__).resolve().parents[1]
LIBRARY = Library.from_paths([BUNDLED_RULEBOOKS])


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
