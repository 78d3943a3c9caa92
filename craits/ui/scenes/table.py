"""The card table: the match in progress, seen by one seat at a time.

The match loop is the ``MatchDirector``'s; the table gives it input and time and shows what it
reports. Each frame: the computer to act may think ahead; presentation catches up with the
engine (the choreographer); once it has, match time flows (``director.update``) and the table
shows what the director waits for: a human's move, a hand-off, a suit for the turned-up card,
the round's end. Scenes pushed on top (suit dialog, hand-off, scoreboard, pause) stop match
time; animations keep running under them.
"""

from __future__ import annotations

import logging

import pygame

from craits import i18n
from craits.director import Hooks, MatchDirector, TablePace, Wait
from craits.engine import Announce, Call, Draw, IllegalActionError, Pass, Play, SeatView
from craits.engine import events as ev
from craits.engine.actions import ChooseSuit
from craits.session import Session
from craits.ui.card_painter import CardPainter
from craits.ui.choreographer import SPEED_FACTORS, Choreographer
from craits.ui.scene import Scene, SceneContext
from craits.ui.scenes.table_input import TableInput
from craits.ui.sprites import CardSprite, draw_button
from craits.ui.table_hints import hint_for
from craits.ui.table_model import TableModel
from craits.ui.table_painter import SeatInfo, TablePainter
from craits.ui.textcache import blit_text
from craits.ui.widgets import Button, Theme

log = logging.getLogger(__name__)

# Seconds a human always has to say "Last card!" or to call a computer player an idiot, from
# when the card is seen (RULES.md section 6; computers' delays start after it).
CALL_GRACE = 1.5



def seat_names(session: Session) -> list[str]:
    return [s.name for s in session.seats]


def level_label(kind: str) -> str:
    return "" if kind == "human" else i18n.t(f"level.{kind}")


class AppHooks(Hooks):
    """The app keeps the match: saves after changes, statistics at each round's end."""

    def __init__(self, app: SceneContext) -> None:
        self.app = app

    def changed(self, session: Session) -> None:
        self.app.autosave(session)

    def round_over(self, session: Session) -> None:
        self.app.record_round(session)

    def match_over(self, session: Session) -> None:
        self.app.finish_match(session)


class TableScene(TableInput, Scene):
    def __init__(self, app: SceneContext, session: Session, *, fresh: bool = True) -> None:
        super().__init__(app)
        self.session = session
        self.names = seat_names(session)
        self.humans = session.human_seats()
        settings = app.settings
        self.speed = getattr(settings, "animation_speed", "normal")
        self.director = MatchDirector(
            session, runner=app.bot_worker,
            pace=TablePace(session.seed, SPEED_FACTORS.get(self.speed, 1.0)),
            hooks=AppHooks(app), grace=float(getattr(settings, "call_grace", CALL_GRACE)),
        )  # fmt: skip
        self.viewer: int | None = self.director.viewer
        bottom = self.viewer if self.viewer is not None else 0
        self.model = TableModel(
            len(session.seats), app.size, bottom, self.viewer,
            large_cards=bool(getattr(settings, "large_cards", False)),
        )  # fmt: skip
        style = getattr(settings, "card_style", "classic")
        self.cards = CardPainter(app.card_art, style)
        self.painter = TablePainter(self.cards, style)
        self.chor = Choreographer(
            self.model, self.names, speed=self.speed, viewer=self.viewer,
            play_sound=app.audio.play, reveal_hands=self._round_hands,
        )  # fmt: skip
        self.worker = app.bot_worker
        self.clock = 0.0  # presentation time, for pulsing and drifting decorations
        self.consumed = 0  # session events handed to the choreographer so far
        self.thinking: int | None = None
        self.modal_open = False
        self.scoreboard_shown_for: int | None = None
        self.hover: int | None = None
        self.focus_index: int | None = None
        self.keyboard = False
        self.press: tuple[int, tuple[int, int]] | None = None  # card index, where pressed
        self.dragging: CardSprite | None = None
        self.cut_pending = False
        self.selftest_round_done = False
        self._view_cache: tuple[tuple, SeatView | None] = ((), None)
        self._build_buttons()
        self._warm = self._warm_up_tasks()
        if fresh and not session.records:
            self.cut_pending = any(isinstance(e, ev.CardCut) for e in session.events)
        else:
            self._sync_to_engine()

    # ------------------------------------------------------------ seats and views

    def _round_hands(self):
        state = self.session.match.state
        return state.hands if state.is_over() else None

    def view(self) -> SeatView | None:
        """The viewer's view of the engine now (cached per session version)."""
        if self.viewer is None:
            return None
        key = (self.session.version, self.viewer)
        if self._view_cache[0] != key:
            self._view_cache = (key, self.session.view(self.viewer))
        return self._view_cache[1]

    def _sync_to_engine(self) -> None:
        """Show the engine's position at once (resume, hand-off)."""
        s = self.session
        self.chor.finish()
        state = s.match.state
        seat = self.viewer if self.viewer is not None else self.model.bottom
        totals = s.match.totals
        reveal = state.hands if state.is_over() else None
        self.model.sync_from_view(s.view(seat), totals, s.match.round_index, reveal)
        self.consumed = len(s.events)
        self.hover = self.focus_index = None

    def become_viewer(self, seat: int) -> None:
        self.viewer = seat
        self.director.handed_to(seat)
        self.chor.viewer = seat
        self.model.set_bottom(seat, seat)
        self._sync_to_engine()

    # ------------------------------------------------------------ engine traffic

    def pull(self) -> None:
        """Hand new engine events, as the viewer may see them, to the choreographer."""
        s = self.session
        if self.consumed < len(s.events):
            batch = s.events_for(self.viewer, self.consumed)
            self.consumed = len(s.events)
            self.chor.feed(batch)

    def act(self, action) -> bool:
        """A human action at this table; False (and a log note) if the engine refuses it."""
        try:
            if isinstance(action, (Announce, Call)):
                self.director.act(action)
            else:
                self.director.act(action, self.viewer)
        except IllegalActionError as exc:
            log.info("refused %s: %s", action, exc)
            return False
        self.pull()
        return True

    # ------------------------------------------------------------ buttons

    def _build_buttons(self) -> None:
        lay = self.model.layout
        theme = Theme.for_size(lay.size)
        self.theme = theme
        text = lay.px(22)
        self.draw_button = Button(lay.button_rect(2, 3), i18n.t("table.draw"), self.draw_card,
                                  key=None, style="secondary", text_size=text)
        self.pass_button = Button(lay.button_rect(2, 3), i18n.t("table.pass"), self.pass_turn,
                                  style="secondary", text_size=text)
        self.last_button = Button(lay.button_rect(1, 3), i18n.t("table.last_card"), self.announce,
                                  style="primary", text_size=text)
        self.idiot_button = Button(lay.button_rect(0, 3), i18n.t("table.idiot"), self.call_idiot,
                                   style="danger", text_size=text)
        self.menu_button = Button(lay.menu_button, i18n.t("table.menu"), self.open_pause,
                                  style="secondary", text_size=lay.px(18))
        self.buttons = [self.draw_button, self.pass_button, self.last_button, self.idiot_button,
                        self.menu_button]
        for b in self.buttons:
            b.set_theme(theme)
        self._language = i18n.get_language()

    def _refresh_buttons(self) -> None:
        view = self.view()
        mine = self.my_turn()
        legal = view.legal if (view is not None and mine) else ()
        self.draw_button.visible = Draw() in legal
        if view is not None and view.crank:
            self.draw_button.label = i18n.tn("table.take_cards", view.crank)
        else:
            self.draw_button.label = i18n.t("table.draw")
        self.pass_button.visible = Pass() in legal
        # Offered while it matters: from playing down to one card until someone could no
        # longer call it (a hand dealt as one card needs no announcement).
        self.last_button.visible = bool(view is not None and view.can_announce
                                        and view.window == view.seat)
        self.idiot_button.visible = bool(view is not None and view.can_call and not self.chor.busy)

    # ------------------------------------------------------------ player actions

    def my_turn(self) -> bool:
        s = self.session
        return (
            self.viewer is not None
            and not self.chor.busy
            and not s.match.state.is_over()
            and s.to_act() == self.viewer
            and not self.modal_open
            and not self.cut_pending
        )

    def legal_plays(self) -> list[Play]:
        view = self.view()
        if view is None or not self.my_turn():
            return []
        return [a for a in view.legal if isinstance(a, Play)]

    def draw_card(self) -> None:
        if self.my_turn() and Draw() in self.view().legal:  # type: ignore[union-attr]
            self.act(Draw())

    def pass_turn(self) -> None:
        if self.my_turn() and Pass() in self.view().legal:  # type: ignore[union-attr]
            self.act(Pass())

    def announce(self) -> None:
        view = self.view()
        if view is not None and view.can_announce:
            self.act(Announce(self.viewer))  # type: ignore[arg-type]

    def call_idiot(self) -> None:
        view = self.view()
        if view is not None and view.can_call and not self.chor.busy:
            self.act(Call(self.viewer, view.can_call[0]))  # type: ignore[arg-type]

    def play_card(self, code: int) -> bool:
        """Play ``code`` from the viewer's hand; an 8 or a 9 asks for the suit first."""
        options = [p for p in self.legal_plays() if p.card == code]
        if not options:
            self.app.audio.play("click")
            return False
        if len(options) == 1:
            return self.act(options[0])
        from craits.ui.scenes.suit_dialog import SuitDialog

        rest = [c for c in self.view().hand if c != code]  # type: ignore[union-attr]
        dialog = SuitDialog(self.app, card=code, options=options, may_cancel=True,
                            offer_announce=len(rest) == 1 and self.session.rules.announce_last_card,
                            hand=rest, keyboard=self.keyboard)
        self.modal_open = True
        self.app.scenes.push(dialog, lambda result: self._suit_chosen(result))
        return True

    def _suit_chosen(self, result) -> None:
        self.modal_open = False
        if result is None:
            return
        action, announce = result
        if self.act(action) and announce:
            self.announce()

    def _choose_starter_suit(self) -> None:
        from craits.ui.scenes.suit_dialog import SuitDialog

        options = [a for a in self.view().legal if isinstance(a, ChooseSuit)]  # type: ignore[union-attr]
        top = self.session.match.state.discard[-1]
        dialog = SuitDialog(self.app, card=top, options=options, may_cancel=False,
                            hand=list(self.view().hand),  # type: ignore[union-attr]
                            keyboard=self.keyboard)
        self.modal_open = True
        self.app.scenes.push(dialog, lambda result: self._suit_chosen(result))

    def open_pause(self) -> None:
        from craits.ui.scenes.pause import PauseScene

        self.app.scenes.push(PauseScene(self.app, self))

    def on_resize(self, size: tuple[int, int]) -> None:
        self.model.resize(size)
        self._build_buttons()
        self._warm = self._warm_up_tasks()

    def on_enter(self) -> None:
        settings = self.app.settings
        speed = getattr(settings, "animation_speed", "normal")
        if speed != self.speed:
            self.speed = speed
            self.chor.set_speed(speed)
            self.director.pace = TablePace(self.session.seed, SPEED_FACTORS.get(speed, 1.0))
        style = getattr(settings, "card_style", "classic")
        self.cards.configure(style, self.cards.back_name)
        self.painter.style = style
        large = bool(getattr(settings, "large_cards", False))
        if tuple(self.app.size) != self.model.layout.size or large != self.model.large_cards:
            self.model.resize(self.app.size, large)
            self._build_buttons()
        elif self._language != i18n.get_language():
            self._build_buttons()

    # ------------------------------------------------------------ frame

    def _warm_up_tasks(self):
        """Card images the table will need, rendered a few per frame before they are needed."""
        lay = self.model.layout
        sizes = [lay.card, lay.pile_card]
        for size in (lay.small_card, lay.pile_card, lay.card):
            yield lambda size=size: self.cards.with_shadow(None, size, 0)
        for code in range(52):
            for size in sizes:
                yield lambda code=code, size=size: self.cards.with_shadow(code, size, 0)

    def _warm_up(self, budget: float = 0.004) -> None:
        import time

        if self._warm is None:
            return
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            task = next(self._warm, None)
            if task is None:
                self._warm = None
                return
            task()

    def update(self, dt: float) -> None:
        self._warm_up()
        self.clock += dt
        self.chor.update(dt)
        self.model.update(dt)
        if self.app.scenes.top is self:
            self._advance(dt)
        self._refresh_buttons()
        self._update_hand_visuals()

    def _advance(self, dt: float) -> None:
        if self.cut_pending:
            self.cut_pending = False
            self._show_cut()
            return
        director = self.director
        director.think_ahead()  # the computer may think while the cards still move
        if self.chor.busy:
            return
        waiting = director.waiting
        if waiting.kind is Wait.ROUND_OVER:
            self.thinking = None
            round_index = self.session.match.round_index
            if self.scoreboard_shown_for != round_index:
                self.scoreboard_shown_for = round_index
                self._round_over()
            return
        if waiting.kind is Wait.MATCH_OVER:
            return
        if director.update(dt):
            self.pull()
            return
        waiting = director.waiting
        self.model.turn = waiting.seat
        self.thinking = waiting.seat if waiting.kind is Wait.COMPUTER else None
        if waiting.kind is Wait.HANDOFF:
            self._hand_off(waiting.seat)  # type: ignore[arg-type]
        elif waiting.kind is Wait.STARTER_SUIT and not self.modal_open:
            self._choose_starter_suit()

    def _hand_off(self, seat: int) -> None:
        from craits.ui.scenes.handoff import HandoffScene

        announcer = None
        view = self.view()
        if view is not None and view.can_announce:
            announcer = self.viewer
        scene = HandoffScene(
            self.app, self.names[seat],
            announcer_name=self.names[announcer] if announcer is not None else None,
            on_announce=(lambda: self.act(Announce(announcer))) if announcer is not None else None,
        )  # fmt: skip
        self.modal_open = True

        def done(_result) -> None:
            self.modal_open = False
            self.become_viewer(seat)

        self.app.scenes.push(scene, done)

    def _show_cut(self) -> None:
        from craits.ui.scenes.cut import CutScene

        events = self.session.events
        cuts = [e for e in events if isinstance(e, ev.CardCut)]
        dealer = next((e.player for e in events if isinstance(e, ev.DealerChosen)), 0)
        self.modal_open = True

        def done(_result) -> None:
            self.modal_open = False
            self.pull()

        self.app.scenes.push(CutScene(self.app, self.names, cuts, dealer, self.viewer), done)

    def _round_over(self) -> None:
        from craits.ui.scenes.scoreboard import ScoreboardScene

        self.modal_open = True
        self.selftest_round_done = True
        self.app.scenes.push(ScoreboardScene(self.app, self.session), self._after_scoreboard)

    def _after_scoreboard(self, result) -> None:
        self.modal_open = False
        s = self.session
        self.director.round_seen()
        if self.director.waiting.kind is Wait.MATCH_OVER:
            from craits.ui.scenes.game_over import GameOverScene

            self.app.scenes.push(GameOverScene(self.app, s))
            return
        self.pull()

    # ------------------------------------------------------------ drawing

    def _update_hand_visuals(self) -> None:
        hand = self.my_hand()
        lay = self.model.layout
        mine = self.my_turn()
        playable = {p.card for p in self.legal_plays()} if mine else set()
        if self.focus_index is not None and self.focus_index >= len(hand):
            self.focus_index = len(hand) - 1 if hand else None
        for i, sprite in enumerate(hand):
            legal = sprite.code in playable
            lift = lay.lift if legal else 0
            if (i == self.hover and not self.keyboard) or (i == self.focus_index and self.keyboard):
                lift += lay.hover_lift if (legal or not mine) else lay.hover_lift // 2
            sprite.lift_target = lift
            sprite.dim = mine and not legal
            sprite.focus = self.keyboard and i == self.focus_index

    def seat_info(self, seat: int) -> SeatInfo:
        m = self.model
        kind = self.session.seats[seat].kind
        return SeatInfo(
            name=self.names[seat], detail=level_label(kind), score=m.totals[seat],
            cards=len(m.hands[seat]), is_turn=m.turn == seat and not m.revealed,
            thinking=self.thinking == seat and not self.chor.busy,
            dealer=m.dealer == seat, announced=m.announced[seat],
        )  # fmt: skip

    def hint_text(self) -> str:
        s = self.session
        if s.match.state.is_over() or self.chor.busy or self.modal_open or self.cut_pending:
            return ""
        turn = s.to_act()
        waiting = self.names[turn] if turn is not None and turn != self.viewer else None
        return hint_for(self.view(), self.my_turn(), waiting)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.model
        lay = m.layout
        p = self.painter
        p.draw_background(surface)
        p.draw_ring(surface, m, self.clock)
        view = self.view()
        drawable = bool(self.my_turn() and view is not None and Draw() in view.legal)
        p.draw_draw_pile(surface, m, drawable, i18n.t("table.empty"), self.clock)
        moving: list[CardSprite] = []
        resting_discard = [s for s in m.discard if not s.moving]
        p.draw_group(surface, resting_discard)
        moving.extend(s for s in m.discard if s.moving)
        crank_text = i18n.t("table.crank", count=m.crank) if m.crank else ""
        p.draw_badges(surface, m, crank_text)
        texts = {"thinking": i18n.t("table.thinking"), "dealer": i18n.t("table.dealer"),
                 "announced": i18n.t("table.announced")}
        for seat, spot in lay.seats.items():
            info = self.seat_info(seat)
            shake = m.shakes.get(seat)
            hand = m.hands[seat]
            p.draw_group(surface, [s for s in hand if not s.moving])
            moving.extend(s for s in hand if s.moving)
            p.draw_plate(surface, spot.plate, info, m, self.clock, texts,
                         float(shake.value) if shake else 0.0)  # type: ignore[arg-type]
        # The bottom seat: plate, log, hint and hand.
        bottom = m.bottom
        info = self.seat_info(bottom)
        shake = m.shakes.get(bottom)
        p.draw_plate(surface, lay.own_plate, info, m, self.clock, texts,
                     float(shake.value) if shake else 0.0)  # type: ignore[arg-type]
        p.draw_log(surface, lay.log, self.chor.log.recent(self.viewer, 8), lay.px)
        hint = self.hint_text()
        if hint:
            blit_text(surface, hint, lay.px(19), (246, 238, 214), center=lay.hint.center,
                      max_width=lay.hint.width, shadow=True)
        round_text = i18n.t("table.round_of", n=m.round_index + 1,
                            total=self.session.match.rounds)
        blit_text(surface, round_text, lay.px(18), (236, 196, 92), bold=True,
                  midleft=(lay.round_label.left, lay.round_label.centery),
                  max_width=lay.round_label.width, shadow=True)
        hand = m.hands[bottom]
        resting = [s for s in hand if not s.moving and s.drag is None]
        p.draw_group(surface, resting)
        moving.extend(s for s in hand if s.moving and s.drag is None)
        moving.extend(m.loose)
        p.draw_sprites(surface, moving)
        if self.dragging is not None:
            self.dragging.draw(surface, self.cards)
        for banner in m.banners:
            banner.draw(surface)
        for button in self.buttons:
            draw_button(button, surface)

    def on_exit(self) -> None:
        self.press = None
        if self.dragging is not None:
            self.dragging.drag = None
            self.dragging = None
            self.model.reflow(self.model.bottom, 0.2)

    def close(self) -> None:
        """The table is going away (quit to title, new game): answers still due are moot."""
        self.worker.submitted = None
