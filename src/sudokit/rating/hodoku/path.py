"""HoDoKu 2.2's solving path: its step order, its choice among steps, its scores and levels.

HoDoKu rates a puzzle by trying its enabled techniques in a fixed order (:data:`HODOKU_STEPS`,
the order of its default step configuration), taking the step the first technique finds,
applying it and starting over; the score adds each step's base score, the level is the hardest
step's level, raised while the score passes that level's limit (:data:`HODOKU_LEVELS`).

What step a technique "finds first" matters for the path. The finders reproduce HoDoKu's
choice for the techniques whose scan order is simple (singles, locked candidates, naked and
hidden subsets: :mod:`~sudokit.rating.hodoku.basic`), including the order in which it meets its
singles: HoDoKu keeps a queue of naked singles and one of hidden singles, filled as candidates
disappear, and takes singles from their fronts (:class:`~sudokit.rating.hodoku.board.Board`).
Unique rectangles of types 1-6 and hidden rectangles (HoDoKu's rectangles, cells that lost a
digit included, and its checks: :mod:`~sudokit.rating.hodoku.uniq`), Sue de Coq, ALS-XZ (doubly
linked ones too) and ALS-XY-Wing (:mod:`~sudokit.rating.hodoku.als`) follow HoDoKu's search order
as well (its ALS list, its restricted commons, the first step found); X-chains and turbot fish
follow its depth-first chain search and its sort (:mod:`~sudokit.rating.hodoku.patterns`, with
the other single-digit patterns, XY-chains and remote pairs). Nice loops, AICs and their grouped
forms come from HoDoKu's tabling search (:mod:`sudokit.rating.hodoku.loops`), forcing chains and
nets from the same tables and its net trials (:mod:`sudokit.rating.hodoku.forcing`). The other
techniques (fish, wings, colouring, avoidable rectangles, ALS chains, Franken fish) use
sudokit's finders with HoDoKu's sort among their steps (:mod:`~sudokit.rating.hodoku.fish`).

With the C engine, :func:`hodoku_path` runs the board, the queues, the loop, brute force and
the finders ported to C (csrc/hodoku9_*.c, exact twins of these finders; the C module says
which it has: ``_core.hodoku_ported()``), asking the Python finders for the other step types
with the GIL taken back for those calls only; ``engine="python"`` keeps the loop here (the
reference: both give the same path, step for step). :func:`hodoku_rating` gives the score and
level of the path alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from sudokit.candidates import Candidates
from sudokit.engine import backend
from sudokit.engine.solver import search
from sudokit.errors import OptionError, TimeLimitReached
from sudokit.grid import Grid
from sudokit.limits import NEVER, Deadline, Stop
from sudokit.rating.hodoku.als import als_xy_wing, als_xz, sue_de_coq
from sudokit.rating.hodoku.basic import (
    full_house,
    hidden_single,
    hidden_subset,
    locked_candidates,
    naked_single,
    naked_subset,
)
from sudokit.rating.hodoku.board import (
    Board,
    BoardFinder,
    HodokuStep,
    StepKind,
    apply_step,
    chain_step,
    plain_step,
)
from sudokit.rating.hodoku.fish import franken_finder, sudokit_finder
from sudokit.rating.hodoku.forcing import Forcing, forcing_chain, forcing_net
from sudokit.rating.hodoku.loops import nice_loop
from sudokit.rating.hodoku.patterns import (
    empty_rectangle,
    kite,
    remote_pair,
    skyscraper,
    turbot_fish,
    x_chain,
    xy_chain,
)
from sudokit.rating.hodoku.uniq import unique_rectangle, unique_rectangle_type3
from sudokit.techniques import HODOKU_LEVELS, Step

__all__ = [
    "HODOKU_LEVELS",
    "HODOKU_STEPS",
    "Board",
    "HodokuStep",
    "StepKind",
    "hodoku_level",
    "hodoku_path",
    "hodoku_rating",
]

#: The level indices of :data:`HODOKU_LEVELS`.
EASY, MEDIUM, HARD, UNFAIR, EXTREME = range(5)


def _nice_loop(board: Board, _c: Candidates, deadline: Deadline) -> Step | None:
    """HoDoKu's nice loop or AIC (:func:`sudokit.rating.hodoku.loops.nice_loop`) as a step."""
    loop = nice_loop(board.masks, deadline.check)
    return None if loop is None else chain_step(loop.kind, loop.eliminations, loop.cells)


def _grouped_nice_loop(board: Board, _c: Candidates, deadline: Deadline) -> Step | None:
    """HoDoKu's grouped nice loop or AIC as a step."""
    loop = nice_loop(board.masks, deadline.check, grouped=True)
    return None if loop is None else chain_step(loop.kind, loop.eliminations, loop.cells)


#: HoDoKu's forcing chain or net search: candidate masks, placed digits, a deadline check.
ForcingSearch = Callable[[Sequence[int], Sequence[int], Callable[[], None]], "Forcing | None"]


def _forcing(search: ForcingSearch) -> BoardFinder:
    """HoDoKu's forcing chains or nets (:mod:`sudokit.rating.hodoku.forcing`) as a step."""

    def find(board: Board, _c: Candidates, deadline: Deadline) -> Step | None:
        """The forcing chain or net step HoDoKu takes, or None."""
        found = search(board.masks, board.values, deadline.check)
        if found is None:
            return None
        name = found.kind.replace("_", " ").title()
        return plain_step(name, found.placements, found.eliminations,
                          tuple(c for c, _ in found.placements + found.eliminations))

    return find


#: HoDoKu 2.2's enabled techniques in its default order, with base scores and levels.
HODOKU_STEPS: tuple[StepKind, ...] = (
    StepKind("FULL_HOUSE", 4, EASY, full_house),
    StepKind("NAKED_SINGLE", 4, EASY, naked_single),
    StepKind("HIDDEN_SINGLE", 14, EASY, hidden_single),
    StepKind("LOCKED_PAIR", 40, MEDIUM, naked_subset(2, True)),
    StepKind("LOCKED_TRIPLE", 60, MEDIUM, naked_subset(3, True)),
    StepKind("LOCKED_CANDIDATES_1", 50, MEDIUM, locked_candidates(True)),
    StepKind("LOCKED_CANDIDATES_2", 50, MEDIUM, locked_candidates(False)),
    StepKind("NAKED_PAIR", 60, MEDIUM, naked_subset(2, False)),
    StepKind("NAKED_TRIPLE", 80, MEDIUM, naked_subset(3, False)),
    StepKind("HIDDEN_PAIR", 70, MEDIUM, hidden_subset(2)),
    StepKind("HIDDEN_TRIPLE", 100, MEDIUM, hidden_subset(3)),
    StepKind("NAKED_QUADRUPLE", 120, HARD, naked_subset(4, False)),
    StepKind("HIDDEN_QUADRUPLE", 150, HARD, hidden_subset(4)),
    StepKind("X_WING", 140, HARD, sudokit_finder("X-Wing", best=True)),
    StepKind("SWORDFISH", 150, HARD, sudokit_finder("Swordfish", best=True)),
    StepKind("JELLYFISH", 160, HARD, sudokit_finder("Jellyfish", best=True)),
    StepKind("REMOTE_PAIR", 110, HARD, remote_pair),
    StepKind("BUG_PLUS_1", 100, HARD, sudokit_finder("BUG", "BUG type 1")),
    StepKind("SKYSCRAPER", 130, HARD, skyscraper),
    StepKind("TWO_STRING_KITE", 150, HARD, kite),
    StepKind("TURBOT_FISH", 120, HARD, turbot_fish),
    StepKind("EMPTY_RECTANGLE", 120, HARD, empty_rectangle),
    StepKind("W_WING", 150, HARD, sudokit_finder("W-Wing")),
    StepKind("XY_WING", 160, HARD, sudokit_finder("XY-Wing")),
    StepKind("XYZ_WING", 180, HARD, sudokit_finder("XYZ-Wing")),
    StepKind("UNIQUENESS_1", 100, HARD, unique_rectangle("Unique Rectangle type 1")),
    StepKind("UNIQUENESS_2", 100, HARD, unique_rectangle("Unique Rectangle type 2")),
    StepKind("UNIQUENESS_3", 100, HARD, unique_rectangle_type3),
    StepKind("UNIQUENESS_4", 100, HARD, unique_rectangle("Unique Rectangle type 4")),
    StepKind("UNIQUENESS_5", 100, HARD, unique_rectangle("Unique Rectangle type 5")),
    StepKind("UNIQUENESS_6", 100, HARD, unique_rectangle("Unique Rectangle type 6")),
    StepKind("HIDDEN_RECTANGLE", 100, HARD, unique_rectangle("Hidden Rectangle")),
    StepKind("AVOIDABLE_RECTANGLE_1", 100, HARD, sudokit_finder("Avoidable Rectangle type 1")),
    StepKind("AVOIDABLE_RECTANGLE_2", 100, HARD, sudokit_finder("Avoidable Rectangle type 2")),
    StepKind("FINNED_X_WING", 130, HARD, sudokit_finder("Finned Fish", "Finned X-Wing", best=True)),
    StepKind("SASHIMI_X_WING", 150, HARD, sudokit_finder("Finned Fish", "Sashimi X-Wing", best=True)),
    StepKind("FINNED_SWORDFISH", 200, UNFAIR, sudokit_finder("Finned Fish", "Finned Swordfish", best=True)),
    StepKind("SASHIMI_SWORDFISH", 240, UNFAIR, sudokit_finder("Finned Fish", "Sashimi Swordfish", best=True)),
    StepKind("FINNED_JELLYFISH", 250, UNFAIR, sudokit_finder("Finned Fish", "Finned Jellyfish", best=True)),
    StepKind("SASHIMI_JELLYFISH", 260, UNFAIR, sudokit_finder("Finned Fish", "Sashimi Jellyfish", best=True)),
    StepKind("SUE_DE_COQ", 250, UNFAIR, sue_de_coq),
    StepKind("SIMPLE_COLORS", 150, HARD, sudokit_finder("Simple Colouring")),
    StepKind("MULTI_COLORS", 200, HARD, sudokit_finder("Multi-Colouring")),
    StepKind("X_CHAIN", 260, UNFAIR, x_chain),
    StepKind("XY_CHAIN", 260, UNFAIR, xy_chain),
    StepKind("NICE_LOOP", 280, UNFAIR, _nice_loop),
    StepKind("GROUPED_NICE_LOOP", 300, UNFAIR, _grouped_nice_loop),
    StepKind("ALS_XZ", 300, UNFAIR, als_xz),
    StepKind("ALS_XY_WING", 320, UNFAIR, als_xy_wing),
    StepKind("ALS_XY_CHAIN", 340, UNFAIR, sudokit_finder("ALS-Chain", by_digit=True)),
    StepKind("FRANKEN_X_WING", 300, UNFAIR, franken_finder("Franken", "X-Wing")),
    StepKind("FRANKEN_SWORDFISH", 350, UNFAIR, franken_finder("Franken", "Swordfish")),
    StepKind("FINNED_FRANKEN_X_WING", 390, UNFAIR, franken_finder("Finned Franken", "X-Wing")),
    StepKind("FINNED_FRANKEN_SWORDFISH", 410, UNFAIR, franken_finder("Finned Franken", "Swordfish")),
    StepKind("FORCING_CHAIN", 500, EXTREME, _forcing(forcing_chain)),
    StepKind("FORCING_NET", 700, EXTREME, _forcing(forcing_net)),
)


def hodoku_level(score: int, hardest: int) -> str:
    """HoDoKu's level name: the hardest step's level, raised while ``score`` is above its limit."""
    level = hardest
    while score > HODOKU_LEVELS[level][1]:
        level += 1
    return HODOKU_LEVELS[level][0]


def next_step(board: Board, cands: Candidates, deadline: Deadline) -> HodokuStep | None:
    """The step HoDoKu takes next: the first technique in order that finds one."""
    for kind in HODOKU_STEPS:
        deadline.check()
        step = kind.find(board, cands, deadline)
        if step is not None:
            named = step if step.technique else renamed_step(step, kind.kind)
            return HodokuStep(kind.kind, kind.score, kind.level, named)
    return None


def renamed_step(step: Step, kind: str) -> Step:
    """``step`` named after HoDoKu's type (``NAKED_PAIR`` → ``Naked Pair``)."""
    name = kind.replace("_", " ").title().replace("Quadruple", "Quadruple")
    return Step(name, step.difficulty, placements=step.placements, eliminations=step.eliminations,
                cells=step.cells)


def brute_force(board: Board, solution: tuple[int, ...]) -> HodokuStep:
    """HoDoKu's last resort: the middle one of the empty cells gets its solution digit."""
    empty = [c for c in range(81) if not board.values[c]]
    cell = empty[len(empty) // 2]
    step = plain_step("Brute Force", ((cell, solution[cell]),), cells=(cell,))
    return HodokuStep("BRUTE_FORCE", 10000, EXTREME, step)


def hodoku_path(grid: Grid, deadline: Deadline = NEVER, engine: str | None = None,
                stop: Stop | None = None) -> tuple[list[HodokuStep], bool]:
    """HoDoKu's path for a 9×9 ``grid`` with a unique solution, and whether the techniques
    solved it without HoDoKu's last resort (a ``BRUTE_FORCE`` step: the middle empty cell takes
    its solution digit, scored 10000).

    With the C engine (``engine``: ``"c"``, ``"python"`` or None for the default, see
    :mod:`sudokit.engine.backend`) the loop, the board and the finders ported to C
    (csrc/hodoku9_*.c) run there, asking the Python finders (:data:`HODOKU_STEPS`) for the other step
    types; the path is the same step for step.

    Raises :class:`~sudokit.errors.TimeLimitReached` once ``deadline`` passes,
    :class:`~sudokit.errors.Stopped` once ``stop`` is set (a batch's workers: the C loop reads
    it between steps and in its long searches, the Python one between steps and before each
    Python finder it asks) and :class:`~sudokit.errors.OptionError` for a grid that is not a
    classic 9×9 or has no unique solution.
    """
    if grid.shape.n != 9 or grid.rules is not None:
        raise OptionError("HoDoKu's path is for classic 9×9 puzzles")
    stop = stop or Stop()
    core = backend.native(engine)
    path = (_python_path(grid, deadline, stop) if core is None
            else native_path(core, grid, deadline, stop))
    return path, all(s.kind != "BRUTE_FORCE" for s in path)


def hodoku_rating(grid: Grid, deadline: Deadline = NEVER, engine: str | None = None,
                  stop: Stop | None = None) -> tuple[int, str]:
    """HoDoKu 2.2's score and level name (``"Easy"`` … ``"Extreme"``, :data:`HODOKU_LEVELS`) of a
    9×9 ``grid`` with a unique solution, from its path alone (:func:`hodoku_path`, same
    arguments and errors): the scale without Sudoku Explainer's rating, which
    ``rate(..., hodoku_path=True)`` adds.

    >>> hodoku_rating(Grid.from_line(
    ...     "...456..9..6.......891..45.2.........7..9.....35......397...5.......4.72.....5361"))
    (290, 'Easy')
    """
    path, _ = hodoku_path(grid, deadline, engine, stop)
    score = sum(s.score for s in path)
    return score, hodoku_level(score, max((s.level for s in path), default=EASY))


def _python_path(grid: Grid, deadline: Deadline, stop: Stop) -> list[HodokuStep]:
    """HoDoKu's path found by the Python finders alone (the reference of the C one)."""
    board = Board(grid.cells)
    cands = board.candidates(grid.shape)
    path: list[HodokuStep] = []
    solution: tuple[int, ...] | None = None
    while not board.solved():
        stop.check()
        found = next_step(board, cands, deadline)
        if found is None:
            if solution is None:
                solution = unique_solution(grid)
            found = brute_force(board, solution)
        path.append(found)
        apply_step(board, found.step)
    return path


#: ``sudokit._core.hodoku_path``'s statuses (csrc/se/human9.h: HM_SOLVED, HM_UNSOLVED, HM_LIMIT).
_C_SOLVED, _C_UNSOLVED, _C_LIMIT = 0, 1, 2
#: The kind number of the C path's BRUTE_FORCE steps (csrc/hodoku/hodoku9.h).
_C_BRUTE_FORCE = 99


def native_path(core: backend.NativeEngine, grid: Grid, deadline: Deadline,
                stop: Stop, ask: Sequence[int] = ()) -> list[HodokuStep]:
    """HoDoKu's path run by the C core (csrc/hodoku/hodoku9_path.c), the Python finders asked for the
    step types C does not have and for those in ``ask`` (tests mix the two that way); their
    steps are kept as found (links, proof and all)."""
    solution = unique_solution(grid)
    found: list[Step] = []
    deadline.check()
    left = deadline.remaining()
    external = _external(grid, deadline, stop, found)
    status, steps = core.hodoku_path(bytes(grid.cells), bytes(solution), external,
                                     0.0 if left is None else max(left, 1e-6), stop.buffer, ask)
    if status == _C_LIMIT:
        raise TimeLimitReached("time limit reached")
    if status != _C_SOLVED:
        raise OptionError("HoDoKu's path took more steps than a puzzle has candidates")
    return _hodoku_steps(steps, set(core.hodoku_ported()) - set(ask), iter(found))


def _external(grid: Grid, deadline: Deadline, stop: Stop, found: list[Step]) -> backend.HodokuExternal:
    """The C path's finder of the step types without a C twin: the Python finder on a board in
    the C path's state; the steps it gives are appended to ``found``."""
    boards: dict[tuple[bytes, Sequence[int]], tuple[Board, Candidates]] = {}

    def external(kind: int, givens: bytes, values: bytes,
                 masks: Sequence[int]) -> backend.HodokuStepTuple | None:
        """The step of the Python finder of ``kind`` (one board per state, shared by the kinds
        asked there, as the Python path shares its board)."""
        stop.check()
        key = (values, masks)
        if key not in boards:
            boards.clear()
            board = Board.from_state(givens, values, masks)
            boards[key] = board, board.candidates(grid.shape)
        board, cands = boards[key]
        step = HODOKU_STEPS[kind].find(board, cands, deadline)
        if step is None:
            return None
        named = step if step.technique else renamed_step(step, HODOKU_STEPS[kind].kind)
        found.append(named)
        return kind, named.technique, named.placements, named.eliminations, named.cells

    return external


def _hodoku_steps(steps: Iterable[backend.HodokuStepTuple], ported: set[int],
                  found: Iterator[Step]) -> list[HodokuStep]:
    """The C path's steps as :class:`HodokuStep`: those of C finders rebuilt, the others the
    Python finders' own (``found``, in path order)."""
    path: list[HodokuStep] = []
    for kind, name, placements, eliminations, cells in steps:
        if kind == _C_BRUTE_FORCE:
            path.append(HodokuStep("BRUTE_FORCE", 10000, EXTREME, plain_step(name, placements, cells=cells)))
            continue
        spec = HODOKU_STEPS[kind]
        step = plain_step(name, placements, eliminations, cells) if kind in ported else next(found)
        path.append(HodokuStep(spec.kind, spec.score, spec.level, step))
    return path


def unique_solution(grid: Grid) -> tuple[int, ...]:
    """The unique solution of ``grid`` (OptionError when there is none or several)."""
    found = search(grid, 2)
    if found.count != 1 or found.solution is None:
        raise OptionError("HoDoKu's path needs a puzzle with a unique solution")
    return tuple(found.solution.cells)
