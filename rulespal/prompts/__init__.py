"""Prompt templates: the .md files beside this module, filled with str.format."""

from __future__ import annotations

from functools import cache
from pathlib import Path


@cache
def _template(name: str) -> str:
    return (Path(__file__).parent / f"{name}.md").read_text(encoding="utf-8").strip()


def prompt(name: str, **values: str) -> str:
    """rulespal/prompts/<name>.md with its {placeholders} filled."""
    return _template(name).format(**values)
