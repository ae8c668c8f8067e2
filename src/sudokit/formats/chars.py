"""The characters of the one-character-per-cell formats, shared by every reader and writer."""

from __future__ import annotations

from collections.abc import Mapping

from sudokit.errors import ParseError

__all__ = ["CHAR_VALUE", "DIGIT_CHARS", "EMPTY_CHARS", "MAX_CHAR_N", "char_values"]

#: Characters naming digits 1, 2, … 35 in the one-character-per-cell formats.
DIGIT_CHARS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: Characters meaning "empty cell" in the one-character-per-cell formats.
EMPTY_CHARS = ".0-*_"
#: The largest N a one-character-per-cell format can write.
MAX_CHAR_N = len(DIGIT_CHARS)

#: The value each character stands for (0: empty); letters in either case.
CHAR_VALUE: dict[str, int] = {c: i + 1 for i, c in enumerate(DIGIT_CHARS)}
CHAR_VALUE.update({c.lower(): i + 1 for i, c in enumerate(DIGIT_CHARS) if c.isalpha()})
CHAR_VALUE.update(dict.fromkeys(EMPTY_CHARS, 0))


def char_values(text: str, table: Mapping[str, int], where: str, expected: str) -> list[int]:
    """The value ``table`` gives each character of ``text``, or a :class:`ParseError` naming the
    first character it has none for (its position in ``where`` and what was ``expected``)."""
    values = []
    for i, ch in enumerate(text):
        v = table.get(ch)
        if v is None:
            raise ParseError(f"character {ch!r} at position {i + 1} of {where} is not {expected}")
        values.append(v)
    return values
