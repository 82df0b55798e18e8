"""Batches: a JSON-lines file (``.gz`` too) or a directory of them is one batch; its files' fingerprints; and a
batch's data as the write sees it, JSON lines (observed in Spark) or a typed DataFrame (observed from its schema)."""

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


def file_lines(path: Path) -> Iterator[Line]:
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


class Source:
    """One batch's data as the write sees it: observed once (:meth:`observe`), planned under rules
    (:meth:`observations_for`), compiled to the projection that writes it (:meth:`compile`). This base is a batch of
    empty files: no line, nothing for Spark to read."""

    spark = None
    #: the typed columns of a typed batch (None for JSON lines)
    columns = None
    #: the parsed lines, with a ``reason`` for those that are rescued (JSON lines only)
    parsed = None
    observations = None
    #: what the projection reads: the records (JSON lines: parsed, not rescued; typed: the frame)
    records = None

    def observe(self, rules) -> None:
        from widen.engine.observe import Observations

        self.observations = Observations()

    def observations_for(self, rules):
        """The batch's observations under (instantiated) rules."""
        return self.observations

    def compile(self, p, rules):
        raise AssertionError("an empty batch has nothing to compile")  # pragma: no cover

    def release(self) -> None:
        """Free what observing cached."""


class JsonLines(Source):
    """Lines of JSON (``value``, ``source``, ``line``), parsed as VARIANT and observed in Spark. ``own``: lines Widen
    read itself (``read_lines``), observed with :data:`widen.spark_io.OWN_JOB_SETTINGS`; a caller's DataFrame keeps
    the caller's settings (its own joins and aggregations run in the observer's first job)."""

    def __init__(self, lines, own: bool = False):
        self.lines = lines
        self.spark = lines.sparkSession
        self.own = own

    def observe(self, rules) -> None:
        import contextlib

        from pyspark.sql import functions as F

        from widen.compiler.spark_observe import observe_dataframe
        from widen.spark_io import OWN_JOB_SETTINGS, session_settings

        with session_settings(self.spark, OWN_JOB_SETTINGS) if self.own else contextlib.nullcontext():
            self.observations, self.parsed = observe_dataframe(self.lines, rules)
        self.records = self.parsed.filter(F.col("reason").isNull())

    def compile(self, p, rules):
        from widen.compiler.spark import compile_plan

        return compile_plan(p, rules, storage=self.observations.storage)

    def release(self) -> None:
        if self.parsed is not None:
            self.parsed.unpersist()


class Typed(Source):
    """A typed DataFrame (Parquet files, or a user's frame), observed from its schema."""

    def __init__(self, frame):
        from widen.compiler.spark_typed import typed_columns

        self.frame = frame
        self.spark = frame.sparkSession
        self.columns = typed_columns(frame.schema)

    def observe(self, rules) -> None:
        from widen.engine.observe import Observations

        self.records = self.frame
        self.observations = Observations(records=self.frame.count())

    def observations_for(self, rules):
        from widen.engine.typed import observe_typed

        return observe_typed(self.columns, rules, self.observations.records)

    def compile(self, p, rules):
        from widen.compiler.spark_typed import compile_typed

        return compile_typed(p, rules, self.frame.schema)


def unique_contents(prints: list, say) -> list:
    """One file per content: a second copy in the same batch would be the same records twice."""
    if say is None:
        return prints
    seen: dict = {}
    for fp in prints:
        if fp.sha256 in seen:
            say(f"{fp.path} has the same content as {seen[fp.sha256].path}: skipped (--force keeps both)")
            continue
        seen[fp.sha256] = fp
    return list(seen.values())
