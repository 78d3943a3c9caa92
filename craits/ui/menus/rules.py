"""The rules screen: the rulebook from the translation catalogue, with small card pictures.

Sections (title and body) come from ``craits.i18n.rules_sections``; ``[[7H]]`` in a body is drawn
as a little card. The text wraps to the window and scrolls (wheel, Up/Down, Page Up/Down,
Home/End, Space, the scroll bar); a contents list on the left jumps to a section.
By ear, Right arrow reads on paragraph by paragraph (scrolling to it), Left arrow reads back,
and a section chosen in the contents is read from its first paragraph.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pygame

from craits import i18n
from craits.ui.controls_list import controls_section
from craits.ui.dialogs.menu_base import MenuScene, draw_edge_fades
from craits.ui.fonts import get_font
from craits.ui.scene import SceneContext
from craits.ui.speech.screen import joined
from craits.ui.widgets import (
    Panel,
    ScrollBar,
    Theme,
    Widget,
    _clicked,
    draw_rounded,
    draw_text_fit,
)
from craits.ui.widgets.base import spoken_parts
from craits.ui.widgets.text import fill_lines, truncate
from craits.ui.widgets.theme import Color

# ----------------------------------------------------------------------------- page layout


@dataclass
class Piece:
    """One thing drawn on the page: a run of text or a card, at page coordinates."""

    kind: str  # "text" or "card"
    x: int
    y: int
    width: int
    height: int
    text: str = ""  # text run, or card code
    size: int = 0
    bold: bool = False
    color: Color = (0, 0, 0)


@dataclass
class PageLayout:
    pieces: list[Piece]
    section_tops: list[int]
    block_tops: list[list[int]]  # for each section, where each of its paragraphs starts
    height: int
    width: int


def _words(text: str) -> list[tuple[str, str]]:
    """Text and card tokens split into ("word", w) / ("card", code) items, spaces dropped."""
    items: list[tuple[str, str]] = []
    for kind, value in i18n.split_card_tokens(text):
        if kind == "card":
            items.append(("card", value))
        else:
            items.extend(("word", word) for word in value.split())
    return items


def layout_page(
    sections: list[i18n.RulesSection], width: int, theme: Theme, card_ok: Callable[[str], bool]
) -> PageLayout:
    """Lay the sections out in a column ``width`` pixels wide (pure geometry, no drawing)."""
    th = theme
    setter = _Typesetter(width, th, card_ok)
    pieces = setter.pieces
    title_size = th.subheading_size + th.px(4)
    title_font = get_font(title_size, True)
    tops: list[int] = []
    block_tops: list[list[int]] = []
    y = 0
    for section in sections:
        if tops:
            y += th.px(26)
        tops.append(y)
        for line in fill_lines(section.title.split(), title_font, width):
            pieces.append(Piece("text", 0, y, title_font.size(line)[0], title_font.get_linesize(),
                                line, title_size, True, th.gold_light))
            y += title_font.get_linesize()
        # a thin gold rule under the title
        pieces.append(Piece("rule", 0, y + th.px(4), min(width, th.px(240)), max(1, th.px(2))))
        y += th.px(16)
        block_tops.append([])
        for kind, text in i18n.rules_blocks(section.body):
            block_tops[-1].append(y)
            bullet = kind == "bullet"
            first = len(pieces)
            y = setter.flow(_words(text), th.px(26) if bullet else 0, y)
            if bullet:
                # the bullet sits on the first line of text, which a card may have pushed down
                first_text = next((p for p in pieces[first:] if p.kind == "text"), None)
                bullet_y = first_text.y if first_text is not None else y - setter.line_h
                pieces.append(Piece("bullet", th.px(8), bullet_y, th.px(8), setter.line_h, "•",
                                    th.body_size, False, th.gold))
            y += th.px(10) if bullet else th.px(14)
    return PageLayout(pieces, tops, block_tops, y + th.px(30), width)


class _Typesetter:
    """Sets paragraphs of words and little cards in a column ``width`` wide, in body type,
    adding their pieces to ``pieces``."""

    def __init__(self, width: int, theme: Theme, card_ok: Callable[[str], bool]) -> None:
        self.width, self.theme, self.card_ok = width, theme, card_ok
        self.font = get_font(theme.body_size)
        self.line_h = self.font.get_linesize()
        self.space = self.font.size(" ")[0]
        self.card_h = round(self.line_h * 2.3)
        self.card_w = round(self.card_h * 5 / 7)
        self.pieces: list[Piece] = []

    def flow(self, items: list[tuple[str, str]], indent: int, y: int) -> int:
        """Place words and cards in lines from ``y``; where the next paragraph may start."""
        line: list[tuple[str, str, int]] = []  # (kind, value, width)
        x = indent
        for kind, value in items:
            if kind == "card" and not self.card_ok(value):
                kind, value = "word", i18n.card_name(value) if _is_card(value) else value
            w = self.card_w if kind == "card" else self.font.size(value)[0]
            if line and x + w > self.width:
                y = self._set_line(line, indent, y)
                line, x = [], indent
            if kind == "word" and w > self.width - indent:
                value = truncate(value, self.font, self.width - indent)
                w = self.font.size(value)[0]
            line.append((kind, value, w))
            x += w + self.space
        return self._set_line(line, indent, y) if line else y

    def _set_line(self, items: list[tuple[str, str, int]], indent: int, y: int) -> int:
        """One line's pieces: runs of words, and cards; a line holding a card is as tall as
        the card. Where the next line starts."""
        has_card = any(kind == "card" for kind, _, _ in items)
        height = self.card_h + self.theme.px(6) if has_card else self.line_h
        text_y = y + (height - self.line_h) // 2
        run: list[str] = []
        x = run_x = indent
        for kind, value, w in items:
            if kind == "word":
                if not run:
                    run_x = x
                run.append(value)
            else:
                self._add_run(run, run_x, text_y)
                run = []
                self.pieces.append(Piece("card", x, y + (height - self.card_h) // 2, self.card_w,
                                         self.card_h, value))
            x += w + self.space
        self._add_run(run, run_x, text_y)
        return y + height + self.theme.px(2)

    def _add_run(self, words: list[str], x: int, y: int) -> None:
        if words:
            text = " ".join(words)
            self.pieces.append(Piece("text", x, y, self.font.size(text)[0], self.line_h, text,
                                     self.theme.body_size, False, self.theme.text))


def paragraphs(section: i18n.RulesSection) -> list[str]:
    """A section's paragraphs and bullets as said: each card by its symbol (speech says it in
    words), the section's title before its first."""
    said = ["".join(i18n.card_name(value) if kind == "card" and _is_card(value) else value
                    for kind, value in i18n.split_card_tokens(text))
            for _, text in i18n.rules_blocks(section.body)]
    return [joined((section.title, said[0])), *said[1:]] if said else [section.title]


def _is_card(code: str) -> bool:
    try:
        i18n.parse_card(code)
    except ValueError:
        return False
    return True


# ----------------------------------------------------------------------------- contents entry


class ContentsEntry(Widget):
    """A section title in the contents list: click or Enter jumps there."""

    def __init__(self, rect: pygame.Rect, label: str, on_click: Callable[[], object]) -> None:
        super().__init__(rect)
        self.label = label
        self.on_click = on_click
        self.current = False

    def activate(self) -> None:
        _clicked()
        self.on_click()

    def handle(self, event: pygame.event.Event) -> bool:
        self._track_hover(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.activate()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        if self.current:
            draw_rounded(surface, self.rect, (226, 184, 84, 48), th.px(8))
            bar = pygame.Rect(
                self.rect.left, self.rect.top + th.px(6), th.px(4), self.rect.height - th.px(12)
            )
            draw_rounded(surface, bar, th.gold, bar.width // 2)
        elif self.hovered:
            draw_rounded(surface, self.rect, (255, 255, 255, 20), th.px(8))
        color = th.gold_light if self.current else th.text
        draw_text_fit(
            surface,
            self.label,
            self.rect.inflate(-th.px(28), -th.px(4)),
            th.px(19),
            color=color,
            align="left",
            bold=self.current,
            wrap=True,
            min_size=th.px(11),
        )
        self.draw_focus(surface)


# ----------------------------------------------------------------------------- the scene


class RulesScene(MenuScene):
    heading_key = "rules.title"

    def __init__(self, app: SceneContext) -> None:
        self.offset = 0
        self.page: PageLayout | None = None
        self._rendered: dict[int, pygame.Surface] = {}
        self.entries: list[ContentsEntry] = []
        self.reading: tuple[int, int] | None = None  # (section, paragraph) said last
        super().__init__(app)

    # ---- geometry
    def contents_rect(self) -> pygame.Rect:
        th = self.theme
        body = self.body_rect()
        w = min(th.px(320), round(body.width * 0.27))
        return pygame.Rect(body.left, body.top, w, body.height)

    def text_panel_rect(self) -> pygame.Rect:
        th = self.theme
        body = self.body_rect()
        left = self.contents_rect().right + th.px(24)
        w = min(body.right - left, th.px(920))
        return pygame.Rect(left, body.top, w, body.height)

    def viewport(self) -> pygame.Rect:
        th = self.theme
        return self.text_panel_rect().inflate(-th.px(56), -th.px(36))

    def layout(self) -> list[Widget]:
        th = self.theme
        self.sections = [*i18n.rules_sections(), controls_section()]  # the keys last
        viewport = self.viewport()
        card_art = self.app.card_art

        def card_ok(code: str) -> bool:
            if card_art is None:  # a test's stand-in for the app may have no art
                return False
            try:
                card_art.face_path(code)
            except ValueError:
                return False
            return True

        self.page = layout_page(self.sections, viewport.width - th.px(16), th, card_ok)
        self._rendered.clear()
        self.panel = Panel(self.text_panel_rect(), theme=th)
        # A smaller title than a page's.
        self.contents_panel = Panel(self.contents_rect(), title=i18n.t("rules.contents"),
                                    title_top=10, title_height=40, theme=th)
        bar_w = th.px(8)
        self.bar = ScrollBar(
            pygame.Rect(viewport.right + th.px(14), viewport.top, bar_w, viewport.height),
            self.scroll_to,
        )
        self.bar.set_theme(th)
        inner = self.contents_panel.content_rect()
        n = max(1, len(self.sections))
        entry_h = min(th.px(58), inner.height // n)
        self.entries = []
        for i, section in enumerate(self.sections):
            rect = pygame.Rect(
                inner.left - th.px(6), inner.top + i * entry_h, inner.width + th.px(12), entry_h
            )
            self.entries.append(ContentsEntry(rect, section.title, partial(self.jump_to, i)))
        self.back_button = self.back_button_at()
        self.scroll_to(self.offset)
        return [*self.entries, self.back_button, self.bar]

    # ---- scrolling
    @property
    def max_offset(self) -> int:
        if self.page is None:
            return 0
        return max(0, self.page.height - self.viewport().height)

    def scroll_to(self, offset: float) -> None:
        self.offset = max(0, min(self.max_offset, round(offset)))
        if self.page is not None:
            self.bar.set_extent(self.page.height, self.viewport().height, self.offset)
            current = self.current_section()
            for i, entry in enumerate(self.entries):
                entry.current = i == current

    def scroll_by(self, delta: float) -> None:
        self.scroll_to(self.offset + delta)

    def jump_to(self, index: int) -> None:
        if self.page is not None and 0 <= index < len(self.page.section_tops):
            self.read_at(index, 0)

    # ---- reading by ear
    def spoken_title(self) -> str:
        return joined((i18n.t(self.heading_key), i18n.t("rules.read_keys")))

    def _spoken_of(self, widget: Widget) -> str:
        """A section in the contents with its place ("The crank, 5 of 10")."""
        if isinstance(widget, ContentsEntry) and widget in self.entries:
            return spoken_parts(widget.spoken(), i18n.t(
                "speech_menu.position", position=self.entries.index(widget) + 1,
                count=len(self.entries)))
        return super()._spoken_of(widget)

    def read_at(self, section: int, paragraph: int) -> None:
        """Say one paragraph (and show it at the top of the text)."""
        self.reading = (section, paragraph)
        if self.page is not None:
            tops = self.page.block_tops[section]  # the first with its section's title
            self.scroll_to((tops[paragraph] if paragraph else self.page.section_tops[section])
                           - self.clearance())
        self.speech.say(paragraphs(self.sections[section])[paragraph])

    def clearance(self) -> int:
        """How far below the view's top edge a section or paragraph scrolled to begins: past
        the fade along that edge (``draw_edge_fades``: at most 22 px at scale), with air."""
        return self.theme.px(22) + self.theme.px(6)

    def reading_span(self) -> tuple[int, int] | None:
        """Where the paragraph being read lies on the page (top, bottom), to mark it."""
        if self.reading is None or self.page is None:
            return None
        section, paragraph = self.reading
        tops = self.page.block_tops[section]
        if not tops:
            return None
        following = [*tops[paragraph + 1:], *self.page.section_tops[section + 1:]]
        gap = self.theme.px(10)
        return tops[paragraph], (following[0] - gap if following else self.page.height)

    def read_on(self, step: int) -> None:
        """The next (``step`` 1) or previous (-1) paragraph, across sections; past either end
        the player hears where they are."""
        places = [(s, p) for s, section in enumerate(self.sections)
                  for p in range(len(paragraphs(section)))]
        if self.reading is None or self.reading not in places:  # from the section in view
            first = places.index((self.current_section(), 0))
            there = first if step > 0 else first - 1
        else:
            there = places.index(self.reading) + step
        if 0 <= there < len(places):
            self.read_at(*places[there])
        else:
            self.speech.say(i18n.t("rules.read_end" if step > 0 else "rules.read_start"))

    def current_section(self) -> int:
        """The section at the top of the view (the last one once scrolled to the end)."""
        if self.page is None or not self.page.section_tops:
            return 0
        if self.offset >= self.max_offset and self.max_offset > 0:
            visible_end = self.offset + self.viewport().height
            tops = [i for i, top in enumerate(self.page.section_tops) if top < visible_end]
            # at the very end, the last section that starts in the top third is "current"
            third = self.offset + self.viewport().height // 3
            started = [i for i in tops if self.page.section_tops[i] <= third]
            return started[-1] if started else 0
        tops = [i for i, top in enumerate(self.page.section_tops)
                if top <= self.offset + self.clearance() + 4]
        return tops[-1] if tops else 0

    def handle(self, event: pygame.event.Event) -> None:
        th = self.theme
        line = th.px(40)
        page = self.viewport().height * 0.9
        if event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_UP: -line,
                pygame.K_DOWN: line,
                pygame.K_PAGEUP: -page,
                pygame.K_PAGEDOWN: page,
                pygame.K_SPACE: page,
            }
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return
            if event.key in (pygame.K_RIGHT, pygame.K_LEFT):
                self.read_on(1 if event.key == pygame.K_RIGHT else -1)
                return
            if event.key in (pygame.K_HOME, pygame.K_END):
                self.scroll_to(0 if event.key == pygame.K_HOME else self.max_offset)
                return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * th.px(60))
            return
        super().handle(event)

    # ---- drawing
    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.theme
        self.panel.draw(surface)
        self.contents_panel.draw(surface)
        if self.page is None:
            return
        vp = self.viewport()
        old = surface.get_clip()
        surface.set_clip(vp.clip(old) if old else vp)
        top = self.offset
        bottom = self.offset + vp.height
        card_art = self.app.card_art
        style = self.app.settings.card_style
        for i, piece in enumerate(self.page.pieces):
            if piece.y + piece.height < top or piece.y > bottom:
                continue
            x, y = vp.left + piece.x, vp.top + piece.y - self.offset
            if piece.kind in ("text", "bullet"):
                image = self._rendered.get(i)
                if image is None:
                    font = get_font(piece.size, piece.bold)
                    image = font.render(piece.text, True, piece.color)
                    self._rendered[i] = image
                surface.blit(image, (x, y))
            elif piece.kind == "rule":
                pygame.draw.rect(surface, th.gold_dark, (x, y, piece.width, piece.height))
            elif piece.kind == "card" and card_art is not None:
                size = (piece.width, piece.height)
                try:
                    face = card_art.face(piece.text, size, style)
                except (ValueError, pygame.error, OSError):
                    continue
                surface.blit(face, (x, y))
        surface.set_clip(old)
        span = self.reading_span()
        if span is not None:  # a bar in the margin beside the paragraph being read
            top, bottom = (vp.top + y - self.offset for y in span)
            bar = pygame.Rect(vp.left - th.px(14), top, th.px(4), bottom - top).clip(
                vp.inflate(th.px(40), 0))
            if bar.height > 0:
                draw_rounded(surface, bar, th.gold, bar.width // 2)
        # Fade the text out at the top and bottom edges when there is more to scroll.
        draw_edge_fades(surface, vp, th, top=self.offset > 0, bottom=self.offset < self.max_offset)
