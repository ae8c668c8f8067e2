"""Rules a text states for marks of any colour, or for the whole grid (#25): counting circles
("any digit in a circle indicates exactly how many circles contain that digit"), difference-count
lines ("the difference between two adjacent digits on a coloured line indicates exactly how many
pairs … have that exact difference"), and sentences that are a rule by themselves ("in every row
and column, strings of 3 digits are never all even nor all odd").

Each pattern is a whole description, never a name alone: what only names a kind, or says more
than the pattern, stays a sentence not understood (the puzzle is refused).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sudokit.formats.described import colour_words
from sudokit.rules import Constraint, kinds

__all__ = [
    "COUNTED_WORDS",
    "EdgeMark",
    "all_marks_claimed",
    "cage_bounds",
    "circle_kind",
    "difference_count_lines",
    "edge_mark",
    "stated_rule",
    "text_mark",
    "without_mark_descriptions",
]

#: A rules text that describes counting circles.
_COUNTING_CIRCLES = re.compile(
    r"\b(any |a |each |every )?(digit|number) (in|inside) (a|any|the) circles? (indicates|shows|gives|"
    r"tells you|is) (exactly )?(how many|the number of) circles (contain|hold|have) (that|this|the same) "
    r"(digit|number)\b|"
    r"\b(any |a |each |every )?(digit|number) (in|inside) (a|any|the) circles? (indicates|shows|gives|"
    r"is) (exactly )?(how many|the number of) circles (that|this) (digit|number) (appears|is) in\b|"
    r"\bif a digit n appears in a circle,? (then )?(the digit )?n appears in exactly n circles\b")
#: A rules text that gives circled cells the third (entropic group) of their knight's-move cells.
_KNIGHT_THIRDS = re.compile(
    r"\ba digit in a circle must (belong to|be in) the same entropic group\b[^.;]*\bas (every|each|all) "
    r"cells? (a|one) (single )?(chess )?knight'?s? move away\b")
#: A rules text that gives a sun in a cell the count of smaller digits around it (diagonals too).
_SUNBURN = re.compile(
    r"\ba digit (on|in) a sun (indicates|shows|gives|is) (exactly )?how many (surrounding|neighbouring|"
    r"adjacent) cells \((ie|i\.e\.) orthogonally or diagonally adjacent cells\) (contain|hold|have) "
    r"(a )?smaller digits?\b")
#: A rules text that describes difference-count lines, whatever their colour.
_DIFFERENCE_COUNT = re.compile(
    r"\bthe difference between (two|any two|a pair of) adjacent digits on (a|any|each) (coloured |colored )?"
    r"line (indicates|shows|gives|is|says) (exactly )?how many pairs of adjacent digits (along|on) "
    r"(that|the|this) line have (that|this|the same) (exact )?difference\b")
#: The rules text's words for these kinds: a sentence holding one is about a kind present.
COUNTED_WORDS: dict[str, tuple[str, ...]] = {
    "counting-circle": ("counting circle", "how many circles", "in exactly n circles",
                        "exactly two 2s in circles"),
    "difference-count": ("how many pairs of adjacent digits",),
    "knight-thirds": ("entropic group",),
    "smaller-neighbours": ("a digit on a sun", "a digit in a sun"),
    "killer-range": ("cage", 'a "?" means'),
    "sum-dot": ("must sum to", "either x or v", "squares are given", "dots are given"),
    "odd-even-dot": ("one even digit and one odd digit", "dots are given"),
    "parity-count": ('"sees" a digit', "sees a digit", "counts the number of digits it sees"),
    "equal-halves": ("the sum of the first two digits equals the sum of the last two",),
}
#: Every line of four cells: its first two digits add up to the same as its last two.
_EQUAL_HALVES = re.compile(r"\bin (each|every) line of (4|four) cells,? the sum of the first two digits "
                           r"equals the sum of the last two( digits)?\b")
#: Arrows in cells that count the digits of their cell's parity in their directions.
_PARITY_VISION = (
    re.compile(r'\ba (given )?cell "?sees"? a digit if the digit lies in the direction of an arrow on the '
               r'cell\b'),
    re.compile(r"\beach cell with arrows counts the number of digits it sees with the same parity as "
               r"itself\b"))
#: Cage clues that are a number of digits ("?" one digit, "??" two) or a bound ("<", ">").
_QUESTION = re.compile(r'\ba "\?" means a single[- ]digit total,? and a "\?\?" means a double[- ]digit '
                       r'total\b')
_BOUND = re.compile(r'"<" means less than,? and ">" means greater than\b')
_NO_REPEAT = re.compile(r"\bdigits in a cage cannot repeat\b")
#: Sentences that are a whole rule by themselves, each with the constraint it states.
_STATED: tuple[tuple[re.Pattern[str], Constraint], ...] = (
    (re.compile(r"^\W*(in )?(every|each) row and (every |each )?column,? (strings|runs|sequences|groups) "
                r"of (3|three) (adjacent |consecutive )?(digits|cells) (are never|can never be|cannot be|"
                r"may not be|must not be|are not) all (even nor all odd|odd nor all even|even or all odd|"
                r"odd or all even)\W*$"),
     kinds.MixedParityTriples(3)),
)


def circle_kind(rules: str) -> str | None:
    """The kind the (lower-case) rules text gives plain circles in cells: ``counting-circle`` or
    ``knight-thirds``; None when it describes neither, or both."""
    readings = (("counting-circle", _COUNTING_CIRCLES), ("knight-thirds", _KNIGHT_THIRDS))
    found = [kind for kind, pattern in readings if pattern.search(rules)]
    return found[0] if len(found) == 1 else None


def difference_count_lines(rules: str) -> bool:
    """Whether the (lower-case) rules text describes difference-count lines of any colour."""
    return bool(_DIFFERENCE_COUNT.search(rules))


def stated_rule(sentence: str) -> Constraint | None:
    """The constraint a (lower-case) sentence states by itself, or None."""
    for pattern, constraint in _STATED:
        if pattern.search(sentence):
            return constraint
    return None


def text_mark(text: str, rules: str) -> str | None:
    """The kind a symbol written in a cell has by the (lower-case) rules text: a sun (☀) the text
    gives the count of smaller digits around it is ``smaller-neighbours``; None otherwise."""
    if text.replace("\ufe0f", "").strip() == "\u2600" and _SUNBURN.search(rules):
        return "smaller-neighbours"
    return None


def cage_bounds(value: str | None, rules: str) -> tuple[int, int] | tuple[()] | None:
    """The bounds of a cage's sum from a clue the (lower-case) rules text explains: "?" a one-digit
    total (1-9), "??" a two-digit one (10-99), "<" and ">" strictly less or greater than the number
    after it, whatever it is (so "<?" is at most 8); ``()`` for a cage without a clue (different
    digits only); None for any other clue, or a text that does not explain them."""
    if not (_NO_REPEAT.search(rules) and _QUESTION.search(rules)):
        return None
    m = re.fullmatch(r"([<>]?)(\?{1,2}|\d+)", (value or "").strip())
    if m is None:
        return () if not (value or "").strip() else None
    if m.group(1) and not _BOUND.search(rules):
        return None
    number = m.group(2)
    low, high = (1, 9) if number == "?" else (10, 99) if number == "??" else (int(number), int(number))
    if m.group(1) == "<":
        return (0, high - 1)
    if m.group(1) == ">":
        return (low + 1, 10**6)
    return (low, high)


#: Marks on an edge described by colour and shape: a sum, "either X or V", one odd and one even.
_SUM_MARK = re.compile(r"\b(?:cells|digits) (?:connected|joined|separated) by an? (\w+) (dot|circle|square|"
                       r"rectangle)s? (?:must )?(?:sum|add up) to (\d+)\b")
_EITHER_XV = re.compile(r"\bthe (\w+) (dot|circle|square)s? are either (?:an? )?x or (?:a )?v\b")
_X_V = (re.compile(r"\bby an? x (?:must )?(?:sum|add up) to 10\b"),
        re.compile(r"\bby an? v (?:must )?(?:sum|add up) to 5\b"))
_ODD_EVEN = re.compile(r"\b(?:cells|digits) separated by an? (\w+) (dot|circle|square)s? (?:are|must be) "
                       r"(non-?consecutive and )?(?:contain|hold|have) one even digit and one odd digit\b")
_ALL_OF = re.compile(r"\ball (?:the )?(?:possible )?(?:(\w+) )?(dot|circle|square|rectangle)s? "
                     r"(?:are|have been) (?:given|shown|marked)\b")
_SHAPES = {"circle": ("dot", "circle"), "rectangle": ("square", "rectangle")}


@dataclass(frozen=True)
class EdgeMark:
    """A mark on an edge as the text describes it: ``kind`` (``sum-dot`` with ``value`` its totals,
    ``odd-even-dot`` with ``value`` "apart" or ""), whether it is an X or V (its pairs join the
    X/V negative), and whether every such mark is given (``negative``)."""

    kind: str
    value: str
    xv: bool
    negative: bool


def _described(rules: str) -> list[tuple[str, str, str, str, bool]]:
    """Every mark the text describes: (colour word, shape word, kind, value, is an X or V)."""
    out = [(m.group(1), m.group(2), "sum-dot", m.group(3), False) for m in _SUM_MARK.finditer(rules)
           if m.group(1) not in ("x", "v")]
    if all(p.search(rules) for p in _X_V):
        out += [(m.group(1), m.group(2), "sum-dot", "10,5", True) for m in _EITHER_XV.finditer(rules)]
    out += [(m.group(1), m.group(2), "odd-even-dot", "apart" if m.group(3) else "", False)
            for m in _ODD_EVEN.finditer(rules)]
    return out


def _dot_shaped(shape: str) -> bool:
    return shape in _SHAPES["circle"]


def all_marks_claimed(rules: str) -> bool:
    """Whether a colourless "all dots are given" belongs to the one dot-shaped mark the text
    describes (and the text defines no white or black Kropki dot it could mean instead)."""
    dots = [d for d in _described(rules) if _dot_shaped(d[1])]
    kropki = re.search(r"\b(white|black|kropki)\b", rules)
    return len(dots) == 1 and not kropki


def edge_mark(rules: str, hue: str | None, shape: str) -> EdgeMark | None:
    """The one mark the (lower-case) rules text describes for marks of colour family ``hue`` and
    f-puzzles shape ``shape`` (``circle`` or ``rectangle``); None when none or several."""
    words = colour_words(hue)
    found = [d for d in _described(rules) if d[0] in words and d[1] in _SHAPES.get(shape, ())]
    if len(found) != 1:
        return None
    colour, _, kind, value, xv = found[0]
    negative = False
    for m in _ALL_OF.finditer(rules):
        if m.group(2) not in _SHAPES.get(shape, ()):
            continue
        if m.group(1) == colour or (m.group(1) in (None, "possible") and _dot_shaped(m.group(2))
                                    and all_marks_claimed(rules)):
            negative = True
    return EdgeMark(kind, value, xv, negative and not xv)


def without_mark_descriptions(rules: str) -> str:
    """The rules text with the descriptions of edge marks blanked out ("… are non-consecutive and
    contain one even digit and one odd digit" names no global non-consecutive rule)."""
    for pattern in (_SUM_MARK, _EITHER_XV, _ODD_EVEN):
        rules = pattern.sub(" ", rules)
    return rules


def parity_vision(rules: str) -> bool:
    """Whether the (lower-case) rules text says each cell with arrows counts the digits it sees, in
    the arrows' directions, of its own parity."""
    return all(p.search(rules) for p in _PARITY_VISION)


def equal_halves(rules: str) -> bool:
    """Whether the (lower-case) rules text says every line of four cells has halves of equal sums."""
    return bool(_EQUAL_HALVES.search(rules))
