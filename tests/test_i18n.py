"""The translation layer, the catalogues and the i18n-check command."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from craits import i18n
from craits.cli import i18n_check


@pytest.fixture(autouse=True)
def _english_from_packaged_catalogues():
    i18n.set_catalogue_dir(None)
    i18n.set_language("en")
    yield
    i18n.set_catalogue_dir(None)
    i18n.set_language("en")


@pytest.fixture
def tiny_catalogues(tmp_path: Path) -> Path:
    (tmp_path / "en.toml").write_text(
        '[language]\nnative_name = "English"\n'
        '[demo]\nonly_en = "Only in English"\nhello = "Hello {player}"\n'
        'bad = "{player} wins"\n',
        encoding="utf-8",
    )
    (tmp_path / "es.toml").write_text(
        '[language]\nnative_name = "Español"\n'
        '[demo]\nhello = "Hola {player}"\nbad = "{jugador} gana"\n',
        encoding="utf-8",
    )
    i18n.set_catalogue_dir(tmp_path)
    return tmp_path


# ----------------------------------------------------------------------------- lookups


def test_lookup_in_each_language_differs_from_english() -> None:
    english = i18n.t("menu.new_game")
    assert english == "New game"
    for code in ("tl", "es", "af", "cs", "et"):
        i18n.set_language(code)
        assert i18n.get_language() == code
        assert i18n.t("menu.new_game") not in ("", "menu.new_game", english)


def test_placeholders_are_filled_in() -> None:
    assert i18n.t("event.card_played", player="Ada", card="7♥") == "Ada played 7♥"
    i18n.set_language("es")
    text = i18n.t("event.card_played", player="Ada", card="7♥")
    assert "Ada" in text and "7♥" in text and "played" not in text


def test_missing_key_falls_back_to_english_then_to_the_key(tiny_catalogues: Path) -> None:
    i18n.set_language("es")
    assert i18n.t("demo.hello", player="Ana") == "Hola Ana"
    assert i18n.t("demo.only_en") == "Only in English"
    assert i18n.t("demo.nowhere") == "demo.nowhere"


def test_bad_placeholder_falls_back_to_english_then_to_the_key(tiny_catalogues: Path) -> None:
    i18n.set_language("es")
    assert i18n.t("demo.bad", player="Ana") == "Ana wins"
    assert i18n.t("demo.bad") == "demo.bad"  # no parameter fits either text


def test_missing_catalogue_file_does_not_crash(tiny_catalogues: Path) -> None:
    i18n.set_language("cs")  # no cs.toml in the tiny folder
    assert i18n.t("demo.hello", player="Jan") == "Hello Jan"


def test_unknown_language_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="unknown language 'xx'.*en, tl, es"):
        i18n.set_language("xx")
    i18n.set_language("fil")
    assert i18n.get_language() == "tl"


def test_available_languages_give_native_names_in_order() -> None:
    languages = i18n.available_languages()
    assert [code for code, _ in languages] == ["en", "tl", "es", "af", "cs", "et"]
    names = dict(languages)
    assert names["es"] == "Español" and names["cs"] == "Čeština" and names["et"] == "Eesti"


# ----------------------------------------------------------------------------- plurals


@pytest.mark.parametrize(
    ("language", "n", "category"),
    [
        ("cs", 1, "one"), ("cs", 2, "few"), ("cs", 4, "few"), ("cs", 5, "other"),
        ("cs", 0, "other"), ("cs", 1.5, "many"),
        ("tl", 1, "one"), ("tl", 4, "other"), ("tl", 10, "one"), ("tl", 14, "other"),
        ("tl", 16, "other"), ("tl", 19, "other"), ("tl", 2, "one"), ("tl", 0, "one"),
        ("en", 1, "one"), ("en", 2, "other"), ("en", 0, "other"),
        ("es", 1, "one"), ("es", 2, "other"), ("af", 1, "one"), ("af", 7, "other"),
        ("et", 1, "one"), ("et", 11, "other"),
    ],
)
def test_plural_categories(language: str, n: float, category: str) -> None:
    assert i18n.plural_category(language, n) == category


def test_plural_forms_are_chosen_per_language() -> None:
    assert i18n.tn("event.cards_drawn", 1, player="Ada") == "Ada has to draw 1 card"
    assert i18n.tn("event.cards_drawn", 2, player="Ada") == "Ada has to draw 2 cards"
    i18n.set_language("cs")
    one, few, other = (i18n.tn("table.cards_left", n) for n in (1, 2, 5))
    assert "1" in one and "2" in few and "5" in other
    assert len({one.replace("1", "#"), few.replace("2", "#"), other.replace("5", "#")}) == 3


def test_t_on_a_plural_key_uses_count_when_given() -> None:
    assert i18n.t("score.points", count=1) == "1 point"
    assert i18n.t("score.points", count=3) == "3 points"


# ----------------------------------------------------------------------------- languages


@pytest.mark.parametrize(
    ("preferred", "expected"),
    [
        (["fil_PH", "en_US"], "tl"),
        (["tl"], "tl"),
        (["de_DE", "cs_CZ"], "cs"),
        (["es-419"], "es"),
        (["et_EE.UTF-8"], "et"),
        (["af_ZA"], "af"),
        (["ja_JP", "ko"], "en"),
        ([], "en"),
        ([{"language": "fil", "country": "PH"}], "tl"),
    ],
)
def test_pick_language(preferred: list, expected: str) -> None:
    assert i18n.pick_language(preferred) == expected


# ----------------------------------------------------------------------------- cards


def test_card_labels_from_codes_and_engine_integers() -> None:
    from craits.engine.cards import card_str

    assert i18n.card_name("7H") == "7♥"
    assert i18n.card_name("10S") == "10♠"
    assert i18n.card_name("ts") == "10♠"
    assert [i18n.card_name(c) for c in range(52)] == [i18n.card_name(card_str(c)) for c in range(52)]
    with pytest.raises(ValueError, match="not a card"):
        i18n.card_name("1X")


def test_card_long_names_are_translated() -> None:
    assert i18n.card_long_name("7H") == "seven of hearts"
    i18n.set_language("es")
    long_name = i18n.card_long_name("7H")
    assert "siete" in long_name.lower() and "corazones" in long_name.lower()
    assert i18n.suit_name(1) == i18n.suit_name("H") == i18n.suit_name("♥")


# ----------------------------------------------------------------------------- rules screen


def test_rules_sections_match_across_languages() -> None:
    english = i18n.rules_sections()
    assert len(english) >= 7
    english_tokens = [sorted(i18n.card_tokens(s.body)) for s in english]
    assert ["2S", "AH", "2D"] == i18n.card_tokens(english[4].body)
    assert any({"3C", "2H", "8S"} <= set(tokens) for tokens in english_tokens)
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        sections = i18n.rules_sections()
        assert len(sections) == len(english), code
        assert [sorted(i18n.card_tokens(s.body)) for s in sections] == english_tokens, code
        for section in sections:
            assert section.title and len(section.body) > 100, (code, section.title)
            assert not section.title.startswith("rules."), code
        # written for this language, not left in English
        if code != "en":
            assert sections[0].body != english[0].body


def test_rules_blocks_and_card_tokens() -> None:
    body = "Intro line\nstill intro.\n\n- first [[7H]]\n  continued\n- second\n\nEnd."
    assert i18n.rules_blocks(body) == [
        ("paragraph", "Intro line still intro."),
        ("bullet", "first [[7H]] continued"),
        ("bullet", "second"),
        ("paragraph", "End."),
    ]
    assert i18n.split_card_tokens("Play [[2S]] [[AH]]!") == [
        ("text", "Play "), ("card", "2S"), ("text", " "), ("card", "AH"), ("text", "!"),
    ]


# ----------------------------------------------------------------------------- i18n-check


def test_check_passes_on_the_real_catalogues(capsys: pytest.CaptureFixture[str]) -> None:
    assert i18n_check.main([]) == 0
    out = capsys.readouterr().out
    assert "100.0%" in out and "complete" in out
    assert out.count("100.0%") == len(i18n.LANGUAGES)


@pytest.fixture
def catalogue_copy(tmp_path: Path) -> Path:
    target = tmp_path / "locale"
    shutil.copytree(i18n.DEFAULT_DIR, target)
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _check_fails(directory: Path, capsys: pytest.CaptureFixture[str], *expected: str) -> str:
    assert i18n_check.main([str(directory)]) == 1
    out = capsys.readouterr().out
    for text in expected:
        assert text in out
    return out


def test_check_fails_on_a_missing_key(catalogue_copy: Path, capsys) -> None:
    path = catalogue_copy / "et.toml"
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines()
             if not ln.startswith("new_game =")]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = _check_fails(catalogue_copy, capsys, "et: menu.new_game: missing")
    assert "99." in out  # coverage shown below 100 %


def test_check_fails_on_a_changed_placeholder(catalogue_copy: Path, capsys) -> None:
    path = catalogue_copy / "es.toml"
    text = path.read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith("card_played ="))
    _edit(path, line, line.replace("{player}", "{jugador}"))
    _check_fails(catalogue_copy, capsys, "es: event.card_played", "placeholders")


def test_check_fails_on_a_missing_plural_category(catalogue_copy: Path, capsys) -> None:
    path = catalogue_copy / "cs.toml"
    text = path.read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith("points ="))
    start = line.index("few =")
    end = line.index('", ', start) + 3
    _edit(path, line, line[:start] + line[end:])
    _check_fails(catalogue_copy, capsys, "cs: score.points", "lacks few")


def test_check_fails_on_text_left_in_english(catalogue_copy: Path, capsys) -> None:
    path = catalogue_copy / "af.toml"
    line = next(ln for ln in path.read_text(encoding="utf-8").splitlines()
                if ln.startswith("thinking ="))
    _edit(path, line, 'thinking = "Thinking…"')
    _check_fails(catalogue_copy, capsys, "af: table.thinking", "identical to English")


def test_a_text_of_fields_and_signs_alone_may_be_as_in_english(catalogue_copy: Path,
                                                              capsys) -> None:
    path = catalogue_copy / "af.toml"
    line = next(ln for ln in path.read_text(encoding="utf-8").splitlines()
                if ln.startswith("date ="))
    _edit(path, line, 'date = "{month} {day}, {year}"')  # the English text: no word in it
    assert i18n_check.main([str(catalogue_copy)]) == 0, capsys.readouterr().out


def test_check_fails_on_an_unknown_key_and_changed_card_tokens(catalogue_copy: Path, capsys):
    path = catalogue_copy / "tl.toml"
    _edit(path, "[[2S]] [[AH]] [[2D]]", "[[2S]] [[AH]] [[2C]]")
    _edit(path, "[menu]\n", '[menu]\nspare = "Ekstra"\n')
    _check_fails(
        catalogue_copy, capsys, "tl: menu.spare: unknown key", "tl: rules.s05.body: card tokens"
    )


def test_check_names_file_and_line_of_an_unparsable_catalogue(catalogue_copy: Path, capsys):
    path = catalogue_copy / "cs.toml"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[9] = 'broken = "no closing quote'
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _check_fails(catalogue_copy, capsys, f"{path}:10:")


def test_check_rejects_a_folder_that_does_not_exist(tmp_path: Path, capsys) -> None:
    assert i18n_check.main([str(tmp_path / "nope")]) == 2
    assert "not a folder" in capsys.readouterr().err


def test_every_character_of_every_catalogue_is_in_the_game_fonts() -> None:
    ttlib = pytest.importorskip("fontTools.ttLib")
    fonts = Path(__file__).resolve().parent.parent / "assets" / "fonts"
    paths = sorted(fonts.glob("DejaVuSans*.ttf"))
    if not paths:
        pytest.skip("game fonts not present")
    for font_path in paths:
        cmap = ttlib.TTFont(font_path).getBestCmap()
        for catalogue_path in sorted(i18n.DEFAULT_DIR.glob("*.toml")):
            text = catalogue_path.read_text(encoding="utf-8")
            missing = sorted({ch for ch in text if ch not in "\n\r\t" and ord(ch) not in cmap})
            assert not missing, f"{font_path.name} lacks {missing} used in {catalogue_path.name}"


# ----------------------------------------------------------------------------- slips a reader sees


def test_check_fails_on_a_stop_right_after_an_exclamation_mark(catalogue_copy: Path, capsys):
    path = catalogue_copy / "es.toml"
    _edit(path, "el botón «¡Última carta!» o", "el botón ¡Última carta!. O")
    _check_fails(catalogue_copy, capsys, "es: rules.s06.body: '!.'", "quote the button name")


def test_check_fails_on_english_words_left_in_a_translation(catalogue_copy: Path, capsys):
    path = catalogue_copy / "af.toml"
    _edit(path, "Agt: wilde kaart.", "Agt: wild.")
    _check_fails(catalogue_copy, capsys, "af: rules.s04.body: English left in the text: wild")


def test_english_words_skip_placeholders_card_tokens_and_game_names() -> None:
    assert i18n_check.english_words("{player} juega [[7C]] como en Crazy Eights") == []
    assert i18n_check.english_words("Ocho: the wild card. Wild!") == ["the", "wild", "card", "Wild"]
    assert i18n_check.double_stop("con el botón ¡Última carta!.") == "!."
    assert i18n_check.double_stop("«¡Última carta!».") is None


def test_no_catalogue_has_a_stop_after_a_button_name_or_english_left_in_it() -> None:
    for code in i18n.LANGUAGES:
        catalogue = i18n.load_catalogue(i18n.DEFAULT_DIR / f"{code}.toml")
        for key, value in catalogue.items():
            for text in value.values() if isinstance(value, dict) else [value]:
                assert i18n_check.double_stop(text) is None, (code, key)
                if code != "en" and key not in i18n_check.SAME_AS_ENGLISH["*"]:
                    assert i18n_check.english_words(text) == [], (code, key)


def test_announce_and_call_keys_in_the_rules_are_the_keys_the_table_uses() -> None:
    """rules.s06 names the buttons (as labelled at the table) and the keys L and I."""
    import re

    import pygame

    from craits.ui.tabletop.hand_input import COMMAND_KEYS
    from craits.ui.tabletop.intents import Command

    bound = {command: pygame.key.name(key).upper() for key, command in COMMAND_KEYS.items()}
    assert bound[Command.ANNOUNCE] == "L" and bound[Command.CALL] == "I"
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        body = i18n.t("rules.s06.body")
        assert i18n.t("table.last_card") in body and i18n.t("table.idiot") in body, code
        for letter in (bound[Command.ANNOUNCE], bound[Command.CALL]):
            assert re.search(rf"(?<!\w){letter}(?!\w)", body), (code, letter)


def test_computer_levels_are_described_in_every_language() -> None:
    from craits.config.levels import default_profiles
    from craits.persistence import LEVELS

    profiles = default_profiles()
    english = {level: i18n.level_description(level) for level in LEVELS}
    for level in LEVELS:
        assert english[level] and english[level] != f"level.{level}_desc"
    for code in i18n.LANGUAGES[1:]:
        i18n.set_language(code)
        for level in LEVELS:
            text = i18n.level_description(level, profiles[level].description)
            assert text and text != english[level] and text != profiles[level].description
    # a level a player adds keeps the description written in their own file
    assert i18n.level_description("nervous", "Forgets half the time.") == "Forgets half the time."
    assert i18n.level_description("nervous") == ""


def test_the_rules_say_how_long_a_human_always_has_to_announce_or_call():
    """The grace time of the match director is written in the rules screen, in every
    language, with the number the table uses."""
    import tomllib

    from craits.ui.table.scene import CALL_GRACE

    for lang in ("en", "es", "cs", "et", "af", "tl"):
        data = tomllib.loads((Path(i18n.__file__).parent / "locale" / f"{lang}.toml")
                             .read_text(encoding="utf-8"))
        body = data["rules"]["s06"]["body"]
        number = f"{CALL_GRACE:g}"
        assert number in body or number.replace(".", ",") in body, lang


# ----------------------------------------------------------------------------- unfit fields

BAD_FIELDS = [
    ("{player:>50000000} juega {card}", "placeholder {player:>50000000}: no format spec"),
    ("{player!r} juega {card}", "placeholder {player!r}: no conversion"),
    ("{player.__class__} juega {card}", "placeholder {player.__class__}: only a plain name"),
    ("{player[0]} juega {card}", "placeholder {player[0]}: only a plain name"),
    ("{player} juega {card} {secreto}", "placeholders {secreto} not in English"),
    ("{player} juega\\u0000 {card}", "non-printable character(s) U+0000"),
]


@pytest.mark.parametrize(("bad", "problem"), BAD_FIELDS)
def test_check_fails_on_a_field_that_is_not_a_plain_english_name(
    catalogue_copy: Path, capsys, bad: str, problem: str
) -> None:
    path = catalogue_copy / "es.toml"
    line = next(ln for ln in path.read_text(encoding="utf-8").splitlines()
                if ln.startswith("card_played ="))
    _edit(path, line, f'card_played = "{bad}"')
    _check_fails(catalogue_copy, capsys, f"es: event.card_played: {problem}")


def test_text_problems_accept_plain_names_spaces_and_line_breaks() -> None:
    assert i18n.text_problems("{a} and {b}\n{{literal}}  ", {"a", "b"}) == []
    assert i18n.text_problems("{a}", None) == []
    assert i18n.text_problems("{0} {}", None) == [
        "placeholder {0}: placeholders must be named, e.g. {player}",
        "placeholder {}: placeholders must be named, e.g. {player}",
    ]
    assert i18n.text_problems("a\tb\x1b", {"a"}) == ["non-printable character(s) U+0009, U+001B"]
    assert i18n.text_problems("{a", {"a"})[0].startswith("malformed placeholder")


RUNTIME_BAD = [
    "{player:>50000000} gana",
    "{player!r} gana",
    "{player.__class__} gana",
    "{player[0]} gana",
    "{secret} gana",
    "{player} gana\\u0000",
]


@pytest.mark.parametrize("bad", RUNTIME_BAD)
def test_an_unfit_translation_falls_back_to_english_and_warns_once(
    tmp_path: Path, bad: str, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "en.toml").write_text(
        '[demo]\nwins = "{player} wins"\n'
        'cards = { one = "{count} card", other = "{count} cards" }\n',
        encoding="utf-8",
    )
    count_bad = bad.replace("{player", "{count").replace("{secret}", "{secret} {count}")
    (tmp_path / "es.toml").write_text(
        f'[demo]\nwins = "{bad}"\n'
        f'cards = {{ one = "{count_bad}", other = "{count_bad}" }}\n',
        encoding="utf-8",
    )
    i18n.set_catalogue_dir(tmp_path)
    i18n.set_language("es")
    with caplog.at_level("WARNING", logger="craits.i18n"):
        for _ in range(3):
            assert i18n.t("demo.wins", player="Ana", secret="x") == "Ana wins"
            assert i18n.tn("demo.cards", 3, secret="x") == "3 cards"
    warnings = [r for r in caplog.records if "demo.wins" in r.getMessage()]
    assert len(warnings) == 1 and "es" in warnings[0].getMessage()


def test_a_translation_that_raises_when_formatted_falls_back_to_english(tmp_path: Path) -> None:
    class Grumpy:
        def __format__(self, spec: str) -> str:
            raise RuntimeError("no")

        def __str__(self) -> str:
            return "G"

    (tmp_path / "en.toml").write_text('[demo]\nwins = "{player} wins"\n', encoding="utf-8")
    (tmp_path / "es.toml").write_text('[demo]\nwins = "{player} gana"\n', encoding="utf-8")
    i18n.set_catalogue_dir(tmp_path)
    i18n.set_language("es")
    assert i18n.t("demo.wins", player=Grumpy()) == "demo.wins"  # never raises
