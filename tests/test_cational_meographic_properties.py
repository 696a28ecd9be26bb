"""Property tests for Cational Meographic scoring: symmetry of the whole position, and mission completion checked
against a brute-force oracle that enumerates groups of tiles instead of anchoring patterns."""

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cational_meographic import ENGINE

# the 8 symmetries of the square grid, written out independently of the engine's table
SYMMETRIES = (lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c), lambda r, c: (-c, r),
              lambda r, c: (r, -c), lambda r, c: (-r, c), lambda r, c: (c, r), lambda r, c: (-c, -r))
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
TYPES = ("forest", "lake", "peak")


@st.composite
def polyomino(draw, max_cells):
    cells = [(0, 0)]
    for _ in range(draw(st.integers(0, max_cells - 1))):
        r, c = draw(st.sampled_from(cells))
        dr, dc = draw(st.sampled_from(STEPS))
        if (r + dr, c + dc) not in cells:
            cells.append((r + dr, c + dc))
    return cells


@st.composite
def positions(draw):
    cells = draw(polyomino(12))
    board = [{"at": list(at), "type": draw(st.sampled_from(TYPES)), "pawints": draw(st.integers(1, 4))}
             for at in cells]
    occupied = set(cells)
    free = sorted({(r + dr, c + dc) for r, c in cells for dr, dc in STEPS} - occupied)
    at = draw(st.sampled_from(free))
    placed = {"at": list(at), "type": draw(st.sampled_from(TYPES)), "pawints": draw(st.integers(1, 4))}
    missions = []
    for i in range(draw(st.integers(1, 3))):
        shape = draw(polyomino(4))
        missions.append({"name": f"Card {i}", "pawints": draw(st.integers(0, 6)), "bonus": 0, "covered": False,
                         "pattern": [{"at": list(p), "type": draw(st.sampled_from(TYPES + ("*",)))} for p in shape]})
    if len(missions) > 1 and draw(st.booleans()):  # one card half-covered by another, which carries its Pawints
        low, top = draw(st.permutations(range(len(missions))))[:2]
        missions[low]["covered"] = True
        missions[top]["bonus"] = missions[low]["pawints"]
    return {"board": board, "placed": placed, "missions": missions}


def moved(item, sym, dr=0, dc=0):
    r, c = sym(*item["at"])
    return item | {"at": [r + dr, c + dc]}


def score(doc):
    return ENGINE.operation("score").run(doc)


def summary(result):
    return result["total"], sorted((line["key"], line["points"]) for line in result["lines"]), result["legal"]


@settings(max_examples=60, deadline=None)
@given(positions(), st.integers(0, 7), st.integers(-30, 30), st.integers(-30, 30))
def test_turning_flipping_and_moving_the_whole_position_changes_no_score(doc, k, dr, dc):
    sym = SYMMETRIES[k]
    turned = doc | {"board": [moved(t, sym, dr, dc) for t in doc["board"]], "placed": moved(doc["placed"], sym, dr, dc)}
    assert summary(score(turned)) == summary(score(doc))


@settings(max_examples=60, deadline=None)
@given(positions(), st.lists(st.integers(0, 7), min_size=3, max_size=3))
def test_turning_or_flipping_a_mission_pattern_changes_no_score(doc, ks):
    turned = doc | {"missions": [m | {"pattern": [moved(p, SYMMETRIES[k], 5, -2) for p in m["pattern"]]}
                                 for m, k in zip(doc["missions"], ks, strict=False)]}
    assert summary(score(turned)) == summary(score(doc))


def normalised(cells):
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    return {(r - top, c - left) for r, c in cells}


def oracle_completes(tiles, placed_at, pattern):
    """Is there a group of tiles including placed_at that shows the pattern in some orientation?"""
    size = len(pattern)
    near = [at for at in tiles if at != placed_at and abs(at[0] - placed_at[0]) + abs(at[1] - placed_at[1]) < size]
    for others in combinations(near, size - 1):
        group = (placed_at, *others)
        shape = normalised(group)
        for sym in SYMMETRIES:
            turned = [(sym(*p["at"]), p["type"]) for p in pattern]
            top, left = min(r for (r, _), _ in turned), min(c for (_, c), _ in turned)
            wanted = {(r - top, c - left): kind for (r, c), kind in turned}
            if set(wanted) != shape:
                continue
            g_top, g_left = min(r for r, _ in group), min(c for _, c in group)
            if all(wanted[(r - g_top, c - g_left)] in ("*", tiles[(r, c)]) for r, c in group):
                return True
    return False


@settings(max_examples=80, deadline=None)
@given(positions())
def test_mission_lines_agree_with_a_brute_force_oracle(doc):
    tiles = {tuple(t["at"]): t["type"] for t in doc["board"] + [doc["placed"]]}
    result = score(doc)
    lines = {line["key"]: line["points"] for line in result["lines"]}
    for i, mission in enumerate(doc["missions"]):
        key = f"mission:card-{i}"
        if oracle_completes(tiles, tuple(doc["placed"]["at"]), mission["pattern"]):
            expected = 0 if mission["covered"] else mission["pawints"] + mission["bonus"]
            assert lines[key] == expected
        else:
            assert key not in lines and mission["name"] in result["missions_not_completed"]
