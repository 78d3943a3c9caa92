"""The card table: the match in progress, seen by one seat at a time.

The match loop is the ``MatchDirector``'s; the table gives it input and time and shows what it
reports. Each frame: the computer to act may think ahead; presentation catches up with the
engine (the choreographer); once it has, match time flows (``director.update``) and the table
shows what the director waits for: a human's move, a hand-off, a suit for the turned-up card,
the round's end. Scenes pushed on top (suit dialog, hand-off, scoreboard, pause) stop match
time; animations keep running under them.

The scene wires its parts: the flow (``table_flow``: what it shows for what the director waits
for), the viewer's actions and buttons (``table_actions``), mouse and keys (``table_input``),
the hint and first-game coaching (``table_help``) and the picture (``table_view``).
"""

from __future__ import annotations

import logging

import pygame

from craits import i18n
from craits.director import Hooks, MatchDirector, TablePace
from craits.engine import Announce, Call, IllegalActionError, SeatView
from craits.engine import events as ev
from craits.session import Session
from craits.ui.cards.painter import CardPainter
from craits.ui.scene import Scene, SceneContext
from craits.ui.table.actions import TableActions
from craits.ui.table.flow import TableFlow
from craits.ui.table.guidance import TableHelp
from craits.ui.table.inputs import TableInput
from craits.ui.table.view import CardWarmUp, draw_table, update_hand_visuals
from craits.ui.tabletop.choreographer import SPEED_FACTORS, Choreographer
from craits.ui.tabletop.model import TableModel
from craits.ui.tabletop.painter import TablePainter
from craits.ui.tabletop.sprites import CardSprite

log = logging.getLogger(__name__)

# Seconds a human always has to say "Last card!" or to call a computer player an idiot, from
# when the card is seen (RULES.md section 6; computers' delays start after it).
CALL_GRACE = 1.5


def seat_names(session: Session) -> list[str]:
    return [s.name for s in session.seats]


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


class TableScene(TableFlow, TableActions, TableHelp, TableInput, Scene):
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
            play_sound=app.audio.play,
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
        self._warm = CardWarmUp(self.cards, self.model)
        self._init_help()
        if fresh and not session.records:
            self.cut_pending = any(isinstance(e, ev.CardCut) for e in session.events)
        else:
            self._rebuild_log()
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

    def _rebuild_log(self, rounds: int = 2) -> None:
        """Continue: the log of this round and the one before, read back from the saved game
        as the viewer saw it, one line per action as it was shown."""
        s = self.session
        starts = [i for i, e in enumerate(s.events) if isinstance(e, ev.RoundStarted)]
        start = starts[-rounds] if len(starts) >= rounds else 0
        model = TableModel(len(s.seats), self.app.size, self.model.bottom, self.viewer)
        reader = Choreographer(model, self.names, speed="instant", viewer=self.viewer)
        seen = s.events_for(self.viewer)
        bounds = [b for b in s.batches if b >= start] + [len(seen)]
        for begin, end in zip(bounds, bounds[1:], strict=False):
            reader.feed(seen[begin:end])
            reader.finish()
        self.chor.log.replace_with(reader.log)

    def scroll_log(self, lines: int) -> None:
        """Read further back (positive) or forward in the log."""
        log = self.chor.log
        log.back = max(0, min(log.back + lines, max(0, log.readable(self.viewer) - 1)))

    def handle(self, event: pygame.event.Event) -> None:
        """The log scrolls with the wheel over it, and Page Up / Page Down; the rest is the
        table's input."""
        lay = self.model.layout
        if event.type == pygame.MOUSEWHEEL and lay.log.collidepoint(pygame.mouse.get_pos()):
            self.scroll_log(event.y)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_log(3 if event.key == pygame.K_PAGEUP else -3)
            return
        super().handle(event)

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

    # ------------------------------------------------------------ window and settings

    def on_resize(self, size: tuple[int, int]) -> None:
        self.model.resize(size)
        self._build_buttons()
        self._relayout_help()
        self._warm = CardWarmUp(self.cards, self.model)

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
            self._relayout_help()
        elif self._language != i18n.get_language():
            self._build_buttons()
            self._relayout_help()

    # ------------------------------------------------------------ frame

    def update(self, dt: float) -> None:
        self._warm.step()
        self.clock += dt
        self.chor.update(dt)
        self.model.update(dt)
        if self.app.scenes.top is self:
            self._advance(dt)
        self._refresh_buttons()
        update_hand_visuals(self)
        self.update_help(dt)

    def draw(self, surface: pygame.Surface) -> None:
        draw_table(surface, self)

    def on_exit(self) -> None:
        self.press = None
        if self.dragging is not None:
            self.dragging.drag = None
            self.dragging = None
            self.model.reflow(self.model.bottom, 0.2)

    def close(self) -> None:
        """The table is going away (quit to title, new game): answers still due are moot;
        what coaching has shown is written."""
        self.worker.submitted = None
        self._keep_coach(write=True)
