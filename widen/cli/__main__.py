"""``python -m widen.cli``: the ``widen`` command."""

import sys

from widen.cli import main

sys.exit(main())
