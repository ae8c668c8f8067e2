"""The setter's pass over a variant puzzle (#26): a unique, minimal puzzle that the logic solver
cannot finish gets givens where it stalls, then loses every given and laid constraint it no
longer needs.

A generated variant puzzle is unique and minimal, yet uniqueness alone does not make it solvable
by a person: with few givens the variant path of :func:`sudokit.explain` often has to guess. The
pass (:func:`make_logical`), on by default for variant puzzles (``logic=False``,
``--no-logic-check`` switch it off):

1. runs that path (:func:`sudokit.techniques.explain.guessed_cells`: the same steps, in the same
   order) with the techniques of :func:`logic_techniques`; at every stall the path places the
   solution's digit in the cell its guess would be on (an empty cell of the fewest candidates),
   and each such cell becomes a given; the path is run again from the start until it guesses no more;
2. unless ``keep``, visits every given in random order and takes it away when the puzzle stays
   unique and the path still needs no guess: a given whose removal lets the solver's count (a
   short one, :func:`sudokit.generation.constrained.count_within`) find two solutions stays at
   once; otherwise the path decides, and a path with no guess proves the puzzle unique (every
   step is sound), so a count that runs out on a slow kind (9×9 little killers) costs nothing
   more. As in digging, one pass leaves the puzzle minimal for both: a given that could not go
   at its turn cannot go later, for the puzzle only loses givens and the logic only loses footholds;
3. then, likewise, takes away every laid constraint the added givens left needed for neither
   (Killer's cages, which cover the grid, and the last constraint of an asked kind stay): a setter
   leaves no decoration. Without ``keep`` nothing else changes; with it the givens only grow.

The path uses the variant techniques below the forcing chains unless the difficulty target asks
for more (``extreme``, or an ER range reaching the first forcing chain): a person can then solve
the puzzle with sums, pair rules, subsets and wings, and :func:`sudokit.explain` (which tries the
same steps first, the forcing chains last) solves it with no guess.

A difficulty target easier than the puzzle came out is then reached by construction
(:func:`ease`): the solution's digit goes in a cell of the hardest step of the rated path, again
and again, until the level (or ER) is within the target; then, unless ``keep``, every given whose
loss leaves the puzzle unique, solved by logic and within the target goes again.

A target harder than the puzzle came out is climbed to (:func:`harden`, #26) rather than left to
new attempts: a move takes away one given (or one laid constraint of an asked kind, never its
kind's last, or merges two neighbouring Killer cages of at most
:data:`~sudokit.generation.constrained.MERGE_LIMIT` cells together); where the puzzle is then no
longer unique, the solution's digit goes in a cell where two solutions differ (never the cell just
freed) until it is, and the puzzle is minimised again (:func:`~sudokit.generation.dig.drop_givens`).
A move that overshoots (the setter's path now guesses) goes through the setter's pass
(:func:`make_logical`: givens where the path stalls, then minimal), and through :func:`ease` if
it is still rated above the target; after givens were added every asked kind must still be
needed. The move is kept when the rating went up (the target's scale
first, then the other, then the score), is not above the target and, with the setter's pass, the
path still needs no guess; moves not kept are not tried again until one is. At most
:data:`HARDEN_MOVES` moves; the climb stops after the grid's side less two moves in a row not kept
(4 at 6×6, 7 at 9×9: on 6×6 and 9×9 hard puzzles of six and four kinds, the least CPU time of the
patiences tried, 4 to 15, 2026-11-29; a longer climb at 9×9 pays, a fresh 6×6 attempt is cheap).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sudokit.generation.constrained import assemble, count_within, is_needed, merge_pairs, merged
from sudokit.generation.dig import drop_givens
from sudokit.generation.kinds import kind_of, split_names
from sudokit.generation.options import LEVELS, Options
from sudokit.grid import Grid
from sudokit.limits import Deadline, Stop
from sudokit.rules import Cage, Constraint, Rules
from sudokit.techniques import Technique
from sudokit.techniques.explain import guessed_cells
from sudokit.techniques.variants import variant_techniques

__all__ = ["HARDEN_MOVES", "Hardened", "ease", "forcing_from", "harden",
           "logic_techniques", "make_logical", "off_target", "too_easy", "too_hard"]

#: Other random orders :func:`harden` counts with when the count found the puzzle's own solution first.
_RETRIES = 4

#: The most moves :func:`harden` tries on one puzzle.
HARDEN_MOVES = 40


def forcing_from(listed: Sequence[Technique]) -> float:
    """The difficulty of the easiest forcing chain among the variant techniques ``listed``."""
    return min((t.difficulty for t in listed if "Forcing" in t.name), default=float("inf"))


def logic_techniques(opts: Options) -> list[Technique]:
    """The variant techniques the pass solves with: all of them for an ``extreme`` target or an ER
    range reaching the first forcing chain, else those below the forcing chains."""
    listed = variant_techniques()
    top = forcing_from(listed)
    target = opts.difficulty
    if target == "extreme" or (isinstance(target, tuple) and target[1] >= top):
        return listed
    return [t for t in listed if t.difficulty < top]


def make_logical(opts: Options, rules: Rules, puzzle: list[int], solution: Sequence[int],
                 rng: random.Random, engine: str, deadline: Deadline,
                 stop: Stop | None = None) -> Rules:
    """Give ``puzzle`` (changed in place) the givens the logic needs and none it does not, and
    take away the laid constraints it then needs for neither (see the module text); the rules
    kept (``rules`` itself when the logic solved the puzzle as it was)."""
    use = logic_techniques(opts)
    answer = Grid.trusted(tuple(solution), opts.shape, rules)
    added = 0
    while True:
        _check(deadline, stop)
        stalls = guessed_cells(_grid(opts, rules, puzzle), answer, use, deadline)
        if not stalls:
            break
        for cell in stalls:
            puzzle[cell] = solution[cell]
        added += len(stalls)
    if not added or opts.keep:
        return rules

    def needed(trial: Rules) -> bool:
        """Two solutions (counted briefly), or else a guess on the path: a path with no guess
        proves the puzzle unique (every step is sound), so an unfinished count costs no more."""
        _check(deadline, stop)
        return (count_within(trial, puzzle, engine, deadline)[0] == 2
                or bool(guessed_cells(_grid(opts, trial, puzzle), answer, use, deadline, first=True)))

    drop_givens(puzzle, rng, deadline, lambda: needed(rules))
    laid = split_names(opts.variant)[1]
    items: list[Cage | Constraint] = [*rules.cages, *rules.constraints]
    for item in rng.sample(items, len(items)):
        kind = kind_of(item) if isinstance(item, Constraint) else None
        if kind not in laid or sum(1 for i in items if isinstance(i, Constraint) and kind_of(i) == kind) < 2:
            continue  # cages stay (they cover the grid), as does a kind's last constraint
        trial = [i for i in items if i is not item]
        smaller = assemble(rules, trial)
        if not needed(smaller):
            items, rules = trial, smaller
    return rules


def off_target(opts: Options, rating: Any) -> int:
    """Where a rated puzzle stands against the difficulty target of ``opts``: 1 harder (a level
    above the named one, or an ER above the range), -1 easier, 0 within it (or not rated, or no
    target)."""
    if getattr(rating, "status", None) != "rated":
        return 0
    target = opts.difficulty
    if isinstance(target, tuple):
        if rating.er is None:
            return 0
        er = float(rating.er)
        return 1 if er > target[1] else -1 if er < target[0] else 0
    if isinstance(target, str) and target in LEVELS and rating.level in LEVELS:
        step = LEVELS.index(rating.level) - LEVELS.index(target)
        return (step > 0) - (step < 0)
    return 0


def too_hard(opts: Options, rating: Any) -> bool:
    """True when a rated puzzle is harder than the difficulty target of ``opts``."""
    return off_target(opts, rating) > 0


def too_easy(opts: Options, rating: Any) -> bool:
    """True when a rated puzzle is easier than the difficulty target of ``opts``."""
    return off_target(opts, rating) < 0
    target = opts.difficulty
    if isinstance(target, tuple):
        return rating.er is not None and float(rating.er) < target[0]
    if isinstance(target, str) and target in LEVELS and rating.level in LEVELS:
        return LEVELS.index(rating.level) < LEVELS.index(target)
    return False


def ease(opts: Options, rules: Rules, puzzle: list[int], solution: Sequence[int], rng: random.Random,
         rate: Callable[[Grid], Any], rating: Any, engine: str, deadline: Deadline,
         stop: Stop | None = None) -> Any:
    """Bring ``puzzle`` (changed in place), rated ``rating`` by ``rate`` (with its steps) and
    harder than the target, within the target: the solution's digit in a cell of the first
    hardest step of the path until it is, then (unless ``keep``) every given taken away whose
    loss leaves it unique (a short count by ``engine`` first), rated and not too hard; the last
    rating."""
    while too_hard(opts, rating) and rating.steps:
        _check(deadline, stop)
        top = max(step.difficulty for step in rating.steps)
        step = next(s for s in rating.steps if s.difficulty == top)
        cells = {c for c, _ in step.placements} or {c for c, _ in step.eliminations} or set(step.cells)
        empty = sorted(c for c in cells if not puzzle[c])
        if not empty:
            return rating
        cell = rng.choice(empty)
        puzzle[cell] = solution[cell]
        rating = rate(_grid(opts, rules, puzzle))
    if too_hard(opts, rating) or getattr(rating, "status", None) != "rated" or opts.keep:
        return rating
    kept = [rating]

    def refused() -> bool:
        """True when the puzzle without the given just taken is not unique, not rated or too hard
        (a short count by ``engine`` first); else its rating is the one kept."""
        _check(deadline, stop)
        if count_within(rules, puzzle, engine, deadline)[0] == 2:
            return True
        trial = rate(_grid(opts, rules, puzzle))
        if getattr(trial, "status", None) != "rated" or too_hard(opts, trial):
            return True
        kept[0] = trial
        return False

    drop_givens(puzzle, rng, deadline, refused)
    return kept[0]


@dataclass(frozen=True)
class Hardened:
    """What :func:`harden` left: the rules, the last rating, the moves it kept and those it tried."""

    rules: Rules
    rating: Any
    kept: int
    tried: int


def harden(opts: Options, rules: Rules, puzzle: list[int], solution: Sequence[int], rng: random.Random,
           rate: Callable[[Grid], Any], rating: Any, engine: str, deadline: Deadline,
           stop: Stop | None = None, max_givens: int | None = None, moves: int = HARDEN_MOVES,
           patience: int | None = None) -> Hardened:
    """Bring ``puzzle`` (changed in place), rated ``rating`` by ``rate`` and easier than the
    target, nearer to it by moves (see the module text), each kept only when the puzzle stays
    unique, rated higher and not too hard, solved by logic with the setter's pass and has at most
    ``max_givens`` givens; at most ``moves`` moves, ``patience`` (the grid's side less two when
    None) in a row not kept."""
    laid = split_names(opts.variant)[1]
    items: list[Cage | Constraint] = [*rules.cages, *rules.constraints]
    failed: set[tuple[Any, ...]] = set()
    kept = tried = misses = 0
    limit = rules.n - 2 if patience is None else patience
    while too_easy(opts, rating) and tried < moves and misses < limit:
        _check(deadline, stop)
        choices = [m for m in _moves(puzzle, items, solution, laid, rules.n) if m[:2] not in failed]
        if not choices:
            break
        tried += 1
        move = rng.choice(choices)
        trial_puzzle, trial_items, freed = list(puzzle), list(items), None
        if move[0] == "given":
            freed = move[1]
            trial_puzzle[freed] = 0
        elif move[0] == "drop":
            trial_items = [i for i in items if i is not move[2]]
        else:
            trial_items = merged(items, move[2], move[3])
        trial_rules = assemble(rules, trial_items)
        climbed = _climbed(opts, trial_rules, trial_puzzle, solution, freed, laid, rng, rate, rating, engine,
                           deadline, stop, max_givens)
        if climbed is None:
            failed.add(move[:2])
            misses += 1
            continue
        puzzle[:] = trial_puzzle
        rules, rating = climbed
        items = [*rules.cages, *rules.constraints]
        failed.clear()
        kept += 1
        misses = 0
    return Hardened(rules, rating, kept, tried)


def _moves(puzzle: Sequence[int], items: Sequence[Cage | Constraint], solution: Sequence[int],
           laid: Sequence[str], n: int) -> list[tuple[Any, ...]]:
    """The moves of :func:`harden`: a given away, a laid constraint of an asked kind away (not its
    kind's last), or two neighbouring Killer cages merged; each ``(name, key, *objects)``."""
    out: list[tuple[Any, ...]] = [("given", c) for c, v in enumerate(puzzle) if v]
    constraints = [i for i in items if isinstance(i, Constraint)]
    for index, item in enumerate(constraints):
        kind = kind_of(item)
        if kind in laid and sum(1 for i in constraints if kind_of(i) == kind) > 1:
            out.append(("drop", index, item))
    if "killer" in laid:
        out += [("merge", frozenset(a.cells + b.cells), a, b) for a, b in merge_pairs(items, solution, n)]
    return out


def _climbed(opts: Options, rules: Rules, puzzle: list[int], solution: Sequence[int], freed: int | None,
             laid: Sequence[str], rng: random.Random, rate: Callable[[Grid], Any], rating: Any, engine: str,
             deadline: Deadline, stop: Stop | None, max_givens: int | None) -> tuple[Rules, Any] | None:
    """The rules and rating of the puzzle after one move of :func:`harden` (``puzzle`` changed in place:
    uniqueness restored by givens, then re-minimised), or None when the move is not kept."""
    size = len(puzzle)
    cap = size if max_givens is None else max_givens
    added = retries = 0
    while True:
        _check(deadline, stop)
        count, first = count_within(rules, puzzle, engine, deadline, rng.getrandbits(63) | 1)
        if count == 1:
            break
        if count != 2 or first is None or sum(1 for v in puzzle if v) >= cap:
            return None
        differ = [c for c in range(size) if not puzzle[c] and c != freed and first[c] != solution[c]]
        if not differ:  # the count found our solution first: other random orders
            retries += 1
            if retries > _RETRIES:
                return None
            continue
        cell = rng.choice(differ)
        puzzle[cell] = solution[cell]
        added += 1
    use = logic_techniques(opts)
    answer = Grid.trusted(tuple(solution), opts.shape, rules)

    def guesses() -> bool:
        """True when the setter's pass is on and its path guesses on the puzzle as it is."""
        grid = _grid(opts, rules, puzzle)
        return opts.logic and bool(guessed_cells(grid, answer, use, deadline, first=True))

    grown = added > 0
    if guesses():  # overshot: the setter's pass adds givens where the path stalls, then minimises
        rules = make_logical(opts, rules, puzzle, solution, rng, engine, deadline, stop)
        grown = True
    elif added:  # givens added may leave others spare

        def needed() -> bool:
            """Two solutions (counted briefly), an unfinished count, or a guess on the path."""
            _check(deadline, stop)
            count = count_within(rules, puzzle, engine, deadline)[0]
            return count == 2 or (count != 1 and not opts.logic) or guesses()

        drop_givens(puzzle, rng, deadline, needed)
    if sum(1 for v in puzzle if v) > cap:
        return None
    trial = rate(_grid(opts, rules, puzzle))
    if too_hard(opts, trial) and trial.steps and sum(1 for v in puzzle if v) < cap:  # still over: ease
        trial = ease(opts, rules, puzzle, solution, rng, rate, trial, engine, deadline, stop)
        grown = True
    if (getattr(trial, "status", None) != "rated" or too_hard(opts, trial)
            or sum(1 for v in puzzle if v) > cap or _height(opts, trial) <= _height(opts, rating)
            or guesses()):
        return None
    items: list[Cage | Constraint] = [*rules.cages, *rules.constraints]
    if grown and not all(is_needed(rules, items, puzzle, kind, engine, deadline) for kind in laid):
        return None  # givens added can leave an asked kind unneeded
    return rules, trial


def _height(opts: Options, rating: Any) -> tuple[float, float, float]:
    """How hard a rating is, on the target's scale first (ER for a range, else the level), then
    the other, then the score."""
    level = float(LEVELS.index(rating.level)) if rating.level in LEVELS else -1.0
    er = float(rating.er or 0.0)
    score = float(rating.score or 0)
    return (er, level, score) if isinstance(opts.difficulty, tuple) else (level, er, score)


def _grid(opts: Options, rules: Rules, puzzle: Sequence[int]) -> Grid:
    """The puzzle as a grid with its rules."""
    return Grid.trusted(tuple(puzzle), opts.shape, rules)


def _check(deadline: Deadline, stop: Stop | None) -> None:
    """Raise when the time is up or the run was stopped."""
    deadline.check()
    if stop is not None:
        stop.check()

