"""Translated text for the game: keyed TOML catalogues, one per language, in ``craits/locale/``.

Keys are dotted (``"menu.new_game"``). A value is either a string with named ``str.format``
placeholders (``"{player} played {card}"``) or a plural table of CLDR categories
(``{ one = "...", other = "..." }``). Lookups never raise: a key missing in the current language
falls back to English, a key missing in English returns the key itself, and a translation whose
placeholders do not fit the given parameters, or that ``text_problems`` refuses (a field other
than a plain English ``{name}``, a control character), falls back to English, then to the key.

Rules screen text lives under ``rules.sNN.title`` / ``rules.sNN.body``; a body is paragraphs
separated by blank lines, lines starting with ``- `` are bullets, and ``[[7H]]`` marks a card
picture (see ``rules_sections``, ``rules_blocks`` and ``split_card_tokens``).
"""

from __future__ import annotations

import logging
import re
import string
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TypeGuard

from craits.engine.cards import RANKS, SUIT_OF, SUITS, rank_str, suit_str
from craits.engine.cards import SUIT_SYMBOLS as ENGINE_SUIT_SYMBOLS
from craits.engine.notation import read_card, read_suit

log = logging.getLogger(__name__)

# Display order of the languages; English is the reference and the fallback.
LANGUAGES: tuple[str, ...] = ("en", "tl", "es", "af", "cs", "et")
FALLBACK = "en"
# Locale names that mean one of our languages under another code.
ALIASES = {"fil": "tl"}

PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
# Categories each language's plural tables must provide (CLDR, cardinal numbers).
REQUIRED_PLURALS: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "tl": ("one", "other"),
    "es": ("one", "other"),
    "af": ("one", "other"),
    "cs": ("one", "few", "many", "other"),
    "et": ("one", "other"),
}
# The same plural forms for gettext (.po files, see craits.cli.po): msgstr[i] is the i-th
# category above. Czech keeps CLDR's "many" (decimals) as form 2, which whole numbers never pick.
GETTEXT_PLURAL_FORMS: dict[str, str] = {
    "en": "nplurals=2; plural=(n != 1);",
    "tl": "nplurals=2; plural=(n % 10 == 4 || n % 10 == 6 || n % 10 == 9);",
    "es": "nplurals=2; plural=(n != 1);",
    "af": "nplurals=2; plural=(n != 1);",
    "cs": "nplurals=4; plural=(n == 1 && n % 1 == 0) ? 0 : (n >= 2 && n <= 4 && n % 1 == 0) ? 1"
    ": (n % 1 != 0) ? 2 : 3;",
    "et": "nplurals=2; plural=(n != 1);",
}

DEFAULT_DIR = Path(__file__).with_name("locale")

Value = str | dict[str, str]


class CatalogueError(ValueError):
    """A catalogue file that cannot be read; the message names the file and, if known, the line."""

    def __init__(self, path: Path, message: str, line: int | None = None) -> None:
        self.path = path
        self.line = line
        where = f"{path}:{line}" if line is not None else str(path)
        super().__init__(f"{where}: {message}")


# ----------------------------------------------------------------------------- plural rules


def plural_category(language: str, n: int | float) -> str:
    """The CLDR cardinal plural category of ``n`` in ``language`` (unknown languages: English)."""
    # CLDR's operands: the integer part i, and whether visible fraction digits exist (v != 0).
    i, has_fraction = int(abs(n)), isinstance(n, float) and not n.is_integer()
    code = ALIASES.get(language, language)
    if code == "cs":
        if has_fraction:
            return "many"
        if i == 1:
            return "one"
        if 2 <= i <= 4:
            return "few"
        return "other"
    if code == "tl":
        # Filipino: one when i in 1,2,3 or i%10 not in 4,6,9 (integers; fractions not needed here)
        if not has_fraction and (i in (1, 2, 3) or i % 10 not in (4, 6, 9)):
            return "one"
        return "other"
    if code == "es":
        return "one" if n == 1 else "other"
    # en, af, et: one for exactly the integer 1
    return "one" if i == 1 and not has_fraction else "other"


# ----------------------------------------------------------------------------- catalogues


def is_plural_table(value: object) -> TypeGuard[dict[str, str]]:
    return (
        isinstance(value, dict)
        and bool(value)
        and all(k in PLURAL_CATEGORIES and isinstance(v, str) for k, v in value.items())
    )


def _flatten(table: Mapping[str, object], prefix: str, out: dict[str, Value], path: Path) -> None:
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, str):
            out[key] = value
        elif is_plural_table(value):
            out[key] = dict(value)
        elif isinstance(value, dict):
            if any(k in PLURAL_CATEGORIES for k in value):
                raise CatalogueError(path, f"key {key!r} mixes plural forms with other entries")
            _flatten(value, key + ".", out, path)
        else:
            raise CatalogueError(
                path, f"key {key!r} must be text or a plural table, not {type(value).__name__}"
            )


def load_catalogue(path: Path) -> dict[str, Value]:
    """Read one TOML catalogue into flat dotted keys; raises ``CatalogueError`` (file, line)."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"at line (\d+)", str(exc))
        raise CatalogueError(path, str(exc), int(match.group(1)) if match else None) from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogueError(path, str(exc)) from exc
    out: dict[str, Value] = {}
    _flatten(data, "", out, Path(path))
    return out


_catalogue_dir: Path = DEFAULT_DIR
_catalogues: dict[str, dict[str, Value]] = {}
_current: str = FALLBACK
_warned: set[tuple[str, str]] = set()
_fitness: dict[tuple[str, str, str], str | None] = {}  # (language, key, text): _unfit's answer


def set_catalogue_dir(path: Path | None) -> None:
    """Read catalogues from ``path`` from now on (``None``: the packaged ones); clears the cache."""
    global _catalogue_dir
    _catalogue_dir = DEFAULT_DIR if path is None else Path(path)
    _catalogues.clear()
    _warned.clear()
    _fitness.clear()


def _catalogue(language: str) -> dict[str, Value]:
    if language not in _catalogues:
        try:
            _catalogues[language] = load_catalogue(_catalogue_dir / f"{language}.toml")
        except CatalogueError as exc:
            # A broken translation must not stop the game: English (or keys) still show.
            log.error("translation unavailable: %s", exc)
            _catalogues[language] = {}
    return _catalogues[language]


# ----------------------------------------------------------------------------- languages


def language_code(locale: str) -> str:
    """The language of a locale name (``"fil_PH"`` -> ``"tl"``), known or not."""
    base = re.split(r"[-_.@]", locale.strip().lower(), maxsplit=1)[0]
    return ALIASES.get(base, base)


def set_language(code: str) -> None:
    """Make ``code`` (one of ``LANGUAGES``, or an alias such as ``fil``) the current language."""
    global _current
    normal = language_code(code)
    if normal not in LANGUAGES:
        raise ValueError(
            f"unknown language {code!r}; available: {', '.join(LANGUAGES)}"
        )
    _current = normal


def get_language() -> str:
    return _current


def available_languages() -> list[tuple[str, str]]:
    """``(code, native name)`` for every language, in display order."""
    return [(code, _native_name(code)) for code in LANGUAGES]


def _native_name(code: str) -> str:
    name = _catalogue(code).get("language.native_name", code)
    return name if isinstance(name, str) else code


def pick_language(preferred_locales: Iterable[str | Mapping[str, object]]) -> str:
    """The first of the user's preferred locales we have (``"fil_PH"`` -> ``"tl"``), else English.

    Entries may be strings (``"en_US"``, ``"es-419"``) or mappings with a ``"language"`` entry,
    as ``pygame.system.get_pref_locales()`` returns them.
    """
    for entry in preferred_locales:
        locale = (entry.get("language") or "") if isinstance(entry, Mapping) else entry
        if not isinstance(locale, str) or not locale.strip():
            continue
        code = language_code(locale)
        if code in LANGUAGES:
            return code
    return FALLBACK


# ----------------------------------------------------------------------------- lookups


def placeholders(text: str) -> set[str]:
    """Names of the ``{placeholders}`` in ``text``; raises ``ValueError`` if it is malformed."""
    names = set()
    for _, field, _, _ in string.Formatter().parse(text):
        if field is not None:
            names.add(re.split(r"[.\[!:]", field, maxsplit=1)[0])
    return names


def _field_text(field: str, spec: str, conversion: str | None) -> str:
    return "{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"


def text_problems(text: str, allowed: Iterable[str] | None = None) -> list[str]:
    """What makes ``text`` unfit to show: each replacement field must be a plain ``{name}``
    (no format spec, conversion, index or attribute), among ``allowed`` when that is given (the
    English text's names), and every character printable (a space or a line break is fine).
    An empty list means the text is fine."""
    problems: list[str] = []
    odd = sorted({ch for ch in text if not (ch.isprintable() or ch in " \n")})
    if odd:
        shown = ", ".join(f"U+{ord(ch):04X}" for ch in odd)
        problems.append(f"non-printable character(s) {shown}")
    try:
        fields = list(string.Formatter().parse(text))
    except ValueError as exc:
        return [*problems, f"malformed placeholder ({exc})"]
    names: set[str] = set()
    for _, field, spec, conversion in fields:
        if field is None:
            continue
        shown = _field_text(field, spec or "", conversion)
        if field == "" or field.isdigit():
            problems.append(f"placeholder {shown}: placeholders must be named, e.g. {{player}}")
        elif not field.isidentifier():
            problems.append(f"placeholder {shown}: only a plain name, no index or attribute")
        elif conversion:
            problems.append(f"placeholder {shown}: no conversion (!r, !s, !a)")
        elif spec:
            problems.append(f"placeholder {shown}: no format spec")
        else:
            names.add(field)
    if allowed is not None:
        known = set(allowed)
        unknown = names - known
        if unknown:
            problems.append(
                f"placeholders {{{', '.join(sorted(unknown))}}} not in English "
                f"{{{', '.join(sorted(known))}}}"
            )
    return problems


def _english_names(key: str) -> set[str] | None:
    """The placeholder names of ``key``'s English text (all forms), ``None`` if unknown."""
    value = _catalogue(FALLBACK).get(key)
    if value is None:
        return None
    try:
        forms = value.values() if isinstance(value, dict) else [value]
        return set().union(*(placeholders(t) for t in forms))
    except ValueError:
        return None


def _unfit(language: str, key: str, text: str) -> str | None:
    """Why ``text`` (``key`` in ``language``) must not be shown, or ``None``; cached."""
    cache_key = (language, key, text)
    if cache_key not in _fitness:
        allowed = None if language == FALLBACK else _english_names(key)
        problems = text_problems(text, allowed)
        _fitness[cache_key] = "; ".join(problems) if problems else None
    return _fitness[cache_key]


def _choose_form(value: Value, language: str, count: int | float | None) -> str:
    if isinstance(value, str):
        return value
    category = "other" if count is None else plural_category(language, count)
    return value.get(category) or value.get("other") or next(iter(value.values()))


def _render(key: str, count: int | float | None, params: Mapping[str, object]) -> str:
    for language in dict.fromkeys((_current, FALLBACK)):
        value = _catalogue(language).get(key)
        if value is None:
            continue
        try:
            text = _choose_form(value, language, count)
            problem = _unfit(language, key, text)
            if problem is None:
                return text.format_map(params)
        except Exception as exc:  # a broken text must never stop the game
            problem = repr(exc)
        if (language, key) not in _warned:
            _warned.add((language, key))
            log.warning("unusable text in %s %r: %s", language, key, problem)
    return key


def t(key: str, **params: object) -> str:
    """The text for ``key`` in the current language, with ``params`` filled in."""
    count = params.get("count")
    return _render(key, count if isinstance(count, int | float) else None, params)


def tn(key: str, count: int | float, **params: object) -> str:
    """The plural form of ``key`` for ``count``; ``count`` is also available as ``{count}``."""
    return _render(key, count, {**params, "count": count})


def has_key(key: str) -> bool:
    return key in _catalogue(FALLBACK)


def level_name(level: str) -> str:
    """A computer level's name in the current language (``level.<name>``); a level's kept
    previous version (``hard-classic``) as "Hard (classic)"; a level the catalogues do not
    know (one a player added to their ``ai.yaml``) by its own name."""
    base = level.removesuffix("-classic")
    if base != level and has_key(f"level.{base}"):
        return t("classic.name", level=t(f"level.{base}"))
    return t(f"level.{level}") if has_key(f"level.{level}") else level


def level_description(level: str, own: str = "") -> str:
    """What a computer level is like, in the current language (``level.<name>_desc``).

    A level the catalogues do not know (one a player added to their ``ai.yaml``) shows ``own``,
    the description written in that file.
    """
    key = f"level.{level}_desc"
    return t(key) if has_key(key) else own


# ----------------------------------------------------------------------------- cards

# Suit order and card numbering are the engine's (craits.engine.cards).
SUIT_SYMBOLS = dict(zip(SUITS, ENGINE_SUIT_SYMBOLS, strict=True))
SUIT_KEYS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def parse_card(code: object) -> tuple[str, str]:
    """A card as ``(rank, suit letter)``: from an engine card integer (0..51, suit * 13 + rank - 1)
    or a code the engine's notation reads (``"7H"``, ``"10S"``, ``"TS"``, ``"7♥"``);
    ``ValueError`` if it is neither."""
    if isinstance(code, int) and not isinstance(code, bool):
        if not 0 <= code < 52:
            raise ValueError(f"not a card number: {code!r} (0..51)")
        card = code
    else:
        card = read_card(code)
    return rank_str(card), suit_str(SUIT_OF[card])


def _suit_letter(suit: int | str) -> str:
    if isinstance(suit, int) and not isinstance(suit, bool) and 0 <= suit < 4:
        return suit_str(suit)
    try:
        return suit_str(read_suit(suit))
    except ValueError:
        raise ValueError(f"not a suit: {suit!r} (0..3, S, H, D, C or a suit symbol)") from None


def suit_symbol(suit: int | str) -> str:
    """``0``, ``"S"`` or ``"♠"`` -> ``"♠"``."""
    return SUIT_SYMBOLS[_suit_letter(suit)]


def suit_name(suit: int | str) -> str:
    """Lower-case suit name for running text (``1``, ``"H"`` or ``"♥"`` -> ``"hearts"``)."""
    return t(f"suit.{SUIT_KEYS[_suit_letter(suit)]}")


def rank_name(rank: int | str) -> str:
    """Lower-case rank name for running text (``"7"`` -> ``"seven"``, ``1`` or ``"A"`` -> ``"ace"``)."""
    if isinstance(rank, int) and 1 <= rank <= 13:
        rank = RANKS[rank - 1]
    label = str(rank).strip().upper()
    label = "10" if label == "T" else label
    if label not in RANKS:
        raise ValueError(f"not a rank: {rank!r} (1..13 or A, 2-10, J, Q, K)")
    return t(f"cards.rank.{label}")


def card_name(code: object) -> str:
    """Short label with the suit symbol, the same in every language: ``"7H"`` -> ``"7♥"``."""
    rank, suit = parse_card(code)
    return f"{rank}{SUIT_SYMBOLS[suit]}"


def card_long_name(code: object) -> str:
    """The card in words in the current language, e.g. ``"seven of hearts"``."""
    rank, suit = parse_card(code)
    return t("cards.long", rank=rank_name(rank), suit=suit_name(suit))


# The forms a card is said in, each a catalogue table of its own: alone (``speech.card``), as a
# verb's object (``speech.card_acc``: Czech "hraje srdcovou osmičku") and as what a thing is done
# with (``speech.card_ins``: Czech instrumental "odpověz srdcovou osmičkou", Estonian comitative
# "käib ärtu kaheksaga"). A language without a case keeps the nominative in every table.
SPOKEN_CASES = ("nominative", "accusative", "instrumental")
_CASE_TABLES = {"nominative": "card", "accusative": "card_acc", "instrumental": "card_ins"}
# Other names of the same slots: the Estonian comitative is the instrumental's table.
CASE_NAMES = {**{case: case for case in SPOKEN_CASES}, "comitative": "instrumental"}
_LAST_WORD = re.compile(r"(\w+)\W*$")


def spoken_card(code: object, case: str = "nominative") -> str:
    """The card as speech says it, in the current language: ``"8H"`` -> ``"the eight of
    hearts"``. Each rank has its own text (``speech.card.<rank>``, with the suit's form from
    ``speech.suit.<suit>``), so an article or an ending may agree with the rank (Czech "srdcová
    osmička", Spanish "la reina"); ``case`` picks the form for the card's place in a sentence
    (``SPOKEN_CASES``, or ``"comitative"``), the same as the nominative where a language does
    not change it."""
    if case not in CASE_NAMES:
        raise ValueError(f"not a case: {case!r} ({', '.join(CASE_NAMES)})")
    rank, suit = parse_card(code)
    table = _CASE_TABLES[CASE_NAMES[case]]
    return t(f"speech.{table}.{rank}", suit=t(f"speech.suit.{suit}"))


def card_case(before: str) -> str:
    """The case of a card said right after ``before`` in the current language: alone at the
    start of a text or after punctuation ("Otočená karta: ..."), the instrumental after a word
    the language's ``speech.instrumental_after`` lists (Czech "kartou", Estonian "käib"), else a
    verb's object."""
    match = _LAST_WORD.search(before)
    if match is None or match.end(1) != len(before.rstrip()):
        return "nominative"
    words = t("speech.instrumental_after").casefold().split()
    return "instrumental" if match.group(1).casefold() in words else "accusative"


# ----------------------------------------------------------------------------- rules screen

_CARD_TOKEN = re.compile(r"\[\[([^\[\]]+)\]\]")


@dataclass(frozen=True, slots=True)
class RulesSection:
    title: str
    body: str


def rules_sections() -> list[RulesSection]:
    """The rules screen in the current language, as titled sections (in the order of their
    ids, ``s01``..., which the English catalogue holds)."""
    ids = {k.split(".")[1] for k in _catalogue(FALLBACK) if re.fullmatch(r"rules\.s\d+\.title", k)}
    return [RulesSection(t(f"rules.{sid}.title"), t(f"rules.{sid}.body")) for sid in sorted(ids)]


def rules_blocks(body: str) -> list[tuple[str, str]]:
    """Split a section body into ``("paragraph", text)`` and ``("bullet", text)`` blocks."""
    blocks: list[tuple[str, str]] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append(("paragraph", " ".join(paragraph)))
            paragraph.clear()

    for raw in body.strip().splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("- "):
            flush()
            blocks.append(("bullet", line[2:].strip()))
        elif blocks and blocks[-1][0] == "bullet" and not paragraph and raw[:1].isspace():
            blocks[-1] = ("bullet", f"{blocks[-1][1]} {line}")  # an indented bullet continues
        else:
            paragraph.append(line)
    flush()
    return blocks


def card_tokens(text: str) -> list[str]:
    """The card codes marked ``[[..]]`` in ``text``, in order."""
    return _CARD_TOKEN.findall(text)


def split_card_tokens(text: str) -> list[tuple[str, str]]:
    """``"Play [[7H]] now"`` -> ``[("text", "Play "), ("card", "7H"), ("text", " now")]``."""
    parts: list[tuple[str, str]] = []
    position = 0
    for match in _CARD_TOKEN.finditer(text):
        if match.start() > position:
            parts.append(("text", text[position : match.start()]))
        parts.append(("card", match.group(1)))
        position = match.end()
    if position < len(text):
        parts.append(("text", text[position:]))
    return parts
