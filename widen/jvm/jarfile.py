"""The native passes' jar: its sources, compiling them into a jar (:func:`compile_jar`), and whether a jar is the
build of these sources for the running Spark (:func:`problem`). ``python -m widen.jvm.build`` builds the shipped jar
with it, and :func:`widen.jvm.jar` takes the shipped jar or compiles one at first use with it.

A jar is compiled with ``javac --release 17`` against the installed PySpark's jars, reproducibly (entries sorted,
fixed timestamps and modes: the same sources, JDK and Spark give the same bytes), with a manifest that records what
it was built from::

    Widen-Sources-SHA256   SHA-256 of the sources, concatenated in SOURCES order (what widen.jvm.jar() checks)
    Widen-Spark-Version    PySpark's version it was compiled against (used with any Spark of the same x.y)
    Widen-Javac-Version    ``javac -version`` of the JDK that built it
    Widen-Java-Release     17

At run time :func:`widen.jvm.jar` takes the shipped jar when :func:`problem` finds none: it was built from these
sources, for the running Spark's major.minor. Otherwise (a developer's edited sources, another Spark minor) it
compiles the sources into the user's cache, saying so once on stderr; where that is impossible too (no ``javac``,
an unwritable cache) it says once on stderr what it costs: the Spark observer observes every batch.
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

#: the passes' sources, every ``.java`` file here, sorted: the observer (``NativeObserver.java`` and the classes it is
#: split into by job), and the router that writes a batch it observed (``NativeRouter.java``)
SOURCES = tuple(sorted(Path(__file__).parent.glob("*.java")))

#: the jar that ships in the package, beside the sources
SHIPPED = Path(__file__).with_name("widen-native.jar")
RELEASE = "17"
#: a fixed time for every entry (zip's earliest), so a rebuild of the same classes gives the same bytes
EPOCH = (1980, 1, 1, 0, 0, 0)
#: what running without the jar costs: the Spark observer and compiled projection against the native pass, as
#: docs/performance.md's matrix measures them
COST = "the native pass is off: batches are observed by Spark expressions, about 4x slower"


def sources_sha256() -> str:
    """The SHA-256 of the Java sources, concatenated in ``SOURCES`` order."""
    return hashlib.sha256(b"".join(f.read_bytes() for f in SOURCES)).hexdigest()


def spark_version() -> str:
    import pyspark

    return pyspark.__version__


def minor(version: str) -> str:
    """``4.0.1`` -> ``4.0``."""
    return ".".join(version.split(".")[:2])


def find_javac() -> str | None:
    """The JDK Spark runs on (``JAVA_HOME``), else the first ``javac`` on the PATH."""
    home = os.environ.get("JAVA_HOME")
    return (home and shutil.which("javac", path=os.path.join(home, "bin"))) or shutil.which("javac")


def manifest(path: Path) -> dict[str, str] | None:
    """The main attributes of a jar's manifest (None: no such jar, or not a jar)."""
    try:
        with zipfile.ZipFile(path) as z:
            text = z.read("META-INF/MANIFEST.MF").decode("utf-8")
    except (OSError, KeyError, zipfile.BadZipFile):
        return None
    attributes, last = {}, None
    for line in text.replace("\r\n", "\n").split("\n"):
        if line.startswith(" ") and last is not None:  # a continuation of a line longer than 72 bytes
            attributes[last] += line[1:]
        elif ": " in line:
            last, value = line.split(": ", 1)
            attributes[last] = value
        elif not line:
            break  # the main section ends at the first blank line
    return attributes


def problem(path: Path = SHIPPED, spark: str | None = None) -> str | None:
    """Why the jar at ``path`` cannot be used as it is with these sources and the running Spark (``spark``: its
    version, else PySpark's), or None when it can: built from these sources, for the same major.minor Spark."""
    attributes = manifest(path)
    if attributes is None:
        return f"there is no built jar at {path}"
    if attributes.get("Widen-Sources-SHA256") != sources_sha256():
        return f"{path.name} was not built from these Java sources"
    built, running = attributes.get("Widen-Spark-Version", "?"), spark or spark_version()
    if minor(built) != minor(running):
        return f"{path.name} was built for Spark {built}, not this Spark {running}"
    return None


def current(path: Path = SHIPPED, spark: str | None = None) -> bool:
    """Whether the jar at ``path`` is the build of these sources for the running Spark's major.minor."""
    return problem(path, spark) is None


def _manifest_text(attributes: dict[str, str]) -> bytes:
    """A manifest: each line at most 72 bytes, longer ones continued on lines that start with a space."""
    lines = []
    for name, value in attributes.items():
        line = f"{name}: {value}".encode("utf-8")
        lines.append(line[:72])
        lines += [b" " + line[i:i + 71] for i in range(72, len(line), 71)]
    return b"\r\n".join(lines) + b"\r\n\r\n"


def compile_jar(target: Path, javac: str | None = None) -> str | None:
    """Compile the sources into a jar at ``target`` (replaced whole, never left half-written); the error (javac's
    or the file system's) as text, or None when it was built."""
    import pyspark

    javac = javac or find_javac()
    if javac is None:
        return "there is no javac (a JDK's compiler)"
    jars = Path(pyspark.__file__).parent / "jars"
    version = subprocess.run([javac, "-version"], capture_output=True, text=True)
    with tempfile.TemporaryDirectory(prefix="widen-javac-") as tmp:
        classes = Path(tmp) / "classes"
        done = subprocess.run([javac, "--release", RELEASE, "-nowarn", "-encoding", "UTF-8", "-cp", f"{jars}/*",
                               "-d", str(classes), *map(str, SOURCES)], capture_output=True, text=True)
        if done.returncode != 0:
            return f"javac failed: {done.stderr.strip()[:2000]}"
        attributes = {"Manifest-Version": "1.0", "Created-By": "widen.jvm.build",
                      "Widen-Sources-SHA256": sources_sha256(), "Widen-Spark-Version": pyspark.__version__,
                      "Widen-Javac-Version": (version.stdout or version.stderr).strip(),
                      "Widen-Java-Release": RELEASE}
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
            entries = [("META-INF/MANIFEST.MF", _manifest_text(attributes))]
            entries += [(f.relative_to(classes).as_posix(), f.read_bytes()) for f in sorted(classes.rglob("*.class"))]
            for name, data in entries:
                info = zipfile.ZipInfo(name, EPOCH)
                info.compress_type, info.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
                z.writestr(info, data)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            partial = target.with_name(f"{target.name}.{os.getpid()}")  # another process may build it too
            partial.write_bytes(buffer.getvalue())
            os.replace(partial, target)
        except OSError as exc:
            return f"{target.parent} cannot take the jar ({exc})"
    return None
