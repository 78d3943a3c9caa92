"""The end of a round: every hand face up with its score, each 3 shown beside the card it
cancelled, leftover 3s with their bonus, the running totals, and the way to the next round.
Review (R) steps through the round just played (``ReviewScene``); Menu (Esc) opens the table's
menu, the way out of the table. Nothing counts in the board's first second, nor a key that was
already down when it appeared (the press that ended the round), so it is always seen.

By ear, as it opens: the round, each player's points this round and total row by row, the
leader, the rounds to go and the keys (Enter, R, F1); then the arrows and Tab walk the rows
(each with the cards left in that hand) and the buttons, and F1 lists the controls."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from craits import i18n
from craits.engine import events as ev
from craits.engine import score_hand
from craits.engine.scoring import THREE_BONUS, card_points
from craits.review import RecordError, Replay
from craits.session import Session
from craits.ui.cards.painter import CardPainter
from craits.ui.dialogs.message import MessageScene
from craits.ui.dialogs.overlay import OverlayScene
from craits.ui.scene import SceneContext
from craits.ui.speech.rows import spoken_among
from craits.ui.speech.screen import ScreenSpeech, joined
from craits.ui.speech.words import cards_list
from craits.ui.table.pause import PauseScene
from craits.ui.tabletop.choreographer import SPEED_FACTORS, names_and
from craits.ui.tabletop.hand_input import is_controls_key
from craits.ui.tabletop.painter import CREAM, GOLD_LIGHT
from craits.ui.widgets import (
    Button,
    FocusGroup,
    ReadRow,
    draw_rounded,
    draw_text_fit,
)
from craits.ui.widgets.button_images import draw_button
from craits.ui.widgets.key_guard import FreshInput
from craits.ui.widgets.textcache import blit_text

AUTOPLAY_WAIT = 4.0
SETTLE = 1.0  # seconds before any key or click counts: long enough to see the scores
DIM = (180, 192, 176)
ROW_MAX = 140  # a player's row at most (at the theme's scale): cards at full size, a note


def hand_groups(hand: Sequence[int], threes: str) -> tuple[list[int], list[tuple[int, int]], list[int], int]:
    """(counted cards, highest first; (three, cancelled card) pairs; leftover threes; the
    points the leftover threes score)."""
    score = score_hand(tuple(hand), threes)
    cancelled = {c for pair in score.cancelled for c in pair}
    leftover = [*score.bonus_threes, *score.unused_threes]
    counted = [c for c in hand if c not in cancelled and c not in leftover]
    counted.sort(key=lambda c: (-card_points(c), c))
    return counted, list(score.cancelled), leftover, THREE_BONUS * len(score.bonus_threes)


class ScoreboardScene(OverlayScene):
    panel_share = (0.86, 0.86)
    panel_min = (900, 540)

    def __init__(self, app: SceneContext, session: Session, ended: ev.RoundEnded) -> None:
        super().__init__(app)
        self.session = session
        self.ended = ended  # the hands, the scores and how the round ended
        self.cards = CardPainter(app.card_art, app.settings.card_style)
        self.autoplay = not session.human_seats()
        self.auto_after = AUTOPLAY_WAIT * max(0.25, SPEED_FACTORS.get(
            app.settings.animation_speed, 1.0))
        self.input = FreshInput(app.keys_down, SETTLE)
        self.rows: list[ReadRow] = []
        self.focus = FocusGroup()
        self.speech = ScreenSpeech(self, self.spoken_title, self.focus)
        # A row with its place ("2 of 4"), a button by its name.
        self.focus.describe = lambda widget: spoken_among(widget, self.rows)
        self.told = False  # the whole board was said once; coming back says only where it is
        self.layout()

    def panel_rect(self) -> pygame.Rect:
        """As tall as the rows need (each at most ``ROW_MAX`` high: two players' rows are
        not stretched into empty bands), centred where the board stands."""
        full = super().panel_rect()
        th = self.theme
        blocked = th.px(28) if self.ended.blocked else 0
        needed = (th.px(64 + 28 + 34) + th.button_height + blocked
                  + len(self.session.seats) * th.px(ROW_MAX))
        height = min(full.height, max(needed, th.px(360)))
        return pygame.Rect(full.left, full.centery - height // 2, full.width, height)

    def layout(self) -> None:
        th = self.theme
        panel = self.panel_rect()
        self.panel = panel
        last = self.session.match.is_over()
        label = i18n.t("score.final_results" if last else "score.next_round")
        # Next round at the bottom right, Review and Menu to its left.
        right, top = panel.right - th.px(24), panel.bottom - th.px(20) - th.button_height
        buttons: list[Button] = []
        for text, action, key, width, size in (
                (f"{label}  ⏎", self.next, pygame.K_RETURN,
                 min(th.tx(300), panel.width // 3), 22),
                (i18n.t("review.button"), self.review, pygame.K_r,
                 min(th.tx(240), panel.width // 4), 20),
                # The table's menu over the board: resume, rules, settings or the title.
                (i18n.t("table.menu"), lambda: self.app.scenes.push(PauseScene(self.app)),
                 pygame.K_ESCAPE, min(th.tx(180), panel.width // 6), 20)):
            button = Button(pygame.Rect(right - width, top, width, th.button_height), text,
                            action, key=key, style="secondary" if buttons else "primary",
                            text_size=th.tx(size))
            button.set_theme(th)
            buttons.append(button)
            right -= width + th.px(16)
        self.next_button, self.review_button, self.menu_button = buttons
        self.next_button.speech_label = label  # without the sign of the Enter key
        self.rows = [ReadRow(band, self.spoken_row(p))
                     for p, band in enumerate(self.row_bands()[2])]
        for row in self.rows:
            row.set_theme(th)
        # Enter goes on, as always; the arrows and Tab reach the rows and the other buttons.
        first = not self.focus.widgets
        self.focus.set_widgets([*self.rows, self.menu_button, self.review_button,
                                self.next_button],
                               focus_index=len(self.rows) + 2 if first else None)

    def row_bands(self) -> tuple[int, int, list[pygame.Rect]]:
        """Where the column headings stand, each player's row height, and each row's band."""
        th = self.theme
        panel = self.panel
        top = panel.top + th.px(64) + (th.px(28) if self.ended.blocked else 0)
        rows_top = top + th.px(28)
        rows_bottom = self.next_button.rect.top - th.px(14)
        n = len(self.session.seats)
        row_h = min((rows_bottom - rows_top) // n, th.px(ROW_MAX))
        bands = [pygame.Rect(panel.left + th.px(12), rows_top + p * row_h + th.px(2),
                             panel.width - th.px(24), row_h - th.px(4)) for p in range(n)]
        return top, row_h, bands

    def next(self) -> None:
        self.dismiss("next")

    def review(self) -> None:
        """Step through the round just played (the match itself is not touched)."""
        try:
            replay = Replay(self.session)
        except RecordError as exc:  # cannot happen with a match that was played here
            self.app.scenes.push(MessageScene(self.app, i18n.t("review.title"),
                                              i18n.t("review.open_failed", error=str(exc))))
            return
        self.app.scenes.push(self.app.screens.review(
            replay, round_index=self.session.match.round_index))

    def handle(self, event: pygame.event.Event) -> None:
        if not self.input.accepts(event):
            return  # held from the table's last move, or too soon to have read the board
        if event.type != pygame.KEYDOWN:
            self.focus.handle(event)
            return
        if is_controls_key(event):
            self.app.scenes.push(self.app.screens.controls())
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) \
                and not isinstance(self.focus.focused, Button):
            self.next()  # from a row being read, Enter and Space go on, as before
        elif not self.focus.handle(event) and event.key in (pygame.K_SPACE, pygame.K_KP_ENTER):
            self.next()

    def update(self, dt: float) -> None:
        self.age += dt
        self.input.update(dt)
        self.speech.update()
        if self.autoplay and self.age >= self.auto_after and self.app.scenes.top is self:
            self.next()

    # ------------------------------------------------------------ by ear

    def on_enter(self) -> None:
        self.speech.again()  # back from the review, the menu or F1: where the focus is

    def speak_screen(self) -> None:
        self.told = False
        self.speech.again()

    def spoken_title(self) -> str:
        """The whole board the first time: the round, each row, the leader, the rounds to go
        and the keys; afterwards only the round's title (the focused control follows)."""
        match = self.session.match
        title = i18n.t("score.round_results", n=match.round_index + 1)
        if self.told:
            return title
        self.told = True
        left = match.rounds - match.round_index - 1
        label = i18n.t("score.final_results" if match.is_over() else "score.next_round")
        return joined((title, i18n.t("score.blocked") if self.ended.blocked else "",
                       *(f"{self.spoken_row(p, cards=False)}." for p in range(len(self.rows))),
                       self.spoken_leader(),
                       i18n.tn("speech_board.rounds_left", left) if left > 0 else "",
                       i18n.t("speech_board.keys", next=label, review=i18n.t("review.button"),
                              help=i18n.t("controls.tip"))))

    def spoken_row(self, seat: int, *, cards: bool = True) -> str:
        """"Ada, Easy: 12 points this round, 40 points in all", then the cards left in the
        hand (each 3 with what it cancelled) when ``cards``."""
        seated = self.session.seats[seat]
        name = seated.name if seated.is_human else \
            f"{seated.name}, {i18n.level_name(seated.kind)}"
        round_points = i18n.tn("speech.points", self.ended.scores[seat])
        total = i18n.tn("speech.points", self.session.match.totals[seat])
        key = "speech_board.row_out" if self.ended.winner == seat else "speech_board.row"
        said = i18n.t(key, player=name, points=round_points, total=total)
        hand = self.ended.hands[seat]
        if not cards or not hand:
            return said
        counted, pairs, leftover, bonus = hand_groups(hand, self.session.rules.threes)
        parts = [cards_list([*counted, *leftover])] if counted or leftover else []
        parts += [i18n.t("score.cancelled", card=i18n.card_name(c)) for _, c in pairs]
        if bonus:
            parts.append(i18n.t("score.threes_bonus", points=bonus))
        return f"{said}. {i18n.t('speech_board.cards', cards='; '.join(parts))}"

    def spoken_leader(self) -> str:
        """Who has the lowest total: "Ada leads with 23 points" (or shares the lead)."""
        totals = self.session.match.totals
        best = min(totals)
        names = [self.session.seats[p].name for p, total in enumerate(totals) if total == best]
        points = i18n.tn("speech.points", best)
        humans = self.session.human_seats()
        if len(names) == 1 and len(humans) == 1 and totals[humans[0]] == best:
            return i18n.t("speech_board.leader_you", total=points)  # never "You leads"
        if len(names) == 1:
            return i18n.t("speech_board.leader", player=names[0], total=points)
        return i18n.t("speech_board.leaders", players=names_and(names), total=points)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        s = self.session
        match = s.match
        ended = self.ended
        panel = self.panel
        self.draw_backdrop(surface, panel)
        pad = th.px(24)
        title = i18n.t("score.round_results", n=match.round_index + 1)
        draw_text_fit(surface, title, pygame.Rect(panel.left + pad, panel.top + th.px(12),
                                                  panel.width - 2 * pad, th.px(48)),
                      th.tx(34), color=GOLD_LIGHT, bold=True, shadow=(0, 0, 0))
        top, row_h, bands = self.row_bands()
        if ended.blocked:
            draw_text_fit(surface, i18n.t("score.blocked"),
                          pygame.Rect(panel.left + pad, top - th.px(28), panel.width - 2 * pad,
                                      th.px(26)),
                          th.px(18), color=(236, 196, 92))
        # Columns: player | hand | score | total.
        name_w = round(panel.width * 0.2)
        num_w = round(panel.width * 0.1)
        hand_left = panel.left + pad + name_w
        hand_w = panel.width - 2 * pad - name_w - 2 * num_w
        score_x = hand_left + hand_w + num_w // 2
        total_x = score_x + num_w
        head_y = top + th.px(12)
        for key, x, width in (("score.player", panel.left + pad, name_w),
                              ("score.hand", hand_left, hand_w)):
            blit_text(surface, i18n.t(key), th.tx(17), DIM, bold=True, midleft=(x, head_y),
                      max_width=width)
        for key, x in (("score.score", score_x), ("score.total", total_x)):
            blit_text(surface, i18n.t(key), th.tx(17), DIM, bold=True, center=(x, head_y),
                      max_width=num_w - th.px(6))
        card_h = min(round(row_h * 0.62), th.px(84))
        size = (round(card_h * 5 / 7), card_h)
        best = min(match.totals)
        for p, row in enumerate(bands):
            if p % 2 == 0:
                draw_rounded(surface, row, (255, 255, 255, 14), th.px(8))
            cy = row.centery
            name = s.seats[p].name
            level = "" if s.seats[p].is_human else i18n.level_name(s.seats[p].kind)
            blit_text(surface, name, th.tx(20), CREAM, bold=True,
                      midleft=(panel.left + pad, cy - (th.tx(10) if level else 0)),
                      max_width=name_w - th.px(8))
            if level:
                blit_text(surface, level, th.tx(15), DIM, midleft=(panel.left + pad,
                                                                   cy + th.tx(13)),
                          max_width=name_w - th.px(8))
            if ended.winner == p:
                blit_text(surface, i18n.t("score.out"), th.tx(24), GOLD_LIGHT, bold=True,
                          midleft=(hand_left, cy), max_width=hand_w)
            else:
                self._draw_hand(surface, ended.hands[p], hand_left, cy, hand_w, size,
                                row_h)
            blit_text(surface, str(ended.scores[p]), th.tx(22), CREAM, bold=True,
                      center=(score_x, cy), max_width=num_w)
            colour = GOLD_LIGHT if match.totals[p] == best else CREAM
            blit_text(surface, str(match.totals[p]), th.tx(24), colour, bold=True,
                      center=(total_x, cy), max_width=num_w)
        round_text = i18n.t("table.round_of", n=match.round_index + 1, total=match.rounds)
        blit_text(surface, round_text, th.tx(17), DIM,
                  midleft=(panel.left + pad, self.next_button.rect.centery),
                  max_width=self.menu_button.rect.left - panel.left - 2 * pad)
        for read_row in self.rows:
            read_row.draw(surface)  # its focus ring, when the keyboard is on it
        draw_button(self.menu_button, surface)
        draw_button(self.review_button, surface)
        draw_button(self.next_button, surface)

    def _draw_hand(self, surface: pygame.Surface, hand: Sequence[int], left: int, cy: int,
                   width: int, size: tuple[int, int], row_h: int) -> None:
        """Counted cards first (highest first), then each 3 beside the card it cancelled
        (both dimmed and struck through), then leftover 3s; one line below says why."""
        th = self.theme
        threes = self.session.rules.threes
        counted, pairs, leftover, bonus = hand_groups(hand, threes)
        items = len(counted) + 2 * len(pairs) + len(leftover)
        groups = (1 if counted else 0) + len(pairs) + (1 if leftover else 0)
        gap = th.px(12)
        notes = [i18n.t("score.cancelled", card=i18n.card_name(c)) for _, c in pairs]
        if bonus:
            notes.append(i18n.t("score.threes_bonus", points=bonus))
        note_h = th.px(18) if notes else 0
        usable = width - gap * max(0, groups - 1)
        step = min(size[0] + th.px(4), max(th.px(12), usable // max(1, items)))
        x = left
        top = cy - (size[1] + note_h) // 2

        def card(code: int, dim: bool = False) -> None:
            nonlocal x
            surface.blit(self.cards.base(code, size, dim), (x, top))
            x += step

        for code in counted:
            card(code)
        if counted:
            x += gap
        for three, cancelled in pairs:
            start = x
            card(three, True)
            card(cancelled, True)
            y = top + size[1] // 2
            pygame.draw.line(surface, (200, 52, 46), (start + th.px(2), y + th.px(10)),
                             (x - step + size[0] - th.px(2), y - th.px(10)), max(2, th.px(3)))
            x += gap
        for three in leftover:
            card(three)
        if notes:
            blit_text(surface, " · ".join(notes), th.px(15), GOLD_LIGHT if bonus else DIM,
                      midleft=(left, top + size[1] + note_h // 2 + th.px(2)), max_width=width)
