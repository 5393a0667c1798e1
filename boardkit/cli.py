"""The ``boardkit`` command: open the lessons, serve the play pages, print handouts and links.

    boardkit lab                  JupyterLab on the start notebook
    boardkit play                 the play pages on this computer (http://localhost:8866/)
    boardkit play --room          the play pages for a room: every address, a token
    boardkit handouts             the printable handouts (tools/handouts.py)
    boardkit links                every Binder / nbgitpuller / hub link

It needs no ``make`` and no shell: each command runs ``python -m jupyter ...`` (or voila)
with the same Python that runs boardkit, so it works the same on Windows, macOS and Linux.
``--dry-run`` prints the command instead of running it. Run it in the folder that holds
``notebooks/`` (the repository), or give ``--dir``.
"""
from __future__ import annotations

import argparse
import os
import pathlib
import secrets
import socket
import subprocess
import sys

from ._catalogue import LANG_VARIABLE, languages
from ._core import BoardkitError
from ._input import check_path as _check_path
from .errors import short_repr

START = "notebooks/00_start_here.ipynb"
PLAY_DIR = "notebooks/play"
PLAY_PORT = 8866
# a closed play page's kernel is stopped after 5 idle minutes; an open page's never is
#: the folder of voila.py: a closed page can stop its kernel (the _xsrf cookie, as on Binder)
VOILA_CONFIG = "binder"
CULL = ["--MappingKernelManager.cull_idle_timeout=300", "--MappingKernelManager.cull_interval=60"]


def find_root(start: str | os.PathLike | None = None) -> pathlib.Path:
    """The folder holding ``notebooks/``: ``start`` or the nearest folder above it."""
    try:
        here = _folder(os.getcwd() if start is None else start, "dir").resolve()
        for folder in (here, *here.parents):
            if (folder / START).is_file():
                return folder
    except OSError as e:
        raise BoardkitError(f"dir: cannot look in {short_repr(str(start), 80)}: "
                            f"{e.strerror or e}") from None
    raise BoardkitError(f"dir: no {START} in {short_repr(str(here), 200)} or above it; run this in "
                        f"the boardkit folder (the one you cloned or unzipped) or pass --dir")


def _folder(path: object, what: str = "root") -> pathlib.Path:
    """A folder name (text, bytes or a pathlib.Path) as a Path, else a BoardkitError."""
    p = _check_path(path, what)
    return pathlib.Path(os.fsdecode(p) if isinstance(p, bytes) else p)


def _namespace(args: object, *fields: str) -> argparse.Namespace:
    """The parsed command line that a command is built from, with the ``fields`` it reads."""
    if not isinstance(args, argparse.Namespace):
        raise BoardkitError(f"args: expected the parsed command line (argparse.Namespace), "
                            f"got {short_repr(args)}")
    missing = [f for f in fields if not hasattr(args, f)]
    if missing:
        raise BoardkitError(f"args: the command line has no {', '.join(missing)}")
    return args


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"port: expected a number 1024-65535, got {text!r:.20}") from None
    if not 1024 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port: expected a number 1024-65535, got {port}")
    return port


def lab_command(root: pathlib.Path, args: argparse.Namespace) -> list[str]:
    """The jupyter lab command for the folder ``root``."""
    root = _folder(root)
    args = _namespace(args, "no_browser", "port", "extra")
    cmd = [sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={root}",
           f"--LabApp.default_url=/lab/tree/{START}"]
    if args.no_browser:
        cmd.append("--no-browser")
    if args.port:
        cmd.append(f"--port={args.port}")
    return cmd + list(args.extra)


def lan_addresses() -> list[str]:
    """This computer's addresses on the local network (best effort, no traffic sent)."""
    found = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))   # a documentation address: connect() sends nothing
            found.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if address not in found and not address.startswith("127."):
                found.append(address)
    except OSError:
        pass
    return found


def play_command(root: pathlib.Path, args: argparse.Namespace) -> tuple[list[str], str | None]:
    """The voila command, and the token a room's students need (None on this computer only)."""
    root = _folder(root)
    args = _namespace(args, "port", "token", "room", "ip", "extra")
    port = args.port or PLAY_PORT
    cmd = [sys.executable, "-m", "voila", "--no-browser", str(root / PLAY_DIR), f"--port={port}", *CULL,
           f"--Voila.config_file_paths={root / VOILA_CONFIG}"]
    token = args.token
    if args.room:
        token = token or secrets.token_urlsafe(6)
        cmd += ["--Voila.ip=0.0.0.0"]
    elif args.ip:
        cmd += [f"--Voila.ip={args.ip}"]
    if token:
        cmd.append(f"--token={token}")
    return cmd + list(args.extra), token


def handouts_command(root: pathlib.Path, args: argparse.Namespace) -> list[str]:
    """The command that writes the handouts, with the repository's tools/handouts.py."""
    root = _folder(root)
    args = _namespace(args, "games", "no_pdf")
    tool = root / "tools" / "handouts.py"
    try:
        found = tool.is_file()
    except OSError:
        found = False
    if not found:
        raise BoardkitError(f"dir: {short_repr(str(tool), 200)} is missing; handouts are built "
                            f"from the repository's tools/")
    return [sys.executable, str(tool), *args.games, *(["--no-pdf"] if args.no_pdf else [])]


def links_text(args: argparse.Namespace) -> str:
    """Every launch link, for the repository ``args.repo`` (else the installed kit's)."""
    from . import links

    args = _namespace(args, "repo", "hub", "ref", "branch")
    repo = args.repo or links.installed_repository()
    hub = args.hub or links.HUB_PLACEHOLDER
    lines = [f"Repository: {repo}", "", "Binder (JupyterLab on the start notebook):",
             "  " + links.binder_url(repo, START, args.ref), "", "Binder play pages (no code):"]
    for game in ("checkers", "diamond", "backgammon", "mawari"):
        lines.append("  " + links.binder_url(repo, f"{PLAY_DIR}/{game}.ipynb", args.ref, app="voila"))
    lines += ["", "Binder, the Japanese edition (日本語版: the start notebook, then the play pages):",
              "  " + links.binder_url(repo, links.LESSON_JA, args.ref)]
    for game in ("checkers", "diamond", "backgammon", "mawari"):
        lines.append("  " + links.binder_url(repo, links.play_page(game, "ja"), args.ref, app="voila"))
    lines += ["", "School hub (nbgitpuller copies the repository into each student's folder):",
              "  " + links.nbgitpuller_url(repo, hub, args.branch), "", "School hub play pages:"]
    for game in ("checkers", "diamond", "backgammon", "mawari"):
        lines.append("  " + links.hub_play_url(repo, game, hub))
    for game in ("checkers", "diamond", "backgammon", "mawari"):
        lines.append("  " + links.hub_play_url(repo, game, hub, lang="ja"))
    lines += ["", "Install on a hub:", f'  pip install "{links.pip_spec(repo)}"']
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="boardkit", description="boardkit: four board games, rule by rule. "
                                "Open the lessons, serve the play pages, print handouts and links.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    def common(sp):
        sp.add_argument("--dir", help="the boardkit folder (default: this folder or one above it)")
        sp.add_argument("--dry-run", action="store_true", help="print the command instead of running it")

    lab = sub.add_parser("lab", help="open JupyterLab on the start notebook")
    common(lab)
    lab.add_argument("--no-browser", action="store_true", help="do not open a browser; print the address")
    lab.add_argument("--port", type=_port, help="the port (default: JupyterLab's, 8888)")
    lab.add_argument("extra", nargs=argparse.REMAINDER, help="more options for jupyter lab, after --")

    play = sub.add_parser("play", help="serve the code-free play pages with Voila")
    common(play)
    play.add_argument("--room", action="store_true",
                      help="serve the whole room: listen on every network address, with a token")
    play.add_argument("--ip", help="listen on this address (default 127.0.0.1: this computer only)")
    play.add_argument("--port", type=_port, help=f"the port (default {PLAY_PORT})")
    play.add_argument("--token", help="the password students type in the address (--room makes one)")
    play.add_argument("--lang", choices=languages(),
                      help="the language every page starts in (sets BOARDKIT_LANG; default: English)")
    play.add_argument("extra", nargs=argparse.REMAINDER, help="more options for voila, after --")

    ho = sub.add_parser("handouts", help="write the printable handouts (HTML, and PDF with Chromium)")
    common(ho)
    ho.add_argument("games", nargs="*", help="checkers, diamond, backgammon, mawari (default: all)")
    ho.add_argument("--no-pdf", action="store_true", help="only the HTML")

    li = sub.add_parser("links", help="print the Binder and hub links (for your own copy: --repo)")
    li.add_argument("--repo", help="the repository's address (default: the installed kit's)")
    li.add_argument("--ref", default="HEAD", help="the branch or tag Binder builds (default HEAD)")
    li.add_argument("--branch", default="main", help="the branch nbgitpuller copies (default main)")
    li.add_argument("--hub", help="your hub's address, e.g. https://hub.school.org")
    return p


def _strip_dashes(extra: list[str]) -> list[str]:
    return extra[1:] if extra[:1] == ["--"] else extra


def main(argv: list[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    if args.command is None:
        p.print_help()
        return 0
    try:
        if args.command == "links":
            print(links_text(args))
            return 0
        root = find_root(args.dir)
        if hasattr(args, "extra"):
            args.extra = _strip_dashes(args.extra)
        token = None
        if args.command == "lab":
            cmd = lab_command(root, args)
        elif args.command == "play":
            cmd, token = play_command(root, args)
        else:
            cmd = handouts_command(root, args)
    except BoardkitError as e:
        print(f"boardkit {args.command}: {e}", file=sys.stderr)
        return 2
    if args.command == "play":
        port = args.port or PLAY_PORT
        hosts = lan_addresses() if args.room else [args.ip or "localhost"]
        query = f"?token={token}" if token else ""
        print("The play pages will be at:")
        for host in hosts or ["<this computer's address>"]:
            print(f"  http://{host}:{port}/voila/render/checkers.ipynb{query}")
            print(f"  http://{host}:{port}/voila/render/ja/checkers.ipynb{query}   (日本語)")
        if args.room:
            print(f"Students type the address above (the token is {token}). Stop with Ctrl+C.")
    env = None
    if getattr(args, "lang", None):
        env = {**os.environ, LANG_VARIABLE: args.lang}
        print(f"The pages start in {args.lang} ({LANG_VARIABLE}={args.lang}).")
    if args.dry_run:
        print(subprocess.list2cmdline(cmd))
        return 0
    try:
        return subprocess.call(cmd, cwd=root, env=env)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
