"""A closed area described in a player's words, read into a `score_area` document ("I just closed a 3-tile forest
with my cosmonaut in it; green lasers join it to a 2-tile swamp with an alien and to the space base. How many
points?"; "... I have 2 cosmonauts there, yellow has 1"). Read only when every number, area, alien, cosmonaut and
laser colour in the question is accounted for; anything else (a count of someone's cosmonauts left unread, a
neighbour named without its size or its laser, an alien placed elsewhere, a hedge or a negation) is not read, and the
answer stays the quoted rule. Aliens not mentioned are none (the engine's lines say "0 aliens"). The space base needs
its laser said too: its own sides are green, but the other tile's side may carry a red laser."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine.mise_kolonizace.described_split import describe_split
from engine.mise_kolonizace.rules import BASE_KIND
from engine.words import doubts, numbers, plain

OPERATION = "score_area"
ASKER = "you"  # the colour the asker's cosmonauts get in the document
UNKNOWN_KIND = "area"  # a closed area named without its kind
_ONE = r"(?:\d+|one|a single)"
_KIND = r"(?:cosmic |radioactive |bubbling )?(?P<kind>forest|meadow|swamp)"
_CLOSED_WORD = r"(?P<closed>closed|sealed|finished|completed|locked in|enclosed)"
_SIZE_WORDS = "little|small|tiny|big|huge|large|new|separate|different|same|other|second|neighbouring|neighboring"
_SIZED = (
    re.compile(rf"\b(?P<n>{_ONE})[- ](?:tiles?|squares?)[- ](?:(?:big|large|sized?|long) )?(?:of )?{_KIND}s?\b"),
    re.compile(rf"\b{_KIND}(?: area)? (?:of|with|that'?s|that is|which is|is|has|made of|covering) (?P<n>{_ONE}) "
               r"(?:tiles?|squares?)(?:\s+(?:big|large|long|in size))?\b"),
    re.compile(rf"\b(?P<n>{_ONE}) {_KIND} tiles\b"),
    re.compile(rf"\b{_KIND}(?: area)?(?:\s+(?:that'?s|that is|which is|is)\s+(?:still\s+)?open)?\s*\(\s*(?P<n>{_ONE}) "
               r"(?:tiles?|squares?)(?:\s+so far)?\b"),  # 'a forest (4 tiles, 1 alien)'
    re.compile(rf"\b{_KIND}(?: area)?\s+(?:that\s+|which\s+)?(?:i|we)\s+(?:just\s+)?{_CLOSED_WORD}(?:\s+off)?\s+"
               rf"(?:is|was|has)\s+(?P<n>{_ONE}) (?:tiles?|squares?)\b"),  # 'the forest I just completed is 4 tiles'

    # 'a swamp, 7 tiles', 'my swamp is now closed, it's 5 tiles', 'my forest is closed now: 3 tiles'
    re.compile(rf"\b{_KIND}(?: area)?(?:(?:\s+(?:is|was|got|just got|has been)(?:\s+now)?)?\s+{_CLOSED_WORD}"
               r"(?:\s+off)?(?:\s+now)?|\s+just now)?\s*(?:[,:]|\s-)\s*(?:(?:it'?s|it is|which is|that'?s|that is)\s+)?"
               rf"(?P<n>{_ONE}) (?:tiles?|squares?)(?:\s+(?:big|large|long|in size))?\b"),
)
_UNKINDED_TILE = re.compile(r"\b(?P<n>\d+|one)[- ]tiles? area\b")  # 'a one-tile area'
_UNKINDED = re.compile(r"\b(?<!forest )(?<!meadow )(?<!swamp )(?P<pre>closed )?area"
                       r"(?P<mid>(?: i (?:just )?closed| is closed|'s closed| closed)?)"
                       r"\s*(?:=|:|,|\bis\b|\bof\b|\bwith\b)\s*(?P<n>\d+|one) tiles?\b")  # 'closed area = 7 tiles'
_DEFINITE = re.compile(r"(?:the|that|this|my)\b")
_LATE_SIZE = re.compile(r"(?P<gap>[^.;!?]*?|[^.;!?]*[.;!?]\s*(?:it'?s|it is|it has|its size is|size\s*:|it (?:just )?"
                        r"(?:got )?(?:closed|finished|sealed|completed)\s*[:,-]?)\s*)"
                        r"(?P<n>\d+|one) (?:tiles?|squares?)(?:\s+(?:big|large|long|in size|so far))?\b")
_REFERENCE = re.compile(r"\b(?:the|that|this|my)\s+(?:cosmic |radioactive |bubbling )?(?P<kind>forest|meadow|swamp)"
                        r"(?:\s+itself)?\b")  # the closed area named again
_BASE = re.compile(r"\b(?:the |a )?(?:space ?base|starting tile)\b")
_LEFTOVER_AREA = re.compile(r"\b(?:forest|meadow|swamp|base)s?\b")
_CLOSES_BEFORE = re.compile(r"(?:\b(?:clos(?:e|es|ed|ing)|seal(?:s|ed|ing)?|complet(?:e|es|ed|ing)|"
                            r"finish(?:es|ed|ing)?|lock(?:s|ed|ing)?\s+in|enclos(?:e|es|ed|ing))\s+(?:off\s+|up\s+)?|"
                            r"\bclosed (?:area|one) (?:is|was)\s+|\barea (?:i|we) (?:just )?closed (?:is|was)\s+)"
                            rf"(?:(?:a|an|my|the|this|that|our|{_SIZE_WORDS})\s+)*$")
_CLOSED_AFTER = re.compile(r"^\s*(?:(?:that|which)\s+)?(?:i\s+|we\s+)?(?:just\s+)?(?:is\s+|gets\s+|got\s+|was\s+|"
                           r"has been\s+)?(?:now\s+|just\s+)?(?:closed|sealed|completed|finished)\b")
_ALIENS = re.compile(r"\b(?P<n>\d+|an?|one|no)\s+(?:other\s+)?aliens?\b")
_NO_ALIENS_ANYWHERE = re.compile(r"\s*(?:anywhere|at all|in any of (?:them|it|these|those))\b")
_FILLER = frozenset("with having and there's there is are it it's its has that which in on inside only my cosmonaut "
                    "cosmonauts cosmonaut's alone the one just also i have got i've a closed sealed finished completed "
                    "now".split())
_ALIEN_TAIL = re.compile(r"\s+(?:(?:sitting|living|standing)\s+)?(?:in|on|inside)\s+(?:it|there|them|the other side)\b")
_ALIEN_ELSEWHERE = re.compile(r"\s+(?:in|on|inside)\s+(?!it\b|there\b|them\b|the other side\b)")
_ALIEN_IN = re.compile(r"\s+(?:in|on|inside)\s+(?:the|that|this|my)\s+(?:cosmic |radioactive |bubbling )?"
                       r"(?P<kind>forest|meadow|swamp)(?:\s+itself)?\b")  # '(no aliens in the meadow)'
_COSMONAUT_OK = re.compile(
    r"\bmy (?:own |single |only |lone )?cosmonauts?(?:'s| is| are)? (?:the only ones?|alone|only)\b|"
    r"\bonly my cosmonauts?\b|"
    r"\bmy (?:own |single |only |lone )?cosmonauts?\b|"
    r"\b(?:i'?m|i am) the only (?:one|player) (?:with|that has|who has) (?:a |any |my )?cosmonauts?\b|"
    r"\bonly (?:i|me) (?:have|has|got) (?:a |any )?cosmonauts?\b|"
    r"\bi(?: have|'ve got| got) (?:a|the only) cosmonauts?\b|"
    r"\b(?:the )?most (?:of the )?cosmonauts (?:(?:in|there|in it|in there)\s+)?(?:are|were) mine\b|"
    r"\bi(?: have|'ve got| got| had) (?:the )?(?:most|majority of(?: the)?) cosmonauts\b")  # a majority takes all
_COSMONAUT = re.compile(r"\bcosmonauts?\b")
_COSMONAUT_LABEL = re.compile(r"\bcosmonauts?(?: in (?:it|the \w+))?\s*:[^.;!?:]*$")  # 'Cosmonauts: I have one, ...'
_WHO = r"[a-z][a-z0-9_-]+"
_NOT_WHO = frozenset("i me it that which there this area tile who one and but also everyone forest meadow swamp base "
                     "each both so then player players us we they".split())
_MINE_COUNT = re.compile(r"\b(?:(?:i|me)(?:\s+|(?='))(?:only\s+|just\s+)?(?:have|has|got|'ve got|'ve only got|"
                         r"'ve just got|had)\s+"
                         r"(?:only\s+|just\s+)?(?P<n>\d+|one|a)\b(?P<noun>\s+cosmonauts?\b)?"
                         r"|my (?P<n2>\d+) (?P<noun2>cosmonauts?)\b|(?P<n3>\d+) of my (?P<noun3>cosmonauts?)\b)")
_THEIR_COUNT = re.compile(rf"\b(?P<who>{_WHO})(?: player)?\s+(?:only\s+)?(?:has|have|had|got)\s+(?:only\s+|just\s+)?"
                          r"(?P<n>\d+|one|a|none|no)\b(?P<noun>\s+cosmonauts?\b)?")
_GROUP_COUNT = re.compile(rf"\b(?:(?:me|i)(?P<others>(?:,\s*{_WHO})*,?\s+and\s+{_WHO})|(?:all )?(?P<k>\d+) of us)\s+"
                          r"(?:each\s+|all\s+|both\s+)?(?:have|got)\s+(?:exactly\s+)?(?P<n>\d+|one|a)\s+"
                          r"cosmonauts?(?:\s+each)?\b")  # 'me, blue and yellow each have one cosmonaut'
_COUNT_LIST = re.compile(rf"\bcosmonauts?(?: in (?:it|the \w+))?\s*[:-]\s*"
                         rf"(?P<list>(?:{_WHO}\s+\d+(?:\s*,\s*|\s+and\s+)?)+)")
_BOTH_COUNT = re.compile(rf"\b(?:(?P<who>{_WHO}) and (?:i|me)|(?:i|me) and (?P<who2>{_WHO}))\s+(?:both\s+)?"
                         r"(?:have|has|got)\s+(?:exactly\s+)?(?P<n>\d+|one|a)\s+cosmonauts?(?:\s+each)?\b")
# 'yellow has 1.', 'I have one too': the count of what was just counted
_ELLIPSIS = re.compile(r"\s*(?:(?:too|as well|also)\b\s*)?(?:[.,;!?)]|and\b|$|in (?:it|there|the (?:cosmic |"
                       r"radioactive |bubbling )?(?:forest|meadow|swamp|area))\b)")
_UNREAD_COUNT = re.compile(r"\b(?:has|have|had|got)\s+(?:only\s+|just\s+|exactly\s+)?(?:\d+|one|none)\b"
                           r"(?!\s+(?:aliens?|tiles?)\b)")  # a count of someone's cosmonauts left unread
_DOUBT = doubts("no one", "nobody", "opponent", "someone", "some", "few", "couple", "i think", "not sure", "i guess",
                "probably")
_FOR_ME = re.compile(r"\b(?:do|did|would|will) i (?:get|score|earn|take)\b|\bmy (?:points|score|share)\b|\bfor me\b|"
                     r"\bi (?:get|score)\b")  # the asker's points: whose cosmonauts are there must be said
_MINE_SAID = re.compile(r"\bcosmonauts?\b|\balone\b|\bonly (?:me|i)\b|\bjust me\b|\bnobody else\b|\bno one else\b")
_ASKS_POINTS = re.compile(r"\bhow (?:many|much)\b|\bworth\b|\btotal\b|\bscor(?:e|es|ed|ing)\b|\bpoints?\b|\bpts\b|"
                          r"\bmy share\b|\bwhat do i get\b")
_NOBODY_ELSE = re.compile(r"[,;]?\s*(?:and\s+)?(?:(?:nobody|no one|no-one) else"
                          r"(?: has any(?: there| in it)?| does| is there)?|"
                          r"(?:the\s+)?(?:others|other players|rest|kids) (?:have|has|got) (?:none|no cosmonauts?)"
                          r"(?: there| in it)?)\b")
_NO_NEIGHBOUR = re.compile(  # no neighbour joined by a green laser: nothing beside the area scores
    r"[,;]?\s*(?:and\s+)?(?:there(?:'s| is| are)\s+)?(?:no|zero|not any)\s+green\s+lasers?(?:\s+(?:out of it|"
    r"leading out|going out|coming out|out|to anything|anywhere|at all))?\b|"
    r"[,;]?\s*(?:and\s+)?nothing\s+(?:is\s+)?(?:hooked up|connected|linked|attached|joined)\s+(?:to it\s+)?"
    r"(?:by|through|via|with)\s+(?:a\s+|any\s+)?green\s+lasers?\b|"
    r"[,;]?\s*(?:and\s+)?(?:it'?s\s+|it is\s+)?not\s+(?:connected|linked|joined)\s+to\s+anything"
    r"(?:\s+(?:by|through|via)\s+(?:a\s+)?green(?:\s+lasers?)?)?\b")
_COLOUR = r"(?P<c>green|red)"
_LASER_NOUN = r"(?:\s+(?:lasers?|borders?|lines?|edges?|walls?))?"
_LASER_COUNT = re.compile(rf"\b(?P<n>\d+)\s+(?:different\s+|separate\s+|distinct\s+)?{_COLOUR}\b")
_OPEN_NEIGHBOUR = re.compile(r"\(?\s*(?:(?:which|that|it)\s*(?:is|'s)?\s*|(?:is|'s)\s+)?(?:not|isn't|is not)\s+"
                             r"(?:closed|finished|complete)(?:\s+yet)?\s*\)?")  # '(not closed yet)' after a neighbour
_POST = re.compile(r"^\W*(?:(?:next to|beside|against|on) (?:it|that|them|the other side)\W*)?"
                   r"(?:(?:(?:only|just|also)\s+)?(?:through|via|by|across|over|behind|with|using)\s+"
                   r"(?:(?:\d+|a|an|one|another|several|multiple|different|separate|distinct|its|the)\s+)*"
                   r"|(?:(?:but|and)\s+)?(?:that'?s|it'?s|which is|that is|is)\s+(?:(?:a|an|the|behind)\s+)?"
                   r"|(?:(?:but|and)\s+)?(?:that|the|this)\s+(?:border|laser|side|edge|line)(?:\s+between (?:them|us))?"
                   r"\s*(?:is|'s)\s+(?:(?:a|an)\s+)?"
                   r"|,?\s*(?:and\s+)?(?:(?:they'?re|they are|it'?s|it is|which is|that'?s)\s+)?"
                   r"(?:linked|connected|joined)\s+(?:by|through|via|with)\s+(?:(?:\d+|a|an|one|several|multiple|different)\s+)*"
                   r"|,\s*(?=(?:green|red)(?:\s+lasers?)?(?:\s+between them)?\s*(?:[,.;!?)]|$))|(?<=\())"
                   rf"{_COLOUR}{_LASER_NOUN}(?:\s+between them)?(?=\W|$)(?:,\s*(?P<size>\d+) tiles?\b)?")
# 'through 2 green lasers', ', but that's a red laser', '(green laser)', 'on the other side is red laser, 5 tiles'
# (a size said after the colour is read only behind a red laser, where it does not count)
_UNSIZED = re.compile(r"\b(?:a|an|the|another)\s+(?:cosmic |radioactive |bubbling )?(?P<kind>forest|meadow|swamp)\b")
_PRE = re.compile(rf"\b{_COLOUR}{_LASER_NOUN}\s+(?:[a-z']+\s+){{0,3}}?(?:to|into|onto|with|borders|touches|meets|"
                  rf"reaches)\W+(?:(?:a|an|the|another|{_SIZE_WORDS})\s+)*$")  # 'by green lasers to a'
_ALL_RED = re.compile(r"\b(?:everything|all(?: the)? (?:borders?|lasers?|sides?|edges?)|"
                      r"every (?:border|laser|side|edge))(?: around it)? (?:is|are) "
                      r"(?:behind )?(?:a )?red(?: lasers?)?\b")  # nothing beside it counts
_REST_RED = re.compile(r"\b(?:nothing|everything) else(?: around it| about it)?(?: is)?(?: but| just)? red\b")
_NO_GREEN = re.compile(r"\bno green(?: lasers?)?(?: anywhere| at all)?\b")  # said beside 'every laser is red'
_LIST = re.compile(r"^\W*(?:(?:and|plus|as well as|&)\s+)?(?:also\s+)?(?:to\s+|with\s+|into\s+)?"
                   rf"(?:(?:a|an|the|another|{_SIZE_WORDS})\s+)*$")  # ', and to the'; ', a' after 'green lasers to:'


@dataclass
class _Area:
    kind: str
    tiles: int
    start: int
    end: int
    aliens: int | None = None
    laser: str | None = None
    laser_shared: bool = False  # the colour came before it ('by green lasers to A and B'), so a list shares it
    closed_here: bool = False  # the words naming it say it is closed ('my swamp is now closed, it's 5 tiles')
    unsized: bool = False  # named without its size: read only behind a red laser
    spans: list[tuple[int, int]] = field(default_factory=list)


def _count(word: str) -> int:
    return 1 if word in ("a", "an", "one", "a single") else 0 if word in ("no", "none") else int(word)


def _areas(text: str) -> tuple[list[_Area], list[tuple[int, _Area]]] | None:
    """The areas named with their sizes (and the space base), then any other area named without its size (read
    only behind a red laser, where its size does not count), in the order named; and the anchors aliens may follow:
    each area's words, and 'the swamp' again when one area alone is a swamp."""
    found: list[_Area] = []
    for pattern in _SIZED:
        for m in pattern.finditer(text):
            closed = bool(m.groupdict().get("closed"))
            found.append(_Area(m.group("kind"), _count(m.group("n")), m.start(), m.end(), closed_here=closed))
    bases = list(_BASE.finditer(text))  # one space base: named again, it is the same
    found += [_Area(BASE_KIND, 1, m.start(), m.end()) for m in bases[:1]]
    for m in _UNKINDED.finditer(text):  # the closed area by its size alone: its kind does not change its worth
        found.append(_Area(UNKNOWN_KIND, _count(m.group("n")), m.start(), m.end(),
                           closed_here=bool(m.group("pre") or m.group("mid"))))
    found += [_Area(UNKNOWN_KIND, _count(m.group("n")), m.start(), m.end()) for m in _UNKINDED_TILE.finditer(text)]
    found.sort(key=lambda a: a.start)
    if any(b.start < a.end for a, b in zip(found, found[1:], strict=False)):
        return None  # two readings of the same words
    rest = _masked(text, [(a.start, a.end) for a in found] + [m.span() for m in bases[1:]])
    anchors = [(a.end, a) for a in found]
    anchors += [(m.end(), a) for m in bases[1:] for a in found if a.kind == BASE_KIND]
    for m in _REFERENCE.finditer(rest):
        named = [a for a in found if a.kind == m.group("kind") and a.start < m.start()]  # the one named so far
        if len(named) == 1:
            anchors.append((m.end(), named[0]))
            rest = _masked(rest, [m.span()])
    unsized = [_Area(m.group("kind"), 0, m.start(), m.end(), unsized=True) for m in _UNSIZED.finditer(rest)]
    rest = _masked(rest, [(a.start, a.end) for a in unsized])
    if _LEFTOVER_AREA.search(rest):
        return None
    for area in list(unsized):
        later = _size_after(text, area) or _named_again(text, area, found + unsized)
        if later is None:
            continue
        if isinstance(later, _Area):  # 'the forest I just closed ... The forest is six tiles': one area
            unsized.remove(area)
            anchors.append((area.end, later))
            later.closed_here |= bool(_CLOSED_AFTER.match(text[area.end:]))
            continue
        area.tiles, area.unsized = _count(later.group("n")), False
        area.closed_here |= bool(re.search(r"\b(?:closed|finished|sealed|completed)\b", later.group("gap")))
        area.spans.append((area.end, later.end()))
        anchors.append((later.end(), area))
    for area in list(unsized):  # 'in the forest' after 'a forest - 3 tiles': named again
        earlier = [a for a in found + unsized if a.kind == area.kind and a.start < area.start]
        if area.unsized and len(earlier) == 1 and not earlier[0].unsized and _DEFINITE.match(text, area.start):
            unsized.remove(area)
            anchors.append((area.end, earlier[0]))
    anchors += [(a.end, a) for a in unsized]
    return sorted(found + unsized, key=lambda a: a.start), sorted(anchors, key=lambda pair: pair[0])


def _size_after(text: str, area: _Area) -> re.Match[str] | None:
    """The size of an area named without it, said next in its sentence ('a meadow next to it, 5 tiles', 'a forest —
    3 tiles') or at the start of the next ('... in the swamp I just finished. It's five tiles'); nothing else named,
    counted or coloured in between."""
    m = _LATE_SIZE.match(text, area.end)
    if m is None or re.search(r"\d|\b(?:forest|meadow|swamp|base|area|green|red|aliens?)\b", m.group("gap")):
        return None
    return m


def _named_again(text: str, area: _Area, sized: list[_Area]) -> _Area | None:
    """The sized area a definite mention stands for when it is named again later with its size ('Petra has 2
    cosmonauts in the forest I just closed ... The forest is six tiles'): the only one of its kind."""
    same = [a for a in sized if a.kind == area.kind and a is not area]
    if not _DEFINITE.match(text, area.start) or len(same) != 1 or same[0].start < area.start or same[0].unsized:
        return None
    return same[0] if re.search(r"(?:^|[.;!?:]\s*|\b(?:the|that|this|my)\s+)(?:cosmic |radioactive |bubbling )?$",
                                text[:same[0].start]) else None


def _masked(text: str, spans: list[tuple[int, int]]) -> str:
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def _attach_aliens(text: str, areas: list[_Area], anchors: list[tuple[int, _Area]],
                   used: list[tuple[int, int]]) -> bool:
    for m in _ALIENS.finditer(text):
        count = _count(m.group("n"))
        if count == 0 and _NO_ALIENS_ANYWHERE.match(text, m.end()):
            for area in areas:
                if area.aliens is None:
                    area.aliens = 0
            used.append((m.start(), m.end()))
            continue
        named = _ALIEN_IN.match(text, m.end())
        if named:  # 'no aliens in the meadow': the area is named, and only one area is a meadow
            owners = [a for a in areas if a.kind == named.group("kind") and not a.unsized]
            if len(owners) != 1 or owners[0].aliens is not None:
                return False
            owners[0].aliens = count
            used.append((m.start(), named.end()))
            continue
        before = [(end, a) for end, a in anchors if end <= m.start()]
        if not before or before[-1][1].aliens is not None or _ALIEN_ELSEWHERE.match(text, m.end()):
            return False
        anchor, owner = before[-1]
        if not set(re.findall(r"[a-z']+|\d+", text[anchor:m.start()])) <= _FILLER:
            return False  # something else said between the area and its aliens
        owner.aliens = count
        tail = _ALIEN_TAIL.match(text, m.end())
        if anchor == owner.end:
            owner.spans.append((owner.end, tail.end() if tail else m.end()))
        used.append((m.start(), m.end()))
    return len(re.findall(r"\baliens?\b", text)) == len(used)


def _lasers(text: str, areas: list[_Area], names: set[int]) -> bool:
    """Each neighbour's laser, from the words just before or after it (or shared down a list); with red lasers all
    round, every neighbour is behind one. False when a neighbour's laser is not said, or a colour is left unread
    (`names`: where colours name players)."""
    walls = {m.start() + m.group().rindex("red") for m in _ALL_RED.finditer(text)}
    said = walls | names | ({m.start() + 3 for m in _NO_GREEN.finditer(text)} if walls else set())
    said |= {m.end() - 3 for m in _REST_RED.finditer(text)}  # the other borders: no other neighbour
    for j, area in enumerate(areas[1:], start=1):
        previous = areas[j - 1]
        start = max([previous.end, *(e for _, e in previous.spans)])
        pre = text[start:area.start]
        own_end = max([area.end, *(e for _, e in area.spans)])
        post = text[own_end:areas[j + 1].start if j + 1 < len(areas) else len(text)]
        before, after = _PRE.search(pre), _POST.match(post)
        colours = {m.group("c") for m in (before, after) if m}
        if len(colours) > 1:
            return False
        said |= {start + m.start("c") for m in (before,) if m} | {own_end + m.start("c") for m in (after,) if m}
        if after:
            if after.group("size") and after.group("c") != "red":
                return False
            area.spans.append((own_end, own_end + after.end()))
        if colours:
            area.laser, area.laser_shared = colours.pop(), bool(before)
        elif walls:
            area.laser = "red"
        elif j > 1 and previous.laser_shared and _LIST.match(pre):
            area.laser, area.laser_shared = previous.laser, True
        if area.laser is None:
            area.laser, found = _sentence_colour(text, area, areas, names)
            said |= found
        if walls and area.laser != "red":
            return False
        if area.laser is None or (area.unsized and area.laser != "red"):
            return False
    return said == {m.start() for m in re.finditer(r"\b(?:green|red)\b", text)}  # no colour left unread


def _sentence_colour(text: str, area: _Area, areas: list[_Area], names: set[int]) -> tuple[str | None, set[int]]:
    """A neighbour's laser said elsewhere in its sentence ('... a forest of 4 tiles, and that forest touches my
    meadow through two green lasers'; '... a 2-tile swamp on the other side, but that border is red'): read only when
    it is the sentence's one neighbour and the sentence names one laser colour."""
    bounds = [0, *(m.end() for m in re.finditer(r"[.;!?()]", text)), len(text)]
    low = max(b for b in bounds if b <= area.start)
    high = min(b for b in bounds if b > area.start)
    if any(other is not area and low <= other.start < high for other in areas[1:]):
        return None, set()
    colours = [m for m in re.finditer(r"\b(?:green|red)\b", text[low:high]) if low + m.start() not in names]
    if len({m.group() for m in colours}) != 1:
        return None, set()
    return colours[0].group(), {low + m.start() for m in colours}


def _closed_first(text: str, areas: list[_Area]) -> bool:
    first = areas[0]
    said = first.closed_here or _CLOSES_BEFORE.search(text[:first.start]) or _CLOSED_AFTER.match(text[first.end:])
    later = any(a.kind == UNKNOWN_KIND for a in areas[1:])  # an area without its kind is only ever the closed one
    return first.kind != BASE_KIND and not first.unsized and not later and bool(said)


def _open_neighbours(text: str, areas: list[_Area]) -> list[tuple[int, int]]:
    """Where a neighbour is said not to be closed yet (it need not be): later in its sentence, with no other area
    named in between and the closed one not named again."""
    ends = [(max([a.end, *(e for _, e in a.spans)]), a) for a in areas]
    spans = []
    for m in _OPEN_NEIGHBOUR.finditer(text):
        end, area = max(((e, a) for e, a in ends if e <= m.start()), default=(0, areas[0]), key=lambda pair: pair[0])
        between = text[end:m.start()]  # in the same sentence, the closed area not named again
        if area is not areas[0] and re.fullmatch(r"[^.!?]*", between) and not re.search(
                rf"\b(?:{areas[0].kind}|area)\b", between):
            spans.append(m.span())
    return spans


def _all_numbers_read(text: str, areas: list[_Area], used: list[tuple[int, int]]) -> bool:
    spans = used + [(a.start, a.end) for a in areas] + [s for a in areas for s in a.spans]
    spans += [(m.start(), m.end()) for m in _LASER_COUNT.finditer(text)]
    for m in numbers(text):
        if not any(s <= m.start() and m.end() <= e for s, e in spans):
            return False
    return True


def describe(question: str) -> tuple[str, dict[str, Any]] | None:
    """The score_area document of a closed area described in full, or of a tie over an area of known worth."""
    return describe_area(question) or describe_split(question)


def describe_area(question: str) -> tuple[str, dict[str, Any]] | None:
    """The score_area document a question describes in full, or None when any part of it is not accounted for."""
    text = plain(question).replace("—", " - ").replace("–", " - ")
    text = re.sub(r"\bwithout (?:any )?aliens\b", "with no aliens", text)
    text = _NOBODY_ELSE.sub("", text)  # 'my 2 cosmonauts are there, nobody else has any': the asker's alone
    text = _NO_NEIGHBOUR.sub("", text)  # 'no green lasers out of it': no neighbour scores
    if not _ASKS_POINTS.search(text):
        return None
    read = _areas(text)
    if read is None or not read[0] or not _closed_first(text, read[0]):
        return None
    areas, anchors = read
    if _DOUBT.search(_masked(text, _open_neighbours(text, areas))):
        return None
    used: list[tuple[int, int]] = []
    counted = _cosmonauts(text)
    if counted is None:
        return None
    cosmonauts, said, names = counted
    if _FOR_ME.search(text) and not _MINE_SAID.search(plain(question)):
        return None  # 'how many points do I get?' with nothing said of who is in the area
    if not _attach_aliens(text, areas, anchors, used) or not _lasers(text, areas, names):
        return None
    if not _all_numbers_read(text, areas, used + said):
        return None
    if any(a.tiles < 1 and not a.unsized for a in areas):
        return None  # 'a 0-tile swamp': no area is that small, a slip
    closed, *others = areas
    area: dict[str, Any] = {"tiles": closed.tiles, "aliens": closed.aliens or 0}
    if closed.kind != UNKNOWN_KIND:
        area = {"kind": closed.kind} | area
    neighbours = [{"kind": a.kind, "laser": a.laser} if a.kind == BASE_KIND or a.unsized else
                  {"kind": a.kind, "tiles": a.tiles, "aliens": a.aliens or 0, "laser": a.laser} for a in others]
    if cosmonauts:
        return OPERATION, {"area": area | {"cosmonauts": cosmonauts}, "neighbours": neighbours, "for": ASKER}
    return OPERATION, {"area": area, "neighbours": neighbours}


def _cosmonauts(text: str) -> tuple[dict[str, int], list[tuple[int, int]], set[int]] | None:
    """Who has how many cosmonauts in the closed area ({} when only the asker's are said to be there), where that
    was said, and where a player is named by a colour; None when a cosmonaut is mentioned in any other way."""
    said: list[tuple[int, int]] = []
    counts: dict[str, int] = {}
    names: set[int] = set()

    def count(who: str, n: int, at: int) -> bool:
        if who in _NOT_WHO or who in counts:
            return False
        counts[who] = n
        if who in ("red", "green"):
            names.add(at)
        return True

    for m in _BOTH_COUNT.finditer(text):
        who, at = (m.group("who"), m.start("who")) if m.group("who") else (m.group("who2"), m.start("who2"))
        if not (count(ASKER, _count(m.group("n")), -1) and count(who, _count(m.group("n")), at)):
            return None
        said.append(m.span())
    for m in _GROUP_COUNT.finditer(_masked(text, said)):
        n = _count(m.group("n"))
        if m.group("k"):
            group = [(ASKER, -1)] + [(f"player{i}", -1) for i in range(2, int(m.group("k")) + 1)]
        else:
            group = [(ASKER, -1)] + [(w.group(), m.start("others") + w.start())
                                     for w in re.finditer(_WHO, m.group("others")) if w.group() != "and"]
        if not all(count(who, n, at) for who, at in group):
            return None
        said.append(m.span())
    for m in _COUNT_LIST.finditer(_masked(text, said)):
        for item in re.finditer(rf"(?P<who>{_WHO})\s+(?P<n>\d+)", m.group("list")):
            who = ASKER if item.group("who") in ("me", "i") else item.group("who")
            if not count(who, int(item.group("n")), m.start("list") + item.start()):
                return None
        said.append(m.span())
    rest = _masked(text, said)
    for elliptic, pattern in ((False, _MINE_COUNT), (False, _THEIR_COUNT), (True, _MINE_COUNT), (True, _THEIR_COUNT)):
        for m in pattern.finditer(rest):
            mine = pattern is _MINE_COUNT
            who = ASKER if mine else m.group("who")
            label = _COSMONAUT_LABEL.search(rest[:m.start()])
            noun = bool(m.group("noun") or (mine and (m.group("noun2") or m.group("noun3"))) or label)
            if who in _NOT_WHO or noun == elliptic or (elliptic and not (counts and _ELLIPSIS.match(rest, m.end()))):
                continue  # 'it has 2 aliens', or a number that counts something else; 'yellow has 1.' after a count
            said_n = m.group("n") or (mine and (m.group("n2") or m.group("n3"))) or "0"
            if not count(who, _count(said_n), -1 if mine else m.start("who")):
                return None
            said += [m.span()] + ([(label.start(), label.start() + label.group().index(":") + 1)] if label else [])
        rest = _masked(text, said)
    sole = [m.span() for m in _COSMONAUT_OK.finditer(rest)]
    if _COSMONAUT.search(_masked(rest, sole)) or _UNREAD_COUNT.search(rest):
        return None  # a cosmonaut said some other way
    if counts and ASKER not in counts:
        return None  # others' counts without the asker's own
    if sole and len(counts) > 1:
        return None
    players = len(counts)
    said += [m.span() for m in re.finditer(r"\b(\d+)(?: of us\b|-way tie\b)", text) if int(m.group(1)) == players]
    counts = {who: n for who, n in counts.items() if n}
    return ({} if set(counts) <= {ASKER} else counts), said + sole, names
