"""Processes the tests start, made so that they always stop and never flood the test run.

Tests start processes through these instead of :mod:`subprocess` directly:

* the child gets the default Ctrl-C: a shell starts a background job (``make test &``) with
  SIGINT and SIGQUIT ignored, a child inherits that, and Python then never raises
  KeyboardInterrupt, so a test that sends SIGINT would wait on a process that does not stop;
* the child leads a process group of its own, and whatever of that group still runs when the
  test leaves it (passed, failed or timed out) is killed, grandchildren included (``started``,
  ``run``);
* output is read within a bound on its size and on the time (:class:`Reader`), never with a bare
  ``read()`` on a process that may not stop.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

from tests.helpers.paths import ROOT

#: The most output one :class:`Reader` takes from a child before the test fails (bytes).
LIMIT = 64 * 2**20


def default_signals() -> None:
    """In the child, before it runs its program: Ctrl-C and SIGQUIT as in a terminal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


def sudokit(*argv: str) -> list[str]:
    """The command line of ``python -m sudokit argv…`` with this interpreter."""
    return [sys.executable, "-m", "sudokit", *argv]


def start(args: Sequence[str] | str, **options: Any) -> subprocess.Popen[Any]:
    """Start a process with the default signals, leading its own process group (run from the
    repository unless ``cwd`` says otherwise). Pair it with :func:`stop`, or use :func:`started`."""
    options.setdefault("cwd", ROOT)
    more = options.pop("preexec_fn", None)  # the test's own set-up of the child, run after ours

    def child() -> None:
        default_signals()
        if more is not None:
            more()

    return subprocess.Popen(args, preexec_fn=child, start_new_session=True, **options)


def stop(process: subprocess.Popen[Any]) -> None:
    """Kill whatever still runs of the process's group, reap the process, close its pipes."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)  # the group outlives its leader while members run
    for pipe in (process.stdin, process.stdout, process.stderr):
        if pipe is not None:
            with contextlib.suppress(OSError):
                pipe.close()
    process.wait(timeout=30)


@contextlib.contextmanager
def started(args: Sequence[str] | str, **options: Any) -> Iterator[subprocess.Popen[Any]]:
    """:func:`start` a process for the ``with`` block; :func:`stop` it on the way out."""
    process = start(args, **options)
    try:
        yield process
    finally:
        stop(process)


def group_cpu_seconds(pgid: int) -> float | None:
    """CPU seconds used so far by the live processes of a process group (Linux /proc), or None
    where /proc cannot tell."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total, seen = 0, False
    try:
        names = os.listdir("/proc")
    except OSError:
        return None
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile, or not ours to read
        if int(fields[2]) == pgid:  # fields after the name: state, ppid, pgrp, …, utime, stime
            total, seen = total + int(fields[11]) + int(fields[12]), True
    return total / tick if seen else None


def busy(process: subprocess.Popen[Any], cpu: float = 0.5, timeout: float = 60) -> None:
    """Wait until the process (and its workers) has spent ``cpu`` CPU seconds, so it is past its
    start-up and at work however loaded the machine is; a plain sleep where /proc is missing."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        used = group_cpu_seconds(process.pid)
        if used is None:
            time.sleep(1.5)
            return
        if used >= cpu or process.poll() is not None:
            return
        time.sleep(0.05)
    raise AssertionError(f"the process spent under {cpu} CPU seconds in {timeout} s")


def run(
    args: Sequence[str] | str,
    *,
    timeout: float,
    input: str | bytes | None = None,
    capture_output: bool = False,
    check: bool = False,
    **options: Any,
) -> subprocess.CompletedProcess[Any]:
    """:func:`subprocess.run` with a required time limit, the default signals in the child, and
    its whole process group killed on the way out (also when the time limit is reached, which
    raises :class:`subprocess.TimeoutExpired` as subprocess.run does)."""
    if capture_output:
        options["stdout"] = options["stderr"] = subprocess.PIPE
    if input is not None:
        options["stdin"] = subprocess.PIPE
    with started(args, **options) as process:
        out, err = process.communicate(input, timeout=timeout)
        done = subprocess.CompletedProcess(process.args, process.wait(), out, err)
    if check:
        done.check_returncode()
    return done


class Reader:
    """A child's output pipe read within bounds: each call fails after ``timeout`` seconds, and
    the whole reading after ``limit`` bytes, so that a child that never stops writing cannot
    make the test wait for ever or take the machine's memory. Read the pipe only through it."""

    def __init__(self, stream: Any, limit: int = LIMIT) -> None:
        self.fd: int = stream.fileno()
        self.limit = limit
        self.taken = 0
        self.buffer = bytearray()
        self.ended = False

    def _more(self, deadline: float) -> None:
        """Wait for the next chunk (or the end) and take it."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no end of output after {self.taken} bytes")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                break
        chunk = os.read(self.fd, 1 << 16)
        if not chunk:
            self.ended = True
            return
        self.taken += len(chunk)
        if self.taken > self.limit:
            raise AssertionError(f"the process wrote more than {self.limit} bytes")
        self.buffer += chunk

    def line(self, timeout: float = 60) -> bytes:
        """The next line, with its newline (or what is left at the end of the output)."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer and not self.ended:
            self._more(deadline)
        end = self.buffer.find(b"\n") + 1 or len(self.buffer)
        line = bytes(self.buffer[:end])
        del self.buffer[:end]
        return line

    def rest(self, timeout: float = 60) -> bytes:
        """Everything up to the end of the output."""
        deadline = time.monotonic() + timeout
        while not self.ended:
            self._more(deadline)
        out = bytes(self.buffer)
        self.buffer.clear()
        return out
