"""One running game per folder: two copies on one folder would overwrite each other's save
and lose each other's statistics.

``lock_home(home)`` takes an exclusive lock on ``home/craits.lock`` for as long as the process
lives (the system drops it when the process ends, however it ends); a second copy gets
``HomeInUse``. The lock is an OS lock on an open file, not the file's existence, so a copy
that was killed never leaves a stale lock behind.

A ``craits.lock`` that is a link is never followed (it could create or lock a file anywhere):
it is moved aside and a lock file of the folder's own is made. A lock file that may be read but
not written (left by ``sudo craits``) is locked read-only; a folder where none can be made
raises ``OSError``, and the game plays on unlocked (it cannot write there either).
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

from craits.persistence.files import set_aside

LOCK_FILE = "craits.lock"


class HomeInUse(Exception):
    """Another running copy of the game holds the folder."""

    def __init__(self, home: Path) -> None:
        super().__init__(f"another copy of Craits is already using {home}")
        self.home = home


class HomeLock:
    """The held lock; ``release()`` (or the end of the process) gives it up."""

    def __init__(self, descriptor: int, path: Path) -> None:
        self._descriptor: int | None = descriptor
        self.path = path

    def release(self) -> None:
        if self._descriptor is not None:
            os.close(self._descriptor)  # closing the file drops the lock
            self._descriptor = None


def lock_home(home: Path) -> HomeLock:
    """Lock ``home`` for this process; raises ``HomeInUse`` when another process holds it,
    ``OSError`` when the lock file cannot be opened at all."""
    path = home / LOCK_FILE
    descriptor = _open(path)
    try:
        _lock(descriptor)
    except OSError as exc:  # a lock held elsewhere is a BlockingIOError (EAGAIN) on POSIX
        os.close(descriptor)
        if _busy(exc):
            raise HomeInUse(home) from None
        raise
    return HomeLock(descriptor, path)


# Never through a link (POSIX; elsewhere the check before opening); binary on Windows.
_FLAGS = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def _open(path: Path) -> int:
    """The lock file, opened without following a link; read-only when it may not be
    written. Not inherited by the workbench's workers (spawned fresh): only this process
    holds it."""
    if path.is_symlink() and set_aside(path, "link") is None:
        raise OSError(errno.ELOOP, "craits.lock is a link that could not be moved aside")
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT | _FLAGS, 0o644)
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # made a link since the check: still never followed
            raise OSError(errno.ELOOP, "craits.lock is a link") from None
        if exc.errno not in _NOT_WRITABLE or path.is_symlink() or not path.is_file():
            raise
    return os.open(path, os.O_RDONLY | _FLAGS)  # a lock needs no writing


_NOT_WRITABLE = (errno.EACCES, errno.EPERM, errno.EROFS)


if sys.platform == "win32":  # os.name "nt", in the form the type checker follows
    import msvcrt

    def _lock(descriptor: int) -> None:
        msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)

    def _busy(exc: OSError) -> bool:
        return exc.errno in (13, 36)  # EACCES, EDEADLOCK: held by another process

else:
    import fcntl

    def _lock(descriptor: int) -> None:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _busy(exc: OSError) -> bool:
        return exc.errno in (errno.EAGAIN, errno.EACCES)
