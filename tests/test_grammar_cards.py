"""Cards said in Czech and Estonian take the case their place in a sentence needs: every text
of those catalogues with a card in it is said with the right form for every rank and suit.

The forms below are written from the grammar, not copied from the catalogues: Czech suits are
adjectives agreeing with the rank's gender (feminine dvojka..desítka and dáma, neuter eso,
animate masculine kluk and král); Estonian suits are genitives before the rank, and the
comitative adds -ga to the rank's genitive stem."""

from __future__ import annotations

from pathlib import Path

import pytest

from craits import i18n
from craits.ui.speech.words import spoken

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]

# Czech: the rank's noun by case, and its gender.
CS_NOUNS = {
    "A": ("eso", "eso", "esem", "n"), "2": ("dvojka", "dvojku", "dvojkou", "f"),
    "3": ("trojka", "trojku", "trojkou", "f"), "4": ("čtyřka", "čtyřku", "čtyřkou", "f"),
    "5": ("pětka", "pětku", "pětkou", "f"), "6": ("šestka", "šestku", "šestkou", "f"),
    "7": ("sedmička", "sedmičku", "sedmičkou", "f"), "8": ("osmička", "osmičku", "osmičkou", "f"),
    "9": ("devítka", "devítku", "devítkou", "f"), "10": ("desítka", "desítku", "desítkou", "f"),
    "J": ("kluk", "kluka", "klukem", "m"), "Q": ("dáma", "dámu", "dámou", "f"),
    "K": ("král", "krále", "králem", "m"),
}
CS_STEMS = {"S": "pikov", "H": "srdcov", "D": "károv", "C": "křížov"}
# The adjective's ending by gender: nominative, accusative, instrumental.
CS_ENDINGS = {"f": ("á", "ou", "ou"), "n": ("é", "é", "ým"), "m": ("ý", "ého", "ým")}
CASES = ("nominative", "accusative", "instrumental")

# Estonian: the rank's nominative and genitive stem (the comitative is the stem + "ga").
ET_NOUNS = {
    "A": ("äss", "ässa"), "2": ("kaks", "kahe"), "3": ("kolm", "kolme"), "4": ("neli", "nelja"),
    "5": ("viis", "viie"), "6": ("kuus", "kuue"), "7": ("seitse", "seitsme"),
    "8": ("kaheksa", "kaheksa"), "9": ("üheksa", "üheksa"), "10": ("kümme", "kümne"),
    "J": ("soldat", "soldati"), "Q": ("emand", "emanda"), "K": ("kuningas", "kuninga"),
}
ET_SUITS = {"S": "poti", "H": "ärtu", "D": "ruutu", "C": "risti"}


def expected(language: str, rank: str, suit: str, case: str) -> str:
    if language == "cs":
        *forms, gender = CS_NOUNS[rank]
        i = CASES.index(case)
        return f"{CS_STEMS[suit]}{CS_ENDINGS[gender][i]} {forms[i]}"
    nominative, stem = ET_NOUNS[rank]
    # Estonian texts put a card only where it is a subject, a name after a colon, or what a
    # card is played with (käima + comitative): no object slot, so "accusative" is nominative.
    return f"{ET_SUITS[suit]} {stem + 'ga' if case == 'instrumental' else nominative}"


# Each text with a card, and the case its card takes there (from the sentence's grammar).
SLOTS = {
    "cs": {
        "cut.cuts": "accusative",  # snímá koho/co
        "event_you.cuts": "accusative",
        "event.starter_turned": "nominative",
        "event.card_played": "accusative",  # hraje koho/co
        "event.you_drew": "nominative",
        "event.you_drew_many": "nominative",
        "event.you_drew_forced": "nominative",  # after a colon
        "event.you_drew_forced_many": "nominative",
        "event_you.card_played": "accusative",
        "score.cancelled": "accusative",  # ruší koho/co
        "hint.six_follow": "instrumental",  # pokračovat kartou čím
        "move.play": "accusative",
        "move.play_eight": "accusative",
        "move.play_nine": "accusative",
        "speech.top": "nominative",
        "speech.may_play": "nominative",
        "speech.hand_suit": "nominative",
        "speech.focus": "nominative",
        "speech.focus_playable": "nominative",
        "speech_board.cards": "nominative",  # after a colon, a list
    },
    "et": {
        "cut.cuts": "nominative",
        "event_you.cuts": "nominative",
        "event.starter_turned": "nominative",
        "event.card_played": "instrumental",  # käib millega (comitative)
        "event.you_drew": "nominative",
        "event.you_drew_many": "nominative",
        "event.you_drew_forced": "nominative",  # after a colon
        "event.you_drew_forced_many": "nominative",
        "event_you.card_played": "instrumental",
        "score.cancelled": "nominative",
        "hint.six_follow": "instrumental",  # jätkata millega
        "move.play": "instrumental",
        "move.play_eight": "instrumental",
        "move.play_nine": "instrumental",
        "speech.top": "nominative",
        "speech.may_play": "nominative",
        "speech.hand_suit": "nominative",
        "speech.focus": "nominative",
        "speech.focus_playable": "nominative",
        "speech_board.cards": "nominative",  # after a colon, a list
    },
}


@pytest.fixture
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def card_texts(language: str) -> list[str]:
    catalogue = i18n.load_catalogue(Path(i18n.__file__).with_name("locale") / f"{language}.toml")
    out = []
    for key, value in catalogue.items():
        forms = value.values() if isinstance(value, dict) else [value]
        if any("{card}" in text or "{cards}" in text for text in forms):
            out.append(key)
    return out


@pytest.mark.parametrize("language", ["cs", "et"], indirect=True)
def test_every_text_with_a_card_has_its_case_declared(language):
    assert sorted(card_texts(language)) == sorted(SLOTS[language])


@pytest.mark.parametrize("language", ["cs", "et"], indirect=True)
def test_every_card_is_said_in_every_case(language):
    for rank in RANKS:
        for suit in SUITS:
            for case in CASES:
                assert i18n.spoken_card(rank + suit, case) == expected(language, rank, suit, case)
    assert i18n.spoken_card("8H", "comitative") == i18n.spoken_card("8H", "instrumental")


def _fill(key: str, card: str, cards: str) -> str:
    fields = {"card": card, "cards": cards, "player": "Ada", "suit": i18n.suit_name("S"),
              "position": 2, "count": 5}
    return i18n.t(key, **fields)  # a plural text takes its form from the count


@pytest.mark.parametrize("language", ["cs", "et"], indirect=True)
@pytest.mark.parametrize("key", sorted(set(SLOTS["cs"]) | set(SLOTS["et"])))
def test_a_card_in_a_text_takes_its_slots_case(language, key):
    case = SLOTS[language][key]
    for rank in RANKS:
        for suit in SUITS:
            label = i18n.card_name(rank + suit)
            mark = "QQQ"  # where the card goes, to build the expected speech around it
            text = _fill(key, label, f"{label} 7♥")
            frame = spoken(_fill(key, mark, f"{mark}, QQW"))
            form = expected(language, rank, suit, case)
            if frame.startswith(mark):
                form = form[:1].upper() + form[1:]
            want = frame.replace(mark, form).replace("QQW", expected(language, "7", "H", case))
            assert spoken(text) == want, (key, rank + suit)


def test_czech_instrumental_and_estonian_comitative_in_play():
    i18n.set_language("cs")
    try:
        assert spoken(i18n.t("hint.six_follow", card="8♥")) == \
            "Hraješ znovu: můžeš pokračovat kartou srdcovou osmičkou."
        assert spoken(i18n.t("score.cancelled", card="K♠")) == "Trojka ruší pikového krále"
        i18n.set_language("et")
        assert spoken(i18n.t("event.card_played", player="Ada", card="8♥")) == \
            "Ada käib ärtu kaheksaga"
        assert spoken(i18n.t("move.play", card="A♣")) == "käia risti ässaga"
    finally:
        i18n.set_language("en")


def test_a_card_after_punctuation_or_at_the_start_stands_alone():
    i18n.set_language("cs")
    try:
        assert i18n.card_case("") == "nominative"
        assert i18n.card_case("Na stole: ") == "nominative"
        assert i18n.card_case("Ada hraje ") == "accusative"
        assert i18n.card_case("pokračovat Kartou ") == "instrumental"
    finally:
        i18n.set_language("en")
