"""Text for the ear: the table's texts name cards and suits by symbols ("8♥", "♠"); speech
says them in words, in the current language ("the eight of hearts", "spades").

A card that follows a word is a verb's object (Czech "hraje srdcovou osmičku"); one at the
start or after punctuation stands alone ("Otočená karta: srdcová osmička"), and
starts with a capital letter where it starts a sentence. Cards one after
another (a hand, drawn cards) are said as a list."""

from __future__ import annotations

import re

from craits import i18n
from craits.i18n import SUIT_SYMBOLS

_SYMBOLS = "".join(SUIT_SYMBOLS.values())
_CARD = re.compile(rf"(10|[2-9AJQKT])([{_SYMBOLS}])")
_RUN = re.compile(rf"(?:(?:10|[2-9AJQKT])[{_SYMBOLS}]\s+)+(?:10|[2-9AJQKT])[{_SYMBOLS}]")
_SUIT = re.compile(rf"[{_SYMBOLS}]")
_SENTENCE_END = re.compile(r"[.!?]\s*$")


def _card(match: re.Match[str], before: str) -> str:
    case = i18n.card_case(before)  # the language knows which words govern which case
    said = i18n.spoken_card(match.group(1) + match.group(2), case)
    if not before.strip() or _SENTENCE_END.search(before):  # "The four of spades is..."
        said = said[:1].upper() + said[1:]
    return said


def spoken(text: str) -> str:
    """``text`` with every card and suit symbol in words."""
    def run(match: re.Match[str]) -> str:  # "7♥ 2♠" -> "7♥, 2♠" before the cards are said
        return ", ".join(match.group(0).split())

    text = _RUN.sub(run, text)
    out: list[str] = []
    position = 0
    for match in _CARD.finditer(text):
        out.append(text[position:match.start()])
        out.append(_card(match, "".join(out)))
        position = match.end()
    out.append(text[position:])
    return _SUIT.sub(lambda m: i18n.suit_name(m.group(0)), "".join(out))


def cards_list(codes: list[int]) -> str:
    """Several cards, said one after another."""
    return ", ".join(i18n.spoken_card(code) for code in codes)
