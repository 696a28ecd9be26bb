"""Players' words for the terms rulebooks use: a question saying 'next to' or 'at the same time' is searched with
'adjacent' or 'simultaneously' added, so the sentence written in the book's own terms is found."""

from __future__ import annotations

import re

# (what players say, the rulebook term); general board-game vocabulary, not any one game's
PLAYER_WORDS: tuple[tuple[str, str], ...] = (
    (r"neighbou?r(?:s|ing)?|next to|beside|bordering|touch(?:es|ing)?|right by", "adjacent"),
    (r"corners?|diagonal(?:ly)?|kitty-corner", "diagonal"),
    (r"together|(?:at )?the same time|at once|one at a time|everybody|in turn", "simultaneously"),
    (r"by itself|on its own|alone|lonely|just one|only one|one single", "single"),
    (r"sitting on|on top of|hidden under|overlapp?(?:ed|ing|s)? by|underneath", "covered"),
    (r"same (?:score|points?|number)|tied|draw(?:n)? game|even score", "tie share"),
    (r"(?:get|am i|be|are we|i'?m) called|what(?:'s| is) my (?:rank|name)|rank(?:ing)?", "title"),
    (r"throw(?:n)? away|toss(?:ed)?|bin|get rid of|put back in the box", "discard"),
    (r"turn(?: [a-z]+){0,3} (?:around|round|sideways)|spin|rotat(?:e|ed|ing)|flip(?:ped)?|upside down|mirror|"
     r"other way round", "rotate orientation"),
    (r"run(?:s)? out|none left|empty|used up|no more", "exhausted"),
    (r"turn(?:s|ed)? into|upgrade(?:s|d)?|level(?:s|ed)? up", "promoted"),
    (r"thru|zoom(?:s)? (?:past|through|over)|go(?:es)? (?:past|straight through)", "pass through"),
    (r"(?:can'?t|cannot|can not) (?:move|go) anywhere|nowhere to (?:go|move)|no moves?(?: left)?|"
     r"(?:none|nothing) (?:of my \w+ )?can move|stuck", "no legal move"),
    (r"skip|sit out|do nothing", "pass"),
    (r"who wins|winner|who won|win(?:s)? the game", "winner"),
    (r"go(?:es)? first|starts? the game|first player|who starts", "starting player"),
    (r"(?:counter|anti)[- ]?clockwise|which (?:way|direction)|to the (?:left|right)|turn order|(?:whose|who'?s) "
     r"(?:turn|go) (?:is )?next|direction of play", "clockwise direction"),
    (r"lose points|minus|negative|cost(?:s|ing)? me", "penalty"),
    (r"odd (?:point|number|one)|left ?over points?|remainder|spare points?|extra point|"
     r"(?:split|divide[ds]?|share[ds]?) (?:it |them |the points )?(?:evenly|equally)|uneven(?:ly)?|doesn'?t divide",
     "divided equally surplus"),
    (r"how many people|how many players|player count", "number of players"),
    (r"by myself|on my own(?!\s+\w)|play(?:ing)? alone|one[- ]player|single[- ]player", "solo"),
    (r"(?:write|note|jot|mark)(?:s|ing)? (?:it |them |this |that )?down", "record"),
    (r"(?:have|has|had|forced|obliged|required) to|must (?:i|you|we|they|he|she)|made to", "compulsory"),
)
_COMPILED = tuple((re.compile(rf"\b(?:{pattern})\b", re.I), term) for pattern, term in PLAYER_WORDS)
_AGAIN = re.compile(r"\b([a-z]{4,}) again\b", re.I)  # 'double again' is what a rulebook calls a redouble


def with_book_terms(question: str) -> str:
    """The question with the rulebook terms its players' words stand for, in brackets ('… (adjacent)'); a verb
    done 'again' also stands for its re- form ('deal again' -> redeal)."""
    lowered = question.lower()
    terms = [term for pattern, term in _COMPILED if pattern.search(question)]
    terms += [f"re{verb.lower()}" for verb in _AGAIN.findall(question)]
    terms = [term for term in terms if term not in lowered]
    return f"{question} ({' '.join(dict.fromkeys(terms))})" if terms else question
