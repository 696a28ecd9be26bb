"""Rules data for Cational Meographic: section ids, value ranges, neighbourhoods, orientations and titles."""

from __future__ import annotations

GAME_ID = "cational-meographic"

# rulebook section ids (citation anchors)
REF_SETUP = "setup"
REF_COMPONENTS = "component-overview"
REF_GAME_FLOW = "game-flow"
REF_SCOUT = "game-flow/scout"
REF_TAKE_PHOTOS = "game-flow/take-photos"
REF_PLACEMENT = "game-flow/take-photos/landscape-tile-placement"
REF_TILE = "game-flow/earn-pawints/tile-pawints"
REF_ADJACENCY = "game-flow/earn-pawints/adjacency-pawints"
REF_PHOTO_MISSIONS = "game-flow/earn-pawints/photo-missions"
REF_SCORING_EXAMPLE = "game-flow/earn-pawints/scoring-example"
REF_MISSION_UPDATE = "game-flow/mission-update"
REF_MISSION_EXAMPLE = "game-flow/mission-update/mission-update-example-and-photo-mission-scoring"
REF_REPLENISHMENT = "game-flow/turn-replenishment-example"
REF_SOLO = "solo-mode"
REF_TITLES = "solo-mode/hiking-titles"

TILE_PAWINTS = (1, 4)  # lowest and highest Pawint icon on a landscape tile (x1..x4)
SUPPLY_PILES = 3  # supply piles of distinct landscape types
ROUNDS = 21
WILDCARD = "*"  # pattern cell type matching any tile (engine extension, ruling R13)

# orthogonal neighbours (sharing an edge), in reporting order: (name, d_row, d_col); rows grow downwards
EDGE_NEIGHBOURS = (("above", -1, 0), ("right", 0, 1), ("below", 1, 0), ("left", 0, -1))
# diagonal neighbours (touching at a corner only)
CORNER_NEIGHBOURS = (("upper-left", -1, -1), ("upper-right", -1, 1), ("lower-right", 1, 1), ("lower-left", 1, -1))

# the 8 ways a photo-mission pattern may lie: name and matrix ((a, b), (c, d)) sending (row, col) to
# (a*row + b*col, c*row + d*col); "clockwise" as seen with rows growing downwards
ORIENTATIONS = (
    ("as printed", ((1, 0), (0, 1))),
    ("rotated 90° clockwise", ((0, 1), (-1, 0))),
    ("rotated 180°", ((-1, 0), (0, -1))),
    ("rotated 90° counter-clockwise", ((0, -1), (1, 0))),
    ("flipped left-right", ((1, 0), (0, -1))),
    ("flipped top-bottom", ((-1, 0), (0, 1))),
    ("flipped across the main diagonal", ((0, 1), (1, 0))),
    ("flipped across the anti-diagonal", ((0, -1), (-1, 0))),
)

# solo hiking titles: (lowest score, highest score or None for open-ended, title)
HIKING_TITLES = (
    (0, 39, "Timid Tabby"),
    (40, 59, "Keen Kitten"),
    (60, 79, "Mountain Mouser"),
    (80, 99, "Nimble Navigator"),
    (100, 119, "Ridge Runner"),
    (120, 129, "Peak Pouncer"),
    (130, 139, "Summit Scratcher"),
    (140, None, "Apex Adventurer"),
)
