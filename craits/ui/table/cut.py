"""Cutting for the first deal, shown before the first round: each player's cut card turns
over in turn; ties cut again on a new row; then who deals first. Any key or click continues,
and it goes on by itself after a few seconds. By ear, the whole cut is said as it opens (who
deals first is said by the table's log as play starts)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from craits import i18n
from craits.engine import events as ev
from craits.engine.cards import RANK_OF
from craits.ui.cards.painter import CardPainter
from craits.ui.dialogs.overlay import OverlayScene
from craits.ui.scene import SceneContext
from craits.ui.speech.screen import ScreenSpeech, joined
from craits.ui.speech.words import spoken
from craits.ui.tabletop.choreographer import SPEED_FACTORS
from craits.ui.widgets.textcache import text_in

FLIP_STEP = 0.45  # between two cut cards turning over, at normal speed
HOLD = 1.8  # how long the result stays before going on
SPOKEN_PACE = 0.07  # seconds a character of speech takes at a usual rate: the cut waits


def cut_rows(cuts: Sequence[ev.CardCut]) -> list[list[ev.CardCut]]:
    """Group the cuts into rounds of cutting: a new row starts when a player cuts again."""
    rows: list[list[ev.CardCut]] = []
    seen: set[int] = set()
    for cut in cuts:
        if not rows or cut.player in seen:
            rows.append([])
            seen = set()
        rows[-1].append(cut)
        seen.add(cut.player)
    return rows


class CutScene(OverlayScene):
    panel_share = (0.74, 0.62)
    panel_min = (760, 440)

    def __init__(self, app: SceneContext, names: Sequence[str], cuts: Sequence[ev.CardCut],
                 dealer: int, viewer: int | None = None) -> None:
        super().__init__(app)
        self.viewer = viewer
        self.names = list(names)
        self.rows = cut_rows(cuts)
        self.dealer = dealer
        factor = SPEED_FACTORS.get(app.settings.animation_speed, 1.0)
        self.step = FLIP_STEP * factor
        self.finish_at = self.step * sum(len(r) for r in self.rows) + 0.3 * factor
        self.leave_at = self.finish_at + HOLD * max(0.35, factor)
        self.cards = CardPainter(app.card_art, app.settings.card_style)
        self.speech = ScreenSpeech(self, self.spoken)

    def spoken(self) -> str:
        """"Cutting for the deal. Everyone cuts ... Ada cuts the four of spades. ...": each
        row of cuts, a tie's new row after "Tie: cut again"."""
        said = [i18n.t("cut.title"), i18n.t("cut.explain")]
        for r, row in enumerate(self.rows):
            if r:
                said.append(i18n.t("cut.tie"))
            said += [i18n.t("event_you.cuts", card=i18n.card_name(cut.card))
                     if cut.player == self.viewer else
                     i18n.t("cut.cuts", player=self.names[cut.player],
                            card=i18n.card_name(cut.card)) for cut in row]
        return joined((*said, i18n.t("cut.go_on")))  # it waits for the speech: say how not to

    def speak_screen(self) -> None:
        self.speech.again()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key != pygame.K_F11 or (
            event.type == pygame.MOUSEBUTTONUP and event.button == 1
        ):
            if self.age < self.finish_at:
                self.age = self.finish_at  # first skip the flips, then leave
            else:
                self.dismiss(None)

    def update(self, dt: float) -> None:
        self.age += dt
        if self.speech.pending and getattr(self.app, "speech", None) is not None \
                and self.app.speech.wants("minimal"):  # heard to its end before going on
            self.leave_at = max(self.leave_at, self.age + len(spoken(self.spoken())) * SPOKEN_PACE)
        self.speech.update()
        if self.age >= self.leave_at:
            self.dismiss(None)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        panel = self.panel_rect()
        self.draw_backdrop(surface, panel)
        pad = th.px(24)

        def across(top: int, height: int) -> pygame.Rect:
            """A line across the panel, inside its padding."""
            return pygame.Rect(panel.left + pad, top, panel.width - 2 * pad, th.px(height))

        text_in(surface, i18n.t("cut.title"), across(panel.top + th.px(14), 46), th.px(34),
                (250, 218, 130), bold=True, shadow=True)
        text_in(surface, i18n.t("cut.explain"), across(panel.top + th.px(62), 28), th.px(19),
                (196, 204, 184))
        top = panel.top + th.px(100)
        bottom = panel.bottom - th.px(70)
        rows = len(self.rows)
        row_h = min((bottom - top) // max(1, rows), th.px(220))
        top += (bottom - top - row_h * rows) // 2  # the rows sit in the middle of the panel
        card_h = min(round(row_h * 0.72), th.px(160))
        size = (round(card_h * 5 / 7), card_h)
        shown = 0
        for r, row in enumerate(self.rows):
            y = top + r * row_h
            n = len(row)
            slot_w = min(th.px(170), (panel.width - 2 * pad) // max(1, n))
            x0 = panel.centerx - slot_w * n // 2
            low = min(RANK_OF[c.card] for c in row)
            for i, cut in enumerate(row):
                cx = x0 + slot_w * i + slot_w // 2
                face = self.age >= self.step * (shown + 1)
                shown += 1
                rect = pygame.Rect(0, 0, *size).move_to(midtop=(cx, y))
                shadowed = self.cards.with_shadow(cut.card if face else None, size, 0)
                surface.blit(shadowed, shadowed.get_rect(center=rect.center))
                lowest = face and RANK_OF[cut.card] == low and self.age >= self.finish_at
                if lowest:
                    pygame.draw.rect(surface, (236, 196, 92), rect.inflate(th.px(8), th.px(8)),
                                     max(2, th.px(3)), border_radius=th.px(10))
                text_in(surface, self.names[cut.player],
                        pygame.Rect(cx - slot_w // 2 + th.px(4), rect.bottom + th.px(6),
                                    slot_w - th.px(8), th.px(26)),
                        th.px(18), (246, 238, 214), bold=lowest)
            if r < rows - 1 and self.age >= self.step * shown:
                text_in(surface, i18n.t("cut.tie"),
                        pygame.Rect(panel.right - pad - th.px(200), y, th.px(200), th.px(30)),
                        th.px(17), (236, 196, 92), align="right")
        if self.age >= self.finish_at:
            result = i18n.t("event_you.deals_first") if self.dealer == self.viewer \
                else i18n.t("cut.deals_first", player=self.names[self.dealer])
            text_in(surface, result, across(panel.bottom - th.px(62), 44), th.px(28),
                    (250, 218, 130), bold=True, shadow=True)
