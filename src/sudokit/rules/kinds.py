"""The constraint kinds people publish, as data, each compiled to a few primitives.

Cells are indexes ``row * N + col`` (0-based); a line is a tuple of cells in order. Digits are
the rules' digit set (``1 … N`` unless :attr:`sudokit.rules.Rules.digits` says otherwise).

===================  =====================================================  =========================
kind                 rule                                                   compiles to
===================  =====================================================  =========================
``thermo``           digits increase from the bulb (the first cell)          Ordered(strict)
``slowthermo``       digits never decrease from the bulb                     Ordered
``arrow``            the circle (1 cell, or a pill read as a number) equals  Sum (weights 10ᵏ…, -1…)
                     the sum of the arrow's cells (repeats allowed)
``cage``             different digits adding up to the total (if given)      AllDifferent + Sum
``littlekiller``     the diagonal's digits add up to the total               Sum
``sandwich``         digits between the smallest and largest digit add up    Automaton
``xsum``             the first X digits add up to the clue, X the first      Automaton
``skyscraper``       that many digits seen from the clue (taller hide lower) Automaton
``white``            the two digits are consecutive                          PairTable
``black``            one digit is twice the other                            PairTable
``nokropki``         no dot: neither consecutive nor 1:2 (all dots given)    PairTable per pair
``noblack``          no dot: not 1:2 (all black dots given)                  PairTable per pair
``nowhite``          no dot: not consecutive (all white dots given)          PairTable per pair
``xv``               the two digits add up to 10 (X) or 5 (V)                PairTable
``noxv``             no X or V: the sum is neither 5 nor 10 (all given)      PairTable per pair
``germanwhisper``    neighbours on the line differ by at least ``gap`` (5)   PairTable
``dutchwhisper``     neighbours on the line differ by at least 4             PairTable
``renban``           different digits forming a run, in any order            AllDifferent + SetRule
``palindrome``       the line reads the same both ways                       PairTable (equal)
``between``          cells strictly between the two ends' digits             Table (end, cell, end)
``regionsum``        each box's segment of the line has the same sum         Sum (segment differences)
``equalsum``         the given segments have the same sum                    Sum (segment differences)
``entropic``         every 3 consecutive: one low, one middle, one high      SetRule per window
``modular``          every 3 consecutive: different residues mod 3           SetRule per window
``zipper``           cells equidistant from the centre add up to the centre  Sum per pair
``odd`` / ``even``   the cell's digit is odd / even                          SetRule
``minimum``          smaller than each orthogonal neighbour                  PairTable per neighbour
``maximum``          greater than each orthogonal neighbour                  PairTable per neighbour
``quadruple``        the digits appear in the 2×2 at a corner                SetRule
``clone``            two same-shaped groups hold the same digits             PairTable (equal)
``extraregion``      the cells differ                                        AllDifferent
``diagonal``         a long diagonal holds different digits                  AllDifferent
``antiknight``       cells a knight's move apart differ                      PairTable per pair
``antiking``         cells a king's move apart differ                        PairTable per pair
``nonconsecutive``   orthogonal neighbours are not consecutive               PairTable per pair
``disjointgroups``   cells at the same place in each box differ              AllDifferent
``difference``       the two digits differ by ``value``                      PairTable
``ratio``            one digit is ``value`` times the other                  PairTable
``nov`` / ``nox``    no V (X): the sum is not 5 (10); all V (X) marks given  PairTable per pair
``fibonacci``        increasing from one end, each the sum of the two before Table (both ways)
``differencecount``  a pair's difference is how many pairs have it           PairTable + Automaton
``countingcircles``  a circled digit is how many circles hold that digit     Automaton per digit
``mixedparity``      no 3 in a row of a row/column all odd or all even       SetRule per window
``knightthirds``     the same third (1-3, 4-6, 7-9) as each knight's move    PairTable per move
``indexline``        the Nth cell's digit is where the digit N is on it      PairTable per two cells
``smallerneighbours`` how many of the 8 around hold a smaller digit (sun)    Automaton
``numbersum``        the numbers the groups spell add up to the total        Sum (weights 10ᵏ)
``cagerange``        different digits, the sum between ``low`` and ``high``  AllDifferent + Automaton
``sumdot``           the two digits add up to one of ``totals``              PairTable
``paritycount``      how many seen cells hold a digit of its parity          Automaton
``oddevendot``       one odd, one even (``apart``: and not consecutive)      PairTable
``nosums``           no mark: the sum is none of ``totals`` (all given)      PairTable per pair
``nooddevendot``     no dot: not one odd and one even (all given)            PairTable per pair
===================  =====================================================  =========================

>>> Thermometer((0, 1, 2)).compile(4)
[Ordered(cells=(0, 1, 2), strict=True)]
>>> Thermometer((0, 1, 2)).broken([3, 2, 0, 0] + [0] * 12)
['thermo at r1c1, r1c2, r1c3: r1c2=2 does not fit the order of the cells before it']
"""

from __future__ import annotations

from sudokit.rules import cells, classic, counting, lines
from sudokit.rules.cells import *  # noqa: F403  (each family's __all__ is its list of kinds)
from sudokit.rules.classic import *  # noqa: F403
from sudokit.rules.counting import *  # noqa: F403
from sudokit.rules.geometry import orthogonal_pairs
from sudokit.rules.lines import *  # noqa: F403

__all__ = ["orthogonal_pairs"]
__all__ += cells.__all__
__all__ += classic.__all__
__all__ += counting.__all__
__all__ += lines.__all__
