"""Dask (issue 15): ``--scheduler`` and sudokit.batch.distributed give what a local run gives.

One LocalCluster of two worker processes serves the API tests; the command-line tests start
their own (``--scheduler local``) and compare their output with the local run byte for byte.
"""

from __future__ import annotations

import contextlib
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import sudokit
from sudokit.batch import distributed
from sudokit.engine.executor import Executor
from sudokit.errors import ClusterError
from tests.helpers import processes
from tests.helpers.paths import SHARED_DATA

dask_distributed = pytest.importorskip("distributed")
dask_bag = pytest.importorskip("dask.bag")
dask_dataframe = pytest.importorskip("dask.dataframe")
pd = pytest.importorskip("pandas")

DATA = SHARED_DATA
EASY = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
RATED = ".23..6.8......91...8.1..4..2.......7...8.....678.1......7.3.2...3...4.7....5.1.6."
#: Good puzzles mixed with bad ones: wrong length, a duplicate, several solutions, none.
MIXED = [EASY, "12345", "11" + "." * 79, RATED, "." * 81, "12345678." + "." * 8 + "9" + "." * 63,
         "......34.3.2.24."] * 3  # fmt: skip


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A LocalCluster of two worker processes and its client, for the module."""
    cluster = dask_distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},  # not Dask's default port, 8787
    )
    with dask_distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_bags_give_the_local_answers(client: Any) -> None:
    bag = dask_bag.from_sequence(MIXED, npartitions=4)
    assert distributed.solve_bag(bag).compute() == sudokit.solve_many(MIXED)
    assert distributed.count_bag(bag, limit=3).compute() == sudokit.count_many(MIXED, limit=3)
    rated = distributed.rate_bag(bag).compute()
    local = [r.to_dict() for r in sudokit.rate_many(MIXED)]
    drop = ("seconds",)
    assert [{k: v for k, v in r.items() if k not in drop} for r in rated] == [
        {k: v for k, v in r.items() if k not in drop} for r in local
    ]


def test_dataframes_from_parquet_give_the_local_answers(client: Any, tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    frame = pd.DataFrame({"puzzle": MIXED, "id": range(len(MIXED))})
    path = tmp_path / "set.parquet"
    frame.to_parquet(path)
    data = dask_dataframe.read_parquet(path).repartition(npartitions=3)
    solved = distributed.solve_dataframe(data).compute().sort_values("id")
    assert list(solved["solution"]) == sudokit.solve_many(MIXED)
    counted = distributed.count_dataframe(data, limit=2).compute().sort_values("id")
    assert list(counted["count"]) == sudokit.count_many(MIXED, limit=2)
    rated = distributed.rate_dataframe(data).compute().sort_values("id")
    local = list(sudokit.rate_many(MIXED))
    assert list(rated["status"]) == [str(r.status) for r in local]
    assert [None if pd.isna(v) else v for v in rated["level"]] == [r.to_dict()["level"] for r in local]
    er = [r.to_dict()["er"] for r in local]
    assert [None if v != v else v for v in rated["er"]] == er  # NaN where no rating


def test_executor_on_a_cluster_keeps_order(client: Any) -> None:
    address = client.scheduler.address
    executor = Executor.dask(address, jobs=2)
    assert list(executor.map(_square, range(20))) == [x * x for x in range(20)]


def _square(x: int, stop: object) -> int:
    """A module-level function the workers can unpickle."""
    return x * x


def test_an_unreachable_scheduler_is_a_named_error() -> None:
    executor = Executor("dask", 2, scheduler="tcp://127.0.0.1:9", connect_timeout=0.5)
    with pytest.raises(ClusterError, match="cannot reach the Dask scheduler"):
        list(executor.map(_square, range(3)))


@contextlib.contextmanager
def _port_taken(port: int) -> Iterator[None]:
    """Hold ``port`` on 127.0.0.1 while the block runs (if something else holds it, so much the better)."""
    with socket.socket() as held:
        with contextlib.suppress(OSError):
            held.bind(("127.0.0.1", port))
            held.listen()
        yield


@pytest.mark.parametrize(
    "command",
    [["solve"], ["count", "--limit", "3"], ["check"], ["canon"], ["generate", "-n", "12", "--seed", "4"]],
)
def test_cli_scheduler_local_matches_the_local_run(command: list[str], tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    lines = [line for line in (DATA / "17_clue.txt").read_text().splitlines() if not line.startswith("#")]
    path.write_text("\n".join(lines[:300] + MIXED) + "\n")
    args = command if command[0] == "generate" else [*command, str(path)]
    local = processes.run([sys.executable, "-m", "sudokit", *args, "--no-progress"]
                          if command[0] == "generate" else [sys.executable, "-m", "sudokit", *args],
                          capture_output=True, timeout=120)  # fmt: skip
    with _port_taken(8787):  # Dask's default HTTP port, as when a dashboard already runs
        remote = processes.run([sys.executable, "-m", "sudokit", *args, "--scheduler", "local", "--jobs", "2"]
                               + (["--no-progress"] if command[0] == "generate" else []),
                               capture_output=True, timeout=120)  # fmt: skip
    assert remote.returncode == local.returncode
    assert remote.stdout == local.stdout and local.stdout
    assert b"Traceback" not in remote.stderr
    assert remote.stderr == local.stderr  # the cluster adds nothing: no log, no port warning


def test_cli_rate_scheduler_local_matches(tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(MIXED) + "\n")
    base = [sys.executable, "-m", "sudokit", "rate", "--json", "--no-progress", str(path)]
    local = processes.run(base, capture_output=True, timeout=120)
    remote = processes.run([*base, "--scheduler", "local"], capture_output=True, timeout=120)
    import json

    def fields(out: bytes) -> list[dict[str, Any]]:
        return [{k: v for k, v in json.loads(line).items() if k != "seconds"} for line in out.splitlines()]

    assert remote.returncode == local.returncode == 1
    assert fields(remote.stdout) == fields(local.stdout)


def test_cli_unreachable_scheduler_says_so(tmp_path: Path) -> None:
    path = tmp_path / "one.txt"
    path.write_text(EASY + "\n")
    argv = [sys.executable, "-m", "sudokit", "solve", "--scheduler", "tcp://127.0.0.1:9", str(path)]
    done = processes.run(argv, capture_output=True, timeout=60)
    assert done.returncode == 2
    assert b"cannot reach the Dask scheduler" in done.stderr and b"Traceback" not in done.stderr


def test_a_data_set_built_on_a_cluster_is_the_local_one(client: Any) -> None:
    from sudokit.dataset.build import build

    local = build(12, bins="1-2,2-4", seed=3, split="train=0.5,test=0.5")
    remote = build(12, bins="1-2,2-4", seed=3, split="train=0.5,test=0.5",
                   executor=Executor.dask(client.scheduler.address, jobs=2))
    assert remote.splits == local.splits
    assert sum(len(rows) for rows in remote.splits.values()) == 12
