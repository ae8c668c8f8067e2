"""Line kinds and marks that a rules text describes rather than names (#25): "adjacent digits on a
green line differ by at least 5" (German whispers), "a set of consecutive digits in any order"
(renban), box borders cutting a line into segments of one sum (region sums), "the yellow circles
contain odd digits" (parity marks of a colour). Each description must name the drawing's colour.
"""

from __future__ import annotations

import re

__all__ = ["LINE_KINDS", "colour_words", "coloured_parity", "described", "describes", "doubled", "has",
           "names_a_line_kind", "qualified"]


def has(rules: str, *words: str) -> str | None:
    """The first of ``words`` the (lower-cased) rules text contains."""
    for w in words:
        if w in rules:
            return w
    return None


#: Line conventions by colour family: (kind, rules keywords that confirm it; the first names it).
LINE_KINDS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "purple": [("renban", ("renban",)), ("zipper", ("zipper",))],
    "green": [("german-whispers", ("german whisper", "whisper"))],
    "orange": [("dutch-whispers", ("dutch whisper",)), ("entropic", ("entropic",))],
    "grey": [("palindrome", ("palindrome",)), ("zipper", ("zipper",))],
    "blue": [("region-sum", ("region sum",)), ("fibonacci", ("fibonacci",))],
    "pink": [("entropic", ("entropic",)), ("renban", ("renban",))],
    # light blue: region sums where the text says so (a line's sum the same in each box)
    "cyan": [("region-sum", ("region sum",)), ("fibonacci", ("fibonacci",)), ("index", ("index line",))],
}
#: How a sentence names a line kind (each family once: "dutch whispers" is one whisper kind).
_LINE_NAMES = ("whisper", "renban", "palindrom", "zipper", "entropic", "region sum", "region-sum", "thermo",
               "between", "modular", "arrow", "lockout", "parity line", "nabner", "fibonacci", "index line")
#: The words a rules text uses for a line's colour family (a drawn pink line is often called
#: purple, a light blue one blue).
_LINE_COLOURS: dict[str, tuple[str, ...]] = {
    "green": ("green",), "orange": ("orange", "peach"), "grey": ("grey", "gray"), "blue": ("blue",),
    "purple": ("purple", "violet", "lavender", "pink"), "pink": ("pink", "purple", "magenta"),
    "cyan": ("blue", "light blue", "cyan", "turquoise", "teal"),
}
#: Line kinds described rather than named, by a sentence naming the line's colour ({c}): German
#: whispers (adjacent digits differ by at least 5), renban (a set of consecutive digits in any
#: order), region sums (box borders cut the line into segments of one sum, said in another sentence).
_DESCRIBED: dict[str, tuple[str, ...]] = {
    "german-whispers": (
        r"\badjacent digits (on|along) [^.;]*\b{c} lines?\b[^.;]*\b(must )?(differ by|have a difference "
        r"of) (at least (5|five)|(5|five) or more)\b",),
    "renban": (
        r"\b{c} lines?\b[^.;]*\b(a set of|form|are)\b[^.;]*(?<!non-)(?<!non )\bconsecutive\b[^.;]*"
        r"\bin (any|some) order\b",),
    "region-sum": (
        r"\bbox borders (separate|divide|split|cut) [^.;]*\b{c} lines?\b[^.;]* into segments\b",
        r"\bsegments?\b[^.;]*\b(sum|add up|add) to the same (sum|total|value)\b"),
}
#: Sentences that restate how sudokit reads a kind already drawn: a region-sum line's segments are
#: summed on their own even in one box; an odd zipper line's pairs add up to its centre digit.
_RESTATED: dict[str, re.Pattern[str]] = {
    "region-sum": re.compile(r"^\W*(different|separate) segments in the same (box|region) "
                             r"(are summed|sum|add up) (individually|separately|on their own)\W*$"),
    "zipper": re.compile(r"^\W*for odd[- ]length (zipper )?lines,? the (total|sum) is the digit "
                         r"(placed |written )?(in|on|at) the line'?s (\(circled\) |circled )?(centre|center)"
                         r"( cell)?\W*$"),
}


def described(kind: str, hue: str | None, rules: str) -> bool:
    """Whether the rules text describes ``kind`` for lines of the colour family ``hue`` (every
    pattern of the kind found, the first naming the colour)."""
    patterns = _DESCRIBED.get(kind)
    if not patterns or hue not in _LINE_COLOURS:
        return False
    colour = "(" + "|".join(_LINE_COLOURS[hue]) + ")"
    return all(re.search(p.replace("{c}", colour), rules) for p in patterns)


def coloured_parity(rules: str, hue: str | None, rounded: bool) -> str | None:
    """The parity the rules text gives the circles (``rounded``) or squares of a colour ("The
    yellow circles contain odd digits"); None unless it gives exactly one."""
    if hue in (None, "white", "black", "grey"):
        return None
    shape = "circles?" if rounded else "squares?"
    said = {m.group(1) for m in re.finditer(
        rf"\b{hue} {shape} (?:must contain|must be|contain|are|hold|have) (?:an? |only )?(odd|even)\b"
        rf"(?: digits?| numbers?)?", rules)}
    return said.pop() if len(said) == 1 else None


def describes(kind: str, sentence: str) -> bool:
    """Whether a (lower-case) sentence of the rules text is one of the descriptions of ``kind``."""
    restated = _RESTATED.get(kind)
    if restated is not None and restated.search(sentence):
        return True
    colour = "(" + "|".join(sorted({w for ws in _LINE_COLOURS.values() for w in ws})) + ")"
    return any(re.search(p.replace("{c}", colour), sentence) for p in _DESCRIBED.get(kind, ()))


def doubled(rules: str, hue: str | None) -> bool:
    """Whether a sentence naming lines of the colour family ``hue`` names two line kinds ("Green
    lines are both German whispers and palindromes"): reading one of them would drop a rule."""
    words = _LINE_COLOURS.get(hue or "", ())
    for sentence in re.split(r"[.;!?\n]+", rules):
        named = sum(name in sentence for name in _LINE_NAMES)
        if named > 1 and " line" in sentence and any(re.search(rf"\b{w}\b", sentence) for w in words):
            return True
    return False


def qualified(rules: str, hue: str | None, kinds: list[tuple[str, tuple[str, ...]]]) -> str | None:
    """Of several line kinds a text names for one colour family, the one its sentences give this
    line's colour ("purple renban lines" beside "a peach entropic line"), when every other is
    given another colour or is never said of a line; None when that is not certain."""
    mine, elsewhere = [], 0
    for kind, names in kinds:
        said = [s for s in re.split(r"[.;!?\n]+", rules) if has(s, *names)]
        colours = {h for s in said for h, ws in _LINE_COLOURS.items()
                   if any(re.search(rf"\b{w}\b", s) for w in ws)}
        if hue in colours:
            mine.append(kind)
        elif colours or not any(re.search(r"\blines?\b", s) for s in said):
            elsewhere += 1
    return mine[0] if len(mine) == 1 and elsewhere == len(kinds) - 1 else None


def colour_words(hue: str | None) -> tuple[str, ...]:
    """The words a rules text uses for a colour family (a light blue mark is often called blue)."""
    return _LINE_COLOURS.get(hue or "", (hue,) if hue else ())


def names_a_line_kind(rules: str) -> bool:
    """Whether the (lower-case) rules text names any line kind (thermometers, whispers, renban …;
    "between" only as "between line", since "the difference between two digits" names none)."""
    return any(name in rules for name in _LINE_NAMES if name != "between") or "between line" in rules
