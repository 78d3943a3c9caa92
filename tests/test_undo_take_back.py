"""Taking back a misclick: the last own move comes back exactly, and only while nothing new
was seen since (craits.director.take_back)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from craits.director import FixedPace, Hooks, InlineRunner, MatchDirector, Wait
from craits.engine import Announce, Call, Draw, Pass, Play, Rules
from craits.engine import events as ev
from craits.engine.cards import rank
from craits.seat import Seat
from craits.session import Session

PLAIN = {1, 3, 11, 12, 13}  # ranks whose play shows nothing new (outside a crank)
GRACE = 1.5


class Saves(Hooks):
    def __init__(self) -> None:
        self.last: dict | None = None

    def changed(self, session: Session) -> None:
        self.last = session.to_save()


def table(kinds=("human", "easy"), seed=1, undo=True, rules=None) -> tuple[Session, MatchDirector,
                                                                          Saves]:
    seats = [Seat(kind, f"P{i}") for i, kind in enumerate(kinds)]
    session = Session(seats, rules or Rules(), seed, undo=undo)
    hooks = Saves()
    director = MatchDirector(session, runner=InlineRunner(), pace=FixedPace(0.8), hooks=hooks,
                             grace=GRACE, viewer=0)
    return session, director, hooks


def until_human_can(director: MatchDirector, wanted: Callable[[object], bool],
                    rng: random.Random, steps: int = 3000):
    """Play on (the human: a random legal move) until the human may make a move ``wanted``
    accepts; that move."""
    s = director.session
    for _ in range(steps):
        w = director.waiting
        if w.kind is Wait.MATCH_OVER:
            break
        if w.kind is Wait.ROUND_OVER:
            director.round_seen()
        elif w.kind in (Wait.HUMAN_TURN, Wait.STARTER_SUIT):
            legal = s.view(w.seat).legal
            good = [a for a in legal if wanted(a)]
            if good and w.seat == 0:
                return good[0]
            director.act(rng.choice(legal), w.seat)
        elif w.kind is Wait.HANDOFF:
            director.handed_to(w.seat)
        else:
            director.update(0.5)
    raise AssertionError("no such move came up")


def plain_play(session: Session) -> Callable[[object], bool]:
    def ok(action: object) -> bool:
        view = session.view(0)
        return (isinstance(action, Play) and rank(action.card) in PLAIN and not view.crank
                and len(view.hand) > 2)
    return ok


def snapshot(session: Session):
    return ([session.view(seat) for seat in range(len(session.seats))], list(session.records),
            list(session.events), [session.events_for(seat) for seat in range(len(session.seats))],
            session.match.totals)


def test_a_plain_own_play_is_taken_back_exactly():
    session, director, _ = table(("human", "easy", "medium"), seed=4)
    move = until_human_can(director, plain_play(session), random.Random(1))
    before = snapshot(session)
    version = session.version
    director.act(move, 0)
    assert session.view(0).hand != before[0][0].hand
    assert director.take_back_point(0) == len(before[1])
    assert director.take_back(0)
    assert snapshot(session) == before  # every seat's view, the log, the turn, the totals
    assert session.version > version + 1  # newer than the position after the play
    assert session.view(0).turn == 0 and move in session.view(0).legal


def test_the_computer_waits_the_grace_and_then_the_move_stays():
    session, director, _ = table(seed=5)
    move = until_human_can(director, plain_play(session), random.Random(2))
    director.act(move, 0)
    assert director.waiting.kind is Wait.COMPUTER
    records = len(session.records)
    director.update(GRACE - 0.1)  # longer than the computer's own 0.8 s
    assert len(session.records) == records and director.take_back_point(0) is not None
    assert director.take_back_left(0) == pytest.approx(0.1)
    director.update(0.2)
    assert len(session.records) > records  # the computer moved: nothing to take back
    assert director.take_back_point(0) is None
    assert not director.take_back(0)


def test_without_undo_the_computer_does_not_wait():
    session, director, _ = table(seed=5, undo=False)
    move = until_human_can(director, plain_play(session), random.Random(2))
    director.act(move, 0)
    records = len(session.records)
    assert director.take_back_point(0) is None
    director.update(0.9)
    assert len(session.records) > records


def test_a_draw_is_never_taken_back():
    session, director, _ = table(seed=6)
    move = until_human_can(director, lambda a: isinstance(a, Draw), random.Random(3))
    director.act(move, 0)
    assert director.take_back_point(0) is None


@pytest.mark.parametrize("card_rank", [5, 7])
def test_a_play_that_makes_someone_draw_is_not_taken_back(card_rank):
    session, director, _ = table(("human", "easy", "easy"), seed=7)
    move = until_human_can(director, lambda a: isinstance(a, Play) and rank(a.card) == card_rank,
                           random.Random(card_rank))
    start = len(session.events)
    director.act(move, 0)
    assert any(isinstance(e, ev.CardsDrawn) for e in session.events[start:])
    assert director.take_back_point(0) is None


def test_a_play_that_ends_the_round_is_not_taken_back():
    session, director, _ = table(seed=8)

    def last_card(action: object) -> bool:
        return isinstance(action, Play) and len(session.view(0).hand) == 1 \
            and rank(action.card) in PLAIN and not session.view(0).crank

    move = until_human_can(director, last_card, random.Random(4))
    director.act(move, 0)
    assert session.match.state.is_over()
    assert director.take_back_point(0) is None


def test_a_call_or_announcement_by_another_player_closes_it():
    session, director, _ = table(("human", "easy", "easy"), seed=9)

    def to_one(action: object) -> bool:
        view = session.view(0)
        return isinstance(action, Play) and len(view.hand) == 2 and rank(action.card) in PLAIN \
            and not view.crank

    move = until_human_can(director, to_one, random.Random(5))
    director.act(move, 0)
    assert director.take_back_point(0) is not None
    director.act(Call(1, 0))  # another player calls the unannounced last card
    assert director.take_back_point(0) is None


def test_the_movers_own_last_card_goes_back_with_the_play():
    session, director, _ = table(("human", "easy", "easy"), seed=9)

    def to_one(action: object) -> bool:
        view = session.view(0)
        return isinstance(action, Play) and len(view.hand) == 2 and rank(action.card) in PLAIN \
            and not view.crank

    move = until_human_can(director, to_one, random.Random(5))
    before = snapshot(session)
    director.act(move, 0)
    director.act(Announce(0))
    assert director.take_back_point(0) == len(before[1])
    assert director.take_back(0)
    assert snapshot(session) == before
    assert not session.view(0).announced[0]


def test_pass_and_play_only_with_the_agreement():
    for undo in (False, True):
        session, director, _ = table(("human", "human"), seed=10, undo=undo)
        move = until_human_can(director, plain_play(session), random.Random(6))
        director.act(move, 0)
        assert (director.take_back_point(0) is not None) is undo
        assert director.take_back_point(1) is None  # never someone else's move


def test_the_save_after_a_take_back_resumes_at_the_position_before_the_move():
    session, director, saves = table(("human", "easy", "easy"), seed=11)
    move = until_human_can(director, plain_play(session), random.Random(7))
    before = snapshot(session)
    director.act(move, 0)
    assert saves.last is not None and len(saves.last["actions"]) == len(before[1]) + 1
    director.take_back(0)
    assert saves.last is not None and saves.last["actions"] == before[1]
    assert saves.last["undo"] is True
    resumed = Session.from_save(saves.last)
    assert snapshot(resumed)[:2] == before[:2] and resumed.undo
    assert resumed.match_id == session.match_id


def test_an_old_save_or_a_bad_value_has_no_undo():
    session, _, _ = table(undo=True)
    data = session.to_save()
    for value in (False, "yes", 1, None):
        assert not Session.from_save({**data, "undo": value}).undo
    data.pop("undo")
    assert not Session.from_save(data).undo
    assert "undo" not in table(undo=False)[0].to_save()


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_whatever_is_taken_back_had_shown_nothing_and_comes_back_exactly(seed):
    """Random matches with every move tried: a move is open to take back only when the events
    since show no card and change no hand but the mover's, and taking it back gives every seat
    exactly the view it had."""
    rules = Rules(play_drawn_card=seed % 2 == 0)
    session, director, _ = table(("human", "easy", "human"), seed=seed, rules=rules)
    rng = random.Random(seed)
    taken = 0
    for _ in range(600):
        w = director.waiting
        if w.kind is Wait.MATCH_OVER:
            break
        if w.kind is Wait.ROUND_OVER:
            director.round_seen()
            continue
        if w.kind is Wait.HANDOFF:
            director.handed_to(w.seat)
            continue
        if w.kind is Wait.COMPUTER:
            director.update(0.5)
            continue
        seat = w.seat
        before = snapshot(session)
        director.act(rng.choice(session.view(seat).legal), seat)
        if rng.random() < 0.3 and session.view(seat).can_announce:
            director.act(Announce(seat))
        point = director.take_back_point(seat)
        if point is None:
            continue
        since = session.events[session.batches[point + 1]:]
        assert not any(isinstance(e, (ev.CardsDrawn, ev.PileReshuffled, ev.RoundEnded))
                       for e in since)
        assert [len(h) for i, h in enumerate(session.match.state.hands) if i != seat] == \
            [len(v.hand) for i, v in enumerate(before[0]) if i != seat]
        assert director.take_back(seat)
        assert snapshot(session) == before
        taken += 1
        director.act(rng.choice(session.view(seat).legal), seat)
    assert taken > 5


def test_a_pass_after_a_drawn_card_is_taken_back_to_the_choice_with_the_card_in_hand():
    """Keeping the card just drawn (``play_drawn_card``) is a turn action like a play: taken
    back, the drawn card stays in hand (it was seen) and playing it or passing is open again."""
    session, director, _ = table(("human", "easy", "medium"), seed=8,
                                 rules=Rules(play_drawn_card=True))
    move = until_human_can(director, lambda a: isinstance(a, Pass), random.Random(4))
    before = snapshot(session)
    drawn = session.events[-1]
    assert isinstance(drawn, ev.CardsDrawn) and drawn.player == 0
    director.act(move, 0)
    assert isinstance(session.events[-1], ev.Passed)
    assert director.take_back_point(0) == len(before[1])
    assert director.take_back(0)
    assert snapshot(session) == before
    view = session.view(0)
    assert view.turn == 0 and move in view.legal
    assert any(isinstance(a, Play) for a in view.legal)  # the drawn card may be played instead
