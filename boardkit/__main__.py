"""``python -m boardkit``: the same as the ``boardkit`` command (boardkit.cli)."""
import sys

from .cli import main

sys.exit(main())
