"""The native passes' Java, checked for shape: no file of ``widen/jvm/`` over 600 lines, no method or constructor
over 60 lines, and no cycle among the package's top-level classes (a class names another by any type or qualifier
in its code, its imports included; comments and literals name nothing)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
JAVA = sorted((ROOT / "widen" / "jvm").glob("*.java"))
MAX_LINES = 600
MAX_METHOD_LINES = 60

_IDENTIFIER = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")


def code(source: str) -> str:
    """``source`` with its comments and its string and character literals blanked (each kept as one space, and the
    line breaks it spans, so a line of the code is the same line of the source)."""
    out, i, n = [], 0, len(source)
    while i < n:
        start = i
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            i = n if end < 0 else end + 2
            out.append(" " + "\n" * source.count("\n", start, i))
        elif source[i] in "\"'":
            quote, i = source[i], i + 1
            while i < n and source[i] != quote:
                i += 2 if source[i] == "\\" else 1
            i += 1
            out.append(" " + "\n" * source.count("\n", start, i))
        else:
            out.append(source[i])
            i += 1
    return "".join(out)


def names(sources: dict[str, str]) -> dict[str, set[str]]:
    """Which top-level class (a file's name) names which other top-level class of the package."""
    return {cls: set(_IDENTIFIER.findall(code(text))) & (sources.keys() - {cls}) for cls, text in sources.items()}


#: the words before a parenthesised header that open a block which is no method's
_STATEMENTS = {"if", "for", "while", "switch", "catch", "synchronized", "try"}
_NAME_AT_END = re.compile(r"([A-Za-z_$][A-Za-z0-9_$]*)\s*$")
_THROWS_AT_END = re.compile(r"\)\s*throws\s[A-Za-z0-9_$.,<>?\s]*$")


def _signature(text: str, start: int, end: int) -> int | None:
    """Where the name of the method or constructor whose header is ``text[start:end]`` (the code between the last
    ``;``, ``{`` or ``}`` and a ``{``) begins; None when that header is not a method's or a constructor's."""
    header = _THROWS_AT_END.sub(")", text[start:end].rstrip())
    if not header.endswith(")"):
        return None
    depth, j = 0, len(header)
    while j > 0:
        j -= 1
        depth += {")": 1, "(": -1}.get(header[j], 0)
        if depth == 0:
            break
    name = _NAME_AT_END.search(header[:j]) if depth == 0 else None
    if name is None or name.group(1) in _STATEMENTS or header[:name.start()].split()[-1:] == ["new"]:
        return None
    return start + name.start()


def methods(source: str) -> list[tuple[str, int, int]]:
    """Each method and constructor of ``source``: its name, the line of its name, and its length in lines (from
    that line to its closing brace's, both counted).

    A simple reading, not a Java parser. Comments and string and character literals are blanked first
    (:func:`code`); then a ``{`` opens a body when the code before it, back to the last ``;``, ``{`` or ``}``, ends
    in ``name(...)`` (a ``throws`` clause after it allowed) where ``name`` is no statement's keyword (``if``,
    ``for``, ``catch``, ...) and does not follow ``new`` (an anonymous class); the body ends at the ``}`` that
    balances that ``{``. Its limits: a text block (three quotes) is not read as one literal; a record's header is
    taken for a constructor and its compact constructor (no parameter list) is not seen; a lambda's body and a
    local or anonymous class count in the method that holds them (their methods are also measured alone)."""
    text = code(source)
    found: list[tuple[str, int, int]] = []
    opened: list[int | None] = []  # for each open brace: where the name of the method it opens begins, if any
    last = 0
    for i, ch in enumerate(text):
        if ch == "{":
            opened.append(_signature(text, last, i))
        elif ch == "}" and opened and (at := opened.pop()) is not None:
            line = text.count("\n", 0, at) + 1
            found.append((_IDENTIFIER.match(text, at).group(), line, text.count("\n", at, i) + 1))
        if ch in "{};":
            last = i + 1
    return sorted(found, key=lambda m: m[1])


def long_methods(sources: dict[str, str]) -> list[str]:
    """Each method or constructor of ``sources`` (class name -> its file's text) over MAX_METHOD_LINES lines, as
    ``File.java:line: name() is N lines``."""
    return [f"{cls}.java:{line}: {name}() is {length} lines, more than {MAX_METHOD_LINES}"
            for cls, text in sorted(sources.items()) for name, line, length in methods(text)
            if length > MAX_METHOD_LINES]


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
    """What is wrong with the shape of ``sources`` (class name -> its file's text): files over MAX_LINES lines,
    methods over MAX_METHOD_LINES lines, a cycle of classes naming each other."""
    found = [f"{cls}.java: {len(text.splitlines())} lines, more than {MAX_LINES}"
             for cls, text in sorted(sources.items()) if len(text.splitlines()) > MAX_LINES]
    found += long_methods(sources)
    loop = cycle(names(sources))
    if loop is not None:
        found.append("a cycle: " + " -> ".join(loop))
    return found


def test_the_java_has_no_cycle_no_long_file_and_no_long_method():
    """Every file's methods and constructors are read (a pass's entry points among them) and none is too long."""
    sources = {path.stem: path.read_text(encoding="utf-8") for path in JAVA}
    assert {"NativeObserver", "NativeRouter"} <= sources.keys()
    assert {"Rules", "convert"} <= {name for name, _, _ in methods(sources["Rules"])}
    assert {"line", "serialise", "merge"} <= {name for name, _, _ in methods(sources["Partition"])}
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


def test_a_planted_long_method_is_reported_with_its_file_and_line():
    """A method or constructor over MAX_METHOD_LINES lines (its name's line to its closing brace's) is reported
    with its file, line and name; one of MAX_METHOD_LINES lines is not."""
    def method(header: str, lines: int) -> str:
        return f"  {header} {{\n" + "    x++;\n" * (lines - 2 - header.count("\n")) + "  }\n"

    one = ("package widen;\nfinal class One {\n  int x;\n"
           + method("One(int a) throws java.io.IOException, RuntimeException", MAX_METHOD_LINES + 1)
           + method("@Override public <T> java.util.List<T> fits(\n      java.util.Map<String, int[]> m)",
                    MAX_METHOD_LINES)
           + method("private static void more(@Named(\"a\") int a)", MAX_METHOD_LINES + 1) + "}\n")
    more = 4 + 2 * MAX_METHOD_LINES + 1
    assert methods(one) == [("One", 4, MAX_METHOD_LINES + 1), ("fits", 4 + MAX_METHOD_LINES + 1, MAX_METHOD_LINES),
                            ("more", more, MAX_METHOD_LINES + 1)]
    assert long_methods({"One": one}) == [
        f"One.java:4: One() is {MAX_METHOD_LINES + 1} lines, more than {MAX_METHOD_LINES}",
        f"One.java:{more}: more() is {MAX_METHOD_LINES + 1} lines, more than {MAX_METHOD_LINES}"]
    assert problems({"One": one}) == long_methods({"One": one})


def test_blocks_that_are_no_methods_open_none():
    """Statements' blocks, lambdas, anonymous classes and braces in comments and literals open no method; an
    anonymous class's methods are methods of their own, and the method holding them spans them."""
    one = """final class One {
  /* void no() { */
  int run(java.util.List<String> xs) {
    for (int i = 0; i < 3; i++) { if (i > 1) { xs.add("}"); } else if (i < 0) { xs.add("{"); } }
    try (java.io.StringReader r = new java.io.StringReader("")) { } catch (java.io.IOException e) { }
    xs.forEach(x -> { System.out.println('{'); });
    Runnable r = new Runnable() {
      public void run() { }  // not closed: {
    };
    synchronized (xs) { while (xs.isEmpty()) { xs.add("x"); } }
    switch (xs.size()) { case 0: { return 0; } default: return 1; }
  }
  static { System.out.println("{"); }
}
"""
    assert methods(one) == [("run", 3, 10), ("run", 8, 1)]
