"""Choosing the suit for an 8 (any of four) or a 9 (keep, or switch to the other suit of its
colour), and for the dealer's turned-up 8 or 9.

A modal scene: it dismisses with ``(action, announce)`` where ``action`` is one of the engine's
legal actions it was given (Play with a suit, or ChooseSuit) and ``announce`` says whether the
player also called "Last card!"; ``None`` means the play was cancelled (Esc).
Keys: 1-4 or arrows pick, Enter confirms, L toggles "Last card!", Esc cancels.
"""

from __future__ import annotations

import pygame

from craits import i18n
from craits.engine.actions import ChooseSuit, Play
from craits.engine.cards import RANK_OF, SUIT_OF, SUIT_SYMBOLS
from craits.ui.cards.painter import CardPainter
from craits.ui.dialogs.overlay import OverlayScene
from craits.ui.scene import SceneContext
from craits.ui.tabletop.painter import SUIT_COLOURS
from craits.ui.widgets import Button, draw_focus_ring, draw_rounded, draw_text_fit
from craits.ui.widgets.button_images import draw_button
from craits.ui.widgets.textcache import blit_text, text_surface


class SuitDialog(OverlayScene):
    panel_share = (0.6, 0.5)
    panel_min = (700, 400)

    def __init__(
        self,
        app: SceneContext,
        card: int,
        options: list[Play] | list[ChooseSuit],
        *,
        may_cancel: bool = True,
        offer_announce: bool = False,
        hand: list[int] | tuple[int, ...] = (),
        keyboard: bool = False,
    ) -> None:
        super().__init__(app)
        if not options:
            raise ValueError("a suit dialog needs at least one choice")
        self.card = card
        self.options: list[Play | ChooseSuit] = list(options)
        self.may_cancel = may_cancel
        self.offer_announce = offer_announce
        # How many cards of each suit the player keeps: a hint for choosing.
        self.suit_counts = [sum(1 for c in hand if SUIT_OF[c] == s) for s in range(4)]
        self.announce = False
        self.selected = 0
        self.keyboard = keyboard  # opened from the keyboard: show the focus ring at once
        self.hover: int | None = None
        self.nine = RANK_OF[card] == 9
        style = app.settings.card_style
        self.style = style
        self.cards = CardPainter(app.card_art, style)
        self.layout()

    # ------------------------------------------------------------ choices

    def suit_of(self, option: Play | ChooseSuit) -> int:
        suit = option.suit
        return SUIT_OF[self.card] if suit is None else suit

    def label(self, option: Play | ChooseSuit) -> str:
        name = i18n.suit_name(self.suit_of(option))
        if not self.nine:
            return name
        kept = option.suit is None or option.suit == SUIT_OF[self.card]
        return i18n.t("suit.keep" if kept else "suit.switch", suit=name)

    def choose(self, index: int) -> None:
        if 0 <= index < len(self.options):
            self.app.audio.play("click")
            self.dismiss((self.options[index], self.announce))

    def cancel(self) -> None:
        if self.may_cancel:
            self.dismiss(None)

    def toggle_announce(self) -> None:
        if self.offer_announce:
            self.announce = not self.announce
            self.announce_button.label = self._announce_label()
            self.announce_button.style = "primary" if self.announce else "secondary"

    def _announce_label(self) -> str:
        mark = "✓ " if self.announce else ""
        return f"{mark}{i18n.t('table.last_card')}  (L)"

    # ------------------------------------------------------------ layout

    def layout(self) -> None:
        th = self.theme
        panel = self.panel_rect()
        self.panel = panel
        pad = th.px(24)
        self.title_rect = pygame.Rect(panel.left + pad, panel.top + th.px(16),
                                      panel.width - 2 * pad, th.tx(48))
        card_h = min(round(panel.height * 0.42), th.px(190))
        self.card_size = (round(card_h * 5 / 7), card_h)
        self.card_rect = pygame.Rect(0, 0, *self.card_size)
        self.card_rect.midleft = (panel.left + pad, panel.top + round(panel.height * 0.47))
        tiles_left = self.card_rect.right + pad
        tiles_w = panel.right - pad - tiles_left
        n = len(self.options)
        gap = th.px(14)
        tile_w = min(th.px(150), (tiles_w - gap * (n - 1)) // n)
        tile_h = min(th.px(170), round(panel.height * 0.46))
        total = n * tile_w + (n - 1) * gap
        x = tiles_left + (tiles_w - total) // 2
        top = self.card_rect.centery - tile_h // 2  # beside the card, centred on it
        self.tiles = [pygame.Rect(x + i * (tile_w + gap), top, tile_w, tile_h) for i in range(n)]
        bh = min(th.button_height, round(panel.height * 0.16))
        bottom = panel.bottom - th.px(18) - bh
        bw = min(th.px(250), (panel.width - 3 * pad) // 2)
        self.cancel_button = Button(pygame.Rect(panel.right - pad - bw, bottom, bw, bh),
                                    i18n.t("common.cancel") + "  (Esc)", self.cancel,
                                    style="secondary", text_size=th.tx(20))
        self.announce_button = Button(pygame.Rect(panel.left + pad, bottom, bw, bh),
                                      self._announce_label(), self.toggle_announce,
                                      style="primary" if self.announce else "secondary",
                                      text_size=th.tx(20))
        self.cancel_button.visible = self.may_cancel
        self.announce_button.visible = self.offer_announce
        for b in (self.cancel_button, self.announce_button):
            b.set_theme(th)

    # ------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        for b in (self.cancel_button, self.announce_button):
            if b.visible and b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            key = event.key
            self.keyboard = True
            if key == pygame.K_ESCAPE:
                self.cancel()
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(self.selected)
            elif key in (pygame.K_LEFT, pygame.K_UP):
                self.selected = (self.selected - 1) % len(self.options)
            elif key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
                self.selected = (self.selected + 1) % len(self.options)
            elif pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(self.options):
                self.choose(key - pygame.K_1)
            elif key == pygame.K_l:
                self.toggle_announce()
        elif event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            self.hover = next((i for i, t in enumerate(self.tiles) if t.collidepoint(event.pos)),
                              None)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, tile in enumerate(self.tiles):
                if tile.collidepoint(event.pos):
                    self.choose(i)
                    return

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        self.draw_backdrop(surface, self.panel)
        title = i18n.t("suit.keep_or_switch" if self.nine else "suit.choose")
        draw_text_fit(surface, title, self.title_rect, th.tx(34), color=(250, 218, 130),
                      bold=True, shadow=(0, 0, 0))
        image = self.cards.base(self.card, self.card_size)
        shadow = self.cards.shadow(self.card_size)
        surface.blit(shadow, shadow.get_rect(center=(self.card_rect.centerx + th.px(3),
                                                     self.card_rect.centery + th.px(6))))
        surface.blit(image, self.card_rect)
        colours = SUIT_COLOURS.get(self.style, SUIT_COLOURS["classic"])
        for i, (option, tile) in enumerate(zip(self.options, self.tiles, strict=True)):
            hot = i == self.hover or (self.keyboard and i == self.selected)
            fill = (255, 252, 242) if hot else (240, 234, 218)
            rect = tile.move(0, -th.px(4)) if hot else tile
            draw_rounded(surface, rect.move(0, th.px(4)), (0, 0, 0, 70), th.radius)
            draw_rounded(surface, rect, fill, th.radius,
                         border=(226, 184, 84) if hot else (180, 170, 150),
                         border_width=max(1, th.px(3 if hot else 2)))
            suit = self.suit_of(option)
            glyph = text_surface(SUIT_SYMBOLS[suit], round(rect.height * 0.42), colours[suit])
            surface.blit(glyph, glyph.get_rect(center=(rect.centerx,
                                                        rect.top + round(rect.height * 0.38))))
            label_box = pygame.Rect(rect.left + th.px(6), rect.top + round(rect.height * 0.68),
                                    rect.width - th.px(12), round(rect.height * 0.28))
            draw_text_fit(surface, self.label(option), label_box, th.tx(19),
                          color=(40, 34, 24), bold=True, wrap=True)
            blit_text(surface, str(i + 1), th.tx(15), (120, 110, 90), bold=True,
                      center=(rect.left + th.px(14), rect.top + th.px(14)))
            held = self.suit_counts[suit]
            if held:
                count = blit_text(surface, str(held), th.tx(16), (40, 34, 24), bold=True,
                                  midright=(rect.right - th.px(9), rect.top + th.px(15)))
                icon = pygame.Rect(0, 0, th.px(10), th.px(14))
                icon.midright = (count.left - th.px(4), count.centery)
                pygame.draw.rect(surface, (44, 98, 168), icon, border_radius=max(1, th.px(2)))
            if self.keyboard and i == self.selected:
                draw_focus_ring(surface, rect, th)
        for b in (self.announce_button, self.cancel_button):
            if b.visible:
                draw_button(b, surface)
