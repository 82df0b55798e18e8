"""Reading batches: a JSON-lines file (``.gz`` too) or a directory of them is one batch."""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from widen.errors import InputError

SUFFIXES = (".json", ".jsonl", ".ndjson", ".txt")


@dataclass(frozen=True)
class Line:
    """One line of a batch: its source file, its 1-based number, and its text (None if not valid UTF-8)."""

    source: str
    number: int
    text: str | None
    raw: bytes


def batch_files(path: str | Path, input_format: str = "json") -> list[Path]:
    """The files of one batch, in name order (a directory: its JSON-lines files, or its ``.parquet`` files)."""
    p = Path(path)
    if p.is_dir():
        if input_format == "parquet":
            files = sorted(f for f in p.rglob("*.parquet") if f.is_file() and not f.name.startswith((".", "_")))
            if not files:
                raise InputError(f"{p}: no .parquet files in this directory")
            return files
        files = sorted(
            f for f in p.rglob("*")
            if f.is_file() and not f.name.startswith(".")
            and (f.suffix in SUFFIXES or (f.suffix == ".gz" and Path(f.stem).suffix in SUFFIXES))
        )
        if not files:
            raise InputError(f"{p}: no JSON-lines files ({', '.join(SUFFIXES)}, or those gzipped) in this directory")
        return files
    if not p.exists():
        raise InputError(f"{p}: no such file or directory")
    return [p]


@dataclass(frozen=True)
class Fingerprint:
    """A source file as the table's ledger knows it: its path, size and SHA-256 of its bytes (as stored: a
    gzipped file is hashed compressed). The hash is what makes a file "already ingested", not the path: a renamed
    or copied file is recognised, a file changed in place is not."""

    path: str
    size: int
    sha256: str

    def entry(self) -> list:
        return [self.path, self.size, self.sha256]


def fingerprint(path: Path, chunk: int = 1 << 20) -> Fingerprint:
    """Hash a file by streaming it (never held in memory whole)."""
    import hashlib

    digest = hashlib.sha256()
    size = 0
    try:
        with open(path, "rb") as fh:
            while block := fh.read(chunk):
                digest.update(block)
                size += len(block)
    except OSError as exc:
        raise InputError(f"{path}: {exc.strerror or exc}") from None
    return Fingerprint(str(Path(path).resolve()), size, digest.hexdigest())


def read_lines(path: Path) -> Iterator[Line]:
    """The lines of one file, decoded as UTF-8 one by one (a byte-order mark at the start is dropped)."""
    opener = gzip.open if path.suffix == ".gz" else open
    try:
        with opener(path, "rb") as fh:
            for number, raw in enumerate(fh, start=1):
                if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
                    raw = raw[3:]
                raw = raw.rstrip(b"\r\n")
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    text = None
                yield Line(str(path), number, text, raw)
    except OSError as exc:
        raise InputError(f"{path}: {exc.strerror or exc}") from None
