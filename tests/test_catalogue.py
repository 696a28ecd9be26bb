"""Detection bags and model cached on disk: computed once per library content, reused by a new process, redone for a
changed book without re-counting the others."""

from __future__ import annotations

from rulespal.catalogue import Catalogue
from rulespal.detection import BookModel, GameDetector
from rulespal.library import Library


def _library(folder, texts: dict[str, str], book_list=None) -> Library:
    for game, text in texts.items():
        (folder / f"{game}.md").write_text(f"---\nid: {game}\ntitle: {game.title()}\n---\n# Rules\n{text}\n")
    return Library.from_paths([folder], book_list)


def test_bags_are_cached_and_only_changed_books_are_recounted(tmp_path, monkeypatch):
    books = tmp_path / "books"
    books.mkdir()
    library = _library(books, {"pebbles": "Stones score two points.", "cobbles": "Cobbles block the road."})
    Catalogue(tmp_path / "cat").detector(library)
    counted = []
    import rulespal.catalogue as catalogue

    real = catalogue.book_terms
    monkeypatch.setattr(catalogue, "book_terms", lambda book: counted.append(book.id) or real(book))
    changed = _library(books, {"cobbles": "Cobbles block the road and the bridge."})
    detector = Catalogue(tmp_path / "cat").detector(changed)
    assert counted == ["cobbles"] and len(list((tmp_path / "cat").glob("detector-*"))) == 1
    assert detector.candidates("which stones score", {}, None)[0].game == "pebbles"
    bags = [catalogue.book_bag(info, real(changed.read(info.id))) for info in changed.infos]
    from_scratch = GameDetector(changed.infos, BookModel.of_books(changed.infos, bags))
    for question in ("which stones score", "the road and the bridge", "cobbles"):
        assert from_scratch.candidates(question, {}, None) == detector.candidates(question, {}, None)


def test_detector_index_is_saved_and_read_back_without_reading_books(tmp_path, monkeypatch):
    books = tmp_path / "books"
    books.mkdir()
    library = _library(books, {"pebbles": "Stones score two points.", "cobbles": "Cobbles block the road."})
    first = Catalogue(tmp_path / "cat").detector(library)
    import rulespal.library as library_module

    monkeypatch.setattr(library_module, "load_rulebook", lambda path: (_ for _ in ()).throw(AssertionError(path)))
    again = Catalogue(tmp_path / "cat").detector(Library(library.infos))  # a new process: nothing parsed
    assert again.candidates("which stones score", {}, None) == first.candidates("which stones score", {}, None)
    assert len(list((tmp_path / "cat").glob("detector-*"))) == 1


def test_book_list_reads_only_new_or_changed_files(tmp_path, monkeypatch):
    books, book_list = tmp_path / "books", tmp_path / "cat" / "books.json"
    books.mkdir()
    first = _library(books, {"pebbles": "Stones score two points.", "cobbles": "Cobbles block the road."}, book_list)
    import rulespal.library as library_module

    real, read = library_module.load_rulebook, []
    monkeypatch.setattr(library_module, "load_rulebook", lambda path: read.append(path.stem) or real(path))
    again = Library.from_paths([books], book_list)
    assert read == [] and again.infos == first.infos and again.ids == ("cobbles", "pebbles")
    assert again.resolve("Pebbles").sections[0].text == "Stones score two points." and read == ["pebbles"]
    changed = _library(books, {"cobbles": "Cobbles block the road and the bridge."}, book_list)
    assert read == ["pebbles", "cobbles"] and changed.infos[0].digest != first.infos[0].digest
    (books / "pebbles.md").unlink()
    assert Library.from_paths([books], book_list).ids == ("cobbles",)


def test_books_are_parsed_when_reached(tmp_path, monkeypatch):
    books, book_list = tmp_path / "books", tmp_path / "cat" / "books.json"
    books.mkdir()
    _library(books, {"pebbles": "Stones score two points.", "cobbles": "Cobbles block the road."}, book_list)
    import rulespal.library as library_module

    real, read = library_module.load_rulebook, []
    monkeypatch.setattr(library_module, "load_rulebook", lambda path: read.append(path.stem) or real(path))
    library = Library.from_paths([books], book_list)
    assert library.books[0].id == "cobbles" and read == ["cobbles"] and len(library.books) == 2
    assert [b.id for b in library.books] == ["cobbles", "pebbles"] and read == ["cobbles", "pebbles"]
