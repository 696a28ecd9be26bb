"""Prompt templates (the .md files beside this module) and the markers they share with the models."""

from __future__ import annotations

from functools import cache
from pathlib import Path

ENGINE_RESULT_PREFIX = "Engine result"


@cache
def prompt(name: str) -> str:
    """The text of rulespal/prompts/<name>.md."""
    return (Path(__file__).parent / f"{name}.md").read_text(encoding="utf-8")


def engine_result_line(tool: str, result_json: str) -> str:
    """How an engine result computed before the model runs is shown to it."""
    return f"{ENGINE_RESULT_PREFIX} ({tool}): {result_json}"
