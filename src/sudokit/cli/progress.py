"""The progress bar of long batch work on a terminal (tqdm), counted in puzzles.

Part of what the subcommands share; nothing outside :mod:`sudokit.cli` imports it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from importlib import import_module
from typing import Any

from sudokit.batch.runner import Answers, Result, RunResults
from sudokit.cli.inputs import is_binary


def progress_bar(enabled: bool, total: int | None, unit: str, **options: Any) -> Any:
    """A tqdm bar on stderr when ``enabled`` and stderr is a terminal, else ``None``."""
    if not enabled or not sys.stderr.isatty():
        return None
    tqdm: Any = import_module("tqdm").tqdm  # untyped
    options.setdefault("delay", 1.0)
    return tqdm(total=total, unit=unit, file=sys.stderr, leave=False, **options)


def _count_lines(files: Sequence[str]) -> int | None:
    """The total number of lines of the input files (None when one of them is standard input,
    a data set or a puzzle given on the command line)."""
    if not files or any(is_binary(name) or not os.path.isfile(name) for name in files):
        return None
    total = 0
    for name in files:
        with open(name, "rb") as handle:
            while block := handle.read(1 << 20):
                total += block.count(b"\n")
    return total


def progress(results: Iterable[Result], files: Sequence[str], enabled: bool) -> Iterator[Result]:
    """Pass batch results through, showing a progress bar (by input line) on a terminal."""
    for chunk in progress_chunks(([result] for result in results), files, enabled):
        yield from chunk


def _last(answers: Answers) -> tuple[str, int]:
    """The source and line of the last puzzle of a chunk's answers."""
    if isinstance(answers, RunResults):
        return answers.source, answers.line + len(answers) - 1
    return answers[-1].source, answers[-1].line


def progress_chunks(chunks: Iterable[Answers], files: Sequence[str], enabled: bool) -> Iterator[Answers]:
    """Pass a batch's answers through chunk by chunk, showing a progress bar (by input line) on a
    terminal."""
    if not enabled or not sys.stderr.isatty():
        yield from chunks
        return
    bar = progress_bar(True, _count_lines(files), " lines", dynamic_ncols=True, mininterval=0.2)
    done = 0
    offset = 0
    source = None
    last = 0
    try:
        for answers in chunks:
            if not len(answers):
                continue
            name, line = _last(answers)
            if name != source:
                offset, source = offset + last, name
            last = line
            position = offset + line
            if position > done:
                bar.update(position - done)
                done = position
            yield answers
    finally:
        bar.close()


