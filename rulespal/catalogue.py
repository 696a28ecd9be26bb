"""What game detection needs from every book, kept on disk under home: each book's term counts and heading titles
(by content digest), the library's profiles and its detection model (by the digests of all books), so a new process
neither reads nor tokenises the library. The book list itself (file → names and digest) lives here too."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import pickle
import shutil
import sqlite3
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from rulespal.detection import MODEL_FILE, BookModel, GameDetector, book_bag, book_terms, library_profiles
from rulespal.embeddings import release_memory
from rulespal.library import BookInfo, Library

TERMS_FILE = "book-terms.sqlite"


TERMS_VERSION = 2  # what book_terms counts (2: tokens and pairs of adjacent tokens)


def _key(info: BookInfo) -> str:
    text = f"{TERMS_VERSION}\n{info.id}\n{info.title}\n{info.aliases}\n{info.digest}"
    return hashlib.sha256(text.encode()).hexdigest()


def _write(path: Path, data: bytes) -> None:
    """Write a file atomically (a temp file, then rename), so a reader never sees half of it."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    os.replace(tmp, path)


class Catalogue:
    """The book list and the detection profiles of a library, cached in a folder."""

    def __init__(self, folder: Path):
        self.folder = folder

    @property
    def book_list(self) -> Path:
        """The file of the book list (see Library.from_paths)."""
        return self.folder / "books.json"

    def _terms(self, library: Library, keys: Sequence[str]) -> list[tuple[Counter, list[str]]]:
        """Term counts and heading titles of every book: read back for books seen before, computed (and saved, one
        row per book) for the others; rows of books no longer in the library are dropped."""
        self.folder.mkdir(parents=True, exist_ok=True)
        with contextlib.closing(sqlite3.connect(self.folder / TERMS_FILE)) as db, db:
            db.execute("CREATE TABLE IF NOT EXISTS terms (key TEXT PRIMARY KEY, data BLOB)")
            known = dict(db.execute("SELECT key, data FROM terms").fetchall())
            found, new = [], []
            for info, key in zip(library.infos, keys, strict=True):
                if key in known:
                    found.append(pickle.loads(known.pop(key)))
                    continue
                book = library.read(info.id)
                found.append((book_terms(book), [s.title for s in book.sections]))
                new.append((key, pickle.dumps(found[-1])))
            db.executemany("INSERT OR REPLACE INTO terms VALUES (?, ?)", new)
            db.executemany("DELETE FROM terms WHERE key = ?", [(k,) for k in known])
        return found

    def _library_key(self, library: Library) -> tuple[list[str], str]:
        keys = [_key(i) for i in library.infos]
        return keys, hashlib.sha256("\n".join(keys).encode()).hexdigest()[:16]

    def _drop_others(self, pattern: str, keep: Path) -> None:
        for old in self.folder.glob(pattern):
            if old != keep:
                if old.is_dir():
                    shutil.rmtree(old, ignore_errors=True)
                else:
                    old.unlink(missing_ok=True)

    def profiles(self, library: Library) -> list[str]:
        """Detection profiles of the books (see detection.library_profiles), computed once per library content."""
        keys, digest = self._library_key(library)
        path = self.folder / f"profiles-{digest}.json"
        if path.exists():
            return json.loads(path.read_text(encoding="utf-8"))
        self.folder.mkdir(parents=True, exist_ok=True)
        terms = self._terms(library, keys)
        texts = library_profiles(library.infos, [h for _, h in terms], [c for c, _ in terms])
        _write(path, json.dumps(texts).encode())
        self._drop_others("profiles-*.json", path)
        return texts

    def detector(self, library: Library) -> GameDetector:
        """A game detector over the library, its model read from disk (built and saved when the library changed)."""
        keys, digest = self._library_key(library)
        folder = self.folder / f"detector-{digest}"
        if (folder / MODEL_FILE).exists():
            try:
                return GameDetector(library.infos, model=BookModel.load(folder))
            except (OSError, ValueError, KeyError):
                pass  # unreadable: built again below
        self.folder.mkdir(parents=True, exist_ok=True)
        terms = self._terms(library, keys)
        stems: dict[str, str] = {}  # term -> its detection word, shared across books
        bags = [book_bag(info, counts, stems) for info, (counts, _) in zip(library.infos, terms, strict=True)]
        del terms, stems
        model = BookModel.of_books(library.infos, bags)
        del bags
        release_memory()  # the term counts of every book, now freed
        tmp = Path(tempfile.mkdtemp(dir=self.folder, prefix=".build-detector-"))
        model.save(tmp)
        shutil.rmtree(folder, ignore_errors=True)
        os.replace(tmp, folder)
        self._drop_others("detector-*", folder)
        return GameDetector(library.infos, model=model)
