"""The hint is the hard level's move, and its job for the bot helper holds only what the seat
to act may see."""

from __future__ import annotations

import random
from dataclasses import replace

from test_review_replay import game

from craits.engine import Rules
from craits.engine.actions import Play
from craits.engine.events import CardsDealt, CardsDrawn
from craits.engine.notation import read_card
from craits.review.hint import hint, hint_job
from craits.review.replay import Replay
from craits.review.thinking import decide, level_profile
from craits.seat import Seat
from craits.session import Session

QUICK = replace(level_profile("hard"), search=replace(level_profile("hard").search,
                                                     iterations=40))


def test_the_hint_is_what_hard_plays_where_medium_plays_otherwise() -> None:
    # Seat 2 before step 30 of this match holds JC KC 7C 10C on a club: medium sheds the 10,
    # hard's search keeps it and sheds the king (version 1 played the 7 that makes the next
    # player draw; version 2, weighing its guesses by the plays, the king on most seeds).
    replay = Replay(game(9, ("easy", "medium", "easy", "medium")))
    step = next(s for s in replay.steps if s.number == 30)
    view = replay.view_before(step.number, step.player)
    history = replay.history(step.number, step.player)
    medium, _ = decide(level_profile("medium"), view, history, random.Random(0))
    assert medium == Play(read_card("10C"))
    assert hint(view, history, random.Random(0)).action == Play(read_card("KC"))


def test_the_hint_job_is_hard_at_its_full_budget() -> None:
    session = Session([Seat("human", "Ada"), Seat("human", "Bo")], Rules(), seed=2, bots={})
    assert hint_job(session).profile == level_profile("hard")


def test_the_hint_job_holds_the_seats_redacted_history_only() -> None:
    seats = [Seat("human", name) for name in ("Ada", "Bo", "Cy")]
    session = Session(seats, Rules(), seed=5, bots={})
    rng = random.Random(4)
    drawn_by_others = 0
    for _ in range(12):
        seat = session.to_act()
        assert seat is not None
        job = hint_job(session, profile=QUICK)
        assert job.view == session.view(seat)
        assert list(job.history) == session.events_for(seat)
        for event in job.history:
            if isinstance(event, (CardsDealt, CardsDrawn)) and event.player != seat:
                assert event.cards is None, event  # another player's cards, hidden
                drawn_by_others += 1
        session.act(rng.choice(session.view(seat).legal))
    assert drawn_by_others > 12  # at least the others' deals were there to hide
