"""A git merge driver for the catalogue files: merges entry by entry, by key.

Two branches that change different words of boardkit/locale/*.po(t) touch neighbouring
lines of one sorted file, which git's line merge reports as a conflict. This driver reads
the three versions with babel and merges each key on its own: a key changed on one side
takes that side; changed the same way on both, either; changed differently on both, the
merge fails and names the keys (the file keeps "ours" for them). Set it up once per clone
(``make setup`` does):

    git config merge.catalogue.name "boardkit catalogue merge"
    git config merge.catalogue.driver "python tools/catalogue_merge.py %O %A %B %P"

``.gitattributes`` names the files it applies to.
"""
from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from catalogue import load, save  # noqa: E402


def _entries(path: str) -> tuple[object, dict[str, tuple]]:
    cat = load(pathlib.Path(path))
    return cat, {m.context: (m.id, m.string, tuple(sorted(m.flags))) for m in cat
                 if m.id and m.context}


def merge(base_path: str, ours_path: str, theirs_path: str) -> list[str]:
    """Merge into ``ours_path``; the keys that conflict (empty: a clean merge)."""
    _, base = _entries(base_path)
    cat, ours = _entries(ours_path)
    _, theirs = _entries(theirs_path)
    merged, conflicts = {}, []
    for key in sorted(set(base) | set(ours) | set(theirs)):
        b, o, t = base.get(key), ours.get(key), theirs.get(key)
        if o == t or t == b:
            value = o
        elif o == b:
            value = t
        else:
            conflicts.append(key)
            value = o
        if value is not None:
            merged[key] = value
    for m in list(cat):
        if m.id and m.context:
            cat.delete(m.id, context=m.context)
    for key, (msgid, msgstr, flags) in merged.items():
        cat.add(msgid, msgstr, context=key, flags=[f for f in flags if f != "python-brace-format"])
    save(cat, pathlib.Path(ours_path))
    return conflicts


def main(argv: list[str]) -> int:
    base, ours, theirs = argv[:3]
    conflicts = merge(base, ours, theirs)
    if conflicts:
        print(f"catalogue merge: {len(conflicts)} keys changed differently on both sides "
              f"(kept ours): {', '.join(conflicts[:20])}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
