"""The bundled font covers every character the game can show (checked in the cmap, not metrics)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from craits.ui import fonts

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = ROOT / "craits" / "locale"

SUITS = "♠♥♦♣♤♡♢♧"
ARROWS = "↻↺→←"
PUNCTUATION = "…–—‘’“”«»•·×"
ENGLISH = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,:;!?'\"()[]-+/%#&*=<>@"
TAGALOG = "ÑñNGng"
SPANISH = "áéíóúüñÁÉÍÓÚÜÑ¿¡"
AFRIKAANS = "êëîïôûŉʼáéíóúÊËÎÏÔÛÁÉÍÓÚ"
CZECH = "áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ"
ESTONIAN = "äöõüšžÄÖÕÜŠŽ"
FIXED_SET = SUITS + ARROWS + PUNCTUATION + ENGLISH + TAGALOG + SPANISH + AFRIKAANS + CZECH + ESTONIAN


def _strings(value: object) -> list[str]:
    """Every string value inside a parsed TOML document, however deeply nested."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def _locale_characters() -> set[str]:
    chars: set[str] = set()
    for path in sorted(LOCALE_DIR.glob("*.toml")):
        with path.open("rb") as handle:
            for text in _strings(tomllib.load(handle)):
                chars.update(text)
    # Layout characters are never drawn as glyphs.
    return chars - set("\n\r\t")


def test_strings_helper_flattens_nested_tables():
    doc = {"a": "xy", "b": {"c": ["z", {"d": "w"}], "n": 3}}
    assert sorted(_strings(doc)) == ["w", "xy", "z"]


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
def test_font_cmap_covers_every_character_shown(bold: bool):
    cmap = TTFont(fonts.font_path(bold)).getBestCmap()
    wanted = set(FIXED_SET) | _locale_characters()
    missing = sorted(ch for ch in wanted if ord(ch) not in cmap)
    assert not missing, "missing glyphs: " + ", ".join(f"{c!r} U+{ord(c):04X}" for c in missing)


def test_cmap_check_detects_a_missing_glyph():
    # A character DejaVu Sans does not have (a CJK ideograph) must be reported missing.
    cmap = TTFont(fonts.font_path()).getBestCmap()
    assert ord("漢") not in cmap


def test_get_font_is_cached_and_renders():
    regular = fonts.get_font(20)
    assert fonts.get_font(20) is regular
    assert fonts.get_font(20, bold=True) is not regular
    surface = regular.render("♠♥♦♣ Ñ ž ŉ", True, (0, 0, 0))
    assert surface.get_width() > 40 and surface.get_height() >= 20


@pytest.mark.parametrize("bad", [0, -3, 12.5, "12", True])
def test_get_font_rejects_bad_sizes(bad):
    with pytest.raises(ValueError):
        fonts.get_font(bad)


def test_font_licence_is_shipped():
    licence = (ROOT / "assets" / "fonts" / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream" in licence and "Permission is hereby granted" in licence
