"""Memory of a lesson's kernel (run by hand: python benchmarks/lesson_memory.py).

A student on Binder has about 1-2 GB, and every open notebook keeps a kernel of its own
until it is shut down. This runs every lesson and play page as a student would open it
(a fresh kernel, every cell executed in order, the notebook's folder as the working
folder), then reads the kernel process's resident memory (``VmRSS``, and its peak
``VmHWM``) from /proc, and shuts it down before the next. Child processes (a tip lab's
workers) are added while they live.

    python benchmarks/lesson_memory.py                 # every notebook, JSON to stdout
    python benchmarks/lesson_memory.py --write         # also benchmarks/results/lesson_memory.json
    python benchmarks/lesson_memory.py notebooks/43_*  # some notebooks

The figures in docs/teacher_guide.md ("Memory of a lesson") come from its last --write.
Linux only (it reads /proc).
"""
from __future__ import annotations

import argparse
import json
import pathlib
import platform
import statistics
import sys
import time

import nbformat
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

ROOT = pathlib.Path(__file__).resolve().parents[1]
OUT = ROOT / "benchmarks" / "results" / "lesson_memory.json"


def _status_kb(pid: int, field: str) -> int:
    try:
        for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _children(pid: int) -> list[int]:
    out = []
    for task in pathlib.Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


def measure(path: pathlib.Path) -> dict:
    nb = nbformat.read(path, as_version=4)
    km = KernelManager(kernel_name="python3")
    km.start_kernel(cwd=str(path.parent))
    try:
        client = NotebookClient(nb, km=km, timeout=600, allow_errors=True,
                                resources={"metadata": {"path": str(path.parent)}})
        t = time.perf_counter()
        with client.setup_kernel():
            for index, cell in enumerate(nb.cells):
                client.execute_cell(cell, index)
            pid = km.provisioner.process.pid
            rss = _status_kb(pid, "VmRSS")
            peak = _status_kb(pid, "VmHWM")
            kids = sum(_status_kb(c, "VmRSS") for c in _children(pid))
        return {"notebook": str(path.relative_to(ROOT)), "rss_mb": round(rss / 1024),
                "peak_mb": round(peak / 1024), "children_mb": round(kids / 1024),
                "seconds": round(time.perf_counter() - t, 1)}
    finally:
        km.shutdown_kernel(now=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("notebooks", nargs="*")
    ap.add_argument("--write", action="store_true")
    a = ap.parse_args(argv)
    paths = [pathlib.Path(p).resolve() for p in a.notebooks] or sorted(
        [*ROOT.glob("notebooks/[0-9]*.ipynb"), *ROOT.glob("notebooks/play/*.ipynb")])
    rows = []
    for p in paths:
        row = measure(p)
        rows.append(row)
        print(json.dumps(row, ensure_ascii=False), file=sys.stderr)
    lessons = [r["rss_mb"] for r in rows if "/play/" not in r["notebook"]]
    play = [r["rss_mb"] for r in rows if "/play/" in r["notebook"]]
    summary = {
        "machine": f"{platform.system()} {platform.machine()}, Python {platform.python_version()}",
        "lessons": len(lessons),
        "lesson_median_mb": round(statistics.median(lessons)) if lessons else None,
        "lesson_max_mb": max(lessons) if lessons else None,
        "lesson_max": max((r for r in rows if "/play/" not in r["notebook"]),
                          key=lambda r: r["rss_mb"], default={}).get("notebook"),
        "play_median_mb": round(statistics.median(play)) if play else None,
        "rows": rows,
    }
    text = json.dumps(summary, ensure_ascii=False, indent=1)
    print(text)
    if a.write:
        OUT.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
