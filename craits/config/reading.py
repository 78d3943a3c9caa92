"""Reading a file the player may have put anything in: a regular file of bounded size only.

A FIFO would block for ever, ``/dev/zero`` would fill memory, and a file of many megabytes
would take minutes to parse: each is refused with a reason before anything is parsed.
"""

from __future__ import annotations

import os
import stat

MAX_CONFIG_BYTES = 1_000_000  # a rules or levels file is a few kilobytes


class FileRefused(OSError):
    """The file is not one the game reads (not a regular file, or too large); ``str()``
    says why in a few words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return self.reason


def read_limited(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Opening never blocks (a FIFO is opened without waiting for a writer, then refused), and at
    most ``limit + 1`` bytes are read whatever the file claims its size is. Raises
    ``FileNotFoundError`` and the other ``OSError``s of opening, or ``FileRefused``.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags)
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            kind = kind_of_file(mode)
            raise FileRefused("not a regular file" + (f" but {kind}" if kind else ""))
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(descriptor, min(1 << 16, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise FileRefused(f"larger than {_size(limit)}")
        return b"".join(chunks)
    finally:
        os.close(descriptor)


def kind_of_file(mode: int) -> str:
    """What a file of ``mode`` (``os.stat``'s or ``os.lstat``'s) is when it is not a regular
    one, in a few words ("a folder", "a pipe"...); empty when it is none of those."""
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISLNK, "a link"),
                       (stat.S_ISFIFO, "a pipe"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return ""


def _size(limit: int) -> str:
    if limit >= 1_000_000:
        return f"{limit / 1_000_000:g} MB"
    if limit >= 1000:
        return f"{limit / 1000:g} kB"
    return f"{limit} bytes"
