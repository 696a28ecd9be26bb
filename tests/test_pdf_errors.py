"""Files that are not usable PDFs are refused with a clear RulesPalError, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from rulespal.errors import NoTextLayer, RulebookFormatError
from rulespal.pdf import pdf_to_markdown
from rulespal.pdf.blocks import _ordinal
from rulespal.pdf.markdown import _join_hyphen


def test_scanned_pdf_is_refused(tmp_path: Path):
    """Pages with only pictures (no text layer) raise NoTextLayer naming the file and the way out."""
    path = tmp_path / "scan.pdf"
    canvas = Canvas(str(path), pagesize=A4)
    for _ in range(2):
        canvas.rect(50, 50, 400, 600, fill=1)
        canvas.showPage()
    canvas.save()
    with pytest.raises(NoTextLayer, match=r"scan\.pdf: none of its 2 pages has a text layer.*OCR"):
        pdf_to_markdown(path)


@pytest.mark.parametrize("backend", ["pypdfium2", "pdfplumber"])
def test_not_a_pdf(tmp_path: Path, backend: str):
    """A file that is not a PDF is a RulebookFormatError."""
    path = tmp_path / "rules.pdf"
    path.write_text("# just Markdown\n", encoding="utf-8")
    with pytest.raises(RulebookFormatError, match="not a readable PDF"):
        pdf_to_markdown(path, backend=backend)


def test_missing_file_and_unknown_backend(tmp_path: Path):
    """A missing file and an unknown backend name are RulebookFormatErrors."""
    with pytest.raises(RulebookFormatError, match="no such file"):
        pdf_to_markdown(tmp_path / "none.pdf")
    path = tmp_path / "x.pdf"
    Canvas(str(path)).save()
    with pytest.raises(RulebookFormatError, match="unknown PDF backend"):
        pdf_to_markdown(path, backend="nope")


def test_line_end_hyphens():
    """Soft breaks join; a hyphen between two words that never occur joined is kept."""
    vocab = {"placement", "place", "one", "cell", "side", "by"}
    assert _join_hyphen("place-", "ment", vocab) == "placement"
    assert _join_hyphen("one-", "cell", vocab) == "one-cell"
    assert _join_hyphen("side-by-", "side", vocab) == "side-by-side"


def test_list_ordinals():
    """Numbers and letters of list markers; bullets have none."""
    assert [_ordinal(m) for m in ("1.", "(2)", "b)", "•")] == [1, 2, 2, None]
