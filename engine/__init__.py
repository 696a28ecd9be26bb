"""Pure-Python rules engines for the games RulesPal knows; no LLM, HTTP or vector-store imports.

Adding an engine for a new game (tests/test_engine_conformance.py checks the layout and runs every operation):

1. Write the rulebook first (rulespal/rulebooks/<game-id>.md); its section ids are the anchors the engine cites.
2. Create the package `engine/<game_id with underscores>/` with the same files as the others:
   - `__init__.py`: only `ENGINE = GameEngine(GAME_ID, (Operation(name, description, schema, run), ...))`, with at
     least `check` and `score`; descriptions are written for people and models (they become the tool texts), and
     `score_words`: what players call the game's score (they mark a question as asking for points).
   - `rules.py`: `GAME_ID`, the rules data (tables, thresholds, cards or a JSON file under `data/`) and every rulebook
     anchor the engine cites, as `REF_*` constants (each must resolve in the rulebook).
   - `schemas.py`: the JSON Schema of every operation's input, each with at least one runnable `examples` entry.
   - `operations.py`: one `run_<name>(doc) -> dict` per operation: read the document, call the rule modules, return
     JSON-ready data (verdicts and breakdowns through `engine.protocol`'s `Verdict.to_dict` / `Breakdown.to_dict`).
   - rule modules named for what they hold (placement, scoring, ...), and `rulings.py` or a page in docs/ for the
     readings the rulebook leaves open.
3. Read input with `engine.kit`: `Loc` for locations, one `Problems` per document (`add`, then `raise_if_any`), so
   that every problem is reported at once as a `PositionError` (CLI exit 2, HTTP 422); `shown` for bad values.
4. Follow the verdict semantics in engine/protocol.py (reason codes mean the same thing in every engine).
5. List the package in engine/registry.py. Code that only tests use (simulators, random playouts) goes under tests/.
"""

from engine.protocol import Breakdown, ErrorDetail, GameEngine, Operation, PositionError, Reason, ScoreLine, Verdict
from engine.registry import engine_ids, get_engine

__all__ = [
    "Breakdown", "ErrorDetail", "GameEngine", "Operation", "PositionError", "Reason", "ScoreLine", "Verdict",
    "engine_ids", "get_engine",
]
