"""The real public sample of tests/formats_links ("Parity Fish", Marty Sears): how many read and
solve. Its red parity lines live only in its background image, so reading it must refuse it (and
still refuse it with the image reference removed: the rules text names lines the data lacks)."""

from __future__ import annotations

import pytest

from sudokit.formats.links import LinkRefused, read_link
from tests.formats_links.builders import LZ
from tests.formats_links.test_public_sample import PARITY_FISH


def test_parity_fish_is_refused_for_its_image_and_its_red_lines() -> None:
    read, refused = 0, []
    for text in (PARITY_FISH,):
        try:
            read_link("scl" + LZ.compressToBase64(text))
            read += 1
        except LinkRefused as error:
            refused.append(error.reasons)
    assert (read, len(refused)) == (0, 1)  # 0 of the 1 sample reads: correct, it cannot be solved faithfully
    reasons = refused[0]
    assert any("image (bgimage)" in r for r in reasons)
    assert any("red line" in r for r in reasons)
    stripped = PARITY_FISH.replace("bgimage:'https://i.imgur.com/n3iOt4N.jpeg',", "")
    with pytest.raises(LinkRefused, match="red line"):
        read_link("scl" + LZ.compressToBase64(stripped))
