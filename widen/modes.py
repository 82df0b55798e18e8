"""The write modes, under the name earlier releases documented: they live in :mod:`widen.engine.modes`
(``SchemaMismatch`` in :mod:`widen.errors`)."""

from widen.engine.modes import (AUTO_MERGE_CONF, AUTO_MERGE_ENV, auto_merge, check, effective_mode,  # noqa: F401
                                mismatch_message, resolve_mode)
from widen.errors import SchemaMismatch  # noqa: F401
