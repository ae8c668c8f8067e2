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

from sudokit.rules import Constraint, kinds

__all__ = ["COUNTED_WORDS", "cage_bounds", "circle_kind", "difference_count_lines", "stated_rule",
           "text_mark"]

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
}
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
