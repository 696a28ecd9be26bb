"""The compact text notation of tiles and positions: parse it into the model and write the model back."""

from __future__ import annotations

import re

from engine.kit import Loc, Problems, ascii_whole
from engine.mise_kolonizace.build import build_end_game, build_position, colour_problem, complete_tile
from engine.mise_kolonizace.model import Area, Placement, PlayerEnd, Position, Tile
from engine.mise_kolonizace.rules import DEFAULT_BASE_AT, EDGE_BY_LETTER, EDGES, KIND_BY_LETTER, KINDS, ROTATIONS, SIDES

_AREA = re.compile(r"\s*([A-Za-z]+)\s*(\(([^()]*)\))?", re.ASCII)
_DIAGONAL = re.compile(r"\s*([\\/])\s*(green|red|g|r)?", re.IGNORECASE | re.ASCII)
_ITEM = re.compile(r"[\s,;]*([A-Za-z][\w-]*)\s*=\s*([\w-]+)[\s,;]*", re.ASCII)
_AT = re.compile(r"\s*@\s*(-?[0-9]{1,9})\s*,\s*(-?[0-9]{1,9})", re.ASCII)
_ROTATION = re.compile(r"\s+[rR]\s*(-?[0-9]{1,9})(?=\s|$)", re.ASCII)
_HEADER = re.compile(r"\s*(players|totals|stacks|base)\s*:(.*)", re.IGNORECASE | re.DOTALL | re.ASCII)
_PAIR = re.compile(r"[\s,]*([A-Za-z][\w-]*)\s*=\s*(-?[0-9]{1,9})[\s,]*", re.ASCII)
_COORDS = re.compile(r"\s*(-?[0-9]{1,9})\s*,\s*(-?[0-9]{1,9})\s*", re.ASCII)
_WORD_KINDS = {name: name for name in KINDS}


def _where(text: str, column: int) -> str:
    return f"at column {column + 1} of {text.strip()!r}"


def _kind(word: str) -> str | None:
    return KIND_BY_LETTER.get(word.upper()) if len(word) == 1 else _WORD_KINDS.get(word.lower())


def _parse_area(text: str, start: int, loc: Loc, problems: Problems) -> tuple[Area | None, int]:
    match = _AREA.match(text, start)
    if not match:
        problems.add(loc, f"expected an area such as F(N=o E=r blue=1 a=1) {_where(text, start)}")
        return None, len(text)
    word, body = match.group(1), match.group(3)
    kind = _kind(word)
    if kind is None:
        problems.add(loc, f"unknown area kind {word!r} {_where(text, match.start(1))}; expected F (cosmic forest), "
                          "M (radioactive meadow) or S (bubbling swamp), or the words forest/meadow/swamp")
    if match.group(2) is None and match.end() < len(text) and text[match.end()] == "(":
        problems.add(loc, f"unclosed or nested parenthesis {_where(text, match.end())}")
    sides: dict[str, str] = {}
    cosmonauts: dict[str, int] = {}
    aliens = 0
    seen: set[str] = set()  # "a"/"aliens" and colours already given
    position = 0
    body = body or ""
    while position < len(body) and body[position:].strip(" \t,;"):
        item = _ITEM.match(body, position)
        if not item:
            problems.add(loc, f"cannot read {body[position:].strip()!r} inside {word}(...); expected items like "
                              "N=o, E=r, S=g (sides: o open, r red, g green), blue=2 (cosmonauts) or a=1 (aliens)")
            break
        name, value = item.group(1), item.group(2)
        position = item.end()
        if name.upper() in SIDES:
            edge = EDGE_BY_LETTER.get(value.lower(), value.lower())
            if edge not in EDGES:
                problems.add(loc, f"side {name.upper()}={value!r}: "
                                  "a side is o (open), r (red laser) or g (green laser)")
            elif name.upper() in sides:
                problems.add(loc, f"side {name.upper()} is given twice in {word}(...)")
            sides[name.upper()] = edge
        elif name.lower() in ("a", "aliens"):
            count = ascii_whole(value)
            if count is None:
                problems.add(loc, f"aliens {name}={value!r}: expected a whole number in digits 0-9, e.g. a=1")
            elif "a" in seen:
                problems.add(loc, f"aliens are given twice in {word}(...); write their number once, e.g. a=2")
            else:
                aliens = count
            seen.add("a")
        else:
            colour = name.lower()
            reason = colour_problem(colour)
            count = ascii_whole(value)
            if reason:
                problems.add(loc, f"{name}={value}: {reason}; sides are N, E, S, W and aliens are a=<number>")
            elif count is None:
                problems.add(loc, f"cosmonauts {name}={value!r}: "
                                  f"expected a whole number in digits 0-9, e.g. {colour}=1")
            elif colour in seen:
                problems.add(loc, f"cosmonauts of {colour!r} are given twice in {word}(...); write their number once")
            elif count:
                cosmonauts[colour] = count
            seen.add(colour)
    return Area(kind or word, sides, cosmonauts, aliens), match.end()


def parse_tile_text(text: str, loc: Loc, problems: Problems) -> Tile | None:
    """Read a tile such as `F(N=o E=r S=o W=g blue=1)` or `F(N=o E=r) \\g S(S=o W=o a=1)`."""
    bad = len(problems.errors)
    first, end = _parse_area(text, 0, loc, problems)
    areas = [first]
    split = diagonal = None
    if len(problems.errors) > bad:
        return None
    if text[end:].strip():
        diag = _DIAGONAL.match(text, end)
        if not diag:
            problems.add(loc, f"expected the end of the tile or a diagonal (\\g, \\r, /g, /r) {_where(text, end)}")
            return None
        split = diag.group(1)
        diagonal = EDGE_BY_LETTER.get((diag.group(2) or "").lower(), (diag.group(2) or "").lower()) or None
        if diagonal is None:
            problems.add(loc, f"the diagonal {split!r} must say its laser, e.g. {split}g (green) or {split}r (red) "
                              f"{_where(text, diag.start(1))}")
        second, end = _parse_area(text, diag.end(), loc, problems)
        areas.append(second)
        if text[end:].strip():
            problems.add(loc, f"unexpected text {text[end:].strip()!r} after the second area {_where(text, end)}")
    if len(problems.errors) > bad or None in areas:
        return None
    return complete_tile([a for a in areas if a is not None], split, diagonal, loc, problems)


def parse_placement_text(text: str, loc: Loc, problems: Problems, need_at: bool) -> Placement | Tile | None:
    """Read `@x,y [rN] TILE` (a placed tile) or, when `need_at` is false, also a bare TILE."""
    at = _AT.match(text)
    if not at:
        if need_at:
            problems.add(loc, "a placed tile starts with its square, e.g. '@1,0 r90 F(N=o E=r S=o W=o)'; "
                              f"got {text.strip()!r}")
            return None
        return parse_tile_text(text, loc, problems)
    rest = at.end()
    rotation = 0
    turn = _ROTATION.match(text, rest)
    if turn:
        rotation = int(turn.group(1))
        rest = turn.end()
        if rotation not in ROTATIONS:
            problems.add(loc, f"rotation r{rotation} is not allowed; use r0, r90, r180 or r270 (clockwise)")
    tile = parse_tile_text(text[rest:], loc, problems)
    if tile is None:
        return None
    return Placement((int(at.group(1)), int(at.group(2))), rotation, tile)


def split_statements(text: str) -> list[tuple[int, str]]:
    """Split a text into (line number, statement): by newlines and by ';' outside parentheses; drop # comments."""
    statements: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0]
        depth, piece = 0, ""
        for char in line:
            depth += {"(": 1, ")": -1}.get(char, 0)
            if char == ";" and depth <= 0:
                statements.append((number, piece))
                piece = ""
            else:
                piece += char
        statements.append((number, piece))
    return [(n, s.strip()) for n, s in statements if s.strip()]


def _pairs(body: str, loc: Loc, problems: Problems, what: str) -> dict[str, int]:
    result: dict[str, int] = {}
    position = 0
    while position < len(body) and body[position:].strip(" \t,"):
        pair = _PAIR.match(body, position)
        if not pair:
            problems.add(loc, f"cannot read {body[position:].strip()!r}; "
                              f"expected {what} as colour=number, e.g. blue=12 red=7")
            break
        colour, position = pair.group(1).lower(), pair.end()
        reason = colour_problem(colour)
        if reason:
            problems.add(loc, reason)
        elif colour in result:
            problems.add(loc, f"{colour!r} is given twice")
        elif int(pair.group(2)) < 0:
            problems.add(loc, f"{colour}={pair.group(2)}: {what} cannot be negative")
        result[colour] = int(pair.group(2))
    return result


def parse_position_text(text: str) -> Position:
    """Read a whole position written in the compact text notation (see docs/mise-kolonizace-notation.md)."""
    problems = Problems()
    tiles: list[Placement | None] = []
    headers: dict[str, object] = {}
    for number, statement in split_statements(text):
        loc: Loc = ("line", number)
        header = _HEADER.match(statement)
        if header:
            name, body = header.group(1).lower(), header.group(2).strip()
            if name in headers:
                problems.add(loc, f"'{name}:' is given twice")
            headers[name] = _parse_header(name, body, loc, problems)
            continue
        placed = parse_placement_text(statement, loc, problems, need_at=True)
        tiles.append(placed if isinstance(placed, Placement) else None)
    if not tiles and not problems.errors:
        problems.add(("text",),
                     "no placed tile found: write one tile per line, e.g. '@0,1 r0 F(N=r E=r S=o W=r blue=1)'")
    problems.raise_if_any()
    return build_position(tiles, headers.get("base", DEFAULT_BASE_AT), headers.get("players"),  # type: ignore[arg-type]
                          headers.get("totals"), headers.get("stacks"), problems)  # type: ignore[arg-type]


def _parse_header(name: str, body: str, loc: Loc, problems: Problems) -> object:
    if name == "players":
        colours = tuple(word.lower() for word in re.split(r"[\s,]+", body) if word)
        for colour in colours:
            reason = colour_problem(colour)
            if reason:
                problems.add(loc, reason)
        return colours
    if name == "base":
        if body.lower() == "none":
            return None
        coords = _COORDS.fullmatch(body)
        if not coords:
            problems.add(loc, f"base: expected 'x,y' (e.g. 0,0) or 'none', got {body!r}")
            return DEFAULT_BASE_AT
        return int(coords.group(1)), int(coords.group(2))
    return _pairs(body, loc, problems, "points" if name == "totals" else "tiles left")


def parse_end_game_text(text: str) -> tuple[PlayerEnd, ...]:
    """Read end-of-game lines `colour [total] | TILE | TILE`."""
    problems = Problems()
    players: list[PlayerEnd] = []
    for number, statement in split_statements(text):
        loc: Loc = ("line", number)
        head, *tiles_text = statement.split("|")
        words = head.split()
        total = ascii_whole(words[1]) if len(words) == 2 else None
        if not 1 <= len(words) <= 2 or (len(words) == 2 and total is None):
            problems.add(loc, f"expected 'colour [total] | TILE | TILE' with the total a whole number >= 0 in digits "
                              f"0-9, e.g. 'blue 42 | F(blue=1) | M(a=1)'; got {head.strip()!r}")
            continue
        colour = words[0].lower()
        reason = colour_problem(colour)
        if reason:
            problems.add(loc, reason)
        tiles = [parse_placement_text(t, loc + (index,), problems, need_at=False) for index, t in enumerate(tiles_text)]
        players.append(PlayerEnd(colour, total,
                                 tuple(t.tile if isinstance(t, Placement) else t for t in tiles if t is not None)))
    if not players and not problems.errors:
        problems.add(("text",), "no player found: write one line per player, e.g. 'blue 42 | F(blue=1) | M(a=1)'")
    return build_end_game(players, problems)


def area_text(area: Area) -> str:
    """Write one area, e.g. `F(N=o E=r blue=1 a=1)`."""
    items = [f"{side}={area.sides[side][0]}" for side in SIDES if side in area.sides]
    items += [f"{colour}={count}" for colour, count in area.cosmonauts.items()]
    if area.aliens:
        items.append(f"a={area.aliens}")
    return f"{KINDS[area.kind][0]}({' '.join(items)})"


def tile_text(tile: Tile) -> str:
    """Write a tile in the compact notation."""
    if tile.split is None:
        return area_text(tile.areas[0])
    return f"{area_text(tile.areas[0])} {tile.split}{str(tile.diagonal)[0]} {area_text(tile.areas[1])}"


def placement_text(placement: Placement) -> str:
    """Write a placed tile, e.g. `@1,0 r90 F(N=o E=r S=o W=o)`."""
    x, y = placement.at
    return f"@{x},{y} r{placement.rotation} {tile_text(placement.tile)}"


def position_text(position: Position) -> str:
    """Write a whole position, one statement per line (headers first, then tiles in placement order)."""
    lines: list[str] = []
    if position.players is not None:
        lines.append("players: " + " ".join(position.players))
    for name, mapping in (("totals", position.totals), ("stacks", position.stacks)):
        if mapping is not None:
            lines.append(f"{name}: " + " ".join(f"{c}={n}" for c, n in mapping.items()))
    if position.base != DEFAULT_BASE_AT:
        lines.append("base: " + ("none" if position.base is None else f"{position.base[0]},{position.base[1]}"))
    lines += [placement_text(p) for p in position.tiles]
    return "\n".join(lines)

