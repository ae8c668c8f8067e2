"""Variant puzzles through the JSON API and on the page: rules travel with the puzzle text."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install 'sudokit[web]')")
pytest.importorskip("starlette.testclient", reason="Starlette's TestClient needs httpx2 (or httpx)")

from starlette.testclient import TestClient

from sudokit import Grid, generate, solve
from sudokit.web import create_app


@pytest.fixture
def client() -> Iterator[TestClient]:
    """A client of an app with the default settings."""
    with TestClient(create_app()) as c:
        yield c


@pytest.mark.parametrize("variant", ["x", "windoku", "jigsaw", "antiknight", "nonconsecutive", "killer"])
def test_generate_then_solve_hint_and_rate(client: TestClient, variant: str) -> None:
    made = client.post("/api/generate", json={"variant": variant, "seed": 3}).json()
    assert made["status"] == "solved", made
    assert made["variant"] == variant and made["rules"]["name"] == variant
    puzzle = Grid.from_string(made["puzzle"])  # sudokit's JSON form: the rules come along
    assert puzzle.variant == variant and len(made["rules"]["peers"]) == 81
    solved = client.post("/api/solve", json={"puzzle": made["puzzle"]}).json()
    assert solved["status"] == "solved"
    assert solved["solution_cells"] == list(solve(puzzle).cells) == made["solution_cells"]
    hint = client.post("/api/hint", json={"puzzle": made["puzzle"], "level": 3, "time_limit": 5}).json()
    assert hint["status"] in ("solved", "limit_reached"), hint
    if hint["status"] == "solved":
        assert hint["technique"] and hint["step"]["explanation"]
    if variant == "killer":
        assert made["rules"]["cages"] and all(c["sum"] for c in made["rules"]["cages"])
        assert_cage_edges(made["rules"]["cages"])
    if variant == "jigsaw":
        assert sorted(made["rules"]["pieces"]) == sorted(list(range(9)) * 9)
    if variant == "windoku":
        assert len(made["rules"]["shaded"]) == 36


def test_fpuzzles_link_and_rules_errors(client: TestClient) -> None:
    puzzle = generate(variant="x", seed=4)
    answer = client.post("/api/solve", json={"puzzle": puzzle.to_fpuzzles()}).json()
    assert answer["status"] == "solved" and answer["variant"] == "x"
    assert json.loads(answer["puzzle"])["variants"] == ["x"]
    bad = client.post("/api/solve", json={"puzzle": '{"format": "sudokit", "size": 9, "variants": ["nope"], '
                                                     '"givens": "' + "." * 81 + '"}'})
    assert bad.status_code == 400 and "unknown variant" in bad.json()["error"]
    wrong = client.post("/api/generate", json={"variant": "windoku", "size": 6})
    assert wrong.status_code == 400 and "windoku" in wrong.json()["error"]


def test_render_draws_the_rules(client: TestClient) -> None:
    puzzle = generate(variant="killer", seed=2, size=6)
    picture = client.post("/api/render", json={"puzzle": puzzle.to_json()})
    assert picture.status_code == 200
    assert picture.text.count('class="cage"') == len(puzzle.rules.cages) if puzzle.rules else False


def assert_cage_edges(cages: list[dict[str, object]]) -> None:
    """Every cage comes with its outline in cell units, inside its cells, closed: each corner
    of the outline is the end of exactly two segments."""
    from collections import Counter

    for cage in cages:
        cells, edges = cage["cells"], cage["edges"]
        assert isinstance(cells, list) and isinstance(edges, list) and edges
        ends: Counter[tuple[float, float]] = Counter()
        for x1, y1, x2, y2 in edges:
            assert x1 == x2 or y1 == y2
            for x, y in ((x1, y1), (x2, y2)):
                assert any(c % 9 <= x <= c % 9 + 1 and c // 9 <= y <= c // 9 + 1 for c in cells)
                ends[(x, y)] += 1
        assert set(ends.values()) == {2}, cage


def test_make_tab_offers_the_generators_table(client: TestClient) -> None:
    """The Make tab lists every kind of sudokit.generation.kinds with its sizes, and each works."""
    from sudokit.generation.kinds import offered

    page = client.get("/").text
    for kind in offered():
        assert (f'value="{kind["name"]}" data-sizes="{" ".join(map(str, kind["sizes"]))}" '
                f'data-levels="{" ".join(kind["levels"])}"') in page
        assert "unfair" not in kind["levels"] and "extreme" in kind["levels"]
    made = client.post("/api/generate", json={"variant": "thermo", "size": 6, "seed": 2}).json()
    assert made["status"] == "solved", made
    puzzle = Grid.from_string(made["puzzle"])
    kinds = [c.kind for c in puzzle.all_rules.constraints]
    assert kinds and set(kinds) == {"thermo"}


def _variant_json(constraints: list[dict[str, object]], givens: str = "." * 81) -> str:
    return json.dumps({"format": "sudokit", "size": 9, "variants": [], "constraints": constraints,
                       "givens": givens})


def test_broken_names_every_constraint_kind_the_filled_cells_break(client: TestClient) -> None:
    # #25: live marking in Play: a rule is broken only when the digits placed already break it.
    puzzle = _variant_json([
        {"kind": "thermo", "line": ["r1c1", "r1c2", "r1c3"]},
        {"kind": "cage", "group": ["r5c5", "r5c6"], "total": 10},
        {"kind": "black", "a": "r9c1", "b": "r9c2"},
    ])
    board = [0] * 81

    def ask(cells: list[int]) -> dict[str, object]:
        answer = client.post("/api/broken", json={"puzzle": puzzle, "grid": cells})
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    assert ask(board) == {"broken": [], "cells": []}
    board[0], board[2] = 5, 9  # a thermometer 5 _ 9 can still increase: not broken
    assert ask(board)["cells"] == []
    board[1] = 4  # 5 then 4: it does not increase
    answer = ask(board)
    assert [b["kind"] for b in answer["broken"]] == ["thermo"] and set(answer["cells"]) <= {0, 1, 2}
    assert 1 in answer["cells"]
    board[1] = 7
    board[40] = 3  # one cell of the cage: 3 + 7 is still possible
    assert ask(board)["cells"] == []
    board[41] = 8  # the cage complete with the wrong sum
    answer = ask(board)
    assert [b["kind"] for b in answer["broken"]] == ["cage"] and answer["cells"] == [40, 41]
    board[41] = 7
    board[72], board[73] = 2, 5  # a black dot needs a double
    answer = ask(board)
    assert [b["kind"] for b in answer["broken"]] == ["black"] and answer["cells"] == [72, 73]
    board[73] = 4
    assert ask(board)["broken"] == []
    board[3] = 5  # a repeat in row 1: the regions are checked too
    assert [b["kind"] for b in ask(board)["broken"]] == ["row"]


def test_broken_refuses_bad_boards_by_name(client: TestClient) -> None:
    puzzle = _variant_json([{"kind": "odd", "cell": "r1c1"}])
    short = client.post("/api/broken", json={"puzzle": puzzle, "grid": [0] * 80})
    assert short.status_code == 400 and "81 digits" in short.json()["error"]
    wrong = client.post("/api/broken", json={"puzzle": puzzle, "grid": [10] + [0] * 80})
    assert wrong.status_code == 400 and "r1c1" in wrong.json()["error"]
    missing = client.post("/api/broken", json={"grid": [0] * 81})
    assert missing.status_code == 400 and "puzzle" in missing.json()["error"]
    plain = client.post("/api/broken", json={"puzzle": "." * 81, "grid": [1, 1] + [0] * 79}).json()
    assert plain["cells"] == [0, 1]
