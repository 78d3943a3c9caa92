"""The .po export and import for translators (craits.cli.po)."""

from __future__ import annotations

import codecs
import io
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from craits import i18n
from craits.cli import i18n_check, po

pytest.importorskip("babel")

TRANSLATIONS = [code for code in i18n.LANGUAGES if code != i18n.FALLBACK]


@pytest.fixture(autouse=True)
def _packaged_catalogues():
    i18n.set_catalogue_dir(None)
    i18n.set_language("en")
    yield
    i18n.set_catalogue_dir(None)
    i18n.set_language("en")


@pytest.fixture
def locale_copy(tmp_path: Path) -> Path:
    target = tmp_path / "locale"
    shutil.copytree(i18n.DEFAULT_DIR, target)
    return target


@pytest.fixture
def exported(tmp_path: Path) -> Path:
    out = tmp_path / "po"
    po.export(out, TRANSLATIONS)
    return out


def _import(files, into: Path, **kwargs) -> tuple[int, str]:
    out = io.StringIO()
    status = po.import_po(files, into, out=out, **kwargs)
    return status, out.getvalue()


def _edit_po(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# ----------------------------------------------------------------------------- round trip


def test_round_trip_leaves_every_catalogue_byte_for_byte(exported: Path, locale_copy: Path):
    before = {p.name: p.read_bytes() for p in sorted(locale_copy.glob("*.toml"))}
    status, report = _import(sorted(exported.glob("*.po")), locale_copy)
    assert status == 0, report
    after = {p.name: p.read_bytes() for p in sorted(locale_copy.glob("*.toml"))}
    assert after == before
    assert report.count("100.0%") == len(i18n.LANGUAGES)


def test_round_trip_survives_a_tool_that_rewraps_the_file(exported: Path, locale_copy: Path):
    """Poedit and msgcat rewrap long lines when they save; nothing may change because of it."""
    if shutil.which("msgcat") is None:
        pytest.skip("gettext's msgcat is not installed")
    rewrapped = exported.parent / "rewrapped"
    rewrapped.mkdir()
    for path in sorted(exported.glob("*.po")):
        subprocess.run(["msgcat", "--width=60", str(path), "-o", str(rewrapped / path.name)],
                       check=True)
    before = {p.name: p.read_bytes() for p in sorted(locale_copy.glob("*.toml"))}
    status, report = _import(sorted(rewrapped.glob("*.po")), locale_copy)
    assert status == 0, report
    assert {p.name: p.read_bytes() for p in sorted(locale_copy.glob("*.toml"))} == before


def test_dump_catalogue_writes_what_it_was_given() -> None:
    values = {
        "demo.plain": 'Say "hi" \\ then\ttab',
        "demo.body": 'Two """ quotes\n\n- a bullet ending in "\nlast line "quoted"',
        "demo.forms": {"other": "{count} cards", "one": "{count} card"},
        "cards.rank.10": "ten",
    }
    text = po.dump_catalogue(values, ["demo.plain", "demo.body", "demo.forms"], ["A note."])
    assert text.startswith("# A note.\n\n[demo]\nplain = ")
    assert "forms = { one = " in text  # plural forms in CLDR order
    parsed = tomllib.loads(text)
    assert parsed["demo"]["plain"] == values["demo.plain"]
    assert parsed["demo"]["body"] == values["demo.body"]
    assert parsed["demo"]["forms"] == values["demo.forms"]
    assert parsed["cards"]["rank"]["10"] == "ten"


# ----------------------------------------------------------------------------- what translators get


def test_po_files_carry_context_english_source_and_plural_forms(exported: Path) -> None:
    cs = po.read_po(exported / "cs.po")
    assert cs.num_plurals == 4 and "nplurals=4" in cs.plural_forms
    entries = {m.context: m for m in cs if m.id}
    english = i18n.load_catalogue(i18n.DEFAULT_DIR / "en.toml")
    czech = i18n.load_catalogue(i18n.DEFAULT_DIR / "cs.toml")
    assert set(entries) == set(english)
    cards_left = entries["table.cards_left"]
    assert cards_left.id == (english["table.cards_left"]["one"], english["table.cards_left"]["other"])
    assert list(cards_left.string) == [czech["table.cards_left"][c] for c in
                                       ("one", "few", "many", "other")]
    assert any("msgstr[2] = many" in note for note in cards_left.auto_comments)
    body = entries["rules.s06.body"]
    assert body.id == english["rules.s06.body"] and body.string == czech["rules.s06.body"]
    assert any("bullet" in note for note in body.auto_comments)
    played = entries["event.card_played"]
    assert "python-brace-format" in played.flags
    assert any("{card}, {player}" in note for note in played.auto_comments)
    # the comment at the top of the catalogue is in the .po header
    assert "Čeština" in cs.header_comment

    template = po.read_po(exported / po.TEMPLATE)
    strings = [m.string for m in template if m.id]
    assert len(strings) == len(english)
    assert all(not s or not any(s) for s in strings)


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_plural_forms_header_picks_the_same_form_as_the_game(code: str) -> None:
    """The gettext expression numbers the forms as REQUIRED_PLURALS lists them."""
    header = i18n.GETTEXT_PLURAL_FORMS[code]
    nplurals = int(re.search(r"nplurals=(\d+)", header).group(1))
    categories = i18n.REQUIRED_PLURALS[code]
    assert nplurals == len(categories)
    expression = header.split("plural=", 1)[1].rstrip(";")
    python = re.sub(r"(.+?)\s*\?\s*(\d+)\s*:\s*", r"\2 if \1 else ", expression)
    python = python.replace("&&", " and ").replace("||", " or ")
    for n in range(0, 130):
        index = int(eval(python, {}, {"n": n}))  # a plural formula, written above
        assert categories[index] == i18n.plural_category(code, n), (code, n)


@pytest.mark.skipif(sys.platform == "win32", reason="gettext's msgfmt is a POSIX tool")
def test_exported_files_pass_msgfmt(exported: Path) -> None:
    if shutil.which("msgfmt") is None:
        pytest.skip("gettext's msgfmt is not installed")
    for path in sorted(exported.glob("*.po")) + [exported / po.TEMPLATE]:
        result = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)],
                                capture_output=True, text=True)
        assert result.returncode == 0, (path.name, result.stderr)


# ----------------------------------------------------------------------------- import, checked


def test_import_leaves_out_fuzzy_and_untranslated_entries_and_writes_nothing(
    exported: Path, locale_copy: Path
):
    es = exported / "es.po"
    _edit_po(es, 'msgctxt "menu.quit"\n', '#, fuzzy\nmsgctxt "menu.quit"\n')
    _edit_po(es, 'msgstr "Reanudar"', 'msgstr ""')
    before = (locale_copy / "es.toml").read_bytes()
    status, report = _import([es], locale_copy)
    assert status == 1
    assert "es.po: menu.quit: fuzzy, left out" in report
    assert "menu.resume: untranslated" in report
    assert "es: menu.resume: missing" in report and "Nothing written" in report
    assert (locale_copy / "es.toml").read_bytes() == before

    status, _ = _import([es], locale_copy, force=True)
    assert status == 1
    written = i18n.load_catalogue(locale_copy / "es.toml")
    assert "menu.resume" not in written and "menu.quit" not in written
    assert written["menu.new_game"] == "Nueva partida"


def test_import_runs_i18n_check_on_what_the_translator_wrote(exported: Path, locale_copy: Path):
    es = exported / "es.po"
    _edit_po(es, 'msgstr "{player} juega {card}"', 'msgstr "{jugador} juega {card}"')
    _edit_po(es, "«¡Última carta!» o la tecla L", "¡Última carta!. O la tecla L")
    status, report = _import([es], locale_copy, write=False)
    assert status == 1
    assert "es: event.card_played: placeholders" in report
    assert "es: rules.s06.body: '!.'" in report
    assert po.main(["check", str(es), "--into", str(locale_copy)]) == 1


def test_import_refuses_plural_forms_that_do_not_fit_the_language(exported: Path, tmp_path):
    cs = exported / "cs.po"
    text = cs.read_text(encoding="utf-8")
    header = re.search(r'"Plural-Forms: .*?\\n"\n', text, re.S).group(0)
    cs.write_text(text.replace(header, '"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : '
                                       '(n>=2 && n<=4) ? 1 : 2;\\n"\n'), encoding="utf-8")
    with pytest.raises(po.PoError, match="nplurals=3.*cs needs 4 forms"):
        _import([cs], tmp_path)


def _rot13_outside_markup(text: str) -> str:
    parts = re.split(r"(\{[^{}]*\}|\[\[[^\[\]]*\]\])", text)
    return "".join(p if p.startswith(("{", "[[")) else codecs.encode(p, "rot13") for p in parts)


def test_a_seventh_language_starts_from_the_template(exported: Path, locale_copy: Path,
                                                     monkeypatch: pytest.MonkeyPatch):
    """The README's steps: register the code and its plural forms, translate, import."""
    from babel.messages.catalog import Catalog

    monkeypatch.setattr(i18n, "LANGUAGES", (*i18n.LANGUAGES, "de"))
    monkeypatch.setitem(i18n.REQUIRED_PLURALS, "de", ("one", "other"))
    monkeypatch.setitem(i18n.GETTEXT_PLURAL_FORMS, "de", "nplurals=2; plural=(n != 1);")
    template = po.read_po(exported / po.TEMPLATE)
    german = Catalog(locale=None, header_comment="# Deutsch: a test language.", fuzzy=False)
    german.mime_headers = [("Language", "de"), ("Plural-Forms", i18n.GETTEXT_PLURAL_FORMS["de"])]
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            string = tuple(_rot13_outside_markup(s) for s in message.id)
        else:
            string = _rot13_outside_markup(message.id)
        german.add(message.id, string, context=message.context)
    path = exported / "de.po"
    po.write_po(path, german)

    status, report = _import([path], locale_copy)
    assert status == 0, report
    written = (locale_copy / "de.toml").read_text(encoding="utf-8")
    assert written.startswith("# Deutsch: a test language.\n\n[language]\n")
    english_layout = [ln for ln in (locale_copy / "en.toml").read_text(encoding="utf-8")
                      .splitlines() if ln.startswith("[")]
    assert [ln for ln in written.splitlines() if ln.startswith("[")] == english_layout
    catalogue = i18n.load_catalogue(locale_copy / "de.toml")
    assert catalogue["menu.new_game"] == "Arj tnzr"
    assert catalogue["table.cards_left"]["other"] == "{count} pneqf yrsg"
    report_lines, problems = i18n_check.run_check(locale_copy)
    assert not problems and any(line.strip().startswith("de") for line in report_lines)


def test_command_line_export_and_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    out = tmp_path / "po"
    assert po.main(["export", "--out", str(out), "es", "et"]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["craits.pot", "es.po", "et.po"]
    assert "es.po" in capsys.readouterr().out
    assert po.main(["check", str(out / "es.po"), str(out / "et.po")]) == 0
    assert "100.0%" in capsys.readouterr().out
    assert po.main(["import", str(out / "es.po"), "--into", str(tmp_path / "nope")]) == 2
    assert po.main(["import", str(out / po.TEMPLATE)]) == 2  # the template has no language
    assert "which language is this?" in capsys.readouterr().err


BAD_FIELDS = [
    ("{player:>50000000} juega {card}", "placeholder {player:>50000000}: no format spec"),
    ("{player!r} juega {card}", "placeholder {player!r}: no conversion"),
    ("{player.__class__} juega {card}", "placeholder {player.__class__}: only a plain name"),
    ("{player[0]} juega {card}", "placeholder {player[0]}: only a plain name"),
    ("{player} juega {card} {secreto}", "placeholders {secreto} not in English"),
    ("{player} juega\x00 {card}", "non-printable character(s) U+0000"),
]


@pytest.mark.parametrize(("bad", "problem"), BAD_FIELDS)
def test_import_and_check_refuse_a_field_that_is_not_a_plain_english_name(
    exported: Path, locale_copy: Path, bad: str, problem: str
):
    es = exported / "es.po"
    _edit_po(es, 'msgstr "{player} juega {card}"', f'msgstr "{bad}"')
    before = (locale_copy / "es.toml").read_bytes()
    status, report = _import([es], locale_copy, write=False)
    assert status == 1
    assert f"es: event.card_played: {problem}" in report
    status, report = _import([es], locale_copy)
    assert status == 1 and "Nothing written" in report
    assert (locale_copy / "es.toml").read_bytes() == before
    assert po.main(["check", str(es), "--into", str(locale_copy)]) == 1
