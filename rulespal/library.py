"""The set of rulebooks RulesPal knows: the bundled folder plus paths added with `rulespal ingest PATH`.

Opening a library only lists and stats its files: a book list kept on disk (file path, mtime and size → the book's
id, names and content digest) answers for every unchanged file, so only new or changed files are read and parsed.
A book's sections are parsed when first needed (a search in it, its table of contents)."""

from __future__ import annotations

import json
import os
import re
import tempfile
import threading
from collections import OrderedDict, deque
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from functools import cached_property
from pathlib import Path
from typing import overload

from rulespal.errors import RulebookFormatError, UnknownGame, UnknownSection
from rulespal.lexical import compared_away, plural_stem
from rulespal.rulebook import Rulebook, Section, load_rulebook, slugify

BOOK_LIST_VERSION = 1
PARSED = 128  # parsed books kept in memory per library


def _markdown_files(path: Path) -> list[Path]:
    if path.is_dir():
        return sorted(p for p in path.rglob("*.md") if p.is_file() and not p.name.lower().startswith("readme"))
    if path.is_file():
        return [path]
    raise RulebookFormatError(f"{path}: no such file or folder")


@dataclass(frozen=True)
class BookInfo:
    """What the book list keeps of a rulebook file: its names, its size in sections and a digest of its text,
    valid while the file keeps its modification time and size."""

    id: str
    title: str
    aliases: tuple[str, ...]
    players: str | None
    sections: int
    path: str
    digest: str
    mtime_ns: int
    size: int

    @classmethod
    def of(cls, book: Rulebook, stat: os.stat_result) -> BookInfo:
        """The entry of a parsed book read from a file with this stat."""
        return cls(book.id, book.title, tuple(book.aliases), book.players, len(book.sections), book.source_path,
                   book.digest, stat.st_mtime_ns, stat.st_size)

    @classmethod
    def from_json(cls, data: dict) -> BookInfo:
        """An entry read back from the book list."""
        return cls(**{**data, "aliases": tuple(data["aliases"])})


def _write_atomic(path: Path, text: str) -> None:
    """Write a file atomically (a temp file, then rename), so a reader never sees half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(tmp, path)


def read_book_list(path: Path) -> dict[str, BookInfo]:
    """The book list by file path (empty when missing, unreadable or of another version)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != BOOK_LIST_VERSION:
            return {}
        return {e["path"]: BookInfo.from_json(e) for e in data["books"]}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def write_book_list(path: Path, infos: Iterable[BookInfo]) -> None:
    """Record the entries atomically."""
    books = [asdict(i) for i in sorted(infos, key=lambda i: i.path)]
    _write_atomic(path, json.dumps({"version": BOOK_LIST_VERSION, "books": books}, indent=0))


class Library:
    """Rulebooks by game id, in a stable order, with name/alias lookup; books are parsed on first use."""

    def __init__(self, infos: Iterable[BookInfo], parsed: Iterable[Rulebook] = ()):
        self.infos: tuple[BookInfo, ...] = tuple(sorted(infos, key=lambda i: i.id))
        self._by_id = {i.id: i for i in self.infos}
        self._parsed: OrderedDict[str, Rulebook] = OrderedDict((b.id, b) for b in parsed if b.id in self._by_id)
        while len(self._parsed) > PARSED:
            self._parsed.popitem(last=False)
        self._lock = threading.Lock()

    @classmethod
    def of(cls, books: Iterable[Rulebook]) -> Library:
        """A library of books already parsed (their files are stat-ed for the entries)."""
        books = list(books)
        return cls([BookInfo.of(b, Path(b.source_path).stat()) for b in books], books)

    @classmethod
    def from_paths(cls, paths: Iterable[Path], book_list: Path | None = None) -> Library:
        """Every Markdown rulebook under the given files/folders; a duplicate game id is an error. With a book
        list, files whose mtime and size match their entry are not read, and the list is updated."""
        known = read_book_list(book_list) if book_list is not None else {}
        infos: dict[str, BookInfo] = {}
        parsed: deque[Rulebook] = deque(maxlen=PARSED)  # the last ones read stay parsed, not the whole library
        seen: dict[str, BookInfo] = {}
        for root in paths:
            for file in _markdown_files(Path(root)):
                stat = file.stat()
                info = known.get(str(file))
                if info is None or info.mtime_ns != stat.st_mtime_ns or info.size != stat.st_size:
                    book = load_rulebook(file)
                    info = BookInfo.of(book, stat)
                    parsed.append(book)
                if info.id in infos and infos[info.id].path != info.path:
                    raise RulebookFormatError(
                        f"{file}: game id {info.id!r} is already used by {infos[info.id].path}")
                infos[info.id] = info
                seen[info.path] = info
        if book_list is not None and any(known.get(p) != i for p, i in seen.items()):
            kept = {p: i for p, i in known.items() if p not in seen and Path(p).is_file()}
            write_book_list(book_list, [*kept.values(), *seen.values()])
        return cls(infos.values(), parsed)

    @property
    def ids(self) -> tuple[str, ...]:
        """Game ids in order."""
        return tuple(self._by_id)

    def __len__(self) -> int:
        return len(self.infos)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._by_id

    def read(self, game_id: str) -> Rulebook:
        """A book by exact id, parsed when it is not in memory (without keeping it: for one-off passes over the
        whole library)."""
        with self._lock:
            book = self._parsed.get(game_id)
        return book if book is not None else load_rulebook(Path(self._by_id[game_id].path))

    def book(self, game_id: str) -> Rulebook:
        """A book by exact id, parsed once and kept among the recently used ones."""
        with self._lock:
            book = self._parsed.get(game_id)
            if book is not None:
                self._parsed.move_to_end(game_id)
                return book
        book = load_rulebook(Path(self._by_id[game_id].path))
        with self._lock:
            self._parsed[game_id] = book
            while len(self._parsed) > PARSED:
                self._parsed.popitem(last=False)
        return book

    @cached_property
    def books(self) -> Sequence[Rulebook]:
        """Every book in order, each parsed when it is reached (`books[0]` reads one book; a pass over all of them
        reads the whole library but keeps only the recently used ones in memory)."""
        return _Books(self)

    def names(self, book: Rulebook | BookInfo) -> tuple[str, ...]:
        """Every name a user may type for a game: id, title and aliases."""
        return (book.id, book.title, *book.aliases)

    @cached_property
    def _slugs(self) -> dict[str, str]:
        found: dict[str, str] = {}
        for info in self.infos:
            for name in self.names(info):
                found.setdefault(slugify(name), info.id)
        return found

    def info(self, game: str) -> BookInfo:
        """The entry whose id, title or alias matches `game` (case- and punctuation-insensitive)."""
        found = self._slugs.get(slugify(game))
        if found is None:
            raise UnknownGame(game, self.ids)
        return self._by_id[found]

    def resolve(self, game: str) -> Rulebook:
        """The rulebook whose id, title or alias matches `game` (case- and punctuation-insensitive)."""
        return self.book(self.info(game).id)

    def section(self, game: str, section_id: str) -> tuple[Rulebook, Section]:
        """A section by game and id, or UnknownSection listing the ids that exist."""
        book = self.resolve(game)
        found = book.section(section_id.strip("/"))
        if found is None:
            raise UnknownSection(book.id, section_id, (s.id for s in book.sections))
        return book, found

    @cached_property
    def _spoken_names(self) -> list[tuple[str, str]]:
        """(name as lowercase words, game id) for every name of 3+ characters that is not only a number (an alias
        such as '500' would claim every question about 500 points)."""
        found = []
        for info in self.infos:
            for name in self.names(info):
                spoken = _spoken(name)
                words = spoken.strip()
                if len(words) >= 3 and not words.replace(" ", "").isdigit():
                    found.append((spoken, info.id))
        return found

    def mentioned(self, text: str, within: Rulebook | None = None) -> Rulebook | None:
        """The game whose title or alias appears in the text as whole words (longest name wins), not in a comparison
        ('like in craps'); with `within`, a name whose words that book itself uses (backgammon's 'checkers', a card
        game's 'king' for the alias 'Kings') names a thing of that game, not another game."""
        lowered = _spoken(compared_away(text))
        named = [(words, game) for words, game in self._spoken_names if words in lowered]
        if named and within is not None:  # the selected book read only when a name was found
            used = within.word_forms
            named = [(words, game) for words, game in named
                     if not all(w in used or plural_stem(w) in used for w in words.split())]
        best = max(named, key=lambda wg: len(wg[0]), default=None)
        return self.book(best[1]) if best else None


def _spoken(text: str) -> str:
    """Text as names are matched in it: lowercase words and numbers between single spaces, padded."""
    return f" {re.sub(r'[^a-z0-9]+', ' ', text.lower())} "


class _Books(Sequence[Rulebook]):
    """The books of a library as a sequence, parsed on access."""

    def __init__(self, library: Library):
        self._library = library

    def __len__(self) -> int:
        return len(self._library)

    @overload
    def __getitem__(self, index: int) -> Rulebook: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Rulebook]: ...

    def __getitem__(self, index: int | slice) -> Rulebook | Sequence[Rulebook]:
        ids = self._library.ids
        if isinstance(index, slice):
            return [self._library.book(g) for g in ids[index]]
        return self._library.book(ids[index])


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
    _write_atomic(sources_file, json.dumps([str(p) for p in paths], indent=1))
