"""A live progress bar on stderr for the Spark jobs of a long phase (observing a batch, writing it): Spark's tasks
done out of those started, and the time elapsed. Drawn with rich (already installed with pyiceberg) and only when
stderr is a terminal; elsewhere (a log file, CI, a pipe) nothing is drawn and the phase's summary line is all.
"""

from __future__ import annotations

import contextlib
import contextvars
import threading

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

#: how often Spark's status tracker is read, seconds
POLL = 0.5

#: whether bars are drawn: ``widen.ingest`` turns it on when it prints its own progress (no ``progress=`` callback)
enabled: contextvars.ContextVar[bool] = contextvars.ContextVar("widen_progress_bar", default=False)


@contextlib.contextmanager
def spark_progress(spark, label: str, console=None):
    """While the block runs, a bar ``label`` counting the tasks of the Spark stages that run meanwhile."""
    if spark is None or not enabled.get():
        yield
        return
    console = console or Console(stderr=True)
    if not console.is_terminal:
        yield
        return
    tracker = spark.sparkContext.statusTracker()
    seen: dict[int, tuple[int, int]] = {}  # stage id -> (tasks, completed)
    stop = threading.Event()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("tasks"),
                  TimeElapsedColumn(), console=console, transient=True) as bar:
        task = bar.add_task(label, total=None)

        def draw() -> None:
            _read(tracker, seen)
            total = sum(t for t, _ in seen.values())
            bar.update(task, total=total or None, completed=sum(c for _, c in seen.values()))

        def poll() -> None:
            try:
                while not stop.wait(POLL):
                    draw()
            except Exception:  # the JVM went away, or the tracker changed: the bar stops, the phase goes on
                return

        thread = threading.Thread(target=poll, name="widen-progress", daemon=True)
        thread.start()
        try:
            yield
        finally:
            stop.set()
            thread.join()
            try:  # the stages that ended since the last poll, drawn once done before the bar is erased
                draw()
                bar.refresh()
            except Exception:  # (as in poll)
                pass


def _read(tracker, seen: dict[int, tuple[int, int]]) -> None:
    """The tasks of every stage seen so far: those running now from Spark, those ended since as all done."""
    active = set(tracker.getActiveStageIds())
    for stage in active:
        info = tracker.getStageInfo(stage)
        if info is not None:
            seen[stage] = (info.numTasks, info.numCompletedTasks)
    for stage, (tasks, _) in list(seen.items()):
        if stage not in active:  # ended between two reads
            seen[stage] = (tasks, tasks)
