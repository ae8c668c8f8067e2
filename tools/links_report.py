"""How many real published puzzles sudokit reads and solves from their links alone (#25).

For every row of the collection (``tests/links/data/collection.tsv``: public SudokuPad and
f-puzzles links), the link is read (:func:`sudokit.formats.links.read_link`), then searched for
up to two solutions within a time limit, and the outcome is one of

- ``solved``: exactly one solution, which keeps every rule (:func:`sudokit.rules.check`) and the
  givens; when the link's metadata carries a solution it is compared afterwards (never used to
  solve): ``agree`` or ``WRONG``;
- ``refused``: the reader refused the link with a named reason (:class:`LinkRefused`);
- ``no-solution`` / ``several``: read, but the rules as read give no or several solutions;
- ``timeout``: the search ran past the time limit (``consistent`` then says whether the link's
  own solution, if any, keeps every rule as read: an inconsistent one would prove a misreading);
- ``error``: anything else (an id-only link, a malformed payload, a crash).

    .venv/bin/python tools/links_report.py [--time-limit 5] [--only ID ...] [--reasons]

It prints one line a puzzle, then the totals by outcome, refusal reason and source.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from sudokit import Grid, search
from sudokit.errors import SudokuError
from sudokit.formats.links import LinkPuzzle, LinkRefused, read_link
from sudokit.rules import check

ROOT = Path(__file__).resolve().parents[1]
COLLECTION = ROOT / "tests" / "links" / "data" / "collection.tsv"


@dataclass(frozen=True)
class Entry:
    """One row of the collection."""

    id: str
    title: str
    author: str
    found: str
    link: str

    @property
    def source(self) -> str:
        """The repository the link was found in."""
        return self.found.split("@", 1)[0].removeprefix("github:")


@dataclass(frozen=True)
class Outcome:
    """What became of one link: ``status`` (see the module), ``detail``, the grid size."""

    entry: Entry
    status: str
    detail: str = ""
    size: int = 0
    reasons: tuple[str, ...] = ()
    agrees: bool | None = None
    seconds: float = 0.0
    consistent: bool | None = None


def load(path: Path = COLLECTION) -> list[Entry]:
    """The collection's rows (comment lines and the header skipped)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#") or line.startswith("id\t"):
            continue
        parts = line.split("\t")
        if len(parts) != 5:
            raise ValueError(f"{path.name}: a row needs 5 tab-separated fields: {line[:60]}")
        out.append(Entry(*parts))
    return out


def reason_key(reason: str) -> str:
    """A refusal reason without its particulars (cells, quoted text, numbers), to count alike ones."""
    text = reason.removeprefix("unsupported: ")
    text = re.sub(r"\"[^\"]*\"|'[^']*'|\([^)]*\)", "…", text)
    text = re.sub(r"\bat (r\d+c\d+|centre|edge|outside|corner)\b.*", "", text)
    text = re.sub(r"\d+", "N", text)
    return re.sub(r"\s+", " ", text).strip(" ,:;")[:70]


def solution_digits(puzzle: LinkPuzzle, n: int) -> list[int] | None:
    """The metadata's solution as cell values, or None when there is none or it is not one."""
    text = (puzzle.solution or "").strip()
    if n <= 9 and re.fullmatch(rf"[1-{n}]{{{n * n}}}", text):
        return [int(ch) for ch in text]
    return None


def consistent(puzzle: LinkPuzzle) -> bool | None:
    """Whether the link's own solution keeps the givens and every rule as read (None: it has none)."""
    published = solution_digits(puzzle, puzzle.rules.n)
    if published is None:
        return None
    givens_kept = all(g in (0, v) for g, v in zip(puzzle.cells, published, strict=True))
    return givens_kept and not check(puzzle.rules, published)


def examine(entry: Entry, time_limit: float) -> Outcome:
    """Read, search (limit 2, within ``time_limit`` seconds) and check one link."""
    start = time.perf_counter()
    try:
        puzzle = read_link(entry.link)
    except LinkRefused as error:
        return Outcome(entry, "refused", error.reasons[0], reasons=error.reasons,
                       seconds=time.perf_counter() - start)
    except SudokuError as error:
        return Outcome(entry, "error", f"{type(error).__name__}: {error}",
                       seconds=time.perf_counter() - start)
    n = puzzle.rules.n
    grid = Grid.from_cells(puzzle.cells, puzzle.rules.shape, rules=puzzle.rules)
    found = search(grid, 2, time_limit=time_limit)
    seconds = time.perf_counter() - start
    if found.stopped:
        return Outcome(entry, "timeout", f"over {time_limit:g} s", n, seconds=seconds,
                       consistent=consistent(puzzle))
    if found.count == 0:
        return Outcome(entry, "no-solution", "", n, seconds=seconds)
    if found.count > 1:
        return Outcome(entry, "several", "", n, seconds=seconds)
    assert found.solution is not None
    values = list(found.solution.cells)
    broken = check(puzzle.rules, values)
    if broken or any(g and g != v for g, v in zip(puzzle.cells, values, strict=True)):
        return Outcome(entry, "error", f"the solution breaks {broken[:1] or 'a given'}", n, seconds=seconds)
    published = solution_digits(puzzle, n)
    agrees = None if published is None else published == values
    return Outcome(entry, "solved", "", n, agrees=agrees, seconds=seconds)


def run(entries: Sequence[Entry], time_limit: float) -> Iterator[Outcome]:
    """Every entry examined in order."""
    for entry in entries:
        try:
            yield examine(entry, time_limit)
        except Exception as error:  # a crash is an outcome the report counts
            yield Outcome(entry, "error", f"crash: {type(error).__name__}: {error}")


def summary(outcomes: Sequence[Outcome]) -> dict[str, object]:
    """Totals: outcomes, refusal reasons, sources, agreements with a published solution."""
    solved = [o for o in outcomes if o.status == "solved"]
    return {
        "puzzles": len(outcomes),
        "read": sum(o.status not in ("refused", "error") for o in outcomes),
        "outcomes": Counter(o.status for o in outcomes),
        "reasons": Counter(key for o in outcomes for key in dict.fromkeys(reason_key(r) for r in o.reasons)),
        "solved_by_size": Counter(o.size for o in solved),
        "by_source": Counter((o.entry.source, o.status) for o in outcomes),
        "compared": sum(o.agrees is not None for o in solved),
        "agree": sum(o.agrees is True for o in solved),
        "wrong": sum(o.agrees is False for o in solved),
        "timeouts_consistent": sum(o.consistent is True for o in outcomes),
        "timeouts_inconsistent": sum(o.consistent is False for o in outcomes),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Print one line a link, then the totals; exit status 1 if any answer is wrong."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--time-limit", type=float, default=5.0, help="seconds a search may take (5)")
    parser.add_argument("--only", nargs="*", default=None, help="ids to examine (all by default)")
    parser.add_argument("--collection", type=Path, default=COLLECTION)
    parser.add_argument("--reasons", action="store_true", help="print every reason of each refusal")
    args = parser.parse_args(argv)
    entries = [e for e in load(args.collection) if args.only is None or e.id in args.only]
    outcomes = []
    for o in run(entries, args.time_limit):
        outcomes.append(o)
        mark = {True: "agree", False: "WRONG", None: ""}[o.agrees]
        print(f"{o.entry.id:10} {o.size or '?':>2} {o.status:11} {o.seconds:6.2f}s {mark:5} "
              f"{o.entry.title[:28]:28} {o.detail[:110]}")
        if args.reasons:
            for r in o.reasons[1:]:
                print(f"{'':62}{r[:110]}")
    s = summary(outcomes)
    print(f"\n{s['puzzles']} links: read {s['read']}, " + ", ".join(
        f"{k} {v}" for k, v in sorted(s["outcomes"].items())))  # type: ignore[attr-defined]
    print(f"solved by size: {dict(sorted(s['solved_by_size'].items()))}")  # type: ignore[attr-defined]
    print(f"published solution in the link: {s['compared']} compared, {s['agree']} agree, "
          f"{s['wrong']} wrong")
    print(f"timed out, the link's solution keeping every rule as read: {s['timeouts_consistent']} yes, "
          f"{s['timeouts_inconsistent']} no")
    print("\nrefusal reasons (puzzles refused for each):")
    for key, count in s["reasons"].most_common():  # type: ignore[attr-defined]
        print(f"  {count:3}  {key}")
    print("\nby source:")
    for (source, status), count in sorted(s["by_source"].items()):  # type: ignore[attr-defined]
        print(f"  {source:32} {status:11} {count}")
    return 1 if s["wrong"] or s["timeouts_inconsistent"] else 0


if __name__ == "__main__":
    sys.exit(main())
