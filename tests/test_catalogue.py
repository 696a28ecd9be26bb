"""Detection profiles cached on disk: computed once per library content, reused by a new process, redone for a
changed book without re-counting the others."""

from __future__ import annotations

from rulespal.catalogue import Catalogue
from rulespal.library import Library


def _library(folder, texts: dict[str, str]) -> Library:
    for game, text in texts.items():
        (folder / f"{game}.md").write_text(f"---\nid: {game}\ntitle: {game.title()}\n---\n# Rules\n{text}\n")
    return Library.from_paths([folder])


def test_profiles_are_cached_and_only_changed_books_are_recounted(tmp_path, monkeypatch):
    books = tmp_path / "books"
    books.mkdir()
    library = _library(books, {"pebbles": "Stones score two points.", "cobbles": "Cobbles block the road."})
    first = Catalogue(tmp_path / "cat").profiles(library.books)
    counted = []
    import rulespal.catalogue as catalogue

    real = catalogue.book_terms
    monkeypatch.setattr(catalogue, "book_terms", lambda book: counted.append(book.id) or real(book))
    assert Catalogue(tmp_path / "cat").profiles(library.books) == first and counted == []  # a new process reads it

    changed = _library(books, {"cobbles": "Cobbles block the road and the bridge."})
    detector = Catalogue(tmp_path / "cat").detector(changed.books)
    assert counted == ["cobbles"] and len(list((tmp_path / "cat").glob("profiles-*.json"))) == 1
    assert detector.candidates("which stones score", {}, None)[0].game == "pebbles"
