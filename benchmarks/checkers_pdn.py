"""Reading real PDN game records side by side with py-draughts: games read per second.

Run by hand (not a test):  .venv/bin/python benchmarks/checkers_pdn.py [--runs 7]
                           [--peer /tmp/venv-pydraughts/bin/python] [--fixture]

The texts are the real records of tests/data/real/checkers/ (see SOURCES.md there), split
into records by ``boardkit.checkers.notation.pdn_records``; both programs get the same
record texts. Each round reads every record once (boardkit: ``read_pdn(text)``, the whole
replay; py-draughts: ``Board.from_pdn(text)`` with the board of the file's variant, its
American board for the 8x8 files). Rounds are INTERLEAVED (ours, peer, ours, peer, ...;
the peer is one long-lived process started once, so neither its start-up nor its imports
are timed); medians of the rounds. Games per second count the records each program reads
(one that raises is not counted but its time is); the CPU time is the reading process's
``time.process_time``, fairer than wall time on a shared machine.

Also printed: how many records each program reads, and of the records py-draughts reads,
the fraction boardkit reads (the aim is at least 99.5%). py-draughts numbers American
squares from the other side (its first player starts on 21-32), so it cannot replay the
numeric American files (0 of 16 records of the British file); both read PlayStrategy's
algebraic records.

``--fixture`` writes tests/data/real/checkers/py_draughts_replays.json: for every record
py-draughts reads, its number of plies and its final position turned into boardkit's
frame (for American games: square s is 33 - s and the colours swap), which the tests
compare with boardkit's replay.

The peer goes in a scratch venv, never in .venv:
  python3 -m venv /tmp/venv-pydraughts && /tmp/venv-pydraughts/bin/pip install py-draughts

Measured 2026-12-01 22:06 UTC on the 2-core build machine shared with other jobs (load
about 4), Python 3.11, py-draughts 1.10.1, --runs 5, medians:

  240 records; boardkit reads 239
  py-draughts reads 224; of those boardkit reads 223 (99.55%)
  program      games read  games/s wall  games/s CPU
  boardkit            239           144          186
  py-draughts         224           127          187

(an earlier --runs 3 at lighter load: boardkit 207, py-draughts 190 games/s CPU). The one
record boardkit refuses is prof2.pdn's game 4, whose move text has a typing
error (``9n`` for ``9.``) that py-draughts skips as unknown text.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "real" / "checkers"
sys.path.insert(0, str(ROOT))

from boardkit import BoardkitError  # noqa: E402
from boardkit.checkers.notation import pdn_records, read_pdn  # noqa: E402

#: the files whose records are 8x8 American checkers (the rest are international)
AMERICAN = {"British_Computer_Championship_2002.pdn", "playstrategy_american.pdn"}

PEER = r'''
import json, sys, time
from draughts import AmericanBoard, StandardBoard
recs = json.loads(sys.stdin.readline())
def frame(board, american):
    fen = board.fen.strip('[]').split('"')[1] if board.fen.startswith("[") else board.fen
    turn, *sides = fen.split(":")
    out = {"B": [], "W": []}
    for side in sides:
        colour, body = side[0], side[1:]
        for sq in filter(None, body.split(",")):
            king = sq.startswith("K")
            n = int(sq.lstrip("K"))
            if american:
                n, colour2 = 33 - n, "B" if colour == "W" else "W"
            else:
                colour2 = colour
            out[colour2].append(("K" if king else "") + str(n))
    if american:
        turn = "B" if turn == "W" else "W"
    return [turn, sorted(out["B"]), sorted(out["W"])]
for line in sys.stdin:
    cmd = line.strip()
    if cmd == "fixture":
        res = []
        for am, text in recs:
            try:
                b = (AmericanBoard if am else StandardBoard).from_pdn(text)
                res.append([len(b._moves_stack)] + frame(b, am))
            except Exception:
                res.append(None)
        print(json.dumps(res), flush=True)
        continue
    t, c = time.perf_counter(), time.process_time()
    ok = 0
    for am, text in recs:
        try:
            (AmericanBoard if am else StandardBoard).from_pdn(text)
            ok += 1
        except Exception:
            pass
    print(json.dumps([ok, time.perf_counter() - t, time.process_time() - c]), flush=True)
'''


def records():
    """(file name, record number, text) of every record of the corpus."""
    out = []
    for path in sorted(DATA.glob("*.pdn")):
        for number, _line, text in pdn_records(path):
            out.append((path.name, number, text))
    return out


def ours(recs) -> tuple[int, float, float]:
    t, c = time.perf_counter(), time.process_time()
    ok = 0
    for _name, _n, text in recs:
        try:
            read_pdn(text)
            ok += 1
        except BoardkitError:
            pass
    return ok, time.perf_counter() - t, time.process_time() - c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--peer", default=os.environ.get("PEER_PYTHON", "/tmp/venv-pydraughts/bin/python"))
    ap.add_argument("--fixture", action="store_true")
    args = ap.parse_args()
    recs = records()
    peer = None
    if Path(args.peer).exists():
        peer = subprocess.Popen([args.peer, "-c", PEER], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True)
        peer.stdin.write(json.dumps([[name in AMERICAN, text] for name, _n, text in recs]) + "\n")
        peer.stdin.flush()
    else:
        print(f"(no peer at {args.peer}: py-draughts is skipped)")

    def ask(cmd):
        peer.stdin.write(cmd + "\n")
        peer.stdin.flush()
        return json.loads(peer.stdout.readline())

    if peer and args.fixture:
        res = ask("fixture")
        out: dict = {}
        for (name, n, _text), r in zip(recs, res):
            if r is not None:
                out.setdefault(name, {})[str(n)] = r
        (DATA / "py_draughts_replays.json").write_text(json.dumps(out, indent=0, sort_keys=True) + "\n")
        print(f"wrote py_draughts_replays.json: {sum(map(len, out.values()))} records")
    mine, theirs = [], []
    for _ in range(args.runs):
        mine.append(ours(recs))
        if peer:
            theirs.append(ask("run"))
    read_ok = mine[0][0]
    print(f"{len(recs):,} records; boardkit reads {read_ok:,}")
    if peer:
        res = ask("fixture")
        peer_ok = [i for i, r in enumerate(res) if r is not None]
        both = 0
        for i in peer_ok:
            try:
                read_pdn(recs[i][2])
                both += 1
            except BoardkitError:
                pass
        print(f"py-draughts reads {len(peer_ok):,}; of those boardkit reads {both:,} "
              f"({both / max(1, len(peer_ok)):.2%})")
    print(f"{'program':12} {'games read':>10} {'games/s wall':>13} {'games/s CPU':>12}")
    for label, runs in (("boardkit", mine), ("py-draughts", theirs)):
        if not runs:
            continue
        ok = runs[0][0]
        wall = statistics.median(r[1] for r in runs)
        cpu = statistics.median(r[2] for r in runs)
        print(f"{label:12} {ok:>10,} {ok / wall:>13,.0f} {ok / cpu:>12,.0f}")
    if peer:
        peer.stdin.close()
        peer.wait()


if __name__ == "__main__":
    main()
