"""Write every Binder, nbgitpuller, hub and clone link from one setting.

    .venv/bin/python tools/update_links.py           # rewrite the link blocks
    .venv/bin/python tools/update_links.py --check   # exit 1 if a block is out of date

The setting is ``Repository`` under ``[project.urls]`` in ``pyproject.toml``, and the
Binder ref is ``binder-ref`` under ``[tool.boardkit]``. Each link sits in a block between
``<!-- links:NAME -->`` and ``<!-- /links:NAME -->`` in README.md or docs/teacher_guide.md;
nothing outside the blocks is touched. ``tests/test_links.py`` fails when a block is stale
or when a launch link is written anywhere outside a block.
"""
from __future__ import annotations

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardkit import links  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
import _generated  # noqa: E402

README = ROOT / "README.md"
GUIDE = ROOT / "docs" / "teacher_guide.md"
README_JA = ROOT / "README.ja.md"                 # the Japanese edition's README and guide
GUIDE_JA = ROOT / "docs" / "teacher_guide.ja.md"
PLAY = ["checkers", "diamond", "backgammon", "mawari"]


def settings(pyproject: pathlib.Path = ROOT / "pyproject.toml") -> tuple[str, str]:
    """(repository address, Binder ref) from pyproject.toml."""
    import tomllib

    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    repo = data["project"]["urls"]["Repository"]
    ref = data.get("tool", {}).get("boardkit", {}).get("binder-ref", "HEAD")
    return repo, ref


def _lessons(lang: str = "en") -> list[pathlib.Path]:
    sub = "/ja" if lang == "ja" else ""
    nb = sorted((ROOT / f"notebooks{sub}").glob("[0-9][0-9]_*.ipynb"))
    return [p for p in nb if p.name[0] != "9"] + sorted((ROOT / f"exercises{sub}").glob("*.ipynb"))


def _guide_blocks(repo: str, ref: str, lang: str) -> dict[str, str]:
    lesson_lines = []
    for p in _lessons(lang):
        rel = p.relative_to(ROOT).as_posix()
        lesson_lines.append(f"- [{p.name}](../{rel}): {links.binder_url(repo, rel, ref)}")
    play_lines = [f"  - [{g}.ipynb](../{links.play_page(g, lang)}): "
                  f"{links.binder_url(repo, links.play_page(g, lang), ref, app='voila')}"
                  for g in PLAY]
    lesson = links.LESSON_JA if lang == "ja" else links.LESSON
    return {
        "binder-lessons": "\n".join(lesson_lines),
        "binder-play": "\n".join(play_lines),
        "tljh-install": "```bash\n"
                        f'sudo -E pip install "{links.pip_spec(repo)}"\n'
                        "sudo -E pip install nbgitpuller\n```",
        "nbgitpuller": f"  `{links.nbgitpuller_url(repo, path=lesson)}`",
        "hub-play": f"  `{links.hub_play_url(repo, lang=lang)}`",
        "clone": f"   `git clone {links.clone_url(repo)}`",
    }


def blocks(repo: str, ref: str) -> dict[pathlib.Path, dict[str, str]]:
    """For each file, each block's name and text."""
    start = links.binder_url(repo, links.LESSON, ref)
    start_ja = links.binder_url(repo, links.LESSON_JA, ref)
    return {
        README: {
            "badge": f"[![Binder](https://mybinder.org/badge_logo.svg)]({start})\n"
                     "— opens JupyterLab in your browser, straight on the start notebook (no install).",
        },
        README_JA: {
            "badge": f"[![Binder](https://mybinder.org/badge_logo.svg)]({start_ja})\n"
                     "— ブラウザーで JupyterLab が開き、日本語版のスタートページが"
                     "表示されます（インストール不要）。",
        },
        GUIDE: _guide_blocks(repo, ref, "en"),
        GUIDE_JA: _guide_blocks(repo, ref, "ja"),
    }


def _block_re(name: str) -> re.Pattern:
    return re.compile(rf"(?ms)^(?P<pad>[ \t]*)<!-- links:{re.escape(name)} -->\n(.*?)\n"
                      rf"[ \t]*<!-- /links:{re.escape(name)} -->$")


def rewritten(text: str, named: dict[str, str], where: str) -> str:
    for name, body in named.items():
        pat = _block_re(name)
        if len(pat.findall(text)) != 1:
            raise SystemExit(f"{where}: needs exactly one block "
                             f"<!-- links:{name} --> ... <!-- /links:{name} -->")
        text = pat.sub(lambda m, b=body, n=name: f"{m['pad']}<!-- links:{n} -->\n{b}\n"
                                                  f"{m['pad']}<!-- /links:{n} -->", text)
    return text


def targets(repo: str | None = None, ref: str | None = None) -> dict[pathlib.Path, str]:
    r, f = settings()
    out = {}
    for path, named in blocks(repo or r, ref or f).items():
        out[path] = rewritten(path.read_text(encoding="utf-8"), named, path.name)
    return out


def stale() -> list[str]:
    return _generated.stale(targets())


def main(argv: list[str]) -> int:
    return _generated.main(argv, targets, "links", "update_links.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
