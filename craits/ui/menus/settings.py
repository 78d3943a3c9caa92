"""The settings screen: language, sound, animation speed, display, card style, card back, felt
colour, large print (off, 1.5x, 1.75x or 2x: text, controls and hand cards), high contrast,
the time to call "Last card!", first-game coaching notes (turning them on again
starts them over), the hand's order (by suit, rank or points, or as arranged), forced moves
played for the player, and whether a misclick may be taken back in a new game against the
computer.

Every change applies at once (``app.apply_settings()``); the settings are saved when the screen
is left (and after each change but volume drags, so a crash loses little). Reached from the title
and from the in-game pause menu; Back or Esc pops it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from typing import TypedDict, TypeVar, Unpack

import pygame

from craits import i18n
from craits.persistence import ANIMATION_SPEEDS, CARD_STYLES, Settings
from craits.persistence.settings import (
    CALL_TIMES,
    CARD_BACKS,
    COSTLY_THRESHOLDS,
    FELT_COLOURS,
    HAND_ORDERS,
    PRINT_SCALES,
    SPEECH_VERBOSITY,
)
from craits.ui.dialogs.menu_base import MenuScene, ScrollRegion
from craits.ui.scene import SceneContext
from craits.ui.widgets import Choice, Label, Panel, Slider, Toggle, Widget, draw_text_fit
from craits.ui.widgets.rows import Column, split

STYLE_KEYS = {"classic": "settings.style_classic", "fourcolor": "settings.style_four_colour"}
PREVIEW_CARDS = ("AS", "KH", "QD", "JC")  # the last is shown by its back
SCALE_KEYS = {1.5: "low_vision.scale_150", 1.75: "low_vision.scale_175",
              2.0: "low_vision.scale_200"}
ROW = (0, 0, 1, 1)  # a row's place, set as the list is laid out
V = TypeVar("V")
CALL_KEYS = {0.0: "low_vision.call_auto", 1.5: "low_vision.call_15", 3.0: "low_vision.call_30",
             5.0: "low_vision.call_50"}


class Changes(TypedDict, total=False):
    """The fields of ``Settings`` this screen changes."""

    language: str | None
    volume: float
    cue_volume: float
    muted: bool
    animation_speed: str
    fullscreen: bool
    card_style: str
    card_back: str
    felt: str
    large_cards: bool
    print_scale: float
    high_contrast: bool
    call_time: float
    coaching: bool
    coach: dict[str, object]
    undo: bool
    confirm_costly: int
    analyse_while_playing: bool
    forced_moves: bool
    hand_order: str
    speech: bool
    speech_verbosity: str


class SettingsScene(MenuScene):
    heading_key = "settings.title"

    def __init__(self, app: SceneContext) -> None:
        self.dirty = False
        super().__init__(app)

    # ---- changing settings
    @property
    def settings(self) -> Settings:
        return self.app.settings

    def change(self, *, save: bool = True, relayout: bool = False,
               **fields: Unpack[Changes]) -> None:
        """Replace some fields of the app's settings and apply them now (``relayout``: lay the
        screen out again, for a change every label, colour or size follows)."""
        self.app.settings = dataclasses.replace(self.app.settings, **fields)
        self.app.apply_settings()
        self.dirty = True
        if save:
            self.save()
        if relayout:
            self.rebuild()

    def save(self) -> None:
        if self.dirty:
            self.app.save_settings()
            self.dirty = False

    def set_language(self, code: str) -> None:
        i18n.set_language(code)
        self.change(language=code, relayout=True)

    def set_coaching(self, on: bool) -> None:
        """Off stops the notes; on again starts them over, as for a new player."""
        coach: dict[str, object] = {"shown": [], "games": 0, "enabled": True} if on else {
            **self.settings.coach, "enabled": False}
        self.change(coaching=on, coach=coach)

    def set_large_print(self, factor: float) -> None:
        """1.0 turns large print off; a step of ``PRINT_SCALES`` turns it on at that size."""
        if factor > 1.0:
            self.change(large_cards=True, print_scale=factor, relayout=True)
        else:
            self.change(large_cards=False, relayout=True)

    def on_exit(self) -> None:
        self.save()

    def on_enter(self) -> None:
        # F11 (or the pause menu) may have changed the settings while we were covered.
        super().on_enter()
        self.rebuild()

    # ---- layout
    ROWS = 10

    def panel_rect(self) -> pygame.Rect:
        """Centred in the body, as tall as the rows need (the rows scroll if the body is less)."""
        th = self.theme
        body = self.body_rect()
        w = min(th.px(1040), body.width)
        rows_h = self.ROWS * (th.row_height + th.px(12)) - th.px(12)
        h = min(body.height, max(rows_h + th.px(44), th.px(340)))
        return pygame.Rect(body.centerx - w // 2, body.top + (body.height - h) // 2, w, h)

    def layout(self) -> list[Widget]:
        th = self.theme
        panel = self.panel_rect()
        self.panel = Panel(panel, theme=th)
        # The rows take the most; the preview of the cards a quarter, beyond a rule.
        inside = panel.inflate(-2 * th.px(20), -2 * th.px(20))
        viewport, self.preview = split(inside, [None, round(panel.width * 0.24)], th.px(24))
        self.region = ScrollRegion(viewport, th)
        self.controls = self.rows()
        rows = Column(0, 0, viewport.width - th.px(20))
        for control in self.controls:
            control.set_theme(th)
            height = control.height_for(rows.width, th.row_height)
            self.region.add(control, rows.take(height, after=th.px(12)))
        self.back_button = self.back_button_at("centre")
        return [*self.controls, self.back_button]

    def rows(self) -> list[Widget]:
        """The controls from the top down, each changing its setting at once."""
        s, th = self.settings, self.theme
        on_text, off_text = i18n.t("common.on"), i18n.t("common.off")

        def switch(key: str, value: bool, on_change: Callable[[bool], object]) -> Toggle:
            return Toggle(ROW, i18n.t(key), value, on_change, on_text=on_text, off_text=off_text)

        def choice(key: str, options: Sequence[tuple[V, str]], value: V,
                   on_change: Callable[[V], object]) -> Choice[V]:
            return Choice(ROW, i18n.t(key), options, value, on_change)

        def texts(keys: Iterable[str], form: str) -> list[tuple[str, str]]:
            return [(key, i18n.t(form.format(key))) for key in keys]

        return [
            choice("settings.language", i18n.available_languages(), i18n.get_language(),
                   self.set_language),
            Slider(ROW, i18n.t("settings.volume"), s.volume,
                   lambda v: self.change(save=False, volume=v), step=0.05),
            switch("settings.mute", s.muted, lambda v: self.change(muted=v)),
            choice("settings.animation_speed", texts(ANIMATION_SPEEDS, "settings.speed_{}"),
                   s.animation_speed, lambda v: self.change(animation_speed=v)),
            choice("settings.display", [(False, i18n.t("settings.window")),
                                        (True, i18n.t("settings.fullscreen"))],
                   bool(s.fullscreen), lambda v: self.change(fullscreen=v)),
            choice("settings.card_style",
                   [(style, i18n.t(STYLE_KEYS.get(style, style))) for style in CARD_STYLES],
                   s.card_style, lambda v: self.change(card_style=v)),
            choice("low_vision.print_size",
                   [(1.0, off_text), *((f, i18n.t(SCALE_KEYS[f])) for f in PRINT_SCALES)],
                   s.print_factor, self.set_large_print),
            switch("low_vision.high_contrast", s.high_contrast,
                   lambda v: self.change(high_contrast=v, relayout=True)),  # every colour
            choice("settings.card_back", texts(CARD_BACKS, "settings.back_{}"), s.card_back,
                   lambda v: self.change(card_back=v)),
            choice("settings.felt", texts(FELT_COLOURS, "settings.felt_{}"), s.felt,
                   lambda v: self.change(felt=v, relayout=True)),  # panels take its tint
            switch("settings.coaching", s.coaching, self.set_coaching),
            choice("hand.order", texts(HAND_ORDERS, "hand.order_{}"), s.hand_order,
                   lambda v: self.change(hand_order=v)),
            switch("hand.forced_moves", s.forced_moves, lambda v: self.change(forced_moves=v)),
            switch("undo.setting", s.undo, lambda v: self.change(undo=v)),
            choice("cost.setting", [(points, i18n.tn("cost.threshold", points) if points
                                     else off_text) for points in COSTLY_THRESHOLDS],
                   s.confirm_costly, lambda v: self.change(confirm_costly=v)),
            switch("luck.setting", s.analyse_while_playing,
                   lambda v: self.change(analyse_while_playing=v)),
            switch("speech.setting", s.speech, lambda v: self.change(speech=v)),
            choice("speech.setting_detail", texts(SPEECH_VERBOSITY, "speech.detail_{}"),
                   s.speech_verbosity, lambda v: self.change(speech_verbosity=v)),
            Slider(ROW, i18n.t("cue.volume"), s.cue_volume,
                   lambda v: self.change(save=False, cue_volume=v), step=0.05),
            Label(ROW, i18n.t("cue.explain"), size=th.small_size, color=th.text_dim,
                  wrap=True),
            choice("low_vision.call_time", [(t, i18n.t(CALL_KEYS[t])) for t in CALL_TIMES],
                   s.call_time, lambda v: self.change(call_time=v)),
        ]

    # ---- drawing
    def draw_content(self, surface: pygame.Surface) -> None:
        self.panel.draw(surface)
        self.draw_preview(surface)

    def draw_preview(self, surface: pygame.Surface) -> None:
        """A few cards in the chosen style and size, so the choice can be seen."""
        th = self.theme
        box = self.preview
        pygame.draw.line(
            surface,
            th.panel_border,
            (box.left - th.px(12), box.top),
            (box.left - th.px(12), box.bottom),
            1,
        )
        card_art = self.app.card_art
        if card_art is None:  # a test's stand-in for the app may have no art
            return
        large = self.settings.print_factor > 1.0
        n = len(PREVIEW_CARDS)
        card_h = min(
            round(box.height * (0.55 if large else 0.42)),
            round(box.width / (1 + (n - 1) * 0.42) * 7 / 5),
        )
        card_w = round(card_h * 5 / 7)
        step = round(card_w * 0.42)
        total = card_w + step * (n - 1)
        x = box.centerx - total // 2
        y = box.centery - card_h // 2
        back = self.settings.card_back
        for i, code in enumerate(PREVIEW_CARDS):
            try:
                if i == n - 1:
                    face = card_art.back((card_w, card_h), back)
                else:
                    face = card_art.face(code, (card_w, card_h), self.settings.card_style)
                shadow = card_art.shadow((card_w, card_h))
            except (ValueError, pygame.error, OSError):
                return
            blur = (shadow.get_width() - card_w) // 2
            surface.blit(shadow, (x + i * step - blur, y - blur + th.px(3)))
            surface.blit(face, (x + i * step, y))
        label = i18n.t(STYLE_KEYS.get(self.settings.card_style, "settings.card_style"))
        if i18n.has_key(f"settings.back_{back}"):
            label = f"{label} · {i18n.t(f'settings.back_{back}')}"
        draw_text_fit(
            surface,
            label,
            pygame.Rect(box.left, y + card_h + th.px(14), box.width, th.tx(30)),
            th.body_size,
            color=th.text_dim,
        )
