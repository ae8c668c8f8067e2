"""A command line without stumbles (issue #28): puzzles as arguments to every command, a closed
output pipe, file permissions, bank query names, help epilogues and messages."""

from __future__ import annotations

import json
import os
import shlex
import signal
import stat
import sys
from collections.abc import Iterator
from importlib.util import find_spec
from pathlib import Path

import pytest

from sudokit import Grid, cli
from tests.helpers import processes
from tests.helpers.cli import run_cli
from tests.helpers.paths import ROOT

SAMPLE = ROOT / "examples" / "sample.txt"
NXN = ROOT / "examples" / "nxn.txt"
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
SMALL = "1.3..4.22.4..3.1"
EASY = "83......2.248...61.9167243.9....4576.53.......17...893.4.16...9..892364..6.5..2.."
GRID = "\n".join(" ".join(PUZZLE[r * 9 : r * 9 + 9]) for r in range(9))  # an N×N grid, one argument
FPUZZLES = Grid.from_string(PUZZLE).to_fpuzzles()  # an f-puzzles link



# -- 1. a puzzle on the command line, for every command that takes puzzles -------------------------


def test_solve_takes_a_puzzle_argument(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(capsys, "solve", PUZZLE) == (0, SOLUTION + "\n", "")


def test_solve_takes_an_nxn_grid_argument(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "solve", GRID)
    assert (status, out.strip(), err) == (0, SOLUTION, "")


def test_puzzle_arguments_mix_with_files(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "solve", PUZZLE, str(SAMPLE), SMALL)
    lines = out.splitlines()
    assert status == 0 and lines[0] == SOLUTION and len(lines) == 1 + 12 + 1
    assert len(lines[-1]) == 16


def test_count_check_canon_rate_take_a_puzzle_argument(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(capsys, "count", PUZZLE) == (0, f"1 {PUZZLE}\n", "")
    status, out, _ = run_cli(capsys, "check", PUZZLE)
    assert status == 0 and out == "<argument>: line 1: ok (valid, one solution)\n"
    status, out, _ = run_cli(capsys, "canon", PUZZLE)
    assert status == 0 and len(out.strip()) == 81 and out.strip().isdigit()
    status, out, _ = run_cli(capsys, "rate", "--json", EASY)
    record = json.loads(out)
    assert status == 0 and record["file"] == "<argument>" and record["status"] == "rated"


def test_solve_json_names_the_argument(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "solve", "--json", PUZZLE)
    record = json.loads(out)
    assert status == 0 and record["file"] == "<argument>" and record["solution"] == SOLUTION


def test_an_fpuzzles_link_is_a_puzzle_for_solve(capsys: pytest.CaptureFixture[str]) -> None:
    shown, _, _ = run_cli(capsys, "show", FPUZZLES)
    status, out, _ = run_cli(capsys, "solve", FPUZZLES)
    assert FPUZZLES.startswith("https://") and (shown, status, out) == (0, 0, SOLUTION + "\n")


def test_a_bad_puzzle_argument_is_a_failed_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    """A puzzle that reads but has a duplicate given fails like one from a file (exit 1)."""
    bad = "44" + PUZZLE[2:]
    status, out, err = run_cli(capsys, "solve", bad)
    assert status == 1 and out.startswith("# <argument>: ") and "1 of 1 puzzles" in err


@pytest.mark.parametrize("command", ["solve", "count", "check", "canon", "rate", "show", "render"])
def test_a_puzzle_like_argument_that_does_not_read(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    status, out, err = run_cli(capsys, command, "4.....8.5.3")
    assert (status, out) == (2, "")
    assert "'4.....8.5.3' is not a file; it looks like a puzzle but line 1: wrong length: 11 cells" in err


@pytest.mark.parametrize("command", ["solve", "count", "check", "canon", "rate", "show", "render"])
def test_a_missing_file_is_still_a_missing_file(
    capsys: pytest.CaptureFixture[str], command: str, tmp_path: Path
) -> None:
    for name in ("puzzles", str(tmp_path / "missing.txt"), "2024.txt"):
        status, out, err = run_cli(capsys, command, name)
        assert (status, out) == (2, "") and f"{name}: no such file" in err, err


def test_a_file_wins_over_puzzle_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path(SMALL).write_text(PUZZLE + "\n")  # a file named like a 4×4 puzzle, holding a 9×9 one
    assert run_cli(capsys, "solve", SMALL) == (0, SOLUTION + "\n", "")


def test_book_and_bank_add_take_a_puzzle_argument(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "b.sqlite3")
    status, out, _ = run_cli(capsys, "bank", "add", "--db", db, PUZZLE)
    assert status == 0 and "1 added" in out
    if find_spec("reportlab") is not None:
        status, _, err = run_cli(capsys, "book", PUZZLE, "-o", str(tmp_path / "b.pdf"))
        assert status == 0 and "1 puzzle on 1 page" in err


# -- 2. a closed output pipe ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def many(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A file of 20,000 easy puzzles: more output than a pipe holds."""
    path = tmp_path_factory.mktemp("pipe") / "many.txt"
    path.write_text((EASY + "\n") * 20000)
    return path


def _piped(command: str, cwd: Path) -> tuple[int, str, str]:
    """Run ``command | head -1`` in bash: (sudokit's exit status, head's output, stderr)."""
    script = f"{command} | head -1; echo \"status=${{PIPESTATUS[0]}}\" >&2"
    done = processes.run(["bash", "-c", script], timeout=120, capture_output=True, text=True, cwd=cwd)
    out, err = done.stdout, done.stderr
    lines = err.splitlines()
    assert lines and lines[-1].startswith("status="), err
    return int(lines[-1].removeprefix("status=")), out, "\n".join(lines[:-1])


def _sudokit(*argv: str) -> str:
    return shlex.join([sys.executable, "-m", "sudokit", *argv])


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs a POSIX shell")
@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "{many}"],
        ["solve", "--json", "{many}"],
        ["count", "{many}"],
        ["check", "{many}"],
        ["canon", "{many}"],
        ["show", "{many}"],
        ["rate", "--no-progress", "{many}"],
        ["generate", "-n", "100000", "--seed", "1", "--no-progress"],
        ["explain", "--json", EASY],
    ],
    ids=lambda argv: argv[0] + ("-json" if "--json" in argv else ""),
)
def test_a_closed_pipe_is_no_failure(argv: list[str], many: Path) -> None:
    status, out, err = _piped(_sudokit(*(a.replace("{many}", str(many)) for a in argv)), ROOT)
    assert out.strip(), "head got the first line"
    assert "Traceback" not in err and "Exception ignored" not in err and "Error" not in err, err
    assert err == ""  # nothing said: the reader chose to stop
    assert status in (0, cli.EXIT_PIPE)  # 141 when the pipe closed under us, as `cat` or `seq`
    if argv[0] != "explain":  # these always outlive head: they had more to write
        assert status == cli.EXIT_PIPE


def test_exit_pipe_is_128_plus_sigpipe() -> None:
    assert cli.EXIT_PIPE == 128 + signal.SIGPIPE


# -- 3. written files honour the umask --------------------------------------------------------------


@pytest.fixture(params=[0o022, 0o077], ids=["umask022", "umask077"])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _writers(tmp_path: Path) -> list[tuple[list[str], list[Path], str | None]]:
    """(arguments, files they write, the module they need) for every command writing files."""
    db = str(tmp_path / "bank.sqlite3")
    exports = [(["bank", "export", "--db", db, "-o", str(tmp_path / f"ex.{fmt}")],
                [tmp_path / f"ex.{fmt}"], need)
               for fmt, need in (("txt", None), ("csv", None), ("jsonl", None), ("npy", "numpy"),
                                 ("parquet", "pyarrow"))]
    return [
        (["book", str(SAMPLE), "-n", "2", "-o", str(tmp_path / "b.pdf")], [tmp_path / "b.pdf"], "reportlab"),
        (["render", PUZZLE, "-o", str(tmp_path / "r.svg")], [tmp_path / "r.svg"], None),
        (["render", PUZZLE, SMALL, "-o", str(tmp_path / "m.svg")],
         [tmp_path / "m-001.svg", tmp_path / "m-002.svg"], None),
        (["render", PUZZLE, "-o", str(tmp_path / "r.png")], [tmp_path / "r.png"], "cairosvg"),
        (["explain", EASY, "--html", str(tmp_path / "e.html")], [tmp_path / "e.html"], None),
        (["bank", "add", "--db", db, str(SAMPLE)], [tmp_path / "bank.sqlite3"], None),
        *exports,
    ]


def test_every_written_file_honours_the_umask(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, umask: int
) -> None:
    expected = 0o666 & ~umask
    checked = 0
    for argv, files, need in _writers(tmp_path):
        if need is not None and find_spec(need) is None:
            continue
        status, _, err = run_cli(capsys, *argv)
        assert status == 0, (argv, err)
        for path in files:
            assert _mode(path) == expected, (argv, oct(_mode(path)))
            checked += 1
    assert checked >= 8


def test_the_booklet_library_function_honours_the_umask(tmp_path: Path, umask: int) -> None:
    pytest.importorskip("reportlab")
    from sudokit import book

    result = book([PUZZLE], tmp_path / "lib.pdf")
    assert _mode(Path(result.path)) == 0o666 & ~umask
    assert [p.name for p in tmp_path.iterdir()] == ["lib.pdf"]  # no temporary file left


# -- 4. bank query: names checked, loosely compared; an order that is no option ---------------------


@pytest.fixture(scope="module")
def bank_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A bank of the sample puzzles."""
    db = str(tmp_path_factory.mktemp("bank") / "b.sqlite3")
    assert cli.main(["bank", "add", "--db", db, "--no-progress", str(SAMPLE)]) == 0
    return db


def _query(capsys: pytest.CaptureFixture[str], db: str, *argv: str) -> tuple[int, list[str], str]:
    status, out, err = run_cli(capsys, "bank", "query", "--db", db, *argv)
    return status, out.split(), err


@pytest.mark.parametrize(
    ("argv", "suggestion"),
    [
        (["--technique", "xwng"], "did you mean X-Wing"),
        (["--technique", "Claming"], "did you mean Claiming"),
        (["--level", "hrad"], "did you mean hard"),
        (["--symmetry", "rotate180"], "did you mean rot180"),
        (["--order", "hardst"], "did you mean hardest"),
    ],
)
def test_unknown_names_are_usage_errors_with_a_suggestion(
    capsys: pytest.CaptureFixture[str], bank_db: str, argv: list[str], suggestion: str
) -> None:
    status, out, err = _query(capsys, bank_db, *argv)
    assert (status, out) == (2, []) and suggestion in err and "unknown" in err


def test_technique_names_compare_loosely(capsys: pytest.CaptureFixture[str], bank_db: str) -> None:
    status, exact, _ = _query(capsys, bank_db, "--technique", "Full House")
    assert status == 0 and exact
    for spelling in ("full house", "FULL-HOUSE", "fullhouse", "full_house"):
        assert _query(capsys, bank_db, "--technique", spelling)[:2] == (0, exact)


def test_a_known_technique_no_puzzle_uses_says_so(capsys: pytest.CaptureFixture[str], bank_db: str) -> None:
    status, out, err = _query(capsys, bank_db, "--technique", "jellyfish")
    assert (status, out) == (0, []) and "no puzzle of the bank uses Jellyfish" in err


def test_levels_and_symmetries_compare_loosely(capsys: pytest.CaptureFixture[str], bank_db: str) -> None:
    assert _query(capsys, bank_db, "--level", "HARD")[:2] == _query(capsys, bank_db, "--level", "hard")[:2]
    status, _, _ = _query(capsys, bank_db, "--symmetry", "Rot-180")
    assert status == 0


def test_hardest_first_without_an_equals_sign(capsys: pytest.CaptureFixture[str], bank_db: str) -> None:
    status, hardest, _ = _query(capsys, bank_db, "--order=-er")
    assert status == 0 and len(hardest) == 12
    assert _query(capsys, bank_db, "--order", "er", "--desc")[:2] == (0, hardest)
    assert _query(capsys, bank_db, "--order", "hardest")[:2] == (0, hardest)
    status, easiest, _ = _query(capsys, bank_db, "--order", "easiest")
    assert easiest == _query(capsys, bank_db, "--order", "er")[1] and easiest[0] != hardest[0]
    status, _, err = _query(capsys, bank_db, "--order", "clues", "--desc")
    assert status == 2 and "--desc goes with --order er" in err


# -- 5. each command's own epilogue; plurals; readable labels ---------------------------------------


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    status, out, _ = run_cli(capsys, *argv, "--help")
    assert status == 0
    return " ".join(out.split())


BATCH_EPILOG = "0 when every puzzle passed, 1 when some did not"


@pytest.mark.parametrize("command", ["serve", "bank", "book", "show", "render", "explain", "hint",
                                     "steps", "rate", "generate", "compare"])
def test_non_batch_commands_have_their_own_epilogue(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    text = _help(capsys, command)
    assert BATCH_EPILOG not in text and "Exit status: 0 " in text
    assert text.rstrip().endswith(".")


@pytest.mark.parametrize("command", ["solve", "count", "check", "canon"])
def test_batch_commands_keep_the_batch_epilogue(capsys: pytest.CaptureFixture[str], command: str) -> None:
    text = _help(capsys, command)
    assert BATCH_EPILOG in text and "141" in text


def test_serve_and_bank_epilogues_say_what_fits(capsys: pytest.CaptureFixture[str]) -> None:
    assert "0 when stopped with Ctrl-C" in _help(capsys, "serve")
    assert "1 when 'add' refused some puzzles" in _help(capsys, "bank")


def test_one_puzzle_is_singular(capsys: pytest.CaptureFixture[str], tmp_path: Path, bank_db: str) -> None:
    status, _, err = run_cli(capsys, "bank", "export", "--db", bank_db, "-o", str(tmp_path / "a.txt"))
    assert status == 0 and "wrote 12 puzzles to" in err
    one = str(tmp_path / "one.sqlite3")
    assert run_cli(capsys, "bank", "add", "--db", one, PUZZLE)[0] == 0
    status, _, err = run_cli(capsys, "bank", "export", "--db", one, "-o", str(tmp_path / "b.txt"))
    assert status == 0 and "wrote 1 puzzle to" in err
    if find_spec("reportlab") is not None:
        status, _, err = run_cli(capsys, "book", "-n", "1", "--seed", "1", "-o", str(tmp_path / "p.pdf"))
        assert status == 0 and "1 puzzle on 1 page" in err and "puzzles" not in err


# -- 6. the quick start says what it installs ------------------------------------------------------


def test_the_quick_start_says_what_make_installs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("## Quick start")
    section = readme[start : readme.index("\n## ", start + 1)]
    for word in (".venv", "dev", "apt-get", "as root", "chromium", "libcairo2", "fonts-dejavu-core",
                 "browser tests", "PNG", "PDF", "clang", "sanitize", "fuzz"):
        assert word in section, word


def test_the_makefile_announces_each_install() -> None:
    for path in (ROOT / "Makefile", ROOT / "fuzz" / "fuzz.mk"):
        lines = path.read_text(encoding="utf-8").splitlines()
        installs = [i for i, line in enumerate(lines) if "apt-get install" in line]
        assert installs, path
        for i in installs:
            before = " ".join(lines[max(0, i - 3) : i])
            assert "echo" in before and "as root" in before, (path, lines[i])
