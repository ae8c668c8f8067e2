"""Five classic solving algorithms as strategies, instrumented to be compared.

One module per algorithm, one interface (:class:`~sudokit.strategies.base.Strategy`):
``solve(grid, limit=1, *, time_limit=None, node_limit=None, log=False)`` returns a
:class:`~sudokit.strategies.base.StrategyResult` with the solutions found (up to ``limit``),
their count, how the search ended and its :class:`~sudokit.strategies.base.Stats`.

=========  ====================================================================
name       algorithm
=========  ====================================================================
layers     digit by digit, row by row, bit masks, no look-ahead
           (``layers:order,check,rows``: next digit/row by fewest options, forward check)
stack      naked singles, guess on the fewest-candidate cell, stack of states
csp        forward checking / arc consistency, MRV, degree, LCV (``csp:…``)
dlx        exact cover with Dancing Links (``dlx:first`` without Knuth's S)
prune      rule 1 + rule 2 to a fixed point, DFS on the fewest-candidate cell
=========  ====================================================================

Where each comes from, and how they compare: docs/strategies.md.

A spec is ``NAME[:option,option…]``:

>>> from sudokit import Grid
>>> from sudokit.strategies import get, solve_with
>>> get("csp:fc,first,lex").spec
'csp:fc,first,lex'
>>> result = solve_with("dlx", Grid.from_string("1.3..4.22.4..3.1"), limit=2)
>>> result.status, result.solution.to_string()
('solved', '1234341221434321')
"""

from __future__ import annotations

from sudokit.errors import VariantError
from sudokit.grid import Grid
from sudokit.strategies import base, csp, dlx, layers, prune, stack
from sudokit.strategies.base import *  # noqa: F403  (the interface: base's __all__ is re-exported here)
from sudokit.strategies.base import BaseStrategy, StrategyError, StrategyResult

__all__ = ["NAMES", "get", "solve_with"]
__all__ += base.__all__

#: The strategy names.
NAMES = ("layers", "stack", "csp", "dlx", "prune")

_FACTORIES = {
    "layers": layers.from_options,
    "stack": stack.from_options,
    "csp": csp.from_options,
    "dlx": dlx.from_options,
    "prune": prune.from_options,
}


def get(spec: str) -> BaseStrategy:
    """The strategy named by ``NAME[:options]`` (options comma-separated), e.g. ``csp:ac,mrv-degree,lcv``."""
    name, _, rest = spec.strip().partition(":")
    factory = _FACTORIES.get(name.strip().lower())
    if factory is None:
        raise StrategyError(f"unknown strategy {name!r} (choose from {', '.join(NAMES)})")
    options = [word.strip() for word in rest.split(",") if word.strip()]
    return factory(options)


def solve_with(
    spec: str,
    grid: Grid | str,
    limit: int = 1,
    *,
    time_limit: float | None = None,
    node_limit: int | None = None,
    log: bool = False,
) -> StrategyResult:
    """Solve ``grid`` (a Grid or puzzle text) with the strategy ``spec``, up to ``limit`` solutions."""
    if isinstance(grid, str):
        grid = Grid.from_string(grid)
    if grid.rules is not None:
        raise VariantError(f"the strategies solve classic Sudoku, not {grid.variant}")
    return get(spec).solve(grid, limit, time_limit=time_limit, node_limit=node_limit, log=log)
