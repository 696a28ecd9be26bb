"""The `rulespal` command line: browse, search, check, score, ingest (and ask/chat/serve/eval)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from functools import cache, wraps
from pathlib import Path
from typing import Annotated, Any

import typer

from engine import PositionError
from engine.kit import load_document
from rulespal.errors import NoEngine, RulesPalError, UnknownGame, UnknownSection

app = typer.Typer(help="RulesPal: board-game rules answered from the rulebook, scores from the rules engines.",
                  no_args_is_help=True, pretty_exceptions_enable=False)

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
GameArg = Annotated[str, typer.Argument(help="Game id, title or alias (see `rulespal games`).")]
GameOpt = Annotated[str | None, typer.Option("--game", "-g", help="Restrict to one game (detected if omitted).")]

NOT_FOUND, BAD_INPUT = 1, 2


@cache
def pal():
    """The process-wide RulesPal service."""
    from rulespal.service import RulesPal

    return RulesPal()


def emit(data: Any, as_json: bool, text: Callable[[Any], str]) -> None:
    """Print data as JSON or as text."""
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False) if as_json else text(data))


def _fail(code: int, message: str, as_json: bool, **extra: Any) -> None:
    if as_json:
        typer.echo(json.dumps({"error": message, **extra}, ensure_ascii=False))
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def handles_errors(func: Callable) -> Callable:
    """Map domain errors to a message and an exit code (1 not found, 2 bad input) in one place."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        as_json = bool(kwargs.get("as_json"))
        try:
            return func(*args, **kwargs)
        except (UnknownGame, UnknownSection, NoEngine) as exc:
            _fail(NOT_FOUND, str(exc), as_json)
        except PositionError as exc:
            _fail(BAD_INPUT, f"invalid position: {exc}", as_json, errors=exc.to_dict()["errors"])
        except RulesPalError as exc:  # bad rulebook, empty or over-long question, unavailable model, …
            _fail(BAD_INPUT, str(exc), as_json)

    return wrapper


@app.command()
@handles_errors
def games(as_json: JsonOpt = False) -> None:
    """List the games RulesPal has rulebooks for."""
    from rulespal.render import table

    emit([g.to_dict() for g in pal().games()], as_json, lambda gs: table(
        ["id", "title", "aliases", "engine"],
        [(g["id"], g["title"], ", ".join(g["aliases"]), "yes" if g["engine"] else "no") for g in gs]))


@app.command()
@handles_errors
def toc(game: GameArg, as_json: JsonOpt = False) -> None:
    """Print a rulebook's table of contents as an indented tree."""
    from rulespal.render import toc_tree

    view = pal().toc(game)
    emit(view.to_dict(), as_json, lambda _: f"{view.title}\n{toc_tree(view.entries, 1)}")


@app.command()
@handles_errors
def section(game: GameArg, section_id: Annotated[str, typer.Argument(help="Section id, e.g. game-flow/scout.")],
            as_json: JsonOpt = False) -> None:
    """Print one section of a rulebook."""
    emit(pal().read_section(game, section_id).to_dict(), as_json,
         lambda d: f"{' > '.join(d['heading_path'])}  [{d['section_id']}]\n\n{d['text']}"
         + ("\n\nsubsections: " + ", ".join(d["children"]) if d["children"] else ""))


@app.command()
@handles_errors
def search(query: Annotated[str, typer.Argument(help="What to look for.")], game: GameOpt = None,
           k: Annotated[int, typer.Option("-k", min=1, max=50, help="How many sections.")] = 5,
           as_json: JsonOpt = False) -> None:
    """Search the rulebooks (hybrid dense + BM25)."""
    from rulespal.render import search_hits

    view = pal().search_view(query, game=game, k=k)
    emit(view.to_dict(), as_json, lambda _: search_hits(view.result))


@app.command()
@handles_errors
def ingest(paths: Annotated[list[Path] | None,
                            typer.Argument(help="Rulebook files or folders (.md, .pdf) to add.")] = None,
           force: Annotated[bool, typer.Option("--force", help="Rebuild even if nothing changed.")] = False,
           as_json: JsonOpt = False) -> None:
    """Build the index (only when rulebooks or the model changed), adding rulebooks (Markdown or PDF) from PATHs."""
    from rulespal.ingest_progress import IngestBar
    from rulespal.pdf.books import markdown_sources

    with IngestBar() as bar:  # on stderr, from the first book written
        report = pal().ingest(markdown_sources(paths or [], pal().settings.books_dir), force=force, progress=bar)
    emit(report.to_dict(), as_json,
         lambda d: f"{'rebuilt' if d['rebuilt'] else 'up to date'}: {len(d['games'])} rulebooks "
         f"({', '.join(d['games'])}), {d['chunks']} chunks, {d['seconds']} s")


def _engine_command(operation: str, help_text: str) -> None:
    @app.command(name=operation, help=help_text)
    @handles_errors
    def command(game: GameArg,
                source: Annotated[str, typer.Argument(metavar="FILE|-", help="Position file or - for stdin.")],
                as_json: JsonOpt = False) -> None:
        from rulespal.render import engine_result

        result = pal().run_engine(game, operation, load_document(source))
        emit(result, as_json, engine_result)


_engine_command("check", "Check a move/placement for legality with the game's rules engine.")
_engine_command("score", "Score a position with the game's rules engine, line by line.")


@app.command()
@handles_errors
def run(game: GameArg, operation: Annotated[str, typer.Argument(help="Engine operation, e.g. legal_moves.")],
        source: Annotated[str, typer.Argument(metavar="FILE|-")], as_json: JsonOpt = False) -> None:
    """Run any engine operation of a game (e.g. legal_moves, mission_update, end_game) on a JSON document."""
    from rulespal.render import engine_result

    emit(pal().run_engine(game, operation, load_document(source)), as_json, engine_result)


@app.command()
@handles_errors
def title(game: GameArg, pawints: Annotated[int, typer.Argument(help="Final score.")],
          as_json: JsonOpt = False) -> None:
    """Look up the hiking title for a final score (Cational Meographic)."""
    from rulespal.render import engine_result

    emit(pal().run_engine(game, "hiking_title", {"pawints": pawints}), as_json, engine_result)


@app.command()
def serve(host: Annotated[str | None, typer.Option(help="Interface to listen on (RULESPAL_HOST).")] = None,
          port: Annotated[int | None, typer.Option(help="Port (RULESPAL_PORT).")] = None,
          workers: Annotated[int, typer.Option(min=1, help="Worker processes (share one index via RULESPAL_CHROMA_URL "
                                                           "and rate limits via RULESPAL_REDIS_URL).")] = 1,
          as_json: JsonOpt = False) -> None:
    """Serve the HTTP API and the web page with uvicorn."""
    import uvicorn

    from rulespal.settings import get_settings

    settings = get_settings()
    host, port = host or settings.host, port or settings.port
    os.environ["RULESPAL_HOST"] = host  # the app (and each worker) must know where it listens: uploads need loopback
    get_settings.cache_clear()
    url = f"http://{host}:{port}/"
    emit({"url": url, "docs": url + "docs", "workers": workers}, as_json,
         lambda d: f"RulesPal at {d['url']}  (API docs: {d['docs']})")
    if workers > 1 and not settings.chroma_url:
        typer.echo("warning: several workers on the local index: run `rulespal ingest` first (workers only read it) "
                   "or set RULESPAL_CHROMA_URL to share a Chroma server; each worker loads its own chat model",
                   err=True)
    uvicorn.run("rulespal.api.app:create_app", factory=True, host=host, port=port, workers=workers,
                log_level="info")


@app.command(name="eval")
@handles_errors
def eval_(suite: Annotated[str, typer.Argument(
              help="retrieval, outside, detection, evidence, described, answers or tools.")],
          model: Annotated[str | None, typer.Option("--model", help="Chat model spec (answers/tools).")] = None,
          limit: Annotated[int | None, typer.Option("--limit", help="Only the first N questions.")] = None,
          split: Annotated[str | None, typer.Option(
              "--split",
              help="answers: one part: dev, holdout, fresh, blind, unseen, sealed, veiled, hidden, closing, "
                   "last, table, night, books, final, shelf, dawn, morning, attic, noon, evening, late, "
                   "midnight, dusk, owl, vigil, ember, frost, hollow, ridge, tide, quill, lantern, "
                   "harbor, sable, willow, cobalt, umber, zephyr, verdant, aurora, wren, yonder, xylem, "
                   "quartz, amber, birch, cedar, delta, ebony, fjord, garnet, heath, indigo, juniper, "
                   "kestrel, lotus, maple, nectar, onyx, pearl, quince, raven, sorrel, tansy, umbra, vellum, "
                   "wisp, yarrow, zinnia, aster, bramble, clover, ash, elm, fern, hazel, iris, kelp, laurel, "
                   "moss, nettle, oak, pine, rowan, sage, teak, vine, walnut, yew, zelkova, arbor, "
                   "beech, cypress, dogwood, ginkgo, larch, hawthorn, linden, mulberry, "
                   "olive, poplar, redwood, spruce, tamarind, tupelo, viburnum, wisteria, yucca, alder, banyan, "
                   "catalpa, eucalyptus, kapok, lilac, magnolia, nutmeg, quassia, rosewood, sumac or "
                   "ulmus.")] = None,
          as_json: JsonOpt = False) -> None:
    """Run an evaluation into a new evals/results/<timestamp>/ folder; print the metrics and the change from the
    committed baseline (evals/results/<name>.json; copy a run's files there to make it the new baseline)."""
    from rulespal.evals.datasets import comparison, run_dir

    _run_eval(suite, model, limit, split, as_json)
    for path in sorted(run_dir().glob("*.json")):
        typer.echo(comparison(path), err=as_json)


def _run_eval(suite: str, model: str | None, limit: int | None, split: str | None, as_json: bool) -> None:
    """Run one evaluation suite and print its metrics."""
    from rulespal.render import table

    if suite == "retrieval":
        from rulespal.evals.retrieval import run as run_retrieval

        report = run_retrieval(pal())
        text = lambda r: table(["system", "hit@1", "hit@3", "hit@5", "MRR"], [  # noqa: E731
            (name, *(f"{m[key]:.3f}" for key in ("hit@1", "hit@3", "hit@5", "mrr")))
            for name, m in r["systems"].items()]
        ) + f"\n{r['questions']} questions; game detection {r['game_detection_accuracy']:.3f}"
        emit({k: v for k, v in report.items() if k != "misses"}, as_json, text)
        return
    if suite in ("outside", "detection"):
        _eval_library(suite, as_json)
        return
    if suite == "evidence":
        from rulespal.evals.evidence import run as run_evidence

        report = run_evidence(pal(), progress=lambda line: typer.echo(line, err=True))
        emit({k: v for k, v in report.items() if k != "rows"}, as_json, lambda r: table(
            ["split", "questions", "quote holds passage", "mean chars"],
            [(s, *(str(r[s][k]) for k in ("questions", "quote_holds_passage", "mean_chars")))
             for s in ("dev", "holdout")]))
        return
    if suite == "described":
        from rulespal.evals.described import SPLITS as PROBE_SPLITS
        from rulespal.evals.described import run as run_described

        report = run_described(progress=lambda line: typer.echo(line, err=True))
        keys = ("probes", "answerable", "right", "wrong", "withheld_answerable", "not_answerable_withheld")
        emit(report, as_json, lambda r: table(["part", "game", *keys], [
            (split, game, *(str(counts[k]) for k in keys))
            for split in PROBE_SPLITS for game, counts in r[split].items()]))
        return
    if suite not in ("answers", "tools"):
        raise typer.BadParameter(
            f"unknown suite {suite!r}; use retrieval, outside, detection, evidence, described, answers or tools")
    from rulespal.agent import build_assistant
    from rulespal.evals.answers import SPLITS, run_answers, run_tools

    bot = build_assistant(pal(), model)
    progress = lambda line: typer.echo(line, err=True)  # noqa: E731
    if suite == "answers":
        if split not in (None, *SPLITS):
            raise typer.BadParameter(f"unknown split {split!r}; use {', '.join(SPLITS)}")
        report = run_answers(bot, limit, split, progress=progress)
        parts = [p for p in (*SPLITS, "all") if report[p].get("questions")]
        emit({k: v for k, v in report.items() if k != "rows"}, as_json, lambda r: table(
            ["metric", *parts], [(key, *(str(r[p][key]) for p in parts)) for key in r["all"]]))
        return
    report = run_tools(bot, limit, progress=progress)
    emit({k: v for k, v in report.items() if k != "rows"}, as_json,
         lambda r: "\n".join(f"{k}: {v:.3f}" if isinstance(v, float) else f"{k}: {v}" for k, v in r.items()))


def _eval_library(suite: str, as_json: bool) -> None:
    """Run the outside-books or the detection eval and print dev and holdout side by side."""
    from rulespal.render import table

    progress = lambda line: typer.echo(line, err=True)  # noqa: E731
    if suite == "outside":
        from rulespal.evals.outside import run as run_outside

        report = run_outside(pal(), progress=progress)
        text = lambda r: table(["system@chars", "split", "hit@1", "hit@3", "hit@5", "MRR"], [  # noqa: E731
            (name, split, *(f"{m[key]:.3f}" for key in ("hit@1", "hit@3", "hit@5", "mrr")))
            for name in r["all"]["systems"] for split in ("dev", "holdout")
            for m in [r[split]["systems"][name]]]) + "".join(
            f"\n{split}: {r[split]['questions']} questions, detection {r[split]['detection']:.3f}, "
            f"top-5 passages {r[split]['mean_chars_top5']} chars" for split in ("dev", "holdout"))
    else:
        from rulespal.evals.detection import run as run_detection

        report = run_detection(pal(), progress=progress)
        keys = ("questions", "accuracy", "confident_wrong", "top_candidate", "in_candidates", "confident")
        text = lambda r: (f"{r['books']} books; answer questions over {r['answer_questions']['books']} and over "  # noqa: E731
                          f"the {r['own_library']['books']} installed\n") + table(
            ["questions", "n", "accuracy", "confident wrong", "top candidate", "in candidates", "confident"],
            [(name, *(str(part[k]) for k in keys)) for name, part in (
                ("dev", r["dev"]), ("holdout", r["holdout"]),
                ("answers, bundled", r["answer_questions"]["bundled_games"]),
                ("answers, other books", r["answer_questions"]["other_books"]),
                ("answers, bundled, installed", r["own_library"]["bundled_games"]))])
    emit({k: v for k, v in report.items() if k != "misses"}, as_json, text)


def _assistant(model: str | None):
    from rulespal.agent import build_assistant

    return build_assistant(pal(), model)


def _print_answer_extras(answer) -> None:
    from rulespal.render import engine_result

    for call in answer.tool_calls:
        if isinstance(call.result, dict) and ("lines" in call.result or "legal" in call.result):
            typer.echo(f"\n[{call.name}]\n{engine_result(call.result)}")
    for c in answer.citations:  # a quote already in the answer text is shown only as where it comes from
        if c.quote not in answer.answer:
            typer.echo(f"\n> \"{c.quote}\"")
    for source in dict.fromkeys(f"  — {c.title} [{c.game}:{c.section_id}]" for c in answer.citations):
        typer.echo(source)
    if not answer.covered and answer.nearest:
        typer.echo("\nNearest sections: " + "; ".join(f"{n['title']} [{n['section_id']}]" for n in answer.nearest))


def _stream_turn(bot, question: str, game: str | None, thread: str | None):
    """Print an answer as it streams; return the final Answer."""
    from rulespal.answer import Answer

    done = None
    for event in bot.stream(question, game=game, thread_id=thread):
        if event.kind == "token":
            typer.echo(event.data["text"], nl=False)
        elif event.kind == "tool_call":
            typer.echo(f"[calling {event.data['name']}]", err=True)
        elif event.kind == "done":
            done = Answer.from_dict(event.data)
    typer.echo("")
    return done


ModelOpt = Annotated[str | None, typer.Option(
    "--model", help="Chat model spec: local, extractive, openai-compatible:URL, openai:…, anthropic:…, ollama:….")]


@app.command()
@handles_errors
def ask(question: Annotated[str, typer.Argument(help="Your rules question (a position may be pasted as JSON).")],
        game: GameOpt = None, model: ModelOpt = None,
        thread: Annotated[str | None, typer.Option("--thread", help="Conversation id to continue.")] = None,
        as_json: JsonOpt = False) -> None:
    """Ask a rules question; the answer quotes and cites the rulebook, numbers come from the engines."""
    bot = _assistant(model)
    if as_json:
        typer.echo(json.dumps(bot.ask(question, game=game, thread_id=thread).to_dict(), indent=2, ensure_ascii=False))
        return
    answer = _stream_turn(bot, question, game, thread)
    typer.echo(f"({answer.game}; thread {answer.thread_id})")
    _print_answer_extras(answer)


@app.command()
@handles_errors
def chat(game: GameOpt = None, model: ModelOpt = None) -> None:
    """Interactive chat with memory. Commands: /game NAME, /toc, /new, /quit."""
    import uuid

    from rulespal.render import toc_tree

    bot, thread = _assistant(model), uuid.uuid4().hex
    typer.echo("RulesPal chat — /game NAME, /toc, /new, /quit")
    while True:
        try:
            line = input(f"[{game or 'any game'}] > ").strip()
        except (EOFError, KeyboardInterrupt):
            typer.echo("")
            return
        if not line:
            continue
        if line in ("/quit", "/exit"):
            return
        if line == "/new":
            thread = uuid.uuid4().hex
            typer.echo("new conversation")
        elif line.startswith("/game"):
            name = line[5:].strip()
            try:
                game = pal().book(name).id if name else None
            except UnknownGame as exc:
                typer.echo(str(exc))
        elif line == "/toc":
            typer.echo(toc_tree(pal().toc(game).entries) if game else "pick a game first: /game NAME")
        else:
            try:
                answer = _stream_turn(bot, line, game, thread)
            except RulesPalError as exc:
                typer.echo(f"error: {exc}")
                continue
            game = game or answer.game
            _print_answer_extras(answer)
