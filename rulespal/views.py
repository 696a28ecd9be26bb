"""What the service hands to the front ends: one frozen view per resource, with the one JSON form (`to_dict`) that
both the CLI (`--json`) and the HTTP API return."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import GameEngine
from rulespal.retrieval import SearchResult
from rulespal.rulebook import Rulebook, Section


@dataclass(frozen=True)
class GameView:
    """A game RulesPal has a rulebook for, and whether it has a rules engine."""

    id: str
    title: str
    aliases: tuple[str, ...]
    players: str | None
    sections: int
    engine: bool

    @classmethod
    def of(cls, book: Rulebook, engine: bool) -> GameView:
        """The view of a rulebook."""
        return cls(book.id, book.title, tuple(book.aliases), book.players, len(book.sections), engine)

    def to_dict(self) -> dict[str, Any]:
        """JSON form: id, title, aliases, players, sections, engine."""
        return {"id": self.id, "title": self.title, "aliases": list(self.aliases), "players": self.players,
                "sections": self.sections, "engine": self.engine}


@dataclass(frozen=True)
class TocEntry:
    """A node of a table of contents."""

    section_id: str
    title: str
    level: int
    children: tuple[TocEntry, ...]
    page: int | None = None  # first page, when the book came from a PDF

    def to_dict(self) -> dict[str, Any]:
        """JSON form: section_id, title, level, page, children."""
        return {"section_id": self.section_id, "title": self.title, "level": self.level, "page": self.page,
                "children": [c.to_dict() for c in self.children]}


@dataclass(frozen=True)
class TocView:
    """A rulebook's table of contents as a tree."""

    game: str
    title: str
    entries: tuple[TocEntry, ...]

    @classmethod
    def of(cls, book: Rulebook) -> TocView:
        """The table of contents of a rulebook."""
        def below(parent: str | None) -> tuple[TocEntry, ...]:
            return tuple(TocEntry(s.id, s.title, s.level, below(s.id), s.pages[0] if s.pages else None)
                         for s in book.children(parent))

        return cls(book.id, book.title, below(None))

    def to_dict(self) -> dict[str, Any]:
        """JSON form: game, title, toc (the tree)."""
        return {"game": self.game, "title": self.title, "toc": [e.to_dict() for e in self.entries]}


@dataclass(frozen=True)
class SectionView:
    """One section of a rulebook: its own text and the ids of its direct subsections."""

    game: str
    section_id: str
    title: str
    heading_path: tuple[str, ...]
    parent_id: str | None
    text: str
    children: tuple[str, ...]
    pages: tuple[int, int] | None = None  # first and last page, when the book came from a PDF

    @classmethod
    def of(cls, book: Rulebook, section: Section) -> SectionView:
        """The view of a section of a rulebook."""
        return cls(book.id, section.id, section.title, tuple(section.heading_path), section.parent_id, section.text,
                   tuple(c.id for c in book.children(section.id)), section.pages)

    def to_dict(self) -> dict[str, Any]:
        """JSON form: game, section_id, title, heading_path, parent_id, text, children, pages ([first, last])."""
        return {"game": self.game, "section_id": self.section_id, "title": self.title,
                "heading_path": list(self.heading_path), "parent_id": self.parent_id, "text": self.text,
                "children": list(self.children), "pages": list(self.pages) if self.pages else None}


@dataclass(frozen=True)
class SearchView:
    """A query and what the search found for it."""

    query: str
    result: SearchResult

    def to_dict(self) -> dict[str, Any]:
        """JSON form: query, game, detected, candidates, hits."""
        result = self.result
        return {"query": self.query, "game": result.game, "detected": result.detected,
                "candidates": [c.to_dict() for c in result.candidates], "hits": [h.to_dict() for h in result.hits]}


@dataclass(frozen=True)
class EngineView:
    """A game's rules engine: each operation's name, description and input schema (with examples)."""

    game: str
    engine: GameEngine

    def to_dict(self) -> dict[str, Any]:
        """JSON form: game, operations (name, description, input_schema)."""
        return {"game": self.game, "operations": [
            {"name": op.name, "description": op.description, "input_schema": dict(op.input_schema)}
            for op in self.engine.operations]}


@dataclass(frozen=True)
class IngestReport:
    """What an ingest did."""

    games: tuple[str, ...]
    chunks: int
    rebuilt: bool
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        """JSON form: games, chunks, rebuilt, seconds."""
        return {"games": list(self.games), "chunks": self.chunks, "rebuilt": self.rebuilt,
                "seconds": round(self.seconds, 2)}
