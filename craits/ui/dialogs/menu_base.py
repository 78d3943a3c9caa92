"""What every menu screen shares: felt background, a heading, widgets with keyboard focus,
layout rebuilt on resize and on language change, Esc to go back, and an optional scrolled
region (wheel, keys, scroll bar; focus scrolls into view).

A screen subclasses ``MenuScene`` and implements ``layout()``, returning its widgets (built for
``self.size`` and ``self.theme``); ``draw_content`` draws anything that is not a widget.

Every menu speaks through the app's speaker (``SceneContext.speech``) without code of its own:
as it opens (or is uncovered) its title and the focused control, then each control as the
focus reaches it and each new value, interrupting what was being said.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from craits import i18n
from craits.persistence.files import Problem
from craits.ui.dialogs.message import MessageScene
from craits.ui.notices import problem_notice
from craits.ui.scene import Scene, SceneContext
from craits.ui.speech.screen import ScreenSpeech, joined
from craits.ui.widgets import (
    Button,
    FocusGroup,
    Label,
    Panel,
    ScrollBar,
    Theme,
    Widget,
    draw_text_fit,
    felt_background,
    set_click_sound,
)
from craits.ui.widgets.base import spoken_parts
from craits.ui.widgets.theme import current_look


class ScrollRegion:
    """Widgets laid out on a tall page, shown through ``viewport`` at a scroll ``offset``.

    Add widgets with their rectangle in page coordinates (top of the page = 0); ``apply`` moves
    them to window coordinates and clips them to the viewport.
    """

    def __init__(self, viewport: pygame.Rect, theme: Theme) -> None:
        self.viewport = pygame.Rect(viewport)
        self.theme = theme
        self.page_rects: dict[int, pygame.Rect] = {}
        self.widgets: list[Widget] = []
        self.content_height = 0
        self.offset = 0
        self.bar = ScrollBar(self._bar_rect(), self.scroll_to)
        self.bar.set_theme(theme)

    def _bar_rect(self) -> pygame.Rect:
        bar_w = self.theme.px(8)
        vp = self.viewport
        return pygame.Rect(vp.right - bar_w, vp.top, bar_w, vp.height)

    def set_viewport(self, viewport: pygame.Rect) -> None:
        """Move or resize the visible window (e.g. shrink it to the content once laid out)."""
        self.viewport = pygame.Rect(viewport)
        self.bar.rect = self._bar_rect()
        self.apply()

    def add(self, widget: Widget, page_rect: pygame.Rect | Sequence[int]) -> Widget:
        rect = pygame.Rect(page_rect)
        self.page_rects[id(widget)] = rect
        self.widgets.append(widget)
        self.content_height = max(self.content_height, rect.bottom)
        widget.set_theme(self.theme)
        self.apply()
        return widget

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.viewport.height)

    def scroll_to(self, offset: float) -> None:
        self.offset = max(0, min(self.max_offset, round(offset)))
        self.apply()

    def scroll_by(self, delta: float) -> None:
        self.scroll_to(self.offset + delta)

    def apply(self) -> None:
        self.offset = max(0, min(self.max_offset, self.offset))
        for w in self.widgets:
            page = self.page_rects[id(w)]
            w.rect = page.move(self.viewport.left, self.viewport.top - self.offset)
            w.clip = self.viewport
        self.bar.set_extent(self.content_height, self.viewport.height, self.offset)

    def place(self, widget: Widget) -> str:
        """A row's place among the rows of a list ("3 of 20"): a control without a value of
        its own (a game in past games, a puzzle) among others of its kind; "" otherwise."""
        if widget.spoken_value():
            return ""
        rows = [w for w in self.widgets if type(w) is type(widget) and w.focusable]
        if len(rows) < 2 or widget not in rows:
            return ""
        return i18n.t("speech_menu.position", position=rows.index(widget) + 1, count=len(rows))

    def explanation(self, widget: Widget) -> str:
        """The lines that explain ``widget``: the plain labels after it, up to the next
        control or heading (a label inside the widget's own row is part of it, not said)."""
        if widget not in self.widgets:
            return ""
        texts: list[str] = []
        own = self.page_rects[id(widget)]
        for follower in self.widgets[self.widgets.index(widget) + 1 :]:
            if own.contains(self.page_rects[id(follower)]):
                continue
            if follower.focusable or not isinstance(follower, Label) or follower.bold:
                break
            texts.append(follower.text)
        return " ".join(text for text in texts if text)

    def ensure_visible(self, widget: Widget) -> None:
        """Scroll so ``widget`` shows whole, with the text that goes with it (the labels
        that follow it, up to the next control)."""
        page = self.page_rects.get(id(widget))
        if page is None:
            return
        index = self.widgets.index(widget)
        for follower in self.widgets[index + 1 :]:
            if follower.focusable:
                break
            page = page.union(self.page_rects[id(follower)])
        page = page.clip(pygame.Rect(page.left, page.top, page.width, self.viewport.height))
        margin = self.theme.px(12)
        if page.top - margin < self.offset:
            self.scroll_to(page.top - margin)
        elif page.bottom + margin > self.offset + self.viewport.height:
            self.scroll_to(page.bottom + margin - self.viewport.height)

    def handle_wheel(self, event: pygame.event.Event, mouse: tuple[int, int] | None = None) -> bool:
        """Scroll for a wheel turn over the viewport (``mouse``: the last pointer position,
        None when unknown, which counts as over it)."""
        if event.type != pygame.MOUSEWHEEL:
            return False
        if mouse is not None and not self.viewport.collidepoint(mouse):
            return False
        self.scroll_by(-event.y * self.theme.px(60))
        return True


def fit_to_rows(panel: Panel, region: ScrollRegion, theme: Theme, least: int) -> None:
    """A list's panel as tall as its rows (never below ``least`` pixels), with the region in
    it; a longer list keeps the panel and scrolls."""
    rect = panel.rect.copy()
    content = region.content_height + theme.px(32)
    if content < rect.height:
        rect.height = max(least, content)
        panel.rect = rect
        region.set_viewport(rect.inflate(-theme.px(40), -theme.px(32)))


def button_list(panel: Panel, theme: Theme, rows: Sequence[tuple[str, str, Callable[[], object]]],
                empty: str, least: int) -> tuple[ScrollRegion, list[Button]]:
    """A scrolled list in ``panel``, a button a row from (text, what speech says of it, what
    it does); ``empty`` (unless "") stands alone when there is no row. The panel shrinks to
    its rows, never below ``least`` pixels."""
    th = theme
    region = ScrollRegion(panel.rect.inflate(-th.px(40), -th.px(32)), th)
    row_w = region.viewport.width - th.px(20)
    row_h = th.row_height + th.px(6)
    if not rows and empty:
        region.add(Label((0, 0, row_w, th.px(40)), empty, color=th.text_dim, align="center"),
                   (0, 0, row_w, th.px(40)))
    buttons = []
    for i, (text, said, action) in enumerate(rows):
        button = Button((0, 0, row_w, row_h), text, action, style="secondary",
                        text_size=th.tx(19))
        button.speech_label = said
        region.add(button, (0, i * (row_h + th.px(8)), row_w, row_h))
        buttons.append(button)
    fit_to_rows(panel, region, th, least)
    return region, buttons


def draw_edge_fades(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: Theme,
    *,
    top: bool,
    bottom: bool,
) -> None:
    """Fade scrolled content out at the top and/or bottom edge of ``rect``: there is more."""
    h = min(theme.px(22), rect.height // 4)
    if h <= 0:
        return
    base = tuple(theme.panel[:3])
    for at_top, show in ((True, top), (False, bottom)):
        if not show:
            continue
        fade = pygame.Surface((rect.width, h), pygame.SRCALPHA)
        for row in range(h):
            share = (1 - row / h) if at_top else (row + 1) / h
            pygame.draw.line(fade, (*base, round(230 * share)), (0, row), (rect.width, row))
        surface.blit(fade, (rect.left, rect.top if at_top else rect.bottom - h))


class MenuScene(Scene):
    """A full-screen menu page; subclasses build widgets in ``layout``."""

    #: i18n key of the page heading ("" for none).
    heading_key = ""

    def __init__(self, app: SceneContext) -> None:
        super().__init__(app)
        width, height = app.size
        self.size = (width, height)
        self.theme = Theme.for_size(self.size)
        self.focus = FocusGroup(on_focus=self._focus_moved)
        self.speech = ScreenSpeech(self, self.spoken_title, self.focus)
        self._status = ""  # the status line said last
        self.focus.describe = self._spoken_of
        self.region: ScrollRegion | None = None
        self.mouse: tuple[int, int] | None = None  # last pointer position seen
        self._language = ""
        audio = app.audio
        if audio is not None:  # a test's stand-in for the app may have no sound
            set_click_sound(lambda: audio.play("click"))
        self.rebuild()

    # ---- layout
    def layout(self) -> list[Widget]:
        """Create the widgets for ``self.size`` (and set ``self.region`` if part scrolls)."""
        return []

    def rebuild(self) -> None:
        """Lay out again (new size, language or look), keeping the focused position and the
        scroll: the focused row of a list stays where it was on the screen, so the next click
        lands where the player aims."""
        old, index = self.region, self.focus.focus_index
        offset = old.offset if old is not None else 0
        focused = self.focus.focused
        seen_at = (focused.rect.top
                   if old is not None and focused is not None and focused in old.widgets else None)
        self.theme = Theme.for_size(self.size)
        self.region = None
        self._language = i18n.get_language()
        self._look = current_look()
        widgets = self.layout()
        for w in widgets:
            w.set_theme(self.theme)
        region = self.region
        if region is not None:
            widgets = [*widgets, region.bar]
        self.focus.set_widgets(widgets, scroll=False)
        if region is None:
            return
        same = widgets[index] if index is not None and index < len(widgets) else None
        if seen_at is not None and same is not None and same in region.widgets:
            offset = region.viewport.top + region.page_rects[id(same)].top - seen_at
        region.scroll_to(offset)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.rebuild()

    def on_enter(self) -> None:
        self.speak_screen()
        # The language (or felt, or large print) may have changed in a screen pushed over this one.
        width, height = self.app.size
        size = (width, height)
        if (self._language != i18n.get_language() or size != self.size
                or self._look != current_look()):
            self.size = size
            self.rebuild()

    def _focus_moved(self, widget: Widget) -> None:
        if self.region is not None and widget in self.region.widgets:
            self.region.ensure_visible(widget)

    # ---- frame
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if self.focus.handle(event):
            return
        if self.region is not None:
            if self.region.handle_wheel(event, self.mouse):
                return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                page = self.region.viewport.height * 0.85
                self.region.scroll_by(page if event.key == pygame.K_PAGEDOWN else -page)

    def back(self) -> None:
        """Esc or the Back button: leave this screen."""
        self.dismiss(None)

    def update(self, dt: float) -> None:
        self.focus.update(dt)
        self.speech.update()
        status = self.status_text()
        if status != self._status:  # after what the focus said, without cutting it off
            self._status = status
            if status:
                self.speech.say(status, interrupt=False)

    # ---- speech
    def speak_screen(self) -> None:
        """Say the title and the focused control again at the next frame (as on opening)."""
        self.speech.again()

    def _spoken_of(self, widget: Widget) -> str:
        """A control as the focus reaches it; in the scrolled region, a row of a list with its
        place ("3 of 20"), and at full detail with the line that explains it."""
        text = widget.spoken()
        region = self.region
        if region is None or widget not in region.widgets:
            return text
        text = spoken_parts(text, region.place(widget))
        speaker = getattr(self.app, "speech", None)
        explanation = region.explanation(widget) if speaker and speaker.wants("full") else ""
        return f"{text}. {explanation}" if explanation else text

    def tell_problems(self, problems: list[Problem], title: str) -> None:
        """The files found wrong (``problems``, then emptied) told in a message over this
        screen, once it is on top."""
        if not problems or self.app.scenes.top is not self:
            return
        text = "\n".join(str(problem_notice(p)) for p in problems)
        problems.clear()
        self.app.scenes.push(MessageScene(self.app, title, text))

    def status_text(self) -> str:
        """A line the screen shows about its choices (what stops a game from starting, say),
        said as it changes; "" for none."""
        return ""

    def spoken_title(self) -> str:
        """What the screen is: its heading, or a dialog's title and question."""
        if self.heading_key:
            return i18n.t(self.heading_key)
        texts = (getattr(self, "title", ""), getattr(self, "body", ""))
        return joined([text for text in texts if isinstance(text, str)])

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size(), self.theme), (0, 0))
        if self.heading_key:
            self.draw_heading(surface, i18n.t(self.heading_key))
        self.draw_content(surface)
        self.focus.draw(surface)
        if self.region is not None:
            region = self.region
            draw_edge_fades(
                surface,
                region.viewport,
                self.theme,
                top=region.offset > 0,
                bottom=region.offset < region.max_offset,
            )

    def draw_content(self, surface: pygame.Surface) -> None:
        """Anything besides the widgets (panels are drawn here, before the widgets)."""

    # ---- shared geometry
    def heading_rect(self) -> pygame.Rect:
        th = self.theme
        return pygame.Rect(th.px(40), th.px(18), self.size[0] - th.px(80), th.px(64))

    def draw_heading(self, surface: pygame.Surface, text: str) -> None:
        th = self.theme
        draw_text_fit(
            surface,
            text,
            self.heading_rect(),
            th.heading_size,
            color=th.gold_light,
            bold=True,
            shadow=(0, 0, 0),
        )

    def footer_rect(self) -> pygame.Rect:
        """The strip along the bottom for Back and the main action."""
        th = self.theme
        h = th.button_height
        return pygame.Rect(th.px(40), self.size[1] - h - th.px(22), self.size[0] - th.px(80), h)

    def body_rect(self) -> pygame.Rect:
        """Between the heading and the footer."""
        th = self.theme
        top = self.heading_rect().bottom + th.px(10)
        bottom = self.footer_rect().top - th.px(16)
        return pygame.Rect(th.px(40), top, self.size[0] - th.px(80), bottom - top)

    def footer_button_width(self) -> int:
        return min(self.theme.px(300), (self.size[0] - self.theme.px(120)) // 3)

    def footer_button(self, place: str, label: str, action: Callable[[], object], *,
                      style: str = "secondary", enabled: bool = True) -> Button:
        """A button of the footer's width at its ``left``, ``right`` or ``centre``."""
        footer, width = self.footer_rect(), self.footer_button_width()
        left = {"left": footer.left, "right": footer.right - width,
                "centre": footer.centerx - width // 2}[place]
        return Button(pygame.Rect(left, footer.top, width, footer.height), label, action,
                      style=style, enabled=enabled)

    def back_button_at(self, place: str = "left") -> Button:
        """Back, in the footer."""
        return self.footer_button(place, i18n.t("common.back"), self.back)

    def body_panel(self, most: int, *, top: int = 0) -> Panel:
        """A panel centred in the body, at most ``most`` pixels wide (at the base scale),
        from ``top`` pixels below the body's top to its bottom."""
        th, body = self.theme, self.body_rect()
        width = min(th.px(most), body.width)
        return Panel((body.centerx - width // 2, body.top + top, width, body.height - top),
                     theme=th)
