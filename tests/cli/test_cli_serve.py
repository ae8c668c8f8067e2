"""``sudokit serve``: the web pages in a real process, the missing extra, the warning off loopback."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.helpers import processes
from tests.helpers.cli import run_cli

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")


def free_port() -> int:
    """A TCP port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def get(url: str, data: dict[str, object] | None = None) -> tuple[int, bytes]:
    """GET (or POST JSON to) a URL: (status, body)."""
    body = json.dumps(data).encode() if data is not None else None
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as answer:
        return answer.status, answer.read()


def test_serve_in_a_process(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = processes.start([sys.executable, "-m", "sudokit", "serve", "--port", str(port)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                status, page = get(f"{base}/")
                break
            except OSError:
                assert server.poll() is None, server.communicate()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        assert status == 200 and b"<html" in page.lower()
        status, body = get(f"{base}/api/solve", {"puzzle": "1.3..4.22.4..3.1"})
        answer = json.loads(body)
        assert status == 200
        assert (answer["status"], answer["solution"]) == ("solved", "1234341221434321")
    finally:
        server.terminate()
        try:
            out, err = server.communicate(timeout=10)
        finally:
            processes.stop(server)
    assert f"serving on http://localhost:{port}/" in out
    assert "warning" not in err


def test_serve_warns_on_stderr_off_loopback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    calls: list[tuple[str, int]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, host, port, **options: calls.append((host, port)))
    status, out, err = run_cli(capsys, "serve", "--host", "0.0.0.0", "--port", "8123")
    assert status == 0 and calls == [("0.0.0.0", 8123)]
    assert err.count("warning: listening on 0.0.0.0") == 1 and "warning" not in out
    status, out, err = run_cli(capsys, "serve", "--port", "8124")
    assert status == 0 and calls[-1] == ("127.0.0.1", 8124) and err == ""


def test_serve_without_the_web_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "sudokit.web.serve", None)
    status, out, err = run_cli(capsys, "serve")
    assert (status, out) == (2, "")
    assert "pip install 'sudokit[web]'" in err


def test_serve_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_cli(capsys, "serve", "--port", "70000")
    assert status == 2 and "65535" in err
