"""``craits i18n-check [DIR]``: check every translation catalogue against the English one.

Prints each language's coverage and exits 1 on any problem: a missing or unknown key, a file that
cannot be parsed, a placeholder set that differs from English (per plural form), a placeholder
that is not a plain ``{name}`` (``{n:>9}``, ``{n!r}``, ``{n.x}``, ``{n[0]}``) or a character that
is not printable (``craits.i18n.text_problems``), a plural table
lacking a category its language needs, a card token (``[[7H]]``) set that differs, or a text left
identical to English where that is not on the allow-list below. Two slips a reader notices
at once are caught too: a stop right after "!" or "?" (``the Last card! button.`` wants the
name in quotes, or other words), and English words left in a translation (``Agt: wild.``).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

from craits import i18n

# Keys whose text may equal the English text: in every language ("*"), or in one language
# where the words simply coincide.
SAME_AS_ENGLISH: dict[str, frozenset[str]] = {
    "*": frozenset({"app.title", "common.ok"}),
    "tl": frozenset({"table.menu"}),
    "es": frozenset({"common.no", "score.total", "settings.speed_normal"}),
    "af": frozenset({"score.hand", "settings.volume"}),
    "cs": frozenset(),
    "et": frozenset(),
}


# A stop or comma right after "!" or "?": a button name ending in "!" set in running text
# ("press the Last card! button.") reads as a typo; quote the name or reword the sentence.
_DOUBLE_STOP = re.compile(r"[!?][.,;:]")

# Words that give away English left in a translation, matched as whole words in any case after
# {placeholders}, [[card]] tokens and the names below are removed. None of them is a word of a
# catalogue language; loanwords the languages really use ("key" in Tagalog) are not listed.
ENGLISH_WORDS = frozenset({
    "again", "alone", "and", "but", "button", "card", "cards", "crank", "deal", "dealer",
    "draw", "drawn", "draws", "each", "every", "from", "instead", "last", "nothing", "only",
    "play", "player", "players", "plays", "round", "rounds", "score", "scores", "skip", "skips",
    "still", "suit", "suits", "that", "the", "then", "this", "threes", "turn", "turns", "when",
    "which", "wild", "with", "you", "your",
})
ENGLISH_NAMES = ("Crazy Eights",)  # names of other games, the same in every language
_NOT_WORDS = re.compile(r"\{[^{}]*\}|\[\[[^\[\]]*\]\]")


def double_stop(text: str) -> str | None:
    """The first "!." or "?," style slip in ``text``, or None."""
    match = _DOUBLE_STOP.search(text)
    return match.group(0) if match else None


def english_words(text: str) -> list[str]:
    """English words from ``ENGLISH_WORDS`` found in ``text``, in order, without repeats."""
    for name in ENGLISH_NAMES:
        text = text.replace(name, " ")
    words = re.findall(r"\w+", _NOT_WORDS.sub(" ", text))
    return list(dict.fromkeys(w for w in words if w.casefold() in ENGLISH_WORDS))


def _fields(text: str) -> set[str] | None:
    """Placeholder names; None when one is malformed or unnamed (``text_problems`` says so)."""
    try:
        names = i18n.placeholders(text)
    except ValueError:
        return None
    return None if "" in names or any(name.isdigit() for name in names) else names


def _forms(value: i18n.Value) -> dict[str, str]:
    return value if isinstance(value, dict) else {"": value}


def _check_english(english: dict[str, i18n.Value]) -> list[str]:
    problems = []
    for key, value in english.items():
        for form, text in _forms(value).items():
            where = f"en: {key}" + (f" [{form}]" if form else "")
            for problem in i18n.text_problems(text):
                problems.append(f"{where}: {problem}")
            slip = double_stop(text)
            if slip:
                problems.append(f"{where}: {slip!r}: quote the button name or reword")
            for token in i18n.card_tokens(text):
                try:
                    i18n.parse_card(token)
                except ValueError:
                    problems.append(f"{where}: card token [[{token}]] is not a card")
        if isinstance(value, dict):
            missing = set(i18n.REQUIRED_PLURALS["en"]) - set(value)
            if missing:
                problems.append(f"en: {key}: plural table lacks {', '.join(sorted(missing))}")
    return problems


def _expected_fields(value: i18n.Value) -> tuple[set[str], set[str]]:
    """(names every form must have, names a form may have). ``count`` may be spelt out."""
    union: set[str] = set()
    for text in _forms(value).values():
        union |= _fields(text) or set()
    required = union - {"count"} if isinstance(value, dict) else union
    return required, union


def check_language(
    code: str, catalogue: dict[str, i18n.Value], english: dict[str, i18n.Value]
) -> list[str]:
    """Problems of one translated catalogue, each naming the language and the key."""
    problems = []
    allowed_same = SAME_AS_ENGLISH.get("*", frozenset()) | SAME_AS_ENGLISH.get(code, frozenset())
    required_plurals = set(i18n.REQUIRED_PLURALS[code])
    for key in sorted(set(catalogue) - set(english)):
        problems.append(f"{code}: {key}: unknown key (not in English)")
    for key, en_value in english.items():
        if key not in catalogue:
            problems.append(f"{code}: {key}: missing")
            continue
        value = catalogue[key]
        if isinstance(en_value, dict) != isinstance(value, dict):
            kind = "a plural table" if isinstance(en_value, dict) else "plain text"
            problems.append(f"{code}: {key}: must be {kind}, as in English")
            continue
        if isinstance(value, dict):
            missing = required_plurals - set(value)
            extra = set(value) - required_plurals
            if missing:
                problems.append(f"{code}: {key}: plural table lacks {', '.join(sorted(missing))}")
            if extra:
                problems.append(
                    f"{code}: {key}: plural forms not used in this language: "
                    + ", ".join(sorted(extra))
                )
        required, allowed = _expected_fields(en_value)
        en_tokens = Counter(t for text in _forms(en_value).values() for t in i18n.card_tokens(text))
        for form, text in _forms(value).items():
            where = f"{code}: {key}" + (f" [{form}]" if form else "")
            if not text.strip():
                problems.append(f"{where}: empty")
                continue
            unfit = i18n.text_problems(text, allowed)
            fields = _fields(text)
            if unfit:
                problems.extend(f"{where}: {problem}" for problem in unfit)
            elif fields is not None and not required <= fields:
                problems.append(
                    f"{where}: placeholders {{{', '.join(sorted(fields))}}} differ from English "
                    f"{{{', '.join(sorted(allowed))}}}"
                )
            en_text = _forms(en_value).get(form) if isinstance(en_value, dict) else en_value
            # A text of fields and signs alone ("{month} {day}, {year}") has no words to translate.
            wordless = not any(c.isalpha() for c in _NOT_WORDS.sub("", text))
            if text == en_text and key not in allowed_same and not wordless:
                problems.append(f"{where}: identical to English (translate it or allow-list it)")
            elif key not in allowed_same:
                left = english_words(text)
                if left:
                    problems.append(f"{where}: English left in the text: {', '.join(left)}")
            slip = double_stop(text)
            if slip:
                problems.append(f"{where}: {slip!r}: quote the button name or reword")
        tokens = Counter(t for text in _forms(value).values() for t in i18n.card_tokens(text))
        if isinstance(en_value, str) and tokens != en_tokens:
            problems.append(
                f"{code}: {key}: card tokens {sorted(tokens.elements())} differ from English "
                f"{sorted(en_tokens.elements())}"
            )
    return problems


def run_check(directory: Path) -> tuple[list[str], list[str]]:
    """(report lines, problems) for the catalogues in ``directory``."""
    problems: list[str] = []
    catalogues: dict[str, dict[str, i18n.Value]] = {}
    files = {path.stem: path for path in sorted(directory.glob("*.toml"))}
    for code in sorted(set(files) - set(i18n.LANGUAGES)):
        problems.append(f"{files[code]}: no such language in craits.i18n.LANGUAGES")
    for code in i18n.LANGUAGES:
        if code not in files:
            problems.append(f"{directory / (code + '.toml')}: missing catalogue for {code}")
            continue
        try:
            catalogues[code] = i18n.load_catalogue(files[code])
        except i18n.CatalogueError as exc:
            problems.append(str(exc))
    english = catalogues.get(i18n.FALLBACK)
    if english is None:
        return [], problems or ["English catalogue unavailable"]
    problems.extend(_check_english(english))
    total = len(english)
    report = []
    for code in i18n.LANGUAGES:
        catalogue = catalogues.get(code)
        present = len(set(catalogue or {}) & set(english))
        name = (catalogue or {}).get("language.native_name", "?")
        if catalogue is None:
            status = "unreadable" if code in files else "missing"
        else:
            status = f"{present}/{total}"
        percent = 100.0 * present / total if total else 100.0
        report.append(f"  {code}  {name:<12} {status:>9}  {percent:5.1f}%")
        if catalogue is not None and code != i18n.FALLBACK:
            problems.extend(check_language(code, catalogue, english))
    return report, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="craits i18n-check", description="Check the translation catalogues."
    )
    parser.add_argument(
        "directory",
        nargs="?",
        type=Path,
        default=i18n.DEFAULT_DIR,
        help="folder holding <code>.toml catalogues (default: the game's own)",
    )
    args = parser.parse_args(argv)
    if not args.directory.is_dir():
        print(f"i18n-check: {args.directory} is not a folder", file=sys.stderr)
        return 2
    report, problems = run_check(args.directory)
    print(f"Translations in {args.directory}:")
    for line in report:
        print(line)
    if problems:
        print(f"\n{len(problems)} problem(s):")
        for problem in problems:
            print(f"  {problem}")
        return 1
    print(f"\nAll {len(i18n.LANGUAGES)} languages complete and consistent.")
    return 0
