"""Generate the card faces and backs as SVG files in assets/cards/.

Run from the repository root:  python tools/make_cards.py
Output (committed): assets/cards/<style>/<rank><suit>.svg for style in classic, fourcolor,
and assets/cards/back_<name>.svg. Deterministic: the same files every run.

pygame-ce renders SVG with nanosvg, which ignores <text>, <use>, clip paths and filters, so every
letter is a stroked path from the small stroke font below and every shape is drawn in place.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))  # court_art beside this script (tools/ is no package)

from court_art import FIGURES, court_figure  # noqa: E402

OUT_DIR = ROOT / "assets" / "cards"

WIDTH, HEIGHT = 250, 350  # 5:7, the viewBox of every card
CORNER_RADIUS = 14
MID_X, MID_Y = WIDTH / 2, HEIGHT / 2

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
STYLES = ("classic", "fourcolor")

INK = "#1c1f27"
RED = "#c62a35"
BLUE = "#1d5fbf"
GREEN = "#1b8541"
GOLD = "#e0a933"

SUIT_COLOURS = {
    "classic": {"S": INK, "H": RED, "D": RED, "C": INK},
    "fourcolor": {"S": INK, "H": RED, "D": BLUE, "C": GREEN},
}
# Pale panel behind court figures, keyed by suit colour.
PANEL_TINTS = {INK: "#edf0f6", RED: "#fcefed", BLUE: "#ebf2fc", GREEN: "#ecf7ef"}

BACKS = {
    # name: (light, dark, accent)
    "blue": ("#2a64ad", "#143a6e", "#e9c46a"),
    "red": ("#c23a3f", "#7f1a22", "#f1cf7a"),
    "green": ("#2c7f55", "#134a31", "#e9c46a"),
    "charcoal": ("#4a5058", "#1a1d22", "#d9b45a"),
}

# Suit shapes, centred on (0, 0) in a 100 x 100 box (y down). Smooth cubic outlines.
SUIT_PATHS = {
    "S": (
        "M0 -48C7 -37 48 -15 48 10C48 27 36 37 23 37C14 37 7 32 4 26"
        "C5 36 10 43 18 48L-18 48C-10 43 -5 36 -4 26C-7 32 -14 37 -23 37"
        "C-36 37 -48 27 -48 10C-48 -15 -7 -37 0 -48Z"
    ),
    "H": (
        "M0 44C-7 35 -48 10 -48 -17C-48 -36 -36 -46 -23 -46C-12 -46 -4 -39 0 -29"
        "C4 -39 12 -46 23 -46C36 -46 48 -36 48 -17C48 10 7 35 0 44Z"
    ),
    "D": "M0 -50C9 -35 22 -17 38 0C22 17 9 35 0 50C-9 35 -22 17 -38 0C-22 -17 -9 -35 0 -50Z",
    "C": (
        # Three lobes, a filled centre and a flared stem, all wound clockwise so they unite.
        "M-21 -24A21 21 0 1 1 21 -24A21 21 0 1 1 -21 -24Z"
        "M-45 9A21 21 0 1 1 -3 9A21 21 0 1 1 -45 9Z"
        "M3 9A21 21 0 1 1 45 9A21 21 0 1 1 3 9Z"
        "M-13 0A13 13 0 1 1 13 0A13 13 0 1 1 -13 0Z"
        "M4 6C5 27 10 40 18 48L-18 48C-10 40 -5 27 -4 6Z"
    ),
}

# Stroke font for the indices: centre lines in a box 100 units high, drawn with round caps.
# Each entry: (advance width, path). "10" is drawn wide for clear spacing, then squeezed.
GLYPH_STROKE = 15
GLYPH_SQUEEZE = {"10": 0.8}
GLYPHS = {
    "A": (62, "M2 100L31 0L60 100M12 68L50 68"),
    "2": (60, "M4 24C4 9 16 0 30 0C45 0 56 10 56 25C56 45 28 64 3 100L58 100"),
    "3": (
        60,
        "M5 10C11 4 19 0 29 0C45 0 55 10 55 24C55 38 44 47 26 47C46 47 57 58 57 73"
        "C57 90 45 100 29 100C18 100 8 96 2 88",
    ),
    "4": (62, "M44 100L44 0L2 70L62 70"),
    "5": (
        60,
        "M54 0L12 0L7 45C14 40 22 37 31 37C48 37 58 50 58 68C58 88 45 100 29 100"
        "C18 100 8 95 2 87",
    ),
    "6": (
        60,
        "M52 5C46 2 40 0 33 0C14 0 3 21 3 53C3 84 14 100 31 100C48 100 58 87 58 69"
        "C58 51 47 39 31 39C17 39 7 47 3 60",
    ),
    "7": (60, "M2 0L58 0L22 100"),
    "8": (
        60,
        "M30 46C16 46 8 37 8 23C8 9 17 0 30 0C43 0 52 9 52 23C52 37 44 46 30 46"
        "C14 46 3 56 3 73C3 90 15 100 30 100C45 100 57 90 57 73C57 56 46 46 30 46Z",
    ),
    "9": (
        60,
        # The 6 turned half a turn about its centre (30, 50).
        "M8 95C14 98 20 100 27 100C46 100 57 79 57 47C57 16 46 0 29 0C12 0 2 13 2 31"
        "C2 49 13 61 29 61C43 61 53 53 57 40",
    ),
    "10": (
        72,
        "M0 18L14 2L14 100M55 0C43 0 38 20 38 50C38 80 43 100 55 100C67 100 72 80 72 50"
        "C72 20 67 0 55 0Z",
    ),
    "J": (54, "M50 0L50 70C50 90 40 100 26 100C12 100 3 91 2 76"),
    "Q": (
        64,
        "M32 0C14 0 3 20 3 50C3 80 14 100 32 100C50 100 61 80 61 50C61 20 50 0 32 0Z"
        "M38 70L63 104",
    ),
    "K": (60, "M6 0L6 100M57 0L6 64M24 43L59 100"),
}

# Pip layouts for 2..10: (x, y) in card units; pips below the middle are drawn upside down.
COL_L, COL_C, COL_R = 83, MID_X, 167
ROW_TOP, ROW_BOTTOM = 74, 276
_ROW_STEP = (ROW_BOTTOM - ROW_TOP) / 3
ROW_1, ROW_2 = ROW_TOP + _ROW_STEP, ROW_TOP + 2 * _ROW_STEP
UPPER_MID = (ROW_TOP + MID_Y) / 2
LOWER_MID = (MID_Y + ROW_BOTTOM) / 2
PIP_LAYOUTS = {
    "2": [(COL_C, ROW_TOP), (COL_C, ROW_BOTTOM)],
    "3": [(COL_C, ROW_TOP), (COL_C, MID_Y), (COL_C, ROW_BOTTOM)],
    "4": [(x, y) for x in (COL_L, COL_R) for y in (ROW_TOP, ROW_BOTTOM)],
    "5": [(x, y) for x in (COL_L, COL_R) for y in (ROW_TOP, ROW_BOTTOM)] + [(COL_C, MID_Y)],
    "6": [(x, y) for x in (COL_L, COL_R) for y in (ROW_TOP, MID_Y, ROW_BOTTOM)],
    "7": [(x, y) for x in (COL_L, COL_R) for y in (ROW_TOP, MID_Y, ROW_BOTTOM)]
    + [(COL_C, UPPER_MID)],
    "8": [(x, y) for x in (COL_L, COL_R) for y in (ROW_TOP, MID_Y, ROW_BOTTOM)]
    + [(COL_C, UPPER_MID), (COL_C, LOWER_MID)],
    "9": [(x, y) for x in (COL_L, COL_R) for y in (ROW_TOP, ROW_1, ROW_2, ROW_BOTTOM)]
    + [(COL_C, MID_Y)],
    "10": [(x, y) for x in (COL_L, COL_R) for y in (ROW_TOP, ROW_1, ROW_2, ROW_BOTTOM)]
    + [(COL_C, (ROW_TOP + ROW_1) / 2), (COL_C, (ROW_2 + ROW_BOTTOM) / 2)],
}
PIP_SCALE = 0.42
ACE_SCALE = 1.15

# Corner index geometry (top-left; the bottom-right copy is turned half a turn).
INDEX_CENTRE_X = 29
INDEX_TOP = 18
INDEX_RANK_SCALE = 0.54
INDEX_SUIT_Y = 98
INDEX_SUIT_SCALE = 0.32

# Court panel.
PANEL = (56, 26, 194, 324)


def num(value: float) -> str:
    """Compact number for SVG attributes (one decimal at most)."""
    text = f"{round(value, 1):.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def card_code(rank: str, suit: str) -> str:
    return f"{rank}{suit}"


def svg_document(body: list[str], defs: list[str] | None = None) -> str:
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}">'
    )
    parts = [head]
    if defs:
        parts.append("<defs>" + "".join(defs) + "</defs>")
    parts.extend(body)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def card_blank() -> tuple[list[str], list[str]]:
    """Defs and body of the white rounded card with its soft grey edge."""
    defs = [
        '<linearGradient id="paper" x1="0%" y1="0%" x2="0%" y2="100%">'
        '<stop offset="0%" stop-color="#ffffff"/><stop offset="100%" stop-color="#f3f0e8"/>'
        "</linearGradient>"
    ]
    body = [
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="{CORNER_RADIUS}" '
        'fill="url(#paper)" stroke="#a9a49a" stroke-width="2"/>',
        # A faint inner line softens the edge the way a printed card's bevel does.
        f'<rect x="3.5" y="3.5" width="{WIDTH - 7}" height="{HEIGHT - 7}" '
        f'rx="{CORNER_RADIUS - 2.5}" fill="none" stroke="#ffffff" stroke-width="1.5"/>',
    ]
    return defs, body


def suit_shape(suit: str, x: float, y: float, scale: float, colour: str, flip: bool = False,
               extra: str = "") -> str:
    turn = " rotate(180)" if flip else ""
    return (
        f'<path transform="translate({num(x)} {num(y)}) scale({scale:g}){turn}" '
        f'fill="{colour}"{extra} d="{SUIT_PATHS[suit]}"/>'
    )


def rank_glyph(rank: str, centre_x: float, top: float, scale: float, colour: str) -> str:
    advance, path = GLYPHS[rank]
    scale_x = scale * GLYPH_SQUEEZE.get(rank, 1.0)
    left = centre_x - advance * scale_x / 2
    return (
        f'<path transform="translate({num(left)} {num(top)}) scale({scale_x:g} {scale:g})" '
        'fill="none" '
        f'stroke="{colour}" stroke-width="{GLYPH_STROKE}" stroke-linecap="round" '
        f'stroke-linejoin="round" d="{path}"/>'
    )


def corner_indices(rank: str, suit: str, colour: str) -> list[str]:
    index = [
        rank_glyph(rank, INDEX_CENTRE_X, INDEX_TOP, INDEX_RANK_SCALE, colour),
        suit_shape(suit, INDEX_CENTRE_X, INDEX_SUIT_Y, INDEX_SUIT_SCALE, colour),
    ]
    turned = f'<g transform="translate({WIDTH} {HEIGHT}) rotate(180)">'
    return [*index, turned, *index, "</g>"]


def number_pips(rank: str, suit: str, colour: str) -> list[str]:
    return [
        suit_shape(suit, x, y, PIP_SCALE, colour, flip=y > MID_Y + 0.5)
        for x, y in PIP_LAYOUTS[rank]
    ]


def ace_pip(suit: str, colour: str) -> list[str]:
    shapes = []
    if suit == "S":
        # The ace of spades gets the traditional flourish: an outline echo and a gold heart-line.
        shapes.append(
            suit_shape(suit, MID_X, MID_Y, ACE_SCALE * 1.22, "none",
                       extra=f' stroke="{colour}" stroke-width="1.6"')
        )
    shapes.append(suit_shape(suit, MID_X, MID_Y, ACE_SCALE, colour))
    if suit == "S":
        shapes.append(suit_shape(suit, MID_X, MID_Y + 4, ACE_SCALE * 0.32, GOLD))
    return shapes


# --- Court cards -------------------------------------------------------------------------------
# The figures (tools/court_art.py) are drawn for the top half of the panel; the lower half is the
# same drawing turned half a turn, as on a double-ended court card.

def court_panel(rank: str, suit: str, colour: str) -> list[str]:
    left, top, right, bottom = PANEL
    tint = PANEL_TINTS[colour]
    half = [
        *court_figure(rank, suit),
        suit_shape(suit, right - 19, top + 21, 0.24, colour),
    ]
    return [
        f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" rx="8" '
        f'fill="{tint}" stroke="{colour}" stroke-width="2.5"/>',
        *half,
        f'<g transform="rotate(180 {num(MID_X)} {num(MID_Y)})">',
        *half,
        "</g>",
        f'<path fill="none" stroke="{colour}" stroke-width="2" d="M{left} {num(MID_Y)}'
        f'L{right} {num(MID_Y)}"/>',
        f'<rect x="{left + 4}" y="{top + 4}" width="{right - left - 8}" '
        f'height="{bottom - top - 8}" rx="5" fill="none" stroke="{GOLD}" stroke-width="1.2"/>',
    ]


def face_svg(rank: str, suit: str, style: str) -> str:
    colour = SUIT_COLOURS[style][suit]
    defs, body = card_blank()
    if rank == "A":
        body += ace_pip(suit, colour)
    elif rank in FIGURES:
        body += court_panel(rank, suit, colour)
    else:
        body += number_pips(rank, suit, colour)
    body += corner_indices(rank, suit, colour)
    return svg_document(body, defs)


# --- Backs -------------------------------------------------------------------------------------

def _lattice(left: float, top: float, right: float, bottom: float, step: float) -> str:
    """Diagonal lines both ways, cut to the rectangle (nanosvg has no clip paths)."""
    segments = []
    width, height = right - left, bottom - top
    count = int((width + height) / step) + 1
    for i in range(1, count):
        offset = i * step
        # Lines x + y = c (falling left) and x - y = c (falling right), in local coordinates.
        for direction in (1, -1):
            points = []
            for t in (0.0, width):
                y = offset - t if direction == 1 else t - offset + height
                if 0 <= y <= height:
                    points.append((t, y))
            for y in (0.0, height):
                x = offset - y if direction == 1 else y + offset - height
                if 0 <= x <= width:
                    points.append((x, y))
            unique = sorted(set(points))
            if len(unique) >= 2:
                (x1, y1), (x2, y2) = unique[0], unique[-1]
                segments.append(
                    f"M{num(left + x1)} {num(top + y1)}L{num(left + x2)} {num(top + y2)}"
                )
    return "".join(segments)


def _crank_ring(cx: float, cy: float, radius: float, colour: str) -> list[str]:
    """A circular arrow turning clockwise, the game's crank motif."""
    start, end = math.radians(-60), math.radians(230)
    x1, y1 = cx + radius * math.cos(start), cy + radius * math.sin(start)
    x2, y2 = cx + radius * math.cos(end), cy + radius * math.sin(end)
    # Arrowhead at the end point, pointing along the clockwise tangent.
    tangent = end + math.pi / 2
    tip = (x2 + 9 * math.cos(tangent), y2 + 9 * math.sin(tangent))
    side = 8
    wing1 = (x2 + side * math.cos(end), y2 + side * math.sin(end))
    wing2 = (x2 - side * math.cos(end), y2 - side * math.sin(end))
    return [
        f'<path fill="none" stroke="{colour}" stroke-width="5" stroke-linecap="round" '
        f'd="M{num(x1)} {num(y1)}A{radius} {radius} 0 1 1 {num(x2)} {num(y2)}"/>',
        f'<path fill="{colour}" d="M{num(tip[0])} {num(tip[1])}L{num(wing1[0])} {num(wing1[1])}'
        f'L{num(wing2[0])} {num(wing2[1])}Z"/>',
    ]


def back_svg(name: str) -> str:
    light, dark, accent = BACKS[name]
    defs, body = card_blank()
    defs.append(
        f'<linearGradient id="ink" x1="0%" y1="0%" x2="100%" y2="100%">'
        f'<stop offset="0%" stop-color="{light}"/><stop offset="100%" stop-color="{dark}"/>'
        "</linearGradient>"
    )
    left, top, right, bottom = 11, 11, WIDTH - 11, HEIGHT - 11
    body += [
        f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" rx="9" '
        'fill="url(#ink)"/>',
        f'<path fill="none" stroke="#ffffff" stroke-opacity="0.14" stroke-width="1.5" '
        f'd="{_lattice(left + 8, top + 8, right - 8, bottom - 8, 17)}"/>',
        f'<rect x="{left + 8}" y="{top + 8}" width="{right - left - 16}" '
        f'height="{bottom - top - 16}" rx="5" fill="none" stroke="{accent}" '
        'stroke-opacity="0.9" stroke-width="2"/>',
        f'<circle cx="{num(MID_X)}" cy="{num(MID_Y)}" r="52" fill="{dark}" stroke="{accent}" '
        'stroke-width="3"/>',
        *_crank_ring(MID_X, MID_Y, 38, accent),
    ]
    for suit, (dx, dy) in zip(SUITS, ((0, -15), (15, 0), (0, 15), (-15, 0)), strict=True):
        body.append(suit_shape(suit, MID_X + dx, MID_Y + dy, 0.18, "#ffffff"))
    return svg_document(body, defs)


def all_files() -> dict[Path, str]:
    """Every card file, relative to assets/cards/, with its SVG text."""
    files: dict[Path, str] = {}
    for style in STYLES:
        for suit in SUITS:
            for rank in RANKS:
                files[Path(style) / f"{card_code(rank, suit)}.svg"] = face_svg(rank, suit, style)
    for name in BACKS:
        files[Path(f"back_{name}.svg")] = back_svg(name)
    return files


def main(argv: list[str] | None = None) -> int:
    out_dir = Path(argv[0]) if argv else OUT_DIR
    files = all_files()
    for relative, text in files.items():
        target = out_dir / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {len(files)} cards to {out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
