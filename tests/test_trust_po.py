"""The .po tool refuses what Babel would only warn about or silently get wrong, naming the file
and the line; it reads only regular files of bounded size, and writes catalogues whole."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from craits import i18n
from craits.cli import po, po_file

pytest.importorskip("babel")

ENTRY = 'msgstr "{player} juega {card}"'


@pytest.fixture(autouse=True)
def _packaged_catalogues():
    i18n.set_catalogue_dir(None)
    yield
    i18n.set_catalogue_dir(None)


@pytest.fixture
def es_po(tmp_path: Path) -> Path:
    out = tmp_path / "po"
    po.export(out, ["es"])
    return out / "es.po"


@pytest.fixture
def locale_copy(tmp_path: Path) -> Path:
    target = tmp_path / "locale"
    shutil.copytree(i18n.DEFAULT_DIR, target)
    return target


def _line_of(path: Path, needle: str) -> int:
    lines = path.read_text(encoding="utf-8").split("\n")
    return next(n for n, line in enumerate(lines, 1) if needle in line)


def _refused(path: Path, into: Path) -> str:
    """The tool's refusal of ``path``: a PoError, exit 2 from the command, nothing written."""
    before = {p.name: p.read_bytes() for p in into.glob("*.toml")}
    with pytest.raises(po.PoError) as info:
        po.import_po([path], into, out=io.StringIO())
    assert po.main(["check", str(path), "--into", str(into)]) == 2
    assert {p.name: p.read_bytes() for p in into.glob("*.toml")} == before
    assert "Errno" not in str(info.value) and "codec" not in str(info.value)
    return str(info.value)


@pytest.mark.parametrize(("broken", "bad"), [
    ('msgstr "{player} juega {card}', 0),  # no closing quote: Babel drops the "}"
    ('msgstr "{player} juega {card}\\"', 0),  # the last quote is escaped
    ('msgstr "{player} juega" {card}"', 0),  # text after the closing quote
    ("msgstr {player} juega {card}", 0),  # no quotes at all
    ('msgstr "{player} juega "\n"{card}', 1),  # a continuation line left open
])  # fmt: skip
def test_an_unclosed_or_malformed_string_is_refused_with_file_and_line(
    es_po: Path, locale_copy: Path, broken: str, bad: int
) -> None:
    text = es_po.read_text(encoding="utf-8")
    es_po.write_text(text.replace(ENTRY, broken, 1), encoding="utf-8")
    line = _line_of(es_po, broken.split("\n")[0]) + bad
    message = _refused(es_po, locale_copy)
    assert message.startswith(f"{es_po}, line {line}:"), message


def test_babels_own_complaints_name_file_and_line(es_po: Path, locale_copy: Path) -> None:
    text = es_po.read_text(encoding="utf-8")
    es_po.write_text(text.replace(ENTRY, "msgfoo \"x\"\n" + ENTRY, 1), encoding="utf-8")
    assert _refused(es_po, locale_copy).startswith(f"{es_po}, line {_line_of(es_po, 'msgfoo')}:")


def test_bytes_that_are_not_the_declared_utf8_are_refused(es_po: Path, locale_copy: Path):
    text = es_po.read_text(encoding="utf-8")
    assert "charset=utf-8" in text
    marker = 'msgstr "Nueva partida"'
    data = text.replace(marker, 'msgstr "Nueva partida ñ"', 1).encode("utf-8")
    es_po.write_bytes(data.replace("partida ñ".encode(), "partida ñ".encode("latin-1")))
    message = _refused(es_po, locale_copy)
    raw = es_po.read_bytes().split(b"\n")
    line = next(n for n, b in enumerate(raw, 1) if b"Nueva partida \xf1" in b)
    assert message.startswith(f"{es_po}, line {line}:") and "utf-8" in message, message


def test_utf8_text_under_a_latin1_declaration_is_refused(es_po: Path, locale_copy: Path):
    text = es_po.read_text(encoding="utf-8").replace("charset=utf-8", "charset=ISO-8859-1")
    assert not text.isascii()
    es_po.write_text(text, encoding="utf-8")
    assert "declares charset=ISO-8859-1, but the text is UTF-8" in _refused(es_po, locale_copy)


def test_an_unknown_charset_is_refused(es_po: Path, locale_copy: Path):
    text = es_po.read_text(encoding="utf-8").replace("charset=utf-8", "charset=klingon-8")
    es_po.write_text(text, encoding="utf-8")
    assert "charset=klingon-8" in _refused(es_po, locale_copy)


def test_a_file_truly_in_its_declared_charset_reads(tmp_path: Path) -> None:
    path = tmp_path / "es.po"
    path.write_bytes(
        'msgid ""\nmsgstr ""\n"Language: es\\n"\n"Content-Type: text/plain; charset=ISO-8859-1\\n"'
        '\n\nmsgctxt "menu.new_game"\nmsgid "New game"\nmsgstr "Nueva partida, señor"\n'
        .encode("latin-1"))
    catalog = po.read_po(path)
    assert catalog.get("New game", context="menu.new_game").string == "Nueva partida, señor"


@pytest.mark.skipif(sys.platform == "win32",
                    reason="/dev/zero and named pipes (mkfifo) are POSIX only")
@pytest.mark.parametrize("kind", ["pipe", "device"])
def test_a_pipe_or_a_device_is_refused_without_waiting(tmp_path: Path, kind: str) -> None:
    path = Path("/dev/zero")  # read to its end, it never ends
    if kind == "pipe":
        path = tmp_path / "es.po"
        os.mkfifo(path)
    proc = subprocess.run([sys.executable, "-m", "craits.cli.po", "check", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "not a regular file" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


def test_an_oversized_or_missing_file_is_refused(tmp_path: Path, locale_copy: Path):
    big = tmp_path / "es.po"
    big.write_bytes(b"# " + b"x" * po_file.MAX_BYTES + b"\n")
    assert "larger than" in _refused(big, locale_copy)
    assert "cannot be read" in _refused(tmp_path / "missing.po", locale_copy)


@pytest.mark.skipif(sys.platform == "win32",
                    reason="file modes (chmod) are POSIX only; Windows cannot replace an open file")
def test_import_replaces_a_catalogue_whole_and_keeps_its_mode(es_po: Path, locale_copy: Path):
    target = locale_copy / "es.toml"
    old = target.read_bytes()
    os.chmod(target, 0o640)
    text = es_po.read_text(encoding="utf-8")
    es_po.write_text(text.replace(ENTRY, 'msgstr "{player} pone {card}"', 1), encoding="utf-8")
    with open(target, "rb") as reader:  # someone reading the old catalogue meanwhile
        po.import_po([es_po], locale_copy, force=True, out=io.StringIO())
        assert reader.read() == old  # an in-place write would have truncated it under them
    assert "{player} pone {card}" in target.read_text(encoding="utf-8")
    assert os.stat(target).st_mode & 0o777 == 0o640
    assert sorted(p.name for p in locale_copy.iterdir()) == sorted(
        p.name for p in i18n.DEFAULT_DIR.iterdir() if p.is_file() or p.is_dir())


def test_a_failed_write_leaves_the_old_catalogue_and_no_scraps(
    es_po: Path, locale_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = locale_copy / "es.toml"
    old = target.read_bytes()
    names = sorted(p.name for p in locale_copy.iterdir())

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(po_file.os, "fsync", disk_full)
    with pytest.raises(po.PoError, match="cannot be written"):
        po.import_po([es_po], locale_copy, force=True, out=io.StringIO())
    assert target.read_bytes() == old
    assert sorted(p.name for p in locale_copy.iterdir()) == names
    with pytest.raises(po.PoError, match="cannot be written"):
        po.write_po(es_po, po.read_po(es_po))
    assert sorted(p.name for p in es_po.parent.iterdir()) == ["craits.pot", "es.po"]
