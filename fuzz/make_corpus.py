"""Write the seed corpus of the libFuzzer harnesses (fuzz/corpus/<harness>/) from puzzle files.

Run once by hand (``python fuzz/make_corpus.py``); the output is committed, so CI needs neither
this script nor /work/shared/data.  The byte layouts are those of fuzz/fuzz_*.c.
"""

from __future__ import annotations

import hashlib
import struct
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"
if not SHARED.is_dir():
    SHARED = Path("/work/shared/data")
OUT = ROOT / "fuzz" / "corpus"
DIGITS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def shapes() -> list[tuple[int, int]]:
    """Every supported box shape, in the order of fuzz/shapes.h."""
    return [(r, n // r) for n in range(2, 65) for r in range(1, n + 1) if n % r == 0]


def lines(path: Path, count: int, step: int = 1) -> list[str]:
    """Up to ``count`` puzzle lines of a file (comments skipped), every ``step``-th one."""
    text = path.read_text().splitlines()
    rows = [ln.split("\t")[0].strip() for ln in text if ln and not ln.startswith("#")]
    return rows[::step][:count]


def write(harness: str, data: bytes) -> None:
    """Store one seed under its content hash."""
    folder = OUT / harness
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()[:16]).write_bytes(data)


def nxn_shape(text: str) -> tuple[int, int]:
    """The squarest box shape (rows <= cols) for a line of N*N cells."""
    n = round(len(text) ** 0.5)
    rows = max(r for r in range(1, n + 1) if n % r == 0 and r * r <= n)
    return rows, n // rows


def avoidable_rectangles(text: str) -> list[tuple[int, bytes]]:
    """(kind, pairs) for fuzz_hodoku9 that set up HoDoKu's avoidable rectangles from a unique
    puzzle's solution S.  Corners: start and partner in one box and one row, far1 and far2 across
    from them in another band; start and partner get S placed (0xf0 pairs: non-given values).
    Type 1 (kind 32): far1 placed too (S[far1] = S[partner]) and far2 left with {S[start],
    S[far2]}: it loses S[start].  Type 2 (kind 33): S[far2] = S[start], far1 left with
    {S[partner], x = S[far1]} and far2 with {S[start], x}: x leaves the cells seeing both."""
    import sys

    sys.path.insert(0, str(ROOT / "src"))
    from sudokit.engine import reference

    cells = bytes(0 if ch in ".0" else int(ch) for ch in text)
    count, sol, _ = reference.solve(cells, 3, 3, 2)
    if count != 1 or sol is None:
        return []

    def sees(c: int, d: int) -> bool:  # a given peer of cell c holds d
        return any(
            cells[p] == d
            for p in range(81)
            if p != c
            and (p // 9 == c // 9 or p % 9 == c % 9 or (p // 27 == c // 27 and p % 9 // 3 == c % 9 // 3))
        )

    def only(c: int, keep: set[int]) -> bytes:  # remove every other digit from cell c
        return b"".join(bytes([c, d - 1]) for d in range(1, 10) if d not in keep)

    found = []
    for r1 in range(9):
        for c1 in range(9):
            for c2 in range(9):
                for r2 in range(9):
                    if c1 == c2 or c1 // 3 != c2 // 3 or r1 // 3 == r2 // 3:
                        continue
                    start, partner, far1, far2 = 9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2
                    if any(cells[c] for c in (start, partner, far1, far2)):
                        continue
                    a, b = sol[start], sol[partner]
                    place = bytes([start, 0xF0, partner, 0xF0])
                    if sol[far1] == b and sol[far2] != a and not sees(far2, a):
                        found.append((32, place + bytes([far1, 0xF0]) + only(far2, {a, sol[far2]})))
                    x = sol[far1]
                    if sol[far2] == a and x != b and not sees(far1, b) and not sees(far2, x):
                        found.append((33, place + only(far1, {b, x}) + only(far2, {a, x})))
    return found


def main() -> None:
    """Write every harness's seeds."""
    table = shapes()
    nine = [
        *lines(SHARED / "top95.txt", 6, 15),
        *lines(SHARED / "17_clue.txt", 4, 9000),
        *lines(SHARED / "forum_hardest_1106.txt", 4, 90),
        *lines(SHARED / "serg_multi_solution.txt", 4, 2000),
        *lines(SHARED / "ratings" / "cbg-000_SER.tsv", 6, 3000),
    ]
    nxn = lines(ROOT / "examples" / "nxn.txt", 10)
    nine_with_nxn = [*nine[:8], *nxn]
    for text in nine_with_nxn:  # parse: shape byte + the line
        write("parse", bytes([table.index(nxn_shape(text))]) + text.encode())
    write("parse", bytes([table.index((2, 3))]) + b"1-*_0a" * 6)
    for i, text in enumerate(nine):  # solve9: text + flags + cell
        write("solve9", text.encode() + bytes([i & 1, 7 * i % 81]))
    write("solve9", b"." * 81 + b"\x00\x00")
    for text in nxn + nine[:4]:  # nxn: shape, flags, (cell hi, cell lo, digit) triples
        shape = nxn_shape(text)
        n = shape[0] * shape[1]
        body = b"".join(struct.pack(">HB", i, DIGITS.index(ch) % n) for i, ch in enumerate(text) if ch != ".")
        write("nxn", bytes([table.index(shape), 0]) + body)
    for text in nine[:12]:  # canon: text + transformation bytes
        write("canon", text.encode() + hashlib.sha1(text.encode()).digest())
    write("canon", b"." * 81)
    for seed in range(3):  # generate: seed, mode, mode bytes
        for mode_bytes in (b"\x00\x00\x00\x00", b"\x00\x01\x00\x01", b"\x00\x08\x90\x00" + bytes(range(81)),
                           b"\x01" + b"\xff\x0f" * 5 + b"\xff\x00", b"\x02\x00\x00\x00\x19\x01",
                           b"\x03" + nine[seed].encode()):
            write("generate", struct.pack(">Q", seed) + mode_bytes)
    for i, text in enumerate(nine):  # human9: text, mode, finder, pairs
        write("human9", text.encode() + bytes([2 * (i % 2), i * 5 % 28]))
        write("human9", text.encode() + bytes([1, i * 3 % 28]) + bytes(range(i, i + 8)))
    for i, text in enumerate(nine):  # hodoku9: text, mode, kind, pairs
        pairs = hashlib.sha1(text.encode()).digest()
        write("hodoku9", text.encode() + bytes([4 * (i % 2), i * 5 % 56]) + pairs)
        write("hodoku9", text.encode() + bytes([2 if i % 2 else 1, i * 3 % 56]) + pairs[:8])
    for i, text in enumerate(nine[10:14]):  # hodoku9: the ALS finders with a cache, on hard ones
        write("hodoku9", text.encode() + bytes([8 + 4 * (i % 2), 47 + i % 3]))
    for i, text in enumerate(nine[:10]):  # hodoku9: placed (non-given) digits, avoidable rectangles
        found = avoidable_rectangles(text)
        for kind in (32, 33):
            for pairs in [pairs for k, pairs in found if k == kind][:1]:
                write("hodoku9", text.encode() + bytes([4 * (i % 2), kind]) + pairs)


if __name__ == "__main__":
    main()
