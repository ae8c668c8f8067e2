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


if __name__ == "__main__":
    main()
