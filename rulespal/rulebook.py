"""Parse a Markdown rulebook into metadata and a tree of sections with stable slug ids."""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import yaml

from rulespal.errors import RulebookFormatError
from rulespal.html_tables import markdown_tables

_HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$")
_FENCE = re.compile(r"^(```|~~~)")
_UNDERLINE = re.compile(r"^(={3,}|-{3,})[ \t]*$")
_BOLD_LINE = re.compile(r"^(?:\*\*([^*]+)\*\*|__([^_]+)__):?$")
_CAPITALS = re.compile(r"^(?=(?:[^a-z]*[A-Z]){3})[^a-z.!?]+$")  # three capitals or more, no lower case, no full stop
STANDALONE_LIMIT = 80  # a line standing alone longer than this is a paragraph, whatever its type
# a numbered rule id opening a heading: "4.2.1 Move", "A.3 Setup", "12. Scoring", "Rule 7.1: Winning"
_RULE_NUMBER = re.compile(r"^(?:(?:rule|section|sec\.?|article|art\.?|chapter|§)\s*(\d+(?:\.\d+)*|[A-Z](?:\.\d+)*)|"
                          r"((?:\d+|[A-Z])(?:\.\d+)+|\d+(?=\.)))\.?(?=[\s:)–—-])", re.I)
# a rule a player cites by its number: "art 9", "article 9", "rule 4.2", "sec 3", "§ 12"
_CITED = re.compile(r"(?:\b(?:art(?:icle)?|rule|sec(?:tion)?)s?\.?|§+)\s*((?:\d+|[a-z])(?:\.\d+)*)\b", re.I)
# a page number left in a PDF's text: "Page 3 of 9", "3 / 9", "- 3 -"
_PAGE_LINE = re.compile(r"^(?:page\s+\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?|\d{1,4}\s*(?:of|/)\s*\d{1,4}|"
                        r"[-–—]\s*\d{1,4}\s*[-–—])$", re.I)
RUNNING = 3  # a line standing alone this many times and naming the book is its running header or footer
OPEN_END = re.compile(r"[^.!?:;|)\]\"”*_]\s*$")  # a line ending mid-sentence: no closing punctuation or markup
# the line a converted PDF puts under each heading: the section's first and last page
PAGES_PATTERN = re.compile(r"^<!-- pages: (\d+)-(\d+) -->$", re.M)


def slugify(text: str) -> str:
    """Lowercase slug of a heading: apostrophes dropped, other non-alphanumerics collapsed to '-'."""
    text = re.sub(r"['’`]", "", text.lower())
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-") or "section"


def rule_number(heading: str) -> str | None:
    """The numbered rule id a heading opens with ('4.2.1 Move' -> '4.2.1', 'A.3 Setup' -> 'A.3', 'Article 9 —
    Irregularities' -> '9'), or None."""
    match = _RULE_NUMBER.match(heading.strip())
    return match.group(1) or match.group(2) if match else None


@dataclass(frozen=True)
class Section:
    """One heading of a rulebook and the text under it (up to the next heading of any level)."""

    id: str
    title: str
    level: int
    heading_path: tuple[str, ...]
    parent_id: str | None
    text: str
    order: int
    number: str | None = None  # the numbered rule id of the heading ("4.2.1"), if any
    pages: tuple[int, int] | None = None  # first and last page in the source PDF, if the book came from one


@dataclass(frozen=True)
class Rulebook:
    """A game's rulebook: front-matter metadata plus its sections in document order."""

    id: str
    title: str
    aliases: tuple[str, ...]
    sections: tuple[Section, ...]
    source_path: str
    content: str
    players: str | None = None
    source: str | None = None
    sha256: str | None = None  # of the source PDF, if the book was converted from one

    @cached_property
    def digest(self) -> str:
        """sha256 of the rulebook's text, as read from its file."""
        return hashlib.sha256(self.content.encode()).hexdigest()

    @cached_property
    def words(self) -> frozenset[str]:
        """Every word the book uses, lowercased."""
        return frozenset(re.findall(r"[a-z]+", self.content.lower()))

    @cached_property
    def word_forms(self) -> frozenset[str]:
        """Every word the book uses, lowercased, and each without a plural 's' ('kings' also as 'king')."""
        from rulespal.lexical import plural_stem  # the search stack is not loaded to parse a book

        return self.words | {plural_stem(w) for w in self.words}

    @property
    def source_pdf(self) -> Path | None:
        """The original PDF stored beside a converted book (RULESPAL_HOME/books/<id>.pdf), if there is one."""
        pdf = Path(self.source_path).with_suffix(".pdf")
        return pdf if self.sha256 and pdf.is_file() else None

    def section(self, section_id: str) -> Section | None:
        """The section with this id, or None."""
        return next((s for s in self.sections if s.id == section_id), None)

    def children(self, section_id: str | None) -> tuple[Section, ...]:
        """Direct children of a section (None: the top-level sections)."""
        return tuple(s for s in self.sections if s.parent_id == section_id)

    def cited(self, text: str) -> tuple[Section, ...]:
        """The sections a text cites by their numbers ('art 9', 'rule 4.2', 'sec 3')."""
        numbers = {n.lower() for n in _CITED.findall(text)}
        return tuple(s for s in self.sections if s.number is not None and s.number.lower() in numbers)

    def with_cited_titles(self, text: str) -> str:
        """The text with the titles of the sections it cites by number ('art 9 - …' -> '… (Irregularities)'),
        so a player's 'art 9' is searched as the words the article is about."""
        titles = [_RULE_NUMBER.sub("", s.title).strip(" .:–—-") for s in self.cited(text)]
        titles = [t for t in titles if t and t.lower() not in text.lower()]
        return f"{text} ({'; '.join(titles)})" if titles else text

    def subtree_text(self, section_id: str) -> str:
        """The section's own text followed by its descendants' headings and text."""
        root = self.section(section_id)
        if root is None:
            return ""
        parts = [root.text]
        for s in self.sections:
            if s.id.startswith(section_id + "/"):
                parts.append(f"{'#' * (s.level - root.level + 1)} {s.title}\n\n{s.text}")
        return "\n\n".join(p for p in parts if p.strip())


def _front_matter(text: str, path: Path) -> tuple[dict, str]:
    if not text.startswith("---"):
        return {}, text
    match = re.match(r"^---[ \t]*\n(.*?)\n---[ \t]*\n?", text, re.S)
    if not match:
        raise RulebookFormatError(f"{path}: front matter starts with '---' but has no closing '---' line")
    try:
        meta = yaml.safe_load(match.group(1)) or {}
    except yaml.YAMLError as exc:
        raise RulebookFormatError(f"{path}: front matter is not valid YAML: {exc}") from exc
    if not isinstance(meta, dict):
        raise RulebookFormatError(f"{path}: front matter must be a mapping of keys, got {type(meta).__name__}")
    return meta, text[match.end():]


def _alone(lines: list[str], i: int) -> bool:
    """Whether line i stands alone between blank lines (or the text's ends)."""
    return (i == 0 or not lines[i - 1].strip()) and (i + 1 == len(lines) or not lines[i + 1].strip())


def _without_page_furniture(body: str, title: str | None) -> str:
    """Text copied from a PDF without its page numbers and its running headers and footers (a line standing alone
    RUNNING times or more that holds the book's title); a sentence cut by a page break is joined again."""
    lines = body.splitlines()
    alone = [i for i, line in enumerate(lines) if line.strip() and _alone(lines, i)]
    counts = Counter(lines[i].strip() for i in alone)
    named = {w for w in re.findall(r"[a-z0-9]+", (title or "").lower()) if len(w) > 2}
    furniture = {i for i in alone if _PAGE_LINE.match(lines[i].strip()) or (
        counts[lines[i].strip()] >= RUNNING and not lines[i].lstrip().startswith("#") and named
        and named <= set(re.findall(r"[a-z0-9]+", lines[i].lower())))}
    if not furniture:
        return body
    kept: list[str] = []
    for i, line in enumerate(lines):
        if i in furniture:
            while kept and not kept[-1].strip():
                kept.pop()
            if kept and not OPEN_END.search(kept[-1]):
                kept.append("")  # the page broke between paragraphs
            continue
        if not line.strip() and kept and (not kept[-1].strip() or (i - 1) in furniture):
            continue  # the blank lines around removed furniture
        kept.append(line)
    return "\n".join(kept) + ("\n" if body.endswith("\n") else "")


_EMPHASIS = re.compile(r"(?<![\w*])(\*{1,3}|_{1,3})(?=\S)(.+?)(?<=\S)\1(?![\w*])")


def _plain(title: str) -> str:
    """A heading's words without Markdown emphasis, code marks or HTML tags ('**Scoring** <br>' -> 'Scoring')."""
    title = re.sub(r"<[^>]+>|`", "", title)
    return " ".join(_EMPHASIS.sub(r"\2", title).split())


def _headings(body: str) -> list[tuple[int, str, int, int]]:
    """(level, title, start of heading line, end of heading line) outside code fences: '#' headings and underlined
    ones ('Title' over '====' or '----'); a book with neither, or with only a title line above its text, gets its
    headings from lines standing alone that look like them (_standalone_headings)."""
    found, in_fence, pos = [], False, 0
    lines = body.splitlines(keepends=True)
    for i, line in enumerate(lines):
        text = line.rstrip("\n")
        if _FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence and (m := _HEADING.match(text)):
            found.append((len(m.group(1)), _plain(m.group(2)), pos, pos + len(line)))
        elif not in_fence and (u := _UNDERLINE.match(text)) and _underlined(lines, i):
            above = lines[i - 1]
            found.append((1 if u.group(1)[0] == "=" else 2, _plain(above), pos - len(above), pos + len(line)))
        pos += len(line)
    if len(found) == 1 and found[0][0] == 1 and not body[: found[0][2]].strip():  # a title line, then no headings
        return found + [h for h in _standalone_headings(lines) if h[2] >= found[0][3]]
    return found or _standalone_headings(lines)


def _underlined(lines: list[str], i: int) -> bool:
    """Whether line i underlines a one-line paragraph (a heading), not a rule between paragraphs or a table's."""
    above = lines[i - 1].strip() if i > 0 else ""
    before = lines[i - 2].strip() if i > 1 else ""
    return bool(above) and not before and not _HEADING.match(above) and not above.startswith(("|", "-", "*", ">"))


def _standalone_headings(lines: list[str]) -> list[tuple[int, str, int, int]]:
    """Headings of a book written without Markdown headings: a line standing alone between blank lines, short,
    wholly bold ('**Scoring**') or in capitals after any number ('SPECIAL CASES', '10. ODDS BETS'), not a question;
    a numbered one ('3.2 Ties') is as deep as its number, and one opening the book is its title."""
    found, pos = [], 0
    for i, line in enumerate(lines):
        text = line.strip()
        alone = _alone(lines, i)
        match = _BOLD_LINE.match(text) if alone and len(text) <= STANDALONE_LIMIT else None
        title = match.group(1) or match.group(2) if match else None
        if alone and title is None and _CAPITALS.match(_RULE_NUMBER.sub("", text)) and len(text) <= STANDALONE_LIMIT:
            title = text
        if title and not title.rstrip().endswith("?"):
            title = title.strip().rstrip(":").strip()
            number = rule_number(title)
            opening = not "".join(lines[:i]).strip()  # the book's first line: its title
            found.append((1 if opening else 2 + number.count(".") if number else 2, title, pos, pos + len(line)))
        pos += len(line)
    return found


def _pages(text: str) -> tuple[tuple[int, int] | None, str]:
    """The page range a converted PDF wrote on the first line of a section's text, and the text without it."""
    first, _, rest = text.partition("\n")
    match = PAGES_PATTERN.match(first.strip())
    if match is None:
        return None, text
    return (int(match.group(1)), int(match.group(2))), rest.strip()


def parse_rulebook(text: str, path: Path | str = "<memory>") -> Rulebook:
    """Parse Markdown (front matter optional) into a Rulebook; raise RulebookFormatError on unusable input."""
    path = Path(path)
    meta, body = _front_matter(text.replace("\r\n", "\n"), path)
    body = markdown_tables(body)  # an HTML table is read as a Markdown one
    first = next((line.strip("# ") for line in body.splitlines() if line.strip()), None)
    body = _without_page_furniture(body, meta.get("title") or first)
    heads = _headings(body)
    title = meta.get("title")
    if not title and not heads:
        title = re.sub(r"[-_]+", " ", path.stem).strip().title()  # a book without headings: named by its file
    if not title:
        title = heads[0][1]
        # a lone top heading used as the document title is not a section of its own
        lone_top = heads[0][0] == 1 and sum(1 for h in heads if h[0] == 1) == 1
        if lone_top and not body[: heads[0][2]].strip():
            body, heads = body[heads[0][3]:], [(lvl, t, s - heads[0][3], e - heads[0][3]) for lvl, t, s, e in heads[1:]]
    game_id = str(meta.get("id") or slugify(path.stem))
    if slugify(game_id) != game_id:
        raise RulebookFormatError(f"{path}: id {game_id!r} must be a slug like {slugify(game_id)!r}")
    aliases = meta.get("aliases") or []
    if not isinstance(aliases, list):
        raise RulebookFormatError(f"{path}: aliases must be a list of strings, got {aliases!r}")
    for n, alias in enumerate(aliases):
        if not isinstance(alias, str):
            raise RulebookFormatError(
                f"{path}: aliases[{n}] must be a string, got {alias!r} (quote it if it has a colon)")

    sections: list[Section] = []
    preamble = body[: heads[0][2]].strip() if heads else body.strip()
    if preamble:
        name = "Introduction" if heads else "Rules"  # text before the first heading, or a book without any
        sections.append(Section(slugify(name), name, 1, (name,), None, preamble, 0))
    stack: list[tuple[int, str, str]] = []  # (level, slug path, title)
    used: set[str] = {s.id for s in sections}
    for i, (level, head, _start, end) in enumerate(heads):
        while stack and stack[-1][0] >= level:
            stack.pop()
        parent = stack[-1][1] if stack else None
        base = f"{parent}/{slugify(head)}" if parent else slugify(head)
        sid, n = base, 2
        while sid in used:
            sid, n = f"{base}-{n}", n + 1
        used.add(sid)
        stop = heads[i + 1][2] if i + 1 < len(heads) else len(body)
        path_titles = tuple(t for _, _, t in stack) + (head,)
        pages, own = _pages(body[end:stop].strip())
        sections.append(Section(sid, head, level, path_titles, parent, own, len(sections), rule_number(head), pages))
        stack.append((level, sid, head))
    if not sections:
        raise RulebookFormatError(f"{path}: the rulebook has no text")
    return Rulebook(
        id=game_id, title=str(title), aliases=tuple(aliases), sections=tuple(sections), source_path=str(path),
        content=text, players=None if meta.get("players") is None else str(meta["players"]),
        source=None if meta.get("source") is None else str(meta["source"]),
        sha256=None if meta.get("sha256") is None else str(meta["sha256"]),
    )


def load_rulebook(path: Path) -> Rulebook:
    """Read and parse a rulebook file."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RulebookFormatError(f"{path}: cannot read the file: {exc}") from exc
    return parse_rulebook(text, path)
