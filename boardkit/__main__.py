"""``python -m boardkit``: the same as the ``boardkit`` command (boardkit.cli)."""
import sys

from .cli import main

if __name__ == "__main__":          # importing the module (a scan of the package) runs nothing
    sys.exit(main())
