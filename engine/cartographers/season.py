"""Where a season stands, from the cards revealed in it: the time total against the threshold, a pending ruins
effect, whether the season ends now, and what comes next."""

from __future__ import annotations

from typing import Any

from engine.cartographers.cards import EXPLORE_CARDS, SEASONS, AmbushCard, ExploreCard, find_playable_card
from engine.cartographers.position import SEASON_NAMES, check_keys, parse_season, require_object
from engine.cartographers.rules import REF_CHECK, REF_END, REF_EXPLORE, REF_RUINS, REF_SEASON_END
from engine.kit import PositionError, Problems, shown


def _revealed(value: Any, threshold: int, problems: Problems) -> list[ExploreCard | AmbushCard]:
    """The revealed cards in order; each at most once, none after the Check Phase that ended the season."""
    if not isinstance(value, list):
        problems.add(("revealed",), f"expected the cards revealed this season in order (names), got "
                                    f"{shown(value)}")
        return []
    cards: list[ExploreCard | AmbushCard] = []
    time, ended_at = 0, None
    for k, name in enumerate(value):
        card = find_playable_card(name) if isinstance(name, str) else None
        if card is None:
            problems.add(("revealed", k), f"unknown card {shown(name)}; the explore deck holds "
                                          f"{', '.join(c.name for c in EXPLORE_CARDS)} and the ambush "
                                          f"cards")
            continue
        if card in cards:
            problems.add(("revealed", k), f"{card.name} is already revealed as revealed.{cards.index(card)}"
                                          f"; the deck holds each card once")
            continue
        if ended_at is not None:
            problems.add(("revealed", k), f"the season already ended when revealed.{ended_at} brought the "
                                          f"time to {time}, at least the threshold {threshold}")
            continue
        cards.append(card)
        time += card.time
        if card.kind != "ruins" and time >= threshold:
            ended_at = k
    return cards


def season_status(doc: Any) -> dict[str, Any]:
    """The season's time, threshold, pending ruins, whether it ends now, and what happens next."""
    doc = require_object(doc)
    problems = Problems()
    check_keys(doc, ("season", "revealed"), (), problems)
    season = parse_season(doc.get("season"), ("season",), problems)
    cards = _revealed(doc.get("revealed", []), season.time_threshold if season else 0, problems)
    if problems or season is None:
        raise PositionError(problems.errors)
    time = sum(card.time for card in cards)
    pending = False
    for card in cards:
        pending = card.kind == "ruins" or (pending and card.is_ambush)
    mid_turn = bool(cards) and cards[-1].kind == "ruins"
    ends = not mid_turn and time >= season.time_threshold
    left = [c for c in EXPLORE_CARDS if c not in cards]
    out: dict[str, Any] = {
        "season": season.key, "time": time, "threshold": season.time_threshold,
        "time_needed": max(0, season.time_threshold - time), "season_ends": ends, "ruins_pending": pending,
        "explore_cards_left": [{"name": c.name, "time": c.time} for c in left],
        "time_left_in_deck": sum(c.time for c in left),
    }
    if mid_turn:
        out |= {"next": f"{cards[-1].name} is a ruins card: reveal the next card at once; the shape drawn from the "
                        f"next explore card must cover an unfilled ruins space if it can (else a 1x1 of any "
                        f"terrain). No Check Phase until that card is drawn.", "rule_ref": REF_RUINS}
    elif ends:
        later = SEASONS[SEASONS.index(season) + 1:]
        after = (f"then {later[0].key} begins: reshuffle the explore deck with every card revealed this season and "
                 f"add the next ambush card" if later else "winter was the last season: the game ends, and the "
                 "player with the most reputation stars wins")
        out |= {"edicts_scored": list(season.edicts),
                "next": f"the time {time} meets the threshold {season.time_threshold}: {season.key} ends. Score "
                        f"edicts {' and '.join(season.edicts)}, coins and monsters; {after}.",
                "rule_ref": REF_SEASON_END if later else REF_END}
    else:
        ruins = (" After the ruins card, its shape must cover an unfilled ruins space if it can."
                 if pending else "")
        out |= {"next": f"the time {time} is below the threshold {season.time_threshold} ({out['time_needed']} to "
                        f"go): the season continues; reveal the next explore card.{ruins}",
                "rule_ref": REF_CHECK if cards else REF_EXPLORE}
    out["detail"] = (f"{season.key.capitalize()} (threshold {season.time_threshold}, seasons: {SEASON_NAMES}): "
                     f"{len(cards)} card(s) revealed, time {time}; {out['next']}")
    return out
