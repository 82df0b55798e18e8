"""Lines too long to read: found while a batch's files are hashed, rescued with their length and first bytes, and
never read by Spark (docs/ingest.md#long-lines).

A JSON line is read whole by every engine (Spark's text reader holds it, the parser holds it again, decoded), so one
line of hundreds of megabytes exhausts the JVM's heap and takes the process down. A line longer than
:func:`max_line_bytes` is therefore rescued, not read: its reason gives its length and where it starts in its file,
and the rescued table keeps its first :data:`HEAD_BYTES` bytes. Spark reads a copy of the file in which each such
line is empty (:func:`blanked_copy`: an empty line is skipped, and every other line keeps its number), so the
engines see the rest of the file as it is. Lines end as Spark's text reader ends them: at ``\\n``, ``\\r\\n`` or a
lone ``\\r``.
"""

from __future__ import annotations

import dataclasses
import gzip
import os
import zlib
from dataclasses import dataclass

import pyarrow as pa

from widen.engine.observe import RESCUED_EXAMPLES, Rescued
from widen.jobs import rows_frame
from widen.settings import bytes_setting



#: the longest line read, in bytes (its terminator not counted), unless ``WIDEN_MAX_LINE_BYTES`` says otherwise: a
#: line under it is parsed within the JVM's default heap (4 GB, ``WIDEN_DRIVER_MEMORY``) with room for two tasks,
#: and its VARIANT stays under Spark's 128 MiB bound for one
MAX_LINE_BYTES = 64 << 20

#: the first bytes of a long line the rescued table keeps
HEAD_BYTES = 1 << 20

_CHUNK = 1 << 20


def max_line_bytes() -> int:
    """The longest line read (:data:`MAX_LINE_BYTES`, or ``WIDEN_MAX_LINE_BYTES``, a number of bytes)."""
    return bytes_setting("WIDEN_MAX_LINE_BYTES", MAX_LINE_BYTES,
                         f"a positive number of bytes (the default is {MAX_LINE_BYTES:,})", least=1)


@dataclass(frozen=True)
class LongLine:
    """A line longer than the limit: its 1-based number in its file, the offset of its first byte and its length
    (both in the file's bytes, uncompressed), and its first :data:`HEAD_BYTES` bytes."""

    number: int
    offset: int
    length: int
    head: bytes
    limit: int

    @property
    def reason(self) -> str:
        return (f"a line of {self.length:,} bytes, longer than {self.limit:,} (WIDEN_MAX_LINE_BYTES): not read; "
                f"its first {len(self.head):,} bytes are kept, the whole line starts at byte {self.offset:,} of its "
                "file")

    @property
    def text(self) -> str:
        """The kept bytes as text (a character cut at the end, or bytes that are not UTF-8, as U+FFFD)."""
        return self.head.decode("utf-8", "replace")


def opener(path):
    """How a batch's file is read as Spark reads it: ``.gz`` decompressed."""
    return gzip.open if str(path).endswith(".gz") else open


class Scanner:
    """Fed a file's bytes in order (:meth:`feed`), finds the (offset, length) of each line longer than ``limit``.
    Only the first and the last line end of each chunk are looked for: a chunk is at most ``limit`` bytes, so a
    line that starts and ends within one is not long."""

    def __init__(self, limit: int):
        self.limit, self.chunk = limit, max(1, min(_CHUNK, limit))
        self.start = 0  # where the current line starts
        self.at = 0  # the bytes fed so far
        self.found: list[tuple[int, int]] = []

    def feed(self, data: bytes) -> None:
        for i in range(0, len(data), self.chunk):
            block = data[i:i + self.chunk] if len(data) > self.chunk else data
            first = _first_end(block)
            if first >= 0:
                if self.at + first - self.start > self.limit:
                    self.found.append((self.start, self.at + first - self.start))
                self.start = self.at + _last_end(block) + 1
            self.at += len(block)

    def end(self) -> list[tuple[int, int]]:
        if self.at - self.start > self.limit:
            self.found.append((self.start, self.at - self.start))
            self.start = self.at
        return self.found


class Inflater:
    """Decompresses a gzip file's bytes as they are read (every member of it, as Spark's reader does)."""

    def __init__(self):
        self._zlib, self._d = zlib, zlib.decompressobj(wbits=31)

    def feed(self, data: bytes):
        """The decompressed bytes of ``data``, in blocks of at most a mebibyte (a line of one repeated byte
        compresses a thousandfold). Bytes that are not gzip end the decompression quietly (Spark's reader says
        what is wrong with the file when it reads it)."""
        while data and self._d is not None:
            try:
                out = self._d.decompress(data, _CHUNK)
            except self._zlib.error:
                self._d = None
                return
            yield out
            data = self._d.unconsumed_tail
            if self._d.eof:
                data = self._d.unused_data
                self._d = self._zlib.decompressobj(wbits=31)



def _first_end(block: bytes) -> int:
    n, r = block.find(b"\n"), block.find(b"\r")
    return min(n, r) if n >= 0 and r >= 0 else max(n, r)


def _last_end(block: bytes) -> int:
    return max(block.rfind(b"\n"), block.rfind(b"\r"))


def located(path, found: list[tuple[int, int]], limit: int) -> tuple[LongLine, ...]:
    """The long lines at ``found`` (offset, length) of a file, with their line numbers and first bytes: the file
    is read again up to the last of them (only a file that has one)."""
    if not found:
        return ()
    out, ends, previous_cr, at = [], 0, False, 0
    with opener(path)(path, "rb") as fh:
        for offset, length in found:
            while at < offset:  # the line ends before this line: \n, \r and \r\n (one end), across chunk bounds
                block = fh.read(min(_CHUNK, offset - at))
                ends += block.count(b"\n") + block.count(b"\r") - block.count(b"\r\n")
                ends -= previous_cr and block[:1] == b"\n"
                previous_cr, at = block[-1:] == b"\r", at + len(block)
            head = fh.read(min(length, HEAD_BYTES))
            out.append(LongLine(ends + 1, offset, length, head, limit))
            at += len(head)
            while at < offset + length:  # (the rest of the line: no line end in it)
                at += len(fh.read(min(_CHUNK, offset + length - at)))
            previous_cr = False
    return tuple(out)


def scan(path, limit: int | None = None) -> tuple[LongLine, ...]:
    """A file's long lines (none when it is a plain file no longer than the limit)."""
    limit = limit or max_line_bytes()
    if not str(path).endswith(".gz") and os.path.getsize(path) <= limit:
        return ()
    scanner = Scanner(limit)
    with opener(path)(path, "rb") as fh:
        while block := fh.read(scanner.chunk):
            scanner.feed(block)
    return located(path, scanner.end(), limit)


def blanked_copy(path, longs: tuple[LongLine, ...], directory: str) -> str:
    """A copy of the file (decompressed) in ``directory`` with each long line's bytes left out (its line end kept:
    the line is empty, and the others keep their numbers); returns its path."""
    name = os.path.basename(str(path))
    name = name[:-3] if name.endswith(".gz") else name
    target = os.path.join(directory, f"{len(os.listdir(directory))}-{name}")
    at = 0
    with opener(path)(path, "rb") as fh, open(target, "wb") as out:
        for line in longs:
            _copy(fh, out, line.offset - at)
            _copy(fh, None, line.length)
            at = line.offset + line.length
        _copy(fh, out, None)
    return target


def _copy(fh, out, count: int | None) -> None:
    """Copy ``count`` bytes (all that are left when None) from ``fh`` to ``out`` (or skip them)."""
    while count is None or count > 0:
        block = fh.read(_CHUNK if count is None else min(_CHUNK, count))
        if not block:
            return
        if out is not None:
            out.write(block)
        if count is not None:
            count -= len(block)


def with_long_lines(observations, long_lines: list):
    """A batch's observations with its long lines (``(file, LongLine)``) among its rescued lines: the first
    examples in file and line order, as the observers keep them, the rest counted."""
    rescued = sorted([*observations.rescued, *(Rescued(path, line.number, line.reason, line.text)
                                               for path, line in long_lines)],
                     key=lambda r: (r.source is None, r.source or "", r.line or 0))
    return dataclasses.replace(observations, rescued=tuple(rescued[:RESCUED_EXAMPLES]),
                               more_rescued=observations.more_rescued + len(rescued[RESCUED_EXAMPLES:]))


def and_long_lines(spark, rescued, long_lines: list):
    """The batch's rescued rows (``source``, ``line``, ``reason``, ``value``: a DataFrame, or an Arrow table whose
    ``value`` is the line's bytes) and its long lines' (``value``: the kept bytes), in the same form."""
    rows = [(path, line.number, line.reason, line.head) for path, line in long_lines]
    columns = {"source": pa.string(), "line": pa.int32(), "reason": pa.string(), "value": pa.binary()}
    if isinstance(rescued, pa.Table):
        return pa.concat_tables([rescued, pa.table([pa.array(c, t) for c, t in zip(zip(*rows), columns.values())],
                                                   schema=rescued.schema)])
    from pyspark.sql import functions as F

    frame = rows_frame(spark, rows, columns)
    return rescued.select("source", F.col("line").cast("int").alias("line"), "reason", "value").unionByName(
        frame.select("source", "line", "reason", F.col("value").cast("string").alias("value")))
