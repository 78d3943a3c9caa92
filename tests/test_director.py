"""The one match loop: what it waits for, pacing, stale and illegal answers, hooks."""

from __future__ import annotations

import logging
import time

import pytest

from craits.director import (
    FixedPace,
    Hooks,
    InlineRunner,
    MatchDirector,
    Wait,
    play_headless,
    play_match,
)
from craits.engine import Announce, Call, IllegalActionError, Play, Rules, legal_actions
from craits.engine.events import IdiotCalled, LastCardAnnounced, MatchEnded
from craits.session import Seat, Session
from craits.work import Lane, Latest, Workbench

SHORT = Rules(game_length="short")


class FirstLegal:
    level = "first"

    def choose(self, view, history, rng):
        return view.legal[0]

    def announce_delay(self, view, history, rng):
        return 0.3

    def call_delay(self, view, history, rng):
        return None


class Illegal(FirstLegal):
    def choose(self, view, history, rng):
        return Announce(view.seat)  # never a turn action


class CountingHooks(Hooks):
    def __init__(self) -> None:
        self.rounds = self.matches = 0
        self.saved_at: list[int] = []  # the action log's length at each "save now"

    def changed(self, session):
        self.saved_at.append(len(session.records))

    def round_over(self, session):
        self.rounds += 1

    def match_over(self, session):
        self.matches += 1


class HeldRunner:
    """Answers only when told to: a computer player that thinks for as long as a test likes."""

    def __init__(self) -> None:
        self.jobs: list = []
        self.released: dict[int, object] = {}

    def submit(self, job):
        self.jobs.append(job)
        return len(self.jobs)

    def release(self) -> None:
        self.released[len(self.jobs)] = self.jobs[-1]()

    def poll(self, ticket):
        return self.released.pop(ticket, None)


class ScriptedBot(FirstLegal):
    """Announces and calls after fixed delays (None: never)."""

    def __init__(self, announce: float | None = 0.2, call: float | None = 0.3) -> None:
        self.announce, self.call = announce, call

    def announce_delay(self, view, history, rng):
        return self.announce

    def call_delay(self, view, history, rng):
        return self.call


def bots(**kwargs):
    return lambda level: ScriptedBot(**kwargs)


def _two_card_position(session: Session, mover: int) -> None:
    """Put ``mover`` to act holding AS and AH on a discard of AD."""
    from dataclasses import replace

    state = session.match.state
    hands = [state.hands[0], state.hands[1]]
    hands[mover] = (0, 13)
    hands[1 - mover] = tuple(c for c in hands[1 - mover] if c not in (0, 13, 26))
    used = set(hands[0]) | set(hands[1]) | {26}
    position = state.replace(
        hands=tuple(hands), draw_pile=tuple(c for c in range(52) if c not in used),
        discard=(26,), suit=2, turn=mover, phase="play", crank=0, direction=1,
    )  # fmt: skip
    session.match = replace(session.match, state=position)


def test_a_bot_calls_a_human_who_forgot_to_announce():
    session = Session([Seat("human", "You"), Seat("easy", "Bot")], Rules(),
                      seed=3, bot_factory=bots(call=0.3))  # fmt: skip
    _two_card_position(session, mover=0)
    director = MatchDirector(session, pace=FixedPace(5.0))
    director.act(Play(0))  # AS on AD: rank match; one card left, not announced
    assert session.match.state.window == 0
    assert director.update(0.2) == []
    events = director.update(0.2)
    assert any(isinstance(e, IdiotCalled) and e.caller == 1 and e.target == 0 for e in events)
    assert session.match.state.lose_turn[0]


def test_a_bot_announces_its_last_card_after_its_delay():
    session = Session([Seat("easy", "Bot"), Seat("human", "You")], Rules(),
                      seed=3, bot_factory=bots(announce=0.25, call=None))  # fmt: skip
    _two_card_position(session, mover=0)
    director = MatchDirector(session)
    director.act(Play(0))
    assert director.update(0.2) == []
    events = director.update(0.1)
    assert [type(e) for e in events] == [LastCardAnnounced]
    with pytest.raises(IllegalActionError):
        session.act(Announce(0))


def _bots(seats: int) -> list[Seat]:
    return [Seat("easy", f"B{i}") for i in range(seats)]


def test_a_computer_match_runs_to_its_end_and_the_hooks_fire_once_per_round() -> None:
    hooks = CountingHooks()
    session = Session(_bots(3), SHORT, seed=4, bot_factory=lambda level: FirstLegal())
    director = play_headless(session, hooks=hooks)
    assert director.waiting.kind is Wait.MATCH_OVER
    assert isinstance(session.events[-1], MatchEnded)
    assert hooks.rounds == 8 and hooks.matches == 1
    # Saved after every change (reactions that fall due together, once), the last included.
    assert hooks.saved_at == sorted(set(hooks.saved_at))
    assert hooks.saved_at[-1] == len(session.records)
    assert len(hooks.saved_at) >= 0.9 * len(session.records)
    assert director.illegal_answers == 0


def test_it_says_what_it_waits_for_and_the_round_goes_on_when_seen() -> None:
    session = Session([Seat("human", "Ana"), Seat("easy", "Bo")], SHORT, seed=9,
                      bot_factory=lambda level: FirstLegal())
    director = MatchDirector(session, pace=FixedPace(0.5))
    for _ in range(2000):
        w = director.waiting
        if w.kind is Wait.ROUND_OVER:
            break
        if w.kind in (Wait.HUMAN_TURN, Wait.STARTER_SUIT):
            assert w.seat == 0 == director.viewer
            director.act(legal_actions(session.match.state)[0])
        else:
            assert w == director.waiting and w.kind is Wait.COMPUTER and w.seat == 1
            director.update(0.25)
    assert director.waiting.kind is Wait.ROUND_OVER
    director.update(5.0)  # time does not deal the next round: the caller shows the end first
    assert director.waiting.kind is Wait.ROUND_OVER
    director.round_seen()
    assert len(session.match.history) == 1 and not session.match.state.is_over()


def test_pass_and_play_waits_for_the_hand_off() -> None:
    session = Session([Seat("human", "Ana"), Seat("human", "Bo")], SHORT, seed=3)
    director = MatchDirector(session)
    first = director.waiting
    assert first.kind is Wait.HANDOFF and director.viewer is None
    director.handed_to(first.seat)
    assert director.waiting.kind in (Wait.HUMAN_TURN, Wait.STARTER_SUIT)


def test_a_computer_moves_when_its_answer_is_ready_and_its_time_is_up() -> None:
    session = Session([Seat("human", "Ana"), Seat("easy", "Bo")], SHORT, seed=9,
                      bot_factory=lambda level: FirstLegal())
    runner = HeldRunner()
    director = MatchDirector(session, runner=runner, pace=FixedPace(0.6))
    while director.waiting.kind is not Wait.COMPUTER:
        director.act(legal_actions(session.match.state)[0])
    before = len(session.records)
    director.update(1.0)  # time is up, no answer yet
    assert len(session.records) == before
    runner.release()
    director.update(0.0)
    assert len(session.records) == before + 1


def test_an_answer_for_an_older_position_is_thought_again() -> None:
    """Staleness is decided by the director alone: a change while the computer thinks (here a
    human's announcement) sends the question again."""
    session = Session([Seat("human", "Ana"), Seat("easy", "Bo")], SHORT, seed=9,
                      bot_factory=lambda level: FirstLegal())
    runner = HeldRunner()
    director = MatchDirector(session, runner=runner, pace=FixedPace(0.0))
    while director.waiting.kind is not Wait.COMPUTER:
        director.act(legal_actions(session.match.state)[0])
    director.think_ahead()
    asked = len(runner.jobs)
    runner.release()
    session.version += 1  # the position moved on (as an announcement or a call does)
    before = len(session.records)
    director.update(0.1)
    assert len(session.records) == before and len(runner.jobs) == asked + 1
    runner.release()
    director.update(0.1)
    assert len(session.records) == before + 1


def test_an_illegal_computer_answer_is_an_error_logged_and_counted(caplog) -> None:
    session = Session(_bots(2), SHORT, seed=2, bot_factory=lambda level: Illegal())
    director = MatchDirector(session)
    with caplog.at_level(logging.ERROR, logger="craits.director.director"):
        director.think_ahead()
        director.update(1.0)
    assert director.illegal_answers == 1
    assert any("not legal" in r.getMessage() for r in caplog.records)
    assert session.records  # the table did not stall


def test_the_workbench_and_thinking_in_place_play_the_same_match() -> None:
    def play(runner) -> list:
        session = Session(_bots(3), SHORT, seed=12, bot_factory=_easy)
        director = MatchDirector(session, runner=runner, pace=FixedPace(0.8))
        deadline = time.monotonic() + 120
        while director.waiting.kind is not Wait.MATCH_OVER and time.monotonic() < deadline:
            if director.waiting.kind is Wait.ROUND_OVER:
                director.round_seen()
            elif not director.update(0.1):
                time.sleep(0.0002)  # frames go by while the helper thinks
        assert session.match.is_over()
        return session.records

    bench = Workbench()
    try:
        assert play(Latest(bench.job(Lane.BOT))) == play(InlineRunner())
    finally:
        bench.close()


def _easy(level: str):
    from craits.config.levels import make_bot

    return make_bot("easy")


def test_a_tournament_match_is_driven_by_the_same_director() -> None:
    from craits.config.levels import make_bot

    bots = [make_bot("easy"), make_bot("random")]
    record = play_match(bots, seed=5, rules=SHORT)
    session = Session([Seat("easy", "a"), Seat("random", "b")], SHORT, 5,
                      bot_factory=make_bot)
    play_headless(session)
    assert record.round_scores == list(session.match.history)
    assert record.illegal == 0


def test_a_human_always_has_the_grace_time_and_computers_race_after_it() -> None:
    """The human plays down to one card and forgets: for ``grace`` seconds nothing happens;
    then the computer's call (0.3 s) beats its own move (0.5 s), as it would without grace."""
    session = Session([Seat("human", "You"), Seat("easy", "Bot")], Rules(), seed=3,
                      bot_factory=bots(announce=None, call=0.3))
    _two_card_position(session, mover=0)
    director = MatchDirector(session, pace=FixedPace(0.5), grace=1.5)
    director.act(Play(0))
    assert director.update(1.4) == []  # within the grace: no call, no move
    assert director.waiting.kind is Wait.COMPUTER and session.match.state.window == 0
    events = director.update(0.5)  # 1.9 s: the call came at 1.8, before the move at 2.0
    assert [type(e).__name__ for e in events][:1] == ["IdiotCalled"]


def test_the_grace_lets_a_human_catch_a_computer_that_forgets() -> None:
    """A computer plays down to one card and forgets; the next computer's move (which would
    close the window) waits out the human's grace."""
    from dataclasses import replace

    from craits.engine.scenario import parse_position

    session = Session([Seat("easy", "A"), Seat("easy", "B"), Seat("human", "You")], Rules(),
                      seed=3, bot_factory=bots(announce=None, call=None))
    state, _ = parse_position({"hands": [["AS", "KH"], ["QS", "JS"], ["QD", "JD"]],
                               "draw_pile": ["2C", "3C"], "discard": ["AD"], "turn": 0})
    session.match = replace(session.match, state=state)
    director = MatchDirector(session, pace=FixedPace(0.4), grace=1.5)
    director.think_ahead()
    director.update(0.5)  # A plays AS, one card left, not announced; B is to act
    assert session.match.state.window == 0 and director.waiting.seat == 1
    director.update(1.2)  # without the grace, B would have moved 0.4 s after A
    assert session.match.state.window == 0
    director.act(Call(2, 0))
    assert session.match.state.lose_turn[0]


def test_without_a_human_in_the_race_there_is_no_grace() -> None:
    session = Session([Seat("easy", "A"), Seat("easy", "B")], Rules(), seed=3,
                      bot_factory=bots(announce=None, call=0.3))
    _two_card_position(session, mover=0)
    director = MatchDirector(session, pace=FixedPace(0.5), grace=1.5)
    director.think_ahead()
    director.update(0.5)  # A plays down to one card
    events = director.update(0.35)
    assert any(isinstance(e, IdiotCalled) for e in events)
