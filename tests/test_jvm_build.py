"""The native passes' jar is a shipped component (widen/jvm/jarfile.py): built once by ``python -m widen.jvm.build``,
committed with the Java sources it was built from, and versioned against the Spark it was built for. At run time
``widen.jvm.jar()`` takes it when it is current; otherwise it compiles the sources into the cache, saying so once
on stderr, and where it cannot (no javac, an unwritable cache) it says once on stderr what that costs."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from widen import jvm
from widen.ingest import ingest, open_catalog
from widen.jvm import build, jarfile

REBUILD = "python -m widen.jvm.build"


@pytest.fixture
def fresh_jar(monkeypatch, tmp_path):
    """``jvm.jar()`` worked out again in this test, with an empty cache of its own (and worked out again after)."""
    monkeypatch.setenv("WIDEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("WIDEN_CDS", "0")  # (no class archive recorded into this cache)
    jvm.jar.cache_clear()
    yield tmp_path / "cache"
    jvm.jar.cache_clear()


def fake_jar(path: Path, **attributes: str) -> Path:
    """A jar of no classes whose manifest records ``attributes`` (the build's, unless given)."""
    recorded = {"Manifest-Version": "1.0", "Widen-Sources-SHA256": jarfile.sources_sha256(),
                "Widen-Spark-Version": jarfile.spark_version(), **attributes}
    text = "".join(f"{k}: {v}\r\n" for k, v in recorded.items()) + "\r\n"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("META-INF/MANIFEST.MF", text)
    path.write_bytes(buffer.getvalue())
    return path


def widen_lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("widen: ")]


# --- the shipped jar ------------------------------------------------------------------------------------------

def test_the_shipped_jar_is_built_from_these_sources():
    """Fails when a .java file changed and the jar was not rebuilt (and committed) with it."""
    attributes = jarfile.manifest(jarfile.SHIPPED)
    assert attributes is not None, f"no jar at {jarfile.SHIPPED}: build it with `{REBUILD}` and commit it"
    assert attributes.get("Widen-Sources-SHA256") == jarfile.sources_sha256(), (
        f"{jarfile.SHIPPED} was built from other Java sources than {[f.name for f in jvm.SOURCES]}: rebuild it with "
        f"`{REBUILD}` and commit it with them")
    assert attributes.get("Widen-Java-Release") == jarfile.RELEASE
    assert attributes.get("Widen-Javac-Version", "").startswith("javac ")


def test_the_shipped_jar_names_the_spark_it_was_built_for():
    """It records the PySpark version it was compiled against, and that is the installed one's major.minor (the
    Spark the package is tested with): another minor would compile the sources at first use instead."""
    built = (jarfile.manifest(jarfile.SHIPPED) or {}).get("Widen-Spark-Version", "")
    assert built.count(".") >= 1 and built.split(".")[0].isdigit(), f"{jarfile.SHIPPED} names no Spark version"
    assert jarfile.minor(built) == jarfile.minor(jarfile.spark_version()), (
        f"{jarfile.SHIPPED} was built for Spark {built}, the installed PySpark is {jarfile.spark_version()}: rebuild "
        f"it with `{REBUILD}` against the Spark the package ships for")


def test_problem_says_why_a_jar_cannot_be_used(tmp_path):
    """Current: built from these sources for the same major.minor Spark (any patch release); else the reason."""
    version = jarfile.spark_version()
    good = fake_jar(tmp_path / "good.jar")
    assert jarfile.problem(good) is None and jarfile.current(good)
    assert jarfile.problem(good, spark=jarfile.minor(version) + ".99") is None
    other = f"{int(version.split('.')[0])}.{int(version.split('.')[1]) + 1}.0"
    assert jarfile.problem(good, spark=other) == f"good.jar was built for Spark {version}, not this Spark {other}"
    stale = fake_jar(tmp_path / "stale.jar", **{"Widen-Sources-SHA256": "0" * 64})
    assert jarfile.problem(stale) == "stale.jar was not built from these Java sources"
    assert jarfile.problem(tmp_path / "none.jar") == f"there is no built jar at {tmp_path / 'none.jar'}"
    (tmp_path / "junk.jar").write_text("not a zip")
    assert not jarfile.current(tmp_path / "junk.jar")


def test_the_build_command_runs_with_no_warning(tmp_path):
    """``python -m widen.jvm.build --help`` prints its usage, exits 0 and says nothing on stderr: runpy finds the
    command's module not yet imported by its package (no RuntimeWarning that it was)."""
    done = subprocess.run([sys.executable, "-W", "default", "-m", "widen.jvm.build", "--help"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith(f"usage: {REBUILD} "), done
    assert done.stderr == ""


@pytest.mark.spark
def test_the_build_is_reproducible_and_current(tmp_path):
    """Two builds give the same bytes (sorted entries, fixed times); the jar is current for the sources and Spark,
    its manifest read back as Java reads it (lines of at most 72 bytes, continued); built by the shipped jar's
    JDK and Spark from its sources, it is the shipped jar itself."""
    if jarfile.find_javac() is None:
        pytest.skip("no javac")
    one, two = tmp_path / "one.jar", tmp_path / "two.jar"
    assert build.main(["--out", str(one)]) == 0
    assert jarfile.compile_jar(two) is None
    assert one.read_bytes() == two.read_bytes()
    assert jarfile.problem(one) is None and build.main(["--check", "--out", str(one)]) == 0
    raw = zipfile.ZipFile(one).read("META-INF/MANIFEST.MF")
    assert all(len(line) <= 72 for line in raw.split(b"\r\n"))
    names = zipfile.ZipFile(one).namelist()
    assert names[0] == "META-INF/MANIFEST.MF" and names[1:] == sorted(names[1:])
    assert {"widen/NativeObserver.class", "widen/NativeRouter.class"} <= set(names)
    shipped, built = jarfile.manifest(jarfile.SHIPPED) or {}, jarfile.manifest(one)
    if all(shipped.get(k) == built[k] for k in ("Widen-Sources-SHA256", "Widen-Spark-Version", "Widen-Javac-Version")):
        assert jarfile.SHIPPED.read_bytes() == one.read_bytes()


# --- jar(): the shipped jar, else the cache, else nothing; each said once ---------------------------------------

def test_jar_takes_the_shipped_jar_when_it_is_current(fresh_jar, monkeypatch, tmp_path, capsys):
    good = fake_jar(tmp_path / "widen-native.jar")
    monkeypatch.setattr(jarfile, "SHIPPED", good)
    monkeypatch.setattr(jarfile, "find_javac", lambda: pytest.fail("compiled though the shipped jar is current"))
    assert jvm.jar() == good
    assert capsys.readouterr().err == "" and not fresh_jar.exists()


@pytest.mark.spark
def test_a_stale_shipped_jar_is_compiled_into_the_cache_saying_so_once(fresh_jar, monkeypatch, tmp_path, capsys):
    """A jar recorded for other sources (a developer edited the Java): the sources are compiled into the cache
    with one line on stderr saying why; the next process takes the cache's jar, again with one line."""
    if jarfile.find_javac() is None:
        pytest.skip("no javac")
    stale = fake_jar(tmp_path / "widen-native.jar", **{"Widen-Sources-SHA256": "0" * 64})
    monkeypatch.setattr(jarfile, "SHIPPED", stale)
    path = jvm.jar()
    assert path is not None and path.is_relative_to(fresh_jar) and jarfile.problem(path) is None
    assert jvm.jar() == path  # (once a process)
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("widen: widen-native.jar was not built from these Java sources: compiling the Java "
                           "sources with javac into the cache"), line
    jvm.jar.cache_clear()  # another process: the cache has it
    assert jvm.jar() == path
    [line] = capsys.readouterr().err.splitlines()
    assert "using the one compiled into the cache" in line, line


def test_another_spark_minor_and_no_javac_says_the_cost_once(fresh_jar, monkeypatch, tmp_path, capsys):
    """Built for another Spark minor and no javac to compile for this one: one line, with the cost."""
    built = jarfile.spark_version()
    monkeypatch.setattr(jarfile, "SHIPPED", fake_jar(tmp_path / "widen-native.jar"))
    monkeypatch.setattr(jarfile, "spark_version", lambda: "3.9.0")
    monkeypatch.setattr(jarfile, "find_javac", lambda: None)
    assert jvm.jar() is None and jvm.jar() is None
    [line] = capsys.readouterr().err.splitlines()
    assert line == (f"widen: widen-native.jar was built for Spark {built}, not this Spark 3.9.0, and there is no "
                    f"javac to compile it: {jarfile.COST}")
    assert not fresh_jar.exists()


def test_an_unwritable_cache_says_the_cost_once(fresh_jar, monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(jarfile, "SHIPPED", tmp_path / "none.jar")
    monkeypatch.setattr(jarfile, "find_javac", lambda: "/nonexistent/javac")
    fresh_jar.write_text("a file where the cache's directory should be")
    assert jvm.jar() is None
    [line] = capsys.readouterr().err.splitlines()
    assert f"the cache {fresh_jar} cannot take one" in line and line.endswith(jarfile.COST), line


@pytest.mark.spark
def test_without_javac_or_a_current_jar_ingest_still_works_and_says_the_cost_once(
        spark, rules, fresh_jar, monkeypatch, tmp_path, capsys):
    """No current jar and no javac: one line on stderr says the native pass is off and what that costs, and the
    Spark observer ingests the batch (the rows WIDEN_NATIVE=0 gives); with WIDEN_NATIVE=0 nothing is said."""
    monkeypatch.setattr(jarfile, "SHIPPED", tmp_path / "none.jar")
    monkeypatch.setattr(jarfile, "find_javac", lambda: None)
    monkeypatch.setattr(jvm.loader, "_LOADED", {})  # (this application loaded the real jar in an earlier test)
    path = tmp_path / "b.jsonl"
    path.write_text("\n".join(json.dumps({"id": i, "x": [i, "s", 1.5][i % 3], "d": "2024-05-01"})
                              for i in range(30)) + "\nnot json\n")

    def run(name):
        wh = str(tmp_path / name)
        [report] = ingest([str(path)], "n.t", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
        rows = sorted(json.dumps(r, sort_keys=True, default=str)
                      for r in open_catalog(None, wh).load_table("n.t").scan().to_arrow().to_pylist())
        return rows, (report.records, report.rescued)

    got = run("wh-nojavac")
    assert widen_lines(capsys.readouterr().err) == [
        f"widen: there is no built jar at {tmp_path / 'none.jar'}, and there is no javac to compile it: {jarfile.COST}"]
    assert got[1] == (30, 1) and not fresh_jar.exists()
    jvm.jar.cache_clear()
    monkeypatch.setenv("WIDEN_NATIVE", "0")
    assert run("wh-off") == got
    assert widen_lines(capsys.readouterr().err) == []
