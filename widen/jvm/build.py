"""The native passes' jar, built once and shipped in the package: ``python -m widen.jvm.build``.

Run it after changing any ``.java`` file here (``widen.jvm.SOURCES``), and commit the jar with the sources:
``tests/test_jvm_build.py`` fails while the shipped jar is not the build of the sources beside it. It compiles the
sources into ``widen/jvm/widen-native.jar`` (``--out``: another path) as :func:`widen.jvm.jarfile.compile_jar`
compiles a jar, reproducibly and with a manifest recording what it was built from; ``--check`` builds nothing and
says whether the jar is current for the sources and the installed Spark.

This module is the command alone, and no module of the package imports it: what the package uses of the build is
in :mod:`widen.jvm.jarfile`, so ``python -m`` finds this module not yet loaded when it runs it.

A pip install cannot build it (an isolated build environment has no PySpark): it is built here, in a checkout,
and ``pyproject.toml`` ships ``widen/jvm/*.jar`` as package data.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from widen.jvm.jarfile import SHIPPED, compile_jar, manifest, problem


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m widen.jvm.build", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=SHIPPED, help=f"the jar to write (default: {SHIPPED})")
    parser.add_argument("--check", action="store_true",
                        help="build nothing: exit 1 (saying why) when the jar is not current for the sources")
    args = parser.parse_args(argv)
    if args.check:
        why = problem(args.out)
        print(why or f"{args.out} is current ({manifest(args.out)})", file=sys.stderr if why else sys.stdout)
        return 1 if why else 0
    error = compile_jar(args.out)
    if error is not None:
        print(f"widen.jvm.build: {error}", file=sys.stderr)
        return 1
    attributes = manifest(args.out)
    print(f"{args.out}: {args.out.stat().st_size:,} bytes, Spark {attributes['Widen-Spark-Version']}, "
          f"{attributes['Widen-Javac-Version']}, sources {attributes['Widen-Sources-SHA256'][:16]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
