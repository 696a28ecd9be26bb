"""Answer and tool-use evals. Answers are judged for what a player is told: correct (states the deciding fact,
nothing false), WRONG (states a false claim: an inverted verdict, a wrong number, a verdict the book does not
give), false refusals, true refusals, whether the shown quote decides, engine calls for plain questions, and the
time to the first answer text; every split (dev, holdout and the blind parts, books and shelf on rulebooks written
for the eval) reported apart."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from statistics import mean
from typing import Any

from rulespal.agent import Assistant
from rulespal.answer import Answer
from rulespal.citations import normalise
from rulespal.errors import WhichGame
from rulespal.evals.datasets import load_jsonl, save_result
from rulespal.evals.libraries import UNSEEN_BOOKS, eval_pal
from rulespal.evals.metrics import facts_present, percentile

ANSWER_SETS = ("answers-cartographers", "answers-cational-meographic", "answers-mise-kolonizace", "answers-fresh",
               "answers-blind", "answers-unseen", "answers-sealed", "answers-veiled", "answers-hidden",
               "answers-closing", "answers-last", "answers-table", "answers-night", "answers-books-xiangqi",
               "answers-books-canasta", "answers-books-hnefatafl", "answers-final", "answers-shelf-shogi",
               "answers-shelf-pinochle", "answers-dawn", "answers-morning-cartographers",
               "answers-morning-cational-meographic", "answers-morning-mise-kolonizace", "answers-attic-cassino",
               "answers-attic-mexican-train", "answers-noon-cartographers", "answers-noon-cational-meographic",
               "answers-noon-mise-kolonizace", "answers-evening-oh-hell", "answers-evening-renju",
               "answers-late-cartographers", "answers-late-cational-meographic", "answers-late-mise-kolonizace",
               "answers-midnight-piquet", "answers-midnight-oware", "answers-dusk-cartographers",
               "answers-dusk-cational-meographic", "answers-dusk-mise-kolonizace", "answers-owl-parcheesi",
               "answers-owl-five-hundred", "answers-vigil-cartographers", "answers-vigil-cational-meographic",
               "answers-vigil-mise-kolonizace", "answers-ember-schnapsen", "answers-ember-fanorona",
               "answers-frost-durak", "answers-frost-spite-and-malice", "answers-hollow-cartographers",
               "answers-hollow-cational-meographic", "answers-hollow-mise-kolonizace", "answers-ridge-carrom",
               "answers-ridge-sheepshead", "answers-tide-petanque", "answers-tide-bezique",
               "answers-quill-cartographers", "answers-quill-cational-meographic", "answers-quill-mise-kolonizace",
               "answers-lantern-crokinole", "answers-lantern-rook", "answers-harbor-egyptian-ratscrew",
               "answers-harbor-pente", "answers-sable-cartographers", "answers-sable-cational-meographic",
               "answers-sable-mise-kolonizace", "answers-willow-molkky", "answers-willow-kings-in-the-corner",
               "answers-cobalt-skat", "answers-cobalt-hex", "answers-umber-cartographers",
               "answers-umber-cational-meographic", "answers-umber-mise-kolonizace", "answers-zephyr-shut-the-box",
               "answers-zephyr-bao", "answers-verdant-cartographers", "answers-verdant-cational-meographic",
               "answers-verdant-mise-kolonizace", "answers-aurora-pitch", "answers-aurora-alquerque",
               "answers-wren-cartographers", "answers-wren-cational-meographic", "answers-wren-mise-kolonizace",
               "answers-yonder-rummy-500", "answers-yonder-mu-torere", "answers-xylem-cartographers",
               "answers-xylem-cational-meographic", "answers-xylem-mise-kolonizace", "answers-quartz-yacht",
               "answers-quartz-fox-and-hounds", "answers-amber-scopa", "answers-amber-royal-game-of-ur",
               "answers-birch-cornhole", "answers-birch-six-card-golf", "answers-cedar-belote",
               "answers-cedar-lines-of-action", "answers-delta-kubb", "answers-delta-cuttle", "answers-ebony-briscola",
               "answers-ebony-senet", "answers-fjord-horseshoes", "answers-fjord-president",
               "answers-garnet-konane", "answers-garnet-bunco", "answers-heath-croquet", "answers-heath-speed",
               "answers-indigo-doppelkopf", "answers-indigo-yut-nori", "answers-juniper-eight-ball-pool",
               "answers-juniper-tiddlywinks", "answers-kestrel-janggi", "answers-kestrel-cheat",
               "answers-lotus-darts-501", "answers-lotus-spoons", "answers-maple-french-tarot",
               "answers-maple-makruk", "answers-nectar-snooker", "answers-nectar-ship-captain-and-crew",
               "answers-onyx-klaverjas", "answers-onyx-lawn-bowls", "answers-pearl-tractor",
               "answers-pearl-table-shuffleboard", "answers-quince-klondike-solitaire", "answers-quince-craps",
               "answers-raven-dou-shou-qi", "answers-raven-surakarta", "answers-sorrel-bulls-and-cows",
               "answers-sorrel-ten-pin-bowling", "answers-tansy-ecarte", "answers-tansy-bocce", "answers-umbra-nertz",
               "answers-umbra-pig", "answers-vellum-dara", "answers-vellum-gomoku", "answers-wisp-baccarat",
               "answers-wisp-curling", "answers-yarrow-hounds-and-jackals", "answers-yarrow-table-tennis",
               "answers-zinnia-dominoes-block-draw-all-fives", "answers-zinnia-sixty-six",
               "answers-aster-skyloom-reaches", "answers-aster-thistlebrook-acres", "answers-bramble-spit",
               "answers-bramble-tablut", "answers-clover-okey", "answers-clover-dreidel", "answers-ash-jass",
               "answers-ash-mexico-dice", "answers-elm-truco", "answers-elm-skittles", "answers-fern-mus",
               "answers-fern-sprouts", "answers-hazel-tute", "answers-hazel-chicago-dice",
               "answers-iris-international-draughts", "answers-iris-nine-ball", "answers-kelp-cricket-darts",
               "answers-kelp-shove-ha-penny", "answers-laurel-bid-whist", "answers-laurel-napoleon",
               "answers-moss-crown-and-anchor", "answers-moss-poker-dice", "answers-nettle-ninety-nine",
               "answers-nettle-plakoto", "answers-oak-pickleball", "answers-oak-quoits", "answers-pine-balut",
               "answers-pine-chaturanga", "answers-rowan-kaluki", "answers-rowan-sjoelen",
               "answers-sage-three-card-brag", "answers-sage-hand-and-foot", "answers-teak-acey-deucey",
               "answers-teak-deck-shuffleboard", "answers-vine-cee-lo", "answers-vine-bagatelle",
               "answers-walnut-chess960", "answers-walnut-spider-solitaire", "answers-yew-tonk",
               "answers-yew-around-the-clock", "answers-zelkova-sevens", "answers-zelkova-congkak",
               "answers-arbor-ghost-word-game", "answers-arbor-matador-dominoes", "answers-beech-conkers",
               "answers-beech-ringer-marbles", "answers-cypress-cuarenta", "answers-cypress-beetle-drive",
               "answers-dogwood-freecell", "answers-dogwood-forty-fives", "answers-ginkgo-big-two",
               "answers-ginkgo-achi", "answers-larch-sueca", "answers-larch-ladder-golf", "answers-hawthorn-tressette",
               "answers-hawthorn-toad-in-the-hole", "answers-linden-omweso", "answers-linden-koi-koi",
               "answers-mulberry-chinese-poker", "answers-mulberry-knucklebones", "answers-olive-bourre",
               "answers-olive-washers", "answers-poplar-dou-dizhu", "answers-poplar-seega",
               "answers-redwood-thirty-one", "answers-redwood-disc-golf", "answers-spruce-long-nardy",
               "answers-spruce-slapjack", "answers-tamarind-threes-dice", "answers-tamarind-knockout-whist",
               "answers-tupelo-old-maid", "answers-tupelo-twelve-mens-morris", "answers-viburnum-go-fish",
               "answers-viburnum-mini-golf", "answers-wisteria-snap", "answers-wisteria-yote",
               "answers-yucca-candlepin-bowling", "answers-yucca-russian-bank", "answers-alder-kemps",
               "answers-alder-tsoro", "answers-banyan-liars-poker", "answers-banyan-nine-holes",
               "answers-catalpa-tien-len", "answers-catalpa-jianzi", "answers-eucalyptus-contract-rummy",
               "answers-eucalyptus-ring-toss", "answers-kapok-chinchon", "answers-kapok-tapatan",
               "answers-lilac-forty-thieves", "answers-lilac-four-square", "answers-magnolia-samba",
               "answers-magnolia-bagh-chal", "answers-nutmeg-escoba", "answers-nutmeg-hopscotch",
               "answers-quassia-cucumber", "answers-quassia-picaria", "answers-rosewood-chicken-foot",
               "answers-rosewood-kick-the-can", "answers-sumac-rummoli", "answers-sumac-killer-darts",
               "answers-ulmus-pepper", "answers-ulmus-bul")
SPLITS = ("dev", "holdout", "fresh", "blind", "unseen", "sealed", "veiled", "hidden", "closing", "last", "table",
          "night", "books", "final", "shelf", "dawn", "morning", "attic", "noon", "evening",
          "late", "midnight", "dusk", "owl", "vigil", "ember", "frost", "hollow", "ridge", "tide",
          "quill", "lantern", "harbor", "sable", "willow", "cobalt", "umber", "zephyr",
          "verdant", "aurora", "wren", "yonder", "xylem", "quartz", "amber", "birch", "cedar", "delta",
          "ebony", "fjord", "garnet", "heath", "indigo", "juniper", "kestrel", "lotus", "maple", "nectar", "onyx",
          "pearl", "quince", "raven", "sorrel", "tansy", "umbra", "vellum", "wisp", "yarrow", "zinnia", "aster",
          "bramble", "clover", "ash", "elm", "fern", "hazel", "iris", "kelp", "laurel", "moss",
          "nettle", "oak", "pine", "rowan", "sage", "teak", "vine", "walnut", "yew", "zelkova", "arbor", "beech",
          "cypress", "dogwood", "ginkgo", "larch", "hawthorn", "linden", "mulberry", "olive",
          "poplar", "redwood", "spruce", "tamarind", "tupelo", "viburnum", "wisteria", "yucca",
          "alder", "banyan", "catalpa", "eucalyptus", "kapok", "lilac", "magnolia", "nutmeg",
          "quassia", "rosewood", "sumac", "ulmus")
# fresh and every later part: written by someone who had not seen the code; unseen and every later part each first
# run after the last change to the answer path of its time; books, shelf, attic, evening, midnight, owl, ember,
# frost, ridge, tide, lantern, harbor, willow, cobalt, zephyr, aurora, yonder, quartz, amber to yarrow and zinnia
# to ulmus: about rulebooks written for this eval alone (evals/books/unseen), asked of a service holding them
# beside the bundled ones
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")


def timed_ask(bot: Assistant, question: str, **kwargs: Any) -> tuple[Answer, float, float]:
    """Ask, returning the answer, seconds to the first answer text, and total seconds."""
    start, first = time.perf_counter(), None
    done: dict[str, Any] = {}
    for event in bot.stream(question, **kwargs):
        if event.kind == "token" and first is None:
            first = time.perf_counter() - start
        if event.kind == "done":
            done = event.data
    total = time.perf_counter() - start
    return Answer.from_dict(done), first if first is not None else total, total


def own_words(answer: Answer) -> str:
    """The answer's text without the rulebook quotes in it (quotes are verified; they cannot be false claims)."""
    return _QUOTED.sub(" ", answer.answer)


def judge(row: dict[str, Any], answer: Answer) -> dict[str, Any]:
    """The verdict on one answer: correct / wrong / refusal flags and whether the shown quote decides."""
    unanswerable = row.get("kind") == "unanswerable"
    said = own_words(answer)
    quotes = " ".join(c.quote for c in answer.citations if c.source == "rulebook")
    inverted = bool(row.get("verdict")) and answer.verdict is not None and answer.verdict != row["verdict"]
    false_claim = any(re.search(p, said, re.I | re.M) for p in row.get("wrong", []))
    computed = answer.basis in ("sum", "engine")  # a number the answer states as its own: checked below
    if unanswerable:
        wrong = answer.verdict is not None or false_claim
        refused = not answer.covered
        return {"correct": refused and not wrong, "wrong": wrong, "false_refusal": False, "true_refusal": refused,
                "quote_decides": None, "unconfirmed": computed}
    refused = not answer.covered
    wrong = inverted or false_claim
    stated = facts_present(f"{answer.answer} {quotes}", row.get("facts", []))
    deciding = normalise(row.get("deciding", ""))
    decides = bool(quotes) and (facts_present(quotes, row.get("facts", []))
                                or any(deciding and (deciding.strip(" .") in normalise(c.quote)
                                                     or (normalise(c.quote).strip(" .") in deciding
                                                         and len(c.quote) > 0.5 * len(deciding)))
                                       for c in answer.citations))
    return {"correct": stated and not wrong and not refused, "wrong": wrong, "false_refusal": refused,
            "true_refusal": False, "quote_decides": decides, "unconfirmed": computed and not stated}


def summarise(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Rates over a set of judged rows."""
    if not results:
        return {"questions": 0}
    answerable = [r for r in results if r["kind"] != "unanswerable"]
    unanswerable = [r for r in results if r["kind"] == "unanswerable"]
    plain = [r for r in results if not r["has_position"]]
    rate = lambda rows, key: round(mean(1.0 if r[key] else 0.0 for r in rows), 3) if rows else None  # noqa: E731
    followups = [r for r in answerable if r["kind"] == "followup"]
    return {
        "questions": len(results), "answerable": len(answerable), "unanswerable": len(unanswerable),
        "correct": rate(answerable, "correct"), "wrong": rate(results, "wrong"),
        "wrong_answerable": rate(answerable, "wrong"), "wrong_unanswerable": rate(unanswerable, "wrong"),
        "false_refusal": rate(answerable, "false_refusal"), "true_refusal": rate(unanswerable, "true_refusal"),
        "closest_answerable": rate(answerable, "closest"),  # answered, but only as "the closest rule"
        "flagged_unanswerable": rate(unanswerable, "flagged"),  # refused, or told the book may not answer it
        "quote_decides": rate(answerable, "quote_decides"), "verdict_shown": rate(answerable, "verdict_shown"),
        "followup_correct": rate(followups, "correct"),
        "engine_calls_for_plain_questions": sum(r["engine_calls"] for r in plain),  # not counting areas described
        "read_from_words": sum(r.get("read_from_words", False) for r in results),  # in full, read by the engine
        # a total the answer states (a sum, an engine result) that the facts do not confirm: a wrong number the
        # set's `wrong` patterns did not foresee, or a right one its facts word differently; each is read by hand
        "computed_unconfirmed": sum(r.get("unconfirmed", False) for r in results),
        "first_text_p50_s": percentile([r["first_s"] for r in results], 50),
        "first_text_p95_s": percentile([r["first_s"] for r in results], 95),
        "total_p50_s": percentile([r["seconds"] for r in results], 50),
        "total_p95_s": percentile([r["seconds"] for r in results], 95),
    }


def load_answer_sets(names: Iterable[str] = ANSWER_SETS) -> list[dict[str, Any]]:
    """Every answer-set row, in file order (follow-ups right after what they follow)."""
    return [row for name in names for row in load_jsonl(name)]


def run_answers(bot: Assistant, limit: int | None = None, split: str | None = None,
                progress: Callable[[str], None] = lambda _: None) -> dict:
    """Evaluate the answer sets (optionally one split); write evals/results/answers-<model>.json."""
    rows = [r for r in load_answer_sets() if split is None or r.get("split") == split][:limit]
    threads: dict[str, str] = {}
    results = []
    bundled = set(bot.pal.library.ids)
    books_bot: Assistant | None = None
    for row in rows:
        asked = bot
        if row.get("game") not in bundled:  # a rulebook written for this eval: asked of a service that holds it
            if books_bot is None:
                books_bot = Assistant(eval_pal(bot.pal, "unseen-books", [UNSEEN_BOOKS]), bot.model, bot.model_spec)
            asked = books_bot
        thread = threads.get(row.get("followup_of", ""))
        game = None if row.get("followup_of") else row.get("game")
        try:
            answer, first, total = timed_ask(asked, row["question"], game=game, thread_id=thread)
        except WhichGame as exc:  # asked back which game: no claim made, counted as a refusal
            answer, first, total = Answer(str(exc), None, covered=False, basis="refusal"), 0.0, 0.0
        threads[row["id"]] = answer.thread_id or ""
        verdict = judge(row, answer)
        results.append({"id": row["id"], "split": row.get("split", "dev"), "kind": row.get("kind", "fact"),
                        "has_position": "position" in row, **verdict, "basis": answer.basis,
                        "closest": answer.basis == "closest", "flagged": answer.basis in ("closest", "refusal"),
                        "verdict_shown": answer.verdict is not None,
                        "engine_calls": sum(t.origin != "words" for t in answer.tool_calls),
                        "read_from_words": any(t.origin == "words" for t in answer.tool_calls),
                        "answer": answer.answer, "citations": [c.section_id for c in answer.citations],
                        "first_s": round(first, 2), "seconds": round(total, 2)})
        flag = "WRONG" if verdict["wrong"] else ("ok" if verdict["correct"] else "miss")
        progress(f"{row['id']} [{row.get('split')}] {flag} {answer.basis} {total:.1f}s  {row['question'][:60]}")
    report = {"model": bot.model_spec, "all": summarise(results),
              **{s: summarise([r for r in results if r["split"] == s]) for s in SPLITS}, "rows": results}
    save_result(f"answers-{_slug(bot.model_spec)}", report)
    return report


def _expected_ok(expected: dict[str, Any], result: Any) -> bool:
    if not isinstance(result, dict):
        return False
    if expected.get("error"):
        return "error" in result
    if "total" in expected and result.get("total") != expected["total"]:
        return False
    if "legal" in expected and result.get("legal") != expected["legal"]:
        return False
    codes = {r.get("code") for r in result.get("reasons", [])}
    return set(expected.get("reason_codes", [])) <= codes


def run_tools(bot: Assistant, limit: int | None = None, progress: Callable[[str], None] = lambda _: None) -> dict:
    """Evaluate the tool set: right engine call, right result, right number in the answer; write results."""
    rows = load_jsonl("tools")[:limit]
    results, firsts, totals = [], [], []
    for row in rows:
        answer, first, total = timed_ask(bot, row["question"], game=row["game"], position=row.get("position"))
        firsts.append(first)
        totals.append(total)
        expected = row["expected"]
        calls = [t for t in answer.tool_calls if t.name == expected["tool"]]
        result_ok = any(_expected_ok(expected, c.result) for c in calls)
        number = expected.get("total")
        results.append({
            "id": row["id"], "tool_ok": bool(calls), "result_ok": result_ok,
            "number_ok": None if number is None else bool(re.search(rf"(?<!\d){number}(?!\d)", answer.answer)),
            "answer": answer.answer, "seconds": round(total, 2),
        })
        progress(f"{row['id']}: tool={results[-1]['tool_ok']} result={result_ok} number={results[-1]['number_ok']}")
    numbered = [r["number_ok"] for r in results if r["number_ok"] is not None]
    report = {
        "model": bot.model_spec, "questions": len(results),
        "tool_call_accuracy": mean(r["tool_ok"] for r in results) if results else 0.0,
        "engine_result_accuracy": mean(r["result_ok"] for r in results) if results else 0.0,
        "final_number_accuracy": mean(numbered) if numbered else 0.0,
        "first_text_p50_s": percentile(firsts, 50), "first_text_p95_s": percentile(firsts, 95),
        "total_p50_s": percentile(totals, 50), "total_p95_s": percentile(totals, 95), "rows": results,
    }
    save_result(f"tools-{_slug(bot.model_spec)}", report)
    return report


def _slug(spec: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", spec.split("?")[0].lower()).strip("-")[:60]
