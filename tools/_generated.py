"""What the tools that write generated text into committed files share: a file is stale
when its text differs from what the tool would write; ``--check`` says so, otherwise the
tool writes the files that changed."""
from __future__ import annotations

import pathlib
from collections.abc import Callable

ROOT = pathlib.Path(__file__).resolve().parents[1]


def stale(targets: dict[pathlib.Path, str]) -> list[str]:
    """The files (relative to the repository) whose text is not what they should hold."""
    return [str(p.relative_to(ROOT)) for p, text in targets.items()
            if p.read_text(encoding="utf-8") != text]


def main(argv: list[str], targets: Callable[[], dict[pathlib.Path, str]], what: str,
         tool: str) -> int:
    """``tool --check``: 1 and a line naming the stale files; ``tool``: write them."""
    if "--check" in argv:
        out = stale(targets())
        if out:
            print(f"{what} out of date in", *out, f"- run: .venv/bin/python tools/{tool}")
            return 1
        return 0
    for path, text in targets().items():
        if path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print("updated", path.relative_to(ROOT))
    return 0
