"""Every text of the hint, coaching and review, in all six languages: present, with the
parameters the code gives, and rendered in the language asked for."""

from __future__ import annotations

import pytest

from craits import i18n
from craits.cli.i18n_check import run_check
from craits.review import analysis, coaching, hint  # noqa: F401  (each declares its keys)
from craits.review.messages import KEYS, Message

PREFIXES = ("hint.", "move.", "review.", "coach.")
SAMPLES = {
    "card": "7H", "suit": "H", "player": 1, "rank": "8",
    "move": Message("move.play_eight", {"card": "8S", "suit": "D"}),
    "cost": Message("review.summary_cost", {"count": 41}),
}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def render(message: Message) -> str:
    return message.text(i18n.t, card=i18n.card_name, suit=i18n.suit_name,
                        player=["Ada", "Bo", "Cy"].__getitem__)


def test_the_catalogues_have_every_key_with_the_parameters_given():
    english = i18n.load_catalogue(i18n.DEFAULT_DIR / "en.toml")
    for key, params in KEYS.items():
        assert key in english, key
        forms = english[key] if isinstance(english[key], dict) else {"": english[key]}
        used = set().union(*(i18n.placeholders(text) for text in forms.values()))
        assert used == params, key


def test_the_translation_check_finds_nothing_wrong_with_these_texts():
    report, problems = run_check(i18n.DEFAULT_DIR)
    mine = [p for p in problems if any(f": {prefix}" in p for prefix in PREFIXES)]
    assert mine == []
    assert report and all("100.0%" in line for line in report)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("count", [1, 2, 5, 21])
def test_every_text_renders_in_every_language(language, count):
    english = {}
    i18n.set_language("en")
    for key, params in KEYS.items():
        english[key] = render(Message(key, {p: SAMPLES.get(p, count) for p in params}))
    i18n.set_language(language)
    for key, params in KEYS.items():
        text = render(Message(key, {p: SAMPLES.get(p, count) for p in params}))
        assert text and text != key and "{" not in text, (language, key)
        if language != "en":
            assert text != english[key], (language, key)
        if "count" in params and key != "review.summary":
            assert str(count) in text or language != "en", (language, key)
