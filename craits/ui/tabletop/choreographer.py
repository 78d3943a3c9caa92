"""Turns engine events into what the player sees and hears: card flights, flips, banners,
sounds and a log line in words, one beat at a time.

Events wait in a queue; each is presented when the previous one's beat is over, so a computer
turn reads as "thinking, play, consequence". Presentation time is scaled by the animation speed
(instant shows everything at once); it never touches the engine or its clock.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from craits import i18n
from craits.engine import events as ev
from craits.engine.cards import RANK_OF, SUIT_OF
from craits.ui.tabletop.layout import Slot
from craits.ui.tabletop.log import EventLog, LogPart
from craits.ui.tabletop.model import TableModel
from craits.ui.tabletop.sprites import CardSprite
from craits.ui.tabletop.tween import Cues, Tween
from craits.ui.widgets.theme import Color

SPEED_FACTORS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}

# Beats and flights at normal speed, in seconds.
FLIGHT = 0.3
DEAL_STEP = 0.1
DRAW_STEP = 0.14
REFLOW = 0.22

GOLD_FILL = (196, 142, 30)
RED_FILL = (178, 50, 44)
BLUE_FILL = (40, 92, 150)
GREEN_FILL = (36, 120, 74)


class Choreographer:
    def __init__(
        self,
        model: TableModel,
        names: Sequence[str],
        *,
        speed: str = "normal",
        viewer: int | None = None,
        play_sound: Callable[[str], object] | None = None,
    ) -> None:
        self.model = model
        self.names = list(names)
        self.viewer = viewer
        self.factor = SPEED_FACTORS.get(speed, 1.0)
        self.play_sound = play_sound or (lambda name: None)
        self.queue: deque[tuple[ev.Event, bool]] = deque()
        self.wait = 0.0
        self.cues = Cues()
        self.log = EventLog()
        self.presented = 0  # events shown so far (for tests and the frame benchmark)

    # ------------------------------------------------------------ driving

    def set_speed(self, speed: str) -> None:
        self.factor = SPEED_FACTORS.get(speed, 1.0)

    def feed(self, events: Sequence[ev.Event]) -> None:
        """Queue one action's events; the first starts a new log line."""
        for i, event in enumerate(events):
            self.queue.append((event, i == 0))

    @property
    def busy(self) -> bool:
        return bool(self.queue) or self.wait > 0 or len(self.cues) > 0

    def update(self, dt: float) -> None:
        self.cues.update(dt)
        self.wait = max(0.0, self.wait - dt)
        while self.wait <= 0 and self.queue:
            event, new_line = self.queue.popleft()
            self.wait = self._present(event, new_line)
            self.presented += 1
            if self.factor == 0:
                self.cues.update(0.0)

    def finish(self) -> None:
        """Show everything still queued at once (the table is about to be rebuilt)."""
        factor, self.factor = self.factor, 0.0
        self.cues.flush()
        while self.queue:
            event, new_line = self.queue.popleft()
            self._present(event, new_line)
            self.cues.flush()
        self.wait = 0.0
        self.factor = factor

    # ------------------------------------------------------------ helpers

    def t(self, seconds: float) -> float:
        return seconds * self.factor

    def later(self, delay: float, action: Callable[[], None]) -> None:
        if delay <= 0:
            action()
        else:
            self.cues.at(delay, action)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else str(seat)

    def say(self, text: str, new_line: bool, variants: dict[int, str] | None = None) -> None:
        self.log.add(LogPart(text, variants or {}), new_line)

    def say_about(self, seat: int, key: str, new_line: bool, count: int | None = None,
                  **params: object) -> None:
        """A clause whose subject is ``seat``: "Ada played 7♥", and "You played 7♥" for Ada."""
        if count is None:
            public = i18n.t(f"event.{key}", player=self.name(seat), **params)
            mine = i18n.t(f"event_you.{key}", **params)
        else:
            public = i18n.tn(f"event.{key}", count, player=self.name(seat), **params)
            mine = i18n.tn(f"event_you.{key}", count, **params)
        then, then_mine = "", ""
        if count is None and i18n.has_key(f"event_then.{key}"):  # can follow the same seat
            then = i18n.t(f"event_then.{key}", **params)
            then_mine = i18n.t(f"event_you_then.{key}", **params)
        self.log.add(LogPart(public, {seat: mine}, seat, then, {seat: then_mine}), new_line)

    def sound(self, name: str) -> None:
        if self.factor > 0 or name not in ("deal", "draw", "flip"):
            self.play_sound(name)

    # ------------------------------------------------------------ events

    def _present(self, event: ev.Event, new_line: bool) -> float:
        # Each handler takes its own kind of event (``_on_card_played``...), found by its type.
        handler: Callable[[ev.Event, bool], float] | None = getattr(
            self, "_on_" + event.type, None)
        if handler is None:
            return 0.0
        return handler(event, new_line)

    def _on_dealer_chosen(self, event: ev.DealerChosen, new_line: bool) -> float:
        self.say(i18n.t("cut.deals_first", player=self.name(event.player)), True,
                 {event.player: i18n.t("event_you.deals_first")})
        return 0.0

    def _on_round_started(self, event: ev.RoundStarted, new_line: bool) -> float:
        m = self.model
        # The last round's cards are gathered into the pile, face down, before the deal.
        gathered = ([s for hand in m.hands for s in hand] + m.discard)[-24:]
        for sprite in gathered:
            sprite.focus = sprite.dim = False
            sprite.lift = sprite.lift_target = 0.0
        self._gather(gathered, 0.15, 0.3, 0.008)
        m.new_round(event.dealer, event.round)
        self.say_about(event.dealer, "round_started", True, event.hand_size, n=event.round + 1)
        self.play_sound("shuffle")
        return self.t(0.45)

    def _on_cards_dealt(self, first: ev.CardsDealt, new_line: bool) -> float:
        # The engine reports each player's cards at once; deal them round the table, one by one.
        batch = [first]
        while self.queue and isinstance(following := self.queue[0][0], ev.CardsDealt):
            self.queue.popleft()
            batch.append(following)
            self.presented += 1
        for e in batch:
            if e.player == self.viewer and e.cards is not None:
                self.model.dealt(e.cards)
        step, flight = self.t(DEAL_STEP), self.t(FLIGHT)
        dealt = [(e, i) for i in range(max(e.count for e in batch)) for e in batch if i < e.count]
        for k, (e, i) in enumerate(dealt):
            code = e.cards[i] if e.cards is not None else None
            sound = "deal" if k % 2 == 0 else ""
            self.later(k * step, self._from_pile(e.player, code, flight, 0.5, sound))
        return max(0.0, (len(dealt) - 1) * step) + flight

    def _from_pile(self, seat: int, code: int | None, flight: float, turn_at: float,
                   sound: str) -> Callable[[], None]:
        """A card dealt or drawn to ``seat``, turned face up (at ``turn_at`` of a flight) if
        it is the viewer's."""
        def run() -> None:
            m = self.model
            sprite = m.new_from_pile(code)
            m.add_to_hand(seat, sprite, flight)
            if code is not None and seat == self.viewer:
                sprite.flip(True, self.t(0.2), self.t(FLIGHT * turn_at))
            if sound:
                self.sound(sound)

        return run

    def _gather(self, sprites: list[CardSprite], turn: float, flight: float,
                stagger: float) -> None:
        """Cards fly face down onto the draw pile, one a little after the other."""
        m = self.model
        pile = m.layout.draw_pile
        for i, sprite in enumerate(sprites):
            sprite.highlight = False
            sprite.flip(False, self.t(turn))
            sprite.move_to(Slot(pile.centerx, pile.centery, 0.0), m.layout.pile_card,
                           self.t(flight), i * self.t(stagger))
            m.loose.append(sprite)

    def _on_starter_turned(self, event: ev.StarterTurned, new_line: bool) -> float:
        m = self.model
        sprite = m.new_from_pile(event.card)
        sprite.flip(True, self.t(0.25), 0.0)
        m.push_discard(sprite, self.t(FLIGHT))
        m.suit = SUIT_OF[event.card]
        m.suit_named = False
        self.say(i18n.t("event.starter_turned", card=i18n.card_name(event.card)), True)
        self.sound("flip")
        return self.t(0.55)

    def _on_card_played(self, event: ev.CardPlayed, new_line: bool) -> float:
        m = self.model
        sprite = m.take_from_hand(event.player, event.card)
        sprite.flip(True, self.t(0.22), 0.0)
        m.push_discard(sprite, self.t(FLIGHT))
        m.reflow(event.player, self.t(REFLOW))
        was_crank = m.crank
        m.crank = event.crank
        m.suit = SUIT_OF[event.card]
        m.suit_named = False  # an 8 or 9 shows its badge once the suit is named
        if event.crank and was_crank:
            m.pop_crank()
        self.say_about(event.player, "card_played", new_line, card=i18n.card_name(event.card))
        if was_crank and event.crank:
            self.say(i18n.t("table.crank", count=event.crank), False)
        self.sound("crank" if event.crank else "play")
        # A 6 gives another turn, unless it was the last card (the round's end is queued
        # with it, in the same action's events).
        if RANK_OF[event.card] == 6 and not event.crank and not any(
                isinstance(e, ev.RoundEnded) for e, _ in self.queue):
            self.say_about(event.player, "plays_again", False)
            self.later(self.t(FLIGHT), lambda: self._banner("again", event.player, GREEN_FILL))
        return self.t(0.42)

    def _banner(self, key: str, seat: int | None, fill: Color, least: float = 0.6) -> None:
        """A banner by ``seat`` (None: about the whole table) saying ``table.<key>``."""
        self.model.pop_banner(i18n.t(f"table.{key}"), seat, fill, max(least, 1.3 * self.factor))

    def _on_suit_chosen(self, event: ev.SuitChosen, new_line: bool) -> float:
        m = self.model
        m.suit = event.suit
        m.suit_named = True
        m.pop_badge()
        top = m.top_code
        nine = top is not None and RANK_OF[top] == 9
        key = ("suit_switched" if event.switched else "suit_kept") if nine else "suit_chosen"
        self.say_about(event.player, key, new_line, suit=i18n.suit_name(event.suit))
        return self.t(0.35)

    def _on_crank_started(self, event: ev.CrankStarted, new_line: bool) -> float:
        self.model.crank = event.count
        self.model.pop_crank()
        self.say(i18n.t("table.crank", count=event.count), new_line)
        return self.t(0.2)

    def _on_crank_ended(self, event: ev.CrankEnded, new_line: bool) -> float:
        self.model.crank = 0
        self.say_about(event.player, "crank_taken", new_line, event.count)
        return self.t(0.1)

    def _on_cards_drawn(self, event: ev.CardsDrawn, new_line: bool) -> float:
        who = self.name(event.player)
        if event.count == 0:
            return 0.0
        # Holding more than one card again cancels an announcement (RULES.md 9): the gold
        # tag shows the truth, also if the player later comes back to one card unannounced.
        self.model.announced[event.player] = False
        cards = event.cards
        names = [i18n.card_name(c) for c in cards] if cards is not None else None
        variants = {}
        if names is not None:  # a 7's or a 5's draw says so: "You have to draw 6♣"
            forced = event.reason in ("seven", "five", "final")
            key = "event.you_drew_forced" if forced else "event.you_drew"
            variants[event.player] = (
                i18n.t(key, card=names[0]) if len(names) == 1
                else i18n.t(f"{key}_many", cards=" ".join(names))
            )
        if event.reason in ("crank", "idiot"):
            public = ""  # said with the crank's end, or with the call ("Ada draws 2 cards")
        elif event.count == 1 and event.reason == "turn":
            public = i18n.t("event.card_drawn", player=who)
        else:
            public = i18n.tn("event.cards_drawn", event.count, player=who)
        self.log.add(LogPart(public, variants, event.player), new_line)
        step, flight = self.t(DRAW_STEP), self.t(FLIGHT)
        for i in range(event.count):
            code = cards[i] if cards is not None else None
            self.later(i * step, self._from_pile(event.player, code, flight, 0.4, "draw"))
        return max(0.0, (event.count - 1) * step) + flight + self.t(0.08)

    def _on_pile_reshuffled(self, event: ev.PileReshuffled, new_line: bool) -> float:
        m = self.model
        gone, m.discard = m.discard[:-1], m.discard[-1:]
        m.discard_total = len(m.discard)
        self._gather(gone[-4:], 0.2, 0.35, 0.05)
        # The engine reshuffles in the middle of a draw, once the pile runs out: the draw that
        # follows takes what was left of the old pile first, so the count shown keeps those.
        m.draw_count += event.count
        self.say(i18n.t("event.reshuffled"), new_line)
        self.sound("shuffle")
        return self.t(0.6)

    def _on_player_skipped(self, event: ev.PlayerSkipped, new_line: bool) -> float:
        self._banner("skipped", event.player, BLUE_FILL)
        self.say_about(event.player, "skipped", new_line)
        return self.t(0.55)

    def _on_direction_reversed(self, event: ev.DirectionReversed, new_line: bool) -> float:
        m = self.model
        m.direction = event.direction
        m.ring_turn = Tween(1.0, 0.0, max(0.01, self.t(0.6)))
        self._banner("reversed", None, BLUE_FILL)
        key = "event.reversed_cw" if event.direction == 1 else "event.reversed_ccw"
        self.say(i18n.t(key), new_line)
        self.play_sound("reverse")
        return self.t(0.6)

    def _on_turn_lost(self, event: ev.TurnLost, new_line: bool) -> float:
        self._banner("loses_turn", event.player, BLUE_FILL)
        self.say_about(event.player, "turn_lost", new_line)
        return self.t(0.6)

    def _on_passed(self, event: ev.Passed, new_line: bool) -> float:
        self.say_about(event.player, "passed", new_line)
        return self.t(0.3)

    def _on_last_card_announced(self, event: ev.LastCardAnnounced, new_line: bool) -> float:
        self.model.announced[event.player] = True
        self._banner("last_card", event.player, GOLD_FILL)
        self.say_about(event.player, "last_card", True)
        self.play_sound("last_card")
        return self.t(0.5)

    def _on_idiot_called(self, event: ev.IdiotCalled, new_line: bool) -> float:
        m = self.model
        self._banner("idiot", event.target, RED_FILL, least=0.8)
        m.shake(event.target, max(0.3, self.t(0.6)))
        names = {"caller": self.name(event.caller), "target": self.name(event.target)}
        self.say(i18n.tn("event.idiot_called", event.penalty, **names), True, {
            event.target: i18n.tn("event_you.caught", event.penalty, **names),
            event.caller: i18n.tn("event_you.catch", event.penalty, **names),
        })
        self.play_sound("idiot")
        return self.t(0.8)

    def _on_round_ended(self, event: ev.RoundEnded, new_line: bool) -> float:
        m = self.model
        m.turn = None
        m.crank = 0
        m.totals = [t + s for t, s in zip(m.totals, event.scores, strict=True)]
        if event.winner is None:
            self.say(i18n.t("event.round_blocked", n=m.round_index + 1), True)
        else:
            self.say_about(event.winner, "round_won", True)
        if event.hands:
            self._reveal(event.hands)
            self.sound("flip")
        # Won by the viewer, or by anyone at a table with no viewer.
        won = event.winner is not None and self.viewer in (None, event.winner)
        self.play_sound("round_won" if won else "round_lost")
        return self.t(1.4)

    def _reveal(self, hands: Sequence[Sequence[int]]) -> None:
        m = self.model
        m.revealed = True
        for seat, codes in enumerate(hands):
            sprites = m.hands[seat]
            unknown = [s for s in sprites if s.code is None]
            known = {s.code for s in sprites if s.code is not None}
            missing = [c for c in codes if c not in known]
            for sprite, code in zip(unknown, missing, strict=False):
                sprite.code = code
            for i, sprite in enumerate(sprites):
                sprite.flip(True, self.t(0.25), i * self.t(0.03))

    def _on_match_ended(self, event: ev.MatchEnded, new_line: bool) -> float:
        winners = event.winners
        mine = {winners[0]: i18n.t("event.you_win")} if len(winners) == 1 else {}
        self.say(win_text([self.name(p) for p in winners]), True, mine)  # never "You wins!"
        return 0.0


def names_and(names: Sequence[str]) -> str:
    """Names one after another: "Ada, Ben and Clara"."""
    return i18n.t("event.and", first=", ".join(names[:-1]), last=names[-1])


def win_text(names: Sequence[str]) -> str:
    """"Ada wins!", or who share the win."""
    if len(names) == 1:
        return i18n.t("event.player_wins", player=names[0])
    return i18n.t("event.shared_win", players=names_and(names))

