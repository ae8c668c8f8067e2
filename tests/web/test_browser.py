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

import lzstring  # type: ignore[import-untyped]
import uvicorn
from playwright.sync_api import expect, sync_playwright

import sudokit
from sudokit.render.layout import Geometry
from sudokit.web import Settings, create_app
from tests.helpers.paths import ROOT

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
if CHROMIUM is None and os.environ.get("CI") == "true":  # CI must run these, never skip them
    raise RuntimeError("CI=true but chromium is missing: `make system-deps` should have installed it")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (`make system-deps` installs it with apt-get)"
)

SMALL = "1.3..4.22.4..3.1"
EASY = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SHOTS = os.environ.get("SUDOKIT_SCREENSHOTS")
_LZ = lzstring.LZString()


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
    try:
        deadline = time.monotonic() + 20
        while not running.started:
            if time.monotonic() > deadline:
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:  # stop the server whatever happened
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
    yield from _page(browser, server)


@pytest.fixture
def phone(browser: Any, server: str) -> Iterator[Any]:
    """A fresh page on a phone-sized screen (390×844, touch)."""
    yield from _page(browser, server, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)


@pytest.fixture
def dark(browser: Any, server: str) -> Iterator[Any]:
    """A fresh page whose system asks for a dark colour scheme."""
    yield from _page(browser, server, color_scheme="dark")


def _page(browser: Any, server: str, **options: Any) -> Iterator[Any]:
    options.setdefault("viewport", {"width": 1180, "height": 820})
    context = browser.new_context(base_url=server, **options)
    try:
        tab = context.new_page()
        errors: list[str] = []
        tab.on("pageerror", lambda error: errors.append(str(error)))
        yield tab
    finally:
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
    assert page.is_visible("[data-cell='0'] .value")
    page.click("#pause")
    assert page.is_visible("#paused-cover")
    assert not page.is_visible("[data-cell='0'] .value")  # hidden, not faded
    assert page.locator("#keypad button:enabled").count() == 0
    cover = page.eval_on_selector("#paused-cover", "el => getComputedStyle(el).backgroundColor")
    assert "rgba" not in cover  # opaque
    page.click("#pause")
    assert not page.is_visible("#paused-cover")
    assert page.is_visible("[data-cell='0'] .value")


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


def test_the_make_tab_offers_what_the_generator_makes_for_a_variant(page: Any) -> None:
    _open(page, EASY)
    page.click("[role=tab][data-tab=make]")
    unfair = page.locator("select[name=level] option", has_text="unfair")
    expect(unfair).to_be_enabled()  # classic puzzles are made at every level
    page.select_option("select[name=variant]", "thermo")
    expect(unfair).to_be_disabled()  # variant paths never rate 6.6-7.5
    expect(page.locator("select[name=size] option[value='16']")).to_be_disabled()
    page.select_option("select[name=size]", "6")
    page.select_option("select[name=level]", "hard")
    page.click("#generate")
    expect(page.locator("#generate-result")).to_contain_text("hard", timeout=60_000)
    expect(page.locator("#board .cell")).to_have_count(36)
    page.click("[role=tab][data-tab=make]")
    page.select_option("select[name=variant]", "")
    expect(unfair).to_be_enabled()


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


def _example(name: str) -> sudokit.Grid:
    """A bundled variant example (examples/variants/), read rather than generated."""
    path = ROOT / "examples" / "variants" / f"{name}.json"
    return sudokit.Grid.from_json(path.read_text(encoding="utf-8"))


def test_variants_are_drawn_and_played(page: Any) -> None:
    killer = _example("killer-9")
    assert killer.rules is not None
    _open_variant(page, killer)
    expect(page.locator("#links .cage")).to_have_count(len(killer.rules.cages))
    expect(page.locator("#links .cage-sum")).to_have_count(len(killer.rules.cages))
    first = killer.rules.cages[0].cells  # its outline: the segments of sudokit.render.layout, one "M" each
    drawn = page.locator("#links .cage").first.get_attribute("d") or ""
    assert drawn.count("M") == len(Geometry(killer.shape, 0.0).cage_edges(first)) > 0
    expect(page.locator("#size-label")).to_have_text("9×9 Killer")  # the variant as people call it
    if SHOTS:
        page.locator("#board-area").screenshot(path=str(Path(SHOTS) / "web-killer.png"))
    jigsaw = _example("jigsaw-9")
    assert jigsaw.rules is not None and jigsaw.rules.pieces is not None
    _open_variant(page, jigsaw)
    pieces = jigsaw.rules.pieces
    thick = {int(c) for c in page.eval_on_selector_all(".cell.box-r", "els => els.map(e => e.dataset.cell)")}
    assert thick == {c for c in range(81) if c % 9 != 8 and pieces[c] != pieces[c + 1]}
    _play(page, jigsaw.to_json())
    page.wait_for_selector("#board.solved")
    x = _example("x-9")
    _open_variant(page, x)
    expect(page.locator("#links .diagonal")).to_have_count(2)
    empty = next(c for c in range(81) if c % 10 == 0 and not x.cells[c])  # a cell on the ↘ diagonal
    digit = next(x.cells[c] for c in range(0, 81, 10) if x.cells[c])  # a given of that diagonal
    page.focus("#board")
    _go(page, 9, empty)
    page.keyboard.press(str(digit))
    expect(page.locator(f"[data-cell='{empty}']")).to_have_class(re.compile(r"\bconflict\b"))


def test_a_pasted_link_is_played_with_its_constraints_drawn(page: Any) -> None:
    puzzle = sudokit.generate(size=4, seed=5)
    answer = sudokit.solve(puzzle).cells
    low, high = sorted(range(4), key=lambda c: answer[c])[:2]
    rules = sudokit.Rules.classic(puzzle.shape).with_constraints([sudokit.rules.Thermometer((low, high))])
    link = sudokit.Grid(puzzle.cells, puzzle.shape, rules).to_sudokupad()
    page.goto("/")
    page.wait_for_selector("[data-cell='80']")
    page.fill("#link-input", link)
    page.click("#open-link")
    page.wait_for_selector("#board .cell:nth-child(16):last-child")
    expect(page.locator("#rules-under .theme-light .thermo-bulb")).to_have_count(1)
    expect(page.locator("#rules-under .theme-light .thermo-bulb")).to_be_visible()
    expect(page.locator("#rules-under .theme-dark .thermo-bulb")).to_be_hidden()
    expect(page.locator("#size-label")).to_have_text("4×4 thermo")
    _play(page, link)
    page.wait_for_selector("#board.solved")
    page.fill("#link-input", "https://f-puzzles.com/?load=" + _LZ.compressToBase64(
        '{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"fogofwar":["R1C1"]}'))
    page.click("#open-link")
    expect(page.locator("#message")).to_contain_text("unsupported: fog of war")
    expect(page.locator("#message")).to_have_attribute("data-kind", "error")


def test_a_digit_set_is_shown_on_the_board_and_the_keys(page: Any) -> None:
    """A link whose rules say "digits 0-3" is played with 0…3: keys, givens and typed digits
    (the key 0 types the set's 0, the value 1)."""
    from tests.links.test_digit_sets import Z4, _unique_link

    link, givens = _unique_link()
    page.goto("/")
    page.wait_for_selector("[data-cell='80']")
    page.fill("#link-input", link)
    page.click("#open-link")
    page.wait_for_selector("#board .cell:nth-child(16):last-child")
    keys = page.eval_on_selector_all("#keypad button[data-digit]:not([data-digit='0']) .digit",
                                     "els => els.map(e => e.textContent)")
    assert keys == ["0", "1", "2", "3"]
    zero = next(r * 4 + c for (r, c), v in givens.items() if v == 0)
    assert _value(page, zero) == "1" and page.inner_text(f"[data-cell='{zero}'] .value") == "0"
    empty = next(cell for cell in range(16) if divmod(cell, 4) not in givens)
    page.focus("#board")
    _go(page, 4, empty)
    page.keyboard.press(str(Z4[empty]))  # the digit as the rules write it: its value is one more
    assert _value(page, empty) == str(Z4[empty] + 1)
    assert page.inner_text(f"[data-cell='{empty}'] .value") == str(Z4[empty])
    if SHOTS:
        page.locator("#board-area").screenshot(path=str(Path(SHOTS) / "web-digit-set.png"))


# -- the app a player keeps open ----------------------------------------------------------------------


def _game(page: Any) -> dict[str, Any]:
    """The game the page keeps in localStorage."""
    return dict(page.evaluate("JSON.parse(localStorage.getItem('sudokit.game'))"))


def _key_rows(page: Any) -> list[int]:
    """How many digit keys sit on each row of the keypad, top to bottom."""
    tops = page.eval_on_selector_all("#keypad button[data-digit]:not([data-digit='0'])",
                                     "keys => keys.map(k => Math.round(k.getBoundingClientRect().top))")
    return [tops.count(top) for top in sorted(set(tops))]


def test_opens_on_a_fresh_puzzle_new_game_and_restart(page: Any, browser: Any, server: str) -> None:
    page.goto("/")
    page.wait_for_selector("[data-cell='80']")
    expect(page.locator("#level-label")).to_have_text("easy")
    first = _game(page)["puzzle"]
    page.reload()  # the game is kept
    page.wait_for_selector("[data-cell='80']")
    assert _game(page)["puzzle"] == first
    for other in _page(browser, server):  # another browser gets another puzzle
        other.goto("/")
        other.wait_for_selector("[data-cell='80']")
        assert _game(other)["puzzle"] != first
    page.select_option("#new-size", "6")
    page.select_option("#new-level", "medium")
    page.click("#new-game")
    expect(page.locator("#board .cell")).to_have_count(36)
    expect(page.locator("#level-label")).to_have_text("medium")
    game = _game(page)
    empty = game["cells"].index(0)
    page.click(f"[data-cell='{empty}']")
    page.keyboard.press("1")
    assert _value(page, empty) == "1"
    page.click("#restart")
    expect(page.locator("#restart-confirm")).to_be_visible()
    page.click("#restart-no")
    expect(page.locator("#restart-confirm")).to_be_hidden()
    assert _value(page, empty) == "1"
    page.click("#restart")
    page.click("#restart-yes")
    assert _value(page, empty) == "0"
    assert page.inner_text("#timer") in ("00:00", "00:01")  # the clock starts again
    assert _game(page)["puzzle"] == game["puzzle"]


def test_a_digit_is_highlighted_everywhere(page: Any) -> None:
    _open(page, EASY)
    page.click("[data-cell='0']")  # the given 4
    assert page.locator(".cell.same").count() == EASY.count("4")
    page.click("#keypad button[data-digit='8']")  # a key: every 8
    assert page.locator(".cell.same").count() == EASY.count("8")
    assert all(_value(page, int(c)) == "8" for c in page.eval_on_selector_all(
        ".cell.same", "cells => cells.map(c => c.dataset.cell)"))
    page.keyboard.press("Escape")
    assert page.locator(".cell.same").count() == 0


def test_keypad_counts_disables_and_wraps_evenly(page: Any, phone: Any) -> None:
    _open(page, SMALL)
    for d in range(1, 5):
        left = str(4 - SMALL.count(str(d)))
        expect(page.locator(f"#keypad [data-digit='{d}']")).to_have_attribute("data-left", left)
    _play(page, SMALL)
    page.wait_for_selector("#board.solved")
    assert page.locator("#keypad button[data-digit]:not([data-digit='0']):enabled").count() == 0
    sixteen = sudokit.generate(size=16, seed=5)
    _open(page, sixteen.to_string())
    assert _key_rows(page) == [8, 8]
    _open(phone, EASY)
    assert _key_rows(phone) in ([5, 4], [3, 3, 3])
    _open(phone, sixteen.to_string())
    assert _key_rows(phone) == [8, 8]
    width = phone.evaluate("window.innerWidth")
    assert phone.evaluate("document.documentElement.scrollWidth") <= width


def test_auto_check_counts_mistakes(page: Any) -> None:
    _open(page, EASY)
    assert not page.is_checked("#auto-check") and not page.is_visible("#mistakes")  # off by default
    solution = sudokit.solve(EASY)
    empty = EASY.index(".")
    wrong = next(d for d in range(1, 10) if d != solution.cells[empty])
    page.check("#auto-check")
    page.focus("#board")
    _go(page, 9, empty)
    page.keyboard.press(str(wrong))
    expect(page.locator(f"[data-cell='{empty}']")).to_have_class(re.compile(r"\bwrong\b"))
    expect(page.locator("#mistakes")).to_have_text("Mistakes: 1")
    page.keyboard.press(str(solution.cells[empty]))
    expect(page.locator("#mistakes")).to_have_text("Mistakes: 1")
    assert page.locator(".cell.wrong").count() == 0
    page.uncheck("#auto-check")
    assert not page.is_visible("#mistakes")


def test_statistics_and_best_times(page: Any) -> None:
    _open(page, SMALL)
    expect(page.locator("#stats-empty")).to_be_visible()
    expect(page.locator("#level-label")).to_have_attribute("data-level", re.compile(r"\w"))  # rated
    level = page.inner_text("#level-label").lower()
    _play(page, SMALL)
    page.wait_for_selector("#board.solved")
    row = page.locator(f"#stats tr[data-level='{level} 4×4'] td")
    expect(row).to_have_count(5)
    assert row.all_inner_texts()[1:3] == ["1", "1"]
    assert re.fullmatch(r"\d\d:\d\d", row.nth(3).inner_text())
    page.reload()
    page.wait_for_selector("[data-cell='15']")
    expect(page.locator("#stats tbody tr")).to_have_count(1)
    expect(page.locator("#stats-empty")).to_be_hidden()


def _luminance(css: str) -> float:
    r, g, b = (int(v) for v in re.findall(r"\d+", css)[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def test_a_link_is_drawn_in_dark_colours_on_the_dark_theme(dark: Any) -> None:
    puzzle = sudokit.generate(size=4, seed=5)
    rules = sudokit.Rules.classic(puzzle.shape).with_constraints([sudokit.rules.Odd(0)])
    dark.goto("/")
    dark.wait_for_selector("[data-cell='80']")
    dark.fill("#link-input", sudokit.Grid(puzzle.cells, puzzle.shape, rules).to_fpuzzles())
    dark.click("#open-link")
    expect(dark.locator("#rules-under .theme-dark .odd")).to_be_visible()
    expect(dark.locator("#rules-under .theme-light .odd")).to_be_hidden()
    assert dark.eval_on_selector("#rules-under", "e => getComputedStyle(e).mixBlendMode") == "screen"


def test_dark_theme_follows_the_system(page: Any, dark: Any) -> None:
    for tab, is_dark in ((page, False), (dark, True)):
        _open(tab, EASY)
        background = tab.evaluate("getComputedStyle(document.documentElement).backgroundColor")
        board = tab.eval_on_selector("#board", "el => getComputedStyle(el).backgroundColor")
        ink = tab.eval_on_selector("[data-cell='0']", "el => getComputedStyle(el).color")
        assert (_luminance(background) < 0.2) == is_dark
        assert (_luminance(board) < 0.2) == is_dark
        assert (_luminance(ink) > 0.6) == is_dark  # the givens stay readable
    if SHOTS:
        for tab, name in ((page, "web-play-light.png"), (dark, "web-play-dark.png")):
            _game_in_progress(tab)
            tab.screenshot(path=str(Path(SHOTS) / name))


def test_print_shows_the_puzzle_alone(page: Any) -> None:
    page.add_init_script("window.print = () => { window.printed = (window.printed || 0) + 1; };")
    _open(page, EASY)
    page.click("#print")
    assert page.evaluate("window.printed") == 1
    page.emulate_media(media="print")
    assert page.is_visible("#board") and page.is_visible("[data-cell='0'] .value")
    for hidden in ("header", "aside", "#keypad", ".status-bar", "footer"):
        assert not page.is_visible(hidden), hidden
    page.emulate_media(media="screen")
    assert page.is_visible("aside")


def test_auto_notes_is_a_view_over_the_players_marks(page: Any) -> None:
    _open(page, EASY)
    cell = EASY.index(".")
    page.focus("#board")
    _go(page, 9, cell)
    page.keyboard.press("Shift+2")
    page.keyboard.press("Shift+7")
    marks = "[data-cell='{}'] .mark:not(:empty)"
    assert page.locator(marks.format(cell)).all_inner_texts() == ["2", "7"]
    page.check("#auto-notes")
    shown = page.locator(marks.format(cell)).all_inner_texts()
    assert shown and shown != ["2", "7"]  # the candidates
    page.focus("#board")
    page.keyboard.press("Shift+5")  # refused while the view is on
    expect(page.locator("#message")).to_contain_text("Auto notes is on")
    other = EASY.index(".", cell + 1)
    _go(page, 9, other)
    page.keyboard.press(str(sudokit.solve(EASY).cells[other]))
    page.uncheck("#auto-notes")
    assert page.locator(marks.format(cell)).all_inner_texts() == ["2", "7"]  # unchanged
    page.reload()
    page.wait_for_selector("[data-cell='80']")
    assert page.locator(marks.format(cell)).all_inner_texts() == ["2", "7"]


def test_seeds_are_shown_and_reused_exactly(page: Any) -> None:
    _open(page, SMALL)
    page.click("[role=tab][data-tab=make]")
    page.click("#generate")
    expect(page.locator("#generate-seed")).to_have_text(re.compile(r"^\d+$"))
    seed = page.inner_text("#generate-seed")
    puzzle = _game(page)["puzzle"]
    page.click("[role=tab][data-tab=make]")
    page.click("#generate")  # another puzzle
    expect(page.locator("#generate-seed")).not_to_have_text(seed)
    page.click("[role=tab][data-tab=make]")
    page.fill("input[name=seed]", seed)
    page.click("#generate")
    expect(page.locator("#generate-seed")).to_have_text(seed)
    assert _game(page)["puzzle"] == puzzle
    big = "17669194525195620876"  # past 2**53: a JavaScript number would print 17669194525195620000
    page.click("[role=tab][data-tab=make]")
    page.fill("input[name=seed]", big)
    page.click("#generate")
    expect(page.locator("#generate-seed")).to_have_text(big)
    expect(page.locator("#generate-result")).to_contain_text(f"seed {big}")
    assert _game(page)["seed"] == big


def test_phone_tabs_on_one_line_and_nothing_wider_than_the_screen(phone: Any) -> None:
    _open(phone, EASY)
    tops = phone.eval_on_selector_all("[role=tab]", "tabs => tabs.map(t => t.getBoundingClientRect().top)")
    assert len(set(tops)) == 1, tops
    for name in ("play", "learn", "make", "batch", "play"):
        phone.click(f"[role=tab][data-tab={name}]")
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= phone.evaluate("window.innerWidth"), (name, width)
    if SHOTS:
        _game_in_progress(phone)
        phone.screenshot(path=str(Path(SHOTS) / "web-phone.png"))


def _game_in_progress(page: Any) -> None:
    """For the pictures: a solved 4×4 in the statistics, then a 9×9 half played with a digit shown
    everywhere and a few pencil marks."""
    _open(page, SMALL)
    _play(page, SMALL)
    page.wait_for_selector("#board.solved")
    _open(page, EASY)
    _play(page, EASY, stop_after=16)
    cell = next(c for c in range(81) if _value(page, c) == "0")
    _go(page, 9, cell)
    for d in sudokit.Candidates.from_grid(sudokit.Grid.from_string(EASY)).digits(cell)[:3]:
        page.keyboard.press(f"Shift+{d}")
    page.click("[data-cell='0']")  # the given 4: every 4 shows
    page.mouse.move(0, 0)


def _before_first_elimination(puzzle: sudokit.Grid) -> tuple[str, Any]:
    """The position before the first step of the path that only removes candidates, and that step."""
    cands = sudokit.Candidates.from_grid(puzzle)
    for step in sudokit.explain(puzzle):
        if step.eliminations and not step.placements:
            return "".join(str(v) if v else "." for v in cands.values), step
        step.apply(cands)
    raise AssertionError("the path has no elimination step")


def test_explain_clears_messages_hints_mark_eliminations_and_mean_something(page: Any) -> None:
    from sudokit.web.glossary import GLOSSARY

    _open(page, EASY)
    page.click("[role=tab][data-tab=learn]")
    page.click("#hint-2")
    expect(page.locator("#hint-meaning")).to_have_text(f"Hidden Single: {GLOSSARY['Hidden Single']}")
    page.click("#explain")
    page.wait_for_selector("#explain-list li.current")
    assert page.inner_text("#hint-text") == "" and page.inner_text("#hint-meaning") == ""
    assert page.inner_text("#message") == ""
    assert page.inner_text("#explain-meaning").strip()
    page.click("summary")
    expect(page.locator("#glossary dt")).to_have_count(len(GLOSSARY))
    expect(page.locator("#glossary")).to_contain_text(GLOSSARY["X-Wing"])
    position, step = _before_first_elimination(sudokit.generate(difficulty="hard", seed=1))
    _open(page, position)
    page.click("[role=tab][data-tab=learn]")
    page.click("#hint-3")
    page.wait_for_selector("#hint-text[data-level='3']")
    expect(page.locator(".mark.elim")).to_have_count(len(step.eliminations))
    marked = page.eval_on_selector_all(".cell.hint-elim", "els => els.map(e => e.dataset.cell)")
    assert {int(c) for c in marked} == {c for c, _ in step.eliminations}
    assert page.inner_text("#hint-meaning").startswith(step.technique)


def _swap_breaking_a_thermometer() -> tuple[sudokit.Grid, int, int, list[int]]:
    """A unique 4×4 thermo puzzle and two empty neighbours a→b of its thermometer whose solution
    digits, swapped, repeat nothing but break the thermometer (a board to flag live)."""
    shape = sudokit.Shape(2, 2)
    for seed in range(40):
        puzzle = sudokit.generate(size=4, seed=seed)
        answer = sudokit.solve(puzzle).cells
        for a in range(16):
            b = a + 1
            if a % 4 == 3 or puzzle.cells[a] or puzzle.cells[b] or not answer[a] < answer[b] < 4:
                continue
            board = list(puzzle.cells)
            board[a], board[b] = answer[b], answer[a]
            if sudokit.rules.check(sudokit.Rules.classic(shape), board):
                continue
            rules = sudokit.Rules.classic(shape).with_constraints([sudokit.rules.Thermometer((a, b))])
            return sudokit.Grid(puzzle.cells, shape, rules), a, b, board
    raise AssertionError("no 4×4 puzzle with such a pair among 40 seeds")


def test_a_broken_thermometer_is_marked_as_it_is_played(page: Any) -> None:
    # #25: every constraint kind is flagged live (the server's /api/broken), not only on Check.
    puzzle, a, b, board = _swap_breaking_a_thermometer()
    _open_variant(page, puzzle)
    page.focus("#board")
    _go(page, 4, a)
    page.keyboard.press(str(board[a]))
    expect(page.locator(f"[data-cell='{a}']")).not_to_have_class(re.compile(r"\bconflict\b"))
    _go(page, 4, b)
    page.keyboard.press(str(board[b]))  # the thermometer now falls from a to b
    for cell in (a, b):
        expect(page.locator(f"[data-cell='{cell}']")).to_have_class(re.compile(r"\bconflict\b"))
    expect(page.locator("#message")).to_contain_text("Breaks a rule: thermo")
    if SHOTS:
        page.locator("#board-area").screenshot(path=str(Path(SHOTS) / "web-broken-thermo.png"))
    page.keyboard.press("Control+z")
    expect(page.locator(".cell.conflict")).to_have_count(0)
