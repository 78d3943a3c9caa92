"""Each language speaks with one voice: the Czech texts address the player with informal *ty*
everywhere, and the Estonian texts quote with „…“ only. The scans read every text of the
catalogue (rules included), so a new text in the other form fails here."""

from __future__ import annotations

import re

from craits import i18n

# Formal / plural address (*vy*): the pronoun in every case ...
CZECH_VY_PRONOUNS = {
    "vy", "vás", "vám", "vámi",
    "váš", "vaše", "vašeho", "vašemu", "vaši", "vaší", "vašich", "vašim", "vaším", "vašimi",
}  # fmt: skip
# ... and the verbs: a 2nd person plural ends in -te (můžete, držíte, máte, jste; the imperatives
# zapněte, podržte, zahrajte). The Czech words ending in -te that are not such forms:
CZECH_TE_NOT_VY = {"idiote", "roste", "čte", "sečte", "přečte"}


def texts(language: str) -> dict[str, list[str]]:
    """Every text of a catalogue by key (a plural table gives each of its forms)."""
    catalogue = i18n.load_catalogue(i18n.DEFAULT_DIR / f"{language}.toml")
    return {
        key: [value] if isinstance(value, str) else list(value.values())
        for key, value in catalogue.items()
    }


def czech_vy_forms(text: str) -> list[str]:
    text = re.sub(r"\{[^{}]*\}", " ", text)  # a {field}'s name is not Czech ({date})
    words = [w.casefold() for w in re.findall(r"\w+", text)]
    return [
        w
        for w in words
        if w in CZECH_VY_PRONOUNS or (w.endswith("te") and w not in CZECH_TE_NOT_VY)
    ]


def estonian_quote_problems(text: str) -> list[str]:
    """Quotes that are not „…“ pairs: a ” or straight quote, or a „ left open or closed twice."""
    problems = []
    open_quote = False
    for mark in re.findall(r"[„“”\"«»]", text):
        if mark == "„" and not open_quote:
            open_quote = True
        elif mark == "“" and open_quote:
            open_quote = False
        else:
            problems.append(mark)
    if open_quote:
        problems.append("„ without “")
    return problems


def test_the_scans_see_the_forms_they_refuse():
    assert czech_vy_forms("Můžete to ohlásit: zapněte, podržte Shift, počítač vám nechá") == [
        "můžete", "zapněte", "podržte", "vám",
    ]  # fmt: skip
    assert czech_vy_forms("Můžeš to ohlásit: zapni, podrž Shift. Idiote! Řetěz roste.") == []
    assert czech_vy_forms("Vašek hraje") == []  # a bot's name, not a pronoun
    assert estonian_quote_problems("„Viimane kaart!“ ja „Idioot!“") == []
    assert estonian_quote_problems("„+ Viimane kaart!”") == ["”", "„ without “"]
    assert estonian_quote_problems('"Idioot!"') == ['"', '"']


def test_czech_addresses_the_player_as_ty_in_every_text():
    found = {key: forms for key, values in texts("cs").items()
             if (forms := [f for v in values for f in czech_vy_forms(v)])}  # fmt: skip
    assert found == {}


def test_estonian_quotes_with_low_and_high_marks_only():
    found = {key: problems for key, values in texts("et").items()
             if (problems := [p for v in values for p in estonian_quote_problems(v)])}  # fmt: skip
    assert found == {}
