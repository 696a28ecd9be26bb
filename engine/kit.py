"""What every engine shares: locations, input errors and their collector, brief value text, and the one reader of
documents (file, stdin, HTTP body, tool arguments) with its limits."""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Loc = tuple[str | int, ...]

MAX_BYTES = 1_000_000  # a document (file, stdin, text notation) larger than this is refused unread
MAX_DEPTH = 32  # the deepest real document nests 7 levels (score_game: players/seasons/grid rows)
MAX_ITEMS = 100_000  # values (objects, lists, strings, numbers) in one document
MAX_INT = 2**53  # the largest whole number every JSON reader carries exactly
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


@dataclass(frozen=True)
class ErrorDetail:
    """One problem in an input document: where (`loc`, a path of keys/indexes) and what was expected."""

    loc: Loc
    msg: str

    def __str__(self) -> str:
        where = ".".join(str(part) for part in self.loc) or "(document)"
        return f"{where}: {self.msg}"


class PositionError(ValueError):
    """A position or move that cannot be read; carries every problem found with its location."""

    def __init__(self, errors: list[ErrorDetail] | tuple[ErrorDetail, ...] | ErrorDetail | str, loc: Loc = ()):
        if isinstance(errors, str):
            errors = [ErrorDetail(loc, errors)]
        elif isinstance(errors, ErrorDetail):
            errors = [errors]
        self.errors: tuple[ErrorDetail, ...] = tuple(errors)
        super().__init__("; ".join(str(e) for e in self.errors))

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form: error (one sentence) and errors (loc, msg), as the CLI and HTTP print them."""
        return {"error": str(self), "errors": [{"loc": list(e.loc), "msg": e.msg} for e in self.errors]}


class Problems:
    """The problems found so far in one input document, raised together."""

    def __init__(self) -> None:
        self.errors: list[ErrorDetail] = []

    def __len__(self) -> int:
        return len(self.errors)

    def add(self, loc: Loc, msg: str) -> None:
        """Record a problem at a location."""
        self.errors.append(ErrorDetail(tuple(loc), msg))

    def extend(self, errors: tuple[ErrorDetail, ...] | list[ErrorDetail]) -> None:
        """Record problems found elsewhere (e.g. those of a PositionError caught while reading a part)."""
        self.errors.extend(errors)

    def raise_if_any(self) -> None:
        """Raise PositionError carrying every problem recorded, if there is one."""
        if self.errors:
            raise PositionError(self.errors)


def shown(value: Any, width: int = 80) -> str:
    """Write an offending value briefly, as JSON where possible, cut to `width` characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= width else text[:width - 3] + "..."


def read_int(value: Any, loc: Loc, problems: Problems, low: int, high: int | None = None) -> int | None:
    """Check that value is a whole number within [low, high] (no upper bound when high is None)."""
    if isinstance(value, int) and not isinstance(value, bool) and low <= value and (high is None or value <= high):
        return value
    need = f"from {low} to {high}" if high is not None else f"of at least {low}"
    problems.add(loc, f"expected a whole number {need}, got {shown(value)}")
    return None


def check_document(doc: Any) -> None:
    """Refuse a parsed document beyond the limits (nesting, size, whole numbers) or holding non-JSON values."""
    items = 0
    stack: list[tuple[Any, Loc]] = [(doc, ())]
    while stack:
        value, loc = stack.pop()
        items += 1
        if items > MAX_ITEMS:
            raise PositionError(f"the document holds more than {MAX_ITEMS} values; no position is that large")
        if len(loc) > MAX_DEPTH:
            raise PositionError(f"nested more than {MAX_DEPTH} levels deep; no position nests that deep",
                                loc[:MAX_DEPTH])
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise PositionError(f"field names are strings, got {type(key).__name__}", loc)
                stack.append((item, (*loc, key)))
        elif isinstance(value, list):
            stack.extend((item, (*loc, i)) for i, item in enumerate(value))
        elif isinstance(value, bool) or value is None or isinstance(value, float):
            continue
        elif isinstance(value, int):
            if abs(value) > MAX_INT:
                raise PositionError(f"number out of range: whole numbers go up to {MAX_INT} either way", loc)
        elif isinstance(value, str):
            if len(value) > MAX_BYTES:
                raise PositionError(f"text longer than {MAX_BYTES} characters", loc)
        else:
            raise PositionError(f"not a JSON value: {type(value).__name__}", loc)


def _json_depth(text: str) -> int:
    """The deepest nesting of brackets in JSON text (strings skipped), without parsing it."""
    depth = deepest = 0
    for token in _JSON_TOKENS.finditer(text):
        mark = token.group()
        if mark in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif mark in "]}":
            depth -= 1
    return deepest


def _line_of(data: bytes, offset: int) -> str:
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"


def read_document(data: bytes | str, source: str = "the document") -> Any:
    """Read a document: JSON when it starts with { or [ (checked by check_document), else the notation text."""
    if isinstance(data, bytes):
        if len(data) > MAX_BYTES:
            raise PositionError(f"{source} is larger than {MAX_BYTES} bytes; no position is that large")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise PositionError(f"{source} is not UTF-8 text: byte {data[exc.start]:#04x} at "
                                f"{_line_of(data, exc.start)} cannot be decoded") from None
    else:
        text = data
        if len(text) > MAX_BYTES:
            raise PositionError(f"{source} is longer than {MAX_BYTES} characters; no position is that large")
    stripped = text.strip().lstrip("\ufeff")
    if not stripped:
        raise PositionError(f"{source} is empty")
    if stripped[0] not in "{[":
        return stripped
    if _json_depth(stripped) > MAX_DEPTH:
        raise PositionError(f"{source}: JSON nested more than {MAX_DEPTH} levels deep; no position nests that deep")
    try:
        doc = json.loads(stripped, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise PositionError(f"not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    except ValueError as exc:  # a number with more digits than Python converts, or NaN/Infinity
        raise PositionError(f"not valid JSON: {exc}") from None
    check_document(doc)
    return doc


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def load_document(source: str) -> Any:
    """Read a document from a file, or from standard input when `source` is '-' (see read_document)."""
    name = "standard input" if source == "-" else source
    try:
        if source == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with Path(source).open("rb") as handle:
                data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise PositionError(f"cannot read {name}: {exc.strerror or exc}") from None
    return read_document(data, name)


def ascii_whole(text: str) -> int | None:
    """The whole number >= 0 written in at most 15 ASCII digits (no '²', '①' or other digits), else None."""
    return int(text) if re.fullmatch(r"[0-9]{1,15}", text) else None
