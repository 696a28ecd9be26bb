"""Domain errors shared by the CLI and the API (mapped to exit codes / HTTP statuses in one place each)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal


class RulesPalError(Exception):
    """Base class of errors a user can act on."""


class UnknownGame(RulesPalError):
    """A game id or name that matches no rulebook."""

    def __init__(self, game: str, known: Iterable[str]):
        self.game, self.known = game, tuple(known)
        super().__init__(f"unknown game {game!r}; known games: {', '.join(self.known)}")


class UnknownSection(RulesPalError):
    """A section id that does not exist in a rulebook."""

    def __init__(self, game: str, section_id: str, known: Iterable[str]):
        self.game, self.section_id, self.known = game, section_id, tuple(known)
        super().__init__(f"no section {section_id!r} in {game}; sections: {', '.join(self.known)}")


class NoEngine(RulesPalError):
    """A game (or operation) without a rules engine."""


class NotRemovable(RulesPalError):
    """A rulebook that cannot be removed: bundled with RulesPal, or added as part of a folder."""


class UploadRefused(RulesPalError):
    """A rulebook upload that is refused, and why: forbidden (not allowed here), too_large, unsupported (neither a
    PDF nor UTF-8 Markdown) or invalid (unreadable, too many pages, no text layer, no usable rulebook)."""

    def __init__(self, reason: Literal["forbidden", "too_large", "unsupported", "invalid"], message: str):
        self.reason = reason
        super().__init__(message)


class RulebookFormatError(RulesPalError):
    """A rulebook file that cannot be read as RulesPal Markdown."""


class QuestionTooLong(RulesPalError):
    """A question longer than the configured limit."""

    def __init__(self, length: int, limit: int):
        self.length, self.limit = length, limit
        super().__init__(f"question is {length} characters; the limit is {limit}")


class EmptyQuestion(RulesPalError):
    """A question with no words in it."""


class NoTextLayer(RulebookFormatError):
    """A PDF whose pages carry no text (scanned images): it needs OCR, which RulesPal does not do."""

    def __init__(self, name: str, pages: int):
        self.name, self.pages = name, pages
        super().__init__(f"{name}: none of its {pages} pages has a text layer (a scan?); "
                         "run it through OCR first (e.g. `ocrmypdf in.pdf out.pdf`) or supply the rulebook as Markdown")


class WhichGame(RulesPalError):
    """A question that names no game and fits several: the likely games, best first, to pick from."""

    def __init__(self, candidates: Iterable[dict]):
        self.candidates = tuple(candidates)
        names = ", ".join(f"{c['title']} ({c['game']})" for c in self.candidates) or "none"
        super().__init__(f"which game is this about? It could be: {names}; ask again naming the game")
