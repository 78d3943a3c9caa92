"""A match in progress, as data: the engine's match, the seats (humans and bots), the event
log with each seat's redacted copy, the action log a save replays from, and the match clock.

The match director (``craits.director``) drives it: turns, computer players, the race of
announcements and calls. It knows nothing of pygame or files.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from craits.ai import Bot, OracleBot
from craits.config.errors import show_value
from craits.config.levels import make_bot
from craits.engine import (
    Action,
    Announce,
    Call,
    Event,
    IllegalActionError,
    RoundState,
    Rules,
    SeatView,
    apply_action,
    new_match,
    next_round,
    redact,
    seat_view,
)
from craits.engine.events import round_start
from craits.engine.notation import (
    ActionRecord,
    LogEntry,
    MatchRecord,
    ReadMatch,
    SaveData,
    read_log_entry,
    write_action,
    write_next_round,
)
from craits.persistence.game_record import read_save
from craits.seat import Seat


@dataclass(frozen=True)
class BotJob:
    """One bot decision, self-contained and picklable: it may run on another thread or in
    another process, and gives the same answer as thinking in place. ``state`` is given only
    to a research bot that reads hidden cards (the oracle; never seated in the game)."""

    bot: Bot
    view: SeatView
    history: list[Event]
    rng: random.Random
    state: RoundState | None = None

    def __call__(self) -> Action:
        if self.state is not None:
            oracle: OracleBot = self.bot  # type: ignore[assignment]  # only it gets a state
            return oracle.choose_full(self.state, self.rng)
        return self.bot.choose(self.view, self.history, self.rng)


BotFactory = Callable[[str], Bot]
ReplayHook = Callable[[int | None, int | None, Action | None, list[Event], "Session"], None]
"""Called after each replayed step: (action index or None for the first deal, player, action
or None for a deal, the step's events, the session)."""


class ReplayFailed(ValueError):
    """An entry of an action log that does not replay: ``index`` and ``entry`` name it."""

    def __init__(self, index: int, entry: object, reason: Exception) -> None:
        super().__init__(f"actions[{index}] ({show_value(entry, 60)}) does not replay: {reason}")
        self.index = index
        self.entry = entry


class Session:
    """Owns one match: ``act`` for every action, ``start_next_round`` between rounds,
    ``events`` (and ``events_for`` a seat) to read what happened, ``to_save``/``from_save``."""

    def __init__(
        self,
        seats: list[Seat],
        rules: Rules | None = None,
        seed: int = 0,
        bot_factory: BotFactory | None = None,
        bots: dict[int, Bot] | None = None,
        undo: bool = False,
    ) -> None:
        """``bots`` (by seat) seats given computer players, e.g. a tournament's; otherwise
        ``bot_factory`` makes one per computer seat from its level. ``undo``: a player may
        take back a move while nothing new was seen (``craits.director.take_back``)."""
        if not 2 <= len(seats) <= 5:
            raise ValueError("Craits is played by 2 to 5 players")
        self.seats = list(seats)
        self.rules = rules or Rules()
        self.seed = seed
        # Names this match in the statistics' record of rounds counted (never reused).
        self.match_id = secrets.token_hex(8)
        factory = bot_factory or make_bot
        self.bots: dict[int, Bot] = dict(bots) if bots is not None else {
            i: factory(s.kind) for i, s in enumerate(self.seats) if not s.is_human}
        self.match, first = new_match(len(seats), self.rules, seed)
        self.events: list[Event] = []
        self.batches: list[int] = []  # where each action's (or deal's) events begin
        # Each seat's (and a spectator's, last) redacted copy of the log, kept as it grows:
        # a computer player's history is read at every decision.
        self._seen: list[list[Event]] = [[] for _ in range(len(seats) + 1)]
        self._log(first)
        self.records: list[ActionRecord] = []  # the action log, in the scenario action shape
        self.clock = 0.0  # match time (seconds), kept by the match director and saved
        self.undo = undo  # part of the match, saved: the players agreed to it at the start
        # The hands as their players arranged them at the table, seat -> (round, cards left
        # to right): the table's choice, saved so that Continue shows the same hand; no rule
        # reads it.
        self.arranged: dict[int, tuple[int, tuple[int, ...]]] = {}
        self.version = 0  # bumped on every change, so a stale bot answer is noticed
        self._round_start = round_start(self.events)

    # ------------------------------------------------------------ reading

    @property
    def state(self) -> RoundState:
        return self.match.state

    def view(self, seat: int) -> SeatView:
        return seat_view(self.match.state, seat)

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        """Events from index ``start`` as ``seat`` may see them (None: spectator)."""
        return self._seen[-1 if seat is None else seat][start:]

    def round_history(self, seat: int) -> list[Event]:
        return self.events_for(seat, self._round_start)

    def to_act(self) -> int | None:
        """The player whose turn action is awaited, or None between rounds."""
        return None if self.match.state.is_over() else self.match.state.turn

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    # ------------------------------------------------------------ acting

    def act(self, action: Action, player: int | None = None) -> list[Event]:
        """Apply an action (a human's or a bot's); raises IllegalActionError, changing nothing."""
        if isinstance(action, (Announce, Call)):
            player = action.player if isinstance(action, Announce) else action.caller
        elif player is None:
            player = self.match.state.turn
        self.match, new = apply_action(self.match, action, player)
        self.records.append(write_action(action, player))
        self._log(new)
        self.version += 1
        return list(new)

    def start_next_round(self) -> list[Event]:
        self.match, new = next_round(self.match)
        self.records.append(write_next_round())
        self._log(new)
        self.version += 1
        self._round_start = round_start(self.events)
        return list(new)

    def take_back(self, keep: int) -> None:
        """Go back to the position after the first ``keep`` entries of the action log: the
        match is replayed from its seed (a position is never edited), the seats, computer
        players, clock and match id stay."""
        if not 0 <= keep <= len(self.records):
            raise ValueError(f"cannot keep {keep} of {len(self.records)} actions")
        save = self.to_save()
        save["actions"] = self.records[:keep]
        again = Session.replay(save, bots=self.bots)
        self.match, self.events, self.batches = again.match, again.events, again.batches
        self._seen, self.records = again._seen, again.records
        self._round_start = again._round_start
        self.version += 1  # newer than every position before: a stale answer is noticed

    def decision_rng(self, seat: int) -> random.Random:
        """A fresh generator for one bot decision, fixed by the seed and the log's length."""
        return random.Random(f"{self.seed}:decision:{len(self.records)}:{seat}")

    def bot_request(self, seat: int | None = None) -> tuple[int, BotJob]:
        """A self-contained job choosing the bot's turn action (see ``BotJob``), with the
        session version it was made at: ``apply_bot_answer`` refuses a stale answer."""
        if seat is None:
            seat = self.to_act()
            if seat is None:
                raise ValueError("no one is to act: the round is over")
        bot = self.bots[seat]
        full = self.match.state if getattr(bot, "reads_hidden_cards", False) else None
        # The whole match's history: a player's habits (who forgets to say "Last card!") carry
        # over from round to round.
        job = BotJob(bot, self.view(seat), self.events_for(seat), self.decision_rng(seat), full)
        return self.version, job

    # ------------------------------------------------------------ saving

    def to_save(self) -> SaveData:
        """Everything needed to replay this exact position."""
        save: SaveData = {
            "seed": self.seed,
            "rules": self.rules.to_dict(),
            "seats": [{"kind": s.kind, "name": s.name} for s in self.seats],
            "actions": list(self.records),
            "clock": self.clock,
            "match_id": self.match_id,
        }
        if self.undo:  # older saves and records: off
            save["undo"] = True
        if self.arranged:  # older saves: every hand in its order
            save["arranged"] = [{"seat": seat, "round": r, "cards": list(cards)}
                                for seat, (r, cards) in sorted(self.arranged.items())]
        return save

    @classmethod
    def from_save(cls, data: object, bot_factory: BotFactory | None = None) -> Session:
        """Replay a save's data (or a ``ReadMatch`` of it); raises ValueError (``ReplayFailed``
        naming the action) if it does not replay. Every field is checked first
        (``persistence.game_record.read_save``); ``undo`` is on only when it is ``true``."""
        if not isinstance(data, ReadMatch):
            try:
                data = read_save(data)
            except ValueError as exc:
                raise ValueError(f"the save is incomplete or damaged ({exc})") from None
        save = data.data
        session = cls.replay(save, bot_factory, entries=data.entries)
        session.clock = save.get("clock", session.clock)
        session.match_id = save.get("match_id") or session.match_id  # older saves: a new one
        session.undo = save.get("undo", False)
        session.arranged = {hand["seat"]: (hand["round"], tuple(hand["cards"]))
                            for hand in save.get("arranged", [])}
        return session

    @classmethod
    def replay(
        cls, save: MatchRecord, bot_factory: BotFactory | None = None,
        bots: dict[int, Bot] | None = None, on_step: ReplayHook | None = None,
        entries: Sequence[LogEntry] | None = None,
    ) -> Session:
        """The one loop that replays an action log: checked save data (seed, rules, seats,
        actions) into a new Session, calling ``on_step`` after the first deal and after every
        entry; raises ``ReplayFailed`` naming the entry that fails. ``bot_factory`` and
        ``bots`` seat the computer players as for ``Session``. ``entries``: the actions as
        already read (``ReadMatch.entries``), not read again."""
        seats = [Seat(s["kind"], s["name"]) for s in save["seats"]]
        session = cls(seats, Rules.from_dict(save["rules"]), save["seed"], bot_factory, bots)
        if on_step is not None:
            on_step(None, None, None, list(session.events), session)
        for index, entry in enumerate(save["actions"]):
            player: int | None = None
            action: Action | None = None
            try:
                step = (read_log_entry(entry, len(seats), index) if entries is None
                        else entries[index])
                if step is None:
                    new = session.start_next_round()
                else:
                    player, action = step
                    new = session.act(action, player)
            except (IllegalActionError, ValueError) as exc:
                raise ReplayFailed(index, entry, exc) from None
            if on_step is not None:
                on_step(index, player, action, new, session)
        return session

    def _log(self, events: Sequence[Event]) -> None:
        self.batches.append(len(self.events))
        self.events.extend(events)
        for seat, seen in enumerate(self._seen[:-1]):
            seen.extend(redact(e, seat) for e in events)
        self._seen[-1].extend(redact(e, None) for e in events)
