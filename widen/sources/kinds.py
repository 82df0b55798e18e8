"""What a batch's file holds, told from its first bytes before any work. A file that is not text of the batch's format
(a Parquet, ORC or Avro file, an archive, a file compressed under a name Spark does not decompress it by, one JSON
array) would be read line by line: its bytes rescued as lines or its records lost, and the file recorded in the
table's ledger as absorbed, so that the right command is then skipped as "already ingested". Such a file is refused
in one line naming it and what to do (:func:`check_kind`).

The check reads, on the driver, at most :data:`HEAD_BYTES` of each file, and :data:`ARRAY_BYTES` (of its text, a
``.gz`` or ``.bz2`` file decompressed) when that text starts with ``[`` or with blanks only; and the last 4 bytes of
a Parquet file. Never the whole file."""

from __future__ import annotations

import bz2
import codecs
import json
import os
import re
import zlib
from pathlib import Path

from widen.errors import InputError

#: the bytes of a file read to tell its kind
HEAD_BYTES = 4096
#: the bytes of a file's text read to tell whether it is one JSON array (docs/ingest.md#files-and-directories)
ARRAY_BYTES = 64 << 10

#: what to do with a file of a format Widen does not read
_CONVERT = "Widen reads JSON lines and Parquet (--format parquet)"

#: files of other formats: their first bytes, what they are, and what to do about it (JSON lines expected)
_FORMATS = (
    (b"PAR1", "a Parquet file", "use --format parquet"),
    (b"ORC", "an ORC file", _CONVERT),
    (b"Obj\x01", "an Avro file", _CONVERT),
    (b"ARROW1", "an Arrow IPC file", _CONVERT),
    (b"PK\x03\x04", "a zip archive", "unzip it and ingest its files"),
    (b"PK\x05\x06", "a zip archive", "unzip it and ingest its files"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive", "extract it and ingest its files"),
    (b"\xfd7zXZ\x00", "an xz-compressed file",
     "decompress it (compressed JSON lines are read as .gz, .bz2 or .zst)"),
)

#: compressed streams Spark's text reader decompresses, by the suffix of the file's name: their first bytes
_COMPRESSED = (
    (re.compile(rb"\x1f\x8b\x08"), "a gzip file", ".gz"),
    (re.compile(rb"BZh[1-9](1AY&SY|\x17rE8P\x90)"), "a bzip2 file", ".bz2"),
    (re.compile(rb"\x28\xb5\x2f\xfd"), "a zstd file", ".zst"),
)

#: the suffixes Spark's text reader (Hadoop's codecs) decompresses a file by
CODEC_SUFFIXES = (".gz", ".bz2", ".zst", ".deflate", ".lz4", ".snappy")

#: a JSON array given as JSON lines: what it is and how to write it as JSON lines (said before any work, and as a hint
#: after a batch whose first line was rescued as the opening of an array the check could not tell)
JSON_ARRAY = "one JSON array, not JSON lines (one object per line): `jq -c '.[]' FILE` writes it so"

_WHITESPACE = " \t\n\r"  # (JSON's)
_BLANKS = re.compile(r"[ \t\n\r]*")


def check_kind(path, input_format: str) -> None:
    """Raise :class:`InputError` in one line naming ``path`` when its first bytes say it is not a file of
    ``input_format``: for ``json``, another format, an archive, a compressed file whose name's suffix is not its
    compression's (Spark decompresses by the suffix), or one JSON array of objects; for ``parquet``, anything
    without Parquet's magic at its start and end. A file Widen cannot open is left to the checks that say so."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(HEAD_BYTES)
            tail = b""
            if input_format == "parquet" and head.startswith(b"PAR1"):
                fh.seek(max(0, os.fstat(fh.fileno()).st_size - 4))
                tail = fh.read(4)
    except OSError:
        return
    if input_format == "parquet":
        problem = _not_parquet(head, tail)
        if problem:
            raise InputError(f"{path}: not a Parquet file: {problem}")
        return
    problem = _not_json_lines(Path(path), head)
    if problem:
        raise InputError(f"{path}: {problem}")


def _not_parquet(head: bytes, tail: bytes) -> str | None:
    if not head:
        return "it is empty"
    if head.startswith(b"PAR1"):
        return None if tail == b"PAR1" and len(head) >= 8 else \
            "it starts with PAR1 but does not end with it (truncated, or still being written)"
    if not _binary(head):
        return "text (JSON lines are read without --format parquet)"
    what = _other_format(head) or _compression(head)
    if what is None:
        return "no PAR1 at its start"
    if what[0] in {c[1] for c in _COMPRESSED}:
        return f"{what[0]} (compressed JSON lines are read without --format parquet)"
    return what[0] + (" (Widen reads Parquet and JSON lines)" if what[1] == _CONVERT else "")


def _not_json_lines(path: Path, head: bytes) -> str | None:
    """What is wrong with a file given as JSON lines, from its first bytes; None when nothing is."""
    suffix = path.suffix  # (as Spark matches it: case counts)
    compressed = _compression(head)
    if compressed is not None and compressed[1] != suffix:
        return (f"{compressed[0]}, not JSON lines: its name must end in {compressed[1]} (a compressed file is read "
                "by its name's suffix)")
    if suffix in CODEC_SUFFIXES:
        if compressed is None or suffix not in (".gz", ".bz2"):  # (not the data its name says: the read says so)
            return None
        text, whole = _decompressed(path, suffix, HEAD_BYTES)
    else:
        text, whole = head, len(head) < HEAD_BYTES
    other = _other_format(text)
    if other is not None:
        return f"{other[0]}, not JSON lines: {other[1]}"
    stripped = text.removeprefix(b"\xef\xbb\xbf").lstrip(_WHITESPACE.encode())
    if stripped[:1] not in (b"[", b""):
        return None
    if not whole:
        text, whole = _decompressed(path, suffix, ARRAY_BYTES) if suffix in CODEC_SUFFIXES \
            else _plain(path, ARRAY_BYTES)
    return JSON_ARRAY if one_json_array(text, whole) else None


def _other_format(head: bytes):
    """(what it is, what to do) of a file of another format than text, from its first bytes; None for text."""
    for magic, what, advice in _FORMATS:
        if head.startswith(magic) and _binary(head):
            return what, advice
    return None


def _compression(head: bytes):
    """(what it is, the suffix Spark decompresses it by) of a compressed file; None for any other."""
    for magic, what, suffix in _COMPRESSED:
        if magic.match(head):
            return what, suffix
    return None


def _binary(head: bytes) -> bool:
    """Whether bytes are not text: a control character JSON's text never holds unescaped (any but its whitespace
    and a form feed), or bytes that are not UTF-8 (a character cut at the end of ``head`` is not counted)."""
    if re.search(rb"[\x00-\x08\x0b\x0e-\x1f\x7f]", head):
        return True
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
    except UnicodeDecodeError:
        return True
    return False


def _plain(path: Path, limit: int) -> tuple[bytes, bool]:
    """(up to ``limit`` bytes of the file, whether they are all of it)."""
    with open(path, "rb") as fh:
        data = fh.read(limit + 1)
    return data[:limit], len(data) <= limit


def _decompressed(path: Path, suffix: str, limit: int) -> tuple[bytes, bool]:
    """(up to ``limit`` bytes of a ``.gz`` or ``.bz2`` file's text, whether they are all of it), decompressed only
    as far as needed, across its members (streams) as Spark reads them. A file that is not what its name says, or
    ends too soon, yields what it held (the read that follows says what is wrong with it)."""
    gz = suffix == ".gz"
    new = (lambda: zlib.decompressobj(wbits=31)) if gz else bz2.BZ2Decompressor
    inflate, out, pending, whole = new(), bytearray(), b"", False
    try:
        with open(path, "rb") as fh:
            while len(out) <= limit:
                if inflate.eof:  # (the next member, if any)
                    pending = inflate.unused_data or fh.read(HEAD_BYTES)
                    if not pending:
                        whole = True
                        break
                    inflate = new()
                if pending:
                    block, pending = pending, b""
                elif gz:  # (zlib keeps the input it did not use: its next output)
                    block = inflate.unconsumed_tail or fh.read(HEAD_BYTES)
                else:  # (bz2 keeps the output beyond the bound: asked for with no input)
                    block = fh.read(HEAD_BYTES) if inflate.needs_input else b""
                if not block and (gz or inflate.needs_input):
                    break  # (it ends before its end marker)
                out += inflate.decompress(block, limit + 1 - len(out))
    except (OSError, EOFError, ValueError, zlib.error):
        whole = False
    return bytes(out[:limit]), whole and len(out) <= limit


def one_json_array(data: bytes, whole: bool) -> bool:
    """Whether a file's first bytes (``whole``: all of it) are one JSON array of objects rather than JSON lines.
    A file whose first line is a JSON value of its own is JSON lines (a line ``[1]`` is rescued, not records),
    unless that line is the whole file and an array whose first element is an object. Otherwise the text is one
    array when it parses as one, or when it is the start of one (:func:`_array_start`). An array whose first element
    is longer than ``data`` is not judged (the batch's hint names it afterwards)."""
    try:
        text = codecs.getincrementaldecoder("utf-8")().decode(data, final=whole)
    except UnicodeDecodeError:
        return False
    text = text.removeprefix("\ufeff").lstrip(_WHITESPACE)
    if not text.startswith("["):
        return False
    ends = [i for i in (text.find("\n"), text.find("\r")) if i >= 0]
    first = min(ends) if ends else len(text)
    if ends or whole:
        value = _value(text[:first])
        if value is not _NOTHING:  # a value of its own: JSON lines, unless it is the whole file
            return bool(whole and not text[first:].strip(_WHITESPACE) and _of_objects(value))
        value = _value(text) if whole else _NOTHING
        if value is not _NOTHING:
            return _of_objects(value)
    return _array_start(text, first)


def _array_start(text: str, first: int) -> bool:
    """Whether ``text`` (from ``[``) is the start of one JSON array whose first element is an object: its elements
    parse one after the other, separated by commas, past the end of its first line (at ``first``), until the text
    ends (within an element or after a comma) or the array closes with only blanks after it. A first line that is
    not JSON followed by JSON lines is not: the element after it is not preceded by a comma."""
    decoder, at, count = json.JSONDecoder(), 1, 0
    first = first if first < len(text) else -1  # (a first line longer than the text: past it at once)
    while True:
        at = _BLANKS.match(text, at).end()
        if at == len(text):  # (it ends after "[" or a comma)
            return count > 0 and at > first
        try:
            element, at = decoder.raw_decode(text, at)
        except json.JSONDecodeError as exc:  # (cut by the end of the text, or not JSON)
            cut = exc.pos >= len(text) or exc.msg.startswith("Unterminated string")
            return cut and count > 0  # (the end of the text is past the first line)
        except (ValueError, RecursionError):
            return False
        if count == 0 and not isinstance(element, dict):
            return False
        count += 1
        at = _BLANKS.match(text, at).end()
        if at == len(text) or text[at] == "]":
            return at > first and not text[at + 1:].strip(_WHITESPACE)
        if text[at] != ",":
            return False
        at += 1


_NOTHING = object()


def _value(text: str):
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return _NOTHING


def _of_objects(value) -> bool:
    return isinstance(value, list) and bool(value) and isinstance(value[0], dict)
