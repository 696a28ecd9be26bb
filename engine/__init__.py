"""Pure-Python rules engines for the games RulesPal knows; no LLM, HTTP or vector-store imports."""

from engine.protocol import Breakdown, ErrorDetail, GameEngine, Operation, PositionError, Reason, ScoreLine, Verdict
from engine.registry import engine_ids, get_engine

__all__ = [
    "Breakdown", "ErrorDetail", "GameEngine", "Operation", "PositionError", "Reason", "ScoreLine", "Verdict",
    "engine_ids", "get_engine",
]
