"""Writing results: a batch's answers in order (text or JSON) with Ctrl-C keeping whole lines,
the exit status of a batch, and files written whole (atomically, honouring the umask).

Part of what the subcommands share; nothing outside :mod:`sudokit.cli` imports it.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import signal
import sys
import tempfile
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import IO, Any, TextIO, cast

from sudokit import (
    Grid,
    OutputError,
    Status,
    SudokuError,
    batch,
)
from sudokit.batch.runner import Answers, Job, Result, RunResults
from sudokit.batch.verification import verify_entry
from sudokit.cli.inputs import check_files, read_inputs, standard_input, stdin_is_terminal
from sudokit.cli.options import EXIT_FAILED, EXIT_OK, executor_of
from sudokit.cli.progress import progress_chunks
from sudokit.formats.reader import Entry, LineRun


def _format_solution(result: Result, style: str) -> str:
    """A solved puzzle's solution in the chosen output format (in its rules' digit set, when they
    have one other than 1 … N)."""
    assert result.solution is not None
    digits = result.rules.digits if result.rules is not None else None
    if style == "line" and digits is None:
        return result.solution
    grid = result.solution_grid()
    assert grid is not None
    if digits is not None:
        return _in_digit_set(grid, digits, style)
    if style == "block":
        return grid.to_block()
    if style == "csv":
        return grid.to_csv()
    return grid.to_numbers()


def _in_digit_set(grid: Grid, digits: tuple[int, ...], style: str) -> str:
    """A full grid written with the digit set's own digits (cell value v is ``digits[v-1]``):
    one character a cell in the line and block forms when every digit is one, else numbers."""
    labels = [str(digits[v - 1]) for v in grid.cells]
    if all(len(label) == 1 for label in labels) and style in ("line", "block"):
        if style == "line":
            return "".join(labels)
        table = str.maketrans({grid.to_string()[i]: labels[i] for i in range(len(labels))})
        return grid.to_block().translate(table)
    sep = "," if style == "csv" else " "
    rows = [sep.join(labels[r * grid.n:(r + 1) * grid.n]) for r in range(grid.n)]
    return sep.join(rows) if style == "line" else "\n".join(rows)


def _failure(result: Result) -> str:
    """The comment line written in place of a failed puzzle's answer."""
    return f"# {result.source}: {result.error}"


def _count_text(result: Result, limit: int) -> str:
    """A count for people: ``2+`` when the search stopped at the limit."""
    assert result.count is not None
    return f"{result.count}+" if result.count >= limit else str(result.count)


def _plain(result: Result, job: Job, style: str, verified: bool = False) -> str:
    """The plain-text output for one puzzle (see each command's --help)."""
    if job.task == "solve":
        return _format_solution(result, style) if result.status == Status.SOLVED else _failure(result)
    if job.task == "count":
        if result.status in (Status.INVALID, Status.LIMIT_REACHED):
            return _failure(result)
        return f"{_count_text(result, job.limit)} {result.puzzle}"
    if result.status == Status.SOLVED:
        given = ", the given solution" if verified else ""
        return f"{result.source}: line {result.line}: ok (valid, one solution{given})"
    return f"{result.source}: {result.error}"


#: Characters handed to a text stream at once by :meth:`InterruptGuard.write` (at most 8 KiB in
#: UTF-8: what its buffer holds).
WRITE_PIECE = 2048


class InterruptGuard:
    """Hold Ctrl-C back while answers are being written, so output never ends mid-line.

    Outside a write, Ctrl-C raises :class:`KeyboardInterrupt` at once (also in a blocking read
    of standard input); during one, it is remembered and raised when the write is done.

    A write is handed to the stream in pieces of :data:`WRITE_PIECE` characters: one larger than
    the stream's buffer goes straight to the pipe, and when a signal cuts that write short,
    ``BufferedWriter.write`` returns the short count, which ``TextIOWrapper`` drops (CPython 3.11:
    the rest of the text is lost without an error). Pieces pass through the buffer, whose flush
    writes them whole.
    """

    def __init__(self) -> None:
        self.writing = False
        self.pending = False
        self.installed = False
        self.previous: Any = None

    def _handler(self, signum: int, frame: object) -> None:
        if self.writing:
            self.pending = True
        else:
            raise KeyboardInterrupt

    def __enter__(self) -> InterruptGuard:
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.getsignal(signal.SIGINT)
            if self.previous is signal.default_int_handler:
                signal.signal(signal.SIGINT, self._handler)
                self.installed = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self.installed:
            signal.signal(signal.SIGINT, self.previous)
            self.installed = False

    def write(self, out: TextIO, text: str) -> None:
        """Write ``text`` whole, then honour a Ctrl-C that came meanwhile."""
        self.writing = True
        try:
            if len(text) <= WRITE_PIECE:
                out.write(text)
            else:
                for start in range(0, len(text), WRITE_PIECE):
                    out.write(text[start : start + WRITE_PIECE])
        finally:
            self.writing = False
        if self.pending:
            self.pending = False
            raise KeyboardInterrupt


#: Characters JSON escapes (``json.dumps`` with ``ensure_ascii=False``), the newline aside.
_JSON_ESCAPED = re.compile(r'[\x00-\x09\x0b-\x1f"\\]')


def _run_lines(answers: RunResults, job: Job, as_json: bool) -> tuple[list[str], int]:
    """The output lines of a run's answers and its failures, formatted from the engine's lists;
    only a puzzle that did not simply pass becomes a :class:`Result` first."""
    counts, puzzles, solutions = answers.counts, answers.puzzles, answers.solutions
    first, limit, task = answers.line, job.limit, job.task
    counted = task == "count" and not as_json  # a count passes whatever it is; else one solution
    if as_json:
        src = json.dumps(answers.source, ensure_ascii=False)
        quoted = _JSON_ESCAPED.search("".join(puzzles)) is None
    lines: list[str] = []
    failed = 0
    for i, count in enumerate(counts):
        if i in answers.others or not (count >= 0 if counted else count == 1):
            result = answers.result(i)
            failed += not job.succeeded(result)
            lines.append(json.dumps(result.to_dict(), ensure_ascii=False) if as_json
                         else _plain(result, job, "line"))
        elif as_json:
            puzzle = f'"{puzzles[i]}"' if quoted else json.dumps(puzzles[i], ensure_ascii=False)
            lines.append(f'{{"file": {src}, "line": {first + i}, "puzzle": {puzzle}, "status": "solved", '
                         f'"solution": "{solutions[i]}", "count": 1, "error": null}}')
        elif task == "solve":
            lines.append(solutions[i] or "")
        elif task == "count":
            lines.append(f"{count}+ {puzzles[i]}" if count >= limit else f"{count} {puzzles[i]}")
        else:
            lines.append(f"{answers.source}: line {first + i}: ok (valid, one solution)")
    return lines, failed


def _run_text(answers: RunResults, job: Job, as_json: bool) -> tuple[str, int]:
    """The output of a run's answers and its failures: at the engine's speed when every puzzle of
    a ``solve`` passed, else line by line (:func:`_run_lines`)."""
    if not as_json and job.task == "solve" and not answers.others:
        counts = answers.counts
        if counts.count(1) == len(counts):
            return "\n".join(cast("list[str]", answers.solutions)) + "\n", 0
    lines, failed = _run_lines(answers, job, as_json)
    return "\n".join(lines) + "\n", failed


def _chunk_text(
    answers: Answers, job: Job, *, as_json: bool, style: str, verified: bool, first: bool
) -> tuple[str, int]:
    """The output for one chunk's answers and its failures (``first``: nothing written before)."""
    if isinstance(answers, RunResults) and (as_json or style == "line" or job.task != "solve"):
        return _run_text(answers, job, as_json)
    multi_line = style != "line" and not as_json and job.task == "solve"
    parts: list[str] = []
    failed = 0
    for result in answers:
        if as_json:
            text = json.dumps(result.to_dict(), ensure_ascii=False)
        else:
            text = _plain(result, job, style, verified)
        parts.append(("\n" if multi_line and not (first and not parts) else "") + text + "\n")
        failed += not job.succeeded(result)
    return "".join(parts), failed


def write_answers(
    chunks: Iterable[Answers],
    job: Job,
    out: TextIO,
    *,
    as_json: bool = False,
    style: str = "line",
    verified: bool = False,
) -> tuple[int, int]:
    """Write a batch's answers chunk by chunk as they come (plain text or JSON Lines); return
    (puzzles, failures). A chunk is written whole: Ctrl-C never cuts an answer in two."""
    total = failed = 0
    with InterruptGuard() as interrupts:
        for answers in chunks:
            if not len(answers):
                continue
            text, bad = _chunk_text(answers, job, as_json=as_json, style=style, verified=verified,
                                    first=total == 0)
            interrupts.write(out, text)
            total += len(answers)
            failed += bad
    return total, failed


def _remember(entries: Iterable[Entry], kept: deque[Entry]) -> Iterator[Entry]:
    """Pass entries through, keeping each for :func:`_verified` (one batch result per entry, in order)."""
    for entry in entries:
        kept.append(entry)
        yield entry


def _same_solution(given: object, result: Result) -> bool:
    """True when a given solution (text) is the solution the batch found."""
    if not isinstance(given, str) or result.solution is None:
        return False
    if given.strip() == result.solution:
        return True
    try:
        found = result.solution_grid()
        return found is not None and Grid.from_string(given, found.shape, check=False).cells == found.cells
    except SudokuError:
        return False


def _verified(result: Result, entry: Entry) -> Result:
    """A result checked against the entry's given solution column (``verification.verify_entry``).

    A solved puzzle whose given solution is missing or differs fails with the reason; the
    puzzle is solved again (by ``verify_entry``) only when the quick comparison fails.
    """
    if result.status != Status.SOLVED:
        return result
    fields = entry.fields or {}
    given = fields.get("solution")
    if given is None or given == "":
        why = "its solution field is empty" if "solution" in fields else "no solution column"
        return replace(result, status=Status.INVALID,
                       error=f"line {result.line}: no given solution to verify ({why})")
    if _same_solution(given, result):
        return result
    found = verify_entry(entry)
    if found.ok:
        return result
    return replace(result, status=found.status, error=f"line {result.line}: {found.error}")


def run_batch(args: argparse.Namespace, job: Job, *, style: str = "line", verify: bool = False) -> int:
    """Run a batch job over the command's inputs and write the results; return the exit status.

    Text inputs are read by :func:`~sudokit.formats.read_puzzles`, ``.npy`` and ``.parquet``
    files by :func:`~sudokit.formats.read_dataset`. With ``verify``, a solved puzzle passes only
    when its given solution (the data set's solution column) is the one found.
    """
    check_files(args.files, job.box)
    if not args.files or "-" in args.files:
        standard_input()
    interactive = (not args.files or "-" in args.files) and stdin_is_terminal()
    kept: deque[Entry] = deque()
    sources: Iterable[tuple[str, Iterable[Entry | LineRun]]]
    if verify:
        inputs = read_inputs(args.files, job.box, defer=True)
        sources = ((name, _remember(entries, kept)) for name, entries in inputs)
    else:  # runs of lines read at the core's speed (a person typing is answered line by line)
        sources = read_inputs(args.files, job.box, defer=True, runs=not interactive)
    chunks: Iterable[Answers] = batch.run_chunks(
        sources,
        job,
        jobs=1 if interactive else args.jobs,
        chunk_size=1 if interactive else None,
        executor=None if interactive else executor_of(args),
    )
    if verify:
        chunks = ([_verified(result, kept.popleft()) for result in answers] for answers in chunks)
    chunks = progress_chunks(chunks, args.files, args.progress)
    total, failed = write_answers(chunks, job, sys.stdout, as_json=args.json, style=style, verified=verify)
    if failed:
        what = "could not be counted" if job.task == "count" else "did not pass"
        print(f"sudokit: {failed} of {total} puzzles {what}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


# -- writing files ----------------------------------------------------------------------------------


def check_output(path: str | os.PathLike[str]) -> Path:
    """The output path, after checking a file can be written there (:class:`OutputError` if not)."""
    target = Path(path)
    parent = target.parent
    if target.is_dir():
        raise OutputError(f"cannot write {target}: it is a directory")
    if not parent.is_dir():
        raise OutputError(f"cannot write {target}: directory {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write {target}: directory {parent} is not writable")
    return target


def _file_mode() -> int:
    """The permissions a new file gets (0666 less the umask), for a temporary file renamed into place."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike[str]) -> Iterator[Path]:
    """A temporary file beside ``path`` to write, renamed to ``path`` when the block succeeds.

    On any error the temporary file is removed, so ``path`` is either the whole new file or
    untouched; an :class:`OSError` becomes :class:`OutputError` naming ``path``.
    """
    target = check_output(path)
    try:
        handle, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from None
    os.close(handle)
    temp = Path(name)
    try:
        yield temp
        os.chmod(temp, _file_mode())
        os.replace(temp, target)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from None
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> Path:
    """Write ``data`` (text as UTF-8) to ``path`` whole or not at all; return the path."""
    with atomic_output(path) as temp:
        temp.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return Path(path)


def flush(stream: IO[str] | None) -> None:
    """Flush a stream, ignoring a stream that was closed; when the reader of standard output has
    gone away, it is dropped (:func:`drop_stdout`)."""
    if stream is None:
        return
    try:
        stream.flush()
    except BrokenPipeError:
        if stream is sys.stdout:
            drop_stdout()
    except ValueError:
        pass


class _Stdout:
    """Whether standard output was dropped because its reader went away."""

    dropped = False


def drop_stdout() -> None:
    """Standard output's reader went away (EPIPE): point its file descriptor at the null device,
    so nothing more goes to the closed pipe and the flush at exit cannot fail again."""
    _Stdout.dropped = True
    with contextlib.suppress(OSError, ValueError, AttributeError, io.UnsupportedOperation):
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, sys.stdout.fileno())
        finally:
            os.close(devnull)


def stdout_dropped(reset: bool = False) -> bool:
    """True when :func:`drop_stdout` was called (since the last ``reset``)."""
    dropped = _Stdout.dropped
    if reset:
        _Stdout.dropped = False
    return dropped


#: What a subcommand module provides (see :mod:`sudokit.cli`).
AddArguments = Callable[[argparse.ArgumentParser], None]
Run = Callable[[argparse.Namespace], int]
