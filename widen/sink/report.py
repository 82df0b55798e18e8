"""What a batch did (:class:`BatchReport`), on one line, and the time of each phase."""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass, field

from widen.rules.words import counted


@dataclass
class BatchReport:
    """What one batch did."""

    batch: str
    records: int = 0
    values: int = 0
    fields_added: list[str] = field(default_factory=list)
    rescued: int = 0
    empty_names: int = 0
    files: int = 0
    snapshot_id: int | None = None
    seconds: float = 0.0
    #: files of the batch the table had already absorbed (skipped unless ``force``)
    already: list[str] = field(default_factory=list)
    #: commit attempts (1 unless another writer committed in between)
    attempts: int = 0
    #: the commit landed although the catalog reported a failure (found by its commit id)
    recovered: bool = False
    #: seconds per phase: observe (read, parse, observe), rescued, plan, write (compile and Parquet), commit
    #: (summed over commit attempts)
    phases: dict[str, float] = field(default_factory=dict)
    #: columns whose type the batch changed in place (merge: ``count: int -> long``)
    promoted: list[str] = field(default_factory=list)
    #: the mode the batch was written in
    mode: str = ""
    #: the engine that observed and wrote the batch: ``native`` (the JVM pass and router), ``native+projection``
    #: (the JVM pass, the compiled Spark projection), ``spark`` (Spark expressions and the compiled projection),
    #: ``driver`` (a small batch in the driver's Python), ``typed`` (a typed frame's projection)
    #: (docs/architecture.md#engines); ``why``: why not the native one, when it did not run
    engine: str = ""
    why: str = ""
    #: a batch that may fit the table is read once (1: it did) or, when it does not, twice (2, and why);
    #: 0: the batch was not tried in one pass (a new table, a typed batch...: docs/architecture.md#one-pass)
    passes: int = 0
    passes_why: str = ""
    #: what a keyed batch did to the table's rows (:meth:`widen.keyed.Merged.line`)
    keyed: str = ""
    #: a feed of change events' Kafka tombstones (``null`` lines: neither records nor rescued)
    tombstones: int = 0

    def observed(self, hint: str = "") -> str:
        """What the batch holds, as observed (a keyed batch's records without a key among its rescued lines)."""
        return f"observed {counted(self.records, 'record')}, {self.rescued} rescued" + hint

    @property
    def skipped(self) -> bool:
        return self.files == 0 and bool(self.already)

    def line(self, number: int) -> str:
        """What the batch wrote, on one line."""
        return (
            f"batch {number}: {self.counts()} ({self.seconds:.1f}s"
            + (f", {self.attempts} commit attempts" if self.attempts > 1 else "")
            + (", commit found after a lost acknowledgement" if self.recovered else "")
            + self.engine_text() + ")" + (f"; {self.keyed}" if self.keyed else "")
        )

    def counts(self) -> str:
        """``N records, N values written, N fields added, N lines rescued`` (and the tombstones skipped): the words
        of a batch's line and of a micro-batch's."""
        return (f"{counted(self.records, 'record')}, {counted(self.values, 'value')} written, "
                f"{counted(len(self.fields_added), 'field')} added, {counted(self.rescued, 'line')} rescued"
                + self.tombstones_text())

    def tombstones_text(self) -> str:
        """``, N Kafka tombstone(s) skipped`` for a feed of change events that had some, else nothing."""
        return f", {counted(self.tombstones, 'Kafka tombstone')} skipped" if self.tombstones else ""

    def engine_text(self) -> str:
        """``, engine NAME`` (and why not the native one, when it is another), or nothing for a batch of nothing."""
        if not self.engine or self.engine == "none":
            return ""
        return f", engine {self.engine}" + (f": {self.why}" if self.why and self.engine not in ("native", "typed")
                                            else "") + (
            ", one pass" if self.passes == 1 else f", two passes: {self.passes_why}" if self.passes == 2 else "")


@contextlib.contextmanager
def timed(report: BatchReport, phase: str):
    """Add the block's seconds to the report's ``phase``."""
    started = time.perf_counter()
    try:
        yield
    finally:
        report.phases[phase] = report.phases.get(phase, 0.0) + time.perf_counter() - started
