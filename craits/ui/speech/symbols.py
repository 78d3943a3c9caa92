"""Signs and keys for the ear: what a screen shows with signs ("−12", "131 ± 6", "← →",
"Shift+Tab", "2026-11-30 14:50") is said in words, in the current language ("minus 12",
"131 plus or minus 6", "left arrow, right arrow", "Shift plus Tab", "November 30, 2026, 14:50").

Key names and signs come from catalogue texts of "shown=said" pairs (``speech_more.key_words``:
"←=left arrow; Esc=Escape; ...", ``speech_more.signs``: "+=plus; −=minus; ±=plus or minus"), so
each language names its own keys and signs."""

from __future__ import annotations

import re
from datetime import datetime

from craits import i18n

_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})(?: (\d{1,2}:\d{2}))?\b")
_SIGNED = re.compile(r"(?<![\w.])([+−])(?=\d)")  # "+7", "−12": a sign before a number
_PLUS = re.compile(r"\s*\+\s*")  # "Shift+Tab", "Shift + 1"
_JOINED = re.compile(r"(?<=\w)\+(?=\w)")  # "Shift+0" in running text
_PLUS_MINUS = re.compile(r"\s*±\s*")
_ARROWS = re.compile(r"(?<=[←→↑↓])\s+(?=[←→↑↓])")  # "← →": said as a list
_DROPPED = str.maketrans("", "", "✓✔")  # marks beside words that already say it ("solved")


def said_as(key: str) -> list[tuple[str, str]]:
    """The (as shown, as said) pairs of the catalogue text ``key``, longest shown first."""
    pairs = []
    for item in i18n.t(key).split(";"):
        shown, _, said = item.partition("=")
        if shown.strip() and said.strip():
            pairs.append((shown.strip(), said.strip()))
    return sorted(pairs, key=lambda pair: -len(pair[0]))


def sign(shown: str) -> str:
    """The words of "+", "−" or "±" (the sign itself if the language gives none)."""
    return dict(said_as("speech_more.signs")).get(shown, shown)


def _named(text: str, *, signs: bool) -> str:
    """``text`` with the keys of ``speech_more.key_words`` named: names as whole words, arrows
    anywhere, and the signs that are also punctuation ("?", "[") only when ``signs`` (a list
    of keys)."""
    for shown, said in said_as("speech_more.key_words"):
        if shown[0].isalnum():
            text = re.sub(rf"(?<!\w){re.escape(shown)}(?!\w)", said, text)
        elif signs or not shown.isascii():
            text = text.replace(shown, f" {said} ")
    return " ".join(text.split()).replace(" ,", ",").replace(" )", ")").replace("( ", "(")


def keys_in_words(text: str) -> str:
    """Keys as printed on a list of controls ("← → or Tab (Shift+Tab goes back)", "[, ]"),
    in words: every sign named, "+" said "plus"."""
    text = _ARROWS.sub(", ", _PLUS.sub(f" {sign('+')} ", text))
    said = _named(text, signs=True)
    return said[:1].upper() + said[1:]


def date_in_words(when: datetime, *, time: bool = True) -> str:
    """"November 30, 2026, 14:50" in the current language's words."""
    months = [m.strip() for m in i18n.t("speech_more.months").split(",")]
    month = months[when.month - 1] if len(months) == 12 else str(when.month)
    day = i18n.t("speech_more.date", day=when.day, month=month, year=when.year)
    return f"{day}, {when.hour}:{when.minute:02d}" if time else day


def _date(match: re.Match[str]) -> str:
    year, month, day, clock = match.groups()
    try:
        when = datetime(int(year), int(month), int(day))
    except ValueError:  # not a date after all
        return match.group(0)
    said = date_in_words(when, time=False)
    return f"{said}, {clock}" if clock else said


def in_words(text: str) -> str:
    """``text`` with dates, signed numbers, "±" and the keys' names in words (cards and suits
    are ``words.spoken``'s), for any screen's speech."""
    text = _DATE.sub(_date, text.translate(_DROPPED))
    text = _PLUS_MINUS.sub(f" {sign('±')} ", text)
    text = _SIGNED.sub(lambda m: f"{sign(m.group(1))} ", text)
    text = _JOINED.sub(f" {sign('+')} ", text)
    return _named(text, signs=False)
