"""Ingestion into a real Chroma store with the real embedding model, fingerprints, and hybrid search."""


import pytest

from rulespal.embeddings import Embedder
from rulespal.index import ensure_index, fingerprint, retire
from rulespal.library import Library
from rulespal.settings import BUNDLED_RULEBOOKS, Settings
from rulespal.store import VectorStore, make_client

BOOKS = BUNDLED_RULEBOOKS


@pytest.mark.parametrize("question, game, section", [
    ("Do diagonal spaces count as adjacent?", "cartographers", "general-scoring-rules-to-remember"),
    ("can I place a tile touching only at a corner?", "cational-meographic",
     "game-flow/take-photos/landscape-tile-placement"),
    ("what title do I get with 85 pawints in solo?", "cational-meographic", "solo-mode/hiking-titles"),
    ("When does the game end in Mise Kolonizace?", "mise-kolonizace", "end-of-game"),
    ("how many stars do I lose for empty spaces next to monsters", "cartographers",
     "end-of-the-season/scoring-the-queens-edicts"),
])
def test_search_finds_the_gold_section_in_the_top_3(pal, question, game, section):
    result = pal.search(question, k=3)
    assert game in [c.game for c in result.candidates]
    assert (result.game == game and result.detected) or (result.game is None and not result.confident)
    assert section in [h.section_id for h in pal.search(question, game=game, k=3).hits]


def test_hits_carry_citation_keys_and_stay_in_the_game(pal):
    result = pal.search("tiles", game="mise-kolonizace", k=5)
    assert not result.detected and result.hits
    for hit in result.hits:
        d = hit.to_dict()
        assert set(d) == {"game", "section_id", "title", "heading_path", "text", "score", "span", "page"}
        assert hit.span in hit.text and len(hit.text) <= 1200
        assert d["game"] == "mise-kolonizace" and pal.section("mise-kolonizace", d["section_id"])


def test_modes_differ_but_all_work(pal):
    q = "reputation stars for coins"
    for mode in ("hybrid", "dense", "bm25"):
        assert pal.search(q, game="cartographers", k=3, mode=mode).hits


def test_fingerprint_changes_with_content_and_model(tmp_path):
    (tmp_path / "a.md").write_text("---\nid: a\ntitle: A\n---\n# X\nAlpha rules.\n")
    lib = Library.from_paths([tmp_path])
    fp = fingerprint(lib, "m1")
    assert fp == fingerprint(Library.from_paths([tmp_path]), "m1") and fp != fingerprint(lib, "m2")
    (tmp_path / "a.md").write_text("---\nid: a\ntitle: A\n---\n# X\nAlpha rules changed.\n")
    assert fingerprint(Library.from_paths([tmp_path]), "m1") != fp


def _book(folder, game: str, text: str) -> None:
    (folder / f"{game}.md").write_text(f"---\nid: {game}\ntitle: {game.title()}\n---\n# X\n{text}\n")


@pytest.fixture
def index(tmp_path, rp_home):
    """A folder of rulebooks, a fresh store and the real embedder (its ONNX export cached in the session's home)."""
    books = tmp_path / "books"
    books.mkdir()
    store = VectorStore(make_client(Settings(home=tmp_path / "home")))
    return books, store, Embedder(cache_dir=rp_home / "models" / "onnx")


def test_only_new_changed_or_removed_books_are_touched(index, monkeypatch):
    books, store, embedder = index
    _book(books, "a", "Alpha rules about dragons.")
    _book(books, "b", "Beta rules about wizards.")
    first = ensure_index(Library.from_paths([books]), embedder, store)
    retire(first, store)
    again = ensure_index(Library.from_paths([books]), embedder, store)
    assert first.written == ("a", "b") and not again.rebuilt and again.active == first.active

    _book(books, "a", "Alpha rules about griffins.")
    _book(books, "c", "Gamma rules about trolls.")
    (books / "b.md").unlink()
    embedded = []
    embed = embedder.embed
    monkeypatch.setattr(embedder, "embed", lambda texts: embedded.extend(texts) or embed(texts))
    changed = ensure_index(Library.from_paths([books]), embedder, store)
    assert changed.written == ("a", "c") and changed.stale == ("b",) and len(embedded) == 2
    assert changed.active.collection == first.active.collection  # the same collection, updated in place
    assert store.query(changed.active.collection, embed(["wizards"])[0], 10, "b")  # b stays until retired
    retire(changed, store)
    assert set(store.books(changed.active.collection)) == {"a", "c"}
    assert not store.query(changed.active.collection, embed(["wizards"])[0], 10, "b")
    found = store.query(changed.active.collection, embed(["griffins"])[0], 10, "a")
    assert len(found) == 1  # the old version of a is gone


def test_failed_ingest_keeps_the_index_and_resumes_with_the_books_already_written(index, monkeypatch):
    books, store, embedder = index
    _book(books, "a", "Alpha rules about dragons.")
    first = ensure_index(Library.from_paths([books]), embedder, store)
    for game in "bcd":
        _book(books, game, f"Rules of {game} about trolls.")
    embed, calls = embedder.embed, []

    def breaks_on_the_third_book(texts):
        calls.append(texts)
        if len(calls) == 3:
            raise RuntimeError("disk full")
        return embed(texts)

    monkeypatch.setattr(embedder, "embed", breaks_on_the_third_book)
    monkeypatch.setattr("rulespal.index.WRITE_BATCH", 1)  # each book written as soon as it is embedded
    with pytest.raises(RuntimeError):
        ensure_index(Library.from_paths([books]), embedder, store)
    active = store.active()  # the served index did not change (b and c are written, not yet served)
    assert (active.collection, active.fingerprint) == (first.active.collection, first.active.fingerprint)
    resumed = ensure_index(Library.from_paths([books]), embedder, store)
    assert resumed.written == ("d",) and set(resumed.active.books) == set("abcd")


def test_a_book_left_half_written_is_cleared_before_it_is_written_again(index, monkeypatch):
    books, store, embedder = index
    _book(books, "a", "\n\n".join(f"Rule {i}: trolls move {i} spaces." + " More words." * 40 for i in range(3)))
    record = store.record
    monkeypatch.setattr(store, "record", lambda *_: (_ for _ in ()).throw(RuntimeError("killed")))
    with pytest.raises(RuntimeError):
        ensure_index(Library.from_paths([books]), embedder, store)  # chunks added, the book never recorded
    deleted = []
    monkeypatch.setattr(store, "record", record)
    real_get = store.client.get_collection

    def spying(name):
        collection = real_get(name)
        monkeypatch.setattr(collection, "delete", lambda **kw: deleted.append(kw) or type(collection).delete(
            collection, **kw))
        return collection

    monkeypatch.setattr(store.client, "get_collection", spying)
    resumed = ensure_index(Library.from_paths([books]), embedder, store)
    assert len(deleted) == 1 and resumed.written == ("a",)  # the leftovers, by their book version
    assert real_get(resumed.active.collection).count() == resumed.active.chunk_count == 3
    _book(books, "b", "Rules of b about trolls.")
    deleted.clear()
    ensure_index(Library.from_paths([books]), embedder, store)
    assert deleted == []  # a book never written before: one id looked up, no filtered delete (a full scan)


def test_a_new_model_builds_a_new_collection(index, monkeypatch):
    books, store, embedder = index
    _book(books, "a", "Alpha rules about dragons.")
    first = ensure_index(Library.from_paths([books]), embedder, store)
    monkeypatch.setattr(embedder, "model_id", "another-model")
    second = ensure_index(Library.from_paths([books]), embedder, store)
    assert second.written == ("a",) and second.active.collection != first.active.collection
    retire(second, store)
    names = [c if isinstance(c, str) else c.name for c in store.client.list_collections()]
    assert first.active.collection not in names  # the old build is dropped once the new one is served


def test_windows_run_across_books_and_a_book_is_recorded_once_all_its_chunks_are_written(index, monkeypatch):
    books, store, embedder = index
    _book(books, "a", "Rules of a about trolls.")
    _book(books, "b", "\n\n".join(f"Rule {i}: trolls move {i} spaces." + " More words." * 40 for i in range(3)))
    _book(books, "c", "Rules of c about trolls.")
    calls, added, recorded = [], [], []
    embed, add, record = embedder.embed, store.add, store.record
    monkeypatch.setattr(embedder, "embed", lambda texts: calls.append(len(texts)) or embed(texts))
    monkeypatch.setattr(store, "add", lambda name, chunks, vectors, fps: added.extend(c.game for c in chunks) or
                        add(name, chunks, vectors, fps))
    monkeypatch.setattr(store, "record", lambda name, game, entry: recorded.append(
        (game, entry.chunks, added.count(game))) or record(name, game, entry))
    built = ensure_index(Library.from_paths([books]), embedder, store)
    assert calls == [1, 3, 1] and added == ["a", "b", "b", "b", "c"]  # one call a book, one write for all
    assert [g for g, _n, _a in recorded] == ["a", "b", "c"] and built.active.chunk_count == 5

    monkeypatch.setattr("rulespal.index.EMBED_BATCH", 2)
    monkeypatch.setattr("rulespal.index.WRITE_BATCH", 2)
    calls.clear(), added.clear(), recorded.clear()
    ensure_index(Library.from_paths([books]), embedder, store, force=True)
    assert calls == [1, 2, 1, 1] and added == ["a", "b", "b", "b", "c"]  # b in pieces of 2 from its start
    assert recorded == [("a", 1, 1), ("b", 3, 3), ("c", 1, 1)]  # each recorded once all its chunks were added


def test_progress_counts_books_and_cached_vectors_are_reused(index, tmp_path, monkeypatch):
    from rulespal.embedding_cache import EmbeddingCache

    monkeypatch.setattr("rulespal.index.EMBED_BATCH", 16)
    monkeypatch.setattr("rulespal.index.WRITE_BATCH", 16)
    books, store, embedder = index
    text = "\n\n".join(f"Rule {i}: dragons move {i} spaces." + " More words here." * 30 for i in range(40))
    _book(books, "a", text)
    _book(books, "b", "Beta rules about wizards.")
    cache = EmbeddingCache(tmp_path / "home" / "vectors.sqlite", embedder)
    seen = []
    built = ensure_index(Library.from_paths([books]), embedder, store, cache=cache,
                         progress=lambda done, total, chunks: seen.append((done, total, chunks)))
    chunks = built.active.chunk_count
    assert chunks > 16 and seen[-1] == (2, 2, chunks) and all(t == 2 for _d, t, _c in seen)
    assert any(s[0] == 0 for s in seen) and [s[2] for s in seen] == sorted(s[2] for s in seen)  # batch by batch
    monkeypatch.setattr(embedder, "embed", lambda _texts: (_ for _ in ()).throw(AssertionError("re-embedded")))
    again = ensure_index(Library.from_paths([books]), embedder, store, force=True, cache=cache)
    assert again.written == ("a", "b") and store.count(again.active.collection) == built.active.chunk_count


@pytest.mark.usefixtures("rp_home")  # the ONNX export is cached in the session's home
def test_query_vectors_come_from_the_documents_backend():
    import numpy as np

    embedder = Embedder()
    questions = ["Do diagonal spaces count as adjacent?", "x", "Rule 4.2.1: can warriors move through ruins? " * 40]
    queries = np.array([embedder.embed_query(q) for q in questions])
    assert embedder.folder is not None and "_model" not in embedder.__dict__  # no torch model loaded for queries
    assert np.abs(queries - np.array([embedder.embed([q])[0] for q in questions])).max() < 1e-5


def test_ingest_bar_shows_books_chunks_rate_and_time_left():
    import io

    from rich.console import Console

    from rulespal.ingest_progress import IngestBar

    out = io.StringIO()
    with IngestBar(Console(file=out, width=150)) as bar:
        bar(0, 2, 256)
        bar(1, 2, 300)
        bar(2, 2, 301)
    text = out.getvalue()
    assert "2/2 books" in text and "301 chunks" in text and "chunks/s" in text and "left" in text
    with IngestBar(Console(file=(quiet := io.StringIO()))):
        pass  # nothing to write: no bar
    assert quiet.getvalue() == ""


def test_a_search_within_a_book_ranks_the_served_version_of_its_vectors(index, monkeypatch):
    from rulespal.retrieval import Retriever

    books, store, embedder = index
    _book(books, "a", "Alpha rules about dragons.\n\nDragons fly over mountains.")
    _book(books, "b", "Beta rules about wizards.")
    retire(ensure_index(Library.from_paths([books]), embedder, store), store)
    _book(books, "a", "Alpha rules about griffins.\n\nGriffins nest in towers.")
    library = Library.from_paths([books])
    changed = ensure_index(library, embedder, store)  # both versions of a are in the collection until retired
    query = store.query
    monkeypatch.setattr(store, "query", lambda c, v, n, game: query(c, v, n, game) if game is None else
                        pytest.fail("a search within a book asked Chroma for a filtered query"))
    found = Retriever(library, embedder, store, changed.active)._dense("where do griffins nest?", "a", 5)
    assert [c.text for c, _sim in found] == ["Alpha rules about griffins.\n\nGriffins nest in towers."]  # once
    assert 0.3 < found[0][1] <= 1.0


def test_a_books_vectors_are_the_same_alone_or_ingested_with_others(index, tmp_path):
    import numpy as np

    books, store, embedder = index
    text = "\n\n".join(f"Rule {i}: trolls move {i} spaces" + " and more words" * (i % 7) + "." for i in range(30))
    _book(books, "b", text)
    alone = ensure_index(Library.from_paths([books]), embedder, store)
    _book(books, "a", "\n\n".join(f"Alpha {i}: dragons" + " fly high" * i for i in range(20)))
    _book(books, "c", "Gamma rules about wizards.")
    other = VectorStore(make_client(Settings(home=tmp_path / "other")))
    together = ensure_index(Library.from_paths([books]), embedder, other)
    ids, vectors = store.book_vectors(alone.active.collection, "b", alone.active.books["b"].fingerprint)
    same_ids, same = other.book_vectors(together.active.collection, "b", together.active.books["b"].fingerprint)
    order = [same_ids.index(i) for i in ids]
    assert len(ids) > 1 and np.allclose(vectors, same[order], atol=1e-6)
