"""The suite's own class archive (tests/conftest.py): made once, then used by every later run."""

from __future__ import annotations

import sys

from conftest import suite_class_archive

READY = ("-XX:SharedArchiveFile=/cache/cds/driver.jsa -Xshare:auto", False)


def test_an_archive_already_made_is_used_without_recording_another(tmp_path):
    """A run after the first finds the archive ready: it uses it and starts no recording."""
    started = tmp_path / "started"
    record = (sys.executable, "-c", f"open({str(started)!r}, 'w').close()")
    asked = []
    assert suite_class_archive(lambda: asked.append(1) or READY, record=record) == ""
    assert asked == [1] and not started.exists()


def test_a_recording_that_makes_no_archive_says_why_in_its_last_line_of_error():
    record = (sys.executable, "-c", "import sys; print('starting', file=sys.stderr); "
              "print('Java gateway process exited', file=sys.stderr); sys.exit(1)")
    assert suite_class_archive(lambda: ("", True), record=record) == \
        "no archive was recorded: Java gateway process exited"


def test_a_recording_that_does_not_end_in_time_is_stopped():
    record = (sys.executable, "-c", "import time; time.sleep(60)")
    why = suite_class_archive(lambda: ("", True), record=record, timeout=1)
    assert why.startswith("TimeoutExpired: ")
