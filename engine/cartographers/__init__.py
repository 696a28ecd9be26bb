"""Cartographers rules engine: scoring (16 cards, coins, monsters), draw-phase legality, whole games, game flow,
and the printed components."""

from engine.cartographers.described import describe
from engine.cartographers.edict_counts import score_edict_counts
from engine.cartographers.operations import (
    run_check,
    run_components,
    run_legal_moves,
    run_score,
    run_score_game,
    run_solo_title,
)
from engine.cartographers.rules import GAME_ID
from engine.cartographers.schemas import (
    CHECK_SCHEMA,
    COMPONENTS_SCHEMA,
    EDICT_COUNTS_SCHEMA,
    LEGAL_MOVES_SCHEMA,
    SCORE_GAME_SCHEMA,
    SCORE_SCHEMA,
    SEASON_STATUS_SCHEMA,
    SEASON_TOTAL_SCHEMA,
    SOLO_AMBUSH_SCHEMA,
    SOLO_TITLE_SCHEMA,
)
from engine.cartographers.season import season_status
from engine.cartographers.season_value import score_season
from engine.cartographers.solo_ambush import run_solo_ambush
from engine.protocol import GameEngine, Operation

ENGINE = GameEngine(GAME_ID, (
    Operation(
        "check",
        "Is this Cartographers drawing legal? Give the sheet (map side, 11x11 grid) and the move: the explore or "
        "ambush card, the terrain, the cells drawn (any rotation/reflection), and whether a ruins card came just "
        "before. Answers legal or not with reasons and rulebook sections (off the map, overlap, shape or terrain "
        "not on the card, ruins must be covered, 1x1 only when nothing fits) and the coins the drawing earns.",
        CHECK_SCHEMA, run_check,
    ),
    Operation(
        "score",
        "Score a Cartographers map sheet: stars from each chosen scoring card with the cells that earned them, coins "
        "(shape coins + surrounded mountains, at most 14) and the monster penalty. Give the map side, the 11x11 grid, "
        "and 'cards': a list of names, 'all', or the edicts {A,B,C,D} with a season to score that season's two.",
        SCORE_SCHEMA, run_score,
    ),
    Operation(
        "score_game",
        "Score a whole Cartographers game: each player's four season evaluations (that season's two edicts, coins, "
        "monsters), totals, the winner with the monster tie-break, and for one player the solo rating and title. "
        "Give the map side, the four edicts {A,B,C,D}, and each player's season-end grids in order.",
        SCORE_GAME_SCHEMA, run_score_game,
    ),
    Operation(
        "legal_moves",
        "Where can this card go? Lists every legal way to draw an explore or ambush card on a Cartographers sheet "
        "(distinct cell sets x terrains, with ruins and 1x1 fallback rules applied) and their count. Give the map "
        "side, the 11x11 grid, the card, and ruins: true if a ruins card came just before.",
        LEGAL_MOVES_SCHEMA, run_legal_moves,
    ),
    Operation(
        "components",
        "What is printed on the Cartographers components: map side A/B (mountain, ruins and wasteland spaces as "
        "[row, col]), which scoring cards exist per deck, the explore and ambush cards with their shapes, terrains, "
        "time and coins, and the seasons' time thresholds and edicts. Give {} for everything, or {\"map\": \"A\"} "
        "or {\"map\": \"B\"} for just that side's printed map.",
        COMPONENTS_SCHEMA, run_components,
    ),
    Operation(
        "season_status",
        "Where does this Cartographers season stand, and which card comes next? Give the season and the cards "
        "revealed in it, in order. Answers the time total against the season's threshold, whether the season ends "
        "now (and which edicts are scored), whether a ruins effect is pending for the next explore card (ruins "
        "chain; an ambush in between keeps it), and the explore cards still in the deck with their time.",
        SEASON_STATUS_SCHEMA, season_status,
    ),
    Operation(
        "solo_ambush",
        "Where does a solo Cartographers ambush go? Give the map side, the 11x11 grid and the ambush card. The shape, "
        "as printed, starts at the card's corner and walks the outer ring in the arrow's direction, then the next "
        "ring inward, to the first position where it fits; if it fits nowhere the ambush card is disregarded.",
        SOLO_AMBUSH_SCHEMA, run_solo_ambush,
    ),
    Operation(
        "solo_title",
        "What is my Cartographers solo title? Give the final score and the game's four scoring cards (or the sum of "
        "their solo values): the solo rating is the score minus that sum, and the rating's range names the title.",
        SOLO_TITLE_SCHEMA, run_solo_title,
    ),
    Operation(
        "season_total",
        "What does a Cartographers season score, given its counts instead of the map? Give the stars of the two "
        "edicts scored, the filled coins and the empty spaces next to monsters (and the season, to check the edict "
        "letters): edicts + 1 per coin − 1 per such space.",
        SEASON_TOTAL_SCHEMA, score_season,
    ),
    Operation(
        "edict_counts",
        "What does a Cartographers scoring card give for counts stated instead of the map? Shieldgate and "
        "Wildholds take the village clusters' sizes (Shieldgate: 2 per space of the second largest, the other of "
        "two tied for largest; Wildholds: 8 per cluster of 6 or more); Lost Barony the side of the largest "
        "all-filled square (3 per space of one side).",
        EDICT_COUNTS_SCHEMA, score_edict_counts,
    ),
), score_words=("star", "reputation"), describe=describe)
