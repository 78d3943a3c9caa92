"""``python -m craits.cli.po``: the translation catalogues as gettext ``.po`` files, and back.

Translators work in ``.po`` files (Poedit, Weblate and other platforms read them); the game reads
the TOML catalogues in ``craits/locale/``. This tool converts between the two::

    python -m craits.cli.po export [--out po] [LANG ...]      # po/craits.pot and po/<lang>.po
    python -m craits.cli.po import [--into DIR] [--force] FILE.po ...
    python -m craits.cli.po check FILE.po ...                  # import without writing

Each entry's ``msgctxt`` is the catalogue key (``event.card_played``) and its ``msgid`` the
English text; a plural table becomes ``msgid``/``msgid_plural`` with one ``msgstr[i]`` per plural
form, in the order of ``craits.i18n.REQUIRED_PLURALS`` (which ``Plural-Forms`` numbers). The
comment lines at the top of a catalogue are shown in the ``.po`` header comment; import keeps an
existing catalogue's own, and a new language takes the ``.po`` file's.

Import reads the ``.po`` files, writes each language's catalogue in the layout of the English
one (same sections, same key order), and runs ``i18n-check`` over the result first: with any
problem it writes nothing unless ``--force`` is given. Untranslated and fuzzy entries are left
out, so the game shows them in English until they are done. Export followed by import gives the
catalogues back byte for byte.

Needs Babel (``pip install -e '.[dev]'``); the game itself does not.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import shutil
import sys
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from craits import __version__, i18n
from craits.cli import i18n_check
from craits.cli.po_file import po_lines, write_whole

if TYPE_CHECKING:  # Babel is read only when a command needs it (the game does not)
    from babel.messages.catalog import Catalog

TEMPLATE = "craits.pot"
PROJECT = "Craits"
# A line of the rules screen text that a translator should know about.
_RULES_NOTE = (
    "Rules screen: paragraphs are separated by a blank line, a line starting with \"- \" is a "
    "bullet, and [[7H]] is a card picture (keep the same cards)."
)
_TOKEN_NOTE = "[[7H]] is a card picture: keep the same cards."
# Notes on single keys, for whoever translates them.
_KEY_NOTES = {
    "language.native_name": "The language's name in the language itself, e.g. Deutsch.",
    "bot_names.": "A first name for a computer player, usual among speakers of the language.",
    "table.last_card": "A button; the rules screen (rules.s06.body) names it, keep them alike.",
    "table.idiot": "A button; the rules screen (rules.s06.body) names it, keep them alike.",
    "rules.s06.body": "Name the buttons as table.last_card and table.idiot do; the keys are "
                      "L and I in every language.",
}
_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


class PoError(ValueError):
    """A ``.po`` file that cannot be imported; the message names the file."""


def _need_babel() -> None:
    """Babel can be imported (the functions that use it import it after this check)."""
    try:
        from babel.messages import catalog, pofile  # noqa: F401
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise PoError(
            "the .po tool needs Babel: pip install -e '.[dev]' (or pip install babel)"
        ) from exc


# ----------------------------------------------------------------------------- TOML, both ways


def header_comment(path: Path) -> list[str]:
    """The comment lines at the top of a catalogue file (without their ``#``)."""
    lines = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        lines.append(line[1:].removeprefix(" "))
    return lines


_SHORT_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t"}


def _escaped(ch: str, raw: str = "") -> str:
    """One character in a TOML basic string; those in ``raw`` (a multi-line string's line
    breaks and tabs) as they are."""
    if ch in raw:
        return ch
    if ch in _SHORT_ESCAPES:
        return _SHORT_ESCAPES[ch]
    return f"\\u{ord(ch):04X}" if ord(ch) < 0x20 or ord(ch) == 0x7F else ch


def _basic(text: str) -> str:
    """A TOML basic string: ``"..."`` with the escapes it needs."""
    return '"' + "".join(map(_escaped, text)) + '"'


def _multiline(text: str) -> str:
    """A TOML multi-line basic string, opening on its own line: ``\"\"\"\\n...\"\"\"``."""
    out = []
    quotes = 0
    for ch in text:
        if ch == '"':
            quotes += 1
            # never three quotes in a row: that would close the string
            out.append('\\"' if quotes == 3 else '"')
            quotes %= 3
        else:
            quotes = 0
            out.append(_escaped(ch, "\n\t"))
    body = "".join(out)
    if body.endswith('"') and not body.endswith('\\"'):
        body = body[:-1] + '\\"'  # a quote just before the closing delimiter
    return '"""\n' + body + '"""'


def _value(value: i18n.Value) -> str:
    if isinstance(value, dict):
        forms = [c for c in i18n.PLURAL_CATEGORIES if c in value]
        return "{ " + ", ".join(f"{c} = {_basic(value[c])}" for c in forms) + " }"
    return _multiline(value) if "\n" in value else _basic(value)


def _toml_key(name: str) -> str:
    return name if _BARE_KEY.match(name) else _basic(name)


def dump_catalogue(
    values: Mapping[str, i18n.Value], order: Iterable[str], header: Iterable[str] = ()
) -> str:
    """A catalogue as TOML text: the header comment, then ``[section]`` tables in ``order``.

    Keys of ``values`` that are not in ``order`` come last, in their own order.
    """
    keys = [k for k in order if k in values]
    keys += [k for k in values if k not in set(keys)]
    lines = [f"# {line}".rstrip() for line in header]
    section = None
    for key in keys:
        prefix, _, name = key.rpartition(".")
        if prefix != section:
            if lines:
                lines.append("")
            lines.append("[" + ".".join(_toml_key(p) for p in prefix.split(".")) + "]")
            section = prefix
        lines.append(f"{_toml_key(name)} = {_value(values[key])}")
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------- .po, both ways


def _plural_note(code: str | None) -> str:
    categories = i18n.REQUIRED_PLURALS.get(code or "", ("one", "other"))
    forms = ", ".join(f"msgstr[{i}] = {c}" for i, c in enumerate(categories))
    note = f"Plural forms (CLDR): {forms}."
    if "many" in categories and code == "cs":
        note += " The many form is for decimal numbers; the game shows whole numbers only."
    return note


def _notes(key: str, english: i18n.Value, code: str | None) -> list[str]:
    notes = [note for prefix, note in _KEY_NOTES.items()
             if key == prefix or (prefix.endswith(".") and key.startswith(prefix))]
    texts = english.values() if isinstance(english, dict) else [english]
    names = sorted(set().union(*(i18n.placeholders(t) for t in texts)))
    if names:
        shown = ", ".join("{" + n + "}" for n in names)
        notes.append(f"Placeholders, keep them as they are: {shown}.")
    if key.startswith("rules.") and key.endswith(".body"):
        notes.append(_RULES_NOTE)
    elif any(i18n.card_tokens(t) for t in texts):
        notes.append(_TOKEN_NOTE)
    if isinstance(english, dict):
        notes.append(_plural_note(code))
    return notes


def _new_catalog(code: str | None, header: list[str]) -> Catalog:
    _need_babel()
    from babel.messages.catalog import Catalog

    catalog = Catalog(
        locale=None,
        project=PROJECT,
        version=__version__,
        msgid_bugs_address="",
        header_comment="\n".join(f"# {line}".rstrip() for line in header) or "#",
        fuzzy=False,
    )
    if code is not None:
        catalog.language_team = f"{PROJECT} {code}"
        headers = [("Language", code)]
        if code in i18n.GETTEXT_PLURAL_FORMS:
            headers.append(("Plural-Forms", i18n.GETTEXT_PLURAL_FORMS[code]))
        catalog.mime_headers = headers
    return catalog


def catalogue_to_po(
    code: str | None,
    catalogue: Mapping[str, i18n.Value],
    english: Mapping[str, i18n.Value],
    header: list[str],
) -> Catalog:
    """A Babel catalog for ``code`` (``None``: the template, every ``msgstr`` empty)."""
    catalog = _new_catalog(code, header)
    categories = i18n.REQUIRED_PLURALS.get(code or "", ())
    for key, source in english.items():
        notes = _notes(key, source, code)
        value = catalogue.get(key) if code is not None else None
        if isinstance(source, dict):
            msgid = (source.get("one", source["other"]), source["other"])
            if isinstance(value, dict) and categories:
                forms = tuple(value.get(c, "") for c in categories)
            else:
                forms = ("",) * (len(categories) or 2)
            catalog.add(msgid, forms, context=key, auto_comments=notes)
        else:
            string = value if isinstance(value, str) else ""
            catalog.add(source, string, context=key, auto_comments=notes)
    return catalog


def write_po(path: Path, catalog: Catalog) -> None:
    _need_babel()
    from babel.messages import pofile

    buffer = io.BytesIO()
    pofile.write_po(buffer, catalog, width=76, include_previous=False)
    _write(Path(path), buffer.getvalue())


def _write(path: Path, data: bytes) -> None:
    try:
        write_whole(path, data)
    except OSError as exc:
        raise PoError(f"{path}: cannot be written ({exc.strerror or 'error'})") from None


def read_po(path: Path) -> Catalog:
    """The catalog of the ``.po`` file at ``path``; ``PoError`` naming the file, and the line
    where there is one, for anything Babel would only warn about or silently get wrong."""
    _need_babel()
    from babel.messages import pofile

    path = Path(path)
    try:
        lines = po_lines(path)
    except OSError as exc:
        raise PoError(f"{path}: cannot be read ({exc.strerror or 'error'})") from None
    except ValueError as exc:
        raise PoError(str(exc)) from None
    try:
        return pofile.read_po(lines, abort_invalid=True)
    except pofile.PoFileError as exc:
        message = str(exc).rsplit(" on ", 1)[0]
        problem = PoError(f"{path}, line {exc.lineno + 1}: {message}")
    except Exception:  # what Babel raises on a header it cannot make sense of
        problem = PoError(f"{path}: its header or an entry is malformed, so it cannot be read")
    # Explain the commonest cause in words: Plural-Forms that do not fit the language. The
    # lenient reading prints Babel's warnings; they are the problem already raised.
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            lenient = pofile.read_po(lines)
    except Exception:
        raise problem from None
    _check_plural_forms(path, lenient, po_language(path, lenient))
    raise problem


def _check_plural_forms(path: Path, catalog: Catalog, code: str) -> None:
    categories = i18n.REQUIRED_PLURALS.get(code)
    nplurals = catalog.num_plurals
    if categories is not None and nplurals != len(categories):
        raise PoError(
            f"{path}: Plural-Forms has nplurals={nplurals}, but {code} needs "
            f"{len(categories)} forms ({', '.join(categories)}); use "
            f"{i18n.GETTEXT_PLURAL_FORMS.get(code, 'the line in craits.i18n')}"
        )


def po_language(path: Path, catalog: Catalog) -> str:
    """The language code of a ``.po`` file: its ``Language`` header, else the file name."""
    language = ""
    for name, value in catalog.mime_headers:
        if name.lower() == "language":
            language = value.strip()
    return i18n.language_code(language or Path(path).stem)


def po_to_catalogue(
    path: Path, catalog: Catalog, code: str, english: Mapping[str, i18n.Value]
) -> tuple[dict[str, i18n.Value], list[str]]:
    """The translated entries of a ``.po`` file as catalogue values, and notes on what was left
    out (untranslated, fuzzy, unknown or wrongly shaped entries)."""
    categories = i18n.REQUIRED_PLURALS.get(code)
    notes: list[str] = []
    values: dict[str, i18n.Value] = {}
    _check_plural_forms(path, catalog, code)
    for message in catalog:
        if not message.id:
            continue  # the header
        key = message.context
        where = f"{path.name}: {key if key else repr(message.id)}"
        if key is None or key not in english:
            notes.append(f"{where}: no such key in English, left out")
            continue
        if message.fuzzy:
            notes.append(f"{where}: fuzzy, left out")
            continue
        if isinstance(english[key], dict):
            if not message.pluralizable:
                notes.append(f"{where}: needs plural forms, left out")
                continue
            forms = list(message.string or ())
            names = categories or (("one", "other") if len(forms) == 2 else ())
            if len(names) != len(forms):
                notes.append(f"{where}: {len(forms)} plural forms, expected {len(names)}")
                continue
            if not all(forms):
                notes.append(f"{where}: untranslated")
                continue
            values[key] = dict(zip(names, forms, strict=True))
        else:
            if message.pluralizable:
                notes.append(f"{where}: has plural forms, the English text has none; left out")
                continue
            string = message.string
            if not string or not isinstance(string, str):
                notes.append(f"{where}: untranslated")
                continue
            values[key] = string
    return values, notes


# ----------------------------------------------------------------------------- commands


def export(out: Path, codes: Iterable[str], source: Path = i18n.DEFAULT_DIR) -> list[Path]:
    """Write ``out/craits.pot`` and ``out/<code>.po`` for ``codes``; returns the files written."""
    english = i18n.load_catalogue(source / f"{i18n.FALLBACK}.toml")
    out.mkdir(parents=True, exist_ok=True)
    written = [out / TEMPLATE]
    template_header = [
        f"{PROJECT}: the template for a new translation (from {i18n.FALLBACK}.toml).",
        "Start a new language from this file; see README, Translations.",
    ]
    write_po(written[0], catalogue_to_po(None, {}, english, template_header))
    for code in codes:
        if code == i18n.FALLBACK:
            continue
        path = source / f"{code}.toml"
        if path.exists():
            catalogue, header = i18n.load_catalogue(path), header_comment(path)
        else:
            catalogue, header = {}, []
        target = out / f"{code}.po"
        write_po(target, catalogue_to_po(code, catalogue, english, header))
        written.append(target)
    return written


def import_po(
    files: Iterable[Path], into: Path = i18n.DEFAULT_DIR, *, force: bool = False,
    write: bool = True, out: TextIO | None = None,
) -> int:
    """Read ``.po`` files into catalogues in ``into``; 0 when they pass ``i18n-check``."""
    out = out or sys.stdout
    english_path = into / f"{i18n.FALLBACK}.toml"
    if not english_path.exists():
        english_path = i18n.DEFAULT_DIR / english_path.name
    english = i18n.load_catalogue(english_path)
    order = list(english)
    texts: dict[str, str] = {}
    for path in map(Path, files):
        catalog = read_po(path)
        code = po_language(path, catalog)
        if not re.fullmatch(r"[a-z]{2,3}", code):
            raise PoError(
                f"{path}: which language is this? Set its Language header (in Poedit: "
                "Translation > Properties) or name the file <code>.po, e.g. de.po"
            )
        if code == i18n.FALLBACK:
            raise PoError(f"{path}: the English catalogue is the source, not a translation")
        values, notes = po_to_catalogue(path, catalog, code, english)
        for note in notes:
            print(f"  {note}", file=out)
        existing = into / f"{code}.toml"
        if existing.exists():
            header = header_comment(existing)  # notes for developers stay with the file
        else:
            header = [line.removeprefix("#").removeprefix(" ")
                      for line in (catalog.header_comment or "").splitlines()
                      if line.startswith("#")]
            header = [line for line in header if line.strip()] or [
                f"{code}: keys, {{placeholders}} and [[card]] tokens must match en.toml."
            ]
        texts[code] = dump_catalogue(values, order, header)
        print(f"{path} -> {code}.toml: {len(values)}/{len(english)} entries", file=out)
    with tempfile.TemporaryDirectory() as scratch:
        trial = Path(scratch)
        for existing in sorted(into.glob("*.toml")):
            shutil.copy2(existing, trial / existing.name)
        if not (trial / english_path.name).exists():
            shutil.copy2(english_path, trial / english_path.name)
        for code, text in texts.items():
            (trial / f"{code}.toml").write_text(text, encoding="utf-8")  # scratch: plain
        report, problems = i18n_check.run_check(trial)
    for line in report:
        print(line, file=out)
    if problems:
        print(f"\n{len(problems)} problem(s):", file=out)
        for problem in problems:
            print(f"  {problem}", file=out)
    if not write:
        return 1 if problems else 0
    if problems and not force:
        print("Nothing written (use --force to write anyway).", file=out)
        return 1
    for code, text in texts.items():
        _write(into / f"{code}.toml", text.encode("utf-8"))
    print(f"Wrote {len(texts)} catalogue(s) into {into}.", file=out)
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m craits.cli.po",
        description="Export the translation catalogues to gettext .po files, or import them.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    exporting = commands.add_parser("export", help="write craits.pot and one .po per language")
    exporting.add_argument("languages", nargs="*", metavar="LANG",
                           help="languages to export (default: every translation)")
    exporting.add_argument("--out", type=Path, default=Path("po"),
                           help="folder for the .pot and .po files (default: po)")
    exporting.add_argument("--source", type=Path, default=i18n.DEFAULT_DIR,
                           help="folder of the TOML catalogues (default: the game's own)")
    importing = commands.add_parser("import", help="write .po files back into catalogues")
    importing.add_argument("files", nargs="+", type=Path, metavar="FILE.po")
    importing.add_argument("--into", type=Path, default=i18n.DEFAULT_DIR,
                           help="folder of the TOML catalogues (default: the game's own)")
    importing.add_argument("--force", action="store_true",
                           help="write even when i18n-check finds problems")
    checking = commands.add_parser("check", help="run i18n-check on .po files, writing nothing")
    checking.add_argument("files", nargs="+", type=Path, metavar="FILE.po")
    checking.add_argument("--into", type=Path, default=i18n.DEFAULT_DIR, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        if args.command == "export":
            codes = args.languages or [c for c in i18n.LANGUAGES if c != i18n.FALLBACK]
            for path in export(args.out, codes, args.source):
                print(path)
            return 0
        if not args.into.is_dir():
            print(f"po: {args.into} is not a folder", file=sys.stderr)
            return 2
        return import_po(args.files, args.into, force=getattr(args, "force", False),
                         write=args.command == "import")
    except (PoError, i18n.CatalogueError) as exc:
        print(f"po: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
