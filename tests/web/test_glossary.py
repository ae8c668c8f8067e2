"""The glossary has a sentence for every technique the hint and explain answers can name."""

from __future__ import annotations

import pytest

from sudokit.techniques import techniques
from sudokit.techniques.variants import variant_techniques
from sudokit.web.glossary import GLOSSARY, meaning

#: Step names that are not their technique's name (each one's family must have a sentence).
STEP_NAMES = ["Full House", "Claiming", "Direct Claiming", "Finned X-Wing", "Sashimi Swordfish",
              "X-Chain", "XY-Chain", "Grouped AIC", "Mutant Swordfish", "Franken X-Wing",
              "Finned Franken Jellyfish", "BUG type 3", "Unique Rectangle type 2", "Unique Loop",
              "Bidirectional X-Cycle", "Forcing X-Chain", "Cell Forcing Chains", "Region Forcing Chains",
              "Dynamic Cell Forcing Chains (+)", "Dynamic Region Forcing Chains", "Stuck"]


NAMES = sorted({t.name for t in techniques()} | {t.name for t in variant_techniques()})


@pytest.mark.parametrize("name", NAMES)
def test_every_technique_has_a_sentence(name: str) -> None:
    assert name in GLOSSARY
    assert GLOSSARY[name].endswith(".") and len(GLOSSARY[name]) < 200


@pytest.mark.parametrize("name", STEP_NAMES)
def test_step_names_find_their_family(name: str) -> None:
    assert meaning(name)


def test_unknown_names() -> None:
    assert meaning("Zebra Wing") is None
