"""SE's nested forcing chains (issue 6): a position that needs one, and the time limit."""

from __future__ import annotations

import time

import pytest

from sudokit.candidates import Candidates
from sudokit.engine import backend
from sudokit.engine.solver import solve
from sudokit.grid import Grid
from sudokit.limits import Deadline
from sudokit.rating.explainer import LIMIT, rate, se_round
from sudokit.techniques import techniques
from sudokit.techniques.chains import TimeLimitReached
from sudokit.techniques.forcing import nested_suffix
from sudokit.techniques.nested import NESTED_TECHNIQUES, find_nested_forcing_chains

#: forum_hardest_1106, first puzzle: SE 1.2.1.3 rates it 10.3/1.2/1.2.
PUZZLE = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"

#: The same after its first step (a hidden single): nothing below a nested chain applies, and
#: SE's next step is "Dynamic Region Forcing Chains (+ Forcing Chains)": 3 in row 6 ==> r6c5<>4,
#: difficulty 10.3 (measured with a Java harness around SE's classes).
POSITION = (
    "12..567...2.45.7..12.4.67..1.34.67.91.345...9..34567..1.3...7.91.3.5...9.......8.1...5678."
    "....5.78...3......1....67891...5..89....5678....4.....1...5...9.2.......1...5.78.........9"
    "1..4..7..1.34..78..2.........345.78.1.3...7.......6...1...5.7..123.5..8..2345..8.12.4...."
    "...34...8.......7..........91.3..6.8.1.345..8.1..456.....3.5.789..345.78....4..7.9..34..."
    "8......6...1.........2.........345..89...45...91.3....89.....6...1..4....9....5......34.."
    ".8..2.......1.3....89......7..1..4....9.23..67.9.23...7.........8.1234.67.91.34....9..34."
    "67......5....1..4....91..4.67.9..3..67.91.............67.9..34.6789..345..89..345678....."
    ".6789.2..........4.67.9...4......2....7......5....12...67891......89.....678.1....67891.."
    "....89..3......"
)

#: forum_hardest_1106, fifth puzzle, before SE's sixth step: "Dynamic Region Forcing Chains
#: (+ Multiple Forcing Chains)": 1 in row 2 ==> r2c9<>2, difficulty 10.9 (level 3).
PUZZLE3 = "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8"
POSITION3 = (
    "....56..91...56..9...4......2..56..9....567.9..3......12..5.78.12....78.12..5.7.9..3.56..9"
    "......7..1...56....2.456..9.......8..2.4.6..9123.5....1234.....12.45...9.2.........3.5...9"
    ".......8.1...........45.7.9...4..7.9..3.5.7....34..7.......6......4567...2.456.....3......"
    "...456...1..456...1..4.6.8.12...678.........912.45.7.....4.67.9.......8.....567....3......"
    ".2.......1..4.6..91...567..1..4.67..1..45.7..1.........2.456..9.2..56.........7.....456..9"
    "...4.6.89.2..56.8..2.4.6.8...3.............8.123..6...12...67...2...6..91.3..67.912...67.9"
    "...4.........5....12....7....34567..123456...12..567.........8.1.34.67..12.4.67..........9"
    ".23..67..12....7....34.67..1234.6...........9.2.4.6...1.34.67......5....123..67..123..67.."
    ".......8."
)


def test_registry_order_and_names() -> None:
    names = [t.name for t in techniques(se_only=True)]
    i = names.index("Dynamic Forcing Chain (+)")
    assert names[i + 1:i + 5] == [t.name for t in NESTED_TECHNIQUES]
    assert [t.difficulty for t in NESTED_TECHNIQUES] == [9.5, 10.0, 10.5, 11.0]
    assert nested_suffix(5) == " (+ Dynamic Forcing Chains (+ Forcing Chains))"


def test_nested_chain_is_ses_next_step() -> None:
    cands = Candidates.from_string(POSITION)
    step = next(find_nested_forcing_chains(cands, 2))
    assert step.technique == "Dynamic Region Forcing Chains (+ Forcing Chains)"
    assert step.eliminations == ((49, 4),)  # r6c5 <> 4
    assert step.extra["complexity"] == 58  # 34 of its own, 24 in the inner forcing chains
    assert se_round(step.difficulty) == 10.3
    solution = solve(PUZZLE).cells
    assert all(solution[cell] != digit for cell, digit in step.eliminations)


def test_level_3_inner_multiple_chains() -> None:
    cands = Candidates.from_string(POSITION3)
    step = next(find_nested_forcing_chains(cands, 3))
    assert step.technique == "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)"
    assert step.eliminations == ((17, 2),)  # r2c9 <> 2
    assert step.extra["complexity"] == 97
    assert se_round(step.difficulty) == 10.9
    solution = solve(PUZZLE3).cells
    assert all(solution[cell] != digit for cell, digit in step.eliminations)


def test_time_limit_inside_nested_search() -> None:
    cands = Candidates.from_string(POSITION)
    start = time.monotonic()
    with pytest.raises(TimeLimitReached):
        next(find_nested_forcing_chains(cands, 2, deadline=Deadline(start + 0.5)))
    assert time.monotonic() - start < 3
    start = time.monotonic()
    with backend.using("python"):  # C rates this puzzle in well under a second
        assert rate(Grid.from_string(PUZZLE), time_limit=1.0).status == LIMIT
    assert time.monotonic() - start < 6
