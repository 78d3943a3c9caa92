"""Draw the application icon and write it in every format the packagers need.

Run from the repository root:  python tools/make_icon.py
Output (committed) in assets/icon/: craits.svg (the source), craits.png (256 px), craits_512.png,
craits.ico (16-256 px, PNG entries) and craits.icns (16-512 px, PNG entries). The icon is an SVG
rendered by pygame-ce at each size, so small sizes stay crisp; ICO and ICNS are written here (both
are simple containers of PNG images), so no image library is needed.
"""

from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402  (after the headless driver is chosen)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_cards import SUIT_PATHS, num  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "assets" / "icon"

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, and their pixel sizes.
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
    (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
)

FELT_LIGHT, FELT_DARK = "#36a269", "#165234"
CARD_EDGE = "#9d988e"
RED = "#c62a35"
INK = "#1c1f27"
GOLD = "#f0b93a"
BACK_BLUE = "#2a64ad"


def _card(cx: float, cy: float, angle: float, inner: list[str]) -> str:
    """A 100x140 card centred on (cx, cy), turned `angle` degrees, with `inner` drawn on it."""
    return (
        f'<g transform="translate({num(cx)} {num(cy)}) rotate({num(angle)})">'
        f'<rect x="-50" y="-70" width="100" height="140" rx="10" fill="#ffffff" '
        f'stroke="{CARD_EDGE}" stroke-width="2.5"/>' + "".join(inner) + "</g>"
    )


def _suit(suit: str, x: float, y: float, scale: float, colour: str) -> str:
    return (
        f'<path transform="translate({num(x)} {num(y)}) scale({scale:g})" fill="{colour}" '
        f'd="{SUIT_PATHS[suit]}"/>'
    )


def _crank_arrow(cx: float, cy: float, radius: float, width: float) -> list[str]:
    """A thick clockwise arrow sweeping under the cards: the crank."""
    start, end = math.radians(150), math.radians(12)
    x1, y1 = cx + radius * math.cos(start), cy + radius * math.sin(start)
    x2, y2 = cx + radius * math.cos(end), cy + radius * math.sin(end)
    # The arc runs anticlockwise on screen from 150 deg down through 90 deg to 12 deg.
    tangent = end - math.pi / 2
    head = width * 1.9
    tip = (x2 + head * math.cos(tangent), y2 + head * math.sin(tangent))
    wing_out = (x2 + head * 0.75 * math.cos(end), y2 + head * 0.75 * math.sin(end))
    wing_in = (x2 - head * 0.75 * math.cos(end), y2 - head * 0.75 * math.sin(end))
    return [
        f'<path fill="none" stroke="{GOLD}" stroke-width="{num(width)}" stroke-linecap="round" '
        f'd="M{num(x1)} {num(y1)}A{num(radius)} {num(radius)} 0 0 0 {num(x2)} {num(y2)}"/>',
        f'<path fill="{GOLD}" stroke="{GOLD}" stroke-width="2" stroke-linejoin="round" '
        f'd="M{num(tip[0])} {num(tip[1])}L{num(wing_out[0])} {num(wing_out[1])}'
        f'L{num(wing_in[0])} {num(wing_in[1])}Z"/>',
    ]


def icon_svg() -> str:
    back_inner = [
        f'<rect x="-42" y="-62" width="84" height="124" rx="6" fill="{BACK_BLUE}"/>',
        '<rect x="-35" y="-55" width="70" height="110" rx="4" fill="none" stroke="#ffffff" '
        'stroke-opacity="0.5" stroke-width="3"/>',
    ]
    front_inner = [
        _suit("H", 3, 12, 0.78, RED),
        # A corner "A" as strokes (pygame-ce ignores SVG text).
        f'<path fill="none" stroke="{RED}" stroke-width="7" stroke-linecap="round" '
        'stroke-linejoin="round" d="M-41 -36L-32 -60L-23 -36M-38 -44L-26 -44"/>',
    ]
    body = [
        '<defs><linearGradient id="felt" x1="0%" y1="0%" x2="0%" y2="100%">'
        f'<stop offset="0%" stop-color="{FELT_LIGHT}"/><stop offset="100%" '
        f'stop-color="{FELT_DARK}"/></linearGradient></defs>',
        '<rect x="8" y="8" width="240" height="240" rx="52" fill="url(#felt)"/>',
        *_crank_arrow(126, 134, 88, 16),
        _card(100, 118, -14, back_inner),
        _card(150, 124, 10, front_inner),
    ]
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">\n'
        + "\n".join(body)
        + "\n</svg>\n"
    )


def render_png(svg_path: Path, size: int) -> bytes:
    image = pygame.image.load_sized_svg(svg_path, (size, size))
    if image.get_size() != (size, size):
        exact = pygame.Surface((size, size), pygame.SRCALPHA)
        exact.blit(image, (0, 0))
        image = exact
    buffer = io.BytesIO()
    pygame.image.save(image, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico whose entries are PNG images (supported since Windows Vista)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, data = b"", b""
    for size in sizes:
        png = pngs[size]
        side = 0 if size >= 256 else size  # 0 means 256 in the directory entry
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + entries + data


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An Apple .icns whose elements are PNG images."""
    elements = b"".join(
        kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(elements)) + elements


def main(argv: list[str] | None = None) -> int:
    out_dir = Path(argv[0]) if argv else OUT_DIR
    out_dir.mkdir(parents=True, exist_ok=True)
    svg_path = out_dir / "craits.svg"
    svg_path.write_text(icon_svg(), encoding="utf-8", newline="\n")
    sizes = sorted(set(ICO_SIZES) | {size for _, size in ICNS_TYPES})
    pngs = {size: render_png(svg_path, size) for size in sizes}
    (out_dir / "craits.png").write_bytes(pngs[256])
    (out_dir / "craits_512.png").write_bytes(pngs[512])
    (out_dir / "craits.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    (out_dir / "craits.icns").write_bytes(icns_bytes(pngs))
    print(f"wrote icon files to {out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
