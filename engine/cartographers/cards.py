"""Card tables of Cartographers (explore, ambush and scoring cards, seasons, solo titles) from the data file."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.cartographers.rules import DECK_SECTIONS, KIND_SECTIONS, game_data

Cell = tuple[int, int]



def slugify(text: str) -> str:
    """Slug as used by section ids and score keys: lowercase, apostrophes dropped, other runs of non a-z0-9 -> '-'."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("'", "").replace("\u2019", "")).strip("-")


def name_key(text: str) -> str:
    """Loose key for matching card names typed by people: letters and digits only, a leading 'the' ignored."""
    key = re.sub(r"[^a-z0-9]", "", text.lower())
    return key[3:] if key.startswith("the") and len(key) > 3 else key


@dataclass(frozen=True)
class Shape:
    """A shape printed on a card, in printed orientation; `coin` marks a coin symbol."""

    cells: tuple[Cell, ...]
    coin: bool


@dataclass(frozen=True)
class ExploreCard:
    """An explore card: kind is 'explore', 'ruins' or 'rift_lands'; time counts toward the season threshold."""

    id: str
    name: str
    kind: str
    time: int
    terrains: tuple[str, ...]
    shapes: tuple[Shape, ...]

    @property
    def is_ambush(self) -> bool:
        """Explore cards are never ambushes."""
        return False

    @property
    def rule_ref(self) -> str:
        """Rulebook section of this kind of card, e.g. 'explore-cards/terrain-cards'."""
        return KIND_SECTIONS[self.kind]


@dataclass(frozen=True)
class AmbushCard:
    """An ambush card: one monster shape, the arrow that passes sheets, and the solo starting corner."""

    id: str
    name: str
    time: int
    shape: Shape
    arrow: str
    solo_start_corner: str

    @property
    def kind(self) -> str:
        """Card kind, for uniform handling with explore cards."""
        return "ambush"

    @property
    def is_ambush(self) -> bool:
        """Ambush cards are ambushes."""
        return True

    @property
    def terrains(self) -> tuple[str, ...]:
        """An ambush shape is always filled with the monster terrain."""
        return ("monster",)

    @property
    def shapes(self) -> tuple[Shape, ...]:
        """The single monster shape, as a one-element tuple."""
        return (self.shape,)

    @property
    def rule_ref(self) -> str:
        """Rulebook section of the ambush cards."""
        return KIND_SECTIONS["ambush"]


@dataclass(frozen=True)
class ScoringCard:
    """A scoring card (Queen's edict candidate): its deck, solo value and rule text from the data file."""

    id: str
    deck: str
    name: str
    solo_value: int
    rule: str
    example: str

    @property
    def slug(self) -> str:
        """The card's slug, e.g. 'sentinel-wood'."""
        return slugify(self.name)

    @property
    def rule_ref(self) -> str:
        """Rulebook section id of the card, e.g. 'scoring-cards/forest-cards/sentinel-wood'."""
        return f"{DECK_SECTIONS[self.deck]}/{self.slug}"


@dataclass(frozen=True)
class Season:
    """A season card: its time threshold and the two edicts scored at its end."""

    name: str
    time_threshold: int
    edicts: tuple[str, str]

    @property
    def key(self) -> str:
        """Lower-case season name used in documents, e.g. 'spring'."""
        return self.name.lower()


def _cells(raw: list[list[int]]) -> tuple[Cell, ...]:
    return tuple((r, c) for r, c in raw)


def _shape(raw: dict[str, Any]) -> Shape:
    return Shape(_cells(raw["cells"]), bool(raw["coin"]))


EXPLORE_CARDS: tuple[ExploreCard, ...] = tuple(
    ExploreCard(c["id"], c["name"], c["type"], c["time"], tuple(c["terrains"]), tuple(_shape(s) for s in c["shapes"]))
    for c in game_data()["explore_cards"]
)
AMBUSH_CARDS: tuple[AmbushCard, ...] = tuple(
    AmbushCard(c["id"], c["name"], c["time"], Shape(_cells(c["shape"]), False), c["arrow"], c["solo_start_corner"])
    for c in game_data()["ambush_cards"]
)
SCORING_CARDS: tuple[ScoringCard, ...] = tuple(
    ScoringCard(c["id"], c["deck"], c["name"], c["solo_value"], c["rule"], c["example"])
    for c in game_data()["scoring_cards"]
)
SEASONS: tuple[Season, ...] = tuple(
    Season(s["name"], s["time_threshold"], tuple(s["edicts_scored"])) for s in game_data()["seasons"]
)
EDICTS: tuple[str, ...] = tuple(game_data()["edicts"])
# (minimum rating, title), best first.
SOLO_TITLES: tuple[tuple[int, str], ...] = tuple((m, t) for m, t in game_data()["solo_titles_min_rating"])

SEASON_ALIASES: dict[str, str] = {"autumn": "fall"}

# each scoring card's name as a player types it ('great city', 'the broken-road'), for the `describe` readers
CARD_NAMES: tuple[tuple[str, re.Pattern[str]], ...] = tuple((card.name, re.compile(r"\b" + r"[\s'-]*".join(
    re.escape(word) for word in card.name.lower().removeprefix("the ").split()) + r"\b")) for card in SCORING_CARDS)
_SCORING_BY_KEY = {name_key(card.name): card for card in SCORING_CARDS}
# Every card a player draws from: explore (terrain, ruins, rift lands) and ambush cards.
PLAYABLE_CARDS: tuple[ExploreCard | AmbushCard, ...] = (*EXPLORE_CARDS, *AMBUSH_CARDS)
_PLAYABLE_BY_KEY: dict[str, ExploreCard | AmbushCard] = {name_key(c.name): c for c in PLAYABLE_CARDS}


def find_scoring_card(name: str) -> ScoringCard | None:
    """The scoring card with this name (case, spacing, hyphens and a leading 'The' ignored), or None."""
    return _SCORING_BY_KEY.get(name_key(name))


def find_playable_card(name: str) -> ExploreCard | AmbushCard | None:
    """The explore, ruins, rift lands or ambush card with this name (loosely matched), or None."""
    return _PLAYABLE_BY_KEY.get(name_key(name))


def find_season(name: str) -> Season | None:
    """The season with this name ('spring', 'Summer', 'fall'/'autumn', 'winter'), or None."""
    key = name.strip().lower()
    key = SEASON_ALIASES.get(key, key)
    return next((s for s in SEASONS if s.key == key), None)


def solo_title(rating: int) -> str | None:
    """Solo title for a rating: the highest title whose minimum it meets or surpasses; None below the lowest (-30)."""
    return next((title for minimum, title in SOLO_TITLES if rating >= minimum), None)
