"""Difficulty and technique targets: the rater, imported when first needed, and whether its
rating of a puzzle meets the targets of the options."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import Any

from sudokit.errors import GenerationError
from sudokit.generation.options import Options
from sudokit.techniques import family_of, name_key

__all__ = ["RATING_TIME_LIMIT", "difficulty_ok", "load_public_rater", "load_rater", "uses_technique"]

#: Seconds the rater may spend on one candidate puzzle of a difficulty target.
RATING_TIME_LIMIT = 20.0


def _rater_function(name: str, target: str) -> Callable[..., Any]:
    """The function ``name`` of ``sudokit.rating.explainer``, imported when first needed, or a
    :class:`GenerationError` saying that a ``target`` needs it."""
    try:
        rating = importlib.import_module("sudokit.rating.explainer")
    except ImportError as exc:
        raise GenerationError(
            f"{target} needs the rater (sudokit.rating.explainer), which is not available in this build"
        ) from exc
    rate: Callable[..., Any] = getattr(rating, name)
    return rate


def load_rater() -> Callable[..., Any]:
    """The rater ``sudokit.rating.explainer.rate_until(grid, deadline, engine=…)``, imported when
    first needed."""
    return _rater_function("rate_until", "a difficulty or technique target")


def load_public_rater() -> Callable[..., Any]:
    """The public rater ``sudokit.rating.explainer.rate(puzzle, time_limit=…, engine=…)`` (what
    variant puzzles are rated with), imported when first needed."""
    return _rater_function("rate", "a difficulty target")


def uses_technique(target: str, used: Iterable[str]) -> bool:
    """True when a solving path with the step names ``used`` uses the technique ``target``: a
    registry name matches every step its finder yields, a step name that step only."""
    key = name_key(target)
    return any(name_key(step) == key or family_of(step) == target for step in used)


def difficulty_ok(opts: Options, rating: Any) -> bool:
    """True when a rating meets the difficulty and technique targets.

    A range is checked against the SE rating ``er``; a name against the HoDoKu-style ``level``
    (easy, medium, hard, unfair, extreme); a technique must be among the techniques the
    rater's solving path used."""
    if getattr(rating, "status", "rated") != "rated":
        return False
    target = opts.difficulty
    if isinstance(target, tuple):
        er = getattr(rating, "er", None)
        if er is None or not target[0] <= float(er) <= target[1]:
            return False
    elif isinstance(target, str) and name_key(getattr(rating, "level", "")) != name_key(target):
        return False
    return opts.technique is None or uses_technique(opts.technique, getattr(rating, "techniques", None) or {})
