"""Build a balanced, leak-free data set: generate, rate, fill per-bin quotas, de-duplicate, split.

A *target* is a distribution over bins of one kind (:func:`parse_bins`):

- ``er``: Sudoku Explainer rating ranges, ``"1-2,2-4,4-6,6-8,8-"`` (each bin ``[low, high)``, the
  last one open above when written ``8-``);
- ``level``: HoDoKu levels, ``"easy,medium,hard,unfair,extreme"`` (HoDoKu 2.2's own path);
- ``clues``: clue counts, ``"20-23,24-26,27-30"`` (inclusive);
- ``shape``: grid shapes, ``"4x4,6x6,9x9"``.

Each bin may carry a weight, ``"1-2:2,2-4:1"`` (default: equal). The quotas are the weights
times ``count`` rounded by largest remainder, so the counts are exact. Candidates are made by
:func:`sudokit.generation.generator.generate_many` aimed at the bin most behind (an ER range as
its ``difficulty``: random puzzles rated for the easy bins, the climb near hard puzzles from ER
8.5 on; a level name; a clue count), rated by :func:`sudokit.rating.explainer.rate_many` (ER, EP,
ED, and the level and score of HoDoKu's own path for 9×9 puzzles, of SE's path for the
others), put in the bin their rating says when it
still needs puzzles, and kept only when no equivalent puzzle (same :func:`~sudokit.dataset.symmetry.minlex`
form) is in the set already or in ``exclude``. The splits are then cut bin by bin (each split
has the target's distribution), so no two equivalent puzzles are anywhere in the set.

Everything follows from ``seed``: the same arguments give the same data set, whatever ``jobs``.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sudokit.dataset.symmetry import minlex
from sudokit.engine.executor import Executor
from sudokit.errors import GenerationError, OptionError, SudokuError, TimeLimitReached
from sudokit.formats.reader import as_shape
from sudokit.generation.generator import LEVELS, generate_many, puzzle_seed
from sudokit.grid import Grid
from sudokit.limits import Deadline
from sudokit.rating.explainer import Rating, rate_many
from sudokit.shape import Shape, shape_for_size
from sudokit.status import Status

__all__ = [
    "COLUMNS",
    "KINDS",
    "Bin",
    "Built",
    "build",
    "parse_bins",
    "parse_split",
    "quotas",
    "rating_columns",
    "shape_name",
    "shape_of",
    "stratified_split",
]

#: The kinds of target.
KINDS = ("er", "level", "clues", "shape")

#: The columns of a built data set, in order.
COLUMNS = ("puzzle", "solution", "er", "ep", "ed", "level", "hodoku_score", "clues", "shape",
           "minlex", "techniques", "source", "bin")

#: How many of the hardest techniques the ``techniques`` column lists.
HARDEST = 3

#: Targeted batches in a row that add nothing to a bin before it is given up.
STALL_BATCHES = 6


@dataclass(frozen=True)
class Bin:
    """One bin of a target: its name as written, its kind and bounds, and its weight."""

    name: str
    kind: str
    low: float | None = None
    high: float | None = None
    level: str | None = None
    shape: Shape | None = None
    weight: float = 1.0

    def holds(self, record: Mapping[str, Any]) -> bool:
        """True when a rated record belongs in this bin."""
        if self.kind == "er":
            er = record.get("er")
            return er is not None and (self.low or 0.0) <= float(er) and (
                self.high is None or float(er) < self.high)
        if self.kind == "level":
            return record.get("level") == self.level
        if self.kind == "clues":
            clues = int(record.get("clues") or 0)
            return (self.low is None or clues >= self.low) and (self.high is None or clues <= self.high)
        return record.get("shape") == shape_name(self.shape) if self.shape is not None else False


def shape_name(shape: Shape) -> str:
    """A shape as the data set writes it: ``9x9``, or ``6x6/3x2`` when its boxes are unusual."""
    text = f"{shape.n}x{shape.n}"
    try:
        usual = shape_for_size(shape.n)
    except SudokuError:
        usual = None
    return text if usual == shape else f"{text}/{shape.box_rows}x{shape.box_cols}"


_WEIGHTED = re.compile(r"\s*([^:]+?)\s*(?::\s*([0-9.]+)\s*)?")


def shape_of(text: str) -> Shape:
    """``9x9`` (the usual boxes), ``6x6/3x2`` or a box ``2x3``... as a shape."""
    side, _, box = text.lower().replace("×", "x").partition("/")
    try:
        if box:
            rows, cols = (int(v) for v in box.split("x"))
            shape = Shape(rows, cols)
        else:
            a, b = (int(v) for v in side.split("x"))
            if a != b:
                raise OptionError(f"a grid is N×N: {text!r}")
            shape = shape_for_size(a)
    except (ValueError, SudokuError) as exc:
        raise OptionError(f"bad shape {text!r} (write 4x4, 6x6, 9x9 or 6x6/3x2): {exc}") from None
    return shape


def parse_bins(kind: str, text: str) -> list[Bin]:
    """The bins of a target written as text (see the module text); :class:`OptionError` if bad.

    >>> [(b.low, b.high) for b in parse_bins("er", "1-2,2-4,8-")]
    [(1.0, 2.0), (2.0, 4.0), (8.0, None)]
    """
    if kind not in KINDS:
        raise OptionError(f"unknown kind of bin {kind!r} (choose from: {', '.join(KINDS)})")
    bins: list[Bin] = []
    for item in text.split(","):
        if not item.strip():
            continue
        match = _WEIGHTED.fullmatch(item)
        if match is None:
            raise OptionError(f"bad bin {item!r}")
        name, weight = match[1], float(match[2]) if match[2] else 1.0
        if weight <= 0:
            raise OptionError(f"bin {name!r}: the weight must be positive")
        if kind in ("er", "clues"):
            low_text, dash, high_text = name.partition("-")
            try:
                low = float(low_text) if low_text.strip() else None
                high = float(high_text) if high_text.strip() else None
            except ValueError:
                raise OptionError(f"bad {kind} bin {name!r} (write LOW-HIGH, LOW- or -HIGH)") from None
            if not dash:
                high = low
            if low is not None and high is not None and (high < low or (kind == "er" and high == low)):
                raise OptionError(f"empty {kind} bin {name!r}")
            bins.append(Bin(name, kind, low, high, weight=weight))
        elif kind == "level":
            level = name.lower()
            if level not in LEVELS:
                raise OptionError(f"unknown level {name!r} (choose from: {', '.join(LEVELS)})")
            bins.append(Bin(name, kind, level=level, weight=weight))
        else:
            bins.append(Bin(name, kind, shape=shape_of(name), weight=weight))
    if not bins:
        raise OptionError("no bins given")
    if len({b.name for b in bins}) != len(bins):
        raise OptionError("a bin is given twice")
    return bins


def quotas(count: int, weights: Sequence[float]) -> list[int]:
    """``count`` split in proportion to ``weights`` by largest remainder (the parts add up to ``count``).

    >>> quotas(10, [1, 1, 1])
    [4, 3, 3]
    """
    total = sum(weights)
    exact = [count * w / total for w in weights]
    parts = [int(x) for x in exact]
    order = sorted(range(len(weights)), key=lambda i: (-(exact[i] - parts[i]), i))
    for i in order[:count - sum(parts)]:
        parts[i] += 1
    return parts


def parse_split(text: str | Mapping[str, float]) -> dict[str, float]:
    """``"train=0.8,val=0.1,test=0.1"`` as ``{"train": 0.8, …}`` (fractions adding up to 1).

    >>> parse_split("train=8,test=2")
    {'train': 0.8, 'test': 0.2}
    """
    items: dict[str, float] = {}
    if isinstance(text, str):
        for part in text.split(","):
            if not part.strip():
                continue
            name, eq, value = part.partition("=")
            try:
                items[name.strip()] = float(value) if eq else 1.0
            except ValueError:
                raise OptionError(f"bad split {part!r} (write train=0.8,val=0.1,test=0.1)") from None
    else:
        items = {str(k): float(v) for k, v in text.items()}
    if not items or any(v < 0 for v in items.values()) or sum(items.values()) <= 0:
        raise OptionError(f"bad split {text!r} (write train=0.8,val=0.1,test=0.1)")
    for name in items:
        if not re.fullmatch(r"[A-Za-z0-9_.-]+", name):
            raise OptionError(f"a split name is a file name: letters, digits, _ . - (not {name!r})")
    total = sum(items.values())
    return {k: v / total for k, v in items.items()}


def rating_columns(rating: Rating) -> dict[str, Any]:
    """The rating columns of a record: er, ep, ed, level, hodoku_score, techniques (the hardest few)."""
    rated = rating.status == Status.RATED
    hardest = list(rating.hardest)
    if rated and len(hardest) < HARDEST:
        hardest += [t for t in reversed(list(rating.techniques)) if t not in hardest][:HARDEST - len(hardest)]
    return {"er": rating.er, "ep": rating.ep, "ed": rating.ed, "level": rating.level,
            "hodoku_score": rating.score, "techniques": hardest[:HARDEST] if rated else []}


@dataclass
class Built:
    """A built data set: the records of each split, the bins, and what the run cost."""

    splits: dict[str, list[dict[str, Any]]]
    bins: list[Bin]
    quotas: list[int]
    candidates: int = 0
    duplicates: int = 0
    seconds: float = 0.0
    short: dict[str, int] = field(default_factory=dict)

    @property
    def count(self) -> int:
        """Records in all splits."""
        return sum(len(v) for v in self.splits.values())

    def table(self) -> list[list[str]]:
        """The summary: a row per bin (its count in each split, the total, the target), and totals."""
        names = list(self.splits)
        rows = [["bin", *names, "total", "target"]]
        for b, quota in zip(self.bins, self.quotas, strict=True):
            counts = [sum(1 for r in self.splits[s] if r["bin"] == b.name) for s in names]
            rows.append([b.name, *map(str, counts), str(sum(counts)), str(quota)])
        totals = [len(self.splits[s]) for s in names]
        rows.append(["all", *map(str, totals), str(sum(totals)), str(sum(self.quotas))])
        return rows


def _aim(b: Bin, shape: Shape, stalls: int) -> dict[str, Any]:
    """generate_many's options for candidates of bin ``b`` (after ``stalls`` batches that missed)."""
    if b.kind == "er":
        low = b.low or 0.0
        high = 20.0 if b.high is None else max(low, b.high - 0.01)
        return {"box": shape.box, "difficulty": (low, high)}
    if b.kind == "level":
        assert b.level is not None
        index = min(len(LEVELS) - 1, LEVELS.index(b.level) + stalls // 2)  # HoDoKu's own path rates lower
        return {"box": shape.box, "difficulty": LEVELS[index]}
    if b.kind == "clues":
        low = int(b.low or 1)
        high = int(b.high if b.high is not None else shape.size)
        if high <= shape.size * 24 // 81:
            return {"box": shape.box, "max_clues": high}
        return {"box": shape.box, "clues": max(low, shape.size * 24 // 81 + 1 if stalls else low)}
    assert b.shape is not None
    return {"box": b.shape.box}


def _describe(options: Mapping[str, Any]) -> str:
    """The options of a candidate batch as the ``source`` column says them."""
    parts = []
    for key, value in options.items():
        if key == "box":
            parts.append(f"box={value[0]}x{value[1]}")
        elif key == "difficulty" and isinstance(value, tuple):
            parts.append(f"difficulty={value[0]:g}-{value[1]:g}")
        else:
            parts.append(f"{key}={value}")
    return " ".join(parts)


def _candidates(
    options: dict[str, Any], size: int, seed: int, jobs: int, seconds: float | None,
    executor: Executor | None = None,
) -> list[tuple[Grid, Grid, str]]:
    """Up to ``size`` generated puzzles with their solutions and source text (fewer when the
    batch's time ran out or the generator gave up)."""
    out: list[tuple[Grid, Grid, str]] = []
    source = f"sudokit {_describe(options)}"
    try:
        for made in generate_many(size, seed=seed, jobs=jobs, time_limit=seconds, executor=executor,
                                  **options):
            out.append((made.puzzle, made.solution, f"{source} seed={made.seed}"))
    except (TimeLimitReached, GenerationError):
        pass
    return out


def build(
    count: int,
    *,
    bins: str | Sequence[Bin] = "1-2,2-4,4-6,6-8,8-",
    kind: str = "er",
    shape: Shape | tuple[int, int] | None = None,
    split: str | Mapping[str, float] = "train=0.8,val=0.1,test=0.1",
    exclude: Iterable[str] = (),
    seed: int = 0,
    jobs: int = 1,
    time_limit: float | None = None,
    batch_seconds: float = 60.0,
    rating_time_limit: float | None = 20.0,
    progress: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
) -> Built:
    """Build a data set of ``count`` puzzles over ``bins`` (see the module text).

    ``bins`` is text for :func:`parse_bins` of ``kind`` (or :class:`Bin` objects); ``shape`` the
    grid (9×9 by default; a ``shape`` target sets it per bin); ``exclude`` minlex forms no
    puzzle may have (:func:`~sudokit.dataset.symmetry.minlex` of a published test set);
    ``time_limit`` bounds the whole run and ``batch_seconds`` one batch of candidates;
    ``progress(done, count)`` is called as puzzles are accepted; ``executor`` (e.g. a Dask
    cluster's, :class:`~sudokit.engine.executor.Executor`) runs the generation and rating instead
    of ``jobs`` local workers. A bin that cannot be filled
    (:data:`STALL_BATCHES` batches aimed at it in a row add nothing, or the time runs out) is
    reported in :attr:`Built.short`.
    """
    start = time.monotonic()
    if count < 1:
        raise OptionError("count must be at least 1")
    chosen = parse_bins(kind, bins) if isinstance(bins, str) else list(bins)
    fractions = parse_split(split)
    grid_shape = as_shape(shape) or Shape(3, 3)
    wanted = quotas(count, [b.weight for b in chosen])
    deadline = Deadline.after(time_limit)
    seen = set(exclude)
    kept: list[list[dict[str, Any]]] = [[] for _ in chosen]
    stalls = [0] * len(chosen)
    given_up: set[int] = set()
    made = duplicates = batch = 0
    while True:
        open_bins = [i for i in range(len(chosen)) if len(kept[i]) < wanted[i] and i not in given_up]
        if not open_bins or deadline.expired():
            break
        target = min(open_bins, key=lambda i: (len(kept[i]) / wanted[i], i))
        b = chosen[target]
        bin_shape = b.shape if b.kind == "shape" and b.shape is not None else grid_shape
        need = wanted[target] - len(kept[target])
        size = max(4, min(64, need + need // 4))
        remaining = deadline.remaining()
        seconds = batch_seconds if remaining is None else max(0.1, min(batch_seconds, remaining))
        found = _candidates(_aim(b, bin_shape, stalls[target]), size, puzzle_seed(seed, batch), jobs, seconds,
                            executor)
        batch += 1
        made += len(found)
        before = len(kept[target])
        ratings = rate_many((p.to_string() for p, _, _ in found), jobs=jobs, executor=executor,
                            time_limit=rating_time_limit, hodoku_path=bin_shape == Shape(3, 3))
        for (puzzle, solution, source), rating in zip(found, ratings, strict=True):
            if rating.status != Status.RATED:
                continue
            form = minlex(puzzle)
            if form in seen:
                duplicates += 1
                continue
            record: dict[str, Any] = {"puzzle": puzzle.to_string(), "solution": solution.to_string(),
                                      **rating_columns(rating), "clues": puzzle.clue_count,
                                      "shape": shape_name(puzzle.shape), "minlex": form,
                                      "source": source}
            home = next((i for i, c in enumerate(chosen)
                         if c.holds(record) and len(kept[i]) < wanted[i]), None)
            if home is None:
                continue
            record["bin"] = chosen[home].name
            seen.add(form)
            kept[home].append({name: record[name] for name in COLUMNS})
            if progress is not None:
                progress(sum(len(k) for k in kept), count)
        stalls[target] = 0 if len(kept[target]) > before else stalls[target] + 1
        if stalls[target] >= STALL_BATCHES:
            given_up.add(target)
    short = {chosen[i].name: wanted[i] - len(kept[i]) for i in range(len(chosen)) if len(kept[i]) < wanted[i]}
    splits = stratified_split(kept, fractions, random.Random(seed))
    return Built(splits, chosen, wanted, made, duplicates, time.monotonic() - start, short)


def stratified_split(
    kept: Sequence[Sequence[dict[str, Any]]], fractions: Mapping[str, float], rng: random.Random,
) -> dict[str, list[dict[str, Any]]]:
    """The records of each bin (``kept[i]``) shuffled and cut by ``fractions`` (largest remainder),
    so every split has the bins in the same proportions."""
    out: dict[str, list[dict[str, Any]]] = {name: [] for name in fractions}
    names = list(fractions)
    for records in kept:
        shuffled = list(records)
        rng.shuffle(shuffled)
        parts = quotas(len(shuffled), [fractions[n] for n in names]) if shuffled else [0] * len(names)
        at = 0
        for name, part in zip(names, parts, strict=True):
            out[name].extend(shuffled[at:at + part])
            at += part
    for records in out.values():
        rng.shuffle(records)
    return out
