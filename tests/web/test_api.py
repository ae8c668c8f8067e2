"""The JSON API through Starlette's TestClient: every endpoint, each class of error, and the limits."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install 'sudokit[web]')")
pytest.importorskip("starlette.testclient", reason="Starlette's TestClient needs httpx2 (or httpx)")

from starlette.testclient import TestClient

from sudokit.web import Settings, create_app

EASY = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
#: ER 10.3 (forum hardest 1106, line 1): far beyond a few milliseconds of rating or explaining.
HARD = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
SMALL = "1.3..4.22.4..3.1"


@pytest.fixture
def client() -> Iterator[TestClient]:
    """A client of an app with the default settings."""
    with TestClient(create_app()) as c:
        yield c


def make_client(**settings: object) -> TestClient:
    """A client of an app with some settings changed."""
    return TestClient(create_app(Settings(**settings)))  # type: ignore[arg-type]


# -- every endpoint ----------------------------------------------------------------------------------


def test_solve(client: TestClient) -> None:
    answer = client.post("/api/solve", json={"puzzle": EASY}).json()
    assert answer["status"] == "solved"
    assert answer["solution"] == EASY_SOLUTION
    assert answer["error"] is None
    assert {"file", "line", "puzzle", "status", "solution", "count", "error"} <= set(answer)
    assert answer["n"] == 9 and answer["box"] == "3x3" and len(answer["cells"]) == 81


def test_solve_any_format_and_sizes(client: TestClient) -> None:
    block = "1 . | 3 .\n. 4 | . 2\n----+----\n2 . | 4 .\n. 3 | . 1"
    answer = client.post("/api/solve", json={"puzzle": block}).json()
    assert answer["status"] == "solved" and answer["n"] == 4
    sixteen = client.post("/api/generate", json={"size": 16, "seed": 5}).json()
    assert sixteen["status"] == "solved"
    assert client.post("/api/solve", json={"puzzle": sixteen["puzzle"]}).json()["solution"] == (
        sixteen["solution"])


def test_solve_statuses(client: TestClient) -> None:
    several = client.post("/api/solve", json={"puzzle": "1" + "." * 15}).json()
    assert several["status"] == "multiple" and several["solution"] is None
    assert several["error"] == "puzzle has several solutions"
    none = client.post("/api/solve", json={"puzzle": "123." + "...4" + "...." + "...."})
    assert none.status_code == 200
    assert none.json()["status"] == "no_solution" and none.json()["count"] == 0
    first = client.post("/api/solve", json={"puzzle": "1" + "." * 15, "first": True}).json()
    assert first["status"] == "solved" and first["solution"] and first["error"] is None


def test_count(client: TestClient) -> None:
    answer = client.post("/api/count", json={"puzzle": "1" + "." * 15, "limit": 10}).json()
    assert answer["status"] == "multiple" and answer["count"] == 10 and answer["limit"] == 10
    assert client.post("/api/count", json={"puzzle": EASY}).json()["count"] == 1


def test_rate(client: TestClient) -> None:
    answer = client.post("/api/rate", json={"puzzle": EASY}).json()
    assert answer["status"] == "rated" and answer["error"] is None
    assert (answer["er"], answer["ep"], answer["ed"]) == (2.6, 1.2, 1.2)
    assert answer["level"] == "hard"


def test_hint_levels(client: TestClient) -> None:
    one = client.post("/api/hint", json={"puzzle": EASY, "level": 1}).json()
    assert one["status"] == "solved" and one["look"] and one["message"].startswith("Look at")
    assert "technique" not in one and "step" not in one
    two = client.post("/api/hint", json={"puzzle": EASY, "level": 2}).json()
    assert two["technique"] and "step" not in two
    three = client.post("/api/hint", json={"puzzle": EASY, "level": 3}).json()
    step = three["step"]
    assert step["technique"] == two["technique"]
    assert step["placements"] or step["eliminations"]
    assert step["unit_cells"] and all(len(u) == 9 for u in step["unit_cells"])


def test_hint_from_players_position(client: TestClient) -> None:
    grid = [int(c) if c != "." else 0 for c in EASY]
    grid[1] = 5  # wrong: the solution has 1 there
    answer = client.post("/api/hint", json={"puzzle": EASY, "grid": grid, "level": 3}).json()
    assert answer["technique"] == "Wrong Digit" and 1 in answer["step"]["cells"]
    solved = [int(c) for c in EASY_SOLUTION]
    done = client.post("/api/hint", json={"puzzle": EASY, "grid": solved, "level": 2}).json()
    assert done["technique"] == "Solved"


def test_hint_with_marks(client: TestClient) -> None:
    marks = [[] if c != "." else list(range(1, 10)) for c in EASY]
    answer = client.post("/api/hint", json={"puzzle": EASY, "marks": marks, "level": 3}).json()
    assert answer["status"] == "solved"
    marks[1] = [2, 3]  # the solution's 1 erased from r1c2
    missing = client.post("/api/hint", json={"puzzle": EASY, "marks": marks, "level": 2}).json()
    assert missing["technique"] == "Missing Candidate"


def test_explain(client: TestClient) -> None:
    answer = client.post("/api/explain", json={"puzzle": EASY}).json()
    assert answer["status"] == "solved" and answer["error"] is None
    steps = answer["steps"]
    assert len(steps) == 68
    assert steps[0]["grid"] == answer["cells"] and len(steps[0]["masks"]) == 81
    assert all(s["explanation"] for s in steps)


def test_generate(client: TestClient) -> None:
    answer = client.post("/api/generate", json={"size": 9, "symmetry": "rot180", "seed": 1}).json()
    assert answer["status"] == "solved" and answer["error"] is None
    assert client.post("/api/count", json={"puzzle": answer["puzzle"]}).json()["count"] == 1
    again = client.post("/api/generate", json={"size": 9, "symmetry": "rot180", "seed": 1}).json()
    assert again["puzzle"] == answer["puzzle"]
    leveled = client.post("/api/generate", json={"difficulty": "easy", "seed": 2}).json()
    assert leveled["rating"]["level"] == "easy"
    ranged = client.post("/api/generate", json={"difficulty": "2.0-3.0", "seed": 3}).json()
    assert 2.0 <= ranged["rating"]["er"] <= 3.0
    six = client.post("/api/generate", json={"size": 6, "seed": 4}).json()
    assert six["n"] == 6 and six["box"] == "2x3"


def test_generate_seeds_travel_as_strings(client: TestClient) -> None:
    """A seed past 2**53 (where JavaScript numbers lose digits) goes out and comes back exact."""
    seed = "17669194525195620876"
    answer = client.post("/api/generate", json={"seed": seed}).json()
    assert answer["status"] == "solved" and answer["seed"] == seed
    assert isinstance(answer["puzzle_seed"], str) and answer["puzzle_seed"].isdigit()
    assert client.post("/api/generate", json={"seed": answer["seed"]}).json()["puzzle"] == answer["puzzle"]
    assert client.post("/api/generate", json={"seed": int(seed)}).json()["puzzle"] == answer["puzzle"]
    fresh = client.post("/api/generate", json={"size": 4}).json()
    assert isinstance(fresh["seed"], str)
    again = client.post("/api/generate", json={"size": 4, "seed": fresh["seed"]}).json()
    assert again["puzzle"] == fresh["puzzle"]


def test_hints_and_steps_say_what_the_technique_means(client: TestClient) -> None:
    from sudokit.web.glossary import GLOSSARY

    hint = client.post("/api/hint", json={"puzzle": EASY, "level": 2}).json()
    assert hint["meaning"] == GLOSSARY["Hidden Single"]
    assert "meaning" not in client.post("/api/hint", json={"puzzle": EASY, "level": 1}).json()
    steps = client.post("/api/explain", json={"puzzle": EASY}).json()["steps"]
    assert all(step["meaning"] for step in steps)


def test_generate_technique(client: TestClient) -> None:
    answer = client.post("/api/generate", json={"technique": "Naked Pair", "seed": 9}).json()
    assert answer["status"] == "solved"
    assert "Naked Pair" in answer["rating"]["techniques"]


def test_validate(client: TestClient) -> None:
    answer = client.post("/api/validate", json={"puzzle": EASY}).json()
    assert answer["unique"] is True and answer["minimal"] in (True, False)
    assert answer["rating"]["er"] == 2.6
    several = client.post("/api/validate", json={"puzzle": "1" + "." * 15}).json()
    assert several["status"] == "multiple" and several["unique"] is False and several["rating"] is None
    bad = client.post("/api/validate", json={"puzzle": EASY[:-1] + "x"})
    assert bad.status_code == 400 and "column 81" in bad.json()["error"]


def test_batch(client: TestClient) -> None:
    text = f"# a comment\n{EASY}\n123\n{'1' + '.' * 15}\n{SMALL}\n"
    answer = client.post("/api/batch", json={"text": text, "rate": True}).json()
    rows = answer["results"]
    assert [r["status"] for r in rows] == ["solved", "invalid", "multiple", "solved"]
    assert [r["line"] for r in rows] == [2, 3, 4, 5]
    assert rows[0]["solution"] == EASY_SOLUTION and rows[0]["rating"]["er"] == 2.6
    assert "line 3" in rows[1]["error"]
    assert answer["statuses"] == {"solved": 2, "invalid": 1, "multiple": 1}
    raw = client.post("/api/batch", content=EASY.encode(), headers={"content-type": "text/plain"})
    assert raw.json()["results"][0]["status"] == "solved"


def test_render(client: TestClient) -> None:
    answer = client.post("/api/render", json={"puzzle": SMALL})
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("image/svg+xml")
    assert answer.text.startswith("<svg") and answer.text.rstrip().endswith("</svg>")


def test_page_and_static(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/style.css").status_code == 200


# -- errors ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"puzzle": EASY[:40] + "x" + EASY[41:]}, ["line 1, column 41", "bad character 'x'"]),
        ({"puzzle": "123"}, ["line 1", "wrong length"]),
        ({"puzzle": "11" + "." * 14}, ["duplicate given 1 in row 1"]),
        ({"puzzle": 42}, ["puzzle must be a string"]),
        ({}, ["missing field 'puzzle'"]),
        ({"puzzle": "." * 625}, ["25×25", "up to 16×16"]),
    ],
)
def test_bad_puzzles(client: TestClient, body: dict[str, object], words: list[str]) -> None:
    for path in ("/api/solve", "/api/count", "/api/rate", "/api/hint", "/api/explain", "/api/render",
                 "/api/validate"):
        answer = client.post(path, json=body)
        assert answer.status_code == 400, path
        data = answer.json()
        assert data["status"] == "invalid"
        assert all(w in data["error"] for w in words), (path, data["error"])


@pytest.mark.parametrize(
    ("path", "body", "words"),
    [
        ("/api/count", {"puzzle": SMALL, "limit": 0}, "limit must be"),
        ("/api/count", {"puzzle": SMALL, "limit": 10**9}, "limit must be"),
        ("/api/hint", {"puzzle": SMALL, "level": 4}, "level must be 1, 2 or 3"),
        ("/api/hint", {"puzzle": SMALL, "grid": [1, 2]}, "grid must be a list of 16"),
        ("/api/hint", {"puzzle": SMALL, "grid": [9] * 16}, "grid[0] (r1c1) must be a digit 0-4"),
        ("/api/hint", {"puzzle": SMALL, "grid": [0] * 16}, "changes the given 1 at r1c1"),
        ("/api/hint", {"puzzle": SMALL, "marks": [[5]] * 16}, "marks[0] (r1c1)"),
        ("/api/rate", {"puzzle": SMALL, "time_limit": -1}, "time_limit must be"),
        ("/api/generate", {"size": 25}, "size must be"),
        ("/api/generate", {"symmetry": "spiral"}, "unknown symmetry 'spiral'"),
        ("/api/generate", {"colour": "red"}, "unknown option 'colour'"),
        ("/api/generate", {"seed": -3}, "seed must be"),
        ("/api/generate", {"seed": "12x"}, "seed must be"),
        ("/api/generate", {"seed": str(2**64)}, "seed must be"),
        ("/api/generate", {"seed": 1.5}, "seed must be"),
        ("/api/render", {"puzzle": SMALL, "size": 5}, "size must be"),
        ("/api/batch", {"text": 7}, "text must be a string"),
    ],
)
def test_bad_options(client: TestClient, path: str, body: dict[str, object], words: str) -> None:
    answer = client.post(path, json=body)
    assert answer.status_code == 400
    assert answer.json()["status"] == "invalid" and words in answer.json()["error"]


def test_bad_requests(client: TestClient) -> None:
    not_json = client.post("/api/solve", content=b"{puzzle", headers={"content-type": "application/json"})
    assert not_json.status_code == 400 and "not JSON: line 1, column 2" in not_json.json()["error"]
    not_object = client.post("/api/solve", json=[EASY])
    assert not_object.status_code == 400 and "JSON object" in not_object.json()["error"]
    not_utf8 = client.post("/api/solve", content=b"\xff\xfe")
    assert not_utf8.status_code == 400 and "UTF-8" in not_utf8.json()["error"]
    wrong_method = client.get("/api/solve")
    assert wrong_method.status_code == 405 and wrong_method.json()["status"] == "invalid"
    unknown = client.post("/api/nothing", json={})
    assert unknown.status_code == 404 and unknown.json()["error"] == "not found: /api/nothing"


def test_internal_error_has_no_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudokit.web import service

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("secret detail")

    monkeypatch.setattr(service, "solve", broken)
    with TestClient(create_app(), raise_server_exceptions=False) as client:
        answer = client.post("/api/solve", json={"puzzle": EASY})
    assert answer.status_code == 500
    assert answer.json() == {"status": "error", "error": "internal error (RuntimeError)"}


# -- limits ------------------------------------------------------------------------------------------


def test_body_limit() -> None:
    client = make_client(max_body_bytes=200)
    big = client.post("/api/solve", json={"puzzle": EASY, "pad": "x" * 300})
    assert big.status_code == 413 and "over the limit of 200 bytes" in big.json()["error"]

    def chunks() -> Iterator[bytes]:
        yield b'{"puzzle": "' + EASY.encode()
        yield b" " * 300 + b'"}'

    streamed = client.post("/api/solve", content=chunks())  # no content-length: counted as read
    assert streamed.status_code == 413
    assert client.post("/api/solve", json={"puzzle": EASY}).status_code == 200


def test_batch_line_limit() -> None:
    client = make_client(max_batch_lines=3)
    answer = client.post("/api/batch", json={"text": "\n".join([SMALL] * 5)})
    assert answer.status_code == 400 and "at most 3" in answer.json()["error"]


def test_time_limits() -> None:
    client = make_client(time_limit=0.01)
    rated = client.post("/api/rate", json={"puzzle": HARD}).json()
    assert rated["status"] == "limit_reached" and "time limit reached" in rated["error"]
    explained = client.post("/api/explain", json={"puzzle": HARD}).json()
    assert explained["status"] == "limit_reached" and "time limit" in explained["error"]
    made = make_client(generate_time_limit=0.01).post("/api/generate", json={"difficulty": "9.0-12.0",
                                                                             "seed": 1}).json()
    assert made["status"] == "limit_reached" and made["puzzle"] is None
    # generating has its own, longer limit (a 9×9 variant can take a minute): not the 0.01 s
    killer = client.post("/api/generate", json={"variant": "killer", "size": 6, "seed": "1"}).json()
    assert killer["status"] == "solved"
    capped = make_client(generate_time_limit=0.01).post(
        "/api/generate", json={"variant": "killer", "size": 6, "seed": "1", "time_limit": 30}).json()
    assert capped["status"] == "limit_reached"
    # A request may ask for less time than the server allows, never more.
    asked = make_client(time_limit=60).post("/api/rate", json={"puzzle": HARD, "time_limit": 0.01})
    assert asked.json()["status"] == "limit_reached"


def test_grid_size_limit() -> None:
    client = make_client(max_n=9)
    answer = client.post("/api/solve", json={"puzzle": "." * 256})
    assert answer.status_code == 400 and "up to 9×9" in answer.json()["error"]


def test_trusted_hosts() -> None:
    client = make_client(allowed_hosts=("127.0.0.1", "localhost"))
    assert client.post("/api/solve", json={"puzzle": EASY}).status_code == 400  # host "testserver"
    local = TestClient(create_app(Settings(allowed_hosts=("localhost",))), base_url="http://localhost")
    assert local.post("/api/solve", json={"puzzle": EASY}).status_code == 200


def test_no_state_between_visitors(client: TestClient) -> None:
    first = client.post("/api/solve", json={"puzzle": EASY})
    assert "set-cookie" not in first.headers
    assert json.loads(first.text)["puzzle"] == EASY


def test_serve_warns_off_loopback() -> None:
    from sudokit.web.serve import is_loopback, warning_for

    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("::1")
    assert warning_for("127.0.0.1") is None
    warning = warning_for("0.0.0.0")
    assert warning is not None and "other machines" in warning
