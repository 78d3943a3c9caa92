"""The court figures (J, Q, K) in the manner of the traditional English pattern, for
tools/make_cards.py: half-length figures in red, blue and yellow with black outlines, patterned
robes, ermine, crowns with jewels, each suit holding its own attribute (sword, axe, orb; flower,
sceptre; halberd, leaf, arrow). Drawn for the top half of the court panel; make_cards turns the
same drawing half a turn for the lower half.

nanosvg (pygame-ce's SVG renderer) has no clip paths or patterns, so every motif of a robe's
pattern is placed by hand: a lattice of points is kept where the motif falls wholly inside the
region (``motifs_in``). Deterministic: the same text every run.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

MID_X = 125.0
CENTRE_Y = 175.0  # the panel's middle line, where the two halves meet

INK = "#1c1f27"
RED = "#c8262e"
BLUE = "#24489a"
YELLOW = "#f0c02f"
WHITE = "#ffffff"
FLESH = "#f7dcc2"
BLUSH = "#eea48f"
DARK_HAIR = "#3b2a20"
LEAF = "#3f8a3a"
STEEL = "#dfe3ea"

LINE = 1.4  # the outline's width, in card units (250 across)

Point = tuple[float, float]

# Each suit's robe: (main colour, second colour, pattern of the front panel).
SCHEMES = {
    "S": (BLUE, RED, "lattice"),
    "H": (RED, BLUE, "dots"),
    "D": (RED, BLUE, "lattice"),
    "C": (BLUE, RED, "dots"),
}


def num(value: float) -> str:
    text = f"{round(value, 1):.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def pts(points: Sequence[Point], close: bool = True) -> str:
    d = "".join(("M" if i == 0 else "L") + f"{num(x)} {num(y)}" for i, (x, y) in enumerate(points))
    return d + ("Z" if close else "")


def smooth(points: Sequence[Point], close: bool = True) -> str:
    """A smooth outline through ``points`` (Catmull-Rom turned into cubic curves)."""
    n = len(points)
    d = f"M{num(points[0][0])} {num(points[0][1])}"
    last = n if close else n - 1
    for i in range(last):
        p0 = points[(i - 1) % n] if close or i > 0 else points[i]
        p1, p2 = points[i], points[(i + 1) % n]
        p3 = points[(i + 2) % n] if close or i + 2 < n else p2
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        d += (f"C{num(c1[0])} {num(c1[1])} {num(c2[0])} {num(c2[1])} "
              f"{num(p2[0])} {num(p2[1])}")
    return d + ("Z" if close else "")


def shape(d: str, fill: str, stroke: str = INK, width: float = LINE, extra: str = "") -> str:
    return (f'<path fill="{fill}" stroke="{stroke}" stroke-width="{width:g}" '
            f'stroke-linejoin="round"{extra} d="{d}"/>')


def fill_only(d: str, fill: str, extra: str = "") -> str:
    return f'<path fill="{fill}"{extra} d="{d}"/>'


def line(d: str, colour: str = INK, width: float = LINE) -> str:
    return (f'<path fill="none" stroke="{colour}" stroke-width="{width:g}" '
            f'stroke-linecap="round" stroke-linejoin="round" d="{d}"/>')


def circle(x: float, y: float, r: float, fill: str, stroke: str | None = INK,
           width: float = LINE) -> str:
    # A path of two arcs: nanosvg reads a <circle> several times slower than a path.
    outline = f' stroke="{stroke}" stroke-width="{width:g}"' if stroke else ""
    return (f'<path fill="{fill}"{outline} d="M{num(x - r)} {num(y)}a{num(r)} {num(r)} 0 1 0 '
            f'{num(2 * r)} 0a{num(r)} {num(r)} 0 1 0 {num(-2 * r)} 0Z"/>')


_ELEMENT = re.compile(r'^<path (?P<attrs>.*?) ?d="(?P<d>[^"]*)"/>$')


def merged(elements: Sequence[str]) -> list[str]:
    """Neighbouring paths of the same look as one path (nanosvg pays per element). Only
    unstroked fills and unfilled lines are joined: for them one path draws just the same."""
    out: list[str] = []
    last_attrs = None
    for element in elements:
        m = _ELEMENT.match(element)
        attrs = m.group("attrs") if m else None
        joinable = attrs is not None and ("stroke=" not in attrs or 'fill="none"' in attrs)
        if joinable and attrs == last_attrs and out:
            previous = _ELEMENT.match(out[-1])
            assert previous is not None and m is not None
            out[-1] = f'<path {attrs} d="{previous.group("d")}{m.group("d")}"/>'
            continue
        out.append(element)
        last_attrs = attrs if joinable else None
    return out


def mirrored(points: Sequence[Point]) -> list[Point]:
    """The left half of an outline completed by its mirror image about the figure's axis."""
    return [*points, *((2 * MID_X - x, y) for x, y in reversed(points))]


def inside(poly: Sequence[Point], x: float, y: float) -> bool:
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, [*poly[1:], poly[0]], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def motifs_in(poly: Sequence[Point], step: float, radius: float,
              make: Callable[[float, float, int], str], stagger: bool = True) -> list[str]:
    """``make(x, y, row)`` at each point of a lattice whose motif (``radius`` around it)
    lies wholly inside ``poly``."""
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    out = []
    row = 0
    y = min(ys) + step / 2
    while y < max(ys):
        x = min(xs) + (step / 2 if stagger and row % 2 else 0.0)
        while x <= max(xs):
            if all(inside(poly, x + dx, y + dy)
                   for dx, dy in ((radius, 0), (-radius, 0), (0, radius), (0, -radius))):
                out.append(make(x, y, row))
            x += step
        y += step * (0.5 if stagger else 1.0)
        row += 1
    # Motifs do not overlap, so they may be drawn colour by colour (and so merge into one path).
    out.sort(key=lambda element: element.split(' d="')[0])
    return out


def span(poly: Sequence[Point], y: float) -> tuple[float, float]:
    """The leftmost and rightmost x where the horizontal line at ``y`` crosses ``poly``."""
    xs = []
    for (x1, y1), (x2, y2) in zip(poly, [*poly[1:], poly[0]], strict=True):
        if (y1 <= y <= y2 or y2 <= y <= y1) and y1 != y2:
            xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    return min(xs), max(xs)


def band(poly: Sequence[Point], top: float, bottom: float, inset: float = 0.6) -> list[Point]:
    """The part of ``poly`` between two heights (for a convex-sided body)."""
    (l1, r1), (l2, r2) = span(poly, top), span(poly, bottom)
    return [(l1 + inset, top), (r1 - inset, top), (r2 - inset, bottom), (l2 + inset, bottom)]


def diamond(x: float, y: float, rx: float, ry: float) -> list[Point]:
    return [(x, y - ry), (x + rx, y), (x, y + ry), (x - rx, y)]


# --- The robe --------------------------------------------------------------------------------

BODY = mirrored([(92, 103), (80, 107), (72, 118), (68, 136), (66, 160), (65, CENTRE_Y)])
FRONT = [(113, 104), (137, 104), (147, CENTRE_Y), (103, CENTRE_Y)]


def robe(main: str, second: str, pattern: str) -> list[str]:
    half = len(BODY) // 2
    left, right = BODY[:half], BODY[half:]
    outline = (smooth(left, close=False) + smooth(right, close=False).replace("M", "L", 1)
               + "Z")
    out = [shape(outline, main)]
    # Two bands across the robe, each with a running zigzag.
    for top, bottom in ((140, 150), (160, 168)):
        b = band(BODY, top, bottom)
        out.append(shape(pts(b), second, width=1.0))
        left, right = b[0][0] + 2, b[1][0] - 2
        zig = [(left + i * 4, top + (2 if i % 2 else bottom - top - 2))
               for i in range(int((right - left) / 4) + 1)]
        out.append(line(pts(zig, close=False), YELLOW, 1.1))
    # Fold lines of the cloth.
    for x in (88, 100, 150, 162):
        bend = -3 if x < MID_X else 3
        out.append(line(f"M{x} 110C{x + bend} 120 {x + bend} 130 {x + bend / 2} 139", INK, 0.8))
    # The front panel: yellow, a lattice of diamonds or rows of dots, edged in the main colour.
    out.append(shape(pts(FRONT), YELLOW))
    if pattern == "lattice":
        out += motifs_in(FRONT, 7, 3.2, lambda x, y, r: fill_only(
            pts(diamond(x, y, 2.6, 3.4)), main if r % 2 else second))
    else:
        out += motifs_in(FRONT, 7, 2.6, lambda x, y, r: circle(
            x, y, 1.8, second if r % 2 else main, None))
    out.append(line(pts(FRONT[:1] + FRONT[3:], close=False) + pts(FRONT[1:3], close=False),
                    INK, 1.8))
    return out


def ermine(top: float, depth: float, half: float) -> list[str]:
    """A white ermine collar under the chin, with its black tails."""
    outer = [(MID_X - half, top), (MID_X - half * 0.55, top + depth * 0.9),
             (MID_X, top + depth), (MID_X + half * 0.55, top + depth * 0.9), (MID_X + half, top)]
    inner = [(MID_X + half * 0.62, top - 2), (MID_X, top + depth * 0.45),
             (MID_X - half * 0.62, top - 2)]
    d = smooth(outer, close=False) + smooth(inner, close=False).replace("M", "L", 1) + "Z"
    out = [shape(d, WHITE)]
    for i in range(5):
        x = MID_X - half * 0.62 + i * half * 0.31
        y = top + depth * (0.55 + 0.18 * (1 - abs(i - 2) / 2))
        out.append(fill_only(f"M{num(x)} {num(y - 2.6)}L{num(x + 1.3)} {num(y + 1.8)}"
                             f"L{num(x - 1.3)} {num(y + 1.8)}Z", INK))
        out.append(circle(x, y - 3.2, 0.8, INK, None))
    return out


def cape(colour: str) -> list[str]:
    """The king's shoulder cape, its lower edge scalloped."""
    top = [(72, 126), (72, 117), (80, 107), (93, 102)]
    right = [(2 * MID_X - x, y) for x, y in reversed(top)]
    d = pts(top, close=False) + pts(right, close=False).replace("M", "L", 1)
    x, step = 178.0, (178 - 72) / 12
    for _ in range(12):
        x -= step
        d += f"A{num(step / 2)} {num(step / 2)} 0 0 1 {num(x)} 126"
    out = [shape(d + "Z", colour)]
    out += [circle(74 + step * (i + 0.5), 129.5, 1.1, YELLOW, None) for i in range(12)]
    return out


# --- Arms and attributes ---------------------------------------------------------------------

def arm(colour: str) -> list[str]:
    """The figure's right arm (on the viewer's left) raised to hold its attribute."""
    return [
        shape(smooth([(88, 108), (98, 116), (94, 132), (86, 138), (75, 135), (76, 120)]), colour),
        shape(pts([(75.5, 131), (90, 133), (88, 139), (74, 137)]), YELLOW, width=1.0),
        *[circle(77 + i * 3.6, 135, 0.8, RED, None) for i in range(4)],
    ]


def fist(x: float = 80, y: float = 142) -> list[str]:
    return [
        shape(smooth([(x - 5, y - 3), (x + 4, y - 4), (x + 6, y + 1), (x + 1, y + 5),
                      (x - 5, y + 3)]), FLESH, width=1.1),
        line(f"M{num(x - 3)} {num(y - 1)}L{num(x + 4)} {num(y - 1.5)}"
             f"M{num(x - 3)} {num(y + 2)}L{num(x + 4)} {num(y + 1.5)}", INK, 0.7),
    ]


def sword(x: float = 80) -> list[str]:
    return [
        shape(pts([(x - 2.6, 140), (x - 2.6, 48), (x, 40), (x + 2.6, 48), (x + 2.6, 140)]), STEEL),
        line(f"M{x} 46L{x} 130", "#9aa3b0", 0.9),
        shape(pts([(x - 11, 131), (x + 11, 131), (x + 11, 135), (x - 11, 135)]), YELLOW, width=1.1),
        circle(x - 12, 133, 2.2, YELLOW, INK, 1.0),
        circle(x + 12, 133, 2.2, YELLOW, INK, 1.0),
    ]


def sword_behind(colour: str) -> list[str]:
    """K♥: the sword held up behind the head, its blade slanting across."""
    return [
        shape(pts([(80, 140), (150, 40), (156, 36), (154, 43), (84, 143)]), STEEL),
        shape(pts([(72, 134), (86, 146), (89, 142), (75, 130)]), YELLOW, width=1.0),
        circle(69, 131, 2.6, colour, INK, 1.0),
    ]


def axe(x: float = 80) -> list[str]:
    """K♦: a battle axe, its head turned outward."""
    return [
        shape(pts([(x - 1.8, 150), (x - 1.8, 44), (x + 1.8, 44), (x + 1.8, 150)]), "#8a5a2b"),
        shape(smooth([(x - 1.5, 50), (x - 11, 44), (x - 17, 56), (x - 11, 68), (x - 1.5, 62)]),
              STEEL),
        line(f"M{x - 14} 50C{x - 10} 56 {x - 10} 60 {x - 14} 64", "#9aa3b0", 0.9),
        shape(pts([(x, 36), (x + 3, 44), (x - 3, 44)]), STEEL, width=1.0),
    ]


def orb(x: float = 152, y: float = 146) -> list[str]:
    """K♣: the orb, in the left hand across the body."""
    return [
        circle(x, y, 8, YELLOW),
        line(f"M{x - 8} {y}L{x + 8} {y}M{x} {y - 8}L{x} {y + 8}", INK, 1.0),
        *[circle(x + dx, y + dy, 1.2, RED, None) for dx, dy in ((-4, -4), (4, -4), (-4, 4),
                                                                (4, 4))],
        line(f"M{x} {y - 8}L{x} {y - 15}M{x - 3} {y - 12.5}L{x + 3} {y - 12.5}", INK, 1.6),
        *fist(x + 1, y + 9),
    ]


def sceptre(x: float = 80) -> list[str]:
    return [
        shape(pts([(x - 1.6, 150), (x - 1.6, 58), (x + 1.6, 58), (x + 1.6, 150)]), YELLOW,
              width=1.0),
        circle(x, 54, 5, YELLOW),
        *[circle(x + dx, 54 + dy, 1.4, RED, None) for dx, dy in ((0, -2.5), (-2.5, 1), (2.5, 1))],
        shape(pts([(x, 42), (x + 3, 48), (x, 50), (x - 3, 48)]), BLUE, width=1.0),
    ]


def flower(x: float = 80, colour: str = RED) -> list[str]:
    """A rose on its stem, with two leaves."""
    top = 92
    petals = [circle(x + 5 * dx, top + 5 * dy, 4.2, colour, INK, 1.0)
              for dx, dy in ((0, -1), (0.95, -0.31), (0.59, 0.81), (-0.59, 0.81), (-0.95, -0.31))]
    return [
        line(f"M{x} {top + 4}C{x + 3} 110 {x - 2} 124 {x} 140", LEAF, 2.2),
        shape(smooth([(x, 116), (x + 8, 108), (x + 14, 110), (x + 6, 118)]), LEAF, width=0.9),
        shape(smooth([(x, 124), (x - 8, 116), (x - 13, 119), (x - 6, 126)]), LEAF, width=0.9),
        *petals,
        circle(x, top, 3, YELLOW, INK, 0.9),
    ]


def halberd(x: float = 80) -> list[str]:
    return [
        shape(pts([(x - 1.6, 150), (x - 1.6, 46), (x + 1.6, 46), (x + 1.6, 150)]), "#8a5a2b"),
        shape(pts([(x, 30), (x + 3.2, 44), (x - 3.2, 44)]), STEEL, width=1.0),
        shape(smooth([(x - 1.5, 48), (x - 12, 46), (x - 15, 58), (x - 1.5, 62)]), STEEL,
              width=1.1),
        shape(pts([(x + 1.5, 50), (x + 9, 53), (x + 1.5, 57)]), STEEL, width=1.0),
        shape(pts([(x - 3, 64), (x + 3, 64), (x + 3, 68), (x - 3, 68)]), RED, width=0.9),
    ]


def leaf(x: float = 80) -> list[str]:
    """J♥: the leaf held up like a fan."""
    outline = [(x, 140), (x - 10, 104), (x - 6, 76), (x + 2, 58), (x + 8, 78), (x + 10, 104)]
    veins = f"M{x} 138C{x} 110 {x + 1} 86 {x + 2} 62"
    for y in (78, 90, 102, 114):
        veins += f"M{x + 0.5} {y + 8}L{x - 6} {y}M{x + 0.8} {y + 8}L{x + 7} {y + 1}"
    return [shape(smooth(outline), LEAF, width=1.1), line(veins, "#bfe0a8", 0.8)]


def arrow(x: float = 80) -> list[str]:
    """J♣: an arrow, point up, fletched in red."""
    return [
        shape(pts([(x - 1.2, 152), (x - 1.2, 50), (x + 1.2, 50), (x + 1.2, 152)]), "#8a5a2b",
              width=0.9),
        shape(pts([(x, 36), (x + 4.5, 50), (x - 4.5, 50)]), STEEL, width=1.0),
        shape(pts([(x - 1, 118), (x - 6, 110), (x - 6, 122), (x - 1, 128)]), RED, width=0.9),
        shape(pts([(x + 1, 118), (x + 6, 110), (x + 6, 122), (x + 1, 128)]), RED, width=0.9),
    ]


# --- Heads -----------------------------------------------------------------------------------

HEAD_Y = 76  # the face's centre


def face(beard: bool) -> list[str]:
    y = HEAD_Y
    out = [
        shape(pts([(119, y + 12), (131, y + 12), (132, 104), (118, 104)]), FLESH, width=1.1),
        shape(smooth([(125, y - 17), (138, y - 12), (140, y + 2), (134, y + 14), (125, y + 18),
                      (116, y + 14), (110, y + 2), (112, y - 12)]), FLESH),
    ]
    if not beard:
        out += [circle(117.5, y + 7, 3, BLUSH, None), circle(132.5, y + 7, 3, BLUSH, None)]
    for ex in (119.0, 131.0):
        out.append(shape(f"M{num(ex - 4.2)} {y}Q{num(ex)} {y - 3.4} {num(ex + 4.2)} {y}"
                         f"Q{num(ex)} {y + 2.6} {num(ex - 4.2)} {y}Z", WHITE, width=0.9))
        out.append(circle(ex, y - 0.2, 1.6, BLUE, None))
        out.append(circle(ex, y - 0.2, 0.7, INK, None))
        out.append(line(f"M{num(ex - 4.6)} {y - 4.6}Q{num(ex)} {y - 7.6} {num(ex + 4.6)} {y - 4.8}",
                        INK, 1.3))
    out.append(line(f"M125.5 {y + 1}L123.6 {y + 9}Q125 {y + 10.6} 127.4 {y + 9.6}", INK, 1.0))
    out.append(shape(f"M121 {y + 13}Q125 {y + 11.4} 129 {y + 13}Q125 {y + 16} 121 {y + 13}Z",
                     RED, width=0.7))
    return out


def curls(x: float, top: float, bottom: float, colour: str, side: int) -> list[str]:
    """A column of curls beside the face (side -1 on the left, 1 on the right)."""
    out = []
    count = 4
    for i in range(count):
        cy = top + (bottom - top) * (i + 0.5) / count
        r = (bottom - top) / count * 0.62
        out.append(circle(x, cy, r, colour, INK, 1.0))
        out.append(line(f"M{num(x + side * r * 0.5)} {num(cy - r * 0.3)}"
                        f"A{num(r * 0.5)} {num(r * 0.5)} 0 1 {1 if side > 0 else 0} "
                        f"{num(x)} {num(cy + r * 0.45)}", INK, 0.8))
    return out


def king_head(beard_colour: str, cap: str) -> list[str]:
    y = HEAD_Y
    out = [*curls(108, y - 10, y + 22, beard_colour, -1), *curls(142, y - 10, y + 22, beard_colour, 1)]
    out += face(beard=True)
    beard = (smooth([(110, y - 2), (111, y + 16), (118, y + 30), (125, y + 34), (132, y + 30),
                     (139, y + 16), (140, y - 2)], close=False)
             + f"C138 {y + 10} 133 {y + 15} 125 {y + 16}C117 {y + 15} 112 {y + 10} 110 {y - 2}Z")
    out.append(shape(beard, beard_colour))
    for i, x in enumerate((116, 120.5, 125, 129.5, 134)):
        drop = 24 + 6 * (1 - abs(i - 2) / 2)
        out.append(line(f"M{x} {y + 18}Q{x - 2} {num(y + drop * 0.7)} {x} {num(y + drop)}",
                        INK, 0.8))
    moustache = (f"M125 {y + 11}C121 {y + 10} 117 {y + 11} 114 {y + 8}C115 {y + 13} 120 {y + 14}"
                 f" 125 {y + 12.5}C130 {y + 14} 135 {y + 13} 136 {y + 8}C133 {y + 11} 129 {y + 10}"
                 f" 125 {y + 11}Z")
    out.append(shape(moustache, beard_colour, width=0.9))
    out.append(shape(f"M121.5 {y + 13.5}Q125 {y + 12.5} 128.5 {y + 13.5}Q125 {y + 15.5}"
                     f" 121.5 {y + 13.5}Z", RED, width=0.6))
    out += crown(cap, tall=True)
    return out


def crown(cap: str, tall: bool) -> list[str]:
    """A gold crown over a velvet cap: pointed with balls for a king, arched with pearls for a
    queen."""
    y = HEAD_Y - 16  # the band's foot
    out = [shape(smooth([(111, y), (112, y - 14), (125, y - 22), (138, y - 14), (139, y)]), cap)]
    if tall:
        points = [(109, y), (109, y - 6), (111, y - 20), (116, y - 9), (120, y - 17),
                  (125, y - 27), (130, y - 17), (134, y - 9), (139, y - 20), (141, y - 6),
                  (141, y)]
        out.append(shape(pts(points), YELLOW))
        out += [circle(x, yy - 2.2, 2.2, YELLOW, INK, 1.0)
                for x, yy in ((111, y - 20), (120, y - 17), (130, y - 17), (139, y - 20))]
        out.append(shape(pts([(125, y - 32), (127.5, y - 28.5), (125, y - 26), (122.5, y - 28.5)]),
                         YELLOW, width=1.0))
    else:
        arches = (f"M109 {y}L109 {y - 6}Q113 {y - 19} 117 {y - 7}Q121 {y - 21} 125 {y - 8}"
                  f"Q129 {y - 21} 133 {y - 7}Q137 {y - 19} 141 {y - 6}L141 {y}Z")
        out.append(shape(arches, YELLOW))
        out += [circle(x, yy, 1.8, WHITE, INK, 0.8)
                for x, yy in ((113, y - 14), (121, y - 16), (129, y - 16), (137, y - 14))]
        out.append(circle(125, y - 12, 2.4, RED, INK, 0.8))
    band_d = pts([(108, y - 6.5), (142, y - 6.5), (142, y + 0.5), (108, y + 0.5)])
    out.append(shape(band_d, YELLOW, width=1.1))
    out += [fill_only(pts(diamond(x, y - 3, 2.2, 2.6)), RED if i % 2 else BLUE)
            for i, x in enumerate((112, 118.5, 125, 131.5, 138))]
    return out


def queen_head(hair: str, veil: str) -> list[str]:
    y = HEAD_Y
    out = [shape(smooth([(108, y - 16), (100, y + 4), (96, y + 26), (90, 108), (160, 108),
                         (154, y + 26), (150, y + 4), (142, y - 16)], close=False) + "Z", veil)]
    # Long hair falling behind the shoulders, with wave lines.
    for side in (-1, 1):
        x0 = MID_X + side * 14
        lock = [(x0, y - 14), (x0 + side * 5, y), (x0 + side * 6, y + 16), (x0 + side * 9, y + 30),
                (x0 + side * 3, y + 32), (x0 + side * 1, y + 14), (x0 - side * 1, y - 4)]
        out.append(shape(smooth(lock), hair))
        for k in range(3):
            yy = y + k * 9
            out.append(line(f"M{num(x0 + side * 2)} {yy}Q{num(x0 + side * 5)} {yy + 5}"
                            f" {num(x0 + side * 3.5)} {yy + 10}", INK, 0.7))
    out += face(beard=False)
    out.append(shape(f"M111 {y - 8}C112 {y - 18} 138 {y - 18} 139 {y - 8}C133 {y - 13} 117 {y - 13}"
                     f" 111 {y - 8}Z", hair, width=1.0))
    out += crown(RED if veil == BLUE else BLUE, tall=False)
    # A string of pearls at the throat.
    out += [circle(116 + i * 3, 104 + 2.4 * (1 - abs(i - 3) / 3), 1.3, WHITE, INK, 0.6)
            for i in range(7)]
    return out


def jack_head(main: str, hair: str, feather: str) -> list[str]:
    y = HEAD_Y
    bob = [(110, y - 12), (106, y + 2), (107, y + 16), (112, y + 22), (116, y + 12),
           (116, y - 6), (134, y - 6), (134, y + 12), (138, y + 22), (143, y + 16),
           (144, y + 2), (140, y - 12)]
    out = [shape(smooth(bob), hair)]
    for x in (108.5, 141.5):
        out.append(circle(x, y + 19, 3.4, hair, INK, 1.0))
    out += face(beard=False)
    out.append(line(f"M120 {y + 11.5}Q122.5 {y + 10} 125 {y + 11}Q127.5 {y + 10} 130 {y + 11.5}",
                    INK, 0.9))
    # A flat cap with a rolled brim and a long feather.
    top = y - 14
    out.append(shape(smooth([(108, top), (110, top - 12), (125, top - 17), (142, top - 12),
                             (146, top - 2)], close=False) + "Z", main))
    out.append(shape(smooth([(104, top + 1), (125, top - 4), (148, top), (125, top + 4)]), YELLOW,
                     width=1.1))
    out += motifs_in([(112, top - 12), (140, top - 12), (142, top - 3), (110, top - 3)], 5, 1.5,
                     lambda x, yy, r: circle(x, yy, 1.0, YELLOW, None))
    out.append(shape(smooth([(140, top - 4), (146, top - 18), (156, top - 26), (160, top - 22),
                             (150, top - 12)]), feather, width=1.0))
    out.append(line(f"M141 {top - 5}C147 {top - 15} 152 {top - 21} 158 {top - 23}", INK, 0.7))
    return out


# --- Figures ---------------------------------------------------------------------------------

def king(suit: str) -> list[str]:
    main, second, pattern = SCHEMES[suit]
    beard = DARK_HAIR if suit in "SC" else YELLOW
    behind = sword_behind(second) if suit == "H" else []
    held = {"S": sword(), "D": axe(), "C": sword(), "H": []}[suit]
    extra = orb() if suit == "C" else []
    return [*behind, *robe(main, second, pattern), *cape(second), *ermine(104, 14, 24),
            *held, *arm(second), *fist(), *extra, *king_head(beard, RED if main == BLUE else BLUE)]


def queen(suit: str) -> list[str]:
    main, second, pattern = SCHEMES[suit]
    held = sceptre() if suit == "S" else flower(colour={"H": RED, "D": WHITE, "C": RED}[suit])
    extra = flower(150, RED if suit == "S" else YELLOW)[3:] if suit in "SC" else []
    sleeve = arm(second)
    return [*robe(main, second, pattern), *queen_head(YELLOW, second),
            *ermine(106, 10, 20), *held, *sleeve, *fist(), *extra]


def jack(suit: str) -> list[str]:
    main, second, pattern = SCHEMES[suit]
    held = {"S": halberd(), "H": leaf(), "D": halberd(), "C": arrow()}[suit]
    collar = [shape(smooth([(104, 103), (125, 114), (146, 103), (125, 108)]), WHITE, width=1.0)]
    return [*robe(second, main, "dots" if pattern == "lattice" else "lattice"), *collar,
            *held, *arm(main), *fist(), *jack_head(main, YELLOW, second)]


FIGURES: dict[str, Callable[[str], list[str]]] = {"K": king, "Q": queen, "J": jack}


def court_figure(rank: str, suit: str) -> list[str]:
    """The SVG elements of the figure's top half."""
    return merged(FIGURES[rank](suit))
