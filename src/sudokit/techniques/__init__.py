"""Human solving techniques, one module per family, each finding :class:`Step` values.

Glossary (on top of :mod:`sudokit.shape`):

- **finder**: a function ``find(cands: Candidates) -> Iterable[Step]`` that yields every step of
  one technique family in a position, in a fixed order; it never changes ``cands``. A finder
  whose search can run long (the chains) also takes ``deadline=`` (a
  :class:`sudokit.limits.Deadline`, default never) and raises
  :class:`~sudokit.errors.TimeLimitReached` once it passes; its registry entry says
  ``timed=True``, and :meth:`Technique.steps` hands it the caller's deadline. A finder that
  must know which digits were given (avoidable rectangles) also takes ``givens=`` (the
  puzzle's cells, 0 when empty; it finds nothing without them); its entry says ``givens=True``.
- **technique**: a :class:`Technique`, a finder with its name, its Sudoku Explainer (SE)
  difficulty and its HoDoKu score.
- **registry**: the ordered list of techniques :func:`techniques` returns. The order is SE 1.2.1's
  order of "hint producers": SE rates a puzzle by repeatedly taking the *first* step of the
  first producer that has one, applying it, and keeping the largest difficulty seen. So the
  registry order, not the difficulty, decides which step comes next.

The registry (a stable contract; the rating and chain modules rely on it):

==========================  =====  ============================================  ==========
name                        SE     steps it yields (SE difficulty)                module
==========================  =====  ============================================  ==========
Hidden Single               1.0    full house 1.0, hidden single in a box 1.2,    singles
                                   in a row/column 1.5
Direct Pointing             1.7    direct pointing 1.7, direct claiming 1.9       intersections
Direct Hidden Pair          2.0                                                   subsets
Naked Single                2.3                                                   singles
Direct Hidden Triplet       2.5                                                   subsets
Pointing                    2.6    pointing 2.6, claiming 2.8                     intersections
Naked Pair                  3.0                                                   subsets
X-Wing                      3.2                                                   fish
Hidden Pair                 3.4                                                   subsets
Naked Triplet               3.6                                                   subsets
Swordfish                   3.8                                                   fish
Hidden Triplet              4.0                                                   subsets
XY-Wing                     4.2                                                   wings
XYZ-Wing                    4.4                                                   wings
Unique Rectangle            4.5    UR/UL types 1-4, 4.5-5.3 by loop and set size  uniqueness
Naked Quad                  5.0                                                   subsets
Jellyfish                   5.2                                                   fish
Hidden Quad                 5.4                                                   subsets
BUG                         5.6    type 1 5.6, types 2/4 5.7, type 3 5.8-6.2      uniqueness
Aligned Pair Exclusion      6.2                                                   exclusion
Forcing Chain               6.5    bidirectional cycles, forcing X-chains and     chains
                                   forcing chains, with SE's length penalty
Aligned Triplet Exclusion   7.5                                                   exclusion
Nishio Forcing Chain        7.5    + length penalty                               forcing
Multiple Forcing Chain      8.0    + length penalty                               forcing
Dynamic Forcing Chain       8.5    + length penalty                               forcing
==========================  =====  ============================================  ==========

The chain entries are ``optional``: they name finders in the chain helper's modules and are
left out while those are missing. (Dynamic+ and nested chains register themselves.)

HoDoKu's techniques that SE does not use (``se=False``) sit in the same list where a person
would try them; SE-style rating skips them (``techniques(se_only=True)``), explanation uses
them all:

==========================  =====  =======  ==================================  ============
name                        SE≈    HoDoKu   after                               module
==========================  =====  =======  ==================================  ============
Skyscraper                  6.6    130      Hidden Triplet                      singledigit
2-String Kite               6.6    150                                          singledigit
Empty Rectangle             6.6    120                                          singledigit
W-Wing                      6.6    150      XYZ-Wing                            wings
Unique Rectangle type 5     4.5    100      Unique Rectangle                    uniqueness
Unique Rectangle type 6     4.6    100                                          uniqueness
Hidden Rectangle            4.6    100                                          uniqueness
Avoidable Rectangle type 1  4.5    100      Hidden Rectangle                    avoidable
Avoidable Rectangle type 2  4.5    100                                          avoidable
Finned Fish                 6.6    130-260  Hidden Quad (finned/sashimi 2-4)    fish
Simple Colouring            6.6    150                                          singledigit
Multi-Colouring             6.7    200                                          singledigit
Sue de Coq                  7.0    250      Aligned Pair Exclusion              sdc
ALS-XZ                      7.0    300                                          als
ALS-XY-Wing                 7.2    320                                          als
ALS-Chain                   7.5    340      ALS-XY-Wing                         als_chains
Death Blossom               7.7    360                                          als_chains
Franken Fish                6.6    300-350  Death Blossom                       franken
Finned Franken Fish         6.8    390-410                                      franken
AIC                         6.6+   260-300  X-/XY-chains, (grouped) AICs        aic
Template Set                8.0    10000    Dynamic Forcing Chain               templates
Template Delete             8.0    10000                                        templates
Kraken Fish                 8.5    8450     Dynamic Forcing Chain               kraken
==========================  =====  =======  ==================================  ============

Multi-Colouring is HoDoKu's Multi Colors (types 1 and 2); the avoidable rectangles need the
puzzle's givens (``Technique.givens``); ALS-Chain is HoDoKu's ALS-XY-Chain as its solver searches
it; the Franken finders yield HoDoKu's first fish in its search order, named as HoDoKu names
them (a fish without a box is a basic one, a fish with boxes on one side only a Mutant one, 450-470).
Their SE≈ is a chain of about their length: 6.6-6.8 for the colourings and fish, 7.5 and 7.7 for
the ALS chain and the Death Blossom (HoDoKu's solver leaves the Death Blossom out by default).

The templates (HoDoKu's Template Set and Delete, Extreme, off in its default solver) come last;
their SE≈ is that of a multiple forcing chain, which needs about as much look-ahead.
Kraken fish (HoDoKu's Kraken Fish, types 1 and 2, off in its default solver) come after them; a
finned fish completed by forcing chains, SE≈ that of a dynamic forcing chain.

SE has no chain for a deduction that assumes uniqueness, so HoDoKu's rectangles take the SE
difficulty of the nearest unique rectangle: type 5 is SE's type 2 on the same rectangle (4.5),
type 6 and the hidden rectangle add 0.1. HoDoKu scores each 100 and calls them Hard.

HoDoKu has no aligned exclusion: it is scored like ALS-XZ (pair, 300) and an ALS chain
(triplet, 340). Their ``difficulty`` ("SE≈") is the SE difficulty of the chain SE would need for the same
deduction (a skyscraper is SE's 6.6 "Turbot Fish"), so steps still sort sensibly;
:func:`hodoku_score` adds up HoDoKu's per-step scores (``step.extra["hodoku"]`` or the
technique's) and names HoDoKu's level.

Extending: :func:`register` inserts a technique ``before`` or ``after`` a named one (or
replaces the entry of the same name), e.g. ``register(Technique("Dynamic Forcing Chain Plus",
9.0, find_dynamic_plus), after="Dynamic Forcing Chain")``. Modules
``sudokit.techniques.chains``, ``sudokit.techniques.forcing`` and ``sudokit.techniques.nested``
are imported (when present) the first time :func:`techniques` runs, so they can register
themselves on import.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol, cast

from sudokit.candidates import Candidates
from sudokit.errors import OptionError
from sudokit.limits import NEVER, Deadline
from sudokit.techniques.step import Link, Step

__all__ = [
    "Finder",
    "Link",
    "Step",
    "Technique",
    "TimedFinder",
    "family_of",
    "find_steps",
    "first_step",
    "hodoku_score",
    "name_key",
    "register",
    "resolve",
    "technique_named",
    "techniques",
]

#: A technique's finder: every step it sees in a position, in its own fixed order.
Finder = Callable[[Candidates], Iterable[Step]]


class TimedFinder(Protocol):
    """A finder that stops with :class:`~sudokit.errors.TimeLimitReached` at a deadline."""

    def __call__(self, cands: Candidates, *, deadline: Deadline = ...) -> Iterable[Step]:
        """Every step in ``cands``, searched until ``deadline``."""
        ...


@dataclass(frozen=True)
class Technique:
    """One entry of the registry: a finder with its name, SE difficulty and HoDoKu score.

    ``find`` is either the finder itself or ``"module:function"`` (resolved on first use, so the
    registry can name modules before importing them). ``difficulty`` is the SE difficulty of
    the technique's simplest step; each :class:`Step` carries its own. ``timed``: the finder
    takes ``deadline=`` (a :class:`TimedFinder`); ``givens``: the finder takes ``givens=``
    (the puzzle's cells, 0 when empty), and finds nothing when they are unknown.
    """

    name: str
    difficulty: float
    find: Finder | str
    se: bool = True
    hodoku: int | None = None
    optional: bool = False
    timed: bool = False
    givens: bool = False
    _resolved: list[Finder] = field(default_factory=list, compare=False, repr=False)

    def finder(self) -> Finder:
        """The finder function (imported the first time it is asked for)."""
        if not self._resolved:
            target = self.find
            if isinstance(target, str):
                module, _, name = target.partition(":")
                target = getattr(importlib.import_module(module), name)
            assert callable(target)
            self._resolved.append(target)
        return self._resolved[0]

    def available(self) -> bool:
        """True when the finder can be imported (an ``optional`` entry may be missing)."""
        try:
            self.finder()
        except (ImportError, AttributeError):
            if not self.optional:
                raise
            return False
        return True

    def steps(
        self, cands: Candidates, deadline: Deadline = NEVER, givens: Sequence[int] | None = None
    ) -> Iterator[Step]:
        """Every step this technique finds in ``cands`` (a timed finder stops at ``deadline``;
        ``givens``, the puzzle's cells, go to a finder that needs them)."""
        if self.givens:
            yield from cast(Callable[..., Iterable[Step]], self.finder())(cands, givens=givens)
        elif self.timed:
            yield from cast(TimedFinder, self.finder())(cands, deadline=deadline)
        else:
            yield from self.finder()(cands)


_T = "sudokit.techniques."

_REGISTRY: list[Technique] = [
    Technique("Hidden Single", 1.0, _T + "singles:find_hidden_singles", hodoku=14),
    Technique("Direct Pointing", 1.7, _T + "intersections:find_direct_intersections", hodoku=50),
    Technique("Direct Hidden Pair", 2.0, _T + "subsets:find_direct_hidden_pairs", hodoku=70),
    Technique("Naked Single", 2.3, _T + "singles:find_naked_singles", hodoku=4),
    Technique("Direct Hidden Triplet", 2.5, _T + "subsets:find_direct_hidden_triplets", hodoku=100),
    Technique("Pointing", 2.6, _T + "intersections:find_intersections", hodoku=50),
    Technique("Naked Pair", 3.0, _T + "subsets:find_naked_pairs", hodoku=60),
    Technique("X-Wing", 3.2, _T + "fish:find_x_wings", hodoku=140),
    Technique("Hidden Pair", 3.4, _T + "subsets:find_hidden_pairs", hodoku=70),
    Technique("Naked Triplet", 3.6, _T + "subsets:find_naked_triplets", hodoku=80),
    Technique("Swordfish", 3.8, _T + "fish:find_swordfish", hodoku=150),
    Technique("Hidden Triplet", 4.0, _T + "subsets:find_hidden_triplets", hodoku=100),
    Technique("Skyscraper", 6.6, _T + "singledigit:find_skyscrapers", se=False, hodoku=130),
    Technique("2-String Kite", 6.6, _T + "singledigit:find_two_string_kites", se=False, hodoku=150),
    Technique("Empty Rectangle", 6.6, _T + "singledigit:find_empty_rectangles", se=False, hodoku=120),
    Technique("XY-Wing", 4.2, _T + "wings:find_xy_wings", hodoku=160),
    Technique("XYZ-Wing", 4.4, _T + "wings:find_xyz_wings", hodoku=180),
    Technique("W-Wing", 6.6, _T + "wings:find_w_wings", se=False, hodoku=150),
    Technique("Unique Rectangle", 4.5, _T + "uniqueness:find_unique_loops", hodoku=100),
    Technique("Unique Rectangle type 5", 4.5, _T + "uniqueness:find_ur_type5", se=False, hodoku=100),
    Technique("Unique Rectangle type 6", 4.6, _T + "uniqueness:find_ur_type6", se=False, hodoku=100),
    Technique("Hidden Rectangle", 4.6, _T + "uniqueness:find_hidden_rectangles", se=False, hodoku=100),
    Technique(
        "Avoidable Rectangle type 1", 4.5, _T + "avoidable:find_avoidable_rectangles_1", se=False,
        hodoku=100, givens=True,
    ),
    Technique(
        "Avoidable Rectangle type 2", 4.5, _T + "avoidable:find_avoidable_rectangles_2", se=False,
        hodoku=100, givens=True,
    ),
    Technique("Naked Quad", 5.0, _T + "subsets:find_naked_quads", hodoku=120),
    Technique("Jellyfish", 5.2, _T + "fish:find_jellyfish", hodoku=160),
    Technique("Hidden Quad", 5.4, _T + "subsets:find_hidden_quads", hodoku=150),
    Technique("Finned Fish", 6.6, _T + "fish:find_finned_fish", se=False, hodoku=130),
    Technique("Simple Colouring", 6.6, _T + "singledigit:find_simple_colouring", se=False, hodoku=150),
    Technique("Multi-Colouring", 6.7, _T + "singledigit:find_multi_colouring", se=False, hodoku=200),
    Technique("BUG", 5.6, _T + "uniqueness:find_bugs", hodoku=100),
    Technique("Aligned Pair Exclusion", 6.2, _T + "exclusion:find_aligned_pairs", hodoku=300),
    Technique("Sue de Coq", 7.0, _T + "sdc:find_sue_de_coq", se=False, hodoku=250),
    Technique("ALS-XZ", 7.0, _T + "als:find_als_xz", se=False, hodoku=300),
    Technique("ALS-XY-Wing", 7.2, _T + "als:find_als_xy_wings", se=False, hodoku=320),
    Technique("ALS-Chain", 7.5, _T + "als_chains:find_als_chains", se=False, hodoku=340),
    Technique("Death Blossom", 7.7, _T + "als_chains:find_death_blossoms", se=False, hodoku=360),
    Technique("Franken Fish", 6.6, _T + "franken:find_franken_fish", se=False, hodoku=300),
    Technique("Finned Franken Fish", 6.8, _T + "franken:find_finned_franken_fish", se=False, hodoku=390),
    Technique("AIC", 7.0, _T + "aic:find_aics", se=False, hodoku=280),
    Technique(
        "Forcing Chain", 6.5, _T + "chains:find_cycles_and_forcing_chains", hodoku=280, optional=True,
        timed=True,
    ),
    Technique("Aligned Triplet Exclusion", 7.5, _T + "exclusion:find_aligned_triplets", hodoku=340),
    Technique(
        "Nishio Forcing Chain", 7.5, _T + "forcing:find_nishio_forcing_chains", hodoku=500,
        optional=True, timed=True,
    ),
    Technique(
        "Multiple Forcing Chain", 8.0, _T + "forcing:find_multiple_forcing_chains", hodoku=500,
        optional=True, timed=True,
    ),
    Technique(
        "Dynamic Forcing Chain", 8.5, _T + "forcing:find_dynamic_forcing_chains", hodoku=700,
        optional=True, timed=True,
    ),    Technique("Template Set", 8.0, _T + "templates:find_template_sets", se=False, hodoku=10000),
    Technique("Template Delete", 8.0, _T + "templates:find_template_deletes", se=False, hodoku=10000),
    Technique(
        "Kraken Fish", 8.5, _T + "kraken:find_kraken_fish", se=False, hodoku=8450, timed=True,
    ),
]

#: Modules that register more techniques when imported (the chain helper's).
_EXTENSIONS = (_T + "chains", _T + "forcing", _T + "nested")
_loaded: list[bool] = []


def _load_extensions() -> None:
    """Import the optional extension modules once, letting them call :func:`register`."""
    if _loaded:
        return
    _loaded.append(True)
    for module in _EXTENSIONS:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as error:
            if error.name != module:
                raise


def _index(name: str) -> int:
    """The position of the technique called ``name`` in the registry."""
    for i, technique in enumerate(_REGISTRY):
        if technique.name == name:
            return i
    raise KeyError(f"no technique named {name!r}")


def register(technique: Technique, *, before: str | None = None, after: str | None = None) -> None:
    """Add ``technique`` to the registry before or after a named one (at the end when neither).

    Registering a name that is already present replaces that entry in place.
    """
    for i, old in enumerate(_REGISTRY):
        if old.name == technique.name:
            _REGISTRY[i] = technique
            return
    if before is not None:
        _REGISTRY.insert(_index(before), technique)
    elif after is not None:
        _REGISTRY.insert(_index(after) + 1, technique)
    else:
        _REGISTRY.append(technique)


def techniques(*, se_only: bool = False) -> list[Technique]:
    """The registry in order (only the techniques SE 1.2.1 rates with when ``se_only``)."""
    _load_extensions()
    return [t for t in _REGISTRY if (t.se or not se_only) and t.available()]


def technique_named(name: str) -> Technique:
    """The registry entry called ``name``."""
    _load_extensions()
    return _REGISTRY[_index(name)]


def name_key(name: object) -> str:
    """A technique or level name compared loosely: case, spaces, hyphens and brackets ignored
    (``+`` is kept, so ``Dynamic Forcing Chain (+)`` stays apart from ``Dynamic Forcing Chain``)."""
    return "".join(ch for ch in str(name).lower() if ch.isalnum() or ch == "+")


#: Step names (as keys, compared by prefix) and the technique whose finder yields them, for the
#: steps not named after their technique (``Full House`` is a step of ``Hidden Single``).
_STEP_FAMILIES = (
    ("finnedfranken", "Finned Franken Fish"),
    ("finnedmutant", "Finned Franken Fish"),
    ("franken", "Franken Fish"),
    ("mutant", "Franken Fish"),
    ("fullhouse", "Hidden Single"),
    ("directclaiming", "Direct Pointing"),
    ("claiming", "Pointing"),
    ("uniquerectangletype", "Unique Rectangle"),
    ("uniqueloop", "Unique Rectangle"),
    ("bugtype", "BUG"),
    ("bidirectional", "Forcing Chain"),
    ("forcingxchain", "Forcing Chain"),
    ("forcingychain", "Forcing Chain"),
    ("cellforcingchains", "Multiple Forcing Chain"),
    ("regionforcingchains", "Multiple Forcing Chain"),
    ("finned", "Finned Fish"),
    ("sashimi", "Finned Fish"),
    ("xchain", "AIC"),
    ("xychain", "AIC"),
    ("groupedaic", "AIC"),
)


def family_of(step_name: str) -> str | None:
    """The name of the registry technique whose finder yields steps called ``step_name``
    (``"Full House"`` → ``"Hidden Single"``, ``"Dynamic Cell Forcing Chains (+)"`` →
    ``"Dynamic Forcing Chain (+)"``), or None when no technique does; names compare loosely."""
    _load_extensions()
    by_key = {name_key(t.name): t.name for t in _REGISTRY}
    key = name_key(step_name)
    if key in by_key:
        return by_key[key]
    for prefix, family in _STEP_FAMILIES:
        if key.startswith(prefix):
            return family
    if key.startswith("dynamic") and "forcingchain" in key:
        plus = key.find("+")
        return by_key.get("dynamicforcingchain" + (key[plus:] if plus >= 0 else ""))
    return None


def resolve(name: str | Technique, *, se_only: bool = False) -> Technique:
    """The registry technique called ``name``, compared loosely (case, spaces and hyphens
    ignored; a step name such as ``Full House`` gives its technique, ``Hidden Single``).

    Raises :class:`~sudokit.errors.OptionError` listing the valid names when there is none (or,
    with ``se_only``, when it is not one of Sudoku Explainer's techniques).
    """
    if isinstance(name, Technique):
        return name
    chosen = techniques(se_only=se_only)
    family = family_of(name)
    for technique in chosen:
        if technique.name == family:
            return technique
    problem = (f"{name!r} is not one of Sudoku Explainer's techniques (the rater's)"
               if family is not None else f"unknown technique {name!r}")
    raise OptionError(f"{problem} (choose from: {', '.join(t.name for t in chosen)})")


def find_steps(
    cands: Candidates, chosen: Iterable[Technique] | None = None, deadline: Deadline = NEVER,
    givens: Sequence[int] | None = None,
) -> Iterator[Step]:
    """Every step of every technique, technique by technique in registry order, until
    ``deadline`` (``givens``, the puzzle's cells, let the avoidable rectangles look)."""
    for technique in techniques() if chosen is None else chosen:
        deadline.check()
        yield from technique.steps(cands, deadline, givens)


def first_step(
    cands: Candidates, chosen: Iterable[Technique] | None = None, deadline: Deadline = NEVER,
    givens: Sequence[int] | None = None,
) -> Step | None:
    """The first step in registry order (SE's choice of the next step), or ``None``.

    Raises :class:`~sudokit.errors.TimeLimitReached` once ``deadline`` has passed.
    """
    return next(find_steps(cands, chosen, deadline, givens), None)


#: HoDoKu 2.2's difficulty levels and the highest score each allows (its Options defaults;
#: 600/1000/3500/5000 are an older release's, left commented out in 2.2's source).
HODOKU_LEVELS: tuple[tuple[str, int], ...] = (
    ("Easy", 800), ("Medium", 1000), ("Hard", 1600), ("Unfair", 1800), ("Extreme", 2**31 - 1),
)

#: The HoDoKu level of each step name (steps not listed, such as forcing chains, are Extreme).
_HODOKU_LEVEL: dict[str, int] = {
    **dict.fromkeys(("Full House", "Hidden Single", "Naked Single"), 0),
    **dict.fromkeys(
        ("Pointing", "Claiming", "Direct Pointing", "Direct Claiming", "Naked Pair", "Hidden Pair",
         "Naked Triplet", "Hidden Triplet", "Direct Hidden Pair", "Direct Hidden Triplet",
         # the variant techniques' (sudokit.techniques.variants)
         "Locked Candidates", "Cage Combination", "Cage-Region Interaction",
         "Non-Consecutive Exclusion", "Non-Consecutive Pointing"), 1,
    ),
    **dict.fromkeys(
        ("Naked Quad", "Hidden Quad", "X-Wing", "Swordfish", "Jellyfish", "XY-Wing", "XYZ-Wing",
         "W-Wing", "Skyscraper", "2-String Kite", "Empty Rectangle", "Simple Colouring",
         "BUG type 1", "Finned X-Wing", "Sashimi X-Wing", "Unique Rectangle type 5",
         "Unique Rectangle type 6", "Hidden Rectangle", "Innies/Outies", "Multi-Colouring",
         "Avoidable Rectangle type 1", "Avoidable Rectangle type 2"), 2,
    ),
    **dict.fromkeys(
        ("Finned Swordfish", "Sashimi Swordfish", "Finned Jellyfish", "Sashimi Jellyfish",
         "Sue de Coq", "X-Chain", "XY-Chain", "AIC", "Grouped AIC", "ALS-XZ", "ALS-XY-Wing",
         "ALS-Chain", "Death Blossom", "Franken X-Wing", "Franken Swordfish",
         "Franken Jellyfish", "Finned Franken X-Wing", "Finned Franken Swordfish",
         "Finned Franken Jellyfish", "BUG type 2", "BUG type 3", "BUG type 4", "Aligned Pair Exclusion",
         "Aligned Triplet Exclusion"), 3,
    ),
}


def _level_of(step: Step) -> int:
    """The HoDoKu level index of a step (unique rectangles and loops are Hard)."""
    if step.technique.startswith("Unique "):
        return 2
    return _HODOKU_LEVEL.get(step.technique, 4)


def hodoku_score(steps: Iterable[Step]) -> tuple[int, str]:
    """HoDoKu-style score of a solving path and its level.

    The score adds each step's HoDoKu score (``step.extra["hodoku"]``, else its technique's; a
    step with neither counts as a forcing chain, 500). The level, as in HoDoKu, is the hardest
    level of any step, raised while the score is above that level's limit.
    """
    scores = {t.name: t.hodoku for t in techniques()}
    total, level = 0, 0
    for step in steps:
        score = step.extra.get("hodoku")
        if not isinstance(score, int):
            known = scores.get(step.technique)
            score = known if known is not None else 500
        total += score
        level = max(level, _level_of(step))
    while total > HODOKU_LEVELS[level][1]:
        level += 1
    return total, HODOKU_LEVELS[level][0]
