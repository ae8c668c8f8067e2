"""A bounded load test of ``sudokit serve``: mixed API requests, many at a time, on 127.0.0.1.

Starts uvicorn on a free port in a child process, sends ``--requests`` requests (default 2,000)
``--concurrency`` at a time (default 20) over the endpoints solve, count, rate, hint, explain,
generate, validate and render, checks every answer against the library's own result, and samples
the server's resident memory (RSS) as it goes. Prints throughput, latency per endpoint and RSS.

    python benchmarks/web_load.py [--requests 2000] [--concurrency 20]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import sudokit

HERE = Path(__file__).resolve().parent
SAMPLE = HERE.parent / "examples" / "sample.txt"
SMALL = "1.3..4.22.4..3.1"

Check = Callable[[int, bytes], bool]


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_kib(pid: int) -> int:
    """The resident memory of a process in KiB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def puzzles() -> list[str]:
    """The sample puzzles (9×9, unique)."""
    lines = [ln.strip() for ln in SAMPLE.read_text().splitlines()]
    return [ln for ln in lines if ln and not ln.startswith("#")]


def json_answer(body: bytes) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(body)
    return data


def plan(samples: list[str]) -> list[tuple[str, dict[str, Any], Check]]:
    """The request mix, each with the check its answer must pass (expected values from the library)."""
    mix: list[tuple[str, dict[str, Any], Check]] = []
    for p in samples:
        solution = sudokit.solve(p).to_string()
        rating = sudokit.rate(p, time_limit=30)

        def solved(code: int, body: bytes, solution: str = solution) -> bool:
            return code == 200 and json_answer(body)["solution"] == solution

        def counted(code: int, body: bytes) -> bool:
            return code == 200 and json_answer(body)["count"] == 1

        def rated(code: int, body: bytes, er: float | None = rating.er) -> bool:
            a = json_answer(body)
            return code == 200 and a["status"] == "rated" and a["er"] == er

        def hinted(code: int, body: bytes) -> bool:
            a = json_answer(body)
            return code == 200 and a["status"] == "solved" and bool(a["step"]["technique"])

        mix += [("/api/solve", {"puzzle": p}, solved), ("/api/count", {"puzzle": p}, counted),
                ("/api/rate", {"puzzle": p}, rated), ("/api/hint", {"puzzle": p, "level": 3}, hinted)]

    def explained(code: int, body: bytes) -> bool:
        a = json_answer(body)
        return code == 200 and a["status"] == "solved" and len(a["steps"]) > 0

    def generated(code: int, body: bytes) -> bool:
        a = json_answer(body)
        return code == 200 and a["status"] == "solved" and sudokit.is_unique(a["puzzle"])

    def validated(code: int, body: bytes) -> bool:
        return code == 200 and json_answer(body)["unique"] is True

    def rendered(code: int, body: bytes) -> bool:
        return code == 200 and body.startswith(b"<svg")

    def refused(code: int, body: bytes) -> bool:
        return code == 400 and json_answer(body)["status"] == "invalid"

    mix += [("/api/explain", {"puzzle": samples[0]}, explained),
            ("/api/generate", {"size": 9}, generated),
            ("/api/generate", {"size": 4}, generated),
            ("/api/validate", {"puzzle": samples[1]}, validated),
            ("/api/render", {"puzzle": SMALL}, rendered),
            ("/api/solve", {"puzzle": "12x"}, refused)]
    return mix


class Client(threading.local):
    """One keep-alive HTTP connection per worker thread."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn: http.client.HTTPConnection | None = None

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, bytes]:
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        self.conn.request("POST", path, json.dumps(body), {"content-type": "application/json"})
        response = self.conn.getresponse()
        return response.status, response.read()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=20)
    args = parser.parse_args()
    port = free_port()
    code = ("import uvicorn; from sudokit.web import create_app; "
            f"uvicorn.run(create_app(), host='127.0.0.1', port={port}, log_level='warning')")
    server = subprocess.Popen([sys.executable, "-c", code])
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        mix = plan(puzzles())
        client = Client(port)
        latencies: dict[str, list[float]] = defaultdict(list)
        failures: list[str] = []
        rss: list[int] = [rss_kib(server.pid)]
        lock = threading.Lock()

        def one(i: int) -> None:
            path, body, check = mix[i % len(mix)]
            start = time.perf_counter()
            try:
                status, answer = client.post(path, body)
                ok = check(status, answer)
            except Exception as exc:  # a dropped connection is a failure, reported below
                status, answer, ok = 0, repr(exc).encode(), False
            elapsed = time.perf_counter() - start
            with lock:
                latencies[path].append(elapsed)
                if not ok:
                    failures.append(f"{path} {status} {answer[:200]!r}")
                if i % 100 == 0:
                    rss.append(rss_kib(server.pid))

        warm = min(len(mix) * 2, args.requests)
        for i in range(warm):  # warm-up: imports, caches, first thread-pool threads
            one(i)
        rss_after_warmup = rss_kib(server.pid)
        rss.clear()
        latencies.clear()
        start = time.perf_counter()
        with ThreadPoolExecutor(args.concurrency) as pool:
            list(pool.map(one, range(args.requests)))
        wall = time.perf_counter() - start
        rss.append(rss_kib(server.pid))
    finally:
        server.terminate()
        server.wait(timeout=10)
    total = sum(len(v) for v in latencies.values())
    print(f"{total} requests, {args.concurrency} at a time, in {wall:.1f} s: {total / wall:.0f} requests/s; "
          f"{len(failures)} failed; server on {os.cpu_count()} CPU(s)")
    print(f"{'endpoint':<16}{'count':>7}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}")
    for path, values in sorted(latencies.items()):
        values.sort()
        p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
        print(f"{path:<16}{len(values):>7}{statistics.median(values) * 1000:>9.1f}{p95 * 1000:>9.1f}"
              f"{values[-1] * 1000:>9.1f}")
    print(f"server RSS: {rss_after_warmup / 1024:.1f} MiB after warm-up, {rss[0] / 1024:.1f} MiB early, "
          f"{max(rss) / 1024:.1f} MiB peak, {rss[-1] / 1024:.1f} MiB at the end "
          f"({len(rss)} samples)")
    for failure in failures[:10]:
        print("FAILED", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
