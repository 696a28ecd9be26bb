"""Hypothesis strategies and checks shared by the fuzz tests and benchmarks/bench_engine_fuzz.py: arbitrary JSON
(deep nesting, huge numbers, wrong types), mutations of every operation's schema examples, notation text and raw
bytes, run against every engine operation and the document reader."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

from engine import PositionError, engine_ids, get_engine
from engine.kit import read_document
from engine.protocol import Operation

OPERATIONS: tuple[tuple[str, Operation], ...] = tuple(
    (game, op) for game in engine_ids() for op in get_engine(game).operations)
OPERATION_IDS = [f"{game}:{op.name}" for game, op in OPERATIONS]

scalars = (st.none() | st.booleans() | st.integers() | st.integers(min_value=-(10**30), max_value=10**30)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12)
           | st.sampled_from(["", "A", "B", "all", "spring", "forest", "blue", "Homestead", "Goblin Attack", "-1", "*",
                              "\u00b2", "\u2460", "none", "null", "F(blue=1)", "@0,1 r0 F()"]))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


def nested(depth: int) -> Any:
    """A list nested `depth` levels deep."""
    doc: Any = []
    for _ in range(depth):
        doc = [doc]
    return doc


deep_values = st.integers(min_value=30, max_value=3000).map(nested)


def _paths(doc: Any, path: tuple = ()) -> list[tuple]:
    found = [path]
    if len(path) >= 8:  # mutations aim at the fields of real documents, a few levels deep
        return found
    if isinstance(doc, dict):
        for key, value in doc.items():
            found += _paths(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            found += _paths(value, (*path, i))
    return found


def _replace(doc: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    copy = list(doc) if isinstance(doc, list) else dict(doc)
    copy[path[0]] = _replace(doc[path[0]], path[1:], value)
    return copy


def _drop(doc: Any, path: tuple) -> Any:
    if len(path) == 1:
        copy = list(doc) if isinstance(doc, list) else dict(doc)
        del copy[path[0]]
        return copy
    return _replace(doc, path[:1], _drop(doc[path[0]], path[1:]))


@st.composite
def mutated(draw: st.DrawFn, op: Operation) -> Any:
    """One of the operation's schema examples with a few values replaced, dropped or swapped for others."""
    examples = list(op.input_schema.get("examples", [])) or [{}]
    doc = draw(st.sampled_from(examples))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths))
        action = draw(st.sampled_from(["replace", "drop", "reuse", "deep"]))
        if action == "drop" and path:
            doc = _drop(doc, path)
        elif action == "reuse":
            source = draw(st.sampled_from(paths))
            doc = _replace(doc, path, _get(doc, source))
        elif action == "deep":
            doc = _replace(doc, path, draw(deep_values))
        else:
            doc = _replace(doc, path, draw(json_values))
    return doc


def _get(doc: Any, path: tuple) -> Any:
    for part in path:
        doc = doc[part]
    return doc


def documents(op: Operation) -> st.SearchStrategy[Any]:
    """Anything a caller could send an operation: JSON of any shape, deep nesting, mutated examples, text."""
    return json_values | deep_values | mutated(op) | st.text(max_size=60) | notation_text


notation_pieces = st.sampled_from([
    "@0,1 ", "@-1,0 ", "r90 ", "r45 ", "F(", "M(", "S(", ")", "N=o ", "E=r ", "S=g ", "W=x ", "blue=1 ", "red=2 ",
    "a=1 ", "a=\u00b2 ", "blue=\u2460 ", "\\g ", "/r ", "\n", ";", "players: blue red\n", "totals: blue=3\n",
    "stacks: blue=2 red=2\n", "base: none\n", "base: 0,0\n", "blue 41 | ", "red -5 | ", "| ", "# c\n", "(", "\u0663",
])
notation_text = st.lists(notation_pieces | st.text(max_size=4), max_size=14).map("".join)


def rule_refs(value: Any) -> Any:
    """Every rule_ref string anywhere in a result."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "rule_ref":
                yield item
            yield from rule_refs(item)
    elif isinstance(value, list):
        for item in value:
            yield from rule_refs(item)


def run_safely(op: Operation, doc: Any) -> str | None:
    """Run an operation; None when it answers JSON or refuses with PositionError, else a description of the failure."""
    try:
        result = op.run(doc)
    except PositionError as exc:
        return None if exc.errors and all(e.msg for e in exc.errors) else "PositionError without a message"
    except Exception as exc:  # noqa: BLE001 - the point is to catch anything else
        return f"{type(exc).__name__}: {str(exc)[:200]}"
    try:
        json.dumps(result, allow_nan=False)
    except (TypeError, ValueError) as exc:
        return f"result is not JSON: {exc}"
    return verdict_problem(result)


def verdict_problem(result: dict[str, Any]) -> str | None:
    """What breaks the verdict semantics of engine/protocol.py in a result, or None."""
    if result.get("legal") is False:
        if not result.get("reasons"):
            return "legal: false without reasons"
        if result.get("total", 0) != 0 or result.get("lines"):
            return "an illegal move scores points"
    return None


def read_safely(data: bytes) -> str | None:
    """Read bytes as a document; None when it gives a document or a PositionError, else the failure."""
    try:
        read_document(data, "fuzz.json")
    except PositionError:
        return None
    except Exception as exc:  # noqa: BLE001
        return f"{type(exc).__name__}: {str(exc)[:200]}"
    return None


def json_bytes(value: Any) -> bytes:
    """A JSON document's bytes, as a file would hold them."""
    return json.dumps(value).encode()


reader_inputs = (st.binary(max_size=200) | json_values.map(json_bytes) | notation_text.map(str.encode)
                 | st.integers(30, 50_000).map(lambda n: b"[" * n + b"]" * n)
                 | st.integers(4301, 6000).map(lambda n: b"[" + b"9" * n + b"]"))
