"""How a keyed write lays its rows out: range-partitioned by the key and sorted by it, in files of a bounded number
of rows, so that each file's bounds of the key are a range of its own (:mod:`widen.keyed`)."""

from __future__ import annotations

from widen.errors import InputError
from widen.keyed.spec import Keyed


#: the rows of a file a keyed write writes, about (a table property; range partitioning samples the keys)
FILE_ROWS, FILE_ROWS_DEFAULT = "widen.key.file-rows", 100_000


def clustered(rows, k: Keyed, count: int, tbl):
    """``rows`` range-partitioned by the key into files of about the table's :data:`FILE_ROWS` (of ``count``
    rows in all) and sorted by it: each file's bounds of the key are a range of its own, which the files a later
    batch may touch are found by."""
    text = tbl.properties.get(FILE_ROWS) if tbl is not None else None
    try:
        per_file = max(1, int(text)) if text else FILE_ROWS_DEFAULT
    except ValueError:
        raise InputError(f"{'.'.join(tbl.name())}: its property {FILE_ROWS} is {text!r}, not a number of rows") \
            from None
    key = [f"`{c}`" for c in k.key]
    return rows.repartitionByRange(max(1, -(-count // per_file)), *key).sortWithinPartitions(*key)
