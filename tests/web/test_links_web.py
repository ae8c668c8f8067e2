"""A SudokuPad or f-puzzles link pasted on the Play tab (#25): POST /api/link opens it with every
constraint's drawing, refuses an unreadable one with its named reason, and stays within the
server's limits."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install 'sudokit[web]')")
pytest.importorskip("starlette.testclient", reason="Starlette's TestClient needs httpx2 (or httpx)")

import lzstring  # type: ignore[import-untyped]
from starlette.testclient import TestClient

import sudokit
from sudokit import Grid
from sudokit.rules import LittleKiller, Odd, Rules, Thermometer, check
from sudokit.web import Settings, create_app

LZ = lzstring.LZString()


@pytest.fixture
def client() -> Iterator[TestClient]:
    """A client of an app with the default settings."""
    with TestClient(create_app()) as c:
        yield c


def thermo_puzzle(seed: int = 5) -> Grid:
    """A unique 4×4 puzzle with a thermometer along an increasing pair of its solution and an odd
    cell where the solution has one (so it stays unique)."""
    puzzle = sudokit.generate(size=4, seed=seed)
    answer = sudokit.solve(puzzle).cells
    row = sorted(range(4), key=lambda c: answer[c])[:2]  # two cells of row 1, low to high
    odd = next(c for c in range(16) if answer[c] % 2)
    rules = Rules.classic(puzzle.shape).with_constraints([Thermometer(tuple(row)), Odd(odd)])
    return Grid(puzzle.cells, puzzle.shape, rules)


def test_a_sudokupad_link_opens_with_its_drawing(client: TestClient) -> None:
    grid = thermo_puzzle()
    answer = client.post("/api/link", json={"link": grid.to_sudokupad()}).json()
    assert answer["status"] == "solved", answer
    rules, solution = answer["rules"], answer["solution_cells"]
    assert check(grid.rules, solution) == [] if grid.rules else False
    assert answer["cells"] == list(grid.cells)
    drawing = rules["drawing"]
    assert drawing["under"].count('class="thermo-bulb"') == 1 and drawing["under"].count('class="odd"') == 1
    assert drawing["kinds"] == ["odd", "thermo"] and drawing["margin"] == 0
    assert drawing["dark_under"].count('class="thermo-bulb"') == 1
    assert drawing["dark_under"] != drawing["under"]
    assert rules["name"] == "thermo+odd" and any("increase" in r for r in rules["rules"])
    # The puzzle text the page keeps reads back to the same rules (sudokit's JSON form).
    assert Grid.from_string(answer["puzzle"]).rules == grid.rules


def test_an_fpuzzles_link_with_clues_outside_asks_for_a_margin(client: TestClient) -> None:
    base = sudokit.generate(seed=11)
    answer_cells = sudokit.solve(base).cells
    diagonal = tuple(range(0, 81, 10))
    extra = [LittleKiller(diagonal, sum(answer_cells[c] for c in diagonal))]
    grid = Grid(base.cells, base.shape, Rules.classic(base.shape).with_constraints(extra))
    answer = client.post("/api/link", json={"link": grid.to_fpuzzles()}).json()
    assert answer["status"] == "solved"
    drawing = answer["rules"]["drawing"]
    assert drawing["margin"] > 0 and 'class="littlekiller-total"' in drawing["over"]


def empty(n: int) -> list[list[dict[str, object]]]:
    """f-puzzles' grid of an empty N×N puzzle."""
    return [[{} for _ in range(n)] for _ in range(n)]


@pytest.mark.parametrize("data, reason", [
    ({"size": 4, "grid": empty(4), "fogofwar": ["R1C1"]}, "fog of war"),
    ({"size": 4, "grid": empty(4), "lockout": [{"lines": [["R1C1", "R1C4"]]}]}, "lockout"),
    ({"size": 9, "grid": empty(9), "ruleset": "Digits in pink cells are prime."}, "a rule not understood"),
])
def test_a_refused_link_says_why(client: TestClient, data: dict[str, object], reason: str) -> None:
    link = "https://f-puzzles.com/?load=" + LZ.compressToBase64(json.dumps(data))
    answer = client.post("/api/link", json={"link": link})
    assert answer.status_code == 400
    body = answer.json()
    assert body["status"] == "invalid" and reason in body["error"] and "Traceback" not in body["error"]


@pytest.mark.parametrize("link, words", [
    ("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "not a SudokuPad"),
    ('{"format": "sudokit", "size": 4, "givens": "................"}', "not a SudokuPad"),
    ("https://sudokupad.app/abc123", "puzzle id"),
    ("https://sudokupad.app/scl" + "A" * 60, ""),
    ("", "link must be"),
    (17, "link must be"),
])
def test_what_is_not_a_readable_link_is_a_400(client: TestClient, link: object, words: str) -> None:
    answer = client.post("/api/link", json={"link": link})
    assert answer.status_code == 400 and words in answer.json()["error"]


def test_missing_field_and_body_limit(client: TestClient) -> None:
    assert client.post("/api/link", json={}).status_code == 400
    with TestClient(create_app(Settings(max_body_bytes=2000))) as small:
        big = small.post("/api/link", json={"link": "https://sudokupad.app/scl" + "A" * 5000})
        assert big.status_code == 413


def test_the_page_has_the_link_box(client: TestClient) -> None:
    page = client.get("/").text
    assert 'id="link-input"' in page and 'id="open-link"' in page and 'id="rules-under"' in page
