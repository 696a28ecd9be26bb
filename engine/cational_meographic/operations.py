"""The Cational Meographic engine operations: JSON in, JSON-ready dicts out."""

from __future__ import annotations

from typing import Any

from engine.cational_meographic.missions import MissionTrack, mission_update, parse_track
from engine.cational_meographic.parsing import read_object
from engine.cational_meographic.placement import check_placement, valid_spaces
from engine.cational_meographic.position import parse_position
from engine.cational_meographic.rules import REF_MISSION_UPDATE, REF_TITLES
from engine.cational_meographic.rulings import ruling
from engine.cational_meographic.scoring import score_position
from engine.cational_meographic.titles import hiking_title, next_title
from engine.kit import PositionError, Problems, read_int


def run_check(doc: Any) -> dict[str, Any]:
    """Judge the placement of `placed` on `board`; an illegal verdict lists the spaces that would be legal."""
    position = parse_position(doc)
    verdict = check_placement(position.board, position.placed.at)
    result = verdict.to_dict()
    if not verdict.legal:
        result["valid_spaces"] = [list(space) for space in valid_spaces(position.board)]
    return result


def run_score(doc: Any) -> dict[str, Any]:
    """Score the placement of `placed`: its breakdown, or total 0 with the reasons when it is illegal."""
    return score_position(parse_position(doc)).to_dict()


def _showing(track: MissionTrack) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    active, covered = [], []
    for stack, mission in track.visible():
        card = mission.card
        if mission.covered:
            covered.append({"stack": stack, "name": card.name, "pawints": card.pawints,
                            "covered_by": track.stacks[stack][-1].name})
        else:
            entry = {"stack": stack, "name": card.name, "pawints": card.pawints, "bonus": mission.bonus,
                     "worth": mission.worth}
            active.append(entry | ({"pattern": card.pattern.to_json()} if card.pattern.cells else {}))
    return active, covered


def run_mission_update(doc: Any) -> dict[str, Any]:
    """Perform one Mission Update on a track and report the move and the missions showing before and after."""
    track = parse_track(doc)
    after, move = mission_update(track)
    before_active, _ = _showing(track)
    active, covered = _showing(after)
    return {"track": after.to_json(), "move": move.to_json(), "active_missions": active,
            "covered_missions": covered, "active_missions_before": before_active, "rule_ref": REF_MISSION_UPDATE,
            "detail": f"{move.why} Active missions are the top cards of the stacks ({ruling('R3')}); a covering "
                      "card is worth its Pawints plus the covered card's."}


def run_hiking_title(doc: Any) -> dict[str, Any]:
    """Name the solo hiking title for a Pawint total and how far the next one is."""
    problems = Problems()
    obj = read_object(doc, (), problems, ("pawints",))
    pawints = read_int(obj["pawints"], ("pawints",), problems, 0) if obj is not None and "pawints" in obj else None
    if pawints is None:
        raise PositionError(problems.errors)
    problems.raise_if_any()
    title, upcoming = hiking_title(pawints), next_title(pawints)
    return {
        "pawints": pawints, "title": title.title, "range": title.range_text, "rule_ref": REF_TITLES,
        "next_title": None if upcoming is None else {"title": upcoming.title, "from": upcoming.low,
                                                     "pawints_needed": upcoming.low - pawints},
        "detail": f"{pawints} Pawints is in the {title.range_text} range: {title.title}.",
    }
