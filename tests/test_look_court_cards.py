"""The court cards in the manner of the traditional pattern: red, blue and yellow figures with
black outlines and patterned robes, every suit with its own attribute, kept inside their panel so
the corner indices stay clear, and cheap enough to render."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "assets" / "cards"
COURTS = [rank + suit for rank in "JQK" for suit in "SHDC"]
SIZE = (250, 350)  # one pixel per unit of the viewBox
PANEL = pygame.Rect(56, 26, 194 - 56, 324 - 26)


def load_tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def make_cards():
    return load_tool("make_cards")


def render_text(text: str, tmp_path: Path, name: str, size=SIZE) -> pygame.Surface:
    path = tmp_path / f"{name}.svg"
    path.write_text(text, encoding="utf-8")
    return pygame.image.load_sized_svg(path, size)


def render(code: str, style: str = "classic", size=SIZE) -> pygame.Surface:
    return pygame.image.load_sized_svg(CARDS / style / f"{code}.svg", size)


def family(colour: pygame.Color) -> str | None:
    """Which of the traditional pattern's inks a pixel is, roughly."""
    r, g, b = colour.r, colour.g, colour.b
    if r > 170 and g < 90 and b < 90:
        return "red"
    if b > 120 and r < 80 and g < 110:
        return "blue"
    if r > 200 and 150 < g < 215 and b < 90:
        return "yellow"
    if r < 60 and g < 60 and b < 70:
        return "black"
    return None


@pytest.mark.parametrize("code", COURTS)
def test_every_court_figure_is_drawn_in_red_blue_yellow_and_black(code):
    image = render(code)
    counts = {"red": 0, "blue": 0, "yellow": 0, "black": 0}
    for x in range(PANEL.left, PANEL.right, 2):
        for y in range(PANEL.top, PANEL.bottom, 2):
            kind = family(image.get_at((x, y)))
            if kind:
                counts[kind] += 1
    samples = (PANEL.width // 2) * (PANEL.height // 2)
    for kind, count in counts.items():
        assert count > samples * 0.03, f"{code}: too little {kind} ({count} of {samples})"


def _changes(image: pygame.Surface, rect: pygame.Rect) -> int:
    """How often the colour changes along the rows of ``rect``: a measure of detail."""
    changes = 0
    for y in range(rect.top, rect.bottom, 3):
        previous = None
        for x in range(rect.left, rect.right):
            c = image.get_at((x, y))
            key = (c.r // 48, c.g // 48, c.b // 48)
            if previous is not None and key != previous:
                changes += 1
            previous = key
    return changes


@pytest.mark.parametrize("code", COURTS)
def test_court_figures_have_the_detail_of_a_patterned_robe(code):
    # The flat figures these replace changed colour 1800 to 2300 times on these rows; the
    # patterned ones 4200 to 4800.
    assert _changes(render(code), PANEL) > 3200, code


def test_each_suit_holds_its_own_figure():
    for rank in "JQK":
        panels = {suit: pygame.image.tobytes(render(rank + suit).subsurface(PANEL.inflate(-40, -60)),
                                             "RGB")
                  for suit in "SHDC"}
        assert len(set(panels.values())) == 4, rank


@pytest.mark.parametrize("code", COURTS)
def test_the_figure_stays_inside_its_panel_and_off_the_indices(make_cards, tmp_path, code,
                                                               monkeypatch):
    rank, suit = code[:-1], code[-1]
    with_figure = render_text(make_cards.face_svg(rank, suit, "classic"), tmp_path, "with")
    monkeypatch.setattr(make_cards, "court_figure", lambda rank, suit: [])
    bare = render_text(make_cards.face_svg(rank, suit, "classic"), tmp_path, "bare")
    outside = [(x, y) for x in range(0, SIZE[0], 2) for y in range(0, SIZE[1], 2)
               if not PANEL.inflate(2, 2).collidepoint(x, y)]
    differ = [p for p in outside if with_figure.get_at(p) != bare.get_at(p)]
    assert not differ, f"{code}: the figure reaches outside its panel at {differ[:5]}"


def test_four_colours_change_the_suit_marks_and_not_the_figure():
    # The figure's inks are the pattern's own; only the frame, the pips, the indices and the
    # panel's tint follow the suit colour, so a four-colour diamond's figure is the classic one.
    inner = PANEL.inflate(-50, -120)
    for code in ("KD", "QC", "JH"):
        classic, four = render(code, "classic"), render(code, "fourcolor")
        points = [(x, y) for x in range(inner.left, inner.right) for y in range(inner.top,
                                                                                inner.bottom)]
        same = sum(family(classic.get_at(p)) == family(four.get_at(p)) for p in points)
        assert same > 0.98 * len(points), code


def test_court_files_stay_light_to_read():
    # nanosvg's reading time grows with the elements and bytes of a file; these bounds keep a
    # court face within a few milliseconds to render.
    for path in CARDS.rglob("[JQK]?.svg"):
        text = path.read_text(encoding="utf-8")
        assert len(text.encode()) < 40_000, path
        assert len(re.findall(r"<(path|circle|rect)\b", text)) <= 200, path
        assert "<circle" not in text, path  # a path reads several times faster


@pytest.mark.parametrize("size", [(58, 81), (81, 114)], ids=["960x600-opponent", "960x600-hand"])
def test_court_cards_stay_readable_at_the_smallest_window(size):
    # The index is the same ink as a number card's at the sizes the smallest window uses.
    w, h = size
    index = pygame.Rect(round(5 * w / 250), round(12 * h / 350), round(47 * w / 250),
                        round(104 * h / 350))
    for suit in "SHDC":
        court = render("K" + suit, size=size)
        dark = sum(1 for x in range(index.left, index.right) for y in range(index.top, index.bottom)
                   if court.get_at((x, y)).a > 200 and min(court.get_at((x, y))[:3]) < 120
                   or (suit in "HD" and court.get_at((x, y)).r > 150
                       and court.get_at((x, y)).g < 90))
        assert dark > index.width * index.height * 0.12, suit
