"""Bear-off table: build time, and a cross-check against GNU Backgammon.

    .venv/bin/python benchmarks/backgammon_bearoff.py [--repeat 3]

1. Times ``bearoff.build_table(15)`` (all 54,264 one-sided positions; goal < 20 s)
   and prints the median.
2. If GNU Backgammon is installed (Debian package ``gnubg``: /usr/share/gnubg/
   gnubg_os0.bd and /usr/games/makebearoff), compares our mean number of rolls for
   every position with gnubg's one-sided database (it stores each distribution in
   16-bit fixed point, so agreement is to about 1e-4), and times gnubg's own
   generator ``makebearoff -o 6`` (C, also writes gammon distributions) on the same machine for the ratio.
This is a scratch comparison: gnubg is not a dependency of boardkit.
"""
from __future__ import annotations

import argparse
import math
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from boardkit.backgammon import bearoff  # noqa: E402

GNUBG_DB = pathlib.Path("/usr/share/gnubg/gnubg_os0.bd")
MAKEBEAROFF = shutil.which("makebearoff") or "/usr/games/makebearoff"


def gnubg_index(points, n_points=6, n_chequers=15):
    """gnubg's PositionBearoff (lib/positionid.c): the combinatorial rank of a
    position (a bit pattern of checkers and point separators)."""
    j = n_points - 1 + sum(points)
    bits = 1 << j
    for c in points[:-1]:
        j -= c + 1
        bits |= 1 << j

    def position_f(n, r):
        if n == r:
            return 0
        if bits & (1 << (n - 1)):
            return math.comb(n - 1, r) + position_f(n - 1, r - 1)
        return position_f(n - 1, r)

    return position_f(n_chequers + n_points, n_points)


def read_gnubg_means(path: pathlib.Path) -> dict[int, float]:
    """Mean rolls for every position of a compressed one-sided gnubg .bd file
    (header "gnubg-OS-06-15-1-1-0": 6 points, 15 checkers, gammon data, compressed)."""
    data = path.read_bytes()
    header = data[:40].decode("ascii", "replace")
    if not header.startswith("gnubg-OS-06-15-1-1"):
        raise SystemExit(f"unexpected gnubg bear-off header: {header!r}")
    n = math.comb(21, 6)
    index = np.frombuffer(data, dtype=np.uint8, count=8 * n, offset=40).reshape(n, 8)
    base = 40 + 8 * n
    means = {}
    for i in range(n):
        off = int.from_bytes(index[i, :4].tobytes(), "little")
        nz, ioff = int(index[i, 4]), int(index[i, 5])
        probs = np.frombuffer(data, dtype="<u2", count=nz, offset=base + 2 * off) / 65535.0
        means[i] = float(((ioff + np.arange(nz)) * probs).sum())
    return means


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    times = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        tab = bearoff.build_table(15)
        times.append(time.perf_counter() - t0)
    ours = statistics.median(times)
    print(f"boardkit build_table(15): {len(tab)} positions, median {ours:.2f} s "
          f"over {args.repeat} runs (goal < 20 s)")

    if GNUBG_DB.exists():
        means = read_gnubg_means(GNUBG_DB)
        diffs = []
        for pos, m in zip(tab.positions, tab.mean):
            diffs.append(abs(means[gnubg_index([int(c) for c in pos])] - m))
        diffs = np.array(diffs)
        print(f"vs gnubg_os0.bd: {len(diffs)} positions, mean rolls max |diff| = "
              f"{diffs.max():.2e}, median {np.median(diffs):.2e}, "
              f"{(diffs > 1e-3).sum()} positions differ by more than 1e-3")
    else:
        print("gnubg_os0.bd not found (apt-get install gnubg for the cross-check)")

    if pathlib.Path(MAKEBEAROFF).exists():
        gt = []
        with tempfile.TemporaryDirectory() as d:
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                subprocess.run([MAKEBEAROFF, "-o", "6", "-f", f"{d}/os.bd"],
                               check=True, capture_output=True)
                gt.append(time.perf_counter() - t0)
        g = statistics.median(gt)
        print(f"gnubg makebearoff -o 6 (C): median {g:.2f} s; "
              f"boardkit/gnubg time ratio {ours / g:.2f}")


if __name__ == "__main__":
    main()
