"""HoDoKu 2.2's forcing chains and nets (sudokit.rating.hodoku.forcing): positions from HoDoKu's own
path (its path driver on the first 300 puzzles of magictour_top1465.txt, replayed by
tools/make_hodoku_forcing_positions.py) where it took a forcing chain or net, with its step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudokit.candidates import bit
from sudokit.limits import NEVER
from sudokit.rating.hodoku.forcing import Forcing, forcing_chain, forcing_net
from sudokit.rating.hodoku.path import HODOKU_STEPS, Board
from sudokit.shape import Shape

POSITIONS: list[dict[str, object]] = json.loads(
    (Path(__file__).parent / "hodoku_forcing_positions.json").read_text())
CHAINS = [p for p in POSITIONS if str(p["type"]).startswith("FORCING_CHAIN")]
NETS = [p for p in POSITIONS if str(p["type"]).startswith("FORCING_NET")]


def _grid(position: dict[str, object]) -> tuple[list[int], list[int], list[int]]:
    """The givens, placed digits and candidate masks of a fixture position."""
    givens = [int(ch) for ch in str(position["givens"])]
    values = [int(ch) for ch in str(position["values"])]
    masks = [sum(bit(int(ch)) for ch in cell) for cell in str(position["candidates"]).split(",")]
    return givens, values, masks


def _want(position: dict[str, object]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """HoDoKu's placements and eliminations."""
    return tuple(tuple((c, d) for c, d in position[key]) for key in ("placements", "eliminations"))  # type: ignore[attr-defined]


def _family(kind: str) -> str:
    """``FORCING_CHAIN`` or ``FORCING_NET``."""
    return "_".join(kind.split("_")[:2])


def test_fixture_has_both() -> None:
    """The fixture holds chains and nets, contradictions and verities."""
    assert len(CHAINS) >= 8 and len(NETS) >= 8
    assert {str(p["type"]).rsplit("_", 1)[1] for p in POSITIONS} == {"CONTRADICTION", "VERITY"}


@pytest.mark.parametrize("position", CHAINS, ids=lambda p: f"{p['type']}")
def test_forcing_chain_is_hodokus(position: dict[str, object]) -> None:
    """Our forcing chain step is HoDoKu's: its type, placement or elimination."""
    _, values, masks = _grid(position)
    found = forcing_chain(masks, values)
    assert found is not None
    assert (found.kind, found.placements, found.eliminations) == (position["type"], *_want(position))


@pytest.mark.parametrize("position", NETS, ids=lambda p: f"{p['type']}")
def test_forcing_net_is_hodokus(position: dict[str, object]) -> None:
    """Our forcing net step makes HoDoKu's placement or elimination (its type may differ: HoDoKu
    keeps the step with the shortest net, whose length is not modelled here)."""
    _, values, masks = _grid(position)
    found = forcing_net(masks, values)
    assert found is not None
    assert (found.placements, found.eliminations) == _want(position)
    assert _family(found.kind) == "FORCING_NET"


@pytest.mark.parametrize("position", NETS[:4], ids=lambda p: f"{p['type']}")
def test_no_forcing_chain_where_hodoku_takes_a_net(position: dict[str, object]) -> None:
    """Where HoDoKu needs a net, its forcing chain search finds nothing, and so does ours."""
    _, values, masks = _grid(position)
    assert forcing_chain(masks, values) is None


def test_nothing_on_a_solved_grid() -> None:
    """A solved grid has no premise, so no forcing chain or net."""
    values = [(r * 3 + r // 3 + c) % 9 + 1 for r in range(9) for c in range(9)]
    assert forcing_chain([0] * 81, values) is None
    assert forcing_net([0] * 81, values) is None


def test_path_steps_use_them() -> None:
    """HoDoKu's path takes the forcing chain step as HoDoKu does, scored as its family."""
    position = CHAINS[0]
    givens, values, masks = _grid(position)
    board = Board.from_state(givens, values, masks)
    kind = next(k for k in HODOKU_STEPS if k.kind == "FORCING_CHAIN")
    step = kind.find(board, board.candidates(Shape(3, 3)), NEVER)
    assert step is not None and kind.score == 500
    assert (step.placements, step.eliminations) == _want(position)
    assert step.technique.startswith("Forcing Chain")


def test_forcing_is_frozen() -> None:
    """A found step is a plain frozen record."""
    step = Forcing("FORCING_CHAIN_VERITY", ((0, 1),), ())
    with pytest.raises(AttributeError):
        step.kind = "x"  # type: ignore[misc]
