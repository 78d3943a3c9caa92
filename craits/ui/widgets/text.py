"""Text that never leaves its box: ``fit_text`` shrinks (and optionally wraps) a string to
fit, whatever the language, and ``draw_text_fit`` draws it aligned inside a rectangle."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from craits.ui.fonts import get_font
from craits.ui.widgets.theme import Color


@dataclass(frozen=True)
class FittedText:
    """How a text fits a box: the font size chosen, its lines, and the block's pixel size."""

    size: int
    bold: bool
    lines: tuple[str, ...]
    line_height: int
    width: int
    height: int
    truncated: bool = False  # even the smallest size did not fit: lines were cut short


BALANCE_LINES = 4  # a paragraph of up to this many lines is balanced; a longer one, its end


def wrap_words(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Word wrap of ``text`` within ``width`` (keeps explicit newlines), balanced: a paragraph
    of a few lines keeps the fewest lines but makes them as even as it can ("Ibaba ang baraha,
    iwasan ang / kadena, ingatan ang mga tres.", not a lone "tres." below a full line), and a
    longer one evens out its last two lines. A word wider than ``width`` gets its own line."""
    return [line for paragraph in text.split("\n") for line in _balanced(paragraph, font, width)]


def fill_lines(words: list[str], font: pygame.font.Font, width: int) -> list[str]:
    """As many words on each line as fit, line after line."""
    lines: list[str] = []
    current = ""
    for word in words:
        candidate = word if not current else f"{current} {word}"
        if current and font.size(candidate)[0] > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    lines.append(current)
    return lines


def _greedy_lines(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """The greedy wrap of every paragraph: as many lines as the balanced wrap has."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines += fill_lines(paragraph.split(" "), font, width)
    return lines


def _balanced(paragraph: str, font: pygame.font.Font, width: int) -> list[str]:
    words = paragraph.split(" ")
    lines = fill_lines(words, font, width)
    if len(lines) < 2:
        return lines
    if len(lines) > BALANCE_LINES:
        # Only the end: the paragraph keeps its shape, its last line is no lone word.
        tail = f"{lines[-2]} {lines[-1]}".split(" ")
        return lines[:-2] + _narrowest(tail, font, width, 2)
    return _narrowest(words, font, width, len(lines))


def _narrowest(words: list[str], font: pygame.font.Font, width: int, count: int) -> list[str]:
    """The greedy wrap of ``words`` in ``count`` lines at the smallest width that allows it
    (a binary search: the number of lines only grows as the width shrinks)."""
    low = max(font.size(word)[0] for word in words)  # no line is narrower than its widest word
    high = width  # wraps in ``count`` lines
    if low >= high:
        return fill_lines(words, font, width)
    while low < high:
        middle = (low + high) // 2
        if len(fill_lines(words, font, middle)) <= count:
            high = middle
        else:
            low = middle + 1
    return fill_lines(words, font, high)


def fit_text(
    text: str,
    width: int,
    height: int,
    size: int,
    *,
    bold: bool = False,
    wrap: bool = False,
    min_size: int = 8,
) -> FittedText:
    """Largest font size <= ``size`` at which ``text`` fits ``width`` x ``height``.

    With ``wrap`` the text may break between words; otherwise it stays on its lines. If even
    ``min_size`` is too big, the result is at ``min_size`` and is truncated with an ellipsis
    (wider words are cut) so that the width still fits.
    """
    text = drawable(text)
    width, height = max(1, width), max(1, height)
    min_size = max(1, min(min_size, size))
    fitted = None
    largest = max(size, min_size)
    if not wrap and max(map(len, text.split("\n"))) > width + 1:
        largest = min_size  # no glyph is narrower than a pixel: it cannot fit at any size
    for s in range(largest, min_size - 1, -1):
        font = get_font(s, bold)
        # Whether it fits is the greedy wrap's answer (balancing keeps the number of lines and
        # only narrows them): the balanced lines are made once, for the size that fits.
        lines = _greedy_lines(text, font, width) if wrap else text.split("\n")
        w = max((font.size(line)[0] for line in lines), default=0)
        lh = font.get_linesize()
        h = lh * len(lines)
        fitted = FittedText(s, bold, tuple(lines), lh, w, h)
        if w <= width and h <= height:
            if wrap and len(lines) > 1:
                lines = _wrapped(text, s, bold, width)
                w = max(font.size(line)[0] for line in lines)
                fitted = FittedText(s, bold, tuple(lines), lh, w, h)
            return fitted
    assert fitted is not None
    # Last resort: drop lines that do not fit vertically and truncate wide ones.
    font = get_font(fitted.size, bold)
    max_lines = max(1, height // fitted.line_height)
    lines = list(fitted.lines[:max_lines])
    if len(fitted.lines) > max_lines:
        lines[-1] = lines[-1] + "…"
    lines = [truncate(line, font, width) for line in lines]
    w = max((font.size(line)[0] for line in lines), default=0)
    return FittedText(
        fitted.size,
        bold,
        tuple(lines),
        fitted.line_height,
        w,
        fitted.line_height * len(lines),
        truncated=True,
    )


_WRAP_CACHE_TEXT = 4000  # longer texts are wrapped afresh rather than kept


@lru_cache(maxsize=512)
def _cached_wrap(text: str, size: int, bold: bool, width: int) -> list[str]:
    return wrap_words(text, get_font(size, bold), width)


def _wrapped(text: str, size: int, bold: bool, width: int) -> list[str]:
    """``wrap_words`` at a font size, remembered: a screen draws the same texts every frame."""
    if len(text) > _WRAP_CACHE_TEXT:
        return wrap_words(text, get_font(size, bold), width)
    return _cached_wrap(text, size, bold, width)


def drawable(text: str) -> str:
    """``text`` as a font can draw it: a lone surrogate (bytes of a file name that are not
    UTF-8, as Python keeps them) becomes U+FFFD, the replacement character."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in text)


def truncate(line: str, font: pygame.font.Font, width: int, *, tidy: bool = False) -> str:
    """``line`` if it fits ``width``, else its longest start that fits with an ellipsis after
    it (``tidy``: the start's trailing spaces dropped before the ellipsis).

    A binary search over the length, on a line first cut to what could possibly be seen (no
    glyph is narrower than a pixel): a few measurements however long the line is.
    """
    if font.size(line[: width + 1])[0] <= width and len(line) <= width + 1:
        return line
    line = line[: width + 1]

    def start(length: int) -> str:
        return line[:length].rstrip() if tidy else line[:length]

    low, high = 0, len(line)  # start(low) + "…" fits; start(high + 1) + "…" does not
    while low < high:
        middle = (low + high + 1) // 2
        if font.size(start(middle) + "…")[0] <= width:
            low = middle
        else:
            high = middle - 1
    return start(low) + "…" if low else ""


def wrapped_height(text: str, width: int, size: int, bold: bool = False) -> int:
    """How tall ``text`` stands wrapped to ``width`` at type ``size`` (a row grows to it)."""
    font = get_font(size, bold)
    return font.get_linesize() * len(_greedy_lines(drawable(text), font, max(1, width)))


def draw_text_fit(
    surface: pygame.Surface,
    text: str,
    rect: pygame.Rect | tuple[int, int, int, int],
    size: int,
    *,
    color: Color = (246, 238, 214),
    bold: bool = False,
    align: str = "center",
    valign: str = "center",
    wrap: bool = False,
    min_size: int = 8,
    shadow: Color | None = None,
) -> pygame.Rect:
    """Draw ``text`` inside ``rect``, shrinking (and wrapping if asked) so it never overflows.

    ``align`` is left/center/right, ``valign`` top/center/bottom. Returns the rectangle of the
    drawn text block (always inside ``rect``).
    """
    box = pygame.Rect(rect)
    fitted = fit_text(text, box.width, box.height, size, bold=bold, wrap=wrap, min_size=min_size)
    font = get_font(fitted.size, bold)
    if valign == "top":
        y = box.top
    elif valign == "bottom":
        y = box.bottom - fitted.height
    else:
        y = box.top + (box.height - fitted.height) // 2
    block = pygame.Rect(box.left, y, 0, fitted.height)
    first = True
    for line in fitted.lines:
        lw = font.size(line)[0]
        if align == "left":
            x = box.left
        elif align == "right":
            x = box.right - lw
        else:
            x = box.left + (box.width - lw) // 2
        if line:
            if shadow is not None:
                surface.blit(font.render(line, True, shadow), (x + 1, y + 2))
            surface.blit(font.render(line, True, color), (x, y))
        line_rect = pygame.Rect(x, y, lw, fitted.line_height)
        block = line_rect if first else block.union(line_rect)
        first = False
        y += fitted.line_height
    return block.clip(box) if block.width else pygame.Rect(box.left, box.top, 0, 0)
