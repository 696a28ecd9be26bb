"""What game detection needs from every book, kept on disk under home: each book's term counts (by content hash)
and the library's profiles (by the hash of all books), so a new process does not re-tokenise the whole library."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from rulespal.detection import GameDetector, book_terms, profiles
from rulespal.rulebook import Rulebook


def _key(book: Rulebook) -> str:
    return hashlib.sha256(f"{book.id}\n{book.title}\n{book.aliases}\n{book.content}".encode()).hexdigest()


def _write(path: Path, data: bytes) -> None:
    """Write a file atomically (a temp file, then rename), so a reader never sees half of it."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    os.replace(tmp, path)


class Catalogue:
    """Detection profiles of a library, cached in a folder."""

    def __init__(self, folder: Path):
        self.folder = folder

    def _terms(self, books: Sequence[Rulebook], keys: Sequence[str]) -> list[Counter]:
        """Term counts of every book: read back for books seen before, counted (and saved) for the others."""
        path = self.folder / "terms.pickle"
        known: dict[str, Counter] = pickle.loads(path.read_bytes()) if path.exists() else {}
        counts = [known.get(k) or book_terms(b) for b, k in zip(books, keys, strict=True)]
        if any(k not in known for k in keys):
            _write(path, pickle.dumps(dict(zip(keys, counts, strict=True))))
        return counts

    def profiles(self, books: Sequence[Rulebook]) -> list[str]:
        """Detection profiles of the books (see detection.profiles), computed once per library content."""
        keys = [_key(b) for b in books]
        library = hashlib.sha256("\n".join(keys).encode()).hexdigest()[:16]
        path = self.folder / f"profiles-{library}.json"
        if path.exists():
            return json.loads(path.read_text(encoding="utf-8"))
        self.folder.mkdir(parents=True, exist_ok=True)
        texts = profiles(books, self._terms(books, keys))
        _write(path, json.dumps(texts).encode())
        for old in self.folder.glob("profiles-*.json"):
            if old != path:
                old.unlink(missing_ok=True)
        return texts

    def detector(self, books: Sequence[Rulebook]) -> GameDetector:
        """A game detector over the books, from the cached profiles."""
        return GameDetector(books, self.profiles(books))
