"""The native passes' Java, checked for shape: no file of ``widen/jvm/`` over 600 lines, and no cycle among the
package's top-level classes (a class names another by any type or qualifier in its code, its imports included;
comments and literals name nothing)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
JAVA = sorted((ROOT / "widen" / "jvm").glob("*.java"))
MAX_LINES = 600

_IDENTIFIER = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")


def code(source: str) -> str:
    """``source`` with its comments and its string and character literals blanked (each kept as one space)."""
    out, i, n = [], 0, len(source)
    while i < n:
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            i = n if end < 0 else end + 2
            out.append(" ")
        elif source[i] in "\"'":
            quote, i = source[i], i + 1
            while i < n and source[i] != quote:
                i += 2 if source[i] == "\\" else 1
            i += 1
            out.append(" ")
        else:
            out.append(source[i])
            i += 1
    return "".join(out)


def names(sources: dict[str, str]) -> dict[str, set[str]]:
    """Which top-level class (a file's name) names which other top-level class of the package."""
    return {cls: set(_IDENTIFIER.findall(code(text))) & (sources.keys() - {cls}) for cls, text in sources.items()}


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` (its first class again at its end), or None when it has none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(node: str, path: list[str]) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt, path)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start, [])) is not None:
            return found
    return None


def problems(sources: dict[str, str]) -> list[str]:
    """What is wrong with the shape of ``sources`` (class name -> its file's text): files over MAX_LINES lines, a
    cycle of classes naming each other."""
    found = [f"{cls}.java: {len(text.splitlines())} lines, more than {MAX_LINES}"
             for cls, text in sorted(sources.items()) if len(text.splitlines()) > MAX_LINES]
    loop = cycle(names(sources))
    if loop is not None:
        found.append("a cycle: " + " -> ".join(loop))
    return found


def test_the_java_has_no_cycle_and_no_long_file():
    sources = {path.stem: path.read_text(encoding="utf-8") for path in JAVA}
    assert {"NativeObserver", "NativeRouter"} <= sources.keys()
    assert problems(sources) == []


def test_the_entry_points_name_the_classes_they_run():
    """The graph is read from the code: the router names the typer and the partition's pass it runs, the observer's
    entry points the partition's pass."""
    graph = names({path.stem: path.read_text(encoding="utf-8") for path in JAVA})
    assert {"Typer", "Partition", "LineParser"} <= graph["NativeRouter"]
    assert "Partition" in graph["NativeObserver"]


def test_a_planted_cycle_and_a_long_file_are_reported():
    one = "package widen;\nimport widen.Two.Inner;\n// Three, in a comment\nfinal class One { Inner i; }\n"
    two = "package widen;\nfinal class Two {\n  static final class Inner { String s = \"One\"; }\n  One one;\n}\n"
    three = "package widen;\nfinal class Three {\n" + "  int x;\n" * (MAX_LINES - 2) + "}\n"
    assert len(three.splitlines()) == MAX_LINES + 1
    assert problems({"Three": three.replace("  int x;\n", "", 1)}) == []  # (MAX_LINES lines: allowed)
    assert problems({"One": one, "Two": two, "Three": three}) == [
        f"Three.java: {MAX_LINES + 1} lines, more than {MAX_LINES}", "a cycle: One -> Two -> One"]
    assert names({"One": one, "Two": two, "Three": three}) == {"One": {"Two"}, "Two": {"One"}, "Three": set()}


def test_comments_and_literals_name_nothing():
    one = "final class One {\n  /* Two */ String s = \"Two \\\" Two\"; char c = '\"'; // Two\n  Object o = Two.X;\n}\n"
    assert names({"One": one, "Two": "final class Two { One a; }"}) == {"One": {"Two"}, "Two": {"One"}}
    one_quiet = one.replace("Two.X", "null")
    assert names({"One": one_quiet, "Two": "final class Two { One a; }"}) == {"One": set(), "Two": {"One"}}
    assert problems({"One": one_quiet, "Two": "final class Two { One a; }"}) == []
