"""Constraints written as data and as short text: the JSON form :meth:`Rules.to_dict` keeps them
in, and the ``KIND:SPEC`` text of the command line's ``--constraint``.

**JSON** (:func:`constraint_to_dict`, :func:`constraint_from_dict`): ``{"kind": "thermo",
"line": ["r1c1", "r1c2"]}``: the kind's name and its fields by name, cells written ``r1c1``
(0-based indexes are read too), fields at their default left out.

**Text** (:func:`parse_constraint`): ``KIND:PART:PART…``; a part holding cells (``r1c1,r1c2``)
fills the kind's cell fields in order, any other part its values in order (``cage:15:r1c1,r1c2``,
``arrow:r1c1:r1c2,r1c3``, ``quadruple:r1c1:1,2``, ``diagonal:up``, ``xv:5:r1c1,r1c2``). A kind
of one cell or one pair takes several at once (``odd:r1c1,r3c3`` is two constraints). The
negatives ``nokropki`` (and its one-colour forms ``noblack``, ``nowhite``) and ``noxv`` without
cells take the dots (X/V marks) given with them (:func:`parse_constraints`).

>>> parse_constraint("thermo:r1c1,r1c2,r1c3", 9)
[Thermometer(line=(0, 1, 2))]
>>> parse_constraint("cage:15:r1c1,r1c2", 9)
[KillerCage(group=(0, 1), total=15)]
>>> constraint_to_dict(find_constraint("cage")((0, 1), 3), 4)
{'kind': 'cage', 'group': ['r1c1', 'r1c2'], 'total': 3}
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import MISSING, Field, fields
from typing import Any

from sudokit.errors import RulesError, SudokuError
from sudokit.rules.base import Constraint, find_constraint
from sudokit.rules.kinds import (
    XV,
    AllBlackDotsGiven,
    AllDotsGiven,
    AllVGiven,
    AllWhiteDotsGiven,
    AllXGiven,
    AllXVGiven,
    Difference,
    KropkiBlack,
    KropkiWhite,
    Ratio,
)
from sudokit.shape import cell_name

__all__ = ["constraint_from_dict", "constraint_to_dict", "parse_constraint", "parse_constraints"]

#: Fields holding one cell, a group of cells, or groups of cells.
_ONE = frozenset({"cell", "a", "b", "corner"})
_GROUP = frozenset({"line", "circle", "group", "first", "second"})
_GROUPS = frozenset({"segments", "marked"})
#: Value fields that hold a whole number (or None where that is their default).
_NUMBERS = frozenset({"total", "value", "gap", "count", "modulus"})
_Marked = KropkiWhite | KropkiBlack | Difference | Ratio | XV
_CELL = re.compile(r"^[rR](\d+)[cC](\d+)$")


def _is_cells(name: str) -> bool:
    return name in _ONE or name in _GROUP or name in _GROUPS


def _default(f: Field[Any]) -> Any:
    if f.default is not MISSING:
        return f.default
    return MISSING


# -- JSON ------------------------------------------------------------------------------------------


def _jsonable(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    return value


def constraint_to_dict(constraint: Constraint, n: int) -> dict[str, Any]:
    """A constraint as JSON-ready values (see the module), cells named for an N×N grid."""
    out: dict[str, Any] = {"kind": constraint.kind}
    for f in fields(constraint):
        value = getattr(constraint, f.name)
        if _default(f) is not MISSING and value == _default(f):
            continue
        if f.name in _ONE:
            out[f.name] = cell_name(value, n)
        elif f.name in _GROUP:
            out[f.name] = [cell_name(c, n) for c in value]
        elif f.name in _GROUPS:
            out[f.name] = [[cell_name(c, n) for c in group] for group in value]
        else:
            out[f.name] = _jsonable(value)
    return out


def cell_index(value: object, n: int, where: str = "", bad: type[SudokuError] = RulesError) -> int:
    """A cell written ``r1c1`` or as a 0-based index, inside the N×N grid: a :class:`RulesError`
    when it is outside, ``bad`` (a RulesError, or a puzzle file's ParseError) when it is no cell;
    ``where`` opens the message."""
    prefix = f"{where}: " if where else ""
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < n * n:
            return value
        raise RulesError(f"{prefix}cell {value} is outside the {n}×{n} grid")
    if isinstance(value, str):
        m = _CELL.match(value.strip())
        if m:
            r, c = int(m.group(1)), int(m.group(2))
            if 1 <= r <= n and 1 <= c <= n:
                return (r - 1) * n + c - 1
            raise RulesError(f"{prefix}cell {value.strip()} is outside the {n}×{n} grid")
    raise bad(f"{prefix}{value!r} is not a cell (write r1c1)")


def _cells(value: object, n: int, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise RulesError(f"{where}: must be a list of cells")
    return tuple(cell_index(v, n, where) for v in value)


def _plain(value: object, where: str) -> object:
    """A value field as read: lists as tuples (checked by :func:`_check_values`)."""
    if isinstance(value, list):
        return tuple(value)
    if value is not None and not isinstance(value, (int, str)):
        raise RulesError(f"{where}: {value!r} is not a value")
    return value


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_values(constraint: Constraint, n: int) -> None:
    """Raise :class:`RulesError` for a value field of the wrong type or out of range (a number
    where a number goes, a box that tiles the grid, a region map of every cell…)."""
    kind = constraint.kind
    for f in fields(constraint):
        name, value = f.name, getattr(constraint, f.name)
        where = f"{kind} {name}"
        if name in _NUMBERS and not (_whole(value) or (value is None and _default(f) is None)):
            raise RulesError(f"{where} must be a whole number, not {value!r}")
        if name == "modulus" and not 2 <= value <= n:
            raise RulesError(f"{where} must be 2 to {n}, not {value}")
        if name == "values" and not (isinstance(value, tuple) and all(_whole(v) for v in value)):
            raise RulesError(f"{where} must be a list of digits, not {value!r}")
        if name == "boxes" and value is not None and not (
                isinstance(value, tuple) and len(value) == n * n and all(_whole(v) for v in value)):
            raise RulesError(f"{where} must be a region number for each of the {n * n} cells")
        if name == "box" and value is not None and not (
                isinstance(value, tuple) and len(value) == 2 and all(_whole(v) and v >= 1 for v in value)
                and value[0] * value[1] == n):
            raise RulesError(f"{where} must be [rows, cols] of a box of the {n}×{n} grid, not {value!r}")
        if name == "direction" and not isinstance(value, str):
            raise RulesError(f"{where} must be a word, not {value!r}")
        if name == "marked" and any(len(pair) != 2 for pair in value):
            raise RulesError(f"{where} must be pairs of cells")


def no_field(what: str, key: str, known: Iterable[str]) -> str:
    """The message for a field ``what`` does not have (a misspelt field is refused, never dropped)."""
    return f"{what} has no field {key!r} (its fields: {', '.join(known) or 'none'})"


def constraint_from_dict(data: Mapping[str, Any], n: int) -> Constraint:
    """The constraint of :func:`constraint_to_dict`'s form; :class:`RulesError` naming what is
    wrong (an unknown kind or field, a bad cell, a missing field)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
        raise RulesError("a constraint must be an object with a \"kind\"")
    cls = find_constraint(data["kind"])
    known = {f.name: f for f in fields(cls)}
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        if key == "kind":
            continue
        where = f"{cls.kind} {key!r}"
        f = known.get(key)
        if f is None:
            raise RulesError(no_field(cls.kind, key, known))
        if key in _ONE:
            kwargs[key] = cell_index(value, n, where)
        elif key in _GROUP:
            kwargs[key] = _cells(value, n, where)
        elif key in _GROUPS:
            if not isinstance(value, list):
                raise RulesError(f"{where}: must be a list of lists of cells")
            kwargs[key] = tuple(_cells(v, n, where) for v in value)
        else:
            kwargs[key] = _plain(value, where)
    missing = [name for name, f in known.items() if name not in kwargs and _default(f) is MISSING
               and f.default_factory is MISSING]
    if missing:
        raise RulesError(f"{cls.kind} needs {', '.join(missing)}")
    constraint = cls(**kwargs)
    _check_values(constraint, n)
    problem = constraint.problem(n)
    if problem:
        raise RulesError(f"{constraint.where(n)}: {problem}")
    return constraint


# -- text ------------------------------------------------------------------------------------------


def _value(text: str, name: str, where: str) -> object:
    """A value part for the field ``name``: numbers, ``RxC`` for a box, a list for digits."""
    t = text.strip()
    if name == "box":
        m = re.fullmatch(r"(\d+)\s*[x×,]\s*(\d+)", t)
        if not m:
            raise RulesError(f"{where}: the box {t!r} is not RxC (3x3)")
        return (int(m.group(1)), int(m.group(2)))
    if name in ("values", "boxes", "totals"):
        words = [w for w in re.split(r"[\s,]+", t) if w]
        if not words or not all(re.fullmatch(r"-?\d+", w) for w in words):
            raise RulesError(f"{where}: {t!r} is not a list of digits")
        return tuple(int(w) for w in words)
    if name == "direction":
        return t.lower()
    if re.fullmatch(r"-?\d+", t):
        return int(t)
    if name == "total" and t.upper() in ("X", "V"):
        return 10 if t.upper() == "X" else 5
    raise RulesError(f"{where}: {name} {t!r} is not a whole number")


def parse_constraint(spec: str, n: int) -> list[Constraint]:
    """The constraints of one ``KIND:PART…`` text on an N×N grid (see the module); an unknown
    kind says which names are close, a bad cell says which."""
    kind, *parts = [p.strip() for p in spec.strip().split(":")]
    cls = find_constraint(kind)
    where = f"{kind}:{':'.join(parts)}" if parts else kind
    cell_fields = [f.name for f in fields(cls) if _is_cells(f.name)]
    value_fields = [f for f in fields(cls) if not _is_cells(f.name)]
    groups: list[tuple[int, ...]] = []
    values: list[str] = []
    for part in parts:
        tokens = [t for t in re.split(r"[\s,]+", part) if t]
        if tokens and any(re.match(r"^[rR]\d", t) for t in tokens):
            groups.append(tuple(cell_index(t, n, where) for t in tokens))
        elif part:
            values.append(part)
    if len(values) > len(value_fields):
        raise RulesError(f"{where}: {cls.kind} takes {len(value_fields)} value(s) "
                         f"({', '.join(f.name for f in value_fields) or 'none'}), not {len(values)}")
    fixed = {f.name: _value(text, f.name, where) for f, text in zip(value_fields, values, strict=False)}
    built: list[Constraint] = []
    if cell_fields and all(name in _ONE for name in cell_fields):
        flat = [c for g in groups for c in g]
        k = len(cell_fields)
        if not flat or len(flat) % k:
            raise RulesError(f"{where}: {cls.kind} takes {k} cell(s) at a time, not {len(flat)}")
        for i in range(0, len(flat), k):
            built.append(cls(**dict(zip(cell_fields, flat[i:i + k], strict=True)), **fixed))
    elif cell_fields and all(name in _GROUPS for name in cell_fields):
        built.append(cls(**{cell_fields[0]: tuple(groups)}, **fixed))
    else:
        if len(groups) != len(cell_fields):
            raise RulesError(f"{where}: {cls.kind} takes {len(cell_fields)} group(s) of cells "
                             f"({', '.join(cell_fields) or 'none'}), not {len(groups)}")
        named: dict[str, Any] = {}
        for name, group in zip(cell_fields, groups, strict=True):
            if name in _ONE and len(group) != 1:  # a one-cell field beside groups (paritycount)
                raise RulesError(f"{where}: {cls.kind}'s {name} is one cell, not {len(group)}")
            named[name] = group[0] if name in _ONE else group
        built.append(cls(**named, **fixed))
    for constraint in built:
        try:
            _check_values(constraint, n)
        except RulesError as error:
            raise RulesError(f"{where}: {error}") from None
        problem = constraint.problem(n)
        if problem:
            raise RulesError(f"{where}: {problem}")
    return built


def parse_constraints(specs: Iterable[str], n: int) -> list[Constraint]:
    """Every constraint of several ``KIND:SPEC`` texts; a ``nokropki``/``noxv`` (``nov``, ``nox``)
    given without cells takes the pairs of the dots (X/V marks) among them."""
    out = [c for spec in specs for c in parse_constraint(spec, n)]
    dots = _pairs(c for c in out if isinstance(c, (KropkiWhite, KropkiBlack, Difference, Ratio)))
    marks = _pairs(c for c in out if isinstance(c, XV))
    for i, c in enumerate(out):
        if isinstance(c, (AllDotsGiven, AllBlackDotsGiven, AllWhiteDotsGiven)) and not c.marked:
            out[i] = type(c)(dots)
        elif isinstance(c, (AllXVGiven, AllVGiven, AllXGiven)) and not c.marked:
            out[i] = type(c)(marks)
    return out


def _pairs(found: Iterable[_Marked]) -> tuple[tuple[int, int], ...]:
    """The cell pairs of marks between two cells, ``(low, high)``, sorted."""
    return tuple(sorted({(min(c.a, c.b), max(c.a, c.b)) for c in found}))
