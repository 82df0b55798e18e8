"""The ``widen`` command line (``widen.cli.main``): its arguments (``args``), the commands that need no table
(``offline``) and those on a table (``tables``)."""

from widen.cli.main import main

__all__ = ["main"]
