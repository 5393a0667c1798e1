"""Opening a lesson does not mark it modified: tools/run_notebooks.py stores the metadata
JupyterLab would write when it connects the kernel, and the .md twin as Jupytext writes it."""
import importlib.util
import pathlib
import shutil

import jupytext
import nbformat
from jupyter_client.manager import start_new_kernel
from jupytext.config import load_jupytext_config

ROOT = pathlib.Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("run_notebooks", ROOT / "tools" / "run_notebooks.py")
run_notebooks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(run_notebooks)


def _what_jupyterlab_writes():
    """kernelspec and language_info as JupyterLab sets them on opening: from the kernelspec
    and from a live kernel's kernel_info reply."""
    from jupyter_client.kernelspec import KernelSpecManager

    spec = KernelSpecManager().get_kernel_spec("python3")
    km, kc = start_new_kernel(kernel_name="python3")
    try:
        info = kc.kernel_info(reply=True, timeout=60)["content"]["language_info"]
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    return {"display_name": spec.display_name, "language": spec.language, "name": "python3"}, info


def test_a_run_notebook_opens_unmodified(tmp_path):
    # a lesson as the repository had it: the old normalised metadata, a plain {code-cell} twin
    src = ROOT / "notebooks" / "41_mawari_accidents"
    for ext in (".ipynb", ".md"):
        shutil.copy(src.with_suffix(ext), tmp_path / f"lesson{ext}")
    shutil.copy(ROOT / "notebooks" / "jupytext.toml", tmp_path / "jupytext.toml")
    config = load_jupytext_config(str(tmp_path))
    nb = nbformat.read(tmp_path / "lesson.ipynb", as_version=4)
    nb.cells = [c for c in nb.cells if c.cell_type == "markdown"][:2] + [nbformat.v4.new_code_cell("1 + 1")]
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nb.metadata["language_info"] = {"name": "python"}
    nbformat.write(nb, tmp_path / "lesson.ipynb")
    (tmp_path / "lesson.md").write_text(jupytext.writes(nb, fmt="md:myst", config=config), encoding="utf-8")
    kernelspec, language_info = _what_jupyterlab_writes()
    stale = nbformat.read(tmp_path / "lesson.ipynb", as_version=4).metadata
    assert stale["kernelspec"] != kernelspec or stale["language_info"] != language_info, \
        "the check must see the old metadata as modified"

    run_notebooks.run(tmp_path / "lesson.ipynb")

    meta = nbformat.read(tmp_path / "lesson.ipynb", as_version=4).metadata
    assert meta["kernelspec"] == kernelspec
    assert meta["language_info"] == language_info
    # JupyterLab's save through Jupytext writes the twin from the notebook: no change
    md = (tmp_path / "lesson.md").read_text(encoding="utf-8")
    again = nbformat.read(tmp_path / "lesson.ipynb", as_version=4)
    assert jupytext.writes(again, fmt="md:myst", config=config) == md
    assert "jupytext_version" not in md, "the folder's jupytext.toml applies"
    assert (tmp_path / "lesson.md").stat().st_mtime >= (tmp_path / "lesson.ipynb").stat().st_mtime
    # and the pair still syncs to the same cells
    paired = jupytext.read(tmp_path / "lesson.md")
    assert [c.source for c in paired.cells] == [c.source for c in again.cells]
