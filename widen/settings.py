"""The WIDEN_* switches, read from the environment and checked."""

from __future__ import annotations

import os

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
