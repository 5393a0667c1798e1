"""Launch links for Binder, nbgitpuller and a school hub, built from one repository address.

The address is the ``Repository`` entry of ``[project.urls]`` in ``pyproject.toml``. The
installed package reads it from its own metadata; ``tools/update_links.py`` reads the file
and writes every link in the README and the teacher's guide. A school with its own copy
changes that one line (or passes ``--repo`` to ``boardkit links``).

    >>> binder_url("https://github.com/myschool/boardkit", "notebooks/00_start_here.ipynb")
    'https://mybinder.org/v2/gh/myschool/boardkit/HEAD?urlpath=lab/tree/notebooks/00_start_here.ipynb'
"""
from __future__ import annotations

import re
from urllib.parse import quote

from ._core import BoardkitError
from .errors import short_repr

BINDER = "https://mybinder.org"
HUB_PLACEHOLDER = "https://<your-hub>"
LESSON = "notebooks/00_start_here.ipynb"
LESSON_JA = "notebooks/ja/00_start_here.ipynb"   # the Japanese edition's start page
_REPO = re.compile(r"^https://(?P<host>[A-Za-z0-9.-]+)/(?P<owner>[A-Za-z0-9_.-]+)/(?P<name>[A-Za-z0-9_.-]+?)"
                   r"(?:\.git)?/?$")
_REF = re.compile(r"^[A-Za-z0-9_./-]{1,100}$")


def _parts(repo: str) -> tuple[str, str, str]:
    if not isinstance(repo, str) or len(repo) > 300:
        raise BoardkitError(f"repo: expected an https address such as https://github.com/owner/name, "
                            f"got {short_repr(repo, 80)}")
    m = _REPO.match(repo.strip())
    if not m:
        raise BoardkitError(f"repo: expected an https address such as https://github.com/owner/name, "
                            f"got {short_repr(repo, 80)}")
    return m.group("host").lower(), m.group("owner"), m.group("name")


def _check_ref(ref: str, what: str = "ref") -> str:
    if not isinstance(ref, str) or not _REF.match(ref) or ".." in ref:
        raise BoardkitError(f"{what}: expected a branch, tag or commit such as HEAD or v0.2, "
                            f"got {short_repr(ref, 80)}")
    return ref


def _check_path(path: str) -> str:
    if not isinstance(path, str) or not re.match(r"^[A-Za-z0-9_./-]{1,200}$", path) or ".." in path:
        raise BoardkitError(f"path: expected a file path inside the repository, got {short_repr(path, 80)}")
    return path.lstrip("/")


def repo_name(repo: str) -> str:
    """The folder a clone of ``repo`` lands in (``boardkit`` for .../boardkit)."""
    return _parts(repo)[2]


def clone_url(repo: str) -> str:
    """The address ``git clone`` and ``pip install git+...`` take."""
    host, owner, name = _parts(repo)
    return f"https://{host}/{owner}/{name}"


def binder_url(repo: str, path: str, ref: str = "HEAD", app: str = "lab") -> str:
    """A mybinder.org link that builds ``repo`` at ``ref`` and opens ``path``.

    ``app`` is ``"lab"`` (JupyterLab) or ``"voila"`` (a play page, no code).
    """
    host, owner, name = _parts(repo)
    _check_ref(ref)
    path = _check_path(path)
    if not isinstance(app, str):
        raise BoardkitError(f"app: expected 'lab' or 'voila', got {short_repr(app, 40)}")
    if app == "lab":
        urlpath = f"lab/tree/{path}"
    elif app == "voila":
        urlpath = f"voila/render/{path}"
    else:
        raise BoardkitError(f"app: expected 'lab' or 'voila', got {short_repr(app, 40)}")
    if host == "github.com":
        spec = f"gh/{owner}/{name}/{ref}"
    elif host == "gitlab.com":
        spec = f"gl/{owner}%2F{name}/{ref}"
    else:
        spec = f"git/{quote(clone_url(repo), safe='')}/{ref}"
    return f"{BINDER}/v2/{spec}?urlpath={urlpath}"


def _hub(hub: str) -> str:
    if isinstance(hub, str) and hub == HUB_PLACEHOLDER:
        return hub
    if not isinstance(hub, str) or not re.match(r"^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9_.~/-]*)?$",
                                                hub):
        raise BoardkitError(f"hub: expected the hub's address such as https://hub.example.org, "
                            f"got {short_repr(hub, 80)}")
    return hub.rstrip("/")


def nbgitpuller_url(repo: str, hub: str = HUB_PLACEHOLDER, branch: str = "main",
                    path: str = LESSON) -> str:
    """A hub link that copies ``repo`` into the student's home folder and opens ``path``."""
    name = repo_name(repo)
    _check_ref(branch, "branch")
    path = _check_path(path)
    return (f"{_hub(hub)}/hub/user-redirect/git-pull?repo={quote(clone_url(repo), safe='')}"
            f"&branch={branch}&urlpath=lab/tree/{name}/{path}")


def play_page(page: str = "checkers", lang: str = "en") -> str:
    """The path of a play page in the repository: ``notebooks/play/<page>.ipynb``, or the
    Japanese edition's ``notebooks/play/ja/<page>.ipynb``."""
    if not isinstance(page, str) or not re.match(r"^[a-z]{1,30}$", page):
        raise BoardkitError(f"page: expected a play page's name such as 'checkers', "
                            f"got {short_repr(page, 40)}")
    if lang not in ("en", "ja"):
        raise BoardkitError(f"lang: the play pages' editions are 'en' and 'ja', got {short_repr(lang, 40)}")
    return f"notebooks/play/{'ja/' if lang == 'ja' else ''}{page}.ipynb"


def hub_play_url(repo: str, page: str = "checkers", hub: str = HUB_PLACEHOLDER, lang: str = "en") -> str:
    """A hub link to a play page (``lang="ja"``: its Japanese edition) in the copy that
    nbgitpuller made."""
    path = play_page(page, lang)
    return f"{_hub(hub)}/hub/user-redirect/voila/render/{repo_name(repo)}/{path}"


def pip_spec(repo: str, extra: str = "lab") -> str:
    """What ``pip install`` takes to install the kit straight from ``repo``."""
    if not isinstance(extra, str) or not re.match(r"^[a-z,]{1,40}$", extra):
        raise BoardkitError(f"extra: expected an extra such as 'lab', got {short_repr(extra, 40)}")
    return f"boardkit[{extra}] @ git+{clone_url(repo)}"


def installed_repository() -> str:
    """The repository address recorded in the installed package's metadata."""
    from importlib.metadata import PackageNotFoundError, metadata

    # a checkout (editable install, or run from the source tree): its pyproject.toml is the truth
    pyproject = __import__("pathlib").Path(__file__).resolve().parents[1] / "pyproject.toml"
    if pyproject.is_file():
        m = re.search(r'(?ms)^\[project\.urls\]\n.*?^Repository *= *"([^"]+)"',
                      pyproject.read_text(encoding="utf-8"))
        if m:
            return m.group(1)
    try:
        urls = metadata("boardkit").get_all("Project-URL") or []
    except PackageNotFoundError:  # pragma: no cover - running from a bare source tree
        urls = []
    for entry in urls:
        label, _, url = entry.partition(",")
        if label.strip().lower() == "repository":
            return url.strip()
    raise BoardkitError("repo: the installed boardkit records no Repository address; pass --repo")
