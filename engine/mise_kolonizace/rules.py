"""Rules data for Mise: Kolonizace: area kinds, sides, lasers, rotations, points and rulebook anchors."""

from __future__ import annotations

GAME_ID = "mise-kolonizace"

# Area kinds printed on planet tiles: name -> (one-letter code of the compact form, label used in messages).
KINDS: dict[str, tuple[str, str]] = {
    "forest": ("F", "cosmic forest"),
    "meadow": ("M", "radioactive meadow"),
    "swamp": ("S", "bubbling swamp"),
}
KIND_BY_LETTER: dict[str, str] = {letter: name for name, (letter, _) in KINDS.items()}

# The space base is a tile of its own kind: one tile, no cosmonauts, no aliens, a green laser on every side.
BASE_KIND = "base"
BASE_LABEL = "space base"
BASE_SIDE_EDGE = "green"
DEFAULT_BASE_AT = (0, 0)

# Tile sides in clockwise order and the grid step ([x, y], x grows east, y grows north) each one faces.
SIDES: tuple[str, ...] = ("N", "E", "S", "W")
SIDE_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
STEP: dict[str, tuple[int, int]] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}

# What a side shows: no laser, a red laser (no passage) or a green laser (passage).
EDGES: tuple[str, ...] = ("open", "red", "green")
EDGE_BY_LETTER = {"o": "open", "r": "red", "g": "green"}
LASERS: tuple[str, ...] = ("red", "green")

# Split tiles: diagonal -> (sides of the north half, sides of the south half); the north half is listed first.
SPLITS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "\\": (frozenset({"N", "E"}), frozenset({"S", "W"})),
    "/": (frozenset({"N", "W"}), frozenset({"S", "E"})),
}
HALF_NAMES = {"\\": ("NE", "SW"), "/": ("NW", "SE")}
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)

# Colour names of players (lower case, at least two characters so they never clash with a side letter or "a").
COLOUR_PATTERN = r"[a-z][a-z0-9_-]+"
RESERVED_WORDS = frozenset({"aliens"})

# Points.
POINTS_PER_TILE = 1
POINTS_PER_ALIEN = 3
END_GAME_POINTS_PER_COSMONAUT = 2
END_GAME_POINTS_PER_ALIEN = 2
END_GAME_TILES_PER_PLAYER = 2
END_GAME_STACK_SIZE = 2
TILES_PER_PLAYER = 24

# Rulebook anchors (section ids of rulespal/rulebooks/mise-kolonizace.md).
REF_GAMEPLAY = "gameplay"
REF_PLACING_EXAMPLES = "gameplay/examples-of-placing-tiles"
REF_SCORING = "scoring-points"
REF_SCORING_EXAMPLES = "scoring-points/scoring-examples"
REF_END = "end-of-game"
