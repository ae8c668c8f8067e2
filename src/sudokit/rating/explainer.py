"""Rate a puzzle as Sudoku Explainer does (ER, EP, ED), with a HoDoKu-style level and score.

Sudoku Explainer (SE) 1.2.1 rates a puzzle by solving it the way it thinks a person would:

1. Try the techniques in a fixed order (the registry, :func:`sudokit.techniques.techniques`
   with ``se_only=True``) and take the **first** step of the first technique that has one —
   the order, not the difficulty, picks the step (chain techniques sort their own steps,
   easiest first).
2. Apply it (eliminations, and its placement if it names one) and repeat until solved.

- **ER** (rating) is the largest difficulty of the steps taken;
- **EP** (pearl) is the largest difficulty up to and including the first step that places a
  digit;
- **ED** (diamond) is the difficulty of the first step.

Difficulties are printed as SE prints them: ``floor((d + 0.05) · 10) / 10``.
A puzzle without exactly one solution is reported as such and not rated; one that the
techniques cannot finish is ``unsolved`` (SE prints 20.0 for it); one that runs out of time is
``limit_reached`` (the words are :class:`sudokit.Status`'s).

>>> r = rate(Grid.from_string(
...     "...456..9..6.......891..45.2.........7..9.....35......397...5.......4.72.....5361"))
>>> r.status, r.er, r.ep, r.ed
(Status.RATED, 2.0, 1.2, 1.2)
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from sudokit.candidates import Candidates
from sudokit.engine import backend
from sudokit.engine.executor import Executor
from sudokit.engine.solver import search
from sudokit.errors import StepError, SudokuError, TimeLimitReached
from sudokit.grid import Grid, PuzzleLike, as_grid, find_duplicate
from sudokit.limits import Deadline, Stop, check_time_limit
from sudokit.status import Status
from sudokit.techniques import Step, Technique, first_step, hodoku_score, techniques
from sudokit.techniques.variants import RulesPosition, resolve_variant, variant_techniques

__all__ = [
    "INVALID",
    "LIMIT",
    "MULTIPLE",
    "NO_SOLUTION",
    "RATED",
    "UNSOLVED",
    "Rated",
    "Rating",
    "StepError",
    "rate",
    "rate_many",
    "rate_until",
    "rate_variant",
    "rating_columns",
    "se_round",
    "variant_level",
]

# The statuses of a rating (typed ``str``: a Status is one, and compares equal to its word).
RATED: str = Status.RATED
NO_SOLUTION: str = Status.NO_SOLUTION
MULTIPLE: str = Status.MULTIPLE
INVALID: str = Status.INVALID
UNSOLVED: str = Status.UNSOLVED
#: Stopped by the time limit (the word ``limit_reached``).
LIMIT: str = Status.LIMIT_REACHED


def se_round(difficulty: float) -> float:
    """A difficulty as SE prints it: truncated to tenths after adding 0.05."""
    return math.floor((difficulty + 0.05) * 10) / 10


class Rated(Protocol):
    """What carries a rating's numbers: a :class:`Rating`, or a puzzle bank's entry."""

    @property
    def er(self) -> float | None: ...
    @property
    def ep(self) -> float | None: ...
    @property
    def ed(self) -> float | None: ...
    @property
    def level(self) -> str | None: ...
    @property
    def score(self) -> int | None: ...
    @property
    def hardest(self) -> tuple[str, ...]: ...
    @property
    def techniques(self) -> dict[str, int]: ...


def rating_columns(rated: Rated) -> dict[str, Any]:
    """A rating's numbers as JSON-ready values, in the column order every writer uses.

    >>> rating_columns(Rating("rated", er=2.3, ep=1.2, ed=1.2, level="easy", score=40))
    {'er': 2.3, 'ep': 1.2, 'ed': 1.2, 'level': 'easy', 'score': 40, 'hardest': [], 'techniques': {}}
    """
    return {
        "er": rated.er,
        "ep": rated.ep,
        "ed": rated.ed,
        "level": rated.level,
        "score": rated.score,
        "hardest": list(rated.hardest),
        "techniques": dict(rated.techniques),
    }


@dataclass
class Rating:
    """The rating of one puzzle.

    ``er``/``ep``/``ed`` are SE's ratings (``None`` when not rated), ``level``/``score`` the
    HoDoKu-style level and score of the same solving path, ``hardest`` the techniques that
    reached ER, ``techniques`` how many steps each technique took, ``steps`` the path itself
    (kept only when asked), ``seconds`` the time spent, ``status`` one of ``rated``,
    ``no_solution``, ``multiple``, ``invalid``, ``unsolved``, ``limit_reached``
    (:class:`sudokit.Status`) and ``error`` why it was not rated (``None`` when it was).
    """

    status: str
    er: float | None = None
    ep: float | None = None
    ed: float | None = None
    level: str | None = None
    score: int | None = None
    hardest: tuple[str, ...] = ()
    techniques: dict[str, int] = field(default_factory=dict)
    step_count: int = 0
    seconds: float = 0.0
    error: str | None = None
    steps: tuple[Step, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The rating as JSON-ready values (without the steps); ``error`` is null when rated."""
        return {
            "status": str(self.status),
            **rating_columns(self),
            "steps": self.step_count,
            "seconds": round(self.seconds, 3),
            "error": self.error or None,
        }


def _check_step(step: Step, solution: Sequence[int], cands: Candidates) -> None:
    """Raise :class:`StepError` when the step places a wrong digit or removes a right one."""
    for cell, digit in step.placements:
        if solution[cell] != digit:
            raise StepError(f"{step.technique} places {digit} in {cands.shape.cell_name(cell)}, "
                            f"the solution has {solution[cell]}")
    for cell, digit in step.eliminations:
        if solution[cell] == digit:
            raise StepError(f"{step.technique} removes {digit} from {cands.shape.cell_name(cell)}, "
                            "the solution's digit")
    if not step.placements and not any(cands.has(c, d) for c, d in step.eliminations):
        raise StepError(f"{step.technique} changes nothing")


#: What finds a technique's first step in a position (``None`` when it has none).
FirstStep = Callable[[Candidates], Step | None]


def _python_first(technique: Technique, deadline: Deadline) -> FirstStep:
    """The first step of a technique's Python finder, searched until ``deadline``."""
    return lambda cands: next(iter(technique.steps(cands, deadline)), None)


def _seconds_left(deadline: Deadline) -> float:
    """The C core's time limit for what is left of ``deadline`` (0 means none to the C core)."""
    left = deadline.remaining()
    return 0.0 if left is None else max(left, 1e-6)


def _c_first(
    core: backend.NativeEngine, index: int, technique: Technique, deadline: Deadline, stop: Stop
) -> FirstStep:
    """The first step of technique ``index`` of the C twin's SE order (csrc/se/human9_*.c); the
    Python finder's where the C twin says it has no port of that case."""
    python = _python_first(technique, deadline)

    def first(cands: Candidates) -> Step | None:
        found = core.human9_find(index, bytes(cands.values), cands.masks, _seconds_left(deadline),
                                 stop.buffer)
        if found == "limit":
            raise TimeLimitReached("time limit reached")
        if found == "unported":
            return python(cands)
        return None if found is None or isinstance(found, str) else _c_step(found)

    return first


def _first_steps(
    order: Sequence[Technique], core: backend.NativeEngine | None, deadline: Deadline, stop: Stop
) -> list[FirstStep]:
    """One first-step function per technique: the C twin's where ``core`` has one."""
    names = core.human9_names() if core is not None else ()
    return [_c_first(core, names.index(t.name), t, deadline, stop) if core is not None and t.name in names
            else _python_first(t, deadline) for t in order]


def _next_step(cands: Candidates, chosen: Sequence[FirstStep]) -> Step | None:
    for first in chosen:
        step = first(cands)
        if step is not None:
            return step
    return None


#: Status codes of ``sudokit._core.rate9`` (csrc/se/human9.h).
_C_SOLVED, _C_UNSOLVED, _C_LIMIT, _C_WRONG_STEP = 0, 1, 2, 3


def _c_step(item: backend.NativeStep) -> Step:
    """A step of the C rater as a :class:`Step` (without the proof and sentence)."""
    name, tenths, hodoku, placements, eliminations = item
    extra: dict[str, object] = {"hodoku": hodoku} if hodoku >= 0 else {}
    return Step(name, tenths / 10, placements=placements, eliminations=eliminations, extra=extra)


def _native_path(
    core: backend.NativeEngine, grid: Grid, path: list[Step], deadline: Deadline, stop: Stop
) -> int:
    """Run the C rater on a 9×9 grid, adding its steps to ``path``; its status code (a solved
    path is checked against the solution by the C rater)."""
    code, steps = core.rate9(bytes(grid.cells), _seconds_left(deadline), stop.buffer)
    path.extend(_c_step(item) for item in steps)
    if code == _C_WRONG_STEP:
        raise StepError(f"the C rater's {path[-1].technique} step contradicts the solution")
    return int(code)


def _summary(path: Sequence[Step]) -> tuple[float, float, float, tuple[str, ...], dict[str, int]]:
    """ER, EP, ED, the techniques that reached ER, and the step count by technique."""
    er = -math.inf
    ep: float | None = None
    ed: float | None = None
    hardest: dict[str, None] = {}
    top = -math.inf  # the rounded rating of the techniques in ``hardest``
    used: Counter[str] = Counter()
    for step in path:
        rounded = se_round(step.difficulty)
        er = max(er, step.difficulty)
        if rounded > top:
            top, hardest = rounded, {}
        if rounded == top:
            hardest[step.technique] = None
        used[step.technique] += 1
        if ep is None:
            if ed is None:
                ed = er
            if step.placements:
                ep = er
    return (
        se_round(er) if path else 0.0,
        se_round(ep) if ep is not None else 0.0,
        se_round(ed) if ed is not None else 0.0,
        tuple(hardest),
        dict(used),
    )


def rate(
    puzzle: PuzzleLike,
    *,
    time_limit: float | None = None,
    keep_steps: bool = False,
    chosen: Sequence[Technique] | None = None,
    hodoku_path: bool = False,
    engine: str | None = None,
) -> Rating:
    """Rate a puzzle (a :class:`Grid` or its text) as SE 1.2.1 does; see the module text.

    The HoDoKu-style ``level`` and ``score`` add up the steps of SE's path; with
    ``hodoku_path`` they are those of HoDoKu 2.2's own path (:mod:`sudokit.rating.hodoku.path`: its step
    order, its choice among steps, its scores and level limits; slower: with the C engine its
    path runs in C, but the step types not yet ported there are still Python's).

    ``time_limit`` (seconds of wall-clock time from the call, or None; zero, negative or NaN
    raise :class:`~sudokit.errors.OptionError`) stops the rating with status ``limit``; it
    belongs to this call alone, so threads rating at once each keep their own. Every step is
    checked against the solution (a wrong one raises :class:`StepError`). With the C engine
    (``engine``: ``"c"``, ``"python"`` or None for the default, see :mod:`sudokit.engine.backend`), a
    9×9 puzzle is rated by the C twin of the techniques (csrc/se/rate9.c), which takes the same
    steps; ``keep_steps`` (steps with their proofs and sentences) and ``chosen`` use the
    Python path. A variant puzzle (a grid with rules) is rated by :func:`rate_variant`, with the
    variant techniques (``hodoku_path`` changes nothing there: it is the same path).
    """
    deadline = Deadline.after(time_limit)
    return rate_until(as_grid(puzzle, check=False), deadline, keep_steps=keep_steps, chosen=chosen,
                 hodoku_path=hodoku_path, engine=engine)


def _limit_text(start: float) -> str:
    """The error of a rating stopped by its deadline."""
    return f"time limit reached after {time.perf_counter() - start:.3g} s"


def _solution(grid: Grid, broken: str | None, start: float, engine: str | None) -> Sequence[int] | Rating:
    """The solution of a puzzle to rate, or the :class:`Rating` of one that cannot be rated: a
    given breaking a rule (the error ``broken``), no solution, several."""
    if broken is not None:
        return Rating(INVALID, error=broken, seconds=time.perf_counter() - start)
    found = search(grid, 2, engine=engine)
    if found.count == 0 or found.solution is None:
        return Rating(NO_SOLUTION, error="no solution", seconds=time.perf_counter() - start)
    if found.count > 1:
        return Rating(MULTIPLE, error="several solutions", seconds=time.perf_counter() - start)
    return found.solution.cells


def _walk(
    pos: Candidates, next_step: Callable[[], Step | None], solution: Sequence[int], path: list[Step],
    deadline: Deadline, stop: Stop, start: float, unsolved: str,
) -> tuple[str, str]:
    """Take the first step found, checked against the solution, until ``pos`` is solved: RATED,
    or the status and error that ended the path (``unsolved`` when no technique has a step)."""
    while not pos.is_solved():
        stop.check()
        try:
            step = next_step()
        except TimeLimitReached:
            return LIMIT, _limit_text(start)
        if step is None:
            return UNSOLVED, unsolved
        _check_step(step, solution, pos)
        path.append(step)
        step.apply(pos)
        if deadline.expired() and not pos.is_solved():
            return LIMIT, _limit_text(start)
    return RATED, ""


def _rating(
    status: str, error: str, path: Sequence[Step], start: float, keep_steps: bool,
    scored: Callable[[], tuple[int, str]],
) -> Rating:
    """The :class:`Rating` of a path that ended with ``status``; ``scored`` gives a rated path's
    HoDoKu-style score and level (it may run out of time)."""
    seconds = time.perf_counter() - start
    er, ep, ed, hardest, used = _summary(path)
    kept = tuple(path) if keep_steps else ()
    if status == RATED:
        try:
            score, level = scored()
        except TimeLimitReached:
            status, error, seconds = LIMIT, _limit_text(start), time.perf_counter() - start
        else:
            return Rating(RATED, er=er, ep=ep, ed=ed, level=level.lower(), score=score, hardest=hardest,
                          techniques=used, step_count=len(path), seconds=seconds, steps=kept)
    return Rating(status, error=error, seconds=seconds, step_count=len(path), techniques=used, steps=kept)


def rate_until(
    grid: Grid,
    deadline: Deadline,
    *,
    keep_steps: bool = False,
    chosen: Sequence[Technique] | None = None,
    hodoku_path: bool = False,
    engine: str | None = None,
    stop: Stop | None = None,
) -> Rating:
    """:func:`rate` a :class:`~sudokit.Grid` until ``deadline`` (a :class:`~sudokit.limits.Deadline`:
    the generator rates its candidates within its own), or :class:`~sudokit.errors.Stopped` once
    ``stop`` is set (a batch's workers)."""
    if grid.rules is not None:
        return rate_variant(grid, deadline, keep_steps=keep_steps, chosen=chosen, engine=engine,
                            stop=stop)
    start = time.perf_counter()
    stop = stop or Stop()
    broken = "duplicate given" if find_duplicate(grid.cells, grid.shape) is not None else None
    solution = _solution(grid, broken, start, engine)
    if isinstance(solution, Rating):
        return solution
    order = list(chosen) if chosen is not None else techniques(se_only=True)
    path: list[Step] = []
    core = backend.native(engine) if chosen is None and not keep_steps and grid.shape.box == (3, 3) else None
    code = _native_path(core, grid, path, deadline, stop) if core is not None else _C_UNSOLVED
    if code == _C_LIMIT:
        status, error = LIMIT, _limit_text(start)
    elif code == _C_SOLVED:
        status, error = RATED, ""
    else:  # the Python techniques go on from where the C ones stopped short (or from the start)
        cands = Candidates.from_grid(grid)
        for step in path:
            step.apply(cands)
        firsts = _first_steps(order, core, deadline, stop)
        unsolved = ("the techniques cannot finish this puzzle (not even SE's nested forcing "
                    "chains; SE prints 20.0 for it)")
        status, error = _walk(cands, partial(_next_step, cands, firsts), solution, path, deadline, stop,
                              start, unsolved)

    def scored() -> tuple[int, str]:
        return _hodoku_rating(grid, deadline, engine, stop) if hodoku_path else hodoku_score(path)

    return _rating(status, error, path, start, keep_steps, scored)


def _hodoku_rating(grid: Grid, deadline: Deadline, engine: str | None, stop: Stop) -> tuple[int, str]:
    """HoDoKu 2.2's score and level from its own path (:mod:`sudokit.rating.hodoku.path`, run by ``engine``
    until ``deadline`` or ``stop``)."""
    from sudokit.rating.hodoku.path import hodoku_rating

    return hodoku_rating(grid, deadline, engine, stop)


def rate_variant(
    grid: Grid,
    deadline: Deadline,
    *,
    keep_steps: bool = False,
    chosen: Sequence[Technique | str] | None = None,
    engine: str | None = None,
    stop: Stop | None = None,
) -> Rating:
    """Rate a variant puzzle (a grid with :attr:`Grid.rules`) with the variant techniques of
    :mod:`sudokit.techniques.variants`, SE-style: the first step of the first technique that has
    one, every step checked against the solution (found under the rules with ``engine``), ER,
    EP and ED as for classic puzzles; ``chosen`` names the variant techniques to use (default:
    all). The level comes from the hardest step and the amount of work near it
    (:func:`variant_level`); the score adds up the path's HoDoKu-style step scores."""
    start = time.perf_counter()
    stop = stop or Stop()
    broken = grid.all_rules.violation(grid.cells)
    solution = _solution(grid, None if broken is None else str(broken), start, engine)
    if isinstance(solution, Rating):
        return solution
    order = variant_techniques() if chosen is None else resolve_variant(chosen)
    pos = RulesPosition.from_grid(grid)
    path: list[Step] = []
    status, error = _walk(pos, partial(first_step, pos, order, deadline), solution, path, deadline, stop,
                          start, "the variant techniques cannot finish this puzzle")
    return _rating(status, error, path, start, keep_steps, partial(_variant_scored, path))


#: The variant levels, easiest first (HoDoKu's names, so both scales read alike).
VARIANT_LEVELS = ("easy", "medium", "hard", "unfair", "extreme")

#: The hardest step's difficulty below which each level ends (ER < 2.4 easy, < 4.0 medium, …).
_LEVEL_TOPS = (2.4, 4.0, 6.6, 7.5)

#: Steps at most this far below the hardest (and harder than a naked single) count as work.
_WORK_BAND = 0.5

#: This many such steps (or a quarter of the cells the path fills, if more) raise the level by
#: one, never past the next level.
_WORK_STEPS = 12


def variant_level(steps: Sequence[Step]) -> str:
    """The level of a variant's solving path: from its hardest step (ER below 2.4 easy, below
    4.0 medium, below 6.6 hard, below 7.5 unfair, else extreme), one level up when the path
    takes :data:`_WORK_STEPS` (or a quarter of the cells it fills, if more) or more steps within
    :data:`_WORK_BAND` of the hardest that are harder than a naked single (2.3). Singles, pair
    rules, sum bounds and cage combinations never count as work, however many there are, so a
    puzzle of ER under 4.0 is at most hard."""
    if not steps:
        return VARIANT_LEVELS[0]
    er = max(s.difficulty for s in steps)
    level = next((i for i, top in enumerate(_LEVEL_TOPS) if er < top), len(_LEVEL_TOPS))
    work = sum(1 for s in steps if s.difficulty > 2.3 and s.difficulty >= er - _WORK_BAND)
    filled = sum(len(s.placements) for s in steps)
    if work >= max(_WORK_STEPS, filled // 4) and level < len(VARIANT_LEVELS) - 1:
        level += 1
    return VARIANT_LEVELS[level]


def _variant_scored(path: Sequence[Step]) -> tuple[int, str]:
    """The HoDoKu-style score of a variant's path (its steps' scores added up, for information)
    and its level from :func:`variant_level`."""
    score, _ = hodoku_score(path)
    return score, variant_level(path)


# -- many puzzles ------------------------------------------------------------------------------------


def _rate_text(
    limit: float | None, hodoku_path: bool, engine: str, text: str, stop: Stop
) -> Rating:
    """Rate one puzzle text (what the workers of :func:`rate_many` run: the engine comes by name)."""
    try:
        grid = Grid.from_string(text)
    except SudokuError as exc:
        return Rating(INVALID, error=str(exc))
    return rate_until(grid, Deadline.after(limit), hodoku_path=hodoku_path, engine=engine, stop=stop)


def rate_many(
    puzzles: Iterable[str], *, jobs: int = 1, time_limit: float | None = None,
    hodoku_path: bool = False, engine: str | None = None, executor: Executor | None = None,
) -> Iterator[Rating]:
    """Rate puzzle texts in input order, with ``jobs`` workers, reading the texts as it goes.

    ``time_limit`` is each puzzle's own (seconds of wall-clock time, as in :func:`rate`). The
    workers are processes (or those of ``executor`` when given: see
    :class:`sudokit.engine.executor.Executor`), handed :data:`RATE_BATCH` puzzles at a time:
    threads would share one core on easy puzzles, where most of a 9×9 rating is Python around the
    C finders (measured on 6,000 17-clue puzzles, two jobs: threads 1.0×, processes 2.1× of one).
    """
    time_limit = check_time_limit(time_limit)
    name = backend.name_of(engine)
    executor = executor or Executor.choose(jobs, native=False)
    return executor.map_batched(partial(_rate_text, time_limit, hodoku_path, name), puzzles, RATE_BATCH)


#: Puzzles a worker of :func:`rate_many` is handed at a time (a rating takes about a millisecond:
#: one at a time, the hand-over costs as much as the work).
RATE_BATCH = 16
