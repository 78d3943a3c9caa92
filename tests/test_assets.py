"""The committed assets: complete, named by one scheme, up to date with their generators, usable."""

from __future__ import annotations

import importlib.util
import io
import math
import re
import struct
import sys
import wave
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
CARDS = ASSETS / "cards"

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
STYLES = ("classic", "fourcolor")
CARD_FILE = re.compile(r"^(classic|fourcolor)/(A|[2-9]|10|J|Q|K)[SHDC]\.svg$|^back_[a-z]+\.svg$")


def load_tool(name: str):
    """Import tools/<name>.py as a module (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def card_files() -> list[Path]:
    return sorted(p for p in CARDS.rglob("*") if p.is_file())


# --- Cards ---------------------------------------------------------------------------------------

def test_every_card_file_follows_the_naming_scheme():
    names = [p.relative_to(CARDS).as_posix() for p in card_files()]
    wrong = [n for n in names if not CARD_FILE.match(n)]
    assert not wrong, f"files outside the scheme: {wrong}"


def test_deck_is_complete_in_both_styles_with_at_least_two_backs():
    for style in STYLES:
        faces = {p.stem for p in (CARDS / style).glob("*.svg")}
        assert faces == {r + s for r in RANKS for s in SUITS}, style
    backs = {p.stem for p in CARDS.glob("back_*.svg")}
    assert {"back_blue", "back_red"} <= backs


def test_committed_cards_match_the_generator():
    make_cards = load_tool("make_cards")
    expected = make_cards.all_files()
    actual = {p.relative_to(CARDS): p.read_text(encoding="utf-8") for p in CARDS.rglob("*.svg")}
    assert set(expected) == set(actual)
    stale = sorted(str(k) for k, text in expected.items() if actual[k] != text)
    assert not stale, f"run tools/make_cards.py: stale files {stale[:5]}"


def test_svgs_are_small_and_use_no_text_elements():
    for path in CARDS.rglob("*.svg"):
        text = path.read_text(encoding="utf-8")
        # pygame-ce's SVG renderer ignores <text>, so letters must be paths.
        assert "<text" not in text, path
        # Court figures carry a patterned robe (tests/test_look_court_cards.py bounds them).
        limit = 40_000 if re.match(r"^[JQK][SHDC]$", path.stem) else 8000
        assert len(text.encode()) < limit, f"{path} is {len(text.encode())} bytes"


def _ink_pixels(surface: pygame.Surface, rect: tuple[int, int, int, int]) -> int:
    """Pixels in rect clearly darker than the card's paper (any suit colour counts).

    The area is laid on white first, so transparent corners never count as ink.
    """
    on_white = pygame.Surface(rect[2:])
    on_white.fill((255, 255, 255))
    on_white.blit(surface, (0, 0), rect)
    grey = pygame.transform.grayscale(on_white)
    return pygame.mask.from_threshold(grey, (0, 0, 0), (170, 170, 170, 255)).count()


@pytest.mark.parametrize("size", [(70, 98), (150, 210)], ids=["70x98", "150x210"])
def test_every_svg_renders_and_is_not_blank(size):
    width, height = size
    for path in CARDS.rglob("*.svg"):
        image = pygame.image.load_sized_svg(path, size)
        assert abs(image.get_width() - width) <= 1 and abs(image.get_height() - height) <= 1
        centre = image.get_at((width // 2, height // 2))
        corner = image.get_at((0, 0))
        assert centre.a == 255, f"{path}: centre not opaque"
        assert corner.a < 128, f"{path}: corner not rounded"
        assert _ink_pixels(image, (0, 0, width, height)) > width * height // 50, path


def _index_area(width: int, height: int) -> tuple[int, int, int, int]:
    # The top-left index lives in x 5..52, y 12..116 of the 250x350 viewBox.
    sx, sy = width / 250, height / 350
    return round(5 * sx), round(12 * sy), round(47 * sx), round(104 * sy)


def test_corner_index_has_ink_and_differs_by_rank():
    size = (100, 140)
    area = _index_area(*size)
    for style in STYLES:
        for suit in SUITS:
            crops = {}
            for rank in RANKS:
                image = pygame.image.load_sized_svg(CARDS / style / f"{rank}{suit}.svg", size)
                assert _ink_pixels(image, area) > 60, f"{style}/{rank}{suit}: no index ink"
                crops[rank] = pygame.image.tobytes(image.subsurface(area), "RGBA")
            assert len(set(crops.values())) == len(RANKS), f"{style}/{suit}: indices look alike"


def test_bottom_right_index_mirrors_the_top_left():
    size = (100, 140)
    image = pygame.image.load_sized_svg(CARDS / "classic" / "7H.svg", size)
    x, y, w, h = _index_area(*size)
    top_left = _ink_pixels(image, (x, y, w, h))
    bottom_right = _ink_pixels(image, (size[0] - x - w, size[1] - y - h, w, h))
    assert top_left > 60 and abs(top_left - bottom_right) <= top_left // 5


# --- Sounds --------------------------------------------------------------------------------------

SOUNDS = ASSETS / "sounds"
REQUIRED_SOUNDS = {"deal", "play", "draw", "shuffle", "crank", "last_card", "idiot", "round_won",
                   "round_lost", "click", "flip", "game_won"}
LONG_SOUNDS = {"shuffle", "round_won", "game_won"}


def read_wav(path: Path) -> tuple[wave._wave_params, list[float]]:
    with wave.open(str(path), "rb") as handle:
        params = handle.getparams()
        frames = handle.readframes(params.nframes)
    samples = [v / 32768 for v in struct.unpack(f"<{len(frames) // 2}h", frames)]
    return params, samples


def test_every_required_sound_exists_as_a_small_mono_wav():
    names = {p.stem for p in SOUNDS.glob("*.wav")}
    assert REQUIRED_SOUNDS <= names
    assert all(re.fullmatch(r"[a-z_]+", n) for n in names)
    for path in SOUNDS.glob("*.wav"):
        params, samples = read_wav(path)
        assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050), path
        seconds = params.nframes / params.framerate
        limit = 2.5 if path.stem in LONG_SOUNDS else 1.5
        assert 0.03 < seconds < limit, f"{path.name}: {seconds:.2f} s"
        assert max(abs(v) for v in samples) < 0.95, f"{path.name} clips"
        assert abs(samples[-1]) < 0.01, f"{path.name} ends with a click"


def test_sounds_have_similar_loudness():
    make_sounds = load_tool("make_sounds")
    levels = {}
    for path in SOUNDS.glob("*.wav"):
        levels[path.stem] = make_sounds.loudness(read_wav(path)[1])
    decibels = {name: 20 * math.log10(level) for name, level in levels.items()}
    spread = max(decibels.values()) - min(decibels.values())
    assert spread < 3.0, f"loudness spread {spread:.1f} dB: {decibels}"
    assert all(-24 < db < -12 for db in decibels.values()), decibels


def test_committed_sounds_match_the_generator(tmp_path):
    make_sounds = load_tool("make_sounds")
    for name in make_sounds.SOUNDS:
        expected = make_sounds.wav_bytes(make_sounds.render(name))
        with wave.open(str(SOUNDS / f"{name}.wav"), "rb") as handle:
            actual = handle.readframes(handle.getnframes())
        assert actual == expected, f"run tools/make_sounds.py: {name}.wav is stale"


# --- Icon ----------------------------------------------------------------------------------------

ICON = ASSETS / "icon"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE, "not a PNG"
    image = pygame.image.load(io.BytesIO(data), "icon.png")
    return image.get_size()


def test_icon_pngs_have_their_sizes():
    assert png_size((ICON / "craits.png").read_bytes()) == (256, 256)
    assert png_size((ICON / "craits_512.png").read_bytes()) == (512, 512)


def test_icon_is_opaque_in_the_middle_and_clear_in_the_corner():
    image = pygame.image.load(ICON / "craits.png")
    assert image.get_at((128, 128)).a == 255
    assert image.get_at((1, 1)).a == 0


def test_ico_holds_every_size_from_16_to_256():
    data = (ICON / "craits.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1)
    sizes = set()
    for i in range(count):
        width, height, _, _, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * i
        )
        side = width or 256
        assert (width, planes, bits) == (height, 1, 32)
        assert png_size(data[offset:offset + length]) == (side, side)
        sizes.add(side)
    assert {16, 32, 48, 256} <= sizes


def test_icns_holds_png_elements_of_the_declared_sizes():
    data = (ICON / "craits.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack_from(">I", data, 4)[0] == len(data)
    expected = {b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256, b"ic09": 512,
                b"ic11": 32, b"ic12": 64, b"ic13": 256, b"ic14": 512}
    found = {}
    position = 8
    while position < len(data):
        kind = data[position:position + 4]
        length = struct.unpack_from(">I", data, position + 4)[0]
        found[kind] = png_size(data[position + 8:position + length])
        position += length
    assert position == len(data)
    assert found == {kind: (size, size) for kind, size in expected.items()}


def test_icon_source_matches_the_generator():
    make_icon = load_tool("make_icon")
    assert (ICON / "craits.svg").read_text(encoding="utf-8") == make_icon.icon_svg()


# --- Inventory -----------------------------------------------------------------------------------

def test_readme_accounts_for_every_asset():
    readme = (ASSETS / "README.md").read_text(encoding="utf-8")
    assert "cards/classic/<code>.svg" in readme and "cards/fourcolor/<code>.svg" in readme
    listed_one_by_one = [
        *CARDS.glob("back_*.svg"), *SOUNDS.glob("*"), *(ASSETS / "fonts").glob("*"), *ICON.glob("*"),
    ]
    missing = [p.name for p in listed_one_by_one if p.name not in readme]
    assert not missing, f"assets/README.md does not mention {missing}"
    unexpected = {p.name for p in ASSETS.iterdir()} - {"README.md", "cards", "sounds", "fonts", "icon"}
    assert not unexpected, f"undocumented asset folders or files: {unexpected}"


# --- Finding bundled files -----------------------------------------------------------------------

def test_resource_path_finds_assets_in_the_source_tree():
    from craits.resources import resource_path

    assert resource_path("assets", "sounds", "deal.wav").is_file()
    assert resource_path("assets", "cards", "classic", "AS.svg") == CARDS / "classic" / "AS.svg"


def test_resource_path_uses_the_pyinstaller_bundle_when_frozen(monkeypatch, tmp_path):
    from craits.resources import resource_path

    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resource_path("assets", "fonts", "DejaVuSans.ttf") == (
        tmp_path / "assets" / "fonts" / "DejaVuSans.ttf"
    )


@pytest.mark.parametrize("parts", [("..", "etc"), ("assets", "../../x"), ("/etc/passwd",)])
def test_resource_path_refuses_to_leave_the_bundle(parts):
    from craits.resources import resource_path

    with pytest.raises(ValueError):
        resource_path(*parts)
