"""Whole-game scoring: four season evaluations per player, the winner (monster tie-break) and the solo rating."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.cartographers.cards import SEASONS, SOLO_TITLES, solo_title
from engine.cartographers.grid import EMPTY, Board, cell_of
from engine.cartographers.maps import MapSide
from engine.cartographers.position import (
    Edict,
    Position,
    check_keys,
    parse_coins,
    parse_edicts,
    parse_grid,
    parse_map,
    require_object,
    where,
)
from engine.cartographers.rules import REF_END, REF_SOLO_RATING
from engine.cartographers.scoring import score_position
from engine.kit import Problems
from engine.protocol import Breakdown

GAME_KEYS = ("map", "cards", "players")
PLAYER_KEYS = ("name", "seasons")
SNAPSHOT_KEYS = ("grid", "coins_from_shapes")


@dataclass(frozen=True)
class Snapshot:
    """A player's sheet at the end of one season: the board and the shape coins earned so far (cumulative)."""

    board: Board
    coins_from_shapes: int


@dataclass(frozen=True)
class PlayerGame:
    """One player's name and season-end snapshots, spring first."""

    name: str
    seasons: tuple[Snapshot, ...]


def _snapshot(raw: Any, side: MapSide | None, loc: tuple[str | int, ...], problems: Problems) -> Snapshot | None:
    if not isinstance(raw, dict):
        problems.add(loc, f"expected an object with grid and coins_from_shapes, got {raw!r}")
        return None
    check_keys(raw, SNAPSHOT_KEYS, loc, problems)
    board = parse_grid(raw.get("grid"), side, (*loc, "grid"), problems)
    coins = parse_coins(raw.get("coins_from_shapes", 0), (*loc, "coins_from_shapes"), problems)
    return Snapshot(board, coins) if board else None


def _check_progress(earlier: Snapshot, later: Snapshot, loc: tuple[str | int, ...], problems: Problems,
                    season: str) -> None:
    """Drawn spaces never change and shape coins never go down from one season to the next."""
    for i, (before, after) in enumerate(zip(earlier.board.cells, later.board.cells, strict=False)):
        if before != EMPTY and before != after:
            r, c = cell_of(i)
            problems.add((*loc, "grid", r, c), f"{where(r, c)} was {before!r} at the end of {season} "
                                               f"but is {after!r} now; drawn spaces never change")
    if later.coins_from_shapes < earlier.coins_from_shapes:
        problems.add((*loc, "coins_from_shapes"),
                     f"{later.coins_from_shapes} is fewer than the {earlier.coins_from_shapes} of "
                     f"{season}; shape coins are cumulative")


def _player(raw: Any, p: int, side: MapSide | None, problems: Problems) -> PlayerGame | None:
    loc: tuple[str | int, ...] = ("players", p)
    if not isinstance(raw, dict):
        problems.add(loc, f"expected an object with name and seasons, got {raw!r}")
        return None
    check_keys(raw, PLAYER_KEYS, loc, problems)
    name = raw.get("name", f"Player {p + 1}")
    if not isinstance(name, str) or not name.strip():
        problems.add((*loc, "name"), f"expected a non-empty name, got {name!r}")
    seasons = raw.get("seasons")
    if not isinstance(seasons, list) or not 1 <= len(seasons) <= len(SEASONS):
        got = f"{len(seasons)} snapshots" if isinstance(seasons, list) else repr(seasons)[:60]
        problems.add((*loc, "seasons"), f"expected 1 to {len(SEASONS)} season-end snapshots in order "
                                        f"(spring, summer, fall, winter), got {got}")
        return None
    before = len(problems)
    read = [_snapshot(s, side, (*loc, "seasons", k), problems) for k, s in enumerate(seasons)]
    snaps = [snap for snap in read if snap is not None]
    if len(problems) > before or len(snaps) < len(read):
        return None
    for k in range(1, len(snaps)):
        _check_progress(snaps[k - 1], snaps[k], (*loc, "seasons", k), problems, SEASONS[k - 1].key)
    return PlayerGame(str(name), tuple(snaps))


def _season_breakdown(snap: Snapshot, edicts: tuple[Edict, ...], k: int) -> Breakdown:
    season = SEASONS[k]
    chosen = tuple(e for letter in season.edicts for e in edicts if e.letter == letter)
    return score_position(Position(snap.board, chosen, season, snap.coins_from_shapes))


def score_game(doc: Any) -> dict[str, Any]:
    """Score whole games: every player's seasons, the winners with the monster tie-break, and (solo) the title."""
    doc = require_object(doc)
    problems = Problems()
    check_keys(doc, GAME_KEYS, (), problems)
    side = parse_map(doc.get("map"), ("map",), problems)
    edicts, _ = parse_edicts(doc.get("cards"), None, problems, require_all=True)
    players_raw = doc.get("players")
    if not isinstance(players_raw, list) or not players_raw:
        problems.add(("players",), "expected a non-empty list of players (one player = a solo game)")
        players_raw = []
    players = [_player(raw, p, side, problems) for p, raw in enumerate(players_raw)]
    names = [p.name for p in players if p]
    for name in {n for n in names if names.count(n) > 1}:
        problems.add(("players",), f"two players are called {name!r}; names must differ")
    parsed = [(p, player) for p, player in enumerate(players) if player]
    for (first, one), (p, other) in zip(parsed, parsed[1:], strict=False):
        if len(other.seasons) != len(one.seasons):
            problems.add(("players", p, "seasons"), f"{other.name} has {len(other.seasons)} season-end "
                                                    f"sheet(s) but {one.name} (players.{first}.seasons) "
                                                    f"has {len(one.seasons)}; everyone plays the same "
                                                    f"seasons")
    problems.raise_if_any()
    results = []
    for player in players:
        assert player is not None  # every player parsed, or errors were raised above
        seasons = [_season_breakdown(snap, edicts, k) for k, snap in enumerate(player.seasons)]
        lost = -sum(line.points for b in seasons for line in b.lines if line.key == "monsters")
        results.append({
            "name": player.name, "total": sum(b.total for b in seasons), "monster_stars_lost": lost,
            "seasons": [b.to_dict() for b in seasons],
        })
    complete = all(len(p.seasons) == len(SEASONS) for p in players if p)
    out: dict[str, Any] = {"complete": complete, "players": results, **_winners(results, complete)}
    if len(results) == 1:
        out["solo"] = _solo(results[0], edicts, complete)
    return out


def _winners(results: list[dict[str, Any]], complete: bool) -> dict[str, Any]:
    best = max(r["total"] for r in results)
    tied = [r for r in results if r["total"] == best]
    fewest = min(r["monster_stars_lost"] for r in tied)
    winners = [r["name"] for r in tied if r["monster_stars_lost"] == fewest]
    if len(tied) == 1:
        how = f"most reputation stars ({best})"
    elif len(winners) == 1:
        how = (f"{len(tied)} players tied on {best} stars; {winners[0]} lost the fewest stars to monsters "
               f"({fewest})")
    else:
        how = (f"{len(winners)} players tied on {best} stars and on stars lost to monsters ({fewest}): "
               f"they share the win")
    if not complete:
        how = f"game not finished (fewer than {len(SEASONS)} seasons): leading on {how}"
    return {"winners": winners, "decided_by": how, "rule_ref": REF_END}


def _solo(result: dict[str, Any], edicts: tuple[Edict, ...], complete: bool) -> dict[str, Any]:
    values = {e.card.name: e.card.solo_value for e in edicts}
    if not complete:
        return {"rating": None, "title": None, "solo_values": values, "rule_ref": REF_SOLO_RATING,
                "detail": f"the solo rating needs all {len(SEASONS)} seasons"}
    return solo_rating(result["total"], values)


def solo_rating(total: int, values: Mapping[str, int]) -> dict[str, Any]:
    """The solo rating (final score minus the solo values of the game's scoring cards) and its title."""
    rating = total - sum(values.values())
    title = solo_title(rating)
    named = title or (f"no title: the titles start at {SOLO_TITLES[-1][0]} ({SOLO_TITLES[-1][1]}) and the rulebook "
                      f"names none below")
    return {
        "rating": rating, "title": title, "solo_values": dict(values), "rule_ref": REF_SOLO_RATING,
        "detail": f"final score {total} − solo values {' + '.join(map(str, values.values()))} = {rating} → {named}",
    }
