"""PDF readers behind one contract (path -> RawPages and title): pypdfium2 (default), pdfplumber (dev extra)."""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from pathlib import Path

from rulespal.errors import RulebookFormatError
from rulespal.pdf.glyphs import Glyph, RawPage, font_traits, thin_rule

DEFAULT_BACKEND = "pypdfium2"
SOFT_HYPHENS = {"\u00ad": "-", "\x02": "-"}
UNMAPPED = "\ufffd"  # a glyph without Unicode (pdfminer's "(cid:N)"), most often a dingbat bullet

Reader = Callable[[Path], tuple[list[RawPage], str | None]]


def read_pypdfium2(path: Path) -> tuple[list[RawPage], str | None]:
    """Glyphs and rules with pypdfium2 (PDFium, Apache-2.0/BSD)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    try:
        pdf = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as exc:
        raise RulebookFormatError(f"{path.name}: not a readable PDF ({exc})") from exc
    pages, name_buf, flags = [], ctypes.create_string_buffer(256), ctypes.c_int()
    try:
        for index in range(len(pdf)):
            page = pdf[index]
            width, height = page.get_size()
            text, glyphs = page.get_textpage(), []
            for c in range(text.count_chars()):
                char = SOFT_HYPHENS.get(ch := chr(raw.FPDFText_GetUnicode(text.raw, c)), ch)
                if char in "\r\n":
                    continue
                left, bottom, right, top = text.get_charbox(c, loose=True)
                raw.FPDFText_GetFontInfo(text.raw, c, name_buf, 256, ctypes.byref(flags))
                bold, mono = font_traits(name_buf.value.decode("latin-1"), raw.FPDFText_GetFontWeight(text.raw, c),
                                         bool(flags.value & 1))
                glyphs.append(Glyph(char, left, right, height - top, height - bottom,
                                    raw.FPDFText_GetFontSize(text.raw, c), bold, mono))
            rules = []
            for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=8):
                left, bottom, right, top = obj.get_bounds()
                if rule := thin_rule(left, height - top, right, height - bottom):
                    rules.append(rule)
            pages.append(RawPage(index + 1, width, height, tuple(glyphs), tuple(rules)))
        title = (pdf.get_metadata_dict().get("Title") or "").strip() or None
    finally:
        pdf.close()
    return pages, title


def read_pdfplumber(path: Path) -> tuple[list[RawPage], str | None]:
    """Glyphs and rules with pdfplumber (pdfminer.six, MIT)."""
    import pdfplumber
    from pdfplumber.utils.exceptions import PdfminerException

    try:
        pdf = pdfplumber.open(path)
    except PdfminerException as exc:
        raise RulebookFormatError(f"{path.name}: not a readable PDF ({exc})") from exc
    pages = []
    with pdf:
        for page in pdf.pages:
            glyphs = []
            for ch in page.chars:
                bold, mono = font_traits(ch.get("fontname") or "")
                drawn: str = ch["text"]
                char = UNMAPPED if drawn.startswith("(cid:") else SOFT_HYPHENS.get(drawn, drawn)
                glyphs.append(Glyph(char, ch["x0"], ch["x1"], ch["top"],
                                    ch["bottom"], ch["size"], bold, mono))
            rules = [r for e in [*page.lines, *page.rects] if (r := thin_rule(e["x0"], e["top"], e["x1"], e["bottom"]))]
            pages.append(RawPage(page.page_number, float(page.width), float(page.height), tuple(glyphs), tuple(rules)))
        title = str((pdf.metadata or {}).get("Title") or "").strip() or None
    return pages, title


BACKENDS: dict[str, Reader] = {"pypdfium2": read_pypdfium2, "pdfplumber": read_pdfplumber}


def read_pdf(path: Path, backend: str = DEFAULT_BACKEND) -> tuple[list[RawPage], str | None]:
    """The pages and metadata title of a PDF read with the named backend."""
    if backend not in BACKENDS:
        raise RulebookFormatError(f"unknown PDF backend {backend!r}; known: {', '.join(BACKENDS)}")
    try:
        return BACKENDS[backend](path)
    except ImportError as exc:
        raise RulebookFormatError(f"the {backend} PDF backend is not installed ({exc.name}); "
                                  f"install it or use {DEFAULT_BACKEND}") from exc
