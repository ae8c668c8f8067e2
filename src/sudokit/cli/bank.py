"""``sudokit bank``: a puzzle bank in one SQLite file (:class:`sudokit.Bank`): add, query, stats, export.

``bank add FILE…`` checks, rates and stores every 9×9 puzzle of the files (any format, ``.npy``
and ``.parquet`` too; ``-`` is standard input), skipping equivalent copies; ``bank query`` writes
the puzzles matching its filters, ``bank export`` all of them, in any data-set format (by
``--format`` or the output's suffix; a file is written whole or not at all); ``bank stats``
counts them. ``--db PATH`` names the bank file (default: :func:`sudokit.bank.store.default_path`).
Exit status: 0 on success, 1 when ``add`` refused some puzzles (each named on standard error,
the rest stored), 2 on a usage error (no bank at PATH for the commands that read one).
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sqlite3
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from sudokit import Bank, OptionError, Status
from sudokit.bank.store import ADD_TIME_LIMIT, ORDERS, AddReport, default_path, parse_range
from sudokit.cli.inputs import BINARY_FORMATS, check_files, read_inputs
from sudokit.cli.options import EXIT_FAILED, EXIT_OK, UsageError, jobs, number, plural, positive, seconds
from sudokit.cli.output import atomic_output
from sudokit.cli.progress import progress_bar
from sudokit.formats.datasets import FORMATS, format_for_path
from sudokit.formats.reader import Entry
from sudokit.generation.generator import LEVELS
from sudokit.symmetry import SYMMETRIES, check_symmetry
from sudokit.techniques import techniques

__all__ = ["add_arguments", "run"]


# -- option parsers ---------------------------------------------------------------------------------


def _range(text: str) -> tuple[float | None, float | None]:
    """Parse an inclusive range: ``7-8.5``, ``7:``, ``:8.5`` or one number."""
    try:
        return parse_range(text)
    except OptionError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _key(text: str) -> str:
    """A name compared loosely: case, spaces, hyphens and underscores aside."""
    return re.sub(r"[\s_-]+", "", text.strip().lower())


def _unknown(kind: str, text: str, known: Iterable[str]) -> str:
    """The message for an unknown name: the close ones (``did you mean X-Wing?``), else the list."""
    names = {_key(name): name for name in known}
    close = difflib.get_close_matches(_key(text), list(names), n=3, cutoff=0.6)
    if close:
        return f"unknown {kind} {text!r}: did you mean {' or '.join(names[c] for c in close)}?"
    return f"unknown {kind} {text!r} (choose from: {', '.join(names.values())})"


def _level(text: str) -> str:
    """Parse a HoDoKu-style level name."""
    if _key(text) in LEVELS:
        return _key(text)
    raise argparse.ArgumentTypeError(_unknown("level", text, LEVELS))


def _symmetry(text: str) -> str:
    """Parse a symmetry name."""
    try:
        return check_symmetry(_key(text) or text)
    except (OptionError, ValueError):
        raise argparse.ArgumentTypeError(_unknown("symmetry", text, SYMMETRIES)) from None


#: Words ``--order`` takes besides :data:`~sudokit.bank.store.ORDERS` (which hold ``-er``, an
#: option to argparse unless written ``--order=-er``).
ORDER_WORDS = {"hardest": "-er", "easiest": "er"}


def _order(text: str) -> str:
    """Parse a query order: one of ORDERS or ORDER_WORDS."""
    key = text.strip().lower()
    if key in ORDERS:
        return key
    if key in ORDER_WORDS:
        return ORDER_WORDS[key]
    raise argparse.ArgumentTypeError(_unknown("order", text, [*ORDERS, *ORDER_WORDS]))


def _techniques(bank: Bank, names: Sequence[str] | None) -> list[str] | None:
    """The ``--technique`` names as the bank spells them (compared loosely); a name that is no
    technique (neither a step the bank holds nor one of the rater's) is a usage error."""
    if not names:
        return None
    stored = {_key(name): name for name in bank.technique_names()}
    registry = {_key(t.name): t.name for t in techniques()}
    found: list[str] = []
    for name in names:
        key = _key(name)
        if key in stored:
            found.append(stored[key])
        elif key in registry:
            print(f"sudokit bank: no puzzle of the bank uses {registry[key]}", file=sys.stderr)
            found.append(registry[key])
        else:
            known = [*stored.values(), *registry.values()]
            raise UsageError(f"--technique: {_unknown('technique', name, known)}")
    return found


def _bin_width(text: str) -> float:
    """Parse a positive histogram bin width."""
    return number(text, float, "bin width", lambda v: v > 0, "the bin width must be positive")


# -- the options ------------------------------------------------------------------------------------


def _db(parser: argparse.ArgumentParser, dest: str = "db") -> None:
    """Add ``--db PATH``."""
    parser.add_argument("--db", dest=dest, metavar="PATH",
                        help=f"the bank file (default {default_path()})")


def _output(parser: argparse.ArgumentParser) -> None:
    """Add ``-o FILE`` and ``--format``."""
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="write to FILE (default: standard output)")
    parser.add_argument("--format", "-f", choices=FORMATS,
                        help="line, csv, jsonl, npy or parquet (default: by FILE's suffix, else line)")


def _filters(parser: argparse.ArgumentParser) -> None:
    """Add the filters of ``bank query``."""
    parser.add_argument("--er", type=_range, metavar="LOW-HIGH",
                        help="SE rating range: 7-8.5, 9: (at least 9), :3 (at most 3) or 7.2")
    parser.add_argument("--level", action="append", type=_level, metavar="LEVEL",
                        help="HoDoKu-style level (easy, medium, hard, unfair, extreme); repeat: any of them")
    parser.add_argument("--technique", action="append", metavar="NAME",
                        help="a technique used on the solving path (e.g. X-Wing); repeat: all of them")
    parser.add_argument("--clues", type=_range, metavar="LOW-HIGH", help="clue count range: 20-25, 30:")
    parser.add_argument("--symmetry", type=_symmetry, metavar="NAME",
                        help="a symmetry of the pattern (rot180, rot90, …, none)")
    parser.add_argument("--status", choices=[s.value for s in Status],
                        help="only puzzles with this status (rated ones: rated)")
    parser.add_argument("-n", "--limit", type=positive, metavar="N", help="at most N puzzles")
    parser.add_argument("--order", type=_order, default="added", metavar="ORDER",
                        help="order: added (default), er (easiest first), hardest (hardest first; "
                        "also --order er --desc, or --order=-er), clues, random")
    parser.add_argument("--desc", action="store_true",
                        help="with --order er: the other way round, hardest first")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit bank`` and its actions."""
    _db(parser, "db_outer")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    add = actions.add_parser("add", help="check, rate and store puzzles; skip equivalent copies",
                             description="Check, rate and store every 9×9 puzzle of the files.")
    _db(add)
    add.add_argument("files", nargs="+", metavar="FILE",
                     help="puzzle files, any format ('-': standard input)")
    add.add_argument("--time-limit", type=seconds, default=ADD_TIME_LIMIT, metavar="SECONDS",
                     help=f"seconds of rating per puzzle before it is stored unrated "
                     f"(default {ADD_TIME_LIMIT:g}; 0 for no limit)")
    add.add_argument("--jobs", "-j", type=jobs, default=1, metavar="N",
                     help="rating workers (default 1; 0: one per CPU): threads for the C "
                     "rater, processes for the Python one")
    add.add_argument("--json", action="store_true", help="write the report as one JSON object")
    add.add_argument("--no-progress", dest="progress", action="store_false",
                     help="no progress bar (shown only on a terminal)")
    add.set_defaults(act=_add)
    query = actions.add_parser("query", help="the puzzles matching filters, in any data-set format",
                               description="Write the bank's puzzles that match every filter given.")
    _db(query)
    _filters(query)
    _output(query)
    query.set_defaults(act=_query)
    stats = actions.add_parser("stats", help="counts by status, level, symmetry; an ER histogram",
                               description="Count the bank's puzzles; an ER histogram.")
    _db(stats)
    stats.add_argument("--bin", type=_bin_width, default=1.0, metavar="WIDTH",
                       help="ER histogram bin width (default 1.0)")
    stats.add_argument("--json", action="store_true", help="write the statistics as one JSON object")
    stats.set_defaults(act=_stats)
    export = actions.add_parser("export", help="every puzzle of the bank, in any data-set format",
                                description="Write every puzzle of the bank with its rating.")
    _db(export)
    _output(export)
    export.set_defaults(act=_query)


# -- running ----------------------------------------------------------------------------------------


def _open(args: argparse.Namespace, *, create: bool = False) -> Bank:
    """Open the bank ``--db`` names; a missing one is created only by ``add``."""
    name = args.db or args.db_outer
    path = Path(name) if name else default_path()
    if not create and name != ":memory:" and not path.is_file():
        raise UsageError(f"no bank at {path} (sudokit bank add creates one)")
    try:
        return Bank(path)
    except sqlite3.Error as exc:
        raise UsageError(f"cannot open the bank {path}: {exc}") from None


def _progress(enabled: bool) -> tuple[Callable[[AddReport], None] | None, Any]:
    """A progress callback for :meth:`Bank.add` drawing a bar on a terminal (and the bar)."""
    bar: Any = progress_bar(enabled, None, " puzzles", delay=0.5)
    if bar is None:
        return None, None

    def show(report: AddReport) -> None:
        bar.update(report.read - bar.n)
        bar.set_postfix_str(f"added {report.added}, duplicates {report.duplicates}", refresh=False)

    return show, bar


def _summary(report: AddReport, path: Path, size: int) -> str:
    """The report of ``bank add`` in one line."""
    refused = sum(report.rejected.values())
    why = ", ".join(f"{k} {v}" for k, v in report.rejected.items())
    return (f"{report.read} read, {report.added} added ({report.unrated} unrated), "
            f"{report.duplicates} already in the bank, {refused} refused{f' ({why})' if why else ''}; "
            f"{report.seconds:.1f} s; {path} holds {size} puzzles")


def _add(args: argparse.Namespace) -> int:
    """Run ``sudokit bank add``."""
    check_files(args.files)

    def items() -> Iterator[tuple[str, Entry]]:
        for name, entries in read_inputs(args.files):
            for entry in entries:
                yield name, entry

    callback, bar = _progress(args.progress)
    with _open(args, create=True) as bank:
        try:
            report = bank.add(items(), time_limit=args.time_limit, jobs=args.jobs, progress=callback)
        finally:
            if bar is not None:
                bar.close()
        size = len(bank)
        path = bank.path
    for problem in report.problems:
        where = "" if problem.error.startswith("line ") else f"line {problem.line}: "
        print(f"sudokit bank: {problem.source}: {where}{problem.error}", file=sys.stderr)
    if args.json:
        print(json.dumps({**report.to_dict(), "bank": str(path), "size": size}))
    else:
        print(_summary(report, path, size))
    return EXIT_FAILED if report.rejected else EXIT_OK


def _query(args: argparse.Namespace) -> int:
    """Run ``sudokit bank query`` (and ``bank export``: no filters)."""
    filters: dict[str, Any] = {}
    if args.action == "query":
        filters = {"er": args.er, "level": args.level, "technique": args.technique, "clues": args.clues,
                   "symmetry": args.symmetry, "status": args.status, "limit": args.limit,
                   "order": args.order}
    to_stdout = args.output in (None, "-")
    fmt = args.format or ("line" if to_stdout else format_for_path(args.output))
    if to_stdout and fmt in BINARY_FORMATS:
        raise UsageError(f"the {fmt} format is binary: give -o FILE")
    if filters and args.desc:
        if filters["order"] not in ("er", "-er"):
            raise UsageError("--desc goes with --order er (hardest first)")
        filters["order"] = "-er" if filters["order"] == "er" else "er"
    with _open(args) as bank:
        if filters:
            filters["technique"] = _techniques(bank, filters["technique"])
        if to_stdout:
            bank.export(sys.stdout, fmt, **filters)
            return EXIT_OK
        with atomic_output(args.output) as temp:
            count = bank.export(temp, fmt, **filters)
    print(f"wrote {plural(count, 'puzzle')} to {args.output}", file=sys.stderr)
    return EXIT_OK


def _stats(args: argparse.Namespace) -> int:
    """Run ``sudokit bank stats``."""
    with _open(args) as bank:
        stats = bank.stats(args.bin)
    print(json.dumps(stats.to_dict()) if args.json else stats.to_text())
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit bank ACTION``."""
    action: Callable[[argparse.Namespace], int] = args.act
    return action(args)
