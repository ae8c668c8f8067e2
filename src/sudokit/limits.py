"""Limits that travel with each call: the solution-count limit and the wall-clock deadline.

There is no process-wide setting: every long operation takes ``time_limit`` (seconds of wall
clock time, measured with :func:`time.monotonic`) and passes a :class:`Deadline` down to the
code that does the work, so two threads with different limits never share one.

>>> Deadline.after(None).expired()
False
>>> check_time_limit(-1.0)
Traceback (most recent call last):
  ...
sudokit.errors.OptionError: time_limit must be a positive number of seconds or None, not -1.0
"""

from __future__ import annotations

import math
import signal
import time
from concurrent.futures import Executor
from dataclasses import dataclass

from sudokit.errors import OptionError, Stopped, TimeLimitReached

__all__ = [
    "COUNT_LIMIT",
    "Deadline",
    "Stop",
    "check_limit",
    "check_time_limit",
    "ignore_interrupts",
    "stop_workers",
]

#: Default for "count solutions up to": ``count_solutions``, ``count_many`` and ``sudokit count``.
COUNT_LIMIT = 1000


def check_limit(limit: object, name: str = "limit") -> int:
    """Return ``limit`` when it is a whole number of at least 1; raise :class:`OptionError` otherwise."""
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise TypeError(f"{name} must be an int, not {type(limit).__name__}")
    if limit < 1:
        raise OptionError(f"{name} must be at least 1, not {limit}")
    return limit


def check_time_limit(seconds: object, name: str = "time_limit") -> float | None:
    """Return ``seconds`` as a float (``None``: no limit); raise for a negative, zero or NaN value."""
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise TypeError(f"{name} must be a number of seconds or None, not {type(seconds).__name__}")
    value = float(seconds)
    if math.isnan(value) or value <= 0:
        raise OptionError(f"{name} must be a positive number of seconds or None, not {seconds!r}")
    return value


@dataclass(frozen=True)
class Deadline:
    """A moment of the monotonic clock after which long work stops (``at=None``: never)."""

    at: float | None = None

    @classmethod
    def after(cls, seconds: float | None) -> Deadline:
        """The deadline ``seconds`` from now (checked with :func:`check_time_limit`)."""
        value = check_time_limit(seconds)
        return cls(None if value is None else time.monotonic() + value)

    def expired(self) -> bool:
        """True once the deadline has passed."""
        return self.at is not None and time.monotonic() > self.at

    def remaining(self) -> float | None:
        """Seconds left (never negative), or ``None`` without a deadline."""
        return None if self.at is None else max(0.0, self.at - time.monotonic())

    def check(self) -> None:
        """Raise :class:`TimeLimitReached` once the deadline has passed."""
        if self.at is not None and time.monotonic() > self.at:
            raise TimeLimitReached("time limit reached")

    def earliest(self, other: Deadline) -> Deadline:
        """The earlier of two deadlines."""
        if self.at is None:
            return other
        if other.at is None:
            return self
        return self if self.at <= other.at else other


#: The deadline that never comes.
NEVER = Deadline(None)


class Stop:
    """A stop flag that travels with the calls of one batch: once :meth:`set`, every native call
    given it (``stop=flag.buffer``) and every Python loop that :meth:`check` s it ends soon,
    raising :class:`~sudokit.errors.Stopped`.

    The flag is one byte of a ``bytearray``, which the C core reads without the GIL, so a
    thread (the one that saw Ctrl-C) stops the native calls running in other threads. A copy
    sent to another process starts unset: worker processes are stopped by ending them.

    >>> stop = Stop()
    >>> stop.is_set(), stop.set(), stop.is_set()
    (False, None, True)
    """

    __slots__ = ("buffer",)

    def __init__(self) -> None:
        self.buffer = bytearray(1)

    def __repr__(self) -> str:
        return f"<Stop {'set' if self.buffer[0] else 'unset'}>"

    def __reduce__(self) -> tuple[type[Stop], tuple[()]]:
        """Pickle as a new, unset flag (a worker process's copy cannot be shared)."""
        return (Stop, ())

    def set(self) -> None:
        """Ask every call holding this flag to stop."""
        self.buffer[0] = 1

    def is_set(self) -> bool:
        """True once :meth:`set` was called."""
        return bool(self.buffer[0])

    def check(self) -> None:
        """Raise :class:`~sudokit.errors.Stopped` once the flag is set (for Python loops)."""
        if self.buffer[0]:
            raise Stopped("stopped")


def ignore_interrupts() -> None:
    """Worker processes' initializer: Ctrl-C reaches every process of the group, but only the
    parent handles it (it stops the workers), so a worker never prints a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def stop_workers(executor: Executor) -> None:
    """Stop a process pool at once (on Ctrl-C, or when the caller stops reading): drop the work
    not yet started and end the running workers, whose answers nobody waits for any more."""
    processes = list(dict(getattr(executor, "_processes", None) or {}).values())
    # The call queue's feeder thread may be blocked writing a chunk larger than the pipe to
    # workers that will never read it; the pool's manager thread and the exit-time finalizer
    # would both wait for that thread forever. Nothing queued is wanted any more: let it go.
    queue = getattr(executor, "_call_queue", None)
    if queue is not None:
        queue.cancel_join_thread()
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(1.0)
    # Let the pool's manager thread see its workers gone and close its wake-up pipe now: at exit,
    # CPython's _python_exit() would otherwise write to that pipe while the thread closes it
    # (an "OSError: Bad file descriptor" traceback after Ctrl-C).
    manager = getattr(executor, "_executor_manager_thread", None)
    if manager is not None:
        manager.join(2.0)
