"""How Widen's messages say a count: the noun agreeing with its number, on every floor (the lowest, so that the
engine's messages, the sink's lines, the CLI and the report all say counts one way)."""

from __future__ import annotations


def counted(count: int, word: str, grouped: bool = False) -> str:
    """``count`` and ``word``, the noun agreeing with the number: ``1 record``, ``2 records``, ``0 batches``
    (``grouped``: thousands separated by commas, ``1,500 rows``).

    >>> counted(1, "record"), counted(2, "value"), counted(0, "batch"), counted(3, "micro-batch")
    ('1 record', '2 values', '0 batches', '3 micro-batches')
    >>> counted(1, "delete file"), counted(1500, "row", grouped=True)
    ('1 delete file', '1,500 rows')
    """
    ending = "es" if word.endswith(("ch", "sh", "s", "x")) else "s"
    number = f"{count:,}" if grouped else f"{count}"
    return f"{number} {word}{'' if count == 1 else ending}"
