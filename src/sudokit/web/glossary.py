"""What each solving technique means, one plain sentence for a player, shown beside hints and steps.

:data:`GLOSSARY` holds one entry per technique of :func:`sudokit.techniques.techniques` and of the
variant path, plus the step names that are not their technique's name when they read better on
their own (``Full House``, ``Claiming``). :func:`meaning` finds the sentence for any step name
the explain and hint answers carry, through the library's :func:`~sudokit.techniques.family_of`
(``Sashimi Swordfish`` → ``Finned Fish``).
"""

from __future__ import annotations

__all__ = ["GLOSSARY", "meaning"]

_NESTED = ("Like a dynamic forcing chain, but each step of the chain may itself use smaller "
           "forcing chains, so it can look much deeper before reaching a contradiction.")

#: Technique name -> one sentence a player can read while solving.
GLOSSARY: dict[str, str] = {
    # singles
    "Full House": "A row, column or box has only one empty cell left, so it takes the one missing digit.",
    "Hidden Single": "A digit fits in only one cell of some row, column or box, so it goes there.",
    "Naked Single": "A cell has only one candidate left once its row, column and box are checked.",
    # intersections
    "Direct Pointing": "A digit's only places in a box line up in one row or column; removing it from "
                       "the rest of that line at once leaves a single.",
    "Direct Claiming": "A digit's only places in a row or column sit in one box; removing it from the "
                       "rest of that box at once leaves a single.",
    "Pointing": "A digit's only places in a box lie in one row or column, so it can go nowhere else "
                "on that line outside the box.",
    "Claiming": "A digit's only places in a row or column lie in one box, so it can go nowhere else "
                "in that box.",
    "Locked Candidates": "A digit confined to where two regions overlap cannot appear elsewhere in "
                         "either of them.",
    # subsets
    "Direct Hidden Pair": "Two digits fit only in the same two cells of a unit; clearing those cells "
                          "of other digits leaves a single at once.",
    "Direct Hidden Triplet": "Three digits fit only in the same three cells of a unit; clearing those "
                             "cells of other digits leaves a single at once.",
    "Naked Pair": "Two cells of a unit hold only the same two candidates, so those digits leave the "
                  "rest of the unit.",
    "Naked Triplet": "Three cells of a unit hold only three candidates between them, so those digits "
                     "leave the rest of the unit.",
    "Naked Quad": "Four cells of a unit hold only four candidates between them, so those digits leave "
                  "the rest of the unit.",
    "Hidden Pair": "Two digits fit only in the same two cells of a unit, so those cells can hold "
                   "nothing else.",
    "Hidden Triplet": "Three digits fit only in the same three cells of a unit, so those cells can "
                      "hold nothing else.",
    "Hidden Quad": "Four digits fit only in the same four cells of a unit, so those cells can hold "
                   "nothing else.",
    # fish
    "X-Wing": "A digit fits in two rows only in the same two columns (or the other way round), so it "
              "leaves the rest of those columns.",
    "Swordfish": "Like an X-Wing with three rows and three columns: the digit is boxed into three "
                 "columns and leaves the rest of them.",
    "Jellyfish": "Like an X-Wing with four rows and four columns: the digit is boxed into four "
                 "columns and leaves the rest of them.",
    "Finned Fish": "A fish with a few extra cells (the fin) in one box: only cells that also see the "
                   "fin lose the digit.",
    "Franken Fish": "A fish whose rows or columns are mixed with boxes; it removes the digit the same "
                    "way a plain fish does.",
    "Finned Franken Fish": "A fish using boxes as well as lines, with a fin: only cells that see the "
                           "fin lose the digit.",
    "Kraken Fish": "A finned fish whose fins are followed by chains that all end by removing the "
                   "same candidate.",
    # single-digit patterns
    "Skyscraper": "Two rows each with a digit in just two places, sharing one column: one of the two "
                  "free ends must hold it, so cells seeing both lose it.",
    "2-String Kite": "A row and a column each with a digit in just two places, linked through a box: "
                     "a cell seeing both free ends loses the digit.",
    "Empty Rectangle": "A box where a digit's places form an L, joined to a line with the digit in "
                       "two places, removes that digit from one cell.",
    "Simple Colouring": "Follow a digit through places where it must be in one of two cells, "
                        "colouring them in turn; a clash shows which colour is false.",
    "Multi-Colouring": "Two separate colour chains of the same digit that touch each other rule the "
                       "digit out where both would be needed.",
    # wings
    "XY-Wing": "A cell with two candidates sees two others that share one of them each; a cell "
               "seeing both of those loses their common digit.",
    "XYZ-Wing": "Like an XY-Wing where the pivot cell holds all three digits: cells seeing all "
                "three lose the shared digit.",
    "W-Wing": "Two cells with the same two candidates, linked by a digit that must sit at one end of "
              "a line: cells seeing both lose the other digit.",
    # uniqueness
    "Unique Rectangle": "Four cells in two rows, two columns and two boxes cannot be left with the "
                        "same two digits, or the puzzle would have two solutions.",
    "Unique Rectangle type 5": "A unique-rectangle pattern where an extra digit in several corners "
                               "must be true in one of them.",
    "Unique Rectangle type 6": "A unique-rectangle pattern where a digit lies diagonally in the "
                               "corners, ruling out the other diagonal.",
    "Hidden Rectangle": "A unique-rectangle pattern spotted through a digit that is locked in a row "
                        "and a column of the rectangle.",
    "Avoidable Rectangle type 1": "Filled cells (not givens) would make a swappable rectangle with "
                                  "one empty corner, so that corner cannot take the swap digit.",
    "Avoidable Rectangle type 2": "Filled cells (not givens) and two empty corners of a rectangle: "
                                  "one corner must break the pattern with its extra digit.",
    "BUG": "If every empty cell had two candidates the puzzle would not be unique, so the one cell "
           "with three must take the extra digit.",
    # exclusion, sets and chains
    "Aligned Pair Exclusion": "Two cells that see each other cannot take a pair of digits that would "
                              "empty a cell they both see.",
    "Aligned Triplet Exclusion": "Three cells cannot take a combination of digits that would empty a "
                                 "cell they all see.",
    "Sue de Coq": "A box-line intersection split between two small groups of digits lets those "
                  "digits leave the rest of the box and the line.",
    "ALS-XZ": "Two groups of N cells holding N+1 digits, linked by a shared digit, remove another "
              "shared digit from cells that see both groups.",
    "ALS-XY-Wing": "Three almost locked sets linked in a row, like an XY-Wing made of groups of "
                   "cells.",
    "ALS-Chain": "A chain of almost locked sets, each linked to the next by a digit, that removes "
                 "a digit seen by both ends.",
    "Death Blossom": "A cell whose every candidate forces a digit into one of several groups; the "
                     "groups' shared digit is ruled out where all see it.",
    "AIC": "An alternating chain of strong and weak links between candidates: whatever is true, "
           "one end holds, so cells seeing both ends lose the digit.",
    "Forcing Chain": "Assume a candidate true and false in turn and follow the consequences; both "
                     "lead to the same result, so that result is certain.",
    "Nishio Forcing Chain": "Assume a digit goes in a cell and follow the consequences; a "
                            "contradiction shows it cannot.",
    "Multiple Forcing Chain": "Try every candidate of a cell (or every place of a digit in a unit); "
                              "if all of them lead to the same result, it is true.",
    "Dynamic Forcing Chain": "A forcing chain that keeps the whole grid in mind as it goes, so each "
                             "step can use everything already deduced.",
    "Dynamic Forcing Chain (+)": "A dynamic forcing chain that may also use pointing, pairs and "
                                 "X-Wings along the way.",
    "Dynamic Forcing Chain (+ Forcing Chains)": _NESTED,
    "Dynamic Forcing Chain (+ Multiple Forcing Chains)": _NESTED,
    "Dynamic Forcing Chain (+ Dynamic Forcing Chains)": _NESTED,
    "Dynamic Forcing Chain (+ Dynamic Forcing Chains (+ Forcing Chains))": _NESTED,
    "Template Set": "Every way a digit can fill the grid puts it in this cell, so it goes there.",
    "Template Delete": "No way for a digit to fill the whole grid uses this cell, so the digit "
                       "leaves it.",
    # variants
    "Cage Combination": "Only some sets of different digits add up to a cage's sum, which limits "
                        "what its cells can hold.",
    "Cage-Region Interaction": "A cage's digits that must lie inside one row, column or box leave "
                               "the rest of that region.",
    "Innies/Outies": "Whole regions add up to a known total, so the cells sticking in or out of "
                     "the cages covering them have a known sum.",
    "Non-Consecutive Exclusion": "Side-by-side cells may not hold consecutive digits, so a placed "
                                 "digit removes its neighbours from the next cells.",
    "Non-Consecutive Pointing": "Wherever a digit goes in a region, it would rule out a "
                                "consecutive digit in some neighbour, so that neighbour loses it.",
    "Non-Consecutive Cover": "A digit can only go in one cell of a region or beside it; either "
                             "way that cell cannot hold a digit next to it.",
    "Parity": "An odd (or even) cell holds only odd (or even) digits.",
    "Pair Rule": "Two cells joined by a dot, an X/V or a line must hold an allowed pair, so a digit "
                 "with no partner in the other cell goes.",
    "Thermometer Range": "Digits rise along a thermometer, so each cell needs room below it for the "
                         "cells before it and above it for those after it.",
    "Sum Bounds": "A digit that makes a sum's total too large or too small, whatever the other cells "
                  "hold, goes.",
    "Sum Combination": "Only some fillings of a sum's cells make its total, which limits what each "
                       "cell can hold.",
    "Sum-Region Interaction": "Every filling of a sum (a little killer's diagonal, an arrow) puts "
                              "a digit among a few of its cells, so cells seeing all of them lose "
                              "it.",
    "Between Bounds": "A between line's cells lie strictly between the digits of its two ends.",
    "Set Rule": "A renban, entropic, modular line or quadruple allows only some digit patterns, so "
                "digits no pattern can use go.",
    "Clue Placement": "Of all the ways to fill a row or column that meet its outside clue, none puts "
                      "these digits in these cells.",
    "Guess": "No logical step was found here, so the path places a digit by guessing.",
    "Stuck": "None of the techniques sudokit knows can make progress from this position.",
}


def meaning(name: str) -> str | None:
    """The sentence for a step or technique name, or ``None`` when the glossary has none.

    >>> meaning("Sashimi Swordfish") == GLOSSARY["Finned Fish"]
    True
    """
    if name in GLOSSARY:
        return GLOSSARY[name]
    from sudokit.techniques import family_of

    family = family_of(name)
    return GLOSSARY.get(family) if family is not None else None
