"""No input makes an engine or the document reader fail with anything but the project's input error, and the CLI
exits 0, 1 or 2 only (bounded Hypothesis runs; benchmarks/bench_engine_fuzz.py runs longer)."""

from __future__ import annotations

import pytest
from engine_fuzz import OPERATION_IDS, OPERATIONS, documents, notation_text, read_safely, reader_inputs, run_safely
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from engine import PositionError
from engine.kit import MAX_BYTES, MAX_DEPTH, read_document
from rulespal.cli import app

FAST = settings(max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize(("_game", "op"), OPERATIONS, ids=OPERATION_IDS)
def test_every_operation_answers_or_refuses_any_document(_game, op):
    @FAST
    @given(documents(op))
    def check(doc):
        assert run_safely(op, doc) is None

    check()


@FAST
@given(reader_inputs)
def test_the_reader_refuses_bad_bytes_with_an_input_error(data):
    assert read_safely(data) is None


@pytest.mark.parametrize(("data", "words"), [
    (b"[" * 50_000 + b"]" * 50_000, f"nested more than {MAX_DEPTH} levels"),
    (b'{"map": "A", "grid": "\xff"}', "not UTF-8 text: byte 0xff at line 1, column 23"),
    (b"[" + b"9" * 5000 + b"]", "not valid JSON"),
    (b"[NaN]", "not valid JSON"),
    (b"{not json", "line 1, column 2"),
    (b"  \n ", "is empty"),
    (b" " * (MAX_BYTES + 1), f"larger than {MAX_BYTES} bytes"),
    (b"[" + b"1," * 100_001 + b"1]", "more than 100000 values"),
    (b"[" + b"9" * 17 + b"]", "number out of range"),
])
def test_reader_limits_name_the_problem(data, words):
    with pytest.raises(PositionError) as caught:
        read_document(data, "doc.json")
    assert words in str(caught.value)


def test_reader_gives_notation_text_as_a_string_and_json_as_json():
    assert read_document(b"\xef\xbb\xbf@0,1 F\n") == "@0,1 F"
    assert read_document(b' {"a": [1, 2.5, null]} ') == {"a": [1, 2.5, None]}


def test_position_error_to_dict_keeps_every_location():
    error = PositionError("bad", ("grid", 3, 4))
    assert error.to_dict() == {"error": "grid.3.4: bad", "errors": [{"loc": ["grid", 3, 4], "msg": "bad"}]}


RUNNER = CliRunner()


@pytest.mark.parametrize("data", [b"\xff\xfe{", b"[" * 40_000, b'{"map": "A", "grid": ["\xc3\x28"]}'])
@pytest.mark.parametrize("source", ["file", "stdin"])
def test_cli_refuses_unreadable_documents_with_exit_2(tmp_path, data, source):
    path = tmp_path / "doc.json"
    path.write_bytes(data)
    args = ["score", "cartographers", str(path) if source == "file" else "-"]
    out = RUNNER.invoke(app, args, input=data if source == "stdin" else None)
    assert out.exit_code == 2, out.output
    assert out.exception is None or isinstance(out.exception, SystemExit), repr(out.exception)


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(["cartographers", "cational-meographic", "mise-kolonizace"]),
       st.sampled_from(["check", "score", "end_game", "nope"]), reader_inputs | notation_text.map(str.encode))
def test_cli_exits_0_1_or_2_only(game, operation, data):
    out = RUNNER.invoke(app, ["run", game, operation, "-"], input=data)
    assert out.exit_code in (0, 1, 2) and (out.exception is None or isinstance(out.exception, SystemExit)), \
        repr(out.exception)
