"""The page in a real headless Chromium (Debian's ``chromium``, driven by Playwright for Python).

Plays a 4×4 and a 9×9 puzzle to the end by keyboard, takes each hint level, undoes and redoes,
generates a puzzle and uploads a file. Skips, saying why, when chromium or Playwright is absent.
With ``SUDOKIT_SCREENSHOTS=<dir>`` it also saves the pictures of docs/web.md there.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install 'sudokit[web]')")
pytest.importorskip("uvicorn", reason="the web extra is not installed (pip install 'sudokit[web]')")
pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

import uvicorn
from playwright.sync_api import expect, sync_playwright

import sudokit
from sudokit.render.layout import Geometry
from sudokit.web import Settings, create_app

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
if CHROMIUM is None and os.environ.get("CI") == "true":  # CI must run these, never skip them
    raise RuntimeError("CI=true but chromium is missing: `make system-deps` should have installed it")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (`make system-deps` installs it with apt-get)"
)

SMALL = "1.3..4.22.4..3.1"
EASY = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SHOTS = os.environ.get("SUDOKIT_SCREENSHOTS")


def _free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A uvicorn server on 127.0.0.1 in a thread, for the module's tests; yields its address."""
    port = _free_port()
    config = uvicorn.Config(create_app(Settings(allowed_hosts=("127.0.0.1",))), host="127.0.0.1",
                            port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not running.started:
        if time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Debian chromium (Playwright never downloads a browser here)."""
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    """A fresh page (its own localStorage) that fails the test on any script error."""
    context = browser.new_context(viewport={"width": 1180, "height": 820}, base_url=server)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert not errors, errors


def _open(page: Any, puzzle: str) -> None:
    """Open the page on a shared puzzle link and wait for its board."""
    page.goto(f"/?p={puzzle}")
    n = round(len(puzzle) ** 0.5)
    page.wait_for_selector(f"[data-cell='{n * n - 1}']")
    expect(page.locator("#board .cell")).to_have_count(n * n)


def _selected(page: Any) -> int:
    return int(page.get_attribute(".cell.selected", "data-cell"))


def _go(page: Any, n: int, target: int) -> None:
    """Move the selection to ``target`` with the arrow keys."""
    here = _selected(page)
    for _ in range((target // n - here // n) % n):
        page.keyboard.press("ArrowDown")
    for _ in range((target % n - here % n) % n):
        page.keyboard.press("ArrowRight")
    assert _selected(page) == target


def _play(page: Any, puzzle: str, stop_after: int | None = None) -> None:
    """Type the solution into every empty cell by keyboard (stop early after some cells)."""
    solution = sudokit.solve(puzzle)
    n = solution.n
    page.focus("#board")
    typed = 0
    for cell, given in enumerate(sudokit.Grid.from_string(puzzle).cells):
        if given or _value(page, cell) == str(solution.cells[cell]):
            continue
        if stop_after is not None and typed == stop_after:
            return
        _go(page, n, cell)
        page.keyboard.press("0123456789ABCDEFG"[solution.cells[cell]])
        typed += 1


def _value(page: Any, cell: int) -> str:
    return str(page.get_attribute(f"[data-cell='{cell}']", "data-value"))


def test_play_4x4_to_the_end(page: Any) -> None:
    _open(page, SMALL)
    _play(page, SMALL)
    page.wait_for_selector("#board.solved")
    assert "Solved in" in page.inner_text("#message")


def test_play_9x9_to_the_end_across_a_reload(page: Any) -> None:
    _open(page, EASY)
    _play(page, EASY, stop_after=20)
    filled = [c for c in range(81) if _value(page, c) != "0"]
    page.reload()
    page.wait_for_selector("[data-cell='80']")
    assert [c for c in range(81) if _value(page, c) != "0"] == filled  # kept in localStorage
    assert "restored" in page.inner_text("#message")
    if SHOTS:
        page.check("#auto-notes")
        page.locator("#board-area").screenshot(path=str(Path(SHOTS) / "web-board.png"))
        page.uncheck("#auto-notes")
    _play(page, EASY)
    page.wait_for_selector("#board.solved")
    assert "Solved in" in page.inner_text("#message")


def test_conflict_check_undo_redo(page: Any) -> None:
    _open(page, SMALL)
    page.focus("#board")
    _go(page, 4, 1)
    page.keyboard.press("1")  # 1 is already in row 1: a conflict
    assert page.locator("[data-cell='1'].conflict").count() == 1
    page.click("#check")
    assert page.locator("[data-cell='1'].wrong").count() == 1
    page.keyboard.press("Control+z")
    assert _value(page, 1) == "0" and page.locator(".cell.conflict").count() == 0
    page.keyboard.press("Control+y")
    assert _value(page, 1) == "1"
    page.click("#undo")
    assert _value(page, 1) == "0"
    page.keyboard.press("Shift+2")  # a pencil mark
    assert page.inner_text("[data-cell='1'] .mark[data-digit='2']") == "2"
    page.check("#auto-notes")
    assert page.inner_text("[data-cell='1'] .mark[data-digit='2']") == "2"
    assert page.inner_text("[data-cell='1'] .mark[data-digit='1']") == ""


def test_pause_hides_the_board(page: Any) -> None:
    _open(page, SMALL)
    page.click("#pause")
    assert page.is_visible("#paused-cover")
    page.click("#pause")
    assert not page.is_visible("#paused-cover")


def test_hint_levels(page: Any) -> None:
    _open(page, EASY)
    page.click("[role=tab][data-tab=learn]")
    page.click("#hint-1")
    page.wait_for_selector(".cell.hint-look")
    assert page.inner_text("#hint-text").startswith("Look at")
    page.click("#hint-2")
    expect(page.locator("#hint-text")).to_contain_text("try")
    page.click("#hint-3")
    page.wait_for_selector("#hint-text[data-level='3']")
    page.wait_for_selector(".cell.hint-cell")
    assert page.locator(".mark.cand, .mark.place").count() >= 1
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / "web-hint.png"))
    page.click("#explain")
    page.wait_for_selector("#explain-list li.current")
    page.click("#explain-next")
    assert page.inner_text("#explain-text").startswith("Step 2 of")
    page.click("#explain-close")
    page.click("#rate")
    expect(page.locator("#rating")).to_contain_text("ER ")


def test_generate(page: Any) -> None:
    _open(page, EASY)
    page.click("[role=tab][data-tab=make]")
    page.select_option("select[name=size]", "4")
    page.click("#generate")
    expect(page.locator("#board .cell")).to_have_count(16)
    expect(page.locator("body")).to_have_attribute("data-tab", "play")
    assert page.locator(".cell.given").count() >= 4


def test_validate_pasted(page: Any) -> None:
    _open(page, SMALL)
    page.click("[role=tab][data-tab=make]")
    page.fill("#paste", EASY[:5] + "x" + EASY[6:])
    page.click("#validate")
    page.wait_for_selector("#validate-result [data-kind='error']")
    assert "column 6" in page.inner_text("#validate-result")
    page.fill("#paste", EASY)
    page.click("#validate")
    expect(page.locator("#validate-result")).to_contain_text("Rating")
    page.click("#play-pasted")
    expect(page.locator("#board .cell")).to_have_count(81)


def test_upload_a_file(page: Any) -> None:
    _open(page, SMALL)
    page.click("[role=tab][data-tab=batch]")
    page.check("#batch-rate")
    lines = ["# three puzzles and a broken line", EASY, SMALL, "1" + "." * 15, "12345"]
    page.set_input_files("#batch-file", files=[{
        "name": "puzzles.txt", "mimeType": "text/plain", "buffer": "\n".join(lines).encode(),
    }])
    page.wait_for_selector("#batch-table tbody tr[data-row='3']")
    statuses = page.eval_on_selector_all("#batch-table tbody tr", "rows => rows.map(r => r.dataset.status)")
    assert statuses == ["solved", "solved", "multiple", "invalid"]
    with page.expect_download() as download:
        page.click("#download-csv")
    assert download.value.suggested_filename == "puzzles-results.csv"
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / "web-batch.png"))
    page.click("#batch-table tbody tr[data-row='0']")
    expect(page.locator("body")).to_have_attribute("data-tab", "play")
    expect(page.locator("#board .cell")).to_have_count(81)


def _open_variant(page: Any, puzzle: sudokit.Grid) -> None:
    """Open the page on a variant puzzle's f-puzzles link and wait for its board."""
    from urllib.parse import quote

    page.goto(f"/?p={quote(puzzle.to_fpuzzles())}")
    page.wait_for_selector(f"[data-cell='{puzzle.shape.size - 1}']")


def test_variants_are_drawn_and_played(page: Any) -> None:
    killer = sudokit.generate(variant="killer", seed=3)
    assert killer.rules is not None
    _open_variant(page, killer)
    expect(page.locator("#links .cage")).to_have_count(len(killer.rules.cages))
    expect(page.locator("#links .cage-sum")).to_have_count(len(killer.rules.cages))
    first = killer.rules.cages[0].cells  # its outline: the segments of sudokit.render.layout, one "M" each
    drawn = page.locator("#links .cage").first.get_attribute("d") or ""
    assert drawn.count("M") == len(Geometry(killer.shape, 0.0).cage_edges(first)) > 0
    expect(page.locator("#size-label")).to_contain_text("killer")
    if SHOTS:
        page.locator("#board-area").screenshot(path=str(Path(SHOTS) / "web-killer.png"))
    jigsaw = sudokit.generate(variant="jigsaw", seed=2)
    assert jigsaw.rules is not None and jigsaw.rules.pieces is not None
    _open_variant(page, jigsaw)
    pieces = jigsaw.rules.pieces
    thick = {int(c) for c in page.eval_on_selector_all(".cell.box-r", "els => els.map(e => e.dataset.cell)")}
    assert thick == {c for c in range(81) if c % 9 != 8 and pieces[c] != pieces[c + 1]}
    _play(page, jigsaw.to_json())
    page.wait_for_selector("#board.solved")
    x = sudokit.generate(variant="x", seed=1)
    _open_variant(page, x)
    expect(page.locator("#links .diagonal")).to_have_count(2)
    empty = next(c for c in range(81) if c % 10 == 0 and not x.cells[c])  # a cell on the ↘ diagonal
    digit = next(x.cells[c] for c in range(0, 81, 10) if x.cells[c])  # a given of that diagonal
    page.focus("#board")
    _go(page, 9, empty)
    page.keyboard.press(str(digit))
    expect(page.locator(f"[data-cell='{empty}']")).to_have_class(re.compile(r"\bconflict\b"))
