"""classify: drawings read as setter conventions with their evidence, the rest refused by name."""

from __future__ import annotations

from typing import Any

import pytest

from sudokit.formats.conventions import Element, Unsupported, classify
from sudokit.formats.sudokupad import locate, read_sudokupad
from tests.links.builders import bare_scl_puzzle, fpuz, fpuzzles_json, meta_cages, scl_payload

GREY = "#CFCFCF"


def elements(rules: str | None, n: int = 9, **parts: Any) -> list[Element | Unsupported]:
    data = bare_scl_puzzle(n, cages=meta_cages(rules=rules) + parts.pop("cages", []), **parts)
    return classify(read_sudokupad(scl_payload(data)))


def only(found: list[Element | Unsupported]) -> Element | Unsupported:
    assert len(found) == 1, found
    return found[0]


def thermo(reverse: bool = False) -> dict[str, Any]:
    points = [[0.5, 0.5], [0.5, 3.5], [2.5, 3.5]]
    bulb = points[0]
    return {"lines": [{"wayPoints": points[::-1] if reverse else points, "color": GREY, "thickness": 21}],
            "underlays": [{"center": bulb, "width": 0.85, "height": 0.85, "rounded": True,
                           "backgroundColor": GREY, "borderColor": GREY}]}


def test_locate() -> None:
    assert locate([0.5, 0.5], 9, 9).kind == "centre" and locate([0.5, 0.5], 9, 9).cells == ((0, 0),)
    edge = locate([1, 0.5], 9, 9)
    assert edge.kind == "edge" and edge.cells == ((0, 0), (1, 0))
    edge = locate([4.5, 3], 9, 9)
    assert edge.kind == "edge" and edge.cells == ((4, 2), (4, 3))
    corner = locate([2, 2], 9, 9)
    assert corner.kind == "corner" and corner.cells == ((1, 1), (1, 2), (2, 1), (2, 2))
    assert locate([-0.5, 3.5], 9, 9).kind == "outside"
    assert locate([0.3, 0.7], 9, 9).kind == "other"


def test_thermometer_confirmed_by_rules() -> None:
    element = only(elements("Digits along a thermometer increase from the bulb.", **thermo()))
    assert isinstance(element, Element)
    assert element.kind == "thermometer" and element.certainty == "confirmed"
    assert element.cells == ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 3))  # straight runs filled in
    assert any("bulb" in e or "circle" in e for e in element.evidence)
    assert element.source == ("lines[0]", "underlays[0]")


def test_thermometer_bulb_at_the_far_end() -> None:
    element = only(elements("Thermometers.", **thermo(reverse=True)))
    assert isinstance(element, Element) and element.cells[0] == (0, 0) and element.cells[-1] == (2, 3)


def test_thermometer_without_rules_is_drawn() -> None:
    element = only(elements(None, **thermo()))
    assert isinstance(element, Element) and element.certainty == "drawn"
    assert "no rules text" in element.evidence


def test_thermometer_the_rules_never_mention_is_refused() -> None:
    element = only(elements("Normal sudoku rules apply.", **thermo()))
    assert isinstance(element, Unsupported)
    assert "grey line with a bulb" in element.reason and "thermo" in element.reason


def test_sum_arrow() -> None:
    found = elements("Digits along an arrow sum to the digit in its circle.",
                     arrows=[{"wayPoints": [[0.8, 0.5], [3.5, 0.5], [3.5, 2.5]], "color": "#a1a1a1",
                              "thickness": 5, "headLength": 0.3}],
                     overlays=[{"center": [0.5, 1.0], "width": 1.75, "height": 0.75, "rounded": True,
                                "borderColor": "#a1a1a1", "backgroundColor": "#ffffff"}])
    element = only(found)
    assert isinstance(element, Element) and element.kind == "arrow"
    assert element.cells == ((0, 0), (0, 1))  # the pill over two cells
    assert element.path == ((1, 0), (2, 0), (3, 0), (3, 1), (3, 2))


def test_arrow_without_circle_is_refused() -> None:
    element = only(elements("Arrows.", arrows=[{"wayPoints": [[0.5, 0.5], [2.5, 0.5]], "headLength": 0.3}]))
    assert isinstance(element, Unsupported) and "no circle" in element.reason


@pytest.mark.parametrize(("color", "rules", "kind"), [
    ("#C060F0", "Digits on a purple renban line are consecutive, in any order.", "renban"),
    ("#60C060", "Adjacent digits on a green German whispers line differ by at least 5.", "german-whispers"),
    ("#F0A040", "Adjacent digits on an orange Dutch whispers line differ by at least 4.", "dutch-whispers"),
])
def test_coloured_lines(color: str, rules: str, kind: str) -> None:
    line = {"wayPoints": [[4.5, 0.5], [4.5, 2.5]], "color": color, "thickness": 9}
    element = only(elements(rules, lines=[line]))
    assert isinstance(element, Element) and element.kind == kind and element.certainty == "confirmed"
    assert element.cells == ((4, 0), (4, 1), (4, 2))


def test_orange_line_needs_dutch_in_the_rules() -> None:
    line = {"wayPoints": [[4.5, 0.5], [4.5, 2.5]], "color": "#F0A040", "thickness": 9}
    element = only(elements("Adjacent digits on the orange line differ by at least 4.", lines=[line]))
    assert isinstance(element, Unsupported) and element.reason.startswith("unsupported: orange line")


def test_pink_line_is_refused_with_the_rules() -> None:
    line = {"wayPoints": [[4.5, 0.5], [4.5, 2.5]], "color": "#FF80C0", "thickness": 9}
    element = only(elements("Pink lines are special.", lines=[line]))
    assert isinstance(element, Unsupported)
    assert element.reason == 'unsupported: pink line with rules "pink lines are special."'


def test_kropki_and_xv() -> None:
    found = elements(
        "Cells separated by a white dot are consecutive; a black dot: one is double the other. "
        "Cells separated by an X sum to 10, by a V sum to 5.",
        overlays=[
            {"center": [1, 0.5], "width": 0.3, "height": 0.3, "rounded": True,
             "backgroundColor": "#000000", "borderColor": "#000000"},
            {"center": [0.5, 2], "width": 0.3, "height": 0.3, "rounded": True,
             "backgroundColor": "#FFFFFF", "borderColor": "#000000"},
            {"center": [3, 3.5], "width": 0.25, "height": 0.25, "rounded": False,
             "backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "text": "X", "fontSize": 21},
        ])
    kinds = [(e.kind, e.cells) for e in found if isinstance(e, Element)]
    assert kinds == [("kropki-black", ((0, 0), (1, 0))), ("kropki-white", ((0, 1), (0, 2))),
                     ("xv", ((2, 3), (3, 3)))]


def test_odd_and_even() -> None:
    found = elements("Circles are odd, squares are even.", underlays=[
        {"center": [0.5, 0.5], "width": 0.7, "height": 0.7, "rounded": True, "backgroundColor": GREY},
        {"center": [1.5, 0.5], "width": 0.7, "height": 0.7, "rounded": False, "backgroundColor": GREY}])
    assert [(e.kind, e.cells) for e in found if isinstance(e, Element)] == [
        ("odd", ((0, 0),)), ("even", ((1, 0),))]


def test_killer_cages() -> None:
    found = elements("Digits in cages sum to the small clue and do not repeat.", cages=[
        {"cells": [[0, 0], [0, 1]], "value": "3"},
        {"cells": [[1, 0], [1, 1]]},
        {"cells": [[2, 0]], "value": "A?", "style": "killer"},
        {"cells": [[3, 0]], "value": "5", "style": "box"},
    ])
    assert [(type(e).__name__, getattr(e, "value", None)) for e in found] == [
        ("Element", "3"), ("Element", None), ("Unsupported", None), ("Unsupported", None)]
    assert "not a sum" in found[2].reason  # type: ignore[union-attr]


def test_little_killer() -> None:
    found = elements("Little killer: clues outside the grid give the sum along the arrow's diagonal.",
                     arrows=[{"wayPoints": [[-0.2, 0.8], [-0.02, 0.98]], "color": "#000000", "thickness": 2}],
                     overlays=[{"center": [-0.5, 0.5], "width": 0.25, "height": 0.25, "text": "20"}])
    element = only(found)
    assert isinstance(element, Element) and element.kind == "little-killer"
    assert element.value == "20" and element.direction == "DR"
    assert element.cells == tuple((i, i + 1) for i in range(8))


@pytest.mark.parametrize(("rules", "kind"), [
    ("Clues outside the grid give the sum of the digits sandwiched between 1 and 9.", "sandwich"),
    ("Clues outside give the X-sum: the sum of the first X digits.", "x-sum"),
    ("Skyscraper clues outside the grid.", "skyscraper"),
])
def test_numbers_outside_named_by_rules(rules: str, kind: str) -> None:
    clue = {"center": [2.5, -0.5], "width": 0.25, "height": 0.25, "text": "15"}
    element = only(elements(rules, overlays=[clue]))
    assert isinstance(element, Element) and element.kind == kind and element.direction == "left"
    assert element.cells == tuple((2, c) for c in range(9)) and element.value == "15"


def test_numbers_outside_without_a_named_rule_are_refused() -> None:
    outside = [{"center": [-0.5, 4.5], "width": 0.25, "height": 0.25, "text": "7"}]
    element = only(elements("Clues outside the grid.", overlays=outside))
    assert isinstance(element, Unsupported) and "names none of sandwich" in element.reason
    element = only(elements("Sandwich sums and skyscrapers.", overlays=outside))
    assert isinstance(element, Unsupported) and "names several" in element.reason


def test_fog_and_global_rules() -> None:
    found = elements("Normal sudoku rules apply. Anti-knight: a knight's move apart differ. Fog of war.",
                     foglight=[[0, 0]])
    assert any(isinstance(e, Unsupported) and e.reason == "unsupported: fog of war" for e in found)
    assert any(isinstance(e, Element) and e.kind == "anti-knight" and e.certainty == "stated" for e in found)
    assert any(isinstance(e, Unsupported) and "'fog of war'" in e.reason for e in found)


def test_diagonals_and_shading() -> None:
    found = elements("Digits may not repeat on the marked diagonal.",
                     lines=[{"wayPoints": [[0, 0], [9, 9]], "color": "#34BBE6", "thickness": 2}],
                     underlays=[{"center": [4.5, 4.5], "width": 1, "height": 1,
                                 "backgroundColor": "#FFD0D0"}])
    assert isinstance(found[0], Element) and found[0].kind == "diagonal"
    assert found[0].cells == tuple((i, i) for i in range(9))
    assert isinstance(found[1], Unsupported) and "shaded cell" in found[1].reason


def test_fpuzzles_fields_are_declared() -> None:
    data = fpuzzles_json(
        9, ruleset="Anything.",
        thermometer=[{"lines": [["R1C1", "R1C2"]]}],
        arrow=[{"cells": ["R5C5"], "lines": [["R5C5", "R6C6"]]}],
        killercage=[{"cells": ["R9C1", "R9C2"], "value": "10"}],
        littlekillersum=[{"cell": "R0C1", "direction": "DR", "value": "20"}],
        sandwichsum=[{"cell": "R0C4", "value": "15"}],
        difference=[{"cells": ["R3C1", "R3C2"]}],
        ratio=[{"cells": ["R4C1", "R4C2"]}],
        whispers=[{"lines": [["R8C1", "R8C2"]], "value": 4}],
        line=[{"lines": [["R4C4", "R4C5"]], "outlineC": "#F0F", "width": 0.2}],
        fogofwar=["R1C1"],
        antiknight=True,
        **{"diagonal-": True},
    )
    found = classify(read_sudokupad(fpuz(data)))
    declared = [(e.kind, e.cells, e.value) for e in found if isinstance(e, Element)]
    assert ("thermometer", ((0, 0), (0, 1)), None) in declared
    assert ("killer", ((8, 0), (8, 1)), "10") in declared
    assert ("little-killer", tuple((i, i + 1) for i in range(8)), "20") in declared
    assert ("sandwich", tuple((r, 3) for r in range(9)), "15") in declared
    assert ("kropki-white", ((2, 0), (2, 1)), None) in declared
    assert ("kropki-black", ((3, 0), (3, 1)), "2") in declared
    assert ("dutch-whispers", ((7, 0), (7, 1)), "4") in declared
    assert ("anti-knight", (), None) in declared
    assert ("diagonal", tuple((i, i) for i in range(9)), None) in declared
    (arrow,) = [e for e in found if isinstance(e, Element) and e.kind == "arrow"]
    assert arrow.cells == ((4, 4),) and arrow.path == ((5, 5),)
    assert all(e.certainty == "declared" for e in found if isinstance(e, Element))
    reasons = [e.reason for e in found if isinstance(e, Unsupported)]
    assert "unsupported: fog of war" in reasons
    assert any(r.startswith("unsupported: f-puzzles line (#F0F)") for r in reasons)


def test_background_images_and_unknown_features_are_reported() -> None:
    found = elements("Two cells along a red line have different parity.", triggereffect=[{"trigger": 1}],
                     metadata={"bgimage": "https://example.com/lines.png"})
    reasons = [e.reason for e in found if isinstance(e, Unsupported)]
    assert "unsupported: the SudokuPad feature 'triggereffect'" in reasons
    assert any("drawn in an image (bgimage)" in r for r in reasons)


def test_fpuzzles_lists_of_names_and_fog() -> None:
    data = fpuzzles_json(4, ratio=[{"cells": ["R1C1", "R1C2"]}], negative=["ratio"], foglight=["R2C2"])
    puzzle = read_sudokupad(fpuz(data))
    assert puzzle.flags["negative"] == ["ratio"]
    (fog,) = [e for e in puzzle.fpuzzles if e.kind == "foglight"]
    assert fog.cells == ((1, 1),)
    found = classify(puzzle)
    assert any(isinstance(e, Element) and e.kind == "negative" and e.value == "ratio" for e in found)
    assert any(isinstance(e, Unsupported) and e.reason == "unsupported: fog of war" for e in found)


def test_a_coloured_circle_in_a_cell_is_not_odd() -> None:
    found = elements("Odd digits in circles.", underlays=[
        {"center": [0.5, 0.5], "width": 0.7, "height": 0.7, "rounded": True, "backgroundColor": "#FF0000"}])
    assert isinstance(only(found), Unsupported)
