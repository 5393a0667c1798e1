"""Re-execute notebooks in place so their stored outputs are current.

    python tools/run_notebooks.py notebooks/10_checkers_moving.ipynb ...
    python tools/run_notebooks.py notebooks/10_checkers_moving.md      (the same)

Every notebook has a MyST Markdown twin (``NN_name.md``, Jupytext ``md:myst``): the
twin is the source people edit, the ``.ipynb`` carries the outputs. Before running,
the pair is synced with ``jupytext --sync`` (the newer file wins), so an edited ``.md``
is never run from stale cells nor overwritten by the executed notebook.

Each notebook runs in its own folder (as nbval does), with a fixed timeout. Execution
counts and outputs are stored. The notebook's metadata is stored as JupyterLab writes it
(the kernelspec's display name and the kernel's ``language_info``), and the .md twin is
written the way Jupytext writes it from JupyterLab, so opening a lesson does not mark it
modified and leaves ``git status`` clean.
"""
from __future__ import annotations

import pathlib
import sys

import nbformat
from nbconvert.preprocessors import ExecutePreprocessor

FORMATS = "ipynb,md:myst"   # every notebook is paired with its MyST Markdown twin


def sync(path: pathlib.Path) -> None:
    """Bring ``path`` (.ipynb) and its .md twin together; the newer file wins.
    A new lesson written as .md alone gets its paired .ipynb here."""
    from jupytext.cli import jupytext as jupytext_cli

    twin = path.with_suffix(".md")
    if twin.exists() and not path.exists():
        jupytext_cli(["--quiet", "--set-formats", FORMATS, str(twin)])
    elif twin.exists():
        jupytext_cli(["--quiet", "--sync", str(path)])
    if nbformat.read(path, as_version=4).metadata.get("jupytext", {}).get("formats") != FORMATS:
        # paired by notebooks/jupytext.toml only (a notebook made in JupyterLab): write the
        # pairing into the notebook too, from the (now synced) notebook
        jupytext_cli(["--quiet", "--set-formats", FORMATS, str(path)])


def run(path: pathlib.Path, timeout: int = 600) -> None:
    sync(path)
    nb = nbformat.read(path, as_version=4)
    ep = ExecutePreprocessor(timeout=timeout, kernel_name="python3")
    ep.preprocess(nb, {"metadata": {"path": str(path.parent)}})
    # what JupyterLab writes when it connects a kernel: the kernelspec's own name and display
    # name, and the language_info of the kernel's reply (nbclient stored that one already)
    nb.metadata["kernelspec"] = kernelspec()
    # the widget state is dropped: GitHub cannot show it and it made notebooks megabytes
    # big (nbconvert's store_widget_state=False breaks ipywidgets.interact, so pop it here)
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.get("metadata", {}).pop("execution", None)
    nbformat.write(nb, path)
    twin = path.with_suffix(".md")
    if twin.exists():
        # the twin as Jupytext writes it from this notebook (its header and code-cell language
        # follow the metadata above); written after the .ipynb, so it stays the newer file and
        # the next sync (or JupyterLab) reads it as the source
        import jupytext
        from jupytext.config import load_jupytext_config

        # with the folder's jupytext.toml, as JupyterLab's Jupytext applies it
        config = load_jupytext_config(str(twin.parent.resolve()))
        text = jupytext.writes(nb, fmt="md:myst", config=config)
        if twin.read_text(encoding="utf-8") != text:
            twin.write_text(text, encoding="utf-8")
        twin.touch()


def kernelspec(name: str = "python3") -> dict:
    """The kernelspec block JupyterLab writes for kernel ``name``."""
    from jupyter_client.kernelspec import KernelSpecManager

    spec = KernelSpecManager().get_kernel_spec(name)
    return {"display_name": spec.display_name, "language": spec.language, "name": name}


def main(argv: list[str]) -> int:
    failed = []
    for a in argv:
        p = pathlib.Path(a)
        if p.suffix == ".md":
            p = p.with_suffix(".ipynb")
        if p.suffix != ".ipynb" or not (p.exists() or p.with_suffix(".md").exists()):
            print(f"  FAILED: {a} is not a notebook here (nor the .md twin of one)", flush=True)
            failed.append(p)
            continue
        print(f"executing {p}", flush=True)
        try:
            run(p)
        except Exception as e:  # report every failing notebook, not just the first
            print(f"  FAILED: {type(e).__name__}: {str(e)[:400]}", flush=True)
            failed.append(p)
    if failed:
        print("failed:", *failed)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
