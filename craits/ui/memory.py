"""Keeping the app's resident memory flat over hours of play (Linux with glibc).

Rendered surfaces are large blocks (a full-screen layer is 4 MB). glibc serves blocks above
its mmap threshold straight from the system and gives them back when freed, but it raises that
threshold each time such a block is freed, after which the next ones come from the heap and
stay resident when freed: memory then creeps up round after round. Fixing the threshold (low
enough that a card's image is such a block) keeps them returnable; ``release_free_memory``
hands back what the heap holds free (between rounds, and when a new table replaces the last).
Elsewhere both do nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import logging
import sys

log = logging.getLogger(__name__)

M_MMAP_THRESHOLD = -3  # from glibc's malloc.h
MMAP_THRESHOLD_BYTES = 32 * 1024  # card images and larger: measured flattest (app_soak)


@functools.cache  # looked for once a process
def _glibc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None
    return libc if hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim") else None


def keep_large_blocks_returnable() -> bool:
    """Fix glibc's mmap threshold (see the module's note); True when it was set."""
    libc = _glibc()
    if libc is None:
        return False
    try:
        return bool(libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES))
    except (OSError, AttributeError):  # pragma: no cover - a libc without mallopt
        log.debug("mallopt unavailable", exc_info=True)
        return False


def release_free_memory() -> None:
    """Give the memory the heap holds free back to the system (a few milliseconds)."""
    libc = _glibc()
    if libc is not None:
        try:
            libc.malloc_trim(0)
        except (OSError, AttributeError):  # pragma: no cover
            log.debug("malloc_trim unavailable", exc_info=True)
