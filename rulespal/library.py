"""The set of rulebooks RulesPal knows: the bundled folder plus paths added with `rulespal ingest PATH`."""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rulespal.errors import RulebookFormatError, UnknownGame, UnknownSection
from rulespal.rulebook import Rulebook, Section, load_rulebook, slugify


def _markdown_files(path: Path) -> list[Path]:
    if path.is_dir():
        return sorted(p for p in path.rglob("*.md") if p.is_file() and not p.name.lower().startswith("readme"))
    if path.is_file():
        return [path]
    raise RulebookFormatError(f"{path}: no such file or folder")


@dataclass(frozen=True)
class Library:
    """Rulebooks by game id, in a stable order, with name/alias lookup."""

    books: tuple[Rulebook, ...]

    @classmethod
    def from_paths(cls, paths: Iterable[Path]) -> Library:
        """Load every Markdown rulebook under the given files/folders; a duplicate game id is an error."""
        books: dict[str, Rulebook] = {}
        for root in paths:
            for file in _markdown_files(Path(root)):
                book = load_rulebook(file)
                if book.id in books and books[book.id].source_path != book.source_path:
                    raise RulebookFormatError(
                        f"{file}: game id {book.id!r} is already used by {books[book.id].source_path}")
                books[book.id] = book
        return cls(tuple(sorted(books.values(), key=lambda b: b.id)))

    @property
    def ids(self) -> tuple[str, ...]:
        """Game ids in order."""
        return tuple(b.id for b in self.books)

    def names(self, book: Rulebook) -> tuple[str, ...]:
        """Every name a user may type for a game: id, title and aliases."""
        return (book.id, book.title, *book.aliases)

    def resolve(self, game: str) -> Rulebook:
        """The rulebook whose id, title or alias matches `game` (case- and punctuation-insensitive)."""
        wanted = slugify(game)
        for book in self.books:
            if any(slugify(name) == wanted for name in self.names(book)):
                return book
        raise UnknownGame(game, self.ids)

    def section(self, game: str, section_id: str) -> tuple[Rulebook, Section]:
        """A section by game and id, or UnknownSection listing the ids that exist."""
        book = self.resolve(game)
        found = book.section(section_id.strip("/"))
        if found is None:
            raise UnknownSection(book.id, section_id, (s.id for s in book.sections))
        return book, found

    def mentioned(self, text: str) -> Rulebook | None:
        """The game whose title or alias appears in the text as whole words (longest name wins)."""
        lowered = f" {re.sub(r'[^a-z0-9]+', ' ', text.lower())} "
        best: tuple[int, Rulebook] | None = None
        for book in self.books:
            for name in self.names(book):
                words = re.sub(r"[^a-z0-9]+", " ", name.lower()).strip()
                if len(words) >= 3 and f" {words} " in lowered and (best is None or len(words) > best[0]):
                    best = (len(words), book)
        return best[1] if best else None


def read_sources(sources_file: Path) -> list[Path]:
    """Extra rulebook paths recorded by earlier `rulespal ingest PATH` calls."""
    if not sources_file.exists():
        return []
    try:
        return [Path(p) for p in json.loads(sources_file.read_text(encoding="utf-8"))]
    except (OSError, ValueError) as exc:
        raise RulebookFormatError(f"{sources_file}: unreadable list of rulebook sources: {exc}") from exc


def write_sources(sources_file: Path, paths: Sequence[Path]) -> None:
    """Record extra rulebook paths atomically (write a temp file, then rename)."""
    sources_file.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=sources_file.parent, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump([str(p) for p in paths], fh, indent=1)
    os.replace(tmp, sources_file)
