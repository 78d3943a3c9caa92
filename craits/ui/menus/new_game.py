"""The new-game screen: who sits at the table, and which rules.

The choices live in a ``NewGameForm``; the screen shows them in two panels (players on the
left, rules on the right, see ``new_game_panels``), hands each change to the form and lays the
panels out again. Start builds a ``GameSetup`` and calls ``app.new_game(setup)``; the choices
are remembered in ``settings.new_game`` for next time, also when the player goes back.
"""

from __future__ import annotations

import dataclasses

import pygame

from craits import i18n
from craits.ui.dialogs.menu_base import MenuScene
from craits.ui.menus.new_game_form import NewGameForm, load_rule_book
from craits.ui.menus.new_game_levels import level_note
from craits.ui.menus.new_game_panels import PlayersPanel, RulesPanel
from craits.ui.scene import SceneContext
from craits.ui.widgets import Widget, draw_text_fit


class NewGameScene(MenuScene):
    heading_key = "setup.title"

    def __init__(self, app: SceneContext) -> None:
        book, problem = load_rule_book()
        if problem is not None:
            app.notices.append(i18n.t("notice.rules_file_bad", error=problem))
        self.form = NewGameForm(book, app.settings.new_game)
        self.error = ""
        super().__init__(app)

    # ---------------------------------------------------------------- changes
    def name_typed(self) -> None:
        self.error = self.form.validate()
        self.start_button.enabled = not self.error

    def refresh(self) -> None:
        self.error = self.form.validate()
        self.rebuild()

    # ---------------------------------------------------------------- actions
    def start(self) -> None:
        self.error = self.form.validate()
        if self.error:
            return
        self.app.settings = dataclasses.replace(self.app.settings, new_game=self.form.remembered())
        self.app.save_settings()
        self.app.new_game(self.form.game_setup())

    def back(self) -> None:
        # Remember the choices even without starting (names typed are not lost).
        remembered = self.form.remembered()
        if remembered != self.app.settings.new_game:
            self.app.settings = dataclasses.replace(self.app.settings, new_game=remembered)
            self.app.save_settings()
        super().back()

    # ---------------------------------------------------------------- layout
    def columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        th = self.theme
        body = self.body_rect()
        gap = th.px(24)
        left_w = round((body.width - gap) * 0.56)
        left = pygame.Rect(body.left, body.top, left_w, body.height)
        right = pygame.Rect(left.right + gap, body.top, body.width - left_w - gap, body.height)
        return left, right

    def layout(self) -> list[Widget]:
        th = self.theme
        left, right = self.columns()
        self.players_panel = PlayersPanel(left, th, self.form, changed=self.refresh,
                                          typed=self.name_typed)
        self.rules_panel = RulesPanel(right, th, self.form, changed=self.refresh)
        self.region = self.rules_panel.region
        footer = self.footer_rect()
        bw = self.footer_button_width()
        self.back_button = self.back_button_at()
        self.start_button = self.footer_button("right", i18n.t("setup.start"), self.start,
                                               style="primary", enabled=not self.error)
        self.error_rect = pygame.Rect(
            footer.left + bw + th.px(20),
            footer.top,
            footer.width - 2 * bw - th.px(40),
            footer.height,
        )
        return [
            *self.players_panel.widgets,
            *self.rules_panel.widgets,
            self.back_button,
            self.start_button,
        ]

    # ---------------------------------------------------------------- drawing
    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.theme
        self.players_panel.draw(surface)
        self.rules_panel.draw(surface)
        if self.error:
            draw_text_fit(
                surface,
                self.error,
                self.error_rect,
                th.body_size,
                color=(255, 190, 150),
                wrap=True,
                min_size=th.px(11),
            )
        elif note := self.level_note():
            draw_text_fit(
                surface, note, self.error_rect, th.small_size, color=th.text_dim, wrap=True
            )

    # ---------------------------------------------------------------- the status line
    def status_text(self) -> str:
        """What the line between Back and Start says: the problem, else the level note."""
        return self.error or self.level_note()

    def level_note(self) -> str:
        """The level under the pointer (or, when the keyboard is in use, the focused one),
        named and described; "" once the pointer or the focus has moved on."""
        level = self._pointed_level()
        return "" if level is None else level_note(level)

    def _pointed_level(self) -> str | None:
        choosers = [level for _, _, level in self.players_panel.seat_rows if level.visible]
        if self.focus.keyboard:
            focused = self.focus.focused
            return next((c.value for c in choosers if c is focused), None)
        if self.mouse is None:
            return None
        return next((c.value for c in choosers if c.rect.collidepoint(self.mouse)), None)
