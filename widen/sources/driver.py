"""The driver engine: a small batch observed and routed in the driver's Python by the reference engine (the
:class:`~widen.engine.observe.Observer` and :class:`~widen.engine.router.Router`), the lines split among forked
processes."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pyarrow as pa

from widen.engine.observe import RESCUED_EXAMPLES, Observations, Observer, Rescued
from widen.engine.router import Router
from widen.jobs import rows_frame
from widen.sources.files import Line, driver_batch_bytes, file_lines
from widen.sources.source import Source


def observe_files(paths, rules):
    """The files' lines observed by the pure-Python observer (:class:`~widen.engine.observe.Observer`), each line as
    the Spark observer takes it (:func:`_observe_lines`)."""
    return _observe_lines(((line for path in paths for line in file_lines(Path(path))), rules))  # streamed


def _observe_lines(task):
    """``(lines, rules)`` -> their observations: a line of spaces is skipped, one that is not valid UTF-8 or not a
    JSON object is rescued with why."""
    lines, rules = task
    observer = Observer(rules)
    for line in lines:
        if line.long is not None:
            observer.rescue(line.source, line.number, line.long.reason, line.long.text)
        elif line.text is None:
            observer.rescue(line.source, line.number, "not valid UTF-8", line.raw.decode("utf-8", "replace"))
        else:  # a blank line (engine.values.blank) is skipped by the observer
            observer.add_line(line.text, line.source, line.number)
    return observer.result()


def _route_lines(task):
    """``(lines, plan, rules, arrow schema)`` -> the rows the reference router writes for the records among them
    (the lines :func:`_observe_lines` rescues write nothing), as one Arrow record batch."""

    lines, plan, rules, schema = task
    rows = Router(plan, rules).route_lines(line.text for line in lines if line.text is not None)
    return pa.RecordBatch.from_pylist(list(rows), schema=schema)



def driver_workers() -> int:
    """How many processes observe and route a batch on the driver: the cores this process may run on (at most 8)
    on Linux; 1 (this process) elsewhere, and in a daemonic process, which may not start any."""
    if not sys.platform.startswith("linux") or multiprocessing.current_process().daemon:
        return 1
    return max(1, min(len(os.sched_getaffinity(0)), 8))


#: at least this many lines per process: fewer are done sooner in one
LINES_PER_WORKER = 200


def _in_parallel(work, lines: list, *rest) -> list:
    """``work((chunk, *rest))`` for consecutive chunks of ``lines``, one per process, in order. The processes are
    forked (the tasks reach them pickled; the driver's Spark session is never touched in them) and ignore Ctrl-C,
    which the driver handles (Spark's handler there cancels its jobs); a process that dies fails the batch
    (``BrokenProcessPool``), never hangs it."""
    count = max(1, min(driver_workers(), len(lines) // LINES_PER_WORKER))
    tasks = [(lines[i * len(lines) // count:(i + 1) * len(lines) // count], *rest) for i in range(count)]
    if count == 1:
        return [work(tasks[0])]
    with ProcessPoolExecutor(count, mp_context=multiprocessing.get_context("fork"), initializer=signal.signal,
                             initargs=(signal.SIGINT, signal.SIG_IGN)) as pool:
        return list(pool.map(work, tasks))


class DriverLines(Source):
    """A small batch of JSON-lines files, observed and routed on the driver by the reference engine (the
    :class:`~widen.engine.observe.Observer` and :class:`~widen.engine.router.Router` the Spark path is tested equal
    to; the lines split among :func:`driver_workers` processes), its rows handed to Spark as one Arrow table for
    Spark to write. Spark's observer and projection cost seconds to plan and compile whatever the batch's size,
    more than a few megabytes of lines cost to read in Python; beyond :func:`driver_batch_bytes` the batch is
    Spark's (:class:`JsonLines`): nothing here assumes a batch fits on the driver, it checks."""

    def __init__(self, spark, paths=(), lines: list[Line] | None = None):
        self.spark = spark
        self.paths = list(paths)
        #: the rows of a DataFrame's batch, collected already (:func:`driver_rows`: numbered by their position, which
        #: tells rows apart here; a row has no line number in what is reported and written, as on Spark's path)
        self._given = lines
        self._lines: list[Line] = []

    def observe(self, rules) -> None:
        self._lines = (self._given if self._given is not None
                       else [line for path in self.paths for line in file_lines(Path(path))])
        result = Observations()
        for part in _in_parallel(_observe_lines, self._lines, rules):
            result = result.merge(part)
        rescued = sorted(result.rescued, key=lambda r: (r.source is not None, r.source or "", r.line))
        if self._given is not None:  # a DataFrame's rows: no line number
            rescued = [Rescued(r.source, None, r.reason, r.raw) for r in rescued]
        # as the Spark observer reports them: the first examples, the rest counted
        self.observations = Observations(result.level, result.records, result.empty_names,
                                         tuple(rescued[:RESCUED_EXAMPLES]), len(rescued[RESCUED_EXAMPLES:]))
        self.parsed = self._rescued_frame(result.rescued) if rescued else None

    def _rescued_frame(self, rescued):
        """The rescued lines as the Spark path's parsed frame has them (``value``: the line's bytes as a string,
        valid UTF-8 or not)."""
        from pyspark.sql import functions as F

        wanted = {(r.source, r.line): r.reason for r in rescued}
        numbered = self._given is None
        rows = [(line.source, line.number if numbered else None, wanted[line.source, line.number], line.raw)
                for line in self._lines if (line.source, line.number) in wanted]
        frame = rows_frame(self.spark, rows, {"source": pa.string(), "line": pa.int32(), "reason": pa.string(),
                                              "value": pa.binary()})
        return frame.select("source", "line", "reason", F.col("value").cast("string").alias("value"))

    def compile(self, p, rules):
        return _Routed(p, rules, self._lines)

    def projected(self, compiled):
        return compiled.frame(self.spark)

    def release(self) -> None:
        self._lines = self._given = []



def driver_rows(texts, bound: int | None = None) -> list[Line] | None:
    """A DataFrame batch's JSON texts (``raw``: binary, ``source``: string) collected to the driver as lines
    (numbered by position; null texts left out, as Spark's path leaves them), when they take at most
    :func:`driver_batch_bytes` in all (one aggregate job decides, before any row reaches the driver); None when
    they do not."""
    from pyspark.sql import functions as F

    bound = driver_batch_bytes() if bound is None else bound
    if not bound:
        return None
    size = texts.agg(F.sum(F.octet_length("raw"))).first()[0] or 0
    if size > bound:
        return None
    lines = []
    for position, row in enumerate(texts.filter(F.col("raw").isNotNull()).collect(), start=1):
        raw = bytes(row["raw"])
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = None
        lines.append(Line(row["source"], position, text, raw))
    return lines


class _Routed:
    """A plan applied on the driver by the reference router: the rows as a Spark DataFrame of the table's types.
    ``key``: what the files written from it depend on (the plan's routes and columns)."""

    def __init__(self, plan, rules, lines):
        self.plan, self.rules, self.lines = plan, rules, lines

    @property
    def key(self) -> str:
        return repr(self.plan.root)

    def frame(self, spark):
        from pyspark.sql.pandas.types import to_arrow_schema

        from widen.compiler.spark import struct_type

        schema = struct_type([cp.column for cp in self.plan.root.columns], self.rules)
        arrow = to_arrow_schema(schema, timezone="UTC")
        batches = _in_parallel(_route_lines, self.lines, self.plan, self.rules, arrow)
        # from an Arrow table, which the JVM reads itself (executors need no Python: tests/test_cluster.py)
        return spark.createDataFrame(pa.Table.from_batches(batches, schema=arrow))
