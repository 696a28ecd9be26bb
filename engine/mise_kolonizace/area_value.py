"""Scoring a closed area from its counts (its size and aliens, and the areas beside it with the laser between),
for when the player describes the area instead of laying out its tiles."""

from __future__ import annotations

from typing import Any

from engine.kit import Loc, Problems, shown
from engine.mise_kolonizace.board import kind_label
from engine.mise_kolonizace.notation_json import colour_counts, read_int, unknown_keys
from engine.mise_kolonizace.rules import BASE_KIND, KINDS, LASERS, REF_SCORING, REF_SCORING_EXAMPLES
from engine.mise_kolonizace.scoring import Item, neighbour_item, own_items
from engine.protocol import Breakdown, ScoreLine

AREA_KEYS = ("kind", "tiles", "aliens", "cosmonauts", "worth")
NEIGHBOUR_KEYS = ("kind", "tiles", "aliens", "laser")
DOCUMENT_KEYS = ("area", "neighbours", "for")


def _keys(obj: Any, allowed: tuple[str, ...], loc: Loc, problems: Problems) -> dict[str, Any]:
    if not isinstance(obj, dict):
        problems.add(loc, f"expected an object with {', '.join(allowed)}, got {shown(obj)}")
        return {}
    unknown_keys(obj, allowed, loc, problems)
    return obj


def _count(obj: dict[str, Any], key: str, loc: Loc, problems: Problems, minimum: int, default: int | None) -> int:
    value = obj.get(key, default)
    if value is None:
        problems.add(loc + (key,), "required")
        return minimum
    number = read_int(value, loc + (key,), problems, minimum)
    return minimum if number is None else number


def _kind(obj: dict[str, Any], loc: Loc, problems: Problems, base: bool) -> str:
    kinds = (*KINDS, BASE_KIND) if base else tuple(KINDS)
    kind = obj.get("kind")
    if kind not in kinds:
        problems.add(loc + ("kind",), f"expected one of {', '.join(kinds)}, got {shown(kind)}")
        return next(iter(KINDS))
    return str(kind)


def _neighbour(obj: Any, loc: Loc, problems: Problems) -> tuple[str, int, int, str]:
    fields = _keys(obj, NEIGHBOUR_KEYS, loc, problems)
    kind = _kind(fields, loc, problems, base=True)
    laser = fields.get("laser")
    if laser not in LASERS:
        problems.add(loc + ("laser",), f"expected the laser between the areas, one of {', '.join(LASERS)}, "
                                       f"got {shown(laser)}")
    if kind == BASE_KIND:  # one tile, no aliens (its sides are green, but the other tile's side may be red)
        for key, fixed in (("tiles", 1), ("aliens", 0)):
            if key in fields and fields[key] != fixed:
                problems.add(loc + (key,), f"the space base is 1 tile with no aliens, got {key} {shown(fields[key])}")
        return kind, 1, 0, str(laser)
    if laser == "red" and "tiles" not in fields:  # behind a red laser its size does not count
        return kind, 0, _count(fields, "aliens", loc, problems, 0, 0), str(laser)
    return (kind, _count(fields, "tiles", loc, problems, 1, None), _count(fields, "aliens", loc, problems, 0, 0),
            str(laser))


def _worth(area: dict[str, Any], fields: dict[str, Any], problems: Problems) -> int | None:
    """The area's worth when the player gives it instead of its counts (then no size, aliens or neighbours)."""
    if "worth" not in area:
        return None
    given = [key for key in ("tiles", "aliens") if key in area] + (["neighbours"] if fields.get("neighbours") else [])
    if given:
        problems.add(("area", "worth"), f"give the area's worth or its counts, not both (also given: "
                                        f"{', '.join(given)})")
    return read_int(area["worth"], ("area", "worth"), problems, 0)


def score_area(doc: Any) -> dict[str, Any]:
    """The `score_area` answer: what a closed area is worth (1 per tile, 3 per alien, and the tiles and aliens of
    each area beside it through a green laser, once each), and who takes it when its cosmonauts are given."""
    problems = Problems()
    fields = _keys(doc, DOCUMENT_KEYS, (), problems)
    area = _keys(fields.get("area"), AREA_KEYS, ("area",), problems)
    kind = _kind(area, ("area",), problems, base=False) if "kind" in area else None  # its kind changes nothing
    worth = _worth(area, fields, problems)
    size = 0 if worth is not None else _count(area, "tiles", ("area",), problems, 1, None)
    aliens = 0 if worth is not None else _count(area, "aliens", ("area",), problems, 0, 0)
    cosmonauts = colour_counts(area.get("cosmonauts", {}), ("area", "cosmonauts"), problems, 0)
    listed = fields.get("neighbours", [])
    if not isinstance(listed, list):
        problems.add(("neighbours",), f"expected a list of the areas beside it, got {shown(listed)}")
        listed = []
    neighbours = [_neighbour(n, ("neighbours", i), problems) for i, n in enumerate(listed)]
    player = fields.get("for")
    if player is not None and (not isinstance(player, str) or player not in cosmonauts):
        present = ", ".join(cosmonauts) or "none given"
        problems.add(("for",), f"expected the colour of one of the area's cosmonauts ({present}), got {shown(player)}")
    problems.raise_if_any()
    items: list[Item] = ([Item("area:worth", "the area's worth, as given", worth, f"{worth} points")]
                         if worth is not None else own_items("area", size, aliens))
    skipped: list[ScoreLine] = []
    for i, (other, tiles, other_aliens, laser) in enumerate(neighbours):
        name = kind_label(other)
        if laser == "green":
            items.append(neighbour_item(f"neighbour:{i}", name, tiles, other_aliens))
        else:
            skipped.append(ScoreLine(f"neighbour:{i}", f"neighbouring {name} behind a red laser: not counted", 0,
                                     REF_SCORING, "only areas linked by a green laser count"))
    value = sum(item.points for item in items)
    lines = [ScoreLine(i.key, i.label, i.points, REF_SCORING, i.detail) for i in items] + skipped
    most = max(cosmonauts.values(), default=0)
    winners = [c for c, n in cosmonauts.items() if most and n == most]
    extra: dict[str, Any] = {"kind": kind, "label": kind_label(kind) if kind else "closed area", "value": value}
    if cosmonauts:
        share = value // len(winners) if winners else 0
        extra |= {"winners": winners, "share": share, "lost": value - share * len(winners),
                  "rule_ref": REF_SCORING_EXAMPLES if len(winners) > 1 else REF_SCORING}
    if player is not None:  # the total becomes that player's points: the area's worth, less what goes elsewhere
        extra["for"] = player
        if player not in winners:
            lines.append(ScoreLine("award", f"most cosmonauts: {' and '.join(winners)}, not {player}", -value,
                                   REF_SCORING, f"{player} has {cosmonauts[player]}, {winners[0]} has {most}"))
        elif len(winners) > 1:
            lines.append(ScoreLine("award", f"tied on cosmonauts with {' and '.join(w for w in winners if w != player)}"
                                   f": {value} split {len(winners)} ways, {value % len(winners)} lost",
                                   extra["share"] - value, REF_SCORING_EXAMPLES, f"{most} cosmonauts each"))
    return Breakdown(tuple(lines), extra).to_dict()
