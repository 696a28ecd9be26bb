"""What game detection needs from every book, kept on disk under home: each book's bag of detection words (by
content digest) and the library's detection model (by the digests of all books), so a new process neither reads nor
tokenises the library, and a changed library re-reads only its new or changed books. The book list itself (file →
names and digest) lives here too."""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Sequence
from pathlib import Path

from rulespal.detection import MODEL_FILE, Bag, BookModel, GameDetector, book_bag, book_terms
from rulespal.embeddings import release_memory
from rulespal.library import BookInfo, Library

BAGS_FILE = "book-bags.sqlite"
OLD_FILES = ("book-terms.sqlite", "profiles-*.json")  # of earlier versions, removed when the model is next built
BAGS_VERSION = 7  # what book_bag holds (4: stemmed tokens and pairs of adjacent tokens, as sorted keys; 5: players'
# spellings of stopwords dropped; 6: '×3' read as 'x3'; 7: ordinals as '4th')


def _key(info: BookInfo) -> str:
    text = f"{BAGS_VERSION}\n{info.id}\n{info.title}\n{info.aliases}\n{info.digest}"
    return hashlib.sha256(text.encode()).hexdigest()


def _write(path: Path, data: bytes) -> None:
    """Write a file atomically (a temp file, then rename), so a reader never sees half of it."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    os.replace(tmp, path)


class Catalogue:
    """The book list and the detection model of a library, cached in a folder."""

    def __init__(self, folder: Path):
        self.folder = folder

    @property
    def book_list(self) -> Path:
        """The file of the book list (see Library.from_paths)."""
        return self.folder / "books.json"

    def _bags(self, library: Library, keys: Sequence[str]) -> list[Bag]:
        """Every book's bag of detection words: read back for books seen before, computed (and saved, one row per
        book) for the others; rows of books no longer in the library are dropped."""
        self.folder.mkdir(parents=True, exist_ok=True)
        with contextlib.closing(sqlite3.connect(self.folder / BAGS_FILE)) as db, db:
            db.execute("CREATE TABLE IF NOT EXISTS bags (key TEXT PRIMARY KEY, words BLOB, counts BLOB)")
            known = {key: (words, counts) for key, words, counts in db.execute("SELECT key, words, counts FROM bags")}
            found, new = [], []
            for info, key in zip(library.infos, keys, strict=True):
                if key in known:
                    found.append(Bag.from_bytes(*known.pop(key)))
                    continue
                found.append(book_bag(info, book_terms(library.read(info.id))))
                new.append((key, *found[-1].to_bytes()))
            db.executemany("INSERT OR REPLACE INTO bags VALUES (?, ?, ?)", new)
            db.executemany("DELETE FROM bags WHERE key = ?", [(k,) for k in known])
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
        model = BookModel.of_books(library.infos, self._bags(library, keys))
        release_memory()  # the bags of every book, now freed
        tmp = Path(tempfile.mkdtemp(dir=self.folder, prefix=".build-detector-"))
        model.save(tmp)
        shutil.rmtree(folder, ignore_errors=True)
        os.replace(tmp, folder)
        self._drop_others("detector-*", folder)
        for pattern in OLD_FILES:
            self._drop_others(pattern, folder)
        return GameDetector(library.infos, model=model)
