"""Field readers that validate JSON input and collect every problem with its location and offending value."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cational_meographic.components import Cell, LandscapeTile, MissionCard, Pattern, PatternCell, show_cell
from engine.cational_meographic.rules import TILE_PAWINTS, WILDCARD
from engine.kit import Loc, Problems, read_int, shown


def read_object(value: Any, loc: Loc, problems: Problems, required: tuple[str, ...],
                optional: tuple[str, ...] = ()) -> Mapping[str, Any] | None:
    """Check that value is an object with the required fields and no unknown ones; None if it is no object."""
    allowed = required + optional
    if not isinstance(value, Mapping):
        problems.add(loc, f"expected an object with fields {', '.join(allowed)}, got {shown(value)}")
        return None
    for key in required:
        if key not in value:
            problems.add(loc + (key,), f"missing required field {key!r}")
    for key in value:
        if key not in allowed:
            problems.add(loc + (str(key),), f"unknown field {shown(key)}; allowed fields: {', '.join(allowed)}")
    return value


def read_list(value: Any, loc: Loc, problems: Problems, what: str, non_empty: bool = False) -> list[Any] | None:
    """Check that value is a list (of `what`), non-empty if asked."""
    if not isinstance(value, list) or (non_empty and not value):
        need = "a non-empty list" if non_empty else "a list"
        problems.add(loc, f"expected {need} of {what}, got {shown(value)}")
        return None
    return value


def read_bool(value: Any, loc: Loc, problems: Problems) -> bool | None:
    """Check that value is true or false."""
    if isinstance(value, bool):
        return value
    problems.add(loc, f"expected true or false, got {shown(value)}")
    return None


def read_label(value: Any, loc: Loc, problems: Problems, what: str) -> str | None:
    """Check that value is a non-blank string; return it trimmed."""
    if isinstance(value, str) and value.strip():
        return value.strip()
    problems.add(loc, f"expected {what} (a non-empty string), got {shown(value)}")
    return None


def read_cell(value: Any, loc: Loc, problems: Problems) -> Cell | None:
    """Check that value is a [row, column] pair of whole numbers."""
    if (isinstance(value, list | tuple) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return (value[0], value[1])
    problems.add(loc, f"expected a pair of whole numbers [row, column], got {shown(value)}")
    return None


def read_landscape(obj: Mapping[str, Any], loc: Loc, problems: Problems) -> LandscapeTile | None:
    """Read the type and pawints fields of a landscape tile object."""
    label = read_label(obj["type"], loc + ("type",), problems, "a landscape type") if "type" in obj else None
    if label == WILDCARD:
        problems.add(loc + ("type",), f"{WILDCARD!r} is reserved for mission pattern cells; a tile needs a real "
                                      "landscape type such as \"forest\"")
        label = None
    lo, hi = TILE_PAWINTS
    pawints = read_int(obj["pawints"], loc + ("pawints",), problems, lo, hi) if "pawints" in obj else None
    return LandscapeTile(label, pawints) if label is not None and pawints is not None else None


def read_pattern(value: Any, loc: Loc, problems: Problems) -> Pattern | None:
    """Read a photo-mission pattern: a non-empty list of distinct cells, each with a type or '*'."""
    items = read_list(value, loc, problems, "cells like {\"at\": [0, 0], \"type\": \"forest\"}", non_empty=True)
    if items is None:
        return None
    cells: list[PatternCell] = []
    first_seen: dict[Cell, int] = {}
    ok = True
    for i, item in enumerate(items):
        cell_loc = loc + (i,)
        obj = read_object(item, cell_loc, problems, ("at", "type"))
        if obj is None:
            ok = False
            continue
        at = read_cell(obj["at"], cell_loc + ("at",), problems) if "at" in obj else None
        label = read_label(obj["type"], cell_loc + ("type",), problems,
                           f"a landscape type or {WILDCARD!r} for any tile") if "type" in obj else None
        if at is not None and at in first_seen:
            problems.add(cell_loc + ("at",), f"cell {show_cell(at)} appears twice in the pattern "
                                             f"(also cell {first_seen[at]}); pattern cells must be distinct")
            ok = False
        elif at is not None:
            first_seen[at] = i
        if at is None or label is None:
            ok = False
        else:
            cells.append(PatternCell(at, label))
    return Pattern(tuple(cells)) if ok else None


def read_card_fields(obj: Mapping[str, Any], loc: Loc, problems: Problems,
                     pattern_required: bool) -> MissionCard | None:
    """Read the name, pawints and pattern fields of a photo-mission card object."""
    name = read_label(obj["name"], loc + ("name",), problems, "a card name") if "name" in obj else None
    pawints = read_int(obj["pawints"], loc + ("pawints",), problems, 0) if "pawints" in obj else None
    pattern: Pattern | None = Pattern()
    if "pattern" in obj:
        pattern = read_pattern(obj["pattern"], loc + ("pattern",), problems)
    elif pattern_required:
        pattern = None
    if name is None or pawints is None or pattern is None:
        return None
    return MissionCard(name, pawints, pattern)
