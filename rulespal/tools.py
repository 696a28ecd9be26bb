"""Engine operations as tools a model may fill in from a situation described in words (typed specs whose
argument schemas are the engines' JSON Schemas), and the mapping back from a tool name to an operation."""

from __future__ import annotations

from typing import Any

from engine import get_engine
from rulespal.models.base import ToolSpec

_SCHEMA_NOISE = ("$schema", "examples", "$id")


def tool_name(operation: str, game_id: str) -> str:
    """Name of an engine tool, e.g. score_cartographers or check_cational_meographic."""
    return f"{operation}_{game_id.replace('-', '_')}"


def operation_of(tool: str, game_id: str) -> str | None:
    """The engine operation behind a tool name (score_cartographers -> score), or None for another game's."""
    suffix = "_" + game_id.replace("-", "_")
    return tool.removesuffix(suffix) if tool.endswith(suffix) else None


def engine_tool_specs(game_id: str) -> list[ToolSpec]:
    """Every engine operation of a game as a tool spec."""
    return [ToolSpec(tool_name(op.name, game_id), op.description,
                     {k: v for k, v in op.input_schema.items() if k not in _SCHEMA_NOISE})
            for op in get_engine(game_id).operations]


def holds_a_move(game_id: str, document: Any) -> bool:
    """True when the document has a field that the check operation requires and scoring does not take (a move)."""
    ops = {op.name: op.input_schema for op in get_engine(game_id).operations}
    if not isinstance(document, dict) or "check" not in ops or "score" not in ops:
        return False
    only_check = set(ops["check"].get("required", [])) - set(ops["score"].get("properties", {}))
    return bool(only_check & set(document))


def described_operation(game_id: str, question: str) -> tuple[str, dict[str, Any]] | None:
    """The engine operation and document a question describes in full in words (engines that read them), or None."""
    describe = get_engine(game_id).describe
    return describe(question) if describe is not None else None


def fitting_operations(game_id: str, document: Any) -> list[str]:
    """Engine operations whose required top-level fields are all present in the document, in engine order."""
    ops = get_engine(game_id).operations
    if not isinstance(document, dict):
        return [op.name for op in ops]
    return [op.name for op in ops if set(op.input_schema.get("required", [])) <= set(document)]
