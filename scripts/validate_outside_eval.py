"""Validate the outside-books eval: rulebooks under rulespal/evals/books/outside and
questions in rulespal/evals/datasets/outside.jsonl. Data-only check, no project code used.

Usage: python scripts/validate_outside_eval.py [--sections BOOK]
"""
import json
import re
import sys
from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
BOOKS = ROOT / "rulespal" / "evals" / "books" / "outside"
DATASET = ROOT / "rulespal" / "evals" / "datasets" / "outside.jsonl"
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def slug(title):
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def ws(text):
    return re.sub(r"\s+", " ", text).strip()


def parse(path):
    raw = path.read_text(encoding="utf-8")
    m = re.match(r"^---\n(.*?)\n---\n", raw, re.S)
    if not m:
        raise ValueError(f"{path.name}: no front matter")
    meta = yaml.safe_load(m.group(1))
    body = raw[m.end():]
    lines = body.split("\n")
    heads = []  # (line index, level, path)
    stack = []
    in_code = False
    for i, line in enumerate(lines):
        if line.startswith("```"):
            in_code = not in_code
            continue
        h = HEADING.match(line) if not in_code else None
        if h:
            level = len(h.group(1))
            stack = [s for s in stack if s[0] < level]
            stack.append((level, slug(h.group(2))))
            heads.append((i, level, "/".join(s for _, s in stack)))
    sections = {}
    for n, (i, level, sid) in enumerate(heads):
        end = len(lines)
        for j, lv, _ in heads[n + 1:]:
            if lv <= level:
                end = j
                break
        if sid in sections:
            raise ValueError(f"{path.name}: duplicate section path {sid}")
        sections[sid] = "\n".join(lines[i + 1:end])
    return meta, body, sections, heads


def main():
    errors = []
    books = {}
    for p in sorted(BOOKS.glob("*.md")):
        try:
            meta, body, sections, heads = parse(p)
        except Exception as e:  # noqa: BLE001
            errors.append(str(e))
            continue
        for key in ("id", "title", "aliases"):
            if key not in meta:
                errors.append(f"{p.name}: front matter lacks {key}")
        if meta.get("id") != p.stem:
            errors.append(f"{p.name}: id {meta.get('id')!r} != file stem")
        size = len(p.read_bytes())
        if not 12 * 1024 <= size <= 30 * 1024:
            errors.append(f"{p.name}: size {size} outside 12-30 KB")
        books[p.stem] = (meta, body, sections, heads, size)

    if len(sys.argv) > 2 and sys.argv[1] == "--sections":
        for _, level, sid in books[sys.argv[2]][3]:
            print("  " * (level - 1) + sid)
        return 0

    seen = Counter()
    per_book = Counter()
    splits = Counter()
    styles = Counter()
    holdout_books = Counter()
    rows = [json.loads(ln) for ln in DATASET.read_text().splitlines() if ln.strip()]
    for r in rows:
        rid = r.get("id")
        seen[rid] += 1
        for key in ("id", "game", "question", "gold", "passage", "split", "style"):
            if key not in r:
                errors.append(f"{rid}: missing {key}")
        if r.get("game") not in books:
            errors.append(f"{rid}: unknown game {r.get('game')}")
            continue
        if r["split"] not in ("dev", "holdout"):
            errors.append(f"{rid}: bad split {r['split']}")
        if r["style"] not in ("paraphrase", "table-talk", "rule-number"):
            errors.append(f"{rid}: bad style {r['style']}")
        per_book[r["game"]] += 1
        splits[r["split"]] += 1
        styles[r["style"]] += 1
        if r["split"] == "holdout":
            holdout_books[r["game"]] += 1
        _, body, sections, _, _ = books[r["game"]]
        passage = ws(r["passage"])
        if not 40 <= len(r["passage"]) <= 300:
            errors.append(f"{rid}: passage length {len(r['passage'])}")
        if passage not in ws(body):
            errors.append(f"{rid}: passage not verbatim in book")
        if not r["gold"]:
            errors.append(f"{rid}: empty gold")
        inside = False
        for g in r["gold"]:
            if g not in sections:
                errors.append(f"{rid}: gold {g!r} is not a section path")
            elif passage in ws(sections[g]):
                inside = True
        if not inside:
            errors.append(f"{rid}: passage not inside any gold section")
    for rid, n in seen.items():
        if n > 1:
            errors.append(f"duplicate id {rid}")

    for name, (_, _, _, heads, size) in books.items():
        depth = max(lv for _, lv, _ in heads)
        print(f"{name}: {size} bytes, {len(heads)} sections, max depth {depth}")
    print(f"questions: {len(rows)}  per book: {dict(per_book)}")
    print(f"splits: {dict(splits)}  holdout per book: {dict(holdout_books)}")
    print(f"styles: {dict(styles)}")
    for e in errors:
        print("ERROR", e)
    print("OK" if not errors else f"{len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
