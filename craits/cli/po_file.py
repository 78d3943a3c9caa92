"""A ``.po`` file's text, read safely, and files written whole.

``po_lines(path)`` reads at most ``MAX_BYTES`` of a regular file (a pipe or a device given by
name is refused, never waited on), decodes it with the charset its header declares, refusing
bytes that do not fit that charset, and checks every quoted string is closed before Babel sees
it: Babel drops the last character of an unclosed string without a word. ``write_whole(path,
data)`` writes beside the target and renames over it, so a reader never sees half a catalogue.
Every refusal is a ``ValueError`` naming the file and, where it has one, the line.
"""

from __future__ import annotations

import codecs
import os
import re
import stat
from pathlib import Path

from craits.config.reading import FileRefused, read_limited
from craits.persistence.files import atomic_write

# A catalogue is a few hundred KB at most; anything much larger is not one.
MAX_BYTES = 4_000_000
_CHARSET = re.compile(rb'^\s*"Content-Type:[^"\n]*?charset=([A-Za-z0-9_.:-]+)', re.M | re.I)
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_KEYWORD = re.compile(r"(msgid|msgid_plural|msgctxt|msgstr|msgstr\[\d{1,3}\])(?:\s+(.*))?")


def read_bounded(path: Path) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``MAX_BYTES``
    (``read_limited``); ``OSError`` if it cannot be read, ``ValueError`` if it is not such a
    file."""
    try:
        return read_limited(path, MAX_BYTES)
    except FileRefused as exc:
        raise ValueError(f"{path}: {exc}, so not a translation file") from None


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def decode(path: Path, data: bytes) -> str:
    """``data`` decoded with the charset the header declares (UTF-8 when it declares none)."""
    match = _CHARSET.search(data)
    declared = match.group(1).decode("ascii") if match else "utf-8"
    if declared.lower() == "charset":  # the placeholder of gettext's templates
        declared = "utf-8"
    try:
        codec = codecs.lookup(declared).name
    except LookupError:
        raise ValueError(f"{path}: its header declares charset={declared}, which is not a "
                         "character set this tool knows; save the file as UTF-8") from None
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as exc:
        raise ValueError(
            f"{path}, line {_line_of(data, exc.start)}: the text is not {declared}, as its "
            f"header declares (charset={declared}); save the file as UTF-8") from None
    if codec != "utf-8" and not data.isascii():
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            pass  # truly in the declared charset
        else:
            raise ValueError(f"{path}: its header declares charset={declared}, but the text is "
                             "UTF-8; set charset=UTF-8 in its Content-Type line")
    return text.removeprefix("\ufeff")


def check_strings(path: Path, lines: list[str]) -> None:
    """Every message line is a keyword and one closed string, or a closed string alone."""
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if line.startswith("#~"):  # an obsolete entry: Babel reads it as messages too
            line = line[2:].lstrip()
        elif line.startswith("#"):
            continue
        if not line:
            continue
        if line.startswith('"'):
            text = line
        else:
            keyword = _KEYWORD.fullmatch(line)
            if keyword is None:
                raise ValueError(f"{path}, line {number}: not a .po line (a comment, a keyword "
                                 "such as msgid or msgstr, or a quoted string)")
            text = (keyword.group(2) or "").strip()
        if not _STRING.fullmatch(text):
            raise ValueError(f"{path}, line {number}: a quoted string is not closed, or "
                             "something follows its closing quote")


def po_lines(path: Path) -> list[str]:
    """The lines of the ``.po`` file at ``path``, read, decoded and checked as above."""
    text = decode(path, read_bounded(path))
    lines = text.split("\n")  # only a newline ends a line, as in Babel's own reading
    check_strings(path, lines)
    return lines


def write_whole(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and a rename."""
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mode = 0o644  # a new file: readable by all, as a plain write would leave it
    atomic_write(path, data, mode)
