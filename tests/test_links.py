"""Every launch link comes from one setting, and none is written by hand."""
import importlib.util
import json
import pathlib
import re

import pytest

from boardkit import links
from boardkit._core import BoardkitError

ROOT = pathlib.Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("update_links", ROOT / "tools" / "update_links.py")
update_links = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(update_links)

# a launch or clone link: Binder, nbgitpuller, a hub's user-redirect, the repository itself
LINK = re.compile(r"mybinder\.org/v2|git-pull\?|user-redirect/"
                  r"|github\.com/[A-Za-z0-9_-]+/|gitlab\.com/[A-Za-z0-9_-]+/")
BLOCK = re.compile(r"(?ms)^[ \t]*<!-- links:([a-z-]+) -->\n.*?\n[ \t]*<!-- /links:\1 -->$")


def _texts():
    """(where, text) of every hand-written page: README, docs, notebooks' and exercises' markdown."""
    yield "README.md", (ROOT / "README.md").read_text(encoding="utf-8")
    for p in sorted((ROOT / "docs").rglob("*.md")):
        yield str(p.relative_to(ROOT)), p.read_text(encoding="utf-8")
    for folder in ("notebooks", "exercises"):
        for p in sorted((ROOT / folder).rglob("*.md")):
            if ".ipynb_checkpoints" not in p.parts:
                yield str(p.relative_to(ROOT)), p.read_text(encoding="utf-8")
        for p in sorted((ROOT / folder).rglob("*.ipynb")):
            if ".ipynb_checkpoints" not in p.parts:
                nb = json.loads(p.read_text(encoding="utf-8"))
                md = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
                yield str(p.relative_to(ROOT)), md


def test_the_blocks_are_current():
    assert update_links.stale() == [], "run tools/update_links.py"


def test_no_launch_link_is_written_by_hand():
    found = []
    for where, text in _texts():
        outside = BLOCK.sub("", text)
        for line in outside.splitlines():
            if LINK.search(line):
                found.append(f"{where}: {line.strip()[:100]}")
    assert found == [], "put these links in a <!-- links:NAME --> block of tools/update_links.py"


def test_the_scanner_sees_a_link_outside_a_block():
    text = "<!-- links:a -->\nhttps://mybinder.org/v2/gh/x/y/HEAD\n<!-- /links:a -->\nsee https://github.com/x/y/\n"
    outside = BLOCK.sub("", text)
    assert [l for l in outside.splitlines() if LINK.search(l)] == ["see https://github.com/x/y/"]


def test_one_setting_moves_every_link():
    repo, ref = update_links.settings()
    assert repo.startswith("https://") and ref
    other = update_links.targets("https://github.com/myschool/boardgames", "v9")
    for path, text in other.items():
        for m in BLOCK.finditer(text):
            block = m.group(0)
            assert "boardkit/boardkit" not in block, (path.name, m.group(1))
            assert "boardgames" in block, (path.name, m.group(1))
    guide = other[update_links.GUIDE]
    binder = "https://mybinder.org/v2/gh/myschool/boardgames/v9"
    assert f"{binder}?urlpath=lab/tree/notebooks/10_checkers_moving.ipynb" in guide
    assert "user-redirect/voila/render/boardgames/notebooks/play/checkers.ipynb" in guide


def test_every_lesson_and_play_page_has_a_binder_link():
    guide = (ROOT / "docs" / "teacher_guide.md").read_text(encoding="utf-8")
    lessons = [*(ROOT / "notebooks").glob("[0-8][0-9]_*.ipynb"), *(ROOT / "exercises").glob("*.ipynb")]
    for p in lessons:
        rel = p.relative_to(ROOT).as_posix()
        assert f"urlpath=lab/tree/{rel}" in guide, rel
    for p in (ROOT / "notebooks" / "play").glob("*.ipynb"):
        assert f"urlpath=voila/render/notebooks/play/{p.name}" in guide, p.name


def test_link_builders():
    gh = "https://github.com/o/n"
    assert links.binder_url(gh, "notebooks/play/x.ipynb", app="voila") == \
        "https://mybinder.org/v2/gh/o/n/HEAD?urlpath=voila/render/notebooks/play/x.ipynb"
    assert links.binder_url("https://gitlab.com/o/n", "a.ipynb").startswith("https://mybinder.org/v2/gl/o%2Fn/HEAD?")
    assert links.binder_url("https://git.school.org/o/n.git", "a.ipynb").startswith(
        "https://mybinder.org/v2/git/https%3A%2F%2Fgit.school.org%2Fo%2Fn/HEAD?")
    assert links.nbgitpuller_url(gh, "https://hub.school.org/") == (
        "https://hub.school.org/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2Fo%2Fn"
        "&branch=main&urlpath=lab/tree/n/notebooks/00_start_here.ipynb")
    assert links.pip_spec(gh) == "boardkit[lab] @ git+https://github.com/o/n"


@pytest.mark.parametrize("kwargs, name", [
    ({"repo": "github.com/o/n"}, "repo"), ({"repo": "https://github.com/o"}, "repo"),
    ({"repo": 5}, "repo"), ({"ref": "a b"}, "ref"), ({"ref": "../x"}, "ref"),
    ({"path": "../etc/passwd"}, "path"), ({"app": "tree"}, "app"),
])
def test_bad_input_names_the_argument(kwargs, name):
    args = {"repo": "https://github.com/o/n", "path": "a.ipynb", **kwargs}
    with pytest.raises(BoardkitError, match=rf"^{name}:"):
        links.binder_url(**args)
    with pytest.raises(BoardkitError, match="^hub:"):
        links.nbgitpuller_url("https://github.com/o/n", hub="javascript:alert(1)")
