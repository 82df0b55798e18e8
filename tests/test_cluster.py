"""The same `widen ingest` on a real Spark standalone cluster: a master and two workers (1 core, 1g each) started
from the pip-installed PySpark on 127.0.0.1, the ingest a separate driver process given `--master spark://...`.

What it proves: the rows and the schema are the reference router's, as in local mode; both workers' executors ran
tasks of the ingest; every Parquet file the table references was saved by an executor's task commit (named in an
executor's log), not by the driver; the executors ran no Python at all: the driver and the workers are given
a Python interpreter that does not exist (`PYSPARK_PYTHON`), which a control job (a spark-submit'd script with one
Python lambda) shows is the one executors would launch; and every executor fetched the shipped native jar (the
driver's `addJar`) and ran tasks of the native passes' stages from it (Spark's event log). Run only these with
`pytest -m cluster`; skip them with `-m "not cluster"`.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import widen
from test_ingest import reference_rows
from test_spark import normalise
from widen.compiler.iceberg import from_iceberg
from widen.ingest import open_catalog

pytestmark = [pytest.mark.spark, pytest.mark.cluster]

#: the interpreter executors would start for Python work; it does not exist, so any Python task fails
NO_PYTHON = "/nonexistent/widen-cluster-test/python3"
WORKERS = 2
START_TIMEOUT = 120


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tail(path: Path, lines: int = 40) -> str:
    try:
        text = path.read_text(errors="replace").splitlines()
    except OSError as exc:
        return f"({path}: {exc})"
    return f"--- {path} (last {min(lines, len(text))} lines) ---\n" + "\n".join(text[-lines:])


@dataclass
class Cluster:
    url: str
    webui: str
    root: Path
    procs: list = field(default_factory=list)  # (name, Popen, log path)

    def state(self) -> dict:
        with urllib.request.urlopen(f"{self.webui}/json/", timeout=5) as r:
            return json.load(r)

    def ready(self) -> bool:
        try:
            return self.state().get("status") == "ALIVE"
        except (OSError, ValueError):  # (not listening yet; or a partial answer while it starts)
            return False

    def logs(self) -> str:
        return "\n".join(tail(log) for _, _, log in self.procs)

    def work_dirs(self) -> list[Path]:
        return [self.root / f"worker-{n}" for n in range(1, WORKERS + 1)]

    def app(self, name: str, timeout: float = 60) -> dict:
        """The completed application of that name (the driver has exited: the master may take a moment)."""
        deadline = time.time() + timeout
        while True:
            apps = [a for a in self.state().get("completedapps", []) if a["name"] == name]
            if apps:
                return apps[-1]
            if time.time() > deadline:
                raise AssertionError(f"no completed application {name!r} on the master: {self.state()}")
            time.sleep(0.5)


def daemon_env() -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYSPARK_", "SPARK_", "VIRTUAL_ENV", "PYTHON"))}
    # loopback only; small daemons; no usable Python for anything the workers start
    return {**env, "SPARK_LOCAL_IP": "127.0.0.1", "SPARK_DAEMON_MEMORY": "256m", "PYSPARK_PYTHON": NO_PYTHON}


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """A standalone master and two workers on 127.0.0.1, stopped (their process groups killed) whatever happens."""
    import pyspark

    spark_class = Path(pyspark.__file__).parent / "bin" / "spark-class"
    root = tmp_path_factory.mktemp("cluster")
    port, ui = free_port(), free_port()
    c = Cluster(f"spark://127.0.0.1:{port}", f"http://127.0.0.1:{ui}", root)

    def start(name, *args):
        log = root / f"{name}.log"
        with open(log, "wb") as out:
            proc = subprocess.Popen([str(spark_class), *args], stdout=out, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, env=daemon_env(), cwd=root, start_new_session=True)
        c.procs.append((name, proc, log))

    try:
        start("master", "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port", str(port),
              "--webui-port", str(ui))
        deadline = time.time() + START_TIMEOUT
        while not c.ready():  # workers started before the master listens wait 5-15 s to retry
            if c.procs[0][1].poll() is not None or time.time() > deadline:
                raise RuntimeError(f"the standalone master did not come up\n{c.logs()}")
            time.sleep(0.3)
        for n, work in enumerate(c.work_dirs(), start=1):
            work.mkdir()
            start(f"worker-{n}", "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1", "--cores", "1",
                  "--memory", "1g", "--work-dir", str(work), "--webui-port", str(free_port()), c.url)
        deadline = time.time() + START_TIMEOUT
        while True:
            dead = [(name, p.returncode) for name, p, _ in c.procs if p.poll() is not None]
            if dead:
                raise RuntimeError(f"the standalone cluster did not come up: {dead} exited\n{c.logs()}")
            try:
                alive = [w for w in c.state().get("workers", []) if w.get("state") == "ALIVE"]
            except (OSError, ValueError):  # (not listening yet; or a partial answer while it starts)
                alive = []
            if len(alive) == WORKERS:
                break
            if time.time() > deadline:
                raise RuntimeError(f"the standalone cluster did not come up in {START_TIMEOUT}s: "
                                   f"{len(alive)} of {WORKERS} workers registered\n{c.logs()}")
            time.sleep(0.5)
        yield c
    finally:
        for _, p, _ in reversed(c.procs):
            _killpg(p, signal.SIGTERM)
        for _, p, _ in c.procs:
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                _killpg(p, signal.SIGKILL)
                p.wait(timeout=15)
        for _, p, _ in c.procs:  # executors are in their worker's process group: make sure none outlives it
            _killpg(p, signal.SIGKILL)


def _killpg(proc, sig) -> None:
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        pass


def driver(cluster: Cluster, *args: str, timeout: float = 600, conf: tuple[str, ...] = (),
           **more_env: str) -> subprocess.CompletedProcess:
    """A driver process against the cluster: it waits for both executors before running anything (so both are
    offered tasks), and neither it nor the executors have a Python interpreter for Python work. ``conf``: more
    Spark settings (``key=value``)."""
    try:
        return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=driver_env(conf, more_env),
                              timeout=timeout, cwd=cluster.root)
    except subprocess.TimeoutExpired as exc:
        raise AssertionError(f"the driver did not finish in {timeout}s: {exc.stderr}\n{cluster.logs()}") from None


def driver_env(conf: tuple[str, ...], more_env: dict) -> dict:
    """:func:`driver`'s environment."""
    more_conf = "".join(f"--conf {c} " for c in conf)
    return {
        **daemon_env(),
        **more_env,
        "WIDEN_DRIVER_MEMORY": "1g",
        "PYSPARK_SUBMIT_ARGS": f"--conf spark.cores.max={WORKERS} --conf spark.executor.memory=1g "
        "--conf spark.scheduler.minRegisteredResourcesRatio=1.0 "
        f"--conf spark.scheduler.maxRegisteredResourcesWaitingTime=120s {more_conf}pyspark-shell",
    }


def record(i: int, day: int) -> dict:
    """Day 1: long prices, string-array tags, ISO timestamps, a user record. Day 2 drifts every one of them:
    doubles, an integer beyond a double's precision, text; tags as one string; epoch milliseconds; a user name."""
    if day == 1:
        return {"id": i, "price": i * 10, "tags": [f"t{i}", "x"], "seen": f"2024-05-01T10:{i % 60:02d}:00Z",
                "user": {"name": f"u{i}", "vip": i % 2 == 0}}
    drift = i % 4
    return {
        "id": i,
        "price": [i + 0.5, 9007199254740993 + i, f"n/a {i}", None][drift],
        "tags": f"t{i},x" if drift else [f"t{i}"],
        "seen": 1714561200000 + i if drift else f"2024-05-02T00:00:{i % 60:02d}Z",
        "user": f"u{i}" if drift == 1 else {"name": f"u{i}", "age": i},
        **({"extra": {"depth": [i, i + 1]}} if drift == 2 else {}),
    }


def write_batch(folder: Path, day: int, files: int, per_file: int, bad: str | None = None) -> list[str]:
    """A batch as a directory of several files (several input splits: tasks for both executors)."""
    folder.mkdir()
    lines = []
    for f in range(files):
        chunk = [json.dumps(record(day * 1000 + f * per_file + i, day)) for i in range(per_file)]
        if bad and f == files - 1:
            chunk.insert(per_file // 2, bad)
        (folder / f"part-{f}.jsonl").write_text("\n".join(chunk) + "\n", encoding="utf-8")
        lines += chunk
    return lines


def test_ingest_on_a_standalone_cluster(cluster, rules, tmp_path):
    """Two drifting batches ingested by `widen ingest --master spark://...`: rows and schema equal the reference,
    both workers ran tasks, every data file was saved by an executor, no executor ran Python, and every executor
    ran the native passes from the shipped jar (:func:`native_classes_ran_on_the_executors`)."""
    b1 = write_batch(tmp_path / "day-1", 1, files=3, per_file=40)
    b2 = write_batch(tmp_path / "day-2", 2, files=3, per_file=40, bad="not json at all")
    wh = tmp_path / "wh"
    started = time.perf_counter()
    events = tmp_path / "events"
    events.mkdir()
    run = driver(cluster, "-m", "widen.cli", "ingest", "--master", cluster.url, "--table", "t.events",
                 "--warehouse", str(wh), str(tmp_path / "day-1"), str(tmp_path / "day-2"),
                 conf=("spark.eventLog.enabled=true", f"spark.eventLog.dir={events.as_uri()}",
                       "spark.eventLog.compress=false", "spark.eventLog.rolling.enabled=false"),
                 WIDEN_CACHE_DIR=str(tmp_path / "cache"), WIDEN_CDS="0")
    seconds = time.perf_counter() - started
    assert run.returncode == 0, f"widen ingest failed on the cluster:\n{run.stderr[-4000:]}\n{cluster.logs()}"
    print(f"widen ingest on the cluster: {seconds:.1f}s")

    # the table: the reference router's rows and schema
    catalog = open_catalog(None, str(wh))
    table = catalog.load_table("t.events")
    good1 = b1
    good2 = [line for line in b2 if line != "not json at all"]
    expected = sorted((normalise(r) for r in reference_rows(rules, [good1, good2])), key=lambda r: r["id"])
    got = sorted((normalise(r) for r in table.scan().to_arrow().to_pylist()), key=lambda r: r["id"])
    assert len(got) == len(b1) + len(b2) - 1
    assert got == expected
    schema = widen.TableSchema()
    for batch in (good1, good2):
        schema = widen.plan(schema, widen.observe_lines(batch, rules), rules).schema
    assert from_iceberg(table.schema(), rules).notation() == schema.notation()  # names, types, nesting, docs
    assert any(f.doc == "evolved_from:price" for f in table.schema().fields)  # the types really drifted
    rescued = catalog.load_table("t.events__rescued").scan().to_arrow().to_pylist()
    assert [(Path(r["source"]).name, r["line"], r["raw"]) for r in rescued] == [("part-2.jsonl", 21, "not json at all")]

    # the work ran on the executors of both workers
    app = cluster.app("widen")
    stderrs = {}
    for work in cluster.work_dirs():
        logs = sorted((work / app["id"]).glob("*/stderr"))
        assert logs, f"{work.name} started no executor for {app['id']}: {sorted(work.rglob('*'))}\n{cluster.logs()}"
        stderrs[work.name] = "\n".join(p.read_text(errors="replace") for p in logs)
    for name, text in stderrs.items():
        tasks = re.findall(r"Running task \S+ in stage \S+ \(TID \d+\)", text)
        assert tasks, f"{name}'s executor ran no task of the ingest:\n{text[-3000:]}"
        assert "Cannot run program" not in text and "PythonRunner" not in text
    native_classes_ran_on_the_executors(cluster, app["id"], run.stderr, events, tmp_path / "cache")

    # every file the table references was saved by the task commit of an executor: Spark's file committer
    # (algorithm 1) logs "Saved output of task '<attempt>' to <dir>/_temporary/0/task_<job>_m_<partition>" in
    # the executor that wrote it; the driver's job commit only moves the saved files into <dir>. (The rescued
    # table's file is the driver's: the native pass brought its few lines there, and the driver writes it with
    # pyarrow, as it writes the tables' metadata.)
    saved = {(m[1], int(m[2])) for text in stderrs.values()
             for m in re.finditer(r"Saved output of task '\S+' to file:(\S+)/_temporary/0/task_\S+_m_(\d+)$", text, re.M)}
    files = [task.file.file_path for task in table.scan().plan_files()]
    assert len(files) >= 2
    for path in files:
        local = Path(path.removeprefix("file:").removeprefix("//"))
        partition = int(re.match(r"part-(\d+)-", local.name)[1])
        assert (str(local.parent), partition) in saved, f"{path}: no executor saved it; executors saved {saved}"


def native_classes_ran_on_the_executors(cluster: Cluster, app: str, stderr: str, events: Path, cache: Path) -> None:
    """The native passes ran on every executor from the jar the driver added: the shipped one (when it is current
    for the sources: else the one the driver compiled into ``cache``, and tests/test_jvm_build.py fails). Each
    executor fetched it (``addJar``: a copy in its work directory, byte for byte the driver's) and put it on its
    class loader; every task of the stages whose RDDs the pass made (Spark's event log: an RDD's call site
    ``mapPartitions at NativeObserver.java``) succeeded, and each executor ran some, deserialising the pass's
    closures, classes only that jar holds; the native router's stages too. An executor without the classes fails
    its tasks (the driver then falls back to the Spark observer, silently to the ingest's result)."""
    from widen.jvm import jarfile

    driver_said = [line for line in stderr.splitlines() if line.startswith("widen: ")]
    if jarfile.current():
        assert driver_said == [] and not cache.exists(), (driver_said, sorted(cache.rglob("*")))
        used = jarfile.SHIPPED
    else:  # (a developer's edited sources: the driver compiled them, and said so)
        [used] = cache.glob("jvm/*/widen-native.jar")
        assert len(driver_said) == 1 and "compiling the Java sources" in driver_said[0], driver_said
    executors = {}
    for work in cluster.work_dirs():
        for folder in sorted(p for p in (work / app).iterdir() if p.is_dir()):
            copy, log = folder / "widen-native.jar", (folder / "stderr").read_text(errors="replace")
            if "Executor: Starting executor ID" not in log:  # (a replacement the master asked for as the app ended,
                continue  # killed before it started: no task, no jar; seen once in CI on a loaded machine)
            assert copy.exists() and copy.read_bytes() == used.read_bytes(), (
                f"executor {folder.name} on {work.name} has no copy of {used}: {sorted(folder.iterdir())}")
            assert re.search(r"Executor: Fetching spark://\S+/jars/widen-native\.jar ", log), log[-3000:]
            assert re.search(rf"Executor: Adding file:{re.escape(str(folder))}/(\./)?widen-native\.jar to class "
                             r"loader", log), log[-3000:]
            assert "ClassNotFoundException" not in log and "NoClassDefFoundError" not in log
            executors[folder.name] = work.name
    assert len(set(executors.values())) == WORKERS, executors
    [log] = events.glob(f"{app}*")
    stages, ran = {}, {}  # stage -> the classes of the jar its RDDs were made by; (stage, executor) -> reasons
    for line in log.read_text().splitlines():
        event = json.loads(line)
        if event["Event"] == "SparkListenerStageSubmitted":
            info = event["Stage Info"]
            sites = " ".join(r.get("Callsite", "") for r in info["RDD Info"])
            stages[info["Stage ID"]] = {c for c in ("NativeObserver", "NativeRouter") if f" at {c}.java:" in sites}
        elif event["Event"] == "SparkListenerTaskEnd" and stages.get(event["Stage ID"]):
            key = (event["Stage ID"], event["Task Info"]["Executor ID"])
            ran.setdefault(key, []).append(event["Task End Reason"]["Reason"])
    assert all(r == "Success" for reasons in ran.values() for r in reasons), ran
    observed = {executor for (stage, executor) in ran if "NativeObserver" in stages[stage]}
    assert observed == set(executors), f"the native observer's tasks ran on executors {observed} of {executors}"
    assert any("NativeRouter" in stages[stage] for stage, _ in ran), f"no native router stage ran: {stages}"


def test_a_small_batch_routed_on_the_driver_is_written_on_the_cluster(cluster, rules, tmp_path):
    """A batch small enough for the driver (widen.sources.DriverLines; with the native engine off, which takes every
    batch it covers): the driver observes and routes it, the executors write the rows it hands them as Arrow, with no
    Python on them (a Python worker could not start)."""
    lines = write_batch(tmp_path / "day-1", 1, files=3, per_file=40, bad="not json at all")
    wh = tmp_path / "wh"
    # `widen ingest`, saying when the driver observes a batch
    probe = ("import sys, widen.sources as s, widen.cli as c\n"
             "real = s.DriverLines.observe\n"
             "s.DriverLines.observe = lambda self, rules: print('on the driver', file=sys.stderr) or real(self, rules)\n"
             "sys.exit(c.main(sys.argv[1:]))\n")
    run = driver(cluster, "-c", probe, "ingest", "--master", cluster.url, "--table", "t.small",
                 "--warehouse", str(wh), str(tmp_path / "day-1"), WIDEN_DRIVER_BATCH_BYTES=str(1 << 20),
                 WIDEN_NATIVE="0")
    assert run.returncode == 0, f"widen ingest failed on the cluster:\n{run.stderr[-4000:]}\n{cluster.logs()}"
    assert "on the driver" in run.stderr and "engine driver: WIDEN_NATIVE=0" in run.stderr
    catalog = open_catalog(None, str(wh))
    good = [line for line in lines if line != "not json at all"]
    expected = sorted((normalise(r) for r in reference_rows(rules, [good])), key=lambda r: r["id"])
    got = sorted((normalise(r) for r in catalog.load_table("t.small").scan().to_arrow().to_pylist()),
                 key=lambda r: r["id"])
    assert got == expected
    rescued = catalog.load_table("t.small__rescued").scan().to_arrow().to_pylist()
    assert [(Path(r["source"]).name, r["line"], r["raw"]) for r in rescued] == [("part-2.jsonl", 21, "not json at all")]


def test_a_keyed_batch_merged_on_read_runs_on_the_cluster_with_no_python_on_it(cluster, tmp_path):
    """A keyed batch on a merge-on-read table (its winners, the stored rows' positions, the position delete files
    and their data files' numbers) runs on the executors with no Python on them, and the next read applies its
    deletes there too."""
    wh = tmp_path / "wh"
    seed, changes = tmp_path / "seed.jsonl", tmp_path / "changes.jsonl"
    seed.write_text("".join(json.dumps({"id": i, "ts": 1, "price": i}) + "\n" for i in range(1, 7)))
    changes.write_text("".join(json.dumps(r) + "\n" for r in (
        {"id": 2, "ts": 2, "price": "n/a"}, {"id": 3, "ts": 2, "op": "d"}, {"id": 9, "ts": 2, "price": 9})))
    keyed = ("--table", "t.keyed", "--warehouse", str(wh), "--key", "id", "--order-by", "ts", "--delete-when",
             "op = 'd'", "--force")
    made = subprocess.run([sys.executable, "-m", "widen.cli", "ingest", *keyed, str(seed)], capture_output=True,
                          text=True, timeout=600, cwd=tmp_path,  # (the table is made by a local session)
                          env={**os.environ, "WIDEN_DRIVER_MEMORY": "1g", "WIDEN_SPARK_MASTER": "local[1]"})
    assert made.returncode == 0, made.stderr[-4000:]
    for path in (changes, changes):  # (the second: a read of the stored rows with their deletes applied)
        run = driver(cluster, "-m", "widen.cli", "ingest", "--master", cluster.url, *keyed, str(path))
        assert run.returncode == 0, f"widen ingest failed on the cluster:\n{run.stderr[-4000:]}\n{cluster.logs()}"
    table = open_catalog(None, str(wh)).load_table("t.keyed")
    rows = sorted((r["id"], r["price"], r["price_string"]) for r in table.scan().to_arrow().to_pylist())
    assert rows == [(1, 1, None), (2, None, "n/a"), (4, 4, None), (5, 5, None), (6, 6, None), (9, 9, "9")]
    assert any(t.delete_files for t in table.scan().plan_files())


def test_spark_submit_driver_runs_on_the_cluster_and_python_work_would_fail(cluster, tmp_path):
    """The control, as a spark-submit'd driver script: `widen.session.spark_session()` takes spark-submit's
    `--master` (a master set on the builder would override it), and in the environment of the ingest above one
    Python lambda fails on the executors, naming the missing interpreter. So the ingest ran no Python on them."""
    import pyspark

    script = tmp_path / "control.py"
    script.write_text("from widen.session import spark_session\n"
                      "spark = spark_session(app='python-control')\n"
                      "print('master', spark.sparkContext.master, flush=True)\n"
                      "print(spark.sparkContext.parallelize(range(4), 2).map(lambda x: x + 1).sum())\n")
    submit = Path(pyspark.__file__).parent / "bin" / "spark-submit"
    env = {**daemon_env(), "PYSPARK_DRIVER_PYTHON": sys.executable}
    try:
        run = subprocess.run([str(submit), "--master", cluster.url, "--driver-memory", "1g",
                              "--conf", "spark.task.maxFailures=1", str(script)],
                             capture_output=True, text=True, env=env, timeout=300, cwd=tmp_path)
    except subprocess.TimeoutExpired as exc:
        raise AssertionError(f"spark-submit did not finish: {exc.stderr}\n{cluster.logs()}") from None
    out = run.stdout + run.stderr  # spark-submit merges the script's stderr into its stdout
    assert f"master {cluster.url}" in run.stdout, out[-4000:]
    assert run.returncode != 0, out[-4000:]
    assert f'Cannot run program "{NO_PYTHON}"' in out, out[-4000:]
    assert cluster.app("python-control")["id"]


def _executors(cluster: Cluster) -> list[tuple[int, Path]]:
    """The executor processes alive on the cluster's workers: (pid, its log)."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            command = Path(f"/proc/{entry}/cmdline").read_bytes()
            work = Path(os.readlink(f"/proc/{entry}/cwd"))
        except OSError:
            continue
        if b"org.apache.spark.executor.CoarseGrainedExecutorBackend" in command and cluster.root in work.parents:
            found.append((int(entry), work / "stderr"))
    return found


def test_an_executor_lost_mid_batch_costs_a_retry_not_a_row(cluster, tmp_path):
    """An executor killed (SIGKILL, as a lost machine) while the batch's tasks run: Spark runs its tasks again on the
    executors left and the one the master starts in its place; the ingest succeeds and the table holds every record
    exactly once."""
    write_batch(tmp_path / "big", 1, files=4, per_file=60_000)
    env = driver_env((), {"WIDEN_CACHE_DIR": str(tmp_path / "cache"), "WIDEN_CDS": "0"})
    proc = subprocess.Popen([sys.executable, "-m", "widen.cli", "ingest", "--master", cluster.url, "--table",
                             "t.lost", "--warehouse", str(tmp_path / "wh"), str(tmp_path / "big")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=cluster.root)
    killed = None
    deadline = time.time() + 300
    while killed is None and proc.poll() is None and time.time() < deadline:
        for pid, log in _executors(cluster):
            if log.exists() and "Running task" in log.read_text(errors="replace"):
                os.kill(pid, signal.SIGKILL)
                killed = log
                break
        time.sleep(0.1)
    out, err = proc.communicate(timeout=600)
    assert killed is not None, f"no executor ran a task before the ingest ended: {err[-3000:]}"
    assert proc.returncode == 0, f"{err[-4000:]}\n{cluster.logs()}"
    rows = open_catalog(None, str(tmp_path / "wh")).load_table("t.lost").scan(selected_fields=("id",)).to_arrow()
    ids = sorted(rows.column("id").to_pylist())
    assert ids == sorted(1000 + i for i in range(4 * 60_000)), (len(ids), len(set(ids)))
