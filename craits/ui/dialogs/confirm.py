"""A small yes/no question over the current screen; dismisses with True (confirm) or False.

    app.scenes.push(ConfirmScene(app, t("stats.reset_title"), t("stats.reset_body"),
                                 t("stats.reset_confirm"), danger=True), on_result)

Enter activates the focused button (Cancel first when the action is destructive), Esc cancels,
a click outside the box cancels too.
"""

from __future__ import annotations

import pygame

from craits import i18n
from craits.ui.dialogs.menu_base import MenuScene
from craits.ui.scene import SceneContext
from craits.ui.widgets import Button, Panel, Widget, draw_text_fit


class ConfirmScene(MenuScene):
    transparent = True

    def __init__(
        self,
        app: SceneContext,
        title: str,
        body: str = "",
        confirm_label: str | None = None,
        cancel_label: str | None = None,
        *,
        danger: bool = False,
    ) -> None:
        self.title = title
        self.body = body
        self.confirm_label = confirm_label
        self.cancel_label = cancel_label
        self.danger = danger
        super().__init__(app)

    def box_rect(self) -> pygame.Rect:
        th = self.theme
        grow = 1 + (th.text_scale - 1) * 0.6  # the box grows with large print, short of its type
        w = min(th.px(640 * grow), self.size[0] - th.px(80))
        h = min(th.px(300 * grow), self.size[1] - th.px(80))
        return pygame.Rect((self.size[0] - w) // 2, (self.size[1] - h) // 2, w, h)

    def layout(self) -> list[Widget]:
        th = self.theme
        box = self.box_rect()
        self.panel = Panel(box, theme=th)
        gap = th.px(20)
        bw = (box.width - 2 * th.px(32) - gap) // 2
        y = box.bottom - th.px(28) - th.button_height
        self.cancel_button = Button(
            pygame.Rect(box.left + th.px(32), y, bw, th.button_height),
            self.cancel_label or i18n.t("common.cancel"),
            lambda: self.dismiss(False),
            style="secondary",
        )
        self.confirm_button = Button(
            pygame.Rect(box.right - th.px(32) - bw, y, bw, th.button_height),
            self.confirm_label or i18n.t("common.ok"),
            lambda: self.dismiss(True),
            style="danger" if self.danger else "primary",
        )
        return [self.cancel_button, self.confirm_button]

    def rebuild(self) -> None:
        super().rebuild()
        # A harmless question starts on OK; a destructive one on Cancel.
        self.focus.focus(self.cancel_button if self.danger else self.confirm_button)

    def back(self) -> None:
        self.dismiss(False)

    def handle(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and not self.box_rect().collidepoint(event.pos)
        ):
            self.dismiss(False)
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        self.panel.draw(surface)
        box = self.box_rect()
        inner_w = box.width - 2 * th.px(32)
        buttons_top = self.cancel_button.rect.top
        title_box = pygame.Rect(box.left + th.px(32), box.top + th.px(24), inner_w, th.tx(52))
        draw_text_fit(
            surface, self.title, title_box, th.tx(32), color=th.gold_light, bold=True, wrap=True
        )
        body_box = pygame.Rect(
            title_box.left,
            title_box.bottom + th.px(10),
            inner_w,
            buttons_top - title_box.bottom - th.px(26),
        )
        if self.body:
            draw_text_fit(
                surface,
                self.body,
                body_box,
                th.body_size,
                color=th.text,
                wrap=True,
                min_size=th.px(11),
            )
        self.focus.draw(surface)
