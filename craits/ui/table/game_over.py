"""The end of the match: the winner (or those sharing the win), the final table with every
round's score, and the way on: play again with the same table, or back to the menu. By ear it
says the winner, each place with its player and total, the par and luck lines shown, then the
focused button; the arrows and Tab read the table's rows (each with its rounds' scores) and the
buttons."""

from __future__ import annotations

import math
import random

import pygame

from craits import i18n
from craits.engine.cards import SUIT_SYMBOLS
from craits.paths import user_home
from craits.persistence.par_store import ParStore
from craits.review.cache import ReviewCache
from craits.review.luck import Split, game_total
from craits.review.par import GamePar, kept_par
from craits.review.while_playing import GameAnalysis
from craits.session import Session
from craits.ui.cards.art import card_size_for_height
from craits.ui.cards.cascade import blit_outside
from craits.ui.cards.painter import CardPainter
from craits.ui.scene import Scene, SceneContext
from craits.ui.speech.rows import spoken_among
from craits.ui.speech.screen import ScreenSpeech, joined
from craits.ui.table.celebration import Celebration
from craits.ui.tabletop.choreographer import win_text
from craits.ui.tabletop.hand_input import is_controls_key
from craits.ui.tabletop.painter import CREAM, GOLD_LIGHT
from craits.ui.widgets import (
    Button,
    FocusGroup,
    ReadRow,
    Theme,
    draw_rounded,
    draw_text_fit,
    felt_background,
)
from craits.ui.widgets.button_images import draw_button
from craits.ui.widgets.drawing import draw_share_bar
from craits.ui.widgets.textcache import blit_text, text_surface

DIM = (180, 192, 176)
CONFETTI_FALLS = 1  # times each piece crosses the screen (the slowest in 23 s); then it rests
SKIP_KEY = pygame.K_SPACE  # while the celebration plays, it only ends it (as in solitaire games)


def places(totals: list[int] | tuple[int, ...]) -> list[tuple[int, int]]:
    """(place, seat) by total, lowest first; equal totals share a place (1, 1, 3, ...)."""
    order = sorted(range(len(totals)), key=lambda p: (totals[p], p))
    out: list[tuple[int, int]] = []
    for i, p in enumerate(order):
        place = out[-1][0] if i and totals[p] == totals[order[i - 1]] else i + 1
        out.append((place, p))
    return out


def winners_text(session: Session) -> str:
    winners = list(session.match.winners())
    if len(winners) == 1 and winners == session.human_seats():
        return i18n.t("event.you_win")
    return win_text([session.seats[p].name for p in winners])


def luck_of(session: Session, cache: ReviewCache | None = None) -> Split | None:
    """The first human seat's game in luck and choices, if the review's cache has it all."""
    humans = session.human_seats()
    if not humans:
        return None
    if cache is None:
        try:
            cache = ReviewCache.in_home(user_home())
        except OSError:  # no home to read: the line is only left out
            return None
    return game_total(session.to_save(), humans[0], session.match.history, cache)



def signed(value: float) -> str:
    """A whole number with its sign ("+12", "−7", "0")."""
    n = round(value)
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def par_of(session: Session, store: ParStore | None = None) -> GamePar | None:
    """The first human seat's par, if it was worked out (by the review) and kept."""
    humans = session.human_seats()
    if not humans:
        return None
    if store is None:
        try:
            store = ParStore(ReviewCache.in_home(user_home()).folder)
        except OSError:  # no home to read: the line is only left out
            return None
    return kept_par(session.to_save(), humans[0], session.match.history, store)


def par_line(par: GamePar) -> str:
    """"Par: the expert in your seat ... scored 131, about ±6 (4 replays of each round); you
    scored 140"."""
    return i18n.t("par.game_over", count=par.replays, par=round(par.value),
                  error=round(par.stderr), yours=par.yours if par.yours is not None else "–")


def game_line(total: Split) -> str:
    """"Against the opponents' average (above 0 is in your favour): 0 was expected; luck
    +12, your choices −7, the others' choices +3; in all +8"."""
    return i18n.t("luck.game_over", luck=signed(total.luck), cost=signed(total.cost),
                  others=signed(total.others), result=signed(total.result),
                  expected=signed(total.expected))

class GameOverScene(Scene):
    """``analysis``: the game analysed while it was played, still being finished (its lines
    appear when found); without one, only what was kept is shown."""

    def __init__(self, app: SceneContext, session: Session,
                 analysis: GameAnalysis | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.analysis = analysis
        self.size: tuple[int, int] = app.size
        self.age = 0.0
        rng = random.Random(session.seed)
        self.confetti = [(rng.random(), rng.random(), rng.randrange(4), rng.uniform(0.6, 1.4))
                         for _ in range(36)]
        humans = session.human_seats()
        # A won game (or a table of computers) gets the celebration, a lost one confetti.
        self.won = any(p in humans for p in session.match.winners()) or not humans
        self.cards = CardPainter(app.card_art, app.settings.card_style)
        self.animate = True  # off: the screen without its celebration (tests compare the two)
        self.celebration: Celebration | None = None  # a won game's, made by ``layout``
        self.luck = luck_of(session)
        self.par = par_of(session)
        self._found = -1  # the analysis's progress last read
        self._take_analysis()
        self.focus = FocusGroup()
        self.rows: list[ReadRow] = []  # the table's rows, read by ear
        self.speech = ScreenSpeech(self, self.spoken, self.focus)
        # A row of the table with its place among the rows, a button by its name.
        self.focus.describe = lambda widget: spoken_among(widget, self.rows)
        self.layout()
        app.audio.play("game_won" if self.won else "round_lost")

    def row_height(self) -> int:
        """A row of the score table: taller with large print, as its type grows."""
        return max(self.theme.px(56), self.theme.tx(40))

    def layout(self) -> None:
        self.theme = th = Theme.for_size(self.size)
        w, h = self.size
        grow = 1 + (th.text_scale - 1) / 2  # large print: the buttons grow with their type
        bw = min(round(th.px(280) * grow), (w - th.px(120)) // 2)
        bh = max(th.px(56), th.button_height)
        y = h - th.px(40) - bh
        self.again_button = Button(pygame.Rect(w // 2 + th.px(10), y, bw, bh),
                                   i18n.t("score.play_again"), self.play_again,
                                   key=pygame.K_RETURN)
        self.menu_button = Button(pygame.Rect(w // 2 - th.px(10) - bw, y, bw, bh),
                                  i18n.t("score.back_to_menu"), self.to_menu,
                                  style="secondary", key=pygame.K_ESCAPE)
        for b in (self.again_button, self.menu_button):
            b.set_theme(th)
        n = len(self.session.seats)
        room = y - th.px(190)
        height = min(room, self.row_height() * (n + 1) + th.px(36))
        # The score table: the celebration is never drawn inside it.
        self.table_rect = pygame.Rect(th.px(60), th.px(160) + (room - height) // 3,
                                      w - th.px(120), height)
        # The heading sits on a panel of its own, kept clear of the celebration as well.
        widest = max(text_surface(i18n.t("event.game_over"), th.px(30), DIM, True).get_width(),
                     text_surface(winners_text(self.session), th.px(56), GOLD_LIGHT,
                                  True).get_width())
        head_w = min(w - th.px(60), widest + th.px(56))
        self.heading_rect = pygame.Rect((w - head_w) // 2, th.px(16), head_w, th.px(132))
        # The lines under the table (par, luck, the analysis) and the buttons too: what is read.
        lines = pygame.Rect(th.px(40), y - th.px(72), w - th.px(80), th.px(72) + th.px(56))
        self.keep_clear = (self.table_rect, self.heading_rect, lines)
        # Enter plays again, as before; the arrows and Tab reach the rows and Back to menu.
        at = self.focus.focus_index  # a new layout keeps the place (None: opening)
        self.rows = [ReadRow(rect, self.spoken_row(i)) for i, rect in enumerate(self.row_rects())]
        for row in self.rows:
            row.set_theme(th)
        self.focus.set_widgets([*self.rows, self.menu_button, self.again_button],
                               focus_index=at if at is not None else len(self.rows) + 1)
        card = card_size_for_height(max(40, round(h * 0.17)))
        self._heading_layer: pygame.Surface | None = None
        resized = self.celebration is not None
        self.celebration = Celebration(self.size, card, self.session.seed, self.heading_rect,
                                       th.px) if self.won else None
        if self.celebration is not None and resized:
            self.celebration.skip()  # resized: the screen at rest in its new size

    def row_rects(self) -> list[pygame.Rect]:
        """Each place's row in the score table, as ``_draw_table`` lays them out."""
        th = self.theme
        inner = self.table_rect.inflate(-2 * th.px(18), -2 * th.px(18))
        n = len(self.session.seats)
        row_h = min(self.row_height(), inner.height // (n + 1))
        return [pygame.Rect(inner.left - th.px(6), inner.top + row_h * (i + 1) + th.px(2),
                            inner.width + th.px(12), row_h - th.px(4)) for i in range(n)]

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.layout()

    def play_again(self) -> None:
        s = self.session
        self.app.new_game(list(s.seats), s.rules, None)

    def to_menu(self) -> None:
        self.app.show_title()

    def spoken_row(self, index: int, *, rounds: bool = True) -> str:
        """The table's row ``index``: "Place 1: Ada, 23 points", then (``rounds``) each
        round's score."""
        match = self.session.match
        place, seat = places(match.totals)[index]
        said = i18n.t("speech_board.place_row", place=place, player=self.session.seats[seat].name,
                      total=i18n.tn("speech.points", match.totals[seat]))
        if not rounds or not match.history:
            return said
        scores = ", ".join(str(scores[seat]) for scores in match.history)
        return f"{said}. {i18n.t('speech_board.by_round', scores=scores)}"

    def spoken(self) -> str:
        """"Game over. Ada wins. Place 1: Ada, 23 points. ...", and the lines under the
        table."""
        rows = [f"{self.spoken_row(i, rounds=False)}." for i in range(len(self.session.seats))]
        return joined((i18n.t("event.game_over"), winners_text(self.session), *rows,
                       par_line(self.par) if self.par is not None else "",
                       game_line(self.luck) if self.luck is not None else "",
                       self.analysing_line(), i18n.t("controls.tip")))

    def on_enter(self) -> None:
        self.speech.again()

    def speak_screen(self) -> None:
        self.speech.again()

    def handle(self, event: pygame.event.Event) -> None:
        """Any key or a click beside the buttons ends the celebration while it plays; Space
        does only that, the other keys do what they do here too (Enter plays again...)."""
        celebration = self.celebration
        if celebration is not None and not celebration.finished:
            beside = event.type == pygame.MOUSEBUTTONDOWN and not any(
                b.rect.collidepoint(event.pos) for b in (self.again_button, self.menu_button))
            if event.type == pygame.KEYDOWN or beside:
                celebration.skip()
                if beside or event.key == SKIP_KEY:
                    return
        if event.type == pygame.KEYDOWN and is_controls_key(event):
            self.app.scenes.push(self.app.screens.controls())  # F1 here too, as at the table
            return
        self.focus.handle(event)

    def _take_analysis(self) -> bool:
        """The lines the analysis has found since the last look; True when they changed."""
        analysis = self.analysis
        if analysis is None or (found := analysis.progress()[0]) == self._found:
            return False
        self._found = found
        history = self.session.match.history
        before = (self.luck, self.par)
        self.luck = analysis.split(history) or self.luck
        self.par = analysis.par(history) or self.par
        return (self.luck, self.par) != before

    def analysing_line(self) -> str:
        """"Your game is being analysed ...: 40 %" while it is (none once done or failed)."""
        analysis = self.analysis
        if analysis is None or analysis.failed or analysis.complete:
            return ""
        if self.par is None and analysis.with_par:  # the par's rounds, on a bar (``draw``)
            done, rounds, _ = analysis.par_progress()
            return i18n.tn("par.rounds_working", rounds, done=done)
        found, total = analysis.progress()
        return i18n.t("luck.analysing", percent=found * 100 // max(1, total))

    def update(self, dt: float) -> None:
        self.age += dt
        if self._take_analysis() and self.analysis is not None and self.analysis.complete:
            self.speech.again()  # the lines the player waited for, said once they are all in
        self.speech.update()
        if self.celebration is not None:
            self.celebration.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        w, h = self.size
        surface.blit(felt_background(surface.get_size()), (0, 0))
        motion = None
        if self.animate and self.celebration is not None:
            motion = self.celebration.heading_motion()
            if not self.celebration.finished:
                # The score table and the lines are kept clear; the heading's place too, but
                # while the heading is still falling.
                falling = motion is not None and motion[0] < 0
                clear = self.keep_clear[:1] + self.keep_clear[2:] if falling \
                    else self.keep_clear
                self.celebration.draw_behind(surface, self.cards, clear)
        elif self.animate:
            self._draw_confetti(surface)
        if motion is None:
            self._draw_heading(surface)
        else:
            self._draw_landing(surface, *motion)
        self._draw_table(surface, self.table_rect)
        # Above the buttons, from the bottom up: the whole game's luck and choices once
        # reviewed, the expert's par in the same seat once worked out, what is still to come
        # (while the par is being worked out, on a bar of its replays, clear of the buttons).
        working = self.analysing_line() if self.par is None or self.luck is None else ""
        lines = [(game_line(self.luck), 17, CREAM) if self.luck is not None else None,
                 (par_line(self.par), 17, CREAM) if self.par is not None else None,
                 (working, 16, CREAM if self.par is None else DIM) if working else None]
        shown = [line for line in lines if line is not None]
        for i, (text, size, colour) in enumerate(shown):
            center = (w // 2, self.again_button.rect.top - th.px(16 + 24 * i))
            if working and i == len(shown) - 1 and self.par is None \
                    and self.analysis is not None:
                center = (center[0], center[1] - th.px(12))
                bar = pygame.Rect(0, 0, min(w - th.px(60), th.px(640)), th.px(26))
                bar.center = center
                draw_share_bar(surface, bar, self.analysis.par_progress()[2], th)
            blit_text(surface, text, th.px(size), colour, max_width=w - th.px(80),
                      center=center)
        draw_button(self.again_button, surface)
        draw_button(self.menu_button, surface)
        for row in self.rows:
            row.draw(surface)  # its focus ring, when the keyboard is on it

    def _draw_heading(self, surface: pygame.Surface) -> None:
        th = self.theme
        w = self.size[0]
        draw_rounded(surface, self.heading_rect, th.panel, th.radius * 2)
        draw_text_fit(surface, i18n.t("event.game_over"),
                      pygame.Rect(th.px(40), th.px(24), w - th.px(80), th.px(44)), th.px(30),
                      color=DIM, bold=True)
        draw_text_fit(surface, winners_text(self.session),
                      pygame.Rect(th.px(40), th.px(70), w - th.px(80), th.px(70)), th.px(56),
                      color=GOLD_LIGHT, bold=True, shadow=(0, 0, 0))

    def _draw_landing(self, surface: pygame.Surface, above: int, scale: float) -> None:
        """The heading on its way down (``above`` its place), then squashed as it lands."""
        box = self.heading_rect
        if self._heading_layer is None:  # drawn once, moved and scaled for a few frames
            band = pygame.Rect(0, 0, self.size[0], box.bottom + self.theme.px(8))
            self._heading_layer = pygame.Surface(band.size, pygame.SRCALPHA)
            self._draw_heading(self._heading_layer)
        layer = self._heading_layer
        if scale != 1.0:
            size = (round(layer.get_width() * scale), round(layer.get_height() / scale))
            layer = pygame.transform.smoothscale(layer, size)
        rect = layer.get_rect(midbottom=(self.size[0] // 2,
                                         self._heading_layer.get_height() + above))
        surface.blit(layer, rect)

    def _draw_confetti(self, surface: pygame.Surface) -> None:
        w, h = self.size
        th = self.theme
        for x0, y0, suit, speed in self.confetti:
            fallen = y0 + self.age * 0.08 * speed
            if fallen >= 1.1 * CONFETTI_FALLS:  # it has fallen its last: the screen rests
                continue
            y = (fallen % 1.1 - 0.05) * h
            x = x0 * w + math.sin(self.age * speed + x0 * 9) * th.px(18)
            colour = (214, 76, 70) if suit in (1, 2) else (236, 196, 92)
            glyph = text_surface(SUIT_SYMBOLS[suit], th.px(22), colour)
            blit_outside(surface, glyph, glyph.get_rect(center=(round(x), round(y))),
                         self.keep_clear)

    def _draw_table(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        th = self.theme
        match = self.session.match
        draw_rounded(surface, box, th.panel, th.radius * 2,
                     border=(226, 184, 84, 110), border_width=max(1, th.px(2)))
        pad = th.px(18)
        inner = box.inflate(-2 * pad, -2 * pad)
        place_label = text_surface(i18n.t("score.place"), th.px(15), DIM, True)
        place_w = max(th.px(50), place_label.get_width() + th.px(14))
        name_w = round(inner.width * 0.22)
        total_w = th.px(90)
        grid_left = inner.left + place_w + name_w
        grid_w = inner.width - place_w - name_w - total_w
        rounds = max(1, match.rounds)
        col = grid_w / rounds
        row_h = min(self.row_height(), inner.height // (len(self.session.seats) + 1))
        head = inner.top + row_h // 2
        blit_text(surface, i18n.t("score.place"), th.tx(15), DIM, bold=True,
                  center=(inner.left + place_w // 2, head), max_width=place_w)
        blit_text(surface, i18n.t("score.player"), th.tx(15), DIM, bold=True,
                  midleft=(inner.left + place_w, head), max_width=name_w)
        for r in range(rounds):
            blit_text(surface, str(r + 1), th.tx(13), DIM,
                      center=(round(grid_left + col * (r + 0.5)), head))
        blit_text(surface, i18n.t("score.total"), th.tx(15), DIM, bold=True,
                  center=(inner.right - total_w // 2, head), max_width=total_w)
        for i, (place, p) in enumerate(places(match.totals)):
            cy = inner.top + row_h * (i + 1) + row_h // 2
            if place == 1:
                draw_rounded(surface, self.rows[i].rect, (226, 184, 84, 40), th.px(8))
            colour = GOLD_LIGHT if place == 1 else CREAM
            blit_text(surface, str(place), th.tx(22), colour, bold=True,
                      center=(inner.left + place_w // 2, cy))
            blit_text(surface, self.session.seats[p].name, th.tx(21), colour, bold=True,
                      midleft=(inner.left + place_w, cy), max_width=name_w - th.px(8))
            for r, scores in enumerate(match.history):
                blit_text(surface, str(scores[p]), th.tx(14), CREAM if scores[p] else DIM,
                          center=(round(grid_left + col * (r + 0.5)), cy),
                          max_width=max(8, round(col) - 2))
            blit_text(surface, str(match.totals[p]), th.tx(24), colour, bold=True,
                      center=(inner.right - total_w // 2, cy), max_width=total_w)
