"""The documents describe the kit as it is: a short README whose examples run, a
benchmark page generated from its data, links that resolve, and an architecture page
that names the package's real modules."""
from __future__ import annotations

import doctest
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"


def test_readme_is_short():
    size = len(README.read_bytes())
    assert size <= 10 * 1024, f"README.md is {size:,} bytes; move detail into docs/"


def test_readme_examples_run_as_doctests():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)
    examples = [b for b in blocks if b.lstrip().startswith(">>>")]
    assert examples, "the README's code examples are doctests (>>> lines)"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(examples):
        test = parser.get_doctest(block, {}, f"README.md example {i + 1}", "README.md", 0)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0, result


def test_benchmark_page_is_generated_from_the_results():
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "update_docs.py"), "--check"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_verdict_follows_the_interval():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import update_docs
    finally:
        sys.path.pop(0)
    assert update_docs.verdict({"interval": [0.51, 0.55]}) == "helps"
    assert update_docs.verdict({"interval": [0.44, 0.49]}) == "hurts"
    assert update_docs.verdict({"interval": [0.48, 0.52]}) == "no clear difference"
    assert update_docs.verdict({"interval": [0.30, 0.34], "fair": 0.25}) == "helps"


def _links(path: pathlib.Path):
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        yield target.split("#")[0]


def test_links_in_readme_and_docs_resolve_inside_the_repository():
    bad = []
    for page in [README, *sorted(DOCS.glob("*.md"))]:
        for target in _links(page):
            resolved = (page.parent / target).resolve()
            if not resolved.exists() or ROOT.resolve() not in resolved.parents:
                bad.append(f"{page.relative_to(ROOT)}: {target}")
    assert not bad, bad


def test_architecture_names_every_module_and_only_real_ones():
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    layout = text.split("## Layout", 1)[1].split("\n## ", 1)[0]
    package = ROOT / "boardkit"
    modules = {p.relative_to(package).as_posix() for p in package.rglob("*.py")
               if "__pycache__" not in p.parts and p.name != "__init__.py"}
    named = {m for m in modules
             if f"boardkit/{m}" in layout or ("/" in m and re.search(
                 rf"(?<![\w/]){re.escape(m.split('/')[-1])}\b", layout))}
    assert modules <= named, f"not in docs/architecture.md's Layout: {sorted(modules - named)}"
    for mentioned in re.findall(r"(?<![\w<>])([a-z_]+\.py)\b", layout):
        assert any(m.split("/")[-1] == mentioned for m in modules), \
            f"docs/architecture.md names {mentioned}, which the package does not have"


def test_package_docstrings_and_comments_carry_no_history():
    """What and why, never when or by whom: no issue numbers, commit hashes or dates."""
    pattern = re.compile(r"\bissues? #?\d+\b"                               # issue numbers
                         r"|\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b"  # hashes
                         r"|\b20\d\d-\d\d-\d\d\b", re.I)                         # dates
    bad = []
    for p in sorted((ROOT / "boardkit").rglob("*.py")):
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            for m in pattern.finditer(line):
                bad.append(f"{p.relative_to(ROOT)}:{n}: {m.group(0)}")
    assert not bad, bad[:20]


def test_the_guides_memory_figures_are_the_measured_ones():
    """docs/teacher_guide.md quotes benchmarks/lesson_memory.py's last run (its JSON): the
    median lesson, notebook 43, a play page and the 回り将棋 unit; rerun the benchmark with
    --write and the guide must follow."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import update_docs
    finally:
        sys.path.pop(0)
    data = update_docs.memory()
    guide = (ROOT / "docs" / "teacher_guide.md").read_text(encoding="utf-8")
    paragraph = guide[guide.index("**Memory on Binder (measured).**"):][:1500]
    assert f"{data['lesson_median_mb']} MB (the median)" in paragraph
    assert data["lesson_max"].endswith("43_mawari_toss_probability.ipynb")
    assert f"{data['lesson_max_mb']} MB for 43" in paragraph
    assert f"a play page {data['play_median_mb']} MB" in paragraph
    assert f"eight lessons: {data['units']['4'][1]} MB" in paragraph and data["units"]["4"][0] == 8
    assert data["units"]["4"][1] + 130 > 1000      # "a whole unit left open passes 1 GB"
