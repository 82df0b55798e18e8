"""The WIDEN_* switches, read from the environment and checked."""

from __future__ import annotations

import os
import sys

from widen.errors import InputError


def bytes_setting(name: str, default: int, expected: str, least: int) -> int:
    """The number (of bytes, or records) the environment variable ``name`` sets (``default`` when unset); raises
    :class:`InputError` for one that is not a whole number of at least ``least``."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = int(text)
    except ValueError:
        value = least - 1
    if value < least:
        raise InputError(f"{name}={text!r}: expected {expected}")
    return value


def debug(tag: str, message: str) -> None:
    """``message`` on stderr, marked ``[tag]``, when ``WIDEN_OBSERVE_DEBUG`` is set (the observers' and the native
    passes' timings and fallbacks)."""
    if os.environ.get("WIDEN_OBSERVE_DEBUG"):
        print(f"[{tag}] {message}", file=sys.stderr, flush=True)
