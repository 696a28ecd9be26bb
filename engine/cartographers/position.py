"""Reading and validating a Cartographers position document (map side, grid, edicts, season, shape coins)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cartographers.cards import EDICTS, SCORING_CARDS, ScoringCard, Season, find_scoring_card, find_season
from engine.cartographers.grid import CODES, EMPTY, SIZE, UNDRAWN_RUINS, Board
from engine.cartographers.maps import MAPS, MapSide, find_map
from engine.kit import Loc, PositionError, Problems

POSITION_KEYS: tuple[str, ...] = ("map", "grid", "cards", "season", "coins_from_shapes")
CARD_NAMES = ", ".join(card.name for card in SCORING_CARDS)
SEASON_NAMES = "spring, summer, fall, winter"


@dataclass(frozen=True)
class Edict:
    """A scoring card to evaluate, with the edict letter it sits under (None when scored outside an edict)."""

    letter: str | None
    card: ScoringCard


@dataclass(frozen=True)
class Position:
    """A validated position: the board, the scoring cards to evaluate, the season (if any) and shape coins."""

    board: Board
    edicts: tuple[Edict, ...]
    season: Season | None
    coins_from_shapes: int


def where(r: int, c: int) -> str:
    """Human wording of a cell: 'row r, column c (0-based)'."""
    return f"row {r}, column {c} (0-based)"


def require_object(doc: Any, loc: Loc = ()) -> dict[str, Any]:
    """The document as a dict, or PositionError saying a JSON object was expected."""
    if not isinstance(doc, dict):
        raise PositionError(f"expected a JSON object, got {type(doc).__name__}", loc)
    return doc


def check_keys(doc: dict[str, Any], allowed: tuple[str, ...], loc: Loc, problems: Problems) -> None:
    """Record an error for every key not in `allowed` (catches typos such as 'coins' for 'coins_from_shapes')."""
    for key in doc:
        if key not in allowed:
            problems.add((*loc, key), f"unknown field {key!r}; expected only: {', '.join(allowed)}")


def parse_map(value: Any, loc: Loc, problems: Problems) -> MapSide | None:
    """The map side named by value ('A' wilderness or 'B' wastelands), recording an error if it is not one."""
    side = find_map(value) if isinstance(value, str) else None
    if side is None:
        options = " or ".join(f"'{m.letter}' ({m.name})" for m in MAPS.values())
        problems.add(loc, f"expected the map side {options}, got {value!r}")
    return side


def _cell_error(code: str, r: int, c: int, side: MapSide | None) -> str | None:
    """Why `code` cannot stand at (r, c) on this map side, or None if it can."""
    if code not in CODES and code != UNDRAWN_RUINS:
        hint = f" (codes are upper-case: did you mean {code.upper()!r}?)" if code.upper() in CODES else ""
        return (f"unknown code {code!r} at {where(r, c)}; expected one of {' '.join(CODES)} "
                f"({', '.join(f'{k} {v}' for k, v in CODES.items())}){hint}")
    if side is None:
        return None
    printed = [("mountain", "M", side.mountains), ("wasteland", "#", side.wasteland)]
    for feature, mark, cells in printed:
        if (r, c) in cells and code != mark:
            return f"map {side.letter} prints a {feature} at {where(r, c)}: expected {mark!r}, found {code!r}"
        if code == mark and (r, c) not in cells:
            listed = ", ".join(f"({a},{b})" for a, b in cells) or "nowhere"
            return (f"{mark!r} ({feature}) at {where(r, c)}, but map {side.letter} prints no {feature} there; "
                    f"its {feature} spaces are at: {listed}")
    if code == UNDRAWN_RUINS and (r, c) not in side.ruins:
        listed = ", ".join(f"({a},{b})" for a, b in side.ruins)
        return (f"'R' marks a printed ruins space nothing is drawn on, but map {side.letter} prints no ruins at "
                f"{where(r, c)} (its ruins are at {listed}); use '.' for an empty space")
    return None


def parse_grid(value: Any, side: MapSide | None, loc: Loc, problems: Problems) -> Board | None:
    """The board drawn in `value` (11 strings of 11 codes), checked against the printed map side."""
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list) or len(value) != SIZE:
        got = f"{len(value)} rows" if isinstance(value, list) else repr(value)[:40]
        problems.add(loc, f"expected a list of {SIZE} strings (rows 0-10, top to bottom) of {SIZE} "
                          f"codes each, got {got}")
        return None
    before = len(problems)
    for r, row in enumerate(value):
        if not isinstance(row, str) or len(row) != SIZE:
            got = f"{len(row)} characters" if isinstance(row, str) else type(row).__name__
            problems.add((*loc, r), f"row {r} (0-based) must be a string of {SIZE} codes, got {got}")
            continue
        for c, code in enumerate(row):
            problem = _cell_error(code, r, c, side)
            if problem:
                problems.add((*loc, r, c), problem)
    if len(problems) > before or side is None:
        return None
    return Board(side, "".join(value).replace(UNDRAWN_RUINS, EMPTY))


def parse_coins(value: Any, loc: Loc, problems: Problems) -> int:
    """Coins earned from shapes so far (a whole number >= 0)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        problems.add(loc, f"expected a whole number >= 0 of coins earned from shapes, got {value!r}")
        return 0
    return value


def parse_season(value: Any, loc: Loc, problems: Problems) -> Season | None:
    """The season named by value, recording an error if it is not a season."""
    season = find_season(value) if isinstance(value, str) else None
    if season is None:
        problems.add(loc, f"expected a season ({SEASON_NAMES}), got {value!r}")
    return season


def _card(value: Any, loc: Loc, problems: Problems) -> ScoringCard | None:
    card = find_scoring_card(value) if isinstance(value, str) else None
    if card is None:
        problems.add(loc, f"unknown scoring card {value!r}; the 16 scoring cards are: {CARD_NAMES}")
    return card


def _check_edict_set(edicts: list[Edict], problems: Problems) -> None:
    """Edicts hold distinct cards, one per scoring deck (setup draws one card from each deck)."""
    by_deck: dict[str, Edict] = {}
    for edict in edicts:
        other = by_deck.setdefault(edict.card.deck, edict)
        if other is not edict:
            problem = ("the same card" if other.card == edict.card
                       else f"two {edict.card.deck.replace('_', '/')} cards ({other.card.name}, {edict.card.name})")
            problems.add(("cards", str(edict.letter)),
                         f"edicts {other.letter} and {edict.letter} hold {problem}; setup places one "
                         f"card from each of the four decks (forest, farm/water, village, spatial)")


def parse_edicts(cards: Any, season_value: Any, problems: Problems,
                 require_all: bool = False) -> tuple[tuple[Edict, ...], Season | None]:
    """The scoring cards to evaluate and the season: a list of names, 'all', or an edict mapping plus a season."""
    season = parse_season(season_value, ("season",), problems) if season_value is not None else None
    if isinstance(cards, str) and cards.strip().lower() == "all":
        if require_all:
            problems.add(("cards",), "a whole game needs the four edicts {A, B, C, D}, not 'all'")
        if season_value is not None:
            problems.add(("season",), "season picks two edicts from a mapping {A, B, C, D}; it cannot "
                                      "be combined with cards 'all'")
        return tuple(Edict(None, card) for card in SCORING_CARDS), None
    if isinstance(cards, str):
        cards = [cards]
    if isinstance(cards, list) and (season_value is not None or require_all):
        if len(cards) != len(EDICTS):
            scope = "for a whole game" if require_all else "with a season"
            problems.add(("cards",), f"{scope}, cards must be the mapping {{A, B, C, D}} or a list of "
                                     f"four cards read as edicts A, B, C, D; got {len(cards)} cards")
            return (), season
        cards = dict(zip(EDICTS, cards, strict=False))
    if isinstance(cards, list):
        found = [card for i, value in enumerate(cards) if (card := _card(value, ("cards", i), problems))]
        for i, card in enumerate(found):
            if card in found[:i]:
                problems.add(("cards",), f"{card.name} is listed twice")
        return tuple(Edict(None, card) for card in dict.fromkeys(found)), None
    if not isinstance(cards, dict):
        problems.add(("cards",), f"expected a list of scoring card names, 'all', or a mapping of edicts "
                                 f"{{A, B, C, D}} to card names; got {cards!r}")
        return (), season
    edicts: list[Edict] = []
    given: set[str] = set()
    for key, value in cards.items():
        letter = str(key).strip().upper()
        if letter not in EDICTS:
            problems.add(("cards", str(key)), f"unknown edict {key!r}; edicts are A, B, C, D")
            continue
        if letter in given:
            problems.add(("cards", str(key)), f"edict {letter} is given twice")
            continue
        given.add(letter)
        if card := _card(value, ("cards", str(key)), problems):
            edicts.append(Edict(letter, card))
    _check_edict_set(edicts, problems)
    if season is None and season_value is None and not require_all:
        problems.add(("season",), f"required with an edict mapping: which season is scored "
                                  f"({SEASON_NAMES}); each season scores two edicts")
        return (), None
    needed = EDICTS if require_all else (season.edicts if season else ())
    have = {e.letter: e for e in edicts}
    for letter in needed:
        if letter not in given:
            scope = (f"{season.key} scores edicts {' and '.join(season.edicts)}" if season and not require_all
                     else "the whole game")
            problems.add(("cards", letter), f"edict {letter} is missing; {scope}")
    return tuple(have[letter] for letter in needed if letter in have), season


def parse_position(doc: Any, extra_keys: tuple[str, ...] = ()) -> Position:
    """Validate a position document; raise PositionError naming every bad field or cell."""
    doc = require_object(doc)
    problems = Problems()
    check_keys(doc, POSITION_KEYS + extra_keys, (), problems)
    side = None
    if "map" not in doc:
        problems.add(("map",), "required: 'A' (wilderness) or 'B' (wastelands)")
    else:
        side = parse_map(doc["map"], ("map",), problems)
    board = None
    if "grid" not in doc:
        problems.add(("grid",), f"required: {SIZE} strings of {SIZE} codes ({' '.join(CODES)})")
    else:
        board = parse_grid(doc["grid"], side, ("grid",), problems)
    if "cards" in doc:
        edicts, season = parse_edicts(doc["cards"], doc.get("season"), problems)
    else:
        if "season" in doc:
            problems.add(("season",), "season picks two edicts from 'cards'; give cards as a mapping "
                                      "{A, B, C, D}")
        edicts, season = (), None
    coins = parse_coins(doc.get("coins_from_shapes", 0), ("coins_from_shapes",), problems)
    if problems or board is None:
        raise PositionError(problems.errors)
    return Position(board, edicts, season, coins)
