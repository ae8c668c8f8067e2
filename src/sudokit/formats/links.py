"""SudokuPad and f-puzzles links read in full: every classified element mapped to sudokit's rules.

:func:`read_link` takes a link, payload, JSON text or an already decoded
:class:`~sudokit.formats.sudokupad.SudokuPadPuzzle`, classifies it
(:func:`~sudokit.formats.sudokupad.classify`) and maps each element to a constraint kind of
:mod:`sudokit.rules.kinds`: thermometers, arrows, killer cages with totals, little killers,
sandwich / X-sum / skyscraper clues, whispers, renban, palindromes, between lines, region-sum
lines, entropic, modular and zipper lines, Kropki dots (white, black, differences and ratios) and
the "all dots given" negative (of both colours or one), XV and its negative, odd and even cells,
minimum and maximum cells (fortress cells side by side too), quadruples, clones, extra regions,
diagonals, anti-knight, anti-king, non-consecutive and disjoint groups, on irregular regions
(Jigsaw) or boxes of any shape (6×6 with 2×3 boxes), 4×4 to 16×16.

Nothing is dropped: if any element is unsupported, or a sentence of the rules text is not
understood, the whole puzzle is refused with :class:`LinkRefused` naming every reason; solving
without a rule would give a wrong answer. A solution in the puzzle's metadata is never used to
solve: it is kept on :attr:`LinkPuzzle.solution` for a later comparison (``check --verify``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sudokit.errors import ParseError, SudokuError, Where
from sudokit.formats.conventions import Element, Unsupported, classify
from sudokit.formats.counted import COUNTED_WORDS, all_marks_claimed, stated_rule
from sudokit.formats.described import describes
from sudokit.formats.fpdrawn import hidden_regions
from sudokit.formats.sudokupad import SudokuPadPuzzle, puzzle_from_data, read_sudokupad
from sudokit.rules import Constraint, Rules, kinds
from sudokit.rules.geometry import box_map
from sudokit.shape import Shape
from sudokit.variant import make_rules

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["LinkPuzzle", "LinkRefused", "looks_like_link", "read_link", "read_link_data"]

Cell = tuple[int, int]

#: What marks text as a SudokuPad link or payload (f-puzzles' are recognised by formats.variants).
_LINK = re.compile(
    r"sudokupad\.app|crackingthecryptic\.com|^\s*sudokupad://|"
    r"^\s*(?:scl|ctc|fpuzzles|fpuz)[A-Za-z0-9+/=$%\\-]{20,}\s*$"
)


def looks_like_link(text: str) -> bool:
    """True when ``text`` is a SudokuPad link or an ``scl``/``ctc``/``fpuz`` payload (cheap test)."""
    return bool(_LINK.search(text[:200])) if "\n" not in text.strip() else False


class LinkRefused(ParseError):
    """A link whose puzzle sudokit cannot solve faithfully; ``reasons`` names every problem."""

    def __init__(self, problem: str, *, reasons: Sequence[str] = (), **where: Unpack[Where]) -> None:
        super().__init__(problem, **where)
        self.reasons = tuple(reasons) or (problem,)


@dataclass(frozen=True)
class LinkPuzzle:
    """A link's puzzle as sudokit reads it: cell values row by row (0: empty) and the rules.

    ``solution`` is the metadata's solution (never used to solve), ``title``, ``author`` and
    ``rules_text`` the metadata, ``elements`` the classified elements that were mapped."""

    cells: tuple[int, ...]
    rules: Rules
    solution: str | None = None
    title: str | None = None
    author: str | None = None
    rules_text: str | None = None
    elements: tuple[Element, ...] = field(default=(), repr=False)


def read_link(source: str | SudokuPadPuzzle) -> LinkPuzzle:
    """The puzzle of a SudokuPad or f-puzzles link, payload or JSON (or a decoded puzzle).

    Raises :class:`LinkRefused` naming every unsupported element or rule, :class:`ParseError`
    for text that is not a puzzle."""
    puzzle = source if isinstance(source, SudokuPadPuzzle) else read_sudokupad(source)
    return _Mapper(puzzle).run()


def read_link_data(data: Mapping[str, object], fmt: str) -> LinkPuzzle:
    """The puzzle of already decoded JSON (``fmt``: ``"scl"`` or ``"fpuzzles"``)."""
    return read_link(puzzle_from_data(data, "fpuzzles" if fmt == "fpuzzles" else "scl"))


# -- the rules text --------------------------------------------------------------------------------

#: Words that show a sentence of the rules text is about an element kind present in the puzzle.
_KIND_WORDS: dict[str, tuple[str, ...]] = {
    "thermometer": ("thermo", "bulb"),
    "slow-thermometer": ("thermo", "bulb"),
    "arrow": ("arrow", "circle"),
    "killer": ("cage", "killer"),
    "little-killer": ("little killer", "diagonal", "arrow", "clue"),
    "sandwich": ("sandwich", "crust", "between the 1 and", "clue"),
    "x-sum": ("x-sum", "x sum", "xsum", "clue"),
    "skyscraper": ("skyscraper", "clue", "visible", "seen"),
    "german-whispers": ("whisper", "green line"),
    "dutch-whispers": ("whisper", "orange line"),
    "whispers": ("whisper",),
    "renban": ("renban", "purple line", "consecutive digits, which can be in any order",
               "consecutive digits in any order"),
    "palindrome": ("palindrome", "grey line", "gray line", "same forwards"),
    "between-line": ("between",),
    "region-sum": ("region sum", "blue line", "each box it passes", "each box the line", "equal sum",
                   "same sum", "same total"),
    "entropic": ("entropic",),
    "modular": ("modular",),
    "zipper": ("zipper",),
    "fibonacci": ("fibonacci",),
    "index": ("index line",),
    "number-sum": ("numbers in cages connected by", "numbers in the cages connected by", "cages are read"),
    **COUNTED_WORDS,
    "kropki-white": ("dot", "kropki", "consecutive"),
    "kropki-black": ("dot", "kropki", "ratio", "double", "twice", "1:2"),
    "xv": (" x ", " v ", "xv", "x-v", "x/v", "x's", "v's", " xs ", " vs ", "xes", "sum to 10", "sum to 5"),
    "odd": ("odd", "circle"),
    "even": ("even", "square"),
    "minimum": ("minimum", "smaller than", "less than"),
    "maximum": ("maximum", "greater than", "larger than"),
    "quadruple": ("quad", "four cells surrounding", "four surrounding cells", "four cells around"),
    "clone": ("clone",),
    "extra-region": ("extra region", "shaded region"),
    "diagonal": ("diagonal",),
    "anti-knight": ("knight",),
    "anti-king": ("king",),
    "non-consecutive": ("consecutive",),
    "disjoint-groups": ("disjoint", "same position"),
}

#: Sentences that state classic Sudoku (understood unless they hold an unusual word).
_CLASSIC = re.compile(
    r"(normal|classic|standard|usual|regular|conventional|jigsaw|irregular) (sudoku|rules)|"
    r"sudoku rules apply|"
    r"^(good luck|enjoy|have fun|thanks?\b|thank you|rules?:?$)|^\W*$|"
    r"^\W*(sudoku|\d+ ?x ?\d+( irregular)? (sudoku|regions?))\W*$|"
    r"^(some )?digits are (already )?given\W*$|"
    r"^(place|fill in|enter|write) the digits \d+ ?(-|–|to|through) ?\d+ (in|into) "
    r"(each|every) (empty )?cell\W*$"
)
#: Words that can state a rule (or name a variant); a short sentence with none of them (and no
#: small number) is flavour text: "And that's it!", "Exported from sudokulab.net".
_RULE_WORDS = re.compile(
    r"\b(digits?|numbers?|cells?|grid|rows?|columns?|box(es)?|regions?|nonets?|sums?|totals?|lines?|"
    r"cages?|circles?|dots?|squares?|arrows?|thermo\w*|repeats?|contains?|equal|greater|less|smaller|"
    r"larger|odd|even|must|cannot|can't|may|might|only|each|every|all|not|no|never|shade\w*|place|fill|"
    r"given|clues?|between|along|adjacent|neighbou?rs?|apart|separated|diagonals?|values?|x|v|"
    r"killer|windoku|hyper|toroidal|wrap\w*|miracle|chess|king|knight|queen|consecutive|magic|parity|"
    r"fog|negative|anti\w*|variants?|rules?|constraints?|marked|shaded|coloured|colored|grey|gray|"
    r"sandwich\w*|xv|kropki|renban|whispers?|palindromes?|skyscrapers?|entropic|modular|zipper|quad\w*|"
    r"clones?|disjoint|jigsaw|irregular|german|dutch|doubler\w*|negator\w*|liar|lying|schr\w*dinger|"
    r"product|difference|ratio|double|twice|half|prime|fibonacci|sudoku-?x|x-?sudoku|"
    r"black|white|red|blue|green|purple|orange|pink|yellow|loop|snake|path|indexer|position)\b|"
    r"\b([0-9]|1[0-6])\b")
#: "Digits may repeat on a line": true of the line kinds below except those of _NO_REPEATS.
_LINES_REPEAT = re.compile(r"^digits (may|can) repeat (on|along) (a|the|each|any) lines?\b")
_LINE_KINDS_SEEN = {"german-whispers", "dutch-whispers", "whispers", "palindrome", "between-line",
                    "region-sum", "entropic", "modular", "zipper", "slow-thermometer", "arrow"}
_NO_REPEATS = {"renban", "thermometer"}
#: Or they name the units and say digits do not repeat (or appear once).
_UNITS = re.compile(r"\b(rows?|columns?|box(es)?|regions?|nonets?)\b")
_ONCE = re.compile(r"repeat|\bonce\b|one of each|each digit|every digit|"
                   r"\bwith \d+ ?(-|–|to|through) ?\d+\W*$|"
                   r"\b(all )?(the )?(digits|numbers) (from )?\d+ ?(-|–|to|through) ?\d+")
#: Words that keep a sentence from passing as classic Sudoku (it must name a kind present instead).
_UNUSUAL = re.compile(r"\b(except|but|unless|can repeat|may repeat|sums?|totals?|hidden|twice|"
                      r"missing|instead|extra|additional|diagonals?|shaded|colou?red|gr[ae]y|cages?|"
                      r"lines?|circles?|dots?|windows?|knight'?s?|king'?s?|consecutive|disjoint|positions?)\b")
_RANGE = re.compile(r"\b(\d+)\s*(?:-|–|to|through)\s*(\d+)\b")
#: A sentence that gives an example ("For example, a line could hold 3-1-2").
_EXAMPLE = re.compile(r"^(for example|for instance|e\.?g\.?|example)\b")
#: A thermometer sentence that lets digits stay the same (slow thermometers).
_SLOW = re.compile(r"\bslow\b|stay the same|or stay|remain the same|or equal|never decrease|"
                   r"non-?decreasing|(do not|don't|cannot|can't|may not) decrease|(can|may) repeat")
#: A sentence that only states the digit set ("Place the digits 0-8 in each cell", "Normal sudoku
#: rules apply, using the digits 0 to 8"): read as the rules' digit set, nothing else.
_DIGIT_SET = re.compile(
    r"^((normal|classic|standard) sudoku rules apply\W* (but |except )?(with |using )?|"
    r"(place|fill in|enter|write|use|using) )?(only )?(the )?(digits|numbers) (are |from )?"
    r"0 ?(?:-|–|to|through) ?\d+"
    r"( are used| instead of 1 ?(?:-|–|to|through) ?\d+)?"
    r"( (in|into) (each|every) (empty )?(cell|row, column,? and box))?\W*$")
#: A sentence after the thermometers' that makes them slow, and says nothing else.
_SLOW_AFTER = re.compile(r"^\W*(digits|numbers) (may|can) (also )?(remain|stay) the same( when allowed by "
                         r"other rules)?,? but (may|can|must|will) never decrease\W*$")
#: The three ranges an entropic rule names (low, middle, high): not a digit set.
_ENTROPIC_RANGES = {("1", "3"), ("4", "6"), ("7", "9")}
#: "Normal cage rules (apply)": what a kind's marks mean; true whether or not any is drawn, since
#: every drawn mark is read as its kind or refused.
_STANDARD_KIND = re.compile(
    r"^\W*(the )?(normal|standard|usual|classic|regular|conventional) (killer( sudoku| cages?)?|cages?|"
    r"thermo(meter)?s?|arrows?|kropki( dots?)?|little killers?( sums?)?|xv|x-v|x/v|sandwich(es)?|"
    r"(german |dutch )?whispers?( lines?)?|renban( lines?)?|palindromes?( lines?)?|between lines?|"
    r"region[- ]sum( lines?)?|x-?sums?|skyscrapers?|quadruples?|clones?) (rules?|constraints?)"
    r"( (also )?appl(y|ies))?\W*$")
#: "Different lines may have different values for N": each line (cage, arrow) is read on its own
#: anyway; the sentence ties nothing together and allows nothing more.
_EACH_OWN = re.compile(
    r"^\W*(different|separate|distinct) (lines|cages|arrows|circles|thermo\w*|segments|clues) "
    r"(may|can|might|do not need to|don't need to) (have|take|hold|sum to|be) (different|distinct) "
    r"((segment|line|cage) )?(values|sums|totals|numbers|digits)( (of|for) [a-z])?\W*$")
#: "Cells with a filled square must be even": the conventional odd circle / even square marks.
_PARITY_MARKS = re.compile(
    r"^\W*(the )?((cells?|digits?) (with|in|on|marked with|marked by) )?(an? |the )?"
    r"((filled|shaded|gr[ae]y|black|dark|light) )?(?P<shape>circles?|squares?) "
    r"(must be|are|is|must contain|contains?|holds?) (an? )?(?P<parity>odd|even)( digits?| numbers?)?\W*$")
#: The kinds drawn with circles in or between cells (a sentence on odd circles could mean them).
_CIRCLED = {"arrow", "between-line", "quadruple", "thermometer", "slow-thermometer", "kropki-white",
            "kropki-black", "odd"}
#: How a sentence names X marks and V marks (alone or both).
_XV_LETTERS = (("x", (" x ", "x's", " xs ", "xes")), ("v", (" v ", "v's", " vs ")))
#: Line kinds whose rule takes the whole line at once (a set, a sum, a reading both ways).
_WHOLE_LINE = {"renban", "region-sum", "palindrome", "zipper", "between-line", "fibonacci",
               "difference-count"}
#: "All such pairs are given": the negative of the marks the sentence before names.
_SUCH = re.compile(r"^\W*all (such|these) (pairs|pairs of cells|cells|marks|dots)( are| have been)? "
                   r"(given|shown|marked|displayed|drawn)\W*$")
_NEGATIVE = re.compile(r"\ball\b[^.]{0,60}\b(given|shown|marked|displayed|present|drawn)\b|"
                       r"negative constraint|\bnot all\b")


#: Fortress cells: shaded cells compared only with their white (unshaded) neighbours, so two
#: of them may touch ("Grey cells contain digits larger than any orthogonally adjacent white cell").
_FORTRESS = {
    kind: re.compile(r"\b(gr[ae]y|shaded)( shaded)? cells?\b[^.;]*\b(" + words + r") than "
                     r"(any|all|every|each)( of (its|their))? (orthogonally )?(adjacent|neighbou?ring) "
                     r"(white|unshaded|non-?shaded|non-?gr[ae]y) (cells?|neighbou?rs)\b")
    for kind, words in (("maximum", "larger|greater|higher|bigger"), ("minimum", "smaller|less|lower"))
}

#: The line kinds whose constraint is the line alone, and its class.
_LINE_ONLY: dict[str, Callable[[tuple[int, ...]], Constraint]] = {
    "slow-thermometer": kinds.SlowThermometer,
    "palindrome": kinds.Palindrome,
    "between-line": kinds.Between,
    "modular": kinds.Modular,
    "zipper": kinds.ZipperLine,
    "fibonacci": kinds.Fibonacci,
    "difference-count": kinds.DifferenceCount,
}

_BULLET = re.compile(r"^\s*[-•*]\s+")


def _bulleted(text: str) -> str:
    """A short fragment without a stop followed by bullets ("Cells separated" / "- by an X sum to
    10") as one line a bullet, each starting with that fragment."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        stem = lines[i].strip()
        j = i + 1
        while j < len(lines) and _BULLET.match(lines[j]):
            j += 1
        fragment = 0 < len(stem.split()) <= 5 and not _CLASSIC.search(stem.lower())
        if j > i + 1 and fragment and not _BULLET.match(lines[i]) and stem[-1] not in ".!?;:":
            out.extend(f"{stem} {_BULLET.sub('', b).strip()}" for b in lines[i + 1:j])
            i = j
        else:
            out.append(lines[i])
            i += 1
    return "\n".join(out)


def _sentences(text: str) -> list[str]:
    text = _bulleted(text)
    # A line break inside a sentence (no stop before it, a small letter after it) joins.
    text = re.sub(r"(?<=[a-z,])[ \t]*\n[ \t]*(?=[a-z])", " ", text)
    text = re.sub(r"\b(i\.e|e\.g|etc|vs|cf)\.", lambda m: m.group(1).replace(".", ""), text, flags=re.I)
    out = []
    for part in re.split(r"(?<=[.!?;])\s+|\n+", text.lower()):
        s = re.sub(r"\s+", " ", part).strip()
        if s:
            out.append(s)
    return out


@dataclass
class _TextReading:
    reasons: list[str]
    all_dots: bool = False
    one_colour: set[str] = field(default_factory=set)
    all_xv: bool = False
    slow: bool = False
    strict: bool = False
    digits: tuple[int, ...] | None = None
    #: Rules a sentence states by itself (``formats.counted``).
    stated: list[Constraint] = field(default_factory=list)
    #: The one X/V letter whose marks are all given (the other is not in the puzzle).
    letters: set[str] = field(default_factory=set)


def _read_text(text: str, seen: set[str], n: int, digit_sets: bool = False) -> _TextReading:
    """Check every sentence of the rules text is understood; find the negatives it states,
    whether it describes thermometers as slow (digits may stay the same) or strict, and (with
    ``digit_sets``: SudokuPad, whose givens can be 0) the digits 0 … N-1 when it says so plainly."""
    reading = _TextReading([])
    sentences = _sentences(text)
    for i, sentence in enumerate(sentences):
        such = bool(i and _SUCH.match(sentence))
        if such:  # "Digits joined by a V sum to 5. All such pairs are given.": the marks just named
            sentence = f"{sentences[i - 1]} {sentence}"
        padded = f" {sentence} "
        if _EXAMPLE.match(sentence) and (any(w in padded for k in seen for w in _KIND_WORDS.get(k, ()))
                                         or (" line" in padded and seen & (_LINE_KINDS_SEEN | _NO_REPEATS))):
            continue  # an example of a kind present: it illustrates, it adds no rule
        ranges = _RANGE.findall(sentence)
        entropic = n == 9 and "entropic" in seen and set(ranges) >= _ENTROPIC_RANGES
        for a, b in ranges:
            lo, hi = int(a), int(b)
            said = re.search(r"\b(digits|numbers)\b", sentence)
            if digit_sets and (lo, hi) == (0, n - 1) and said and not entropic:
                reading.digits = tuple(range(n))  # said plainly: the digits 0 … N-1
            elif lo in (0, 1) and 2 <= hi <= 16 and (lo, hi) != (1, n) and not entropic:
                reading.reasons.append(f"unsupported: the rules text gives the digits {lo}-{hi} "
                                       f"for a {n}×{n} grid (\"{_cut(sentence)}\")")
        if "thermo" in sentence:
            if _SLOW.search(sentence):
                reading.slow = True
            else:
                reading.strict |= "increase" in sentence
        elif i and "thermo" in sentences[i - 1] and _SLOW_AFTER.search(sentence):
            reading.slow = True  # "Slow thermos: … increase. Digits may remain the same, but never decrease."
            continue
        if _NEGATIVE.search(sentence):
            negated = bool(re.search(r"\bnot all\b|\bnot every\b|\bnot necessarily\b|"
                                     r"\bno negative constraint", sentence))
            dots = "dot" in sentence or "kropki" in sentence
            xv = any(w in padded for w in (" x ", " v ", "xv", "x's", "v's", "x/v", "x-v"))
            kropki = re.search(r"\b(white|black|kropki)\b", sentence)
            if dots and seen & {"sum-dot", "odd-even-dot"} and not kropki:
                if not all_marks_claimed(text.lower()):  # whose dots, then, is not certain
                    reading.reasons.append(f"unsupported: a rule not understood (\"{_cut(sentence)}\")")
                continue  # the described dots' own negative (formats.counted.edge_mark)
            if dots or xv:
                if not negated:
                    colour = ("white" if "white" in sentence else "black") if ("white" in sentence) != (
                        "black" in sentence) else _one_dot_colour(text.lower())
                    partial = dots and colour is not None
                    if partial and colour is not None:
                        reading.one_colour.add(colour)
                    reading.all_dots |= dots and not partial
                    letters = {ch for ch, words in _XV_LETTERS if any(w in padded for w in words)}
                    if xv and len(letters) == 1 and not any(w in padded for w in ("xv", "x/v", "x-v")):
                        # "all V's are given" says nothing of the sums of 10 (X): not the X/V negative
                        reading.letters |= letters  # read by the mapper: refused if the other letter is drawn
                    else:
                        reading.all_xv |= xv
                continue
        if such:
            reading.reasons.append(f"unsupported: a rule not understood (\"{_cut(sentence)}\")")
            continue
        rule = stated_rule(sentence)
        if rule is not None:
            reading.stated.append(rule)
            continue
        if reading.digits is not None and _DIGIT_SET.search(sentence):
            continue
        classic = _CLASSIC.search(sentence) or (_UNITS.search(sentence) and _ONCE.search(sentence))
        if classic and not _UNUSUAL.search(sentence):
            continue
        if re.fullmatch(r"\(?([0-9]|[a-z]|i{1,3}|iv|v)\)\.?|[0-9]\.", sentence):
            continue  # the number of the rule that follows ("1).", "(b)")
        if len(sentence.split()) <= 10 and not _RULE_WORDS.search(sentence):
            continue  # flavour text: nothing in it can state a rule
        if _LINES_REPEAT.search(sentence) and seen & _LINE_KINDS_SEEN and not seen & _NO_REPEATS:
            continue  # true of every line kind present (none of them forbids repeats)
        if any(w in padded for k in seen for w in _KIND_WORDS.get(k, ())):
            continue
        if any(describes(k, sentence) for k in seen):
            continue
        if _STANDARD_KIND.search(sentence) or _EACH_OWN.search(sentence) or _parity_marks(sentence, seen):
            continue
        reading.reasons.append(f"unsupported: a rule not understood (\"{_cut(sentence)}\")")
    return reading


#: How a rules text gives each colour of Kropki dot its meaning.
_DOT_COLOURS = {"white": re.compile(r"\bwhite (kropki )?(dot|circle)s?\b"),
                "black": re.compile(r"\bblack (kropki )?(dot|circle)s?\b|\bratio\b|\bdouble\b|\btwice\b|"
                                    r"\bhalf\b|\b1:2\b|\b2:1\b")}


def _one_dot_colour(text: str) -> str | None:
    """The one colour of dot a rules text defines ("all possible dots are given" then means those:
    a puzzle with white dots only says nothing of ratios); None when it defines both or neither."""
    named = [colour for colour, pattern in _DOT_COLOURS.items() if pattern.search(text)]
    return named[0] if len(named) == 1 else None


def _parity_marks(sentence: str, seen: set[str]) -> bool:
    """Whether the sentence states the conventional parity marks (squares even, circles odd) where
    no mark of the puzzle could be meant but those (a circle of an arrow or a bulb could be)."""
    m = _PARITY_MARKS.search(sentence)
    if m is None:
        return False
    if m.group("shape").startswith("square"):
        return m.group("parity") == "even"
    return m.group("parity") == "odd" and not seen & (_CIRCLED - {"odd"})


def _opened_loop(line: tuple[int, ...], box: Sequence[int]) -> tuple[int, ...]:
    """A closed region-sum loop (its last cell its first) as an open line with the same segments:
    the closing cell dropped and the loop started where it crosses a box border (any other line
    unchanged)."""
    if len(line) < 3 or line[0] != line[-1] or len(set(line)) != len(line) - 1:
        return line
    ring = line[:-1]
    for i in range(len(ring)):
        if box[ring[i - 1]] != box[ring[i]]:
            return ring[i:] + ring[:i]
    return ring


def _cut(text: str) -> str:
    return text if len(text) <= 90 else text[:89] + "…"


# -- the mapping -----------------------------------------------------------------------------------


class _Mapper:
    def __init__(self, puzzle: SudokuPadPuzzle) -> None:
        self.p = puzzle
        self.n = puzzle.rows
        self.reasons: list[str] = []
        self.constraints: list[Constraint] = []
        self.kropki_pairs: set[tuple[int, int]] = set()
        self.xv_pairs: set[tuple[int, int]] = set()
        self.box: Shape | None = None
        self.pieces: list[int] | None = None
        self.slow = False
        self.digits: tuple[int, ...] | None = None
        #: Pairs of the marks the text describes, by (kind, value): their "all given" negatives.
        self.marks: dict[tuple[str, str], list[tuple[int, int]]] = {}
        #: Fortress cells (by kind), when the text compares them with white (unshaded) neighbours only.
        self.fortress: dict[str, set[Cell]] = {}

    def refuse(self, reason: str) -> None:
        if reason not in self.reasons:
            self.reasons.append(reason)

    def idx(self, cell: Cell) -> int:
        return cell[0] * self.n + cell[1]

    def cells(self, cells: Iterable[Cell]) -> tuple[int, ...]:
        return tuple(self.idx(c) for c in cells)

    def run(self) -> LinkPuzzle:
        p = self.p
        n = self.n
        if p.rows != p.cols:
            raise LinkRefused(f"unsupported: a {p.rows}×{p.cols} grid (sudokit solves square grids)")
        if not 4 <= n <= 16:
            raise LinkRefused(f"unsupported: a {n}×{n} grid (links are read for 4×4 to 16×16)")
        values = self._givens()
        self._regions()
        elements = classify(p)
        kept: list[Element] = []
        for e in elements:
            if isinstance(e, Unsupported):
                self.refuse(e.reason)
            else:
                kept.append(e)
        seen = {e.kind for e in kept}
        reading = _read_text(p.metadata.rules or "", seen, n, digit_sets=p.format == "scl")
        values = self._digits(values, reading.digits)
        self.digits = reading.digits
        self.slow = self._slow_thermometers(reading, kept)
        self._neighbouring_extremes(kept)
        self._branches(kept)
        negative: set[str] = set()
        for e in kept:
            if e.kind == "negative":
                negative |= {w.strip() for w in (e.value or "").split(",") if w.strip()}
                continue
            try:
                self._map(e)
            except (ValueError, SudokuError) as error:
                self.refuse(f"unsupported: {e.kind} at {self._where(e)}: {error}")
        for reason in reading.reasons:
            self.refuse(reason)
        unknown = negative - {"ratio", "difference", "xv"}
        if unknown:
            self.refuse(f"unsupported: negative constraint for {', '.join(sorted(unknown))}")
        dots = tuple(sorted(self.kropki_pairs))
        # With dots drawn, "non-consecutive" is the white dots' negative (the dotted pairs left out).
        beside = bool(dots) and kinds.NonConsecutive() in self.constraints
        if beside:
            self.constraints.remove(kinds.NonConsecutive())
        black = "ratio" in negative or reading.all_dots or "black" in reading.one_colour
        white = "difference" in negative or reading.all_dots or "white" in reading.one_colour or beside
        if black and white:
            self.constraints.append(kinds.AllDotsGiven(dots))
        elif black:  # the pairs with a dot of either colour are left out: a white dot may be 1:2
            self.constraints.append(kinds.AllBlackDotsGiven(dots))
        elif white:
            self.constraints.append(kinds.AllWhiteDotsGiven(dots))
        if "xv" in negative or reading.all_xv:
            self.constraints.append(kinds.AllXVGiven(tuple(sorted(self.xv_pairs))))
        elif reading.letters:  # "all V's are given": no unmarked pair adds up to 5 (X alike, 10)
            one = kinds.AllVGiven if reading.letters == {"v"} else kinds.AllXGiven
            self.constraints.append(one(tuple(sorted(self.xv_pairs))))
        for (kind, value), pairs in self.marks.items():  # "All blue squares are given."
            marked = tuple(sorted(pairs))
            self.constraints.append(
                kinds.AllSumsGiven(marked, tuple(int(t) for t in value.split(","))) if kind == "sum-dot"
                else kinds.AllOddEvenDotsGiven(marked, apart=value == "apart"))
        self.constraints.extend(reading.stated)
        seeing: dict[int, list[int]] = {}
        for e in kept:  # a cell's arrows see the union of their rays
            if e.kind == "parity-count":
                seeing.setdefault(self.idx(e.cells[0]), []).extend(self.cells(e.path))
        for cell, rays in seeing.items():
            self.constraints.append(kinds.ParityCount(cell, tuple(dict.fromkeys(rays))))
        circles = tuple(self.idx(c) for e in kept if e.kind == "counting-circle" for c in e.cells)
        if circles:
            self.constraints.append(kinds.CountingCircles(circles))
        if self.reasons:
            raise LinkRefused("; ".join(self.reasons), reasons=self.reasons)
        try:
            rules = self._rules()
        except SudokuError as error:
            raise LinkRefused(f"unsupported: {error}") from None
        meta = p.metadata
        return LinkPuzzle(tuple(values), rules, meta.solution, meta.title, meta.author, meta.rules,
                          tuple(e for e in kept if e.kind != "negative"))

    def _slow_thermometers(self, reading: _TextReading, kept: Sequence[Element]) -> bool:
        """True when the drawn thermometers are slow ones (the rules text says digits may stay the
        same); what the text and the drawing leave open is refused."""
        thermos = [e for e in kept if e.kind == "thermometer"]
        title = (self.p.metadata.title or "").lower()
        if not thermos:
            return False
        if reading.slow and any(e.certainty == "declared" for e in thermos):
            self.refuse("unsupported: the rules text describes slow thermometers but the puzzle "
                        "declares normal ones")
        elif reading.slow and reading.strict:
            self.refuse("unsupported: the rules text describes both slow and normal thermometers")
        elif not reading.slow and "slow" in title and "thermo" in title:
            self.refuse("unsupported: the title names slow thermometers but the rules text does not")
        return reading.slow

    def _neighbouring_extremes(self, kept: Sequence[Element]) -> None:
        """Refuse two minimum (or two maximum) cells side by side: read literally they contradict
        each other, so the setter's drawing means something else."""
        text = (self.p.metadata.rules or "").lower()
        present = {k for k in ("minimum", "maximum") if any(e.kind == k for e in kept)}
        for kind in ("minimum", "maximum"):
            cells = {c for e in kept if e.kind == kind for c in e.cells}
            if present == {kind} and _FORTRESS[kind].search(text):
                self.fortress[kind] = cells  # compared with white neighbours only: side by side is fine
                continue
            for r, c in sorted(cells):
                if (r, c + 1) in cells or (r + 1, c) in cells:
                    self.refuse(f"unsupported: two {kind} cells side by side (r{r + 1}c{c + 1})")

    def _branches(self, kept: Sequence[Element]) -> None:
        """Refuse a line of a whole-line kind (renban, region sum …) that starts or ends on another
        line of its kind: one branched line (one set, one sum) or two lines is not certain."""
        lines = [e for e in kept if e.kind in _WHOLE_LINE and len(e.cells) > 1]
        for e in lines:
            for other in lines:
                same = set(other.cells) == set(e.cells)  # one line drawn twice (a picture of it)
                if not same and other.kind == e.kind and {e.cells[0], e.cells[-1]} & set(other.cells):
                    self.refuse(f"unsupported: a {e.kind} line branching off another at {self._where(e)}")
                    break

    def _where(self, e: Element) -> str:
        return ", ".join(f"r{r + 1}c{c + 1}" for r, c in e.cells[:4]) or ", ".join(e.source)

    def _givens(self) -> list[int]:
        n = self.n
        values = [0] * (n * n)
        for (r, c), raw in self.p.givens.items():
            if not (0 <= r < n and 0 <= c < n):
                self.refuse(f"unsupported: a given outside the grid at r{r + 1}c{c + 1}")
                continue
            text = str(raw).strip()
            if not (text.isascii() and text.isdigit()) or not 0 <= int(text) <= n:
                self.refuse(f"unsupported: the given {raw!r} at r{r + 1}c{c + 1} (digits are 1-{n})")
                continue
            values[r * n + c] = int(text) + 1  # 1 … N+1 for the digits 0 … N: mapped by _digits
        return values

    def _digits(self, raw: list[int], digits: tuple[int, ...] | None) -> list[int]:
        """The givens as the rules' values: the digit itself for 1 … N, its place in the digit set
        the rules text states (0 … N-1) otherwise; a given outside the set is refused."""
        n, out = self.n, []
        ds = digits if digits is not None else tuple(range(1, n + 1))
        for cell, v in enumerate(raw):
            if v and v - 1 not in ds:
                self.refuse(f"unsupported: the given {v - 1} at r{cell // n + 1}c{cell % n + 1} "
                            f"(digits are {ds[0]}-{ds[-1]})")
            out.append(ds.index(v - 1) + 1 if v and v - 1 in ds else 0)
        return out

    def _regions(self) -> None:
        n = self.n
        drawn = [] if self.p.regions else hidden_regions(self.p) or []  # hidden cages as the regions
        regions = [tuple(sorted(self.cells(region))) for region in (*self.p.regions, *drawn) if region]
        every = sorted(c for region in regions for c in region)
        if not regions:
            self.refuse("unsupported: the puzzle has no boxes or regions")
            return
        if every != list(range(n * n)) or len(regions) != n or any(len(r) != n for r in regions):
            self.refuse(f"unsupported: the regions are not {n} regions of {n} cells covering the grid")
            return
        found = {frozenset(r) for r in regions}
        for h in range(1, n + 1):
            if n % h or h == 1 or h == n:
                continue
            shape = Shape(h, n // h)
            if {frozenset(b) for b in shape.boxes} == found:
                self.box = shape
                return
        pieces = [0] * (n * n)
        for k, region in enumerate(regions):
            for c in region:
                pieces[c] = k
        self.pieces = pieces

    def _rules(self) -> Rules:
        if self.box is not None:
            base = Rules.classic(self.box)
        else:
            assert self.pieces is not None
            base = make_rules("jigsaw", regions=self.pieces, n=self.n)
        return base.with_constraints(self.constraints, self.digits)

    def _number(self, e: Element, what: str) -> int:
        text = (e.value or "").strip()
        if not re.fullmatch(r"-?\d+", text):
            raise ValueError(f"the {what} {e.value!r} is not a whole number")
        return int(text)

    def _pair(self, e: Element) -> tuple[int, int]:
        if len(e.cells) != 2:
            raise ValueError("a mark between two cells needs two cells")
        a, b = self.cells(e.cells)
        (r1, c1), (r2, c2) = e.cells
        if abs(r1 - r2) + abs(c1 - c2) != 1:
            raise ValueError("the two cells are not side by side")
        return (min(a, b), max(a, b))

    def _map(self, e: Element) -> None:
        n, kind, add = self.n, e.kind, self.constraints.append
        line = self.cells(e.cells)
        if kind == "thermometer":
            add(kinds.SlowThermometer(line) if self.slow else kinds.Thermometer(line))
        elif kind == "arrow":
            if not e.path:
                raise ValueError("an arrow without cells")
            add(kinds.Arrow(line, self.cells(e.path)))
        elif kind == "killer":
            total = None if e.value in (None, "") else self._number(e, "cage total")
            add(kinds.KillerCage(line, total))
        elif kind == "little-killer":
            add(kinds.LittleKiller(line, self._number(e, "little killer total")))
        elif kind == "sandwich":
            add(kinds.Sandwich(line, self._number(e, "sandwich clue")))
        elif kind == "x-sum":
            add(kinds.XSum(line, self._number(e, "X-sum clue")))
        elif kind == "skyscraper":
            add(kinds.Skyscraper(line, self._number(e, "skyscraper clue")))
        elif kind in ("german-whispers", "dutch-whispers", "whispers"):
            if e.value not in (None, ""):
                gap = self._number(e, "whisper difference")
                dutch = kind == "dutch-whispers" and gap == 4
                add(kinds.DutchWhisper(line) if dutch else kinds.GermanWhisper(line, gap=gap))
            elif n != 9:
                raise ValueError(f"the difference of whispers on a {n}×{n} grid is not stated")
            elif kind == "dutch-whispers":
                add(kinds.DutchWhisper(line))
            else:
                add(kinds.GermanWhisper(line))
        elif kind == "renban":  # a line drawn through a cell twice: the set of its cells
            add(kinds.Renban(tuple(dict.fromkeys(line))))
        elif kind == "index":
            add(kinds.IndexLine(line))
        elif kind == "killer-range":
            low, high = (int(v) for v in (e.value or "").split(","))
            add(kinds.CageRange(line, low, high))
        elif kind in ("sum-dot", "odd-even-dot"):
            a, b = self._pair(e)
            spec, xv, every = (e.value or "").split(";")
            if xv:
                self.xv_pairs.add((a, b))
            if every:
                self.marks.setdefault((kind, spec), []).append((a, b))
            if kind == "sum-dot":
                add(kinds.SumDot(a, b, tuple(int(t) for t in spec.split(","))))
            else:
                add(kinds.OddEvenDot(a, b, apart=spec == "apart"))
        elif kind == "number-sum":
            add(kinds.NumberSum((line, self.cells(e.path)), self._number(e, "total")))
        elif kind in ("knight-thirds", "smaller-neighbours"):
            each = kinds.KnightThirds if kind == "knight-thirds" else kinds.SmallerNeighbours
            for spot in line:
                add(each(spot))
        elif kind == "equal-halves":
            add(kinds.EqualSum((line[:2], line[2:])))
        elif kind == "parity-count":
            return  # every arrow of a cell together: one constraint, added by run()
        elif kind == "counting-circle":
            return  # every circle together: one constraint, added by run()
        elif kind == "entropic":  # a loop (back at its first cell): the windows go round
            loop = len(line) > 3 and line[0] == line[-1] and len(set(line)) == len(line) - 1
            add(kinds.Entropic(line[:-1], closed=True) if loop else kinds.Entropic(line))
        elif kind in _LINE_ONLY:
            add(_LINE_ONLY[kind](line))
        elif kind == "region-sum":
            boxes = tuple(self.pieces) if self.pieces is not None else tuple(
                self.box.box_of(c) for c in range(n * n)) if self.box is not None else None
            add(kinds.RegionSum(_opened_loop(line, box_map(n, boxes)), boxes))
        elif kind in ("kropki-white", "kropki-black"):
            a, b = self._pair(e)
            self.kropki_pairs.add((a, b))
            value = None if e.value in (None, "") else self._number(e, "dot's value")
            if kind == "kropki-white":
                add(kinds.KropkiWhite(a, b) if value in (None, 1) else kinds.Difference(a, b, value=value))
            else:
                add(kinds.KropkiBlack(a, b) if value in (None, 2) else kinds.Ratio(a, b, value=value))
        elif kind == "xv":
            a, b = self._pair(e)
            self.xv_pairs.add((a, b))
            letter = (e.value or "").strip().upper()
            if letter not in ("X", "V"):
                raise ValueError(f"the XV mark {e.value!r} is neither X nor V")
            add(kinds.XV(a, b, total=10 if letter == "X" else 5))
        elif kind in ("odd", "even", "minimum", "maximum"):
            cls = {"odd": kinds.Odd, "even": kinds.Even, "minimum": kinds.Minimum, "maximum": kinds.Maximum}[
                kind
            ]
            for cell in e.cells:
                fort = self.fortress.get(kind, set())
                near = [(cell[0] + dr, cell[1] + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
                near = [o for o in near if 0 <= o[0] < n and 0 <= o[1] < n]
                if not any(o in fort for o in near):
                    add(cls(self.idx(cell)))
                    continue
                for o in near:  # a white neighbour only: a two-cell thermometer, low to high
                    if o not in fort:
                        pair = (self.idx(o), self.idx(cell))
                        add(kinds.Thermometer(pair if kind == "maximum" else pair[::-1]))
        elif kind == "quadruple":
            if len(line) != 4:
                raise ValueError("a quadruple needs four cells")
            corner = min(line)
            if set(line) != {corner, corner + 1, corner + n, corner + n + 1}:
                raise ValueError("a quadruple's cells are not a 2×2 block")
            digits = tuple(int(v) for v in re.findall(r"-?\d+", e.value or ""))
            add(kinds.Quadruple(corner, digits))
        elif kind == "clone":
            add(kinds.Clone(line, self.cells(e.path)))
        elif kind == "extra-region":
            add(kinds.ExtraRegion(line))
        elif kind == "diagonal":
            add(kinds.Diagonal("down" if e.cells and e.cells[0] == (0, 0) else "up"))
        elif kind == "anti-knight":
            add(kinds.AntiKnight())
        elif kind == "anti-king":
            add(kinds.AntiKing())
        elif kind == "non-consecutive":
            add(kinds.NonConsecutive())
        elif kind == "disjoint-groups":
            if self.box is None:
                raise ValueError("disjoint groups need boxes")
            add(kinds.DisjointGroups((self.box.box_rows, self.box.box_cols)))
        else:
            raise ValueError(f"sudokit has no rule for {kind!r}")
        if self.constraints:
            problem = self.constraints[-1].problem(n)
            if problem:
                self.constraints.pop()
                raise ValueError(problem)
