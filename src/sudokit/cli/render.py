"""``sudokit render``: pictures of puzzles, SVG or PNG (by the output's suffix).

Without ``-o`` the SVG of the one puzzle goes to standard output. With ``-o OUT.svg`` (or
``OUT.png``) one puzzle is written to that file; an input of several puzzles is written one
file per puzzle, numbered in input order: ``OUT-001.svg``, ``OUT-002.svg``, … Each file is
written whole or not at all (a temporary file renamed into place). PNG needs the ``png`` extra
(cairosvg). Exit status: 0 when every puzzle was drawn, 1 when some could not be read (named on
standard error, their numbers skipped), 2 on a usage error (an output that cannot be written).
"""

from __future__ import annotations

import argparse
import sys
from importlib.util import find_spec
from pathlib import Path

from sudokit import Candidates, Grid, SudokuError
from sudokit.cli.inputs import read_puzzles_args
from sudokit.cli.options import EXIT_FAILED, EXIT_OK, UsageError, add_puzzles_arguments, positive
from sudokit.cli.output import check_output, write_atomic
from sudokit.render import svg

__all__ = ["SUFFIXES", "add_arguments", "numbered", "run"]

#: The picture formats, by the output file's suffix.
SUFFIXES = (".svg", ".png")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit render``."""
    add_puzzles_arguments(parser)
    parser.add_argument("-o", "--output", metavar="OUT.svg|OUT.png",
                        help="the picture file (several puzzles: OUT-001.svg, OUT-002.svg, …); "
                        "default: SVG on standard output, for one puzzle")
    parser.add_argument("--marks", action="store_true", help="draw every cell's pencil marks")
    parser.add_argument("--size", type=positive, metavar="PX", help="width in pixels")
    parser.add_argument("--coordinates", action="store_true", help="number the rows and columns")


def numbered(out: Path, number: int, total: int) -> Path:
    """The file of the ``number``-th of ``total`` puzzles: ``OUT-001.svg`` (wider past 999)."""
    width = max(3, len(str(total)))
    return out.with_name(f"{out.stem}-{number:0{width}d}{out.suffix}")


def _picture(grid: Grid, args: argparse.Namespace, png: bool) -> str | bytes:
    """The SVG (or PNG) of one puzzle as the options ask."""
    board: Grid | Candidates = Candidates.from_grid(grid) if args.marks else grid
    picture = svg.grid(board, size=args.size, coordinates=args.coordinates)
    return svg.png(picture) if png else picture


def _target(output: str | None) -> tuple[Path | None, bool]:
    """The output path (``None``: standard output) and whether it is a PNG; checked before any work."""
    if output is None or output == "-":
        return None, False
    out = Path(output)
    suffix = out.suffix.lower()
    if suffix not in SUFFIXES:
        raise UsageError(f"-o {output}: the file name must end in .svg or .png")
    if suffix == ".png" and find_spec("cairosvg") is None:
        raise UsageError("PNG output needs cairosvg: pip install 'sudokit[png]'")
    check_output(out)
    return out, suffix == ".png"


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit render``."""
    out, png = _target(args.output)
    items = list(read_puzzles_args(args))
    if out is None and len(items) > 1:
        raise UsageError(f"{len(items)} puzzles: give -o OUT.svg to write one file each")
    failed = 0
    for number, (name, item) in enumerate(items, start=1):
        try:
            if not isinstance(item, Grid):
                raise item
            picture = _picture(item, args, png)
        except (SudokuError, ValueError, UsageError) as exc:
            print(f"sudokit render: {name}: {exc}", file=sys.stderr)
            failed += 1
            continue
        if out is None:
            sys.stdout.write(str(picture) + "\n")
        else:
            write_atomic(out if len(items) == 1 else numbered(out, number, len(items)), picture)
    return EXIT_FAILED if failed else EXIT_OK
