"""The title screen: the game's name over a fan of cards, and the main menu beside it.

Continue shows only when a saved game exists. Messages for the player (``app.notices``, e.g. a
damaged save kept aside) appear one at a time in a banner with a Close button.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Protocol, runtime_checkable

import pygame

import craits
from craits import i18n
from craits.ui.cards.painter import CardImages
from craits.ui.dialogs.menu_base import MenuScene
from craits.ui.menus.daily import DailyScene, keeper_for, summary_line
from craits.ui.menus.new_game import NewGameScene
from craits.ui.menus.rules import RulesScene
from craits.ui.menus.settings import SettingsScene
from craits.ui.menus.statistics import StatisticsScene
from craits.ui.scene import SceneContext
from craits.ui.speech.screen import joined
from craits.ui.widgets import Button, Panel, Widget, draw_shadow, draw_text_fit
from craits.ui.widgets.base import spoken_parts

# The decoration: the cards that make Craits what it is (the crank's 2 and ace, a 3, an 8).
FAN_CARDS = ("3D", "2C", "8S", "AH", "7H")
FAN_SPREAD_DEGREES = 44


class _Saves(Protocol):
    def exists(self) -> bool: ...

    def has_previous(self) -> bool: ...


# What the title reads of an app beyond the scene context, when it has it (the ``App`` does;
# a test's stand-in may not): whether a game is saved, and what it is.
@runtime_checkable
class _KeepsSaves(Protocol):
    @property
    def saves(self) -> _Saves: ...


@runtime_checkable
class _DescribesSave(Protocol):
    def saved_game_text(self) -> str | None: ...


@runtime_checkable
class _TakesUpPrevious(Protocol):
    def continue_previous(self) -> bool: ...


class TitleScene(MenuScene):
    def __init__(self, app: SceneContext) -> None:
        # By centre, card height and face style: the images and where they go.
        self._fan_cache: tuple[tuple[tuple[int, int], int, str],
                               list[tuple[pygame.Surface, tuple[int, int]]]] | None = None
        self.notice_close: Button | None = None
        super().__init__(app)

    # ---- layout
    def has_save(self) -> bool:
        app = self.app
        try:
            return isinstance(app, _KeepsSaves) and app.saves.exists()
        except OSError:
            return False

    def has_previous(self) -> bool:
        """A game replaced by a new one is kept to be taken up again."""
        app = self.app
        try:
            return (isinstance(app, _KeepsSaves) and isinstance(app, _TakesUpPrevious)
                    and app.saves.has_previous())
        except OSError:
            return False

    def menu_rect(self) -> pygame.Rect:
        th = self.theme
        w, h = self.size
        width = min(th.px(380), int(w * 0.34))
        return pygame.Rect(w - width - th.px(70), th.px(60), width, h - th.px(120))

    def art_rect(self) -> pygame.Rect:
        """Left of the menu (and below a notice banner): where the fan and the title go."""
        th = self.theme
        menu = self.menu_rect()
        top = th.px(30)
        if self.current_notice() is not None:
            top = self.notice_rect().bottom + th.px(10)
        return pygame.Rect(th.px(30), top, menu.left - th.px(60), self.size[1] - top - th.px(40))

    def layout(self) -> list[Widget]:
        th = self.theme
        entries: list[tuple[str, Callable[[], object], str]] = []
        if self.has_save():
            entries.append(("menu.continue", self.app.continue_game, "primary"))
        if self.has_previous():
            entries.append(("menu.continue_previous", self.continue_previous, "secondary"))
        entries += [
            ("menu.new_game", partial(self.open, NewGameScene),
             "secondary" if entries else "primary"),
            *([("daily.menu", self.open_daily, "secondary")] if keeper_for(self.app) else []),
            ("menu.rules", partial(self.open, RulesScene), "secondary"),
            ("menu.settings", partial(self.open, SettingsScene), "secondary"),
            ("menu.statistics", partial(self.open, StatisticsScene), "secondary"),
            ("menu.quit", self.app.quit, "secondary"),
        ]
        menu = self.menu_rect()
        gap = th.px(14)
        # Under Continue, what it resumes: players, round, when it was saved; under the deal
        # of the day, today's deal, played or not, the streak and the par.
        self.continue_detail = self.saved_game_text() if self.has_save() else None
        keeper = keeper_for(self.app)
        self.daily_detail = summary_line(keeper) if keeper is not None else None
        details = self.details = {"menu.continue": self.continue_detail,
                                  "daily.menu": self.daily_detail}
        # The deal's line wraps onto a second line when it is long (the par is its last part).
        heights = {"menu.continue": th.tx(24), "daily.menu": th.tx(40)}
        details_h = sum(heights[key] for key, text in details.items() if text)
        button_h = min(th.button_height + th.px(6),
                       (menu.height - gap * 7 - details_h) // len(entries))
        total = len(entries) * button_h + (len(entries) - 1) * gap + details_h
        y = menu.centery - total // 2
        widgets: list[Widget] = []
        self.buttons: dict[str, Button] = {}
        self.detail_rects: dict[str, pygame.Rect] = {}
        for key, action, style in entries:
            rect = pygame.Rect(menu.left + th.px(24), y, menu.width - th.px(48), button_h)
            button = Button(rect, i18n.t(key), action, style=style, text_size=th.tx(26))
            self.buttons[key] = button
            widgets.append(button)
            y += button_h + gap
            if details.get(key):
                self.detail_rects[key] = pygame.Rect(rect.left, y - gap + th.px(2),
                                                     rect.width, heights[key])
                y += heights[key]
        self.menu_panel = Panel(
            (menu.left, y - total - gap - th.px(28), menu.width, total + th.px(56)), theme=th)
        self.notice_close = None
        notice = self.current_notice()
        if notice is not None:
            box = self.notice_rect()
            close_w = min(th.px(150), box.width // 4)
            self.notice_close = Button(
                (box.right - close_w - th.px(14), box.centery - th.px(22), close_w, th.px(44)),
                i18n.t("common.close"), self.dismiss_notice, style="secondary")
            widgets.insert(0, self.notice_close)
        return widgets

    @property
    def continue_detail_rect(self) -> pygame.Rect | None:
        return self.detail_rects.get("menu.continue")

    def saved_game_text(self) -> str | None:
        app = self.app
        try:
            return app.saved_game_text() if isinstance(app, _DescribesSave) else None
        except (OSError, ValueError):
            return None

    # ---- notices
    def current_notice(self) -> str | None:
        notices = self.app.notices
        return str(notices[0]) if notices else None

    def notice_rect(self) -> pygame.Rect:
        th = self.theme
        w = min(self.size[0] - th.px(60), th.px(1000))
        return pygame.Rect((self.size[0] - w) // 2, th.px(14), w, th.px(84))

    def dismiss_notice(self) -> None:
        notices = self.app.notices
        if notices:
            notices.pop(0)
        self.rebuild()
        self.speak_screen()  # the next message, or the menu, is said

    def spoken_title(self) -> str:
        """The game's name and the message over the menu (before its Close button)."""
        return joined((i18n.t("app.title"), self.current_notice() or ""))

    def _spoken_of(self, widget: Widget) -> str:
        """A menu entry with the line under it (the saved game, today's deal) and its place
        ("Deal of the day, Deal 339 · not played yet, 2 of 6")."""
        entries = list(self.buttons.items())
        for place, (key, button) in enumerate(entries, 1):
            if button is widget:
                return spoken_parts(widget.spoken(), self.details.get(key) or "", i18n.t(
                    "speech_menu.position", position=place, count=len(entries)))
        return super()._spoken_of(widget)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and (event.key in (pygame.K_F1, pygame.K_QUESTION)
                                             or getattr(event, "unicode", "") == "?"):
            # The keys of the table, listed before a game as at the table (F1 or ?).
            self.app.scenes.push(self.app.screens.controls())
            return
        super().handle(event)

    # ---- actions
    def continue_previous(self) -> None:
        if isinstance(self.app, _TakesUpPrevious):
            self.app.continue_previous()

    def open(self, screen: Callable[[SceneContext], MenuScene]) -> None:
        self.app.scenes.push(screen(self.app))

    def open_daily(self) -> None:
        keeper = keeper_for(self.app)
        if keeper is not None:
            self.app.scenes.push(DailyScene(self.app, keeper))

    def back(self) -> None:
        # Esc closes the banner first; on the bare menu it moves the focus to Quit.
        if self.current_notice() is not None:
            self.dismiss_notice()
            return
        self.focus.keyboard = True
        self.focus.focus(self.buttons["menu.quit"])

    def on_enter(self) -> None:
        # A save may have appeared or gone (a game abandoned, finished) while we were covered.
        has_continue = "menu.continue" in self.buttons
        has_previous = "menu.continue_previous" in self.buttons
        keeper = keeper_for(self.app)
        settled = keeper is not None and keeper.settle()  # a deal of the day just finished
        if settled or has_continue != self.has_save() or has_previous != self.has_previous():
            self.rebuild()
        super().on_enter()

    # ---- drawing
    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.theme
        art = self.art_rect()
        card_h = min(int(art.height * 0.40), int(art.width * 0.40))
        title_h = round(th.px(110) * 1.2)
        # fan (about 1.15 card heights tall) + title + rule + tagline, centred in the art area
        block_h = round(card_h * 1.15) + th.px(24) + title_h + th.px(90)
        top = art.top + max(0, (art.height - block_h) // 2)
        fan_centre = (art.centerx, top + round(card_h * 1.15))
        self.draw_fan(surface, fan_centre, card_h)
        title_box = pygame.Rect(art.left, fan_centre[1] + th.px(24), art.width, title_h)
        draw_text_fit(
            surface,
            i18n.t("app.title"),
            title_box.move(th.px(3), th.px(5)),
            th.px(110),
            color=(6, 28, 16),
            bold=True,
        )
        draw_text_fit(
            surface, i18n.t("app.title"), title_box, th.px(110), color=th.gold_light, bold=True
        )
        rule_y = title_box.bottom + th.px(6)
        rule_w = min(art.width // 2, th.px(300))
        pygame.draw.line(
            surface,
            th.gold_dark,
            (art.centerx - rule_w // 2, rule_y),
            (art.centerx + rule_w // 2, rule_y),
            max(1, th.px(2)),
        )
        draw_text_fit(
            surface,
            i18n.t("app.tagline"),
            pygame.Rect(art.left + th.px(20), rule_y + th.px(12), art.width - th.px(40), th.px(64)),
            th.px(24),
            color=th.text,
            wrap=True,
            valign="top",
        )
        draw_text_fit(
            surface,
            i18n.t("app.version", version=craits.__version__),
            pygame.Rect(th.px(16), self.size[1] - th.px(30), th.px(300), th.px(22)),
            th.small_size,
            color=th.text_dim,
            align="left",
        )
        self.menu_panel.draw(surface)
        for key, text in self.details.items():
            if text and key in self.detail_rects:
                draw_text_fit(surface, text, self.detail_rects[key], th.small_size,
                              color=th.text_dim, min_size=th.px(10), wrap=True)
        notice = self.current_notice()
        if notice is not None:
            self.draw_notice(surface, notice)

    def draw_notice(self, surface: pygame.Surface, text: str) -> None:
        th = self.theme
        box = self.notice_rect()
        draw_shadow(surface, box, th.radius, th.px(5))
        Panel(box, color=(70, 40, 12, 235), shadow=False).draw(surface)
        pygame.draw.rect(surface, th.gold, box, max(1, th.px(2)), border_radius=th.radius * 2)
        close_left = self.notice_close.rect.left if self.notice_close else box.right
        icon = pygame.Rect(box.left + th.px(14), box.top, th.px(40), box.height)
        draw_text_fit(surface, "!", icon, th.px(40), color=th.gold_light, bold=True)
        text_box = pygame.Rect(
            icon.right + th.px(8),
            box.top + th.px(8),
            close_left - icon.right - th.px(24),
            box.height - th.px(16),
        )
        draw_text_fit(
            surface,
            text,
            text_box,
            th.body_size,
            color=th.text,
            align="left",
            wrap=True,
            min_size=th.px(12),
        )

    def draw_fan(self, surface: pygame.Surface, centre: tuple[int, int], card_h: int) -> None:
        """The cards fanned from a point below their centre, like a hand held up."""
        card_art = self.app.card_art
        if card_art is None or card_h < 20:  # a test's stand-in for the app may have no art
            return
        style = self.app.settings.card_style
        key = (centre, card_h, style)
        if self._fan_cache is None or self._fan_cache[0] != key:
            self._fan_cache = (key, self._render_fan(card_art, centre, card_h, style))
        for image, pos in self._fan_cache[1]:
            surface.blit(image, pos)

    @staticmethod
    def _render_fan(card_art: CardImages, centre: tuple[int, int], card_h: int,
                    style: str) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        card_w = round(card_h * 5 / 7)
        pivot_drop = card_h * 1.4  # the fan turns about a point this far below the card centres
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        n = len(FAN_CARDS)
        for i, code in enumerate(FAN_CARDS):
            angle = FAN_SPREAD_DEGREES * ((i / (n - 1)) - 0.5) if n > 1 else 0.0
            try:
                face = card_art.face(code, (card_w, card_h), style)
                shadow = card_art.shadow((card_w, card_h))
            except (ValueError, pygame.error, OSError):
                return []
            rad = math.radians(angle)
            cx = centre[0] + math.sin(rad) * pivot_drop
            cy = centre[1] - card_h / 2 + pivot_drop * (1 - math.cos(rad)) - card_h * 0.05
            for image, dy in ((shadow, card_h * 0.03), (face, 0)):
                turned = pygame.transform.rotozoom(image, -angle, 1.0)
                rect = turned.get_rect(center=(round(cx), round(cy + dy)))
                blits.append((turned, rect.topleft))
        return blits
