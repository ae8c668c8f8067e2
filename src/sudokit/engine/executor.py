"""The one executor of every batch: a function mapped over a stream of work items (chunks of
puzzles, puzzle seeds), results in input order, in this thread, in worker threads or in worker
processes.

Which kind a batch asks for:

- ``"thread"`` when the C core does the work: it releases the GIL for the whole of a native call
  (solving, counting and checking lines, the minlex form, rating and generating 9×9 puzzles), so
  threads run at once on every core, and nothing is copied or pickled;
- ``"process"`` when Python does the work (the strategies, the Python engine, rating and
  explaining N×N puzzles), which threads of one process cannot run at once;
- ``"inline"``: in the calling thread, one item after the other (what ``jobs=1`` gives for the
  kinds above);
- ``"dask"``: on the workers of a Dask cluster (``dask.distributed``, the optional extra
  ``sudokit[dask]``): ``scheduler`` is its address (``tcp://host:8786``), or ``"local"`` for a
  ``LocalCluster`` of ``jobs`` worker processes started for the batch and ended after it. The
  items and ``fn`` are pickled as for processes; each call gets a fresh stop flag on its worker,
  and stopping cancels the futures not yet finished. See docs/distributed.md.

The contract every kind keeps (a new kind, such as a Dask cluster, is one more runner in
:data:`RUNNERS` with the signature of :func:`run_inline`, and what it needs besides the number
of workers, such as a scheduler's address, one more field of :class:`Executor`, which the
runner is given; the batch functions take ``executor=`` to use it instead of their own choice):

- ``fn(item, stop)`` is called once per item. ``stop`` is a :class:`~sudokit.limits.Stop` that
  ``fn`` hands to its native calls (``stop=stop.buffer``) and checks in its Python loops; the
  process kind sends each worker a fresh one (its workers are ended instead). For the process
  kind ``fn`` and the items must pickle: a module-level function, or a ``functools.partial`` of
  one, and plain data.
- Results come in the order of the items, each as soon as it and every one before it are done.
- The items are read lazily, at most ``jobs + ahead`` of them ahead of the results taken, so
  memory stays flat on any input.
- Limits travel with the items (a per-puzzle ``time_limit`` in seconds, or a
  :class:`~sudokit.limits.Deadline`, which is a time of this machine's monotonic clock: good for
  threads and local processes, not for workers on other machines).
- An exception raised by ``fn`` is raised at that item's turn, and the rest is stopped.
- Ctrl-C (KeyboardInterrupt in the thread taking the results), closing the iterator, or an
  exception stops the work at once: the flag is set, so the native calls of worker threads end
  within about 50 ms, and worker processes are ended. On Ctrl-C, the results already finished at
  the head of the queue are still given, in order, before KeyboardInterrupt is raised again.

>>> list(Executor("thread", jobs=2).map(lambda x, stop: x * x, range(5)))
[0, 1, 4, 9, 16]
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from concurrent.futures import Executor as PoolExecutor
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from importlib import import_module
from itertools import islice
from multiprocessing import get_all_start_methods, get_context
from multiprocessing.context import BaseContext
from types import MappingProxyType
from typing import Any, Final, Protocol, TypeVar

from sudokit.errors import ClusterError, OptionError
from sudokit.limits import Stop, ignore_interrupts, stop_workers

__all__ = [
    "KINDS",
    "RUNNERS",
    "Executor",
    "Runner",
    "Stop",
    "run_dask",
    "run_inline",
    "run_processes",
    "run_threads",
]

T = TypeVar("T")
R = TypeVar("R")


class Runner(Protocol):
    """One kind of executor: ``fn`` over ``items`` as ``executor`` says (its ``jobs`` workers, at
    most :meth:`Executor.in_flight` items started), results in order, every call given ``stop``
    (see the module text)."""

    def __call__(
        self, executor: Executor, fn: Callable[[T, Stop], R], items: Iterable[T], stop: Stop
    ) -> Iterator[R]: ...


def run_inline(
    executor: Executor, fn: Callable[[T, Stop], R], items: Iterable[T], stop: Stop
) -> Iterator[R]:
    """Run every item in the calling thread (Ctrl-C reaches its native calls directly)."""
    for item in items:
        yield fn(item, stop)


def _call(fn: Callable[[T, Stop], R], item: T, stop: Stop) -> R:
    """``fn(item, stop)``, unless the batch was stopped before the item's turn came."""
    stop.check()
    return fn(item, stop)


def _ordered(
    pool: PoolExecutor, fn: Callable[[T, Stop], R], items: Iterable[T], stop: Stop, in_flight: int,
    end: Callable[[PoolExecutor], None],
) -> Iterator[R]:
    """Submit items to ``pool``, at most ``in_flight`` at a time, and yield their results in order;
    on any way out but the end of the items, set ``stop``, drop the queue and ``end`` the pool."""
    pending: deque[Future[R]] = deque()
    finished = False
    try:
        for item in items:
            pending.append(pool.submit(_call, fn, item, stop))
            while len(pending) >= in_flight or (pending and pending[0].done()):
                yield _next(pending)
        while pending:
            yield _next(pending)
        finished = True
    except KeyboardInterrupt:
        stop.set()
        while pending and _succeeded(pending[0]):
            yield _next(pending)
        raise
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            stop.set()
            for future in pending:
                future.cancel()
            end(pool)


def _batches(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """The items in lists of ``size`` (the last one shorter), read as they are needed."""
    it = iter(items)
    while batch := list(islice(it, max(1, size))):
        yield batch


def _each(fn: Callable[[T, Stop], R], batch: list[T], stop: Stop) -> list[R]:
    """``fn(item, stop)`` for each item of a batch (what a worker of :meth:`Executor.map_batched` runs)."""
    return [fn(item, stop) for item in batch]


def _flattened(batches: Generator[list[R], None, None]) -> Generator[R, None, None]:
    """The results of the batches one by one; closing it closes (and so stops) the batches' map."""
    try:
        for batch in batches:
            yield from batch
    finally:
        batches.close()


def _next(pending: deque[Future[R]]) -> R:
    """The result of the first future, then taken off the queue: a Ctrl-C while waiting for it
    leaves it there, so the results given after the Ctrl-C still come in order."""
    result = pending[0].result()
    pending.popleft()
    return result


def _succeeded(future: Future[R]) -> bool:
    """True when a future is done with a result (not cancelled, no exception)."""
    return future.done() and not future.cancelled() and future.exception() is None


def _leave_threads(pool: PoolExecutor) -> None:
    """Let a thread pool go without waiting: its running calls saw the stop flag and end soon."""
    pool.shutdown(wait=False, cancel_futures=True)


def run_threads(
    executor: Executor, fn: Callable[[T, Stop], R], items: Iterable[T], stop: Stop
) -> Iterator[R]:
    """Run the items in ``jobs`` threads of this process (for work done by the C core)."""
    pool = ThreadPoolExecutor(max_workers=executor.jobs, thread_name_prefix="sudokit")
    return _ordered(pool, fn, items, stop, executor.in_flight(), _leave_threads)


def run_processes(
    executor: Executor, fn: Callable[[T, Stop], R], items: Iterable[T], stop: Stop
) -> Iterator[R]:
    """Run the items in ``jobs`` worker processes (for work done in Python)."""
    pool = ProcessPoolExecutor(max_workers=executor.jobs, initializer=ignore_interrupts,
                               mp_context=_process_context())
    return _ordered(pool, fn, items, stop, executor.in_flight(), stop_workers)


def _process_context() -> BaseContext:
    """How worker processes start: forked (no ``if __name__ == "__main__"`` guard needed in the
    caller's script) when this process runs one thread; from a fork server when it runs more,
    since a child forked from a threaded process can inherit a lock another thread held and hang
    (seen under ASan, from a test runner's worker); the platform's default where neither exists."""
    methods = get_all_start_methods()
    if threading.active_count() > 1 and "forkserver" in methods:
        return get_context("forkserver")
    return get_context("fork" if "fork" in methods else None)


def _on_worker(fn: Callable[[T, Stop], R], item: T) -> R:
    """``fn(item, stop)`` on a Dask worker, with a stop flag of its own."""
    return fn(item, Stop())


def _dask_client(executor: Executor) -> tuple[Any, Any]:
    """A ``distributed.Client`` for ``executor.scheduler`` and the LocalCluster started for
    ``"local"`` (else None), or :class:`~sudokit.errors.ClusterError`."""
    try:
        distributed: Any = import_module("distributed")  # the optional extra, typed loosely
    except ImportError:
        raise ClusterError("the dask kind needs dask.distributed: pip install 'sudokit[dask]'") from None
    address = executor.scheduler or "local"
    try:
        if address == "local":
            # No dashboard, and the scheduler's small HTTP server on a free port of 127.0.0.1 (its
            # default, 8787, warns on stderr when taken); the cluster's own logs stay quiet below
            # CRITICAL, so a worker that loses the scheduler while it shuts down prints no traceback
            # (a failed batch still raises ClusterError here).
            cluster = distributed.LocalCluster(
                n_workers=executor.jobs, threads_per_worker=1, processes=True, dashboard_address=None,
                scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}, silence_logs=logging.CRITICAL,
            )
            return distributed.Client(cluster, set_as_default=False), cluster
        return distributed.Client(address, timeout=executor.connect_timeout, set_as_default=False), None
    except (OSError, TimeoutError) as error:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {error}") from None


def _close_client(client: Any, cluster: Any) -> None:
    """Close a client, and the LocalCluster started for it (if any)."""
    client.close()
    if cluster is not None:
        cluster.close()


def run_dask(
    executor: Executor, fn: Callable[[T, Stop], R], items: Iterable[T], stop: Stop
) -> Iterator[R]:
    """Run the items on a Dask cluster, at most :meth:`Executor.in_flight` submitted at a time."""
    client, cluster = _dask_client(executor)
    pending: deque[Any] = deque()
    try:
        for item in items:
            stop.check()
            pending.append(client.submit(_on_worker, fn, item, pure=False))
            while len(pending) >= executor.in_flight() or (pending and pending[0].done()):
                yield _dask_next(pending)
        while pending:
            yield _dask_next(pending)
    except KeyboardInterrupt:
        stop.set()
        while pending and pending[0].status == "finished":
            yield _dask_next(pending)
        raise
    finally:
        for future in pending:
            future.cancel()
        _close_client(client, cluster)


def _dask_next(pending: deque[Any]) -> Any:
    """The result of the first Dask future, then taken off the queue (see :func:`_next`)."""
    try:
        result = pending[0].result()
    except (OSError, TimeoutError) as error:
        raise ClusterError(f"the Dask cluster was lost: {error}") from None
    pending.popleft()
    return result


#: The kinds of executor, by name (fixed at import).
RUNNERS: Final[Mapping[str, Runner]] = MappingProxyType(
    {"inline": run_inline, "thread": run_threads, "process": run_processes, "dask": run_dask}
)
#: The names of the kinds.
KINDS: Final = tuple(RUNNERS)


@dataclass(frozen=True)
class Executor:
    """How a batch runs its items: the kind (see the module text), how many workers, and how many
    items may wait in the queue beyond those running (``None``: as many as workers).

    ``jobs <= 1`` runs inline whatever the kind.

    >>> Executor.choose(2, native=True)
    Executor(kind='thread', jobs=2, ahead=None, scheduler=None, connect_timeout=10.0)
    """

    kind: str = "thread"
    jobs: int = 1
    ahead: int | None = None
    scheduler: str | None = None  #: the dask kind's scheduler address, or "local"
    connect_timeout: float = 10.0  #: seconds the dask kind waits to reach its scheduler

    def __post_init__(self) -> None:
        if self.kind not in RUNNERS:
            raise OptionError(f"unknown executor kind {self.kind!r} (expected one of {', '.join(KINDS)})")
        if self.jobs < 1:
            raise OptionError(f"jobs must be at least 1, not {self.jobs}")
        if self.scheduler is not None and self.kind != "dask":
            raise OptionError("a scheduler is for the dask kind only")

    @classmethod
    def dask(cls, scheduler: str = "local", jobs: int = 2) -> Executor:
        """The dask kind: a cluster's scheduler address, or "local" for a LocalCluster of ``jobs``
        workers (``jobs`` also sets how many items are submitted ahead)."""
        return cls("dask", max(1, jobs), scheduler=scheduler)

    @classmethod
    def choose(cls, jobs: int, *, native: bool) -> Executor:
        """The executor for ``jobs`` workers: threads when the C core does the work (``native``),
        processes when Python does; inline for one job."""
        if jobs <= 1:
            return cls("inline", 1)
        return cls("thread" if native else "process", jobs)

    def in_flight(self) -> int:
        """The most items started and not yet taken: the workers and the queue beyond them."""
        return self.jobs + (self.jobs if self.ahead is None else max(0, self.ahead))

    def map(self, fn: Callable[[T, Stop], R], items: Iterable[T]) -> Generator[R, None, None]:
        """``fn(item, stop)`` for every item, results in input order (the workers start when the
        first result is asked for, and stop when the iterator is closed)."""
        inline = self.jobs <= 1 and self.kind != "dask"
        return self._started(RUNNERS["inline" if inline else self.kind], fn, items)

    def map_batched(
        self, fn: Callable[[T, Stop], R], items: Iterable[T], size: int
    ) -> Generator[R, None, None]:
        """:meth:`map` with the items handed to the workers ``size`` at a time: fewer hand-overs
        for quick items (a process worker's pickling, a future each); inline, one by one. Ctrl-C
        keeps the results of the batches finished, in order."""
        if self.jobs <= 1 and self.kind != "dask":
            return self.map(fn, items)
        return _flattened(self.map(partial(_each, fn), _batches(items, size)))

    def _started(
        self, runner: Runner, fn: Callable[[T, Stop], R], items: Iterable[T]
    ) -> Generator[R, None, None]:
        """Run ``runner`` once the first result is asked for, with a new stop flag."""
        yield from runner(self, fn, items, Stop())
