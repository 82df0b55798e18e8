"""The one root exception of Widen and the errors the pure floors (rules, engine, compiler) raise.

Every error carries structured fields (a path, a value, the types involved, a rule's source span) and renders a
message a data engineer can act on. The CLI prints ``str(error)`` and exits non-zero; tracebacks only with
``--debug``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Span:
    """Where a rule stands in its file: 1-based line and column, and the end column on that line."""

    file: str
    line: int
    column: int
    end_column: int | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class WidenError(Exception):
    """Root of every error Widen raises on purpose."""


class RulesError(WidenError):
    """A rules file that cannot be used: a syntax error or a semantic one, pointing into the file."""

    def __init__(self, message: str, span: Span | None = None, source: str | None = None, *,
                 others: tuple["RulesError", ...] = ()):
        self.message = message
        self.span = span
        self.source = source
        #: the file's other mistakes, found in the same pass (all are shown)
        self.others = others
        text = self.render()
        if others:
            text = "\n".join([text, *(o.render() for o in others), f"{1 + len(others)} errors in the rules file"])
        super().__init__(text)

    def render(self) -> str:
        """This one mistake: where, what, and the line with a caret under it."""
        if self.span is None:
            return f"error: {self.message}"
        head = f"{self.span}: error: {self.message}"
        if self.source is None:
            return head
        lines = self.source.splitlines()
        if not 1 <= self.span.line <= len(lines):
            return head
        text = lines[self.span.line - 1]
        width = 1
        if self.span.end_column and self.span.end_column > self.span.column:
            width = self.span.end_column - self.span.column
        caret = " " * (self.span.column - 1) + "^" * width
        return f"{head}\n    {text}\n    {caret}"


class PlanError(WidenError):
    """A batch the rules refuse (a policy says reject) or cannot place, naming the field and the shapes."""

    def __init__(self, message: str, *, path: str | None = None, details: tuple[str, ...] = ()):
        self.message = message
        self.path = path
        self.details = details
        text = message if not details else message + "\n" + "\n".join(details)
        super().__init__(text)


class InputError(WidenError):
    """Input that cannot be read at all (a missing file, an unreadable schema), naming the file."""


class InvalidJson(InputError, ValueError):
    """A line that is not a JSON object (the reason says why); such a line is rescued, not fatal."""


class SchemaMismatch(PlanError):
    """A batch the mode refuses (the table's mode): the message shows the table's schema and the data's side by
    side, marks each differing field and names the mode that would accept the batch. Nothing was written."""

    def __init__(self, message: str, *, rejections: tuple, mode: str, accepted_by: str | None):
        super().__init__(message)
        self.rejections = rejections
        self.mode = mode
        self.accepted_by = accepted_by
