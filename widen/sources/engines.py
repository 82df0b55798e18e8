"""How a batch runs: the one place that chooses its engine, and the engines' names.

A JSON batch (files, or a DataFrame of JSON texts) runs on the **native** engine whenever it can: the JVM pass
(``widen/jvm``) observes it in one pass and the native router writes it in a second, the lines the pass rescued
left out and written to the rescued table by the driver. What it does not cover falls to another engine, and the
batch's report (:class:`widen.sink.report.BatchReport` ``engine`` and ``why``, and the batch line) says which and why:

- **native+projection**: the native pass observed the batch, the compiled Spark projection wrote it (a column
  type the router does not build: a float, a zone-less timestamp, binary);
- **spark**: Spark expressions observe the batch (``compiler/spark_observe.py``) and the compiled projection writes
  it: rules the native pass does not cover (:func:`widen.jvm.coverage`; ``widen check`` names the line), a batch
  it declines (a value it does not cover), more rescued lines than it keeps, ``WIDEN_NATIVE=0``, or no jar;
- **driver**: a small batch (files of at most 8 MiB, or a DataFrame's texts as small) that the native engine does
  not take, observed and routed by the reference engine in the driver's Python;
- **typed**: a typed frame (Parquet files, a DataFrame without ``json_column``), observed from its schema and
  written by its compiled projection.

``tests/test_engines.py`` holds every engine to the Python reference, cell for cell.
"""

from __future__ import annotations

from widen.sources import FrameLines, JsonLines, SmallFiles, Source, Typed, TypedParts, on_driver  # noqa: F401

ENGINES = ("native", "native+projection", "spark", "driver", "typed")


def for_files(spark, prints, batch: str, input_format: str = "json", keyed: bool = False) -> Source:
    """The source of a batch of files (their fingerprints; none, or only empty ones: nothing to read); ``keyed``:
    a keyed write's (:mod:`widen.keyed`)."""
    from widen.sources.spark_read import FileLines, parquet_parts

    paths = [fp.path for fp in prints]
    if input_format != "json":  # (files whose schemas Spark cannot merge: a part per schema)
        parts = [Typed(frame, records=rows, keyed=keyed, files=True)
                 for frame, rows in parquet_parts(spark, paths, batch)]
        return parts[0] if len(parts) == 1 else TypedParts(parts)
    if not prints or all(fp.size == 0 for fp in prints):
        return Source()
    long_lines = {fp.path: fp.long_lines for fp in prints if fp.long_lines}  # (docs/ingest.md#long-lines)
    if keyed:  # (never the driver's: its rows have no line to order a key's records by)
        return JsonLines(FileLines(spark, paths, long_lines), own=True)
    if on_driver(prints):  # a small batch: the native engine when it takes it, else the driver's
        return SmallFiles(spark, paths, long_lines)
    return JsonLines(FileLines(spark, paths, long_lines), own=True)


def for_frame(df, json_column: str | None, source_column: str | None, batch: str, long_lines=(),
              keyed: bool = False) -> Source:
    """The source of a DataFrame: of JSON texts in ``json_column`` (:class:`~widen.sources.FrameLines`: the native
    engine, else the driver's or Spark's), or typed; ``keyed``: a keyed write's (:mod:`widen.keyed`)."""
    if json_column is None:
        from pyspark.sql import functions as F

        from widen.sources import WATCHED_ROW, WATCHED_SOURCE

        if source_column == WATCHED_SOURCE and WATCHED_ROW in df.columns:  # (a watched folder's Parquet files)
            return Typed(df, keyed=keyed, watched=True)
        return Typed(df, keyed=keyed, origin=F.col(source_column) if source_column else F.lit(batch))
    frame = FrameLines(df, json_column, source_column, batch, keyed)
    frame.long_lines = list(long_lines)  # (a watched folder's lines too long to read: widen.stream)
    return frame
