"""Colours as drawn on the white page: a CSS colour's r, g, b, alpha and its colour family (black,
white, grey, red, orange, yellow, green, cyan, blue, purple, pink), as the link readers name them."""

from __future__ import annotations

import colorsys
import re

__all__ = ["hue_of", "rgba_of"]

_NAMED = {
    "aqua": (0, 255, 255), "black": (0, 0, 0), "blue": (0, 0, 255), "gray": (128, 128, 128),
    "green": (0, 128, 0), "grey": (128, 128, 128), "orange": (255, 165, 0), "pink": (255, 192, 203),
    "purple": (128, 0, 128), "red": (255, 0, 0), "white": (255, 255, 255), "yellow": (255, 255, 0),
    "lightgray": (211, 211, 211), "lightgrey": (211, 211, 211), "silver": (192, 192, 192),
}


def rgba_of(color: str | None) -> tuple[float, float, float, float] | None:
    """A CSS colour as r, g, b, alpha in 0-1 (None for none/unknown)."""
    if not color:
        return None
    c = color.strip().lower()
    if c in ("none", "transparent"):
        return (0.0, 0.0, 0.0, 0.0)
    if c in _NAMED:
        red, green, blue = _NAMED[c]
        return (red / 255, green / 255, blue / 255, 1.0)
    if c.startswith("#"):
        h = c[1:]
        if len(h) in (3, 4):
            h = "".join(ch * 2 for ch in h)
        if len(h) in (6, 8) and re.fullmatch(r"[0-9a-f]+", h):
            parts = [int(h[i:i + 2], 16) / 255 for i in range(0, len(h), 2)]
            return (parts[0], parts[1], parts[2], parts[3] if len(parts) == 4 else 1.0)
        return None
    m = re.fullmatch(r"rgba?\(([^)]*)\)", c)
    if m:
        nums = [p.strip() for p in m.group(1).split(",")]
        try:
            r, g, b = (float(nums[i]) / 255 for i in range(3))
            a = float(nums[3]) if len(nums) > 3 else 1.0
        except (ValueError, IndexError):
            return None
        return (r, g, b, a)
    return None


def hue_of(color: str | None) -> str | None:
    """A colour's family as seen on the white page: black, white, grey, red, orange, yellow,
    green, cyan, blue, purple, pink; None when unknown or transparent."""
    rgba = rgba_of(color)
    if rgba is None or rgba[3] < 0.1:
        return None
    # seen as drawn on the white page: a translucent black ("#0003") is a light grey
    r, g, b = (rgba[3] * v + 1 - rgba[3] for v in rgba[:3])
    h, lightness, s = colorsys.rgb_to_hls(r, g, b)
    if s < 0.2 or max(r, g, b) - min(r, g, b) < 0.12:
        if lightness < 0.2:
            return "black"
        if lightness > 0.93:
            return "white"
        return "grey"
    deg = h * 360
    if deg < 15 or deg >= 345:
        return "pink" if lightness > 0.75 else "red"
    if deg < 45:
        return "orange"
    if deg < 70:
        return "yellow"
    if deg < 165:
        return "green"
    if deg < 200:
        return "cyan"
    if deg < 255:
        return "blue"
    if deg < 300:
        return "purple"
    return "pink"
