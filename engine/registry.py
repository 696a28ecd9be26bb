"""Which games have a rules engine, loaded on first use."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from engine.protocol import GameEngine

# game id -> module exposing `ENGINE: GameEngine`
_MODULES = {
    "cartographers": "engine.cartographers",
    "cational-meographic": "engine.cational_meographic",
    "mise-kolonizace": "engine.mise_kolonizace",
}


def engine_ids() -> tuple[str, ...]:
    """Ids of the games that have an engine installed."""
    return tuple(gid for gid in _MODULES if _load(gid) is not None)


@cache
def _load(game_id: str) -> GameEngine | None:
    try:
        module = import_module(_MODULES[game_id])
    except ModuleNotFoundError as exc:  # engine not written yet
        if exc.name and exc.name.startswith(_MODULES[game_id]):
            return None
        raise
    return getattr(module, "ENGINE", None)


def get_engine(game_id: str) -> GameEngine:
    """Return the engine of a game, or raise KeyError listing the games that have one."""
    found = _load(game_id) if game_id in _MODULES else None
    if found is None:
        raise KeyError(f"no rules engine for {game_id!r}; engines exist for: {', '.join(engine_ids())}")
    return found
