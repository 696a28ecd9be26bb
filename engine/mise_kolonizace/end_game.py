"""End of the game: the two tiles left in each stack score per cosmonaut and alien, then the final ranking."""

from __future__ import annotations

from typing import Any

from engine.mise_kolonizace.model import PlayerEnd, Tile
from engine.mise_kolonizace.rules import END_GAME_POINTS_PER_ALIEN, END_GAME_POINTS_PER_COSMONAUT, REF_END
from engine.protocol import Breakdown, ScoreLine


def tile_bonus(tile: Tile) -> tuple[int, int]:
    """Cosmonauts (of any colour) and aliens shown on a tile."""
    return (sum(sum(a.cosmonauts.values()) for a in tile.areas), sum(a.aliens for a in tile.areas))


def end_game(players: tuple[PlayerEnd, ...]) -> dict[str, Any]:
    """The `end_game` answer: each player's bonus for the last two tiles, final totals and ranking."""
    lines: list[ScoreLine] = []
    final: dict[str, int] = {}
    for player in players:
        counts = [tile_bonus(t) for t in player.last_tiles]
        cosmonauts, aliens = sum(c for c, _ in counts), sum(a for _, a in counts)
        bonus = cosmonauts * END_GAME_POINTS_PER_COSMONAUT + aliens * END_GAME_POINTS_PER_ALIEN
        per_tile = "; ".join(f"tile {i + 1}: {c} cosmonaut(s), {a} alien(s)" for i, (c, a) in enumerate(counts))
        lines.append(ScoreLine(
            f"bonus:{player.colour}", f"{player.colour}: last two tiles", bonus, REF_END,
            f"{per_tile} -> {cosmonauts} x {END_GAME_POINTS_PER_COSMONAUT} + {aliens} x {END_GAME_POINTS_PER_ALIEN}"))
        final[player.colour] = (player.total or 0) + bonus
    ordered = sorted(final.items(), key=lambda item: -item[1])
    ranking = [{"rank": 1 + sum(p > points for p in final.values()), "player": colour, "points": points}
               for colour, points in ordered]
    best = ordered[0][1]
    extra: dict[str, Any] = {"final_totals": final, "ranking": ranking,
                             "winners": [c for c, p in ordered if p == best]}
    missing = [p.colour for p in players if p.total is None]
    if missing:
        extra["note"] = f"no running total given for {', '.join(missing)}: counted as 0 before the bonus"
    if len(extra["winners"]) > 1:
        extra["tie"] = "the rulebook names no tie-breaker: the tied players share the victory"
    return Breakdown(tuple(lines), extra).to_dict()
