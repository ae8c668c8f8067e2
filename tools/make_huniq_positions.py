"""Make tests/rating/hodoku/huniq_positions.json: board states with HoDoKu 2.2's own first unique rectangle
(types 1-6) and hidden rectangle, the fixture of tests/rating/hodoku/test_hodoku9_uniq.py.

States come from the development file of HoDoKu's path (JSON lines with givens, values and
masks along the Python paths of random puzzles, made by the C port's tools), read every
``--every``-th line. For each HoDoKu type the file keeps up to ``--per-type`` states where
sudokit's own finder (what hodoku.py took before it had HoDoKu's search: the registry's unique
loops filtered by name, its type 5, 6 and hidden rectangle finders) differs from hodoku.py's
answer, then as many where hodoku.py's finder fires, and a few where nothing fires. As the
paths meet no type 5, ``--thinned`` more states are built from path states by removing each
candidate that is not the solution's digit with probability 1/2 (still true to the solution),
kept when a type 5 (or a type 6 or a type 2) fires there (marked ``"thinned": true``).

HoDoKu's answers come from a small Java driver (ours, kept beside the project with HoDoKu
2.2's classes, never in the repository) that runs HoDoKu's finder of one solution type on a
position (``SudokuStepFinder.getStep``, what HoDoKu's solver takes); each is stored as None or
``[type, eliminations as cell * 10 + digit, sorted]``. Run::

    python tools/make_huniq_positions.py /work/plan/hk_positions.jsonl \\
        tests/rating/hodoku/huniq_positions.json --hodoku /work/peers/hodoku

It prints how many states were kept, how often each type fires, and every state where
hodoku.py's finder and HoDoKu's differ (none when the file was made).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
from collections.abc import Sequence
from pathlib import Path

from sudokit import Grid, solve
from sudokit.limits import NEVER
from sudokit.rating.hodoku.board import Board, BoardFinder
from sudokit.rating.hodoku.fish import sudokit_finder as _sudokit
from sudokit.rating.hodoku.path import HODOKU_STEPS

#: HoDoKu's types compared, with the name of the step and sudokit's own finder of it.
TYPES = {
    "UNIQUENESS_1": ("Unique Rectangle type 1", "Unique Rectangle"),
    "UNIQUENESS_2": ("Unique Rectangle type 2", "Unique Rectangle"),
    "UNIQUENESS_3": ("Unique Rectangle type 3", ""),
    "UNIQUENESS_4": ("Unique Rectangle type 4", "Unique Rectangle"),
    "UNIQUENESS_5": ("Unique Rectangle type 5", "Unique Rectangle type 5"),
    "UNIQUENESS_6": ("Unique Rectangle type 6", "Unique Rectangle type 6"),
    "HIDDEN_RECTANGLE": ("Hidden Rectangle", "Hidden Rectangle"),
}

KINDS = {k.kind: i for i, k in enumerate(HODOKU_STEPS)}

State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def elims(finder: BoardFinder, state: State) -> list[int] | None:
    """The sorted eliminations (cell * 10 + digit) of the finder's step on the state, or None."""
    board = Board.from_state(*state)
    step = finder(board, board.candidates(Grid.from_line("." * 81).shape), NEVER)
    return None if step is None else sorted(c * 10 + d for c, d in step.eliminations)


def ours(state: State) -> dict[str, list[int] | None]:
    """hodoku.py's answer for each type."""
    return {t: elims(HODOKU_STEPS[KINDS[t]].find, state) for t in TYPES}


def before(state: State) -> dict[str, list[int] | None]:
    """sudokit's own finders' answer for each type (type 3 had HoDoKu's search already)."""
    out: dict[str, list[int] | None] = {}
    for t, (name, technique) in TYPES.items():
        finder = _sudokit(technique, name) if technique else HODOKU_STEPS[KINDS[t]].find
        out[t] = elims(finder, state)
    return out


def thinned(state: State, puzzle: str, rng: random.Random) -> State:
    """The state with each candidate that is not the solution's digit removed with chance 1/2."""
    solution = solve(Grid.from_line(puzzle)).cells
    givens, values, masks = state
    out = []
    for cell, mask in enumerate(masks):
        for d in range(1, 10):
            if mask >> (d - 1) & 1 and d != solution[cell] and rng.random() < 0.5:
                mask &= ~(1 << (d - 1))
        out.append(mask)
    return givens, values, tuple(out)


def position_line(state: State) -> str:
    """The driver's input line of a state."""
    givens, values, masks = state
    marks = ",".join("".join(str(d) for d in range(1, 10) if m >> (d - 1) & 1) for m in masks)
    return f"{''.join(map(str, givens))} {''.join(map(str, values))} {marks}"


def hodoku_answers(hodoku: Path, states: Sequence[State]) -> list[dict[str, list[object] | None]]:
    """HoDoKu's first step of each type on each state."""
    done = subprocess.run(
        ["java", "-Djava.awt.headless=true", "-cp", f"{hodoku / 'classes'}:{hodoku / 'htech'}",
         "HtechFinder", "-g", *TYPES], input="".join(position_line(s) + "\n" for s in states),
        capture_output=True, text=True, check=True,
    )
    rows = done.stdout.split("\n")
    answers = []
    for i in range(len(states)):
        entry: dict[str, list[object] | None] = {}
        for row in rows[i * len(TYPES):(i + 1) * len(TYPES)]:
            kind, _, first, _, _ = row.split(" ")
            parts = first.split(",")
            entry[kind] = None if first == "-" else [parts[0], sorted(int(x) for x in parts[1:])]
        answers.append(entry)
    return answers


def main() -> None:
    """Pick the states, ask HoDoKu, write the fixture."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("states", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--hodoku", type=Path, default=Path("/work/peers/hodoku"))
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--per-type", type=int, default=12)
    ap.add_argument("--thinned", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rows = [json.loads(x) for x in args.states.read_text().splitlines()[::args.every]]
    states = [(tuple(r["givens"]), tuple(r["values"]), tuple(r["masks"])) for r in rows]
    differ: dict[str, list[int]] = {t: [] for t in TYPES}
    fires: dict[str, list[int]] = {t: [] for t in TYPES}
    quiet: list[int] = []
    for i, state in enumerate(states):
        now, old = ours(state), before(state)
        for t in TYPES:
            if now[t] != old[t]:
                differ[t].append(i)
            if now[t] is not None:
                fires[t].append(i)
        if not any(now.values()):
            quiet.append(i)
    picked: list[int] = []
    for t in TYPES:
        picked += [i for i in differ[t] if i not in picked][:args.per_type]
        picked += [i for i in fires[t] if i not in picked][:args.per_type // 2]
    picked += quiet[:: max(1, len(quiet) // 10)][:10]
    chosen = [(states[i], False) for i in sorted(set(picked))]
    rng = random.Random(args.seed)
    extra = 0
    for _ in range(200 * args.thinned):
        if extra >= args.thinned:
            break
        j = rng.randrange(len(states))
        state = thinned(states[j], rows[j]["puzzle"], rng)
        now = ours(state)
        if now["UNIQUENESS_5"] or (extra % 3 and (now["UNIQUENESS_6"] or now["UNIQUENESS_2"])):
            chosen.append((state, True))
            extra += 1
    answers = hodoku_answers(args.hodoku, [s for s, _ in chosen])
    out = []
    wrong = 0
    counts = {t: 0 for t in TYPES}
    for (state, thin), answer in zip(chosen, answers, strict=True):
        now = ours(state)
        for t in TYPES:
            want = answer[t]
            counts[t] += want is not None
            if (None if want is None else want[1]) != now[t]:
                wrong += 1
                print("differs", t, position_line(state), want, now[t])
        out.append({"givens": "".join(map(str, state[0])), "values": "".join(map(str, state[1])),
                    "masks": list(state[2]), "thinned": thin, "hodoku": answer})
    args.out.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"{len(out)} states ({extra} thinned), HoDoKu fires {counts}, "
          f"sudokit's own finders differed from hodoku.py on "
          f"{ {t: len(v) for t, v in differ.items()} } of {len(states)} read, "
          f"hodoku.py differs from HoDoKu {wrong} times")


if __name__ == "__main__":
    main()
