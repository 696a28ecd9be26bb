"""Property tests on SYNTHETIC games (random tiles, not the real tile set, which is not public): turning the whole
table changes no verdict or score, an independent quarter-triangle model agrees with the engine, and malformed
documents only ever raise PositionError."""

from __future__ import annotations

import random
from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.mise_kolonizace.model import Area, Placement, Position, Tile
from engine.mise_kolonizace.notation_json import position_json
from engine.mise_kolonizace.placement import check
from engine.mise_kolonizace.scoring import score
from engine.protocol import PositionError
from engine.registry import get_engine

ENGINE = get_engine("mise-kolonizace")
COLOURS = ("blue", "red", "green")
KINDS = ("forest", "meadow", "swamp")
VECTOR = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
SIDE_OF = {v: k for k, v in VECTOR.items()}


# --- synthetic tiles and games ----------------------------------------------------------------------------------

def synthetic_tile(rng: random.Random) -> Tile:
    """A random tile; lasers are common so that areas close often."""
    def area(sides: str) -> Area:
        cosmonauts = {c: rng.randint(1, 2) for c in rng.sample(COLOURS, rng.choice((0, 0, 1, 1, 2)))}
        edges = {s: rng.choice(("open", "open", "red", "red", "green")) for s in sides}
        return Area(rng.choice(KINDS), edges, cosmonauts, rng.choice((0, 0, 0, 1, 2)))
    split = rng.choice((None, None, "\\", "/"))
    if split is None:
        return Tile((area("NESW"),))
    north, south = ("NE", "SW") if split == "\\" else ("NW", "SE")
    return Tile((area(north), area(south)), split, rng.choice(("red", "green")))


def synthetic_game(seed: int, count: int) -> Position:
    """Place `count` random tiles one by one, each at a random legal square and rotation (judged by the oracle)."""
    rng = random.Random(seed)
    tiles: list[Placement] = []
    for _ in range(count):
        tile = synthetic_tile(rng)
        taken = {(0, 0)} | {p.at for p in tiles}
        frontier = sorted({(x + dx, y + dy) for x, y in taken for dx, dy in VECTOR.values()} - taken)
        rng.shuffle(frontier)
        for cell in frontier[:12]:
            options = [Placement(cell, r, tile) for r in (0, 90, 180, 270)]
            legal = [p for p in options if Oracle(Position(tuple(tiles) + (p,))).legal()]
            if legal:
                tiles.append(rng.choice(legal))
                break
    return Position(tuple(tiles) or (Placement((0, 1), 0, Tile((Area("forest", {s: "red" for s in "NESW"}),))),))


# --- an independent model: every square cut into four quarter triangles -----------------------------------------

def turn(vector: tuple[int, int], degrees: int) -> tuple[int, int]:
    x, y = vector
    for _ in range(degrees // 90):
        x, y = y, -x  # a quarter turn clockwise
    return x, y


class Oracle:
    """Quarter triangles (square, world side); a tile's area owns the triangles of its sides."""

    def __init__(self, position: Position, upto: int | None = None):
        placed = position.tiles[:upto] if upto is not None else position.tiles
        self.tri: dict[tuple, dict] = {}  # (cell, side) -> {area id, kind, edge}
        self.info: dict[tuple, dict] = {}  # area id -> {cosmonauts, aliens, diagonal}
        if position.base is not None:
            for side in VECTOR:
                self.tri[(position.base, side)] = {"area": ("base",), "kind": "base", "edge": "green"}
            self.info[("base",)] = {"cosmonauts": {}, "aliens": 0, "diagonal": None}
        for index, placement in enumerate(placed):
            for a, area in enumerate(placement.tile.areas):
                key = (index, a)
                self.info[key] = {"cosmonauts": area.cosmonauts, "aliens": area.aliens,
                                  "diagonal": placement.tile.diagonal, "other": (index, 1 - a)}
                for side, edge in area.sides.items():
                    world = SIDE_OF[turn(VECTOR[side], placement.rotation)]
                    self.tri[(placement.at, world)] = {"area": key, "kind": area.kind, "edge": edge}
        self.move = position.tiles[len(placed) - 1]
        self.earlier = {p.at for p in placed[:-1]} | ({position.base} if position.base is not None else set())

    def across(self, cell: tuple, side: str) -> tuple:
        dx, dy = VECTOR[side]
        return (cell[0] + dx, cell[1] + dy), SIDE_OF[(-dx, -dy)]

    def legal(self) -> bool:
        at = self.move.at
        if at in self.earlier:
            return False
        touching = False
        for side in VECTOR:
            far = self.across(at, side)
            if far in self.tri:
                touching = True
                mine, theirs = self.tri[(at, side)], self.tri[far]
                if mine["kind"] != theirs["kind"] and mine["edge"] == theirs["edge"] == "open":
                    return False
        return touching

    def regions(self) -> list[frozenset]:
        """Components of triangles: same tile area, or across an open-open edge of the same kind."""
        seen: set = set()
        found = []
        for start in self.tri:
            if start in seen:
                continue
            group, queue = set(), deque([start])
            seen.add(start)
            while queue:
                t = queue.popleft()
                group.add(t)
                steps = [u for u in self.tri if u[0] == t[0] and self.tri[u]["area"] == self.tri[t]["area"]]
                far = self.across(*t)
                if far in self.tri and self.tri[t]["edge"] == self.tri[far]["edge"] == "open" \
                        and self.tri[t]["kind"] == self.tri[far]["kind"]:
                    steps.append(far)
                for u in steps:
                    if u not in seen:
                        seen.add(u)
                        queue.append(u)
            found.append(frozenset(group))
        return found

    def closed(self, region: frozenset) -> bool:
        for t in region:
            far = self.across(*t)
            mine = self.tri[t]
            if far not in self.tri:
                if mine["edge"] == "open":
                    return False
            elif mine["edge"] == self.tri[far]["edge"] == "open" and mine["kind"] != self.tri[far]["kind"]:
                return False
        return True

    def worth(self, region: frozenset, regions: list[frozenset]) -> int:
        areas = {self.tri[t]["area"] for t in region}
        value = len({t[0] for t in region}) + 3 * sum(self.info[a]["aliens"] for a in areas)
        linked: set[frozenset] = set()
        for t in region:
            far = self.across(*t)
            if far in self.tri:
                edges = (self.tri[t]["edge"], self.tri[far]["edge"])
                if "red" not in edges and "green" in edges:
                    linked |= {r for r in regions if far in r}
            info = self.info[self.tri[t]["area"]]
            if info["diagonal"] == "green":
                linked |= {r for r in regions if any(self.tri[u]["area"] == info["other"] for u in r)}
        for other in linked - {region}:
            others = {self.tri[t]["area"] for t in other}
            value += len({t[0] for t in other}) + 3 * sum(self.info[a]["aliens"] for a in others)
        return value

    def awards(self, before: Oracle) -> dict[str, int]:
        """Points to each colour for the areas closed now that were not closed (as the same set) before."""
        old = {r for r in before.regions() if before.closed(r)}
        regions = self.regions()
        result: dict[str, int] = {}
        for region in regions:
            if not self.closed(region) or region in old or self.tri[next(iter(region))]["kind"] == "base":
                continue
            counts: dict[str, int] = {}
            for a in {self.tri[t]["area"] for t in region}:
                for colour, n in self.info[a]["cosmonauts"].items():
                    counts[colour] = counts.get(colour, 0) + n
            most = max(counts.values(), default=0)
            winners = [c for c, n in counts.items() if n == most and most]
            for colour in winners:
                result[colour] = result.get(colour, 0) + self.worth(region, regions) // len(winners)
        return result


# --- properties -------------------------------------------------------------------------------------------------

def rotate_position(position: Position) -> Position:
    """The whole table turned a quarter clockwise: squares move, and every tile turns with them."""
    def cell(c: tuple[int, int]) -> tuple[int, int]:
        return turn(c, 90)
    tiles = tuple(Placement(cell(p.at), (p.rotation + 90) % 360, p.tile) for p in position.tiles)
    return Position(tiles, None if position.base is None else cell(position.base), position.players,
                    position.totals, position.stacks)


def verdict_summary(position: Position) -> tuple:
    result = check(position)
    return result["legal"], [r["code"] for r in result["reasons"]]


def score_summary(position: Position) -> tuple:
    result = score(position)
    return result["total"], result["lines"], result["areas"]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 25))
def test_turning_the_whole_table_changes_no_verdict_or_score(seed: int, count: int) -> None:
    position = synthetic_game(seed, count)
    turned = position
    for _ in range(3):
        turned = rotate_position(turned)
        assert verdict_summary(turned) == verdict_summary(position)
        assert score_summary(turned)[:2] == score_summary(position)[:2]
        assert [{k: v for k, v in a.items() if k != "tiles"} for a in score_summary(turned)[2]] == \
            [{k: v for k, v in a.items() if k != "tiles"} for a in score_summary(position)[2]]
    assert rotate_position(turned) == position


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 20))
def test_engine_agrees_with_the_quarter_triangle_model_at_every_step(seed: int, count: int) -> None:
    position = synthetic_game(seed, count)
    for n in range(1, len(position.tiles) + 1):
        prefix = Position(position.tiles[:n], position.base)
        assert score(prefix)["awards"] == Oracle(prefix).awards(Oracle(prefix, n - 1))


def test_synthetic_games_do_close_areas() -> None:
    # Guard against vacuous properties: the synthetic games used above score points and close areas.
    scored = sum(bool(score(Position(synthetic_game(s, 20).tiles[:n]))["areas"])
                 for s in range(10) for n in (5, 10, 20))
    assert scored >= 5


def test_illegal_moves_are_found_by_both_models() -> None:
    rng = random.Random(7)
    disagreements, illegal = 0, 0
    for seed in range(30):
        game = synthetic_game(seed, 8)
        move = Placement((rng.randint(-3, 3), rng.randint(-3, 3)), rng.choice((0, 90, 180, 270)), synthetic_tile(rng))
        if move.at in {p.at for p in game.tiles}:
            continue
        position = Position(game.tiles + (move,))
        legal = check(position)["legal"]
        illegal += not legal
        disagreements += legal != Oracle(position).legal()
    assert disagreements == 0 and illegal >= 5


# --- robustness: malformed documents raise PositionError, never anything else -----------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=6)
    | st.sampled_from(["\\", "/", "red", "N", "F"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6) | st.sampled_from(
        ["at", "areas", "kind", "sides", "split", "diagonal", "rotation", "aliens", "cosmonauts"]), inner, max_size=3),
    max_leaves=8)


def _paths(doc: object, path: tuple = ()) -> list[tuple]:
    found = [path]
    if isinstance(doc, dict):
        for key, value in doc.items():
            found += _paths(value, path + (key,))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            found += _paths(value, path + (index,))
    return found


def _replace(doc: object, path: tuple, value: object) -> object:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(doc, dict):
        return {**doc, head: _replace(doc[head], rest, value)}
    copy = list(doc)  # type: ignore[call-overload]
    copy[head] = _replace(copy[head], rest, value)
    return copy


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.data())
def test_mutated_documents_raise_only_position_errors(seed: int, data: st.DataObject) -> None:
    doc = position_json(synthetic_game(seed, 3))
    path = data.draw(st.sampled_from(_paths(doc)))
    mutated = _replace(doc, path, data.draw(json_values))
    for name in ("check", "score", "end_game"):
        try:
            assert isinstance(ENGINE.operation(name).run(mutated), dict)
        except PositionError as error:
            assert error.errors and all(e.msg for e in error.errors)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="@0123456789,-r FMSNEWogab=()\\/;:#\nplayerstotalsbue|", max_size=40))
def test_random_text_raises_only_position_errors(text: str) -> None:
    for name in ("check", "score", "end_game"):
        try:
            assert isinstance(ENGINE.operation(name).run(text), dict)
        except PositionError as error:
            assert error.errors
