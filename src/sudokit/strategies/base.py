"""What every strategy shares: the result, the statistics, the step log and the search budget.

Glossary (the words the strategy modules use; see :mod:`sudokit.shape` for cell, unit, peer):

- **node**: one state of the search entered (a placement tried, a saved state popped…);
  each strategy's docstring says exactly what it counts.
- **guess**: a tentative choice made where more than one option was open.
- **backtrack**: a choice undone (its branch failed, or was used up while counting).
- **propagation**: one candidate removed by a rule (singles, forward checking, covering);
  ``layers`` has no rules, so it counts none.
- **peak depth**: the most choices open at once (recursion depth or stack size).
- **seconds**: CPU time of the process spent on the search (a measurement, steady on a busy
  machine).
- **budget**: the per-puzzle time and node limits; a search over budget stops with status
  ``limit_reached`` instead of running on. The time limit is seconds of **wall-clock** time
  (:class:`sudokit.limits.Deadline`, the same meaning as ``rate``'s and ``generate``'s).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Literal, Protocol

from sudokit.errors import StrategyError
from sudokit.grid import Grid, find_duplicate
from sudokit.limits import Deadline
from sudokit.shape import Shape

__all__ = [
    "BaseStrategy",
    "Budget",
    "LimitReached",
    "LogRecord",
    "Search",
    "Stats",
    "Status",
    "Strategy",
    "StrategyError",
    "StrategyResult",
    "format_log",
    "peer_table",
]

#: How a search ended: one solution, none, several (up to the limit), or out of budget.
Status = Literal["solved", "no_solution", "multiple", "limit_reached"]


@cache
def peer_table(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """Each cell's peers as a sorted tuple (tuples iterate faster than the frozensets of Shape)."""
    return tuple(tuple(sorted(p)) for p in shape.peers)


class LimitReached(Exception):
    """Raised inside a search when its time or node budget is spent (caught by :class:`BaseStrategy`)."""


@dataclass
class Stats:
    """Counters of one search (see the glossary above for what each one means)."""

    nodes: int = 0
    guesses: int = 0
    backtracks: int = 0
    propagations: int = 0
    peak_depth: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict[str, int | float]:
        """The counters as JSON-ready values."""
        return {
            "nodes": self.nodes,
            "guesses": self.guesses,
            "backtracks": self.backtracks,
            "propagations": self.propagations,
            "peak_depth": self.peak_depth,
            "seconds": self.seconds,
        }


LogKind = Literal["init", "place", "push", "guess", "pop", "restore", "dead_end", "solution"]


@dataclass(frozen=True)
class LogRecord:
    """One step of a search: a placement, a push or pop of a saved state, a restore, a dead end.

    ``cell`` and ``digit`` are set for placements and guesses; ``depth`` is the stack size after
    the step.
    """

    kind: LogKind
    depth: int
    cell: int | None = None
    digit: int | None = None
    n: int = 9

    def __str__(self) -> str:
        where = ""
        if self.cell is not None:
            r, c = divmod(self.cell, self.n)
            where = f" r{r + 1}c{c + 1}={self.digit}"
        return {
            "init": "init: givens placed",
            "place": f"place{where}",
            "push": f"push {self.depth}",
            "guess": f"guess{where}",
            "pop": f"pop {self.depth + 1}",
            "restore": "restore saved state",
            "dead_end": "dead end",
            "solution": "solution found",
        }[self.kind]

    def to_dict(self) -> dict[str, int | str | None]:
        """The record as JSON-ready values."""
        return {"kind": self.kind, "depth": self.depth, "cell": self.cell, "digit": self.digit}


def format_log(records: list[LogRecord]) -> str:
    """The step log as text, one step a line, indented by stack depth."""
    return "\n".join("  " * r.depth + str(r) for r in records)


@dataclass(frozen=True)
class StrategyResult:
    """What a strategy found: solutions (up to the limit), their count, how it ended, statistics."""

    strategy: str
    solutions: list[Grid]
    count: int
    status: Status
    stats: Stats
    limit: int = 1
    log: list[LogRecord] | None = None

    @property
    def solution(self) -> Grid | None:
        """The first solution found, if any."""
        return self.solutions[0] if self.solutions else None

    @property
    def complete(self) -> bool:
        """True when the search ended on its own (not stopped by the time or node budget)."""
        return self.status != "limit_reached"

    def to_dict(self) -> dict[str, object]:
        """The result as JSON-ready values."""
        return {
            "strategy": self.strategy,
            "status": self.status,
            "count": self.count,
            "limit": self.limit,
            "solutions": [g.to_string() for g in self.solutions],
            "stats": self.stats.to_dict(),
            "log": None if self.log is None else [r.to_dict() for r in self.log],
        }


class Budget:
    """The time and node limits of one search, checked cheaply every ``every`` nodes.

    Search loops keep a local node count and call :meth:`check` only when it reaches the
    checkpoint :meth:`check` last returned, so a check costs one integer comparison per node.
    ``time_limit`` is seconds of wall-clock time from now (None: none); ``start`` is the CPU
    clock at the start, for the statistics.
    """

    def __init__(self, time_limit: float | None, node_limit: int | None, every: int = 256) -> None:
        self.start = time.process_time()
        self.deadline = Deadline.after(time_limit)
        self.node_limit = node_limit
        self.every = max(1, every)

    def first(self) -> int:
        """The node count at which to check first."""
        return self._next(0)

    def _next(self, nodes: int) -> int:
        """The next checkpoint after ``nodes``."""
        step = nodes + self.every
        if self.node_limit is not None and self.node_limit + 1 < step:
            return self.node_limit + 1
        return step

    def check(self, nodes: int) -> int:
        """Raise :class:`LimitReached` when over budget; else return the next checkpoint."""
        if self.node_limit is not None and nodes > self.node_limit:
            raise LimitReached
        if self.deadline.expired():
            raise LimitReached
        return self._next(nodes)


@dataclass
class Search:
    """The state every strategy's search shares: limit, solutions found, counters, log, budget."""

    shape: Shape
    limit: int
    budget: Budget
    stats: Stats = field(default_factory=Stats)
    log: list[LogRecord] | None = None
    solutions: list[tuple[int, ...]] = field(default_factory=list)
    checkpoint: int = 0

    def found(self, cells: list[int] | tuple[int, ...]) -> bool:
        """Record a solution; True when the limit is reached and the search should stop."""
        self.solutions.append(tuple(cells))
        if self.log is not None:
            self.log.append(LogRecord("solution", self.stats.peak_depth, n=self.shape.n))
        return len(self.solutions) >= self.limit

    def node(self) -> None:
        """Count one node and check the budget when due."""
        stats = self.stats
        stats.nodes += 1
        if stats.nodes >= self.checkpoint:
            self.checkpoint = self.budget.check(stats.nodes)

    def step(self, kind: LogKind, depth: int, cell: int | None = None, digit: int | None = None) -> None:
        """Append a step to the log (when one is kept)."""
        if self.log is not None:
            self.log.append(LogRecord(kind, depth, cell, digit, self.shape.n))


class Strategy(Protocol):
    """The interface of every strategy: a name, a spec, and ``solve``."""

    # solve's signature stands here and again in BaseStrategy.solve: a Protocol only declares it.

    name: str

    @property
    def spec(self) -> str:
        """``NAME[:options]``, enough to get this strategy back from the registry."""
        ...

    def solve(
        self,
        grid: Grid,
        limit: int = 1,
        *,
        time_limit: float | None = None,
        node_limit: int | None = None,
        log: bool = False,
    ) -> StrategyResult:
        """Find up to ``limit`` solutions of ``grid`` within the budget."""
        ...


class BaseStrategy:
    """The common driver: budget, timing, status; subclasses write :meth:`_search` only."""

    name: str = "base"
    #: True when the strategy can record a step log.
    has_log: bool = False
    #: Nodes between two budget checks (fewer for strategies whose nodes are costly).
    check_every: int = 256
    #: The largest N the strategy is meant for, or None for any N.
    max_n: int | None = None

    @property
    def spec(self) -> str:
        """``NAME[:options]`` (the plain name when the strategy has no options)."""
        return self.name

    def __repr__(self) -> str:
        return f"<strategy {self.spec}>"

    def _search(self, cells: list[int], search: Search) -> None:
        """Search from ``cells`` (0 = empty), calling ``search.found`` for each solution."""
        raise NotImplementedError

    def solve(
        self,
        grid: Grid,
        limit: int = 1,
        *,
        time_limit: float | None = None,
        node_limit: int | None = None,
        log: bool = False,
    ) -> StrategyResult:
        """Find up to ``limit`` solutions of ``grid`` within the time and node budget."""
        if limit < 1:
            raise ValueError("limit must be at least 1")
        if log and not self.has_log:
            raise StrategyError(f"strategy {self.name!r} keeps no step log (only 'stack' does)")
        if self.max_n is not None and grid.n > self.max_n:
            raise StrategyError(f"strategy {self.spec!r} handles grids up to {self.max_n}×{self.max_n}")
        budget = Budget(time_limit, node_limit, self.check_every)
        search = Search(grid.shape, limit, budget, log=[] if log else None)
        search.checkpoint = budget.first()
        stopped = False
        if find_duplicate(grid.cells, grid.shape) is None:
            try:
                self._search(list(grid.cells), search)
            except LimitReached:
                stopped = True
        search.stats.seconds = time.process_time() - budget.start
        count = len(search.solutions)
        status: Status
        if stopped:
            status = "limit_reached"
        elif count == 0:
            status = "no_solution"
        else:
            status = "solved" if count == 1 else "multiple"
        return StrategyResult(
            strategy=self.spec,
            solutions=[Grid(s, grid.shape) for s in search.solutions],
            count=count,
            status=status,
            stats=search.stats,
            limit=limit,
            log=search.log,
        )


#: A function that makes a strategy from its option words (the registry's entries).
Factory = Callable[[list[str]], BaseStrategy]
