"""The game facts of Cartographers (data/cartographers.json), read once per process."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def game_data() -> dict[str, Any]:
    """Return the parsed data/cartographers.json (cards, seasons, map sides, solo titles)."""
    text = resources.files(__package__).joinpath("data", "cartographers.json").read_text(encoding="utf-8")
    return json.loads(text)
