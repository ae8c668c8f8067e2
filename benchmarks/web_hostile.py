"""A bounded hostile-request run against ``sudokit serve`` on 127.0.0.1 (issue 17).

Starts the server in a child process, then, for ``--rounds`` rounds: malformed and non-object
JSON, invalid UTF-8, deeply nested JSON, absurd numbers, wrong content types, declared and
undeclared oversize bodies, raw garbage instead of HTTP, slow clients that send half a request
and stall, and many concurrent long ratings and generations, while ordinary requests keep being
checked. Every answer must be a bounded one: a 2xx, or a 4xx/503 JSON error, never a 5xx with a
traceback; the server must stay up, print no traceback, and its resident memory must not grow
from the second round on (the first round warms caches). Prints one line per attack and the RSS
after each round; exit status 1 when anything failed.

    python benchmarks/web_hostile.py [--rounds 3] [--slow-clients 40]
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from web_load import free_port, rss_kib  # noqa: E402 - a sibling benchmark's helpers

EASY = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
#: RSS growth (KiB) allowed between the second and the last round.
RSS_SLACK_KIB = 30 * 1024


class Server:
    """``sudokit serve`` on a free port of 127.0.0.1, its standard error kept in a file."""

    def __init__(self) -> None:
        self.port = free_port()
        self.log = tempfile.NamedTemporaryFile(  # noqa: SIM115 - open for the server's lifetime
            prefix="sudokit-serve-", suffix=".log", delete=False
        )
        self.process = subprocess.Popen(
            [sys.executable, "-m", "sudokit", "serve", "--port", str(self.port)],
            stdout=subprocess.DEVNULL, stderr=self.log,
        )  # fmt: skip
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def request(self, method: str, path: str, body: bytes = b"",
                headers: dict[str, str] | None = None, timeout: float = 60) -> tuple[int, bytes]:  # fmt: skip
        """One request on a new connection: the status and the body."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers=headers or {"Content-Type": "application/json"})
            response = conn.getresponse()
            return response.status, response.read()
        finally:
            conn.close()

    def raw(self, data: bytes, timeout: float = 10) -> bytes:
        """Send raw bytes and read what comes back until the server closes or the time is up."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as sock:
            sock.sendall(data)
            chunks = []
            try:
                while chunk := sock.recv(65536):
                    chunks.append(chunk)
            except (TimeoutError, ConnectionResetError):
                pass
            return b"".join(chunks)

    def alive(self) -> bool:
        """True while the server answers an ordinary solve correctly."""
        try:
            body = json.dumps({"puzzle": EASY}).encode()
            status, body = self.request("POST", "/api/solve", body, timeout=30)
        except OSError:
            return False
        return status == 200 and json.loads(body).get("status") == "solved"

    def stop(self) -> str:
        """Stop the server; its standard error."""
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()
        return Path(self.log.name).read_text(errors="replace")


def bounded(status: int, body: bytes) -> str | None:
    """None for a bounded answer, else what is wrong with it."""
    if b"Traceback" in body:
        return f"{status}: a traceback in the answer"
    if status >= 500 and status != 503:
        return f"{status}: a server error"
    if status >= 400:
        try:
            data = json.loads(body)
        except ValueError:
            return f"{status}: an error that is not JSON: {body[:80]!r}"
        if not isinstance(data, dict) or not data.get("error"):
            return f"{status}: an error without a message: {body[:80]!r}"
    return None


def post(
    server: Server, body: bytes, content_type: str = "application/json", path: str = "/api/solve"
) -> str | None:
    """POST a body and judge the answer."""
    status, answer = server.request("POST", path, body, {"Content-Type": content_type})
    return bounded(status, answer)


def attacks(server: Server) -> dict[str, Callable[[], str | None]]:
    """Each attack, returning None when the server's answer was bounded."""
    def oversize_declared() -> str | None:
        headers = {"Content-Type": "application/json", "Content-Length": "50000000"}
        status, body = server.request("POST", "/api/solve", b"{}", headers)
        return bounded(status, body) or (None if status == 413 else f"{status}: not 413")

    def oversize_streamed() -> str | None:
        """3 MB sent chunked (no length declared): refused with 413 as it passes the limit, the
        connection then closed by the server while the client is still sending."""
        head = (b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Transfer-Encoding: chunked\r\n\r\n")  # fmt: skip
        piece = b"x" * 65536
        chunk = b"%x\r\n" % len(piece) + piece + b"\r\n"
        answer = b""
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
            try:
                sock.sendall(head)
                for _ in range(48):
                    sock.sendall(chunk)
                sock.sendall(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                pass
            try:
                while data := sock.recv(65536):
                    answer += data
                    if b"\r\n\r\n" in answer and answer.endswith(b"}"):
                        break
            except (TimeoutError, ConnectionResetError):
                pass
        status_line, _, rest = answer.partition(b"\r\n")
        if not status_line.startswith(b"HTTP/1.1 413"):
            return f"not 413: {status_line[:60]!r}"
        return bounded(413, rest.partition(b"\r\n\r\n")[2])

    def garbage() -> str | None:
        answer = server.raw(bytes(range(256)) * 20 + b"\r\n\r\n")
        return None if b"Traceback" not in answer and server.alive() else "garbage broke the server"

    def body(**fields: object) -> bytes:
        return json.dumps(fields).encode()

    rate_nan = b'{"puzzle": "' + HARD.encode() + b'", "time_limit": NaN}'
    return {
        "malformed JSON": lambda: post(server, b'{"puzzle": "4....'),
        "JSON not an object": lambda: post(server, b"[1, 2, 3]"),
        "invalid UTF-8": lambda: post(server, b'{"puzzle": "\xff\xfe"}'),
        "deep nesting": lambda: post(server, b"[" * 100_000 + b"]" * 100_000),
        "absurd numbers": lambda: post(server, body(puzzle=EASY, limit=10**400), path="/api/count"),
        "NaN time limit": lambda: post(server, rate_nan, path="/api/rate"),
        "wrong content type": lambda: post(server, json.dumps({"puzzle": EASY}).encode(), "text/plain"),
        "form body": lambda: post(server, b"puzzle=" + EASY.encode(), "application/x-www-form-urlencoded"),
        "huge puzzle": lambda: post(server, body(puzzle="1" * 900_000)),
        "64×64 empty count": lambda: post(server, body(puzzle="." * 4096, limit=10**6), path="/api/count"),
        "oversize declared": oversize_declared,
        "oversize streamed": oversize_streamed,
        "garbage bytes": garbage,
        "unknown route": lambda: bounded(*server.request("POST", "/api/nothing", b"{}")),
        "wrong method": lambda: bounded(*server.request("DELETE", "/api/solve")),
    }


def slow_clients(server: Server, count: int, seconds: float) -> list[socket.socket]:
    """Open ``count`` connections that send half a request and then nothing."""
    socks = []
    for i in range(count):
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=seconds + 5)
        sock.sendall(b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     + (b"Content-Length: 1000\r\n\r\n{\"puzz" if i % 2 else b"X-Slow: 1\r\n"))  # fmt: skip
        socks.append(sock)
    return socks


def long_work(server: Server, count: int) -> list[str]:
    """``count`` concurrent long ratings and generations; the problems with their answers."""
    bodies = [("/api/rate", {"puzzle": HARD, "time_limit": 1000}),
              ("/api/generate", {"difficulty": "9.0-", "time_limit": 1000}),
              ("/api/explain", {"puzzle": HARD, "time_limit": 1000})]  # fmt: skip

    def one(i: int) -> str | None:
        path, body = bodies[i % len(bodies)]
        status, answer = server.request("POST", path, json.dumps(body).encode(), timeout=300)
        return bounded(status, answer)

    with ThreadPoolExecutor(max_workers=count) as pool:
        return [problem for problem in pool.map(one, range(count)) if problem]


def main() -> int:
    """Run the rounds; print what happened; 1 when anything failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--slow-clients", type=int, default=40)
    parser.add_argument("--long", type=int, default=12, help="concurrent long requests per round")
    args = parser.parse_args()
    server = Server()
    failures: list[str] = []
    rss: list[int] = []
    try:
        for round_ in range(1, args.rounds + 1):
            stalled = slow_clients(server, args.slow_clients, 30)
            started = time.monotonic()
            for name, attack in attacks(server).items():
                t = time.monotonic()
                problem = attack()
                print(f"round {round_}: {name:<20} {'ok' if problem is None else 'FAILED: ' + problem}"
                      f" ({time.monotonic() - t:.2f} s)")  # fmt: skip
                if problem:
                    failures.append(f"{name}: {problem}")
            checker = threading.Thread(target=lambda: failures.extend(
                f"long request: {p}" for p in long_work(server, args.long)))  # fmt: skip
            checker.start()
            time.sleep(0.5)
            if not server.alive():  # ordinary requests still answered under load and stalled clients
                failures.append("an ordinary solve failed while long work and slow clients ran")
            checker.join()
            for sock in stalled:
                sock.close()
            rss.append(rss_kib(server.process.pid))
            print(f"round {round_}: {time.monotonic() - started:.1f} s, server RSS {rss[-1] / 1024:.1f} MiB")
        if not server.alive():
            failures.append("the server is down at the end")
        if len(rss) >= 3 and rss[-1] - rss[1] > RSS_SLACK_KIB:
            failures.append(f"RSS grew from {rss[1] / 1024:.1f} to {rss[-1] / 1024:.1f} MiB after round 2")
    finally:
        log = server.stop()
    if "Traceback" in log:
        failures.append("the server printed a traceback:\n" + log[-2000:])
    print("hostile requests:", "all bounded" if not failures else f"{len(failures)} FAILED")
    for failure in failures:
        print("  " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
