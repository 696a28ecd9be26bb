"""RulesPal's own rulings (docs/rulings.md): what the engines decide where a rulebook is silent. They are a
second, clearly marked source, never quoted as the book's words."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rulespal.errors import UnknownGame
from rulespal.library import Library

RULINGS_FILE = Path(__file__).resolve().parent.parent / "docs" / "rulings.md"
_GAME_HEADING = re.compile(r"^#\s+(?P<title>.+?)\s+—\s+.*rulings\s*$", re.I | re.M)
_RULING = re.compile(r"^\*\*(?P<id>[A-Z]+\d+)\s+—\s+(?P<title>.+?)\.?\*\*\s*(?P<body>.*?)(?=^\*\*[A-Z]+\d+\s+—|^#|\Z)",
                     re.M | re.S)
_SECTIONS_NOTE = re.compile(r"^\*Sections?:.*?\*\s*", re.S)


@dataclass(frozen=True)
class Ruling:
    """One ruling: its id (R1…), title and text, for one game."""

    game: str
    id: str
    title: str
    text: str

    @property
    def anchor(self) -> str:
        """The citation anchor of the ruling, e.g. rulings/r1."""
        return f"rulings/{self.id.lower()}"


def parse_rulings(text: str, library: Library) -> tuple[Ruling, ...]:
    """Rulings of every game heading (`# <Game title> — … rulings`) whose game is in the library."""
    heads = list(_GAME_HEADING.finditer(text))
    found: list[Ruling] = []
    for n, head in enumerate(heads):
        try:
            game = library.resolve(head.group("title")).id
        except UnknownGame:
            continue
        block = text[head.end():heads[n + 1].start() if n + 1 < len(heads) else len(text)]
        for match in _RULING.finditer(block):
            body = " ".join(_SECTIONS_NOTE.sub("", match.group("body").strip()).split())
            found.append(Ruling(game, match.group("id"), match.group("title").strip(), body))
    return tuple(found)


@cache
def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""


def load_rulings(library: Library, path: Path = RULINGS_FILE) -> tuple[Ruling, ...]:
    """The rulings that ship with RulesPal, for the games of a library."""
    return parse_rulings(_read(path), library)
