"""Players' words for the terms rulebooks use: a question saying 'next to' or 'at the same time' is searched with
'adjacent' or 'simultaneously' added, so the sentence written in the book's own terms is found; and the situations
a book settles only by saying so (a tie, running out, a mistake), which the rules shown must speak of."""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache
from pathlib import Path

from rulespal.lexical import plural_stem

# (what players say, the rulebook term); general board-game vocabulary, not any one game's
PLAYER_WORDS: tuple[tuple[str, str], ...] = (
    (r"neighbou?r(?:s|ing)?|next to|beside|bordering|touch(?:es|ing)?|right by", "adjacent"),
    (r"corners?|diagonal(?:ly)?|kitty-corner", "diagonal"),
    (r"together|(?:at )?the same time|at once|one at a time|everybody|in turn", "simultaneously"),
    (r"by itself|on its own|alone|lonely|just one|only one|one single", "single"),
    (r"sitting on|on top of|hidden under|overlapp?(?:ed|ing|s)? by|underneath", "covered"),
    (r"same (?:score|points?|number|total|amount)|(?:exact )?same \w*(?:points?|pawints?)\b|tied|\btie (?:on|for|at)\b|"
     r"draw(?:n)? game|even score|"
     r"(?:both|each) (?:have|has|got) (?:\d+|the same)|"
     r"(?:both|each|all) (?:of us )?(?:ended|finished|end|finish|are|were|sit|sat|landed)(?: up)? (?:on|with|at) "
     r"(?:\d+|the same)|(\d{2,3}) ?[-–:] ?\1(?![-–:\d])|\d+ (?:all|apiece)",
     "tie share"),
    (r"(?:\btie[ds]?\b|same (?:\w+ ){0,2}(?:score|points?|pawints?|total))[^.?!]{0,60}\b(?:who wins|who won|winner|"
     r"tie-?break\w*|share the win)|tie-?break(?:er)?s?\b|who wins (?:if|when) (?:we|they|two|both)",
     "tiebreak winner"),
    (r"(?:get|am i|be|are we|i'?m) called|what(?:'s| is) my (?:rank|name)|rank(?:ing)?", "title"),
    (r"throw(?:n)? away|toss(?:ed)?|bin|get rid of|put back in the box", "discard"),
    (r"turn(?: [a-z]+){0,3} (?:around|round|sideways)|spin|rotat(?:e|ed|ing)|upside down|mirror|"
     r"other way round", "rotate orientation"),
    (r"flip(?:ped)?", "flip orientation"),  # a shape flipped, or a card turned up: not always a rotation
    (r"r[au]n(?:s|ning)? (?:out|outta)|none left|used up|no more|maxed(?: out)?|(?:is|are) (?:already )?full|"
     r"(?:all|every) (?:\d+ )?(?:of (?:my|the|our) )?\w+(?: (?:on|in|of) (?:my|the|our|his|her) \w+)? (?:are |is )?"
     r"(?:already )?(?:filled|used|taken|gone)|filled (?:in )?(?:all|every) (?:\d+ )?\w+|"
     r"(?:deck|pile|stock|bag|boneyard)(?:'s| is| has| was) (?:all )?(?:done|gone|finished|empty|out)",
     "exhausted"),
    (r"turn(?:s|ed)? into|upgrade(?:s|d)?|level(?:s|ed)? up", "promoted"),
    (r"thru|zoom(?:s)? (?:past|through|over)|go(?:es)? (?:past|straight through)", "pass through"),
    (r"(?:can'?t|cannot|can not) (?:legally )?(?:move|go|place|play|put|fit)(?: \w+){0,3} anywhere|"
     r"nowhere to (?:go|move)|no moves?(?: left)?|"
     r"(?:nobody|no ?one) can (?:go|play|move)|"
     r"(?:none|nothing) (?:of my \w+ )?can move|stuck", "no legal move"),
    (r"nobody can (?:go|play|move)|no ?one can (?:go|play|move)|(?:everyone|everybody|we'?re all|we are all) stuck",
     "blocked"),
    (r"skip|sit out|do nothing", "pass"),
    (r"reneg(?:e|es|ed|ing)|renig(?:s|ged|ging)?", "revoke"),
    (r"swap(?:s|ped|ping)?|trade(?:s|d)? in|switch(?:es|ed)? out", "exchange"),
    (r"who wins|winner|who won|win(?:s)? the game", "winner"),
    (r"go(?:es)? first|starts? the game|first player|who starts", "starting player"),
    (r"(?:counter|anti)[- ]?clockwise|which (?:way|direction)|to the (?:left|right)|turn order|(?:whose|who'?s) "
     r"(?:turn|go) (?:is )?next|direction of play", "clockwise direction"),
    (r"lose points|minus|negative|cost(?:s|ing)? me", "penalty"),
    (r"odd (?:point|number|one)|left ?over points?|remainder|spare points?|extra point|"
     r"(?:split|divide[ds]?|share[ds]?) (?:it |them |the points )?(?:evenly|equally)|uneven(?:ly)?|doesn'?t divide|"
     r"(?:split|divide|share) (?:that|it|this|them|the (?:points?|score))\b|\d+\.5 (?:each|a piece|apiece)",
     "divided equally surplus"),
    (r"how many people|how many players|player count|(?:most|max(?:imum)?|fewest|min(?:imum)?|least) (?:number of )?"
     r"(?:players|people)\b|(?:players|people) (?:is|are) (?:it|this|the game) (?:meant|made|designed) for",
     "number of players"),
    (r"by (?:accident|mistake)|accidentally|oops|meant to|(?:erase|undo|redo|take back|fix)(?:es|d|ing)?(?: it| that)?",
     "mistake"),
    (r"(?:has|have|had|needs?|got) to (?:leave|go home|bail|quit|stop)|bail(?:s|ed)?(?: out)?|drop(?:s|ped)? out|"
     r"quit(?:s|ting)?|leav(?:es|ing) (?:the game|early|halfway|mid[- ]?game)|rage ?quit", "leaves the game"),
    (r"out of turn|before (?:it was )?(?:his|her|their|my) (?:turn|go)|(?:wasn'?t|not) (?:his|her|their|my) "
     r"(?:turn|go)|wrong turn|jump(?:s|ed)? the gun", "out of turn"),
    (r"peek(?:s|ed|ing)?|sneak(?:s|ed|ing)? a look|look(?:s|ed|ing)? (?:at|through|thru) (?:my|his|her|their|"
     r"each other'?s|other players'?|someone'?s|the other) (?:\w+ )?(?:cards?|hand|map|maps|sheet|pile|tiles?|"
     r"captures?|discards?)|(?:go|flip|look|check)(?:ing)? (?:back )?(?:through|thru) (?:my|his|her|their|the) "
     r"(?:\w+ )?(?:pile|captures?|discards?|stock|tricks)|"
     r"look(?:s|ed|ing)? back (?:at|through|thru) (?:the |an? )?(?:last|old|previous|earlier|played) "
     r"(?:tricks?|cards?|plays?)", "hidden information"),
    (r"how long (?:does|do|will|should) (?:a |the |one |each )?(?:game|match|round|hand|turn|move)s?(?: \w+){0,3} "
     r"(?:take|last)|thinking time|timer|chess clock|takes? (?:forever|ages|so long)|is there (?:a|any) time limit|"
     r"how long (?:do|does|can) (?:i|you|we|he|she|they) (?:get|have|take) to|"
     r"time limits?(?: \w+)? (?:per|for|on|to) (?:each |every |a |the )?(?:move|turn|play|bid|bidding|trick|round|"
     r"throw|shot|flick|roll|decide|think)s?",
     "playing time"),
    (r"touch[- ]move|touched (?:my|a|the|his|her) \w+ (?:but|and then|then)", "touch move"),
    (r"(?:die|dice)\b[^.?!]{0,40}(?:off the table|on(?:to)? the floor|cocked|tilted|leaning)|"
     r"(?:off the table|on(?:to)? the floor|cocked|tilted)[^.?!]{0,40}\b(?:die|dice)\b", "cocked dice"),
    (r"hint(?:s|ed|ing)?|signal(?:s|led|ling|ed|ing)?|table talk|(?:tell|talk to|talk with) (?:my|his|her|their) "
     r"partner|(?:tell|telling|help|helping|show|showing) (?:\w+ ){0,3}what to (?:play|do|bid|move)|coach\w*|"
     r"(?:tell|telling|show|showing) (?:me|him|her|them|us) (?:which|what|where|how)\b",
     "table talk"),
    (r"\bmoney\b|\bstakes?\b|\bbets?\b|\bbetting\b|gambl\w*|\bwager\w*|\bcents?\b|\bdollars?\b|"
     r"\b(?:a|per) (?:quarter|dime|nickel|penny|buck|euro|pound)s? (?:a|per) point|(?:for|with) (?:real )?cash\b|"
     r"\bcash (?:games?|prizes?|stakes)|\bquarters in\b|play(?:ing)? for (?:the table|drinks|a round)", "stakes"),
    (r"who(?:'s| is)? (?:supposed to |meant to |gets to |has to )?(?:flip|deal|turn over|reveal)(?:s|es)?\b",
     "who deals"),
    (r"(?:lost|missing|ripped|torn|damaged|broke|broken) (?:the |our |a |my |one of the )?(?:\w+ ){0,2}"
     r"(?:cards?|deck|pieces?|tiles?|dice|die|board|sheets?|pins?|sticks?|balls?|darts?|spoons?|bags?|stones?|"
     r"counters?|markers?|pegs?|chips?|mallets?|cups?)|(?:normal|regular|standard|ordinary) (?:deck|pack)|"
     r"(?:no|don'?t have (?:any|the)|haven'?t got (?:any|the)) (?:sticks?|dice|die|deck|cards|board|pieces|tiles|"
     r"balls|darts|spoons|bags|stones|counters|markers|pegs|chips|mallets|cups) (?:at all )?(?:here|with us|at home)|"
     r"(?:use|roll|play with) (?:a |an )?(?:normal|regular|ordinary|standard) [\w-]+(?: [\w-]+)? instead|"
     r"(?:write|draw|make) (?:one|our own|a new one) up|"
     r"(?:use|play with|borrow) (?:the |our |a |an |my )?(?:\w+ ){0,2}(?:tiles|cards|dice|pieces|set|deck) "
     r"(?:from|out of) (?:a |an |another|our|my|the) |(?:gone|went|go|goes|going) missing|"
     r"missing from (?:the |our |my |an? )?(?:\w+ ){0,2}(?:pack|deck|set|box)", "missing components"),
    (r"drink\w*|house rules?", "house rule"),
    (r"\brain(?:s|ing|ed|y)?\b|drizzl\w*|sprinkl(?:e|es|ing)\b|pouring|bucket(?:ing|s)? down|\bweather\b|"
     r"\bstorm\w*|soggy|\bsoaked\b|too dark|getting dark|thunder\w*|lightning|\bhail(?:ing|stones?)?\b|\bsnow\w*",
     "weather"),
    (r"\b(?:dog|cat|puppy|kitten|baby|toddler|wind|gust)\b[^.?!]{0,40}\b(?:knock(?:s|ed)?|bump(?:s|ed)?|jogg?(?:s|ed)?|"
     r"scatter(?:s|ed)?|blew|blown|swept|spill(?:s|ed)?|jump(?:s|ed)? on|swip(?:e|es|ed)|ran (?:thru|through|into|over|"
     r"across)|stepp?(?:s|ed)? on|grabb?(?:s|ed)|stole|chew(?:s|ed)|mov(?:es|ed))\b|"
     r"(?:bumped|knocked|jogged|kicked) (?:into )?the (?:table|board)", "disturbed"),
    (r"(?:flashed|exposed|showed|flipped|turned) (?:a|one) card (?:face up )?(?:\w+ ){0,4}"
     r"(?:while|during|when|through) (?:the )?(?:dealing|deal)|"
     r"dealing[^.?!]{0,40}\b(?:card|one)s? (?:flipped|turned|came|landed|fell|got flipped)(?: over| up| face up)|"
     r"misdeal\w*", "misdeal"),
    (r"expansions?|add-?ons?|other editions?", "expansion"),
    (r"best (?:of|out of) (?:\d+|two|three|five|seven)|"
     r"(?:how many|number of) games (?:in|per|for|make) (?:a|an|the|one) (?:\w+ )?match", "match format"),
    (r"\d+ ?(?:yr|yrs|year|years)[- ]old|what age|too young|too little|(?:old|young) enough|young'?uns|minors?\b|"
     r"(?:be|to be|over|under|aged?) (?:18|eighteen|21|twenty-one)\b", "age"),
    (r"is it better to|(?:best|strongest|smartest|good) (?:\w+ ){0,2}(?:move|opening|strategy|tactic)s?\b|"
     r"strateg(?:y|ies)|good score|(?:best|easiest|smartest|safest) way to|"
     r"what(?:'s| is) a (?:normal|average|typical|good) score|\bodds\b|"
     r"probabilit\w*|any tips|\btips?\b|advice|(?:move|opening|play|choice) (?:is|would be) (?:the )?"
     r"(?:strongest|best|smartest)|is it (?:smarter|wiser|safer) to|(?:good|best|smart) play\b|"
     r"(?:which|what) [\w/ ]{0,30}is (?:the )?best for|what'?s a (?:decent|good|normal|typical|average) "
     r"(?:\w+ ){0,3}(?:average|score|total)|any good\b|"
     r"which (?:one |kind |type )?(?:\w+ ){0,4}(?:is|are|works?|spins?|lasts?|plays?) (?:better|longer|faster|best)\b|"
     r"(?:a )?(?:better|wiser|smarter) idea to|best chance|secret to|"
     r"(?:the|a|any) tricks? (?:to|for) (?:gett?(?:ing|in)?|mak(?:e|ing)|win(?:ning)?|beat(?:ing)?|sink(?:ing)?|"
     r"hit(?:ting)?|scor(?:e|ing)|land(?:ing)?)\b|"
     r"(?:generally|usually|normally) best|best to (?:load|play|keep|save|go for|start|open|hold)",
     "strategy"),
    (r"where(?:'?s| (?:did|does|do|is))? (?:\w+ ){1,3}come from|\bolder than\b|\bancient\b|centuries ago|how long ago|"
     r"who (?:invented|made up|came up with)|why is it called|"
     r"\b(?:history|origins?|originally from|invent(?:ed|or))\b|how old is (?:this|the|it)|"
     r"(?:is it|is this) (?:the )?same game as", "history"),
    (r"by myself|on my own(?!\s+\w)|play(?:ing)? alone|one[- ]player|single[- ]player", "solo"),
    (r"(?:write|note|jot|mark)(?:s|ing)? (?:it |them |this |that )?down", "record"),
    (r"(?:have|has|had|forced|obliged|required) to|must (?:i|you|we|they|he|she)|made to", "compulsory"),
)
# (what players say, the terms different rulebooks use for it): only the ones the book asked about uses are added
BOOK_ALTERNATIVES: tuple[tuple[str, str], ...] = (
    (r"(?:the|draw|face-?down) pile|draw deck", "stock talon"),  # 'the deck' is as often the whole pack
    (r"shut(?:s|ting)?", "close closed"),
    (r"chips?|counters?|tokens?", "chips counters tokens"),  # what a player pays or stakes with
    (r"normal|regular|standard|ordinary", "ordinary normal regular standard usual"),
    (r"pucks?|discs?|disks?|weights?", "discs disks pucks weights"),  # what slides on a shuffleboard
    (r"scoop(?:s|ed|ing)? up|pick(?:s|ed|ing)? up (?:all )?(?:the|them|those) cards|(?:take|takes|took|taking) "
     r"(?:all )?(?:the|them|those) cards", "take taking"),
    (r"pot(?:s|ted|ting)?|sank|sunk|sink(?:s|ing)?", "pocket pocketed hole"),
    (r"scratch(?:es|ed|ing)?", "foul"),
    (r"chuck(?:s|ed|ing)? (?:in|on)|toss(?:es|ed|ing)? in|throw(?:s|ing)? in|threw in", "throw add"),
    (r"(?:didn'?t|did not|doesn'?t|does not|don'?t|failed to|fails to|never|not) follow(?:ed|ing)? suit|"
     r"(?:could|should)(?:'?ve| have) followed(?: suit)?|"
     r"(?:was|were) led\b[^.?!]{0,60}\b(?:had|has|held|holding|still had|did have|does have) (?:a|an|one|some|the)\b|"
     r"\b(?:had|held|was holding) (?:one|it|them|some|an? \w+) (?:all along|after all|the whole time)",
     "revoke revoked renege"),
    (r"fold(?:s|ed|ing)?\b", "fold folds pass passes"),  # giving up a hand: a book says one or the other
    (r"out loud|outloud", "aloud"),
    (r"\blied\b|\b(?:was|is|were|are|been) lying\b(?! (?:on|in|under|flat|face|across|beside|next|around))|"
     r"fibb(?:ed|ing)|told (?:\w+ )?a lie", "denied deny cheat cheated cheating"),  # a player who lied about a card
    (r"forg[eo]t(?:s)? to (?:call|declare|announce|show|say|meld)|(?:didn'?t|did not|never) (?:call|declare|announce)",
     "declare declared announce announced"),
)


def _compiled(table: tuple[tuple[str, str], ...]) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each (players' words, term) of a table with its words compiled as whole words, any case."""
    return tuple((re.compile(rf"\b(?:{pattern})\b", re.I), term) for pattern, term in table)


_COMPILED = _compiled(PLAYER_WORDS)
_ALTERNATIVES = _compiled(BOOK_ALTERNATIVES)
_COUNT = r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"  # how many players a book names
# situations a book settles only by saying so, and the words of a rule that does: a rule shown for a question about
# one of them must speak of it, else it is only the closest rule (a book silent on ties, on running out, on a player
# who cannot move)
SITUATIONS: dict[str, str] = {
    "tie share": r"ties?|tied|tiebreak\w*|shared?|equally|equal (?:number|score|points?|totals?|share)|same number|"
                 r"divided|split|(?:points|scores?|totals?) (?:are|is) (?:level|equal|the same)|"
                 r"level (?:on )?(?:points|scores?)|"
                 r"equal to or (?:more|greater|higher)",
    "exhausted": r"r[au]ns? out|exhausted|(?:is|are|becomes?|runs?) empty|empty (?:\w+ )?(?:deck|stock|bag|supply|"
                 r"boneyard|pile|track|talon)|depleted|no (?:more|cards|tiles) (?:left|remain)|(?:is|are) used up|"
                 r"last (?:card|tile|stone|piece)|full|maximum|no further",
    "no legal move": r"(?:can ?not|can't|unable to|not able to) (?:legally )?(?:move|play|place|draw|fit)|"
                     r"no (?:legal|possible) (?:move|play|placement)|(?:does ?not|doesn't|do ?not|don't) fit|"
                     r"fits nowhere|(?:none|neither) of (?:the )?[\w ]{0,30}(?:fits?|can be)",
    "pass": r"pass(?:es|ed)?|skips?|forfeits?",
    "divided equally surplus": r"divided|equally|surplus|remainder|left ?over|rounded",
    "number of players": rf"{_COUNT}\s*(?:-|–|to|or)\s*{_COUNT} players|{_COUNT} or more players|"
                         rf"(?:up to|at least|for|with) {_COUNT} players|solo|single player|"
                         r"player count|number of players",
    "mistake": r"mistakes?|errors?|erased?|undo(?:ne)?|taken? back|accident(?:al(?:ly)?)?|correct(?:ed|ion)|misplay\w*",
    "playing time": r"minutes?|hours?|time limit|timers?|clock|playing time|sand ?glass",
    "rotate orientation": r"rotat\w*|orientation|turn(?:ed)? (?:it )?(?:around|over)|flip\w*|mirror\w*|any way round|"
                          r"upside",
    "touch move": r"touch\w*",
    "cocked dice": r"off the (?:table|board)|floor|cocked|tilted|lands? flat|flat on",
    "table talk": r"hints?|signal\w*|table talk|communicat\w*|conversation|say nothing|silen\w*|advi[cs]\w*|"
                  r"help\w* (?:a |another )?player",
    "stakes": r"money|stakes?|bets?|betting|gambl\w*|wager\w*|cents?|dollars?|pay(?:s|ment)? (?:the winner|each)",
    "expansion": r"expansions?|modules?|add-?ons?|other editions?",
    "match format": r"best of|rubbers?|tournament\w*|match play|a match (?:is|consists|of)|matches of",
    "tiebreak winner": r"tie-?break\w*|in (?:the )?case of a tie|(?:tied?|ties) (?:for|at) (?:the )?(?:win|first|end)|"
                       r"shar(?:e|es|ed) (?:the )?(?:win|victory)|joint winners?|tie is broken|tied players?|"
                       r"(?:more|most|fewest|fewer|least|highest|lowest) [\w ]{0,40}(?:wins|breaks) (?:the )?tie",
    "who deals": r"dealer|deals?|(?:the|one|each|any) player (?:flips|reveals|turns over|deals)|rotat\w*",
    "missing components": r"missing|lost|replace\w*|substitut\w*|spares?|prox(?:y|ies)|homemade|"
                          r"(?:regular|standard|ordinary|normal) (?:deck|pack)|playing cards",
    "house rule": r"drink\w*|house rules?",
    "age": r"ages?|years? old|children|kids?|young\w*",
    "weather": r"rain\w*|weather|wet|storm\w*|dark\w*|light\w*|suspend\w*|postpone\w*|interrupt\w*",
    "disturbed": r"disturb\w*|knock\w* (?:off|over)|bump\w*|accident\w*|restor\w*|put back|replac\w*|"
                 r"(?:moved|displaced|upset) by",
    "misdeal": r"misdeal\w*|exposed|face up (?:during|while) (?:the )?deal|redeal\w*|deal again",
    "history": r"histor\w*|origin\w*|invent\w*|centur(?:y|ies)|dates (?:from|back)|(?:also|sometimes) (?:known as|"
               r"called)|descend\w*|ancest\w*",
    "strategy": r"strateg\w*|tactic\w*|tips?|advice|good (?:move|play|score)|(?:best|strongest) (?:move|opening)|"
                r"odds|probabilit\w*",
    "leaves the game": r"(?:leaves?|leaving|left) (?:the game|early|the table)|quits?|drops? out|withdraw\w*|"
                       r"abandon\w*|retire[sd]?",
    "out of turn": r"out of turn|wrong turn|before (?:his|her|their|your) turn|not (?:his|her|their|your) turn",
    "hidden information": r"look(?:s|ed)? (?:at|through)|peek\w*|secret\w*|hidden|privat\w*|face[- ]down|"
                          r"reveal\w*|inspect\w*|examin\w*|conceal\w*",
}
_AGAIN = re.compile(r"\b([a-z]{4,}) again\b", re.I)  # 'double again' is what a rulebook calls a redouble


# players' spellings of everyday words (the book's own words are never respelt)
SPELLINGS: dict[str, str] = {
    "every1": "everyone", "evry1": "everyone", "some1": "someone", "any1": "anyone", "no1": "no one",
    "2nite": "tonight", "2day": "today", "gonna": "going to", "wanna": "want to", "gotta": "have to",
    "lemme": "let me", "dunno": "don't know", "ppl": "people", "pts": "points", "pt": "point", "b4": "before",
    "bc": "because", "cuz": "because", "coz": "because", "thru": "through", "tho": "though", "ur": "your",
    "u": "you", "w/o": "without", "w/": "with", "pls": "please", "plz": "please", "rn": "right now",
    "wat": "what", "wut": "what",
}
_SPELLING = re.compile(r"(?<![\w/-])(?:" + "|".join(re.escape(w) for w in sorted(SPELLINGS, key=len, reverse=True))
                       + r")(?![\w/-])", re.I)
_DROPPED_G = re.compile(r"\b([a-z]{3,}in)'?(?![\w'])", re.I)  # 'playin', 'drawin'': a dropped g


_WORD = re.compile(r"\b[a-z]{4,}\b", re.I)


@cache
def english_words() -> frozenset[str]:
    """Whole words of the packaged MiniLM's vocabulary (about 22,000): a player's word found there is a word,
    not a slip of the fingers."""
    from rulespal.embeddings import default_model_path

    lines = (Path(default_model_path()) / "vocab.txt").read_text(encoding="utf-8").split()
    return frozenset(w for w in lines if w.isalpha() and w.islower())


def _slips(word: str) -> list[str]:
    """The words a fast typist meant by a word with two letters swapped or a letter doubled or undoubled
    ('thrid' -> third, 'hogg' -> hog, 'stoped' -> stopped)."""
    swapped = [word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(len(word) - 1) if word[i] != word[i + 1]]
    undoubled = [word[:i] + word[i + 1:] for i in range(1, len(word)) if word[i] == word[i - 1]]
    doubled = [word[:i] + word[i] + word[i:] for i in range(1, len(word)) if word[i].isalpha()]
    return swapped + undoubled + doubled


def spelled_out(question: str, book_words: Collection[str]) -> str:
    """The question with players' spellings written out ('every1' -> everyone, 'pts' -> points), a dropped g
    put back where the book uses the word ('playin' -> playing), and a slip of the fingers mended where only one
    mending is a word of the book ('thrid' -> third); a word the book uses, or an English word, is left as it is."""
    def word(m: re.Match[str]) -> str:
        return m.group() if m.group().lower() in book_words else SPELLINGS[m.group().lower()]

    def dropped(m: re.Match[str]) -> str:
        stem = m.group(1)
        return f"{stem}g" if stem.lower() not in book_words and f"{stem.lower()}g" in book_words else m.group()

    def slipped(m: re.Match[str]) -> str:
        lowered = m.group().lower()
        if lowered in book_words or lowered in english_words():
            return m.group()
        meant = {w for w in _slips(lowered) if w in book_words}
        return meant.pop() if len(meant) == 1 else m.group()
    return _WORD.sub(slipped, _DROPPED_G.sub(dropped, _SPELLING.sub(word, question)))


def with_book_terms(question: str, book_words: Collection[str] | None = None) -> str:
    """The question with the rulebook terms its players' words stand for, in brackets ('… (adjacent)'); a verb
    done 'again' also stands for its re- form ('deal again' -> redeal); of the terms books differ on ('the pile': a
    stock, a talon), those the book asked about uses (all of them without its words) and the question does not
    already say."""
    lowered = question.lower()
    terms = [term for pattern, term in _COMPILED if pattern.search(question)]
    terms += [f"re{verb.lower()}" for verb in _AGAIN.findall(question)]
    said = {plural_stem(w) for w in re.findall(r"[a-z]+", lowered)}
    terms += [" ".join(w for w in term.split()
                       if (book_words is None or w in book_words) and plural_stem(w) not in said)
              for pattern, term in _ALTERNATIVES if pattern.search(question)]
    terms = [term for term in terms if term and term not in lowered]
    return f"{question} ({' '.join(dict.fromkeys(terms))})" if terms else question


def unspoken_situations(question: str, rules: str) -> list[str]:
    """The situations the question asks about (a tie, running out, …) that the rules never speak of."""
    return [term for pattern, term in _COMPILED if term in SITUATIONS and pattern.search(question)
            and not re.search(rf"\b(?:{SITUATIONS[term]})\b", rules, re.I)]
