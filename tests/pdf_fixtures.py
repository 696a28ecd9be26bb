"""Rulebook PDFs rendered with reportlab from the bundled Markdown, with the ground truth of what was drawn where."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph, Preformatted, Spacer, Table, TableStyle

from rulespal.rulebook import Rulebook, load_rulebook

HEADING_SIZES = {1: 17.0, 2: 14.0, 3: 12.0, 4: 11.0}
BODY = ParagraphStyle("body", fontName="Helvetica", fontSize=9.5, leading=12.5, spaceAfter=5, embeddedHyphenation=1)
CELL = ParagraphStyle("cell", fontName="Helvetica", fontSize=7.5, leading=9)
CODE = ParagraphStyle("code", fontName="Courier", fontSize=8, leading=9.5, spaceAfter=6)
LIST_ITEM = re.compile(r"^( *)(?:([-*])|(\d+)\.)\s+(.*)$")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"(])")
MARGIN = 56


@dataclass(frozen=True)
class SectionTruth:
    """A section as drawn: its heading and the pages from the heading to the section's last line."""

    title: str
    level: int
    first_page: int
    last_page: int


@dataclass(frozen=True)
class Fixture:
    """A rendered PDF and what it must convert back to."""

    pdf: Path
    book: Rulebook
    columns: int
    pages: int
    sections: tuple[SectionTruth, ...]
    sentences: tuple[str, ...]
    table_cells: tuple[str, ...]
    code_lines: tuple[str, ...]
    header: str
    footer_prefix: str


def plain(text: str) -> str:
    """Markdown inline text without markup, whitespace collapsed."""
    text = re.sub(r"(?<![*\w])\*(?=\S)(.+?)(?<=\S)\*(?![*\w])", r"\1", text.replace("**", ""))
    return " ".join(text.replace("`", "").split())


def _inline(text: str, hyphens: bool = True) -> str:
    """Markdown inline markup as reportlab paragraph markup; long words get soft hyphens so lines end hyphenated."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if hyphens:
        text = re.sub(r"\b([a-z]{5})([a-z]{5,})\b", "\\1\u00ad\\2", text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"(?<![*\w])\*(?=\S)(.+?)(?<=\S)\*(?![*\w])", r"<i>\1</i>", text)
    return re.sub(r"`(.+?)`", r'<font face="Courier">\1</font>', text)


def _blocks(text: str) -> list[tuple[str, list[str]]]:
    """Section text as (kind, lines) blocks: para, item, table, code."""
    blocks: list[tuple[str, list[str]]] = []
    lines, i = text.splitlines(), 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            j = next(k for k in range(i + 1, len(lines)) if lines[k].startswith("```"))
            blocks.append(("code", lines[i + 1:j]))
            i = j + 1
            continue
        if not line.strip():
            i += 1
            continue
        kind = "table" if line.startswith("|") else "item" if LIST_ITEM.match(line) else "para"
        continues = blocks and blocks[-1][0] == kind and (kind == "table" or kind == "para" and lines[i - 1].strip())
        if continues:
            blocks[-1][1].append(line)
        else:
            blocks.append((kind, [line]))
        i += 1
    return blocks


class _Doc(BaseDocTemplate):
    """A doc template recording the page each flowable ends on."""

    def __init__(self, path: Path, columns: int, header: str, **kw):
        super().__init__(str(path), pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=70, bottomMargin=70,
                         **kw)
        width, gutter = self.width, 18
        col = (width - gutter * (columns - 1)) / columns
        frames = [Frame(self.leftMargin + n * (col + gutter), self.bottomMargin, col, self.height, id=f"c{n}",
                        leftPadding=0, rightPadding=0) for n in range(columns)]
        self.addPageTemplates([PageTemplate("page", frames=frames, onPage=self._decorate)])
        self.header, self.marks, self.frame_width = header, [], col

    def _decorate(self, canvas, doc) -> None:
        width, height = A4
        canvas.saveState()
        canvas.setFont("Helvetica-Oblique", 8)
        canvas.drawString(MARGIN, height - 40, self.header)
        canvas.drawRightString(width - MARGIN, height - 40, "Rules reference")
        canvas.drawCentredString(width / 2, 36, f"Page {doc.page}")
        canvas.restoreState()

    def afterFlowable(self, flowable) -> None:
        mark = getattr(flowable, "_truth", None)
        if mark is not None:
            self.marks.append((mark, self.page))


def _column_widths(rows: list[list[str]], width: float) -> list[float]:
    """Each column at least as wide as its longest word, the rest shared by the amount of text."""
    columns = list(zip(*rows, strict=True))
    least = [max(stringWidth(w, CELL.fontName, CELL.fontSize) for c in col for w in plain(c).split() or ["x"]) + 12
             for col in columns]
    text = [sum(len(plain(c)) for c in col) for col in columns]
    spare = width - sum(least)
    if spare < 0:  # too narrow (a two-column page): shrink every column alike
        return [m * width / sum(least) for m in least]
    return [m + spare * t / sum(text) for m, t in zip(least, text, strict=True)]


def _tag(flowable, section: int):
    """Mark a flowable (and the parts it splits into across pages) with its section."""
    flowable._truth = section
    whole = flowable.split

    def split(width, height):
        return [_tag(part, section) for part in whole(width, height)]

    flowable.split = split
    return flowable


def render_fixture(markdown: Path, out: Path, columns: int = 1) -> Fixture:
    """Render a Markdown rulebook as a PDF (1 or 2 columns) and return its ground truth."""
    book = load_rulebook(markdown)
    header = f"{book.title} \u2013 Rulebook"
    doc = _Doc(out, columns, header, title=book.title, author="RulesPal fixtures")
    story, sentences, cells, code = [], [], [], []
    for n, section in enumerate(book.sections):
        style = ParagraphStyle(f"h{section.level}", fontName="Helvetica-Bold", fontSize=HEADING_SIZES[section.level],
                               leading=HEADING_SIZES[section.level] * 1.25, spaceBefore=8, spaceAfter=4)
        story.append(_tag(Paragraph(_inline(section.title, hyphens=False), style), n))
        for kind, lines in _blocks(section.text):
            if kind == "code":
                story.append(_tag(Preformatted("\n".join(lines), CODE), n))
                code += [" ".join(line.split()) for line in lines if line.strip()]
            elif kind == "table":
                rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in lines
                        if not re.fullmatch(r"[|\s:-]+", line)]
                cells += [plain(c) for row in rows for c in row if c]
                table = Table([[Paragraph(_inline(c, hyphens=False), CELL) for c in row] for row in rows],
                              colWidths=_column_widths(rows, doc.frame_width), repeatRows=1)
                table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
                                           ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                           ("LEFTPADDING", (0, 0), (-1, -1), 5),
                                           ("RIGHTPADDING", (0, 0), (-1, -1), 5)]))
                story += [_tag(table, n), Spacer(1, 6)]
            else:
                for line in lines if kind == "item" else [" ".join(lines)]:
                    match = LIST_ITEM.match(line) if kind == "item" else None
                    body = match.group(4) if match else line
                    bullet = None if not match else ("\u2022" if match.group(2) else f"{match.group(3)}.")
                    indent = 8 * len(match.group(1)) if match else 0
                    style = (ParagraphStyle("item", parent=BODY, leftIndent=16 + indent, bulletIndent=2 + indent)
                             if bullet else BODY)
                    story.append(_tag(Paragraph(_inline(body), style, bulletText=bullet), n))
                    sentences += [s for s in SENTENCE_END.split(plain(body)) if s]
    doc.build(story)
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for mark, page in doc.marks:
        first.setdefault(mark, page)
        last[mark] = page
    truth = tuple(SectionTruth(s.title, s.level, first[n], last[n]) for n, s in enumerate(book.sections))
    return Fixture(out, book, columns, doc.page, truth, tuple(sentences), tuple(cells), tuple(code), header, "Page ")


def _plain_output(markdown: str) -> str:
    """Converted Markdown as plain text: no front matter, comments, heading/list markers, bold, pipes."""
    body = re.sub(r"^---\n.*?\n---\n", "", markdown, flags=re.S)
    body = re.sub(r"<!--.*?-->", " ", body)
    body = re.sub(r"^\|[-|\s]+\|$", " ", body, flags=re.M)
    body = re.sub(r"^(?:#{1,6}|-|\d+\.|[a-z]\.)\s+", "", body, flags=re.M)
    return plain(body.replace("|", " ").replace("\\", "").replace("```", " "))


def _output_cells(markdown: str) -> set[str]:
    return {re.sub(r"\s+", "", plain(c)) for line in markdown.splitlines() if line.startswith("|")
            for c in line.strip().strip("|").split(" | ")}


def _output_code(markdown: str) -> set[str]:
    blocks = re.findall(r"^```\n(.*?)\n```$", markdown, flags=re.S | re.M)
    return {" ".join(line.split()) for b in blocks for line in b.splitlines()}


def _key(title: str) -> str:
    return " ".join(plain(title).lower().split())


def score(fixture: Fixture, markdown: str, sections: list[tuple[str, int, int, int]]) -> dict:
    """How well a conversion recovered the fixture: headings, sentences, order, margins, pages, tables, code."""
    text = _plain_output(markdown)
    found, cursor = [], 0
    for sentence in fixture.sentences:  # in order: a sentence counts as ordered when it is found after the last one
        pos = text.find(sentence, cursor)
        found.append((sentence, pos, pos >= 0))
        if pos < 0:
            pos = text.find(sentence)
            found[-1] = (sentence, pos, False)
        cursor = max(cursor, pos)
    positions = [pos for _, pos, _ in found if pos >= 0]
    out_titles = [(_key(t), level, first, last) for t, level, first, last in sections]
    matched, cursor, levels, pages = 0, 0, 0, 0
    missing_headings, wrong_pages = [], []
    for truth in fixture.sections:
        hit = next((k for k in range(cursor, len(out_titles)) if out_titles[k][0] == _key(truth.title)), None)
        if hit is None:
            missing_headings.append(truth.title)
            continue
        matched, cursor = matched + 1, hit + 1
        levels += out_titles[hit][1] == truth.level
        if out_titles[hit][2:] == (truth.first_page, truth.last_page):
            pages += 1
        else:
            wrong_pages.append((truth.title, (truth.first_page, truth.last_page), out_titles[hit][2:]))
    margin = re.compile(rf"{re.escape(fixture.header)}|Rules reference|\bPage \d+\b")
    cells = _output_cells(markdown)
    code = _output_code(markdown)
    n = len(fixture.sections)
    return {
        "headings": matched / n,
        "heading_levels": levels / max(1, matched),
        "spurious_headings": len(out_titles) - matched,
        "sentences": len(positions) / len(fixture.sentences),
        "reading_order": sum(in_order for _, pos, in_order in found if pos >= 0) / max(1, len(positions)),
        "margin_leaks": len(margin.findall(text)),
        "page_ranges": pages / n,
        "table_cells": (sum(re.sub(r"\s+", "", c) in cells for c in fixture.table_cells) / len(fixture.table_cells)
                        if fixture.table_cells else 1.0),
        "code_lines": (sum(c in code for c in fixture.code_lines) / len(fixture.code_lines)
                       if fixture.code_lines else 1.0),
        "missing_sentences": [s for s, pos, _ in found if pos < 0],
        "missing_headings": missing_headings,
        "wrong_pages": wrong_pages,
    }
