"""The end of the game: after 21 rounds the most Pawints wins; the book names no tie-breaker; solo gets a title."""

from __future__ import annotations

from typing import Any

from engine.cational_meographic.parsing import read_label, read_list, read_object
from engine.cational_meographic.rules import REF_GAME_FLOW, REF_TITLES
from engine.cational_meographic.titles import hiking_title
from engine.kit import PositionError, Problems, read_int


def run_end_game(doc: Any) -> dict[str, Any]:
    """Rank the players by final Pawints: winners (ties shared), and the hiking title of a solo game."""
    problems = Problems()
    obj = read_object(doc, (), problems, ("players",))
    if obj is None:
        raise PositionError(problems.errors)
    scores: dict[str, int] = {}
    for i, item in enumerate(read_list(obj.get("players"), ("players",), problems, "players {name, pawints}",
                                       non_empty=True) or []):
        player = read_object(item, ("players", i), problems, ("name", "pawints"))
        if player is None:
            continue
        name = (read_label(player["name"], ("players", i, "name"), problems, "a player name")
                if "name" in player else None)
        pawints = read_int(player["pawints"], ("players", i, "pawints"), problems, 0) if "pawints" in player else None
        if name in scores:
            problems.add(("players", i, "name"), f"{name!r} is listed twice; names must differ")
        elif name is not None and pawints is not None:
            scores[name] = pawints
    problems.raise_if_any()
    best = max(scores.values())
    winners = [name for name, points in scores.items() if points == best]
    ranking = [{"rank": 1 + sum(p > points for p in scores.values()), "player": name, "pawints": points}
               for name, points in sorted(scores.items(), key=lambda item: -item[1])]
    out: dict[str, Any] = {"ranking": ranking, "winners": winners, "rule_ref": REF_GAME_FLOW}
    if len(winners) > 1:
        out["tie"] = ("the rulebook names no tie-breaker (\"the player with the highest Pawints wins\"): the tied "
                      "players share the victory")
    if len(scores) == 1:
        title = hiking_title(best)
        out["solo"] = {"title": title.title, "range": title.range_text, "rule_ref": REF_TITLES}
    names = " and ".join(winners)
    out["detail"] = (f"After 21 rounds the highest Pawints wins: {names} with {best}"
                     + (" (tied: no tie-breaker, the victory is shared)." if len(winners) > 1 else ".")
                     + (f" Solo hiking title: {out['solo']['title']} ({out['solo']['range']})."
                        if "solo" in out else ""))
    return out
