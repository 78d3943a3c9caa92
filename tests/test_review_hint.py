"""The hint: the hard level's move, always legal, read from the seat's view and history only,
with a reason picked from what the move does."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace

import pytest
from test_review_replay import game, hidden_dealt_otherwise

from craits.engine import DRAWN, Draw, Pass, Play, Rules, apply, seat_view
from craits.engine.actions import ChooseSuit
from craits.engine.cards import card_str
from craits.engine.notation import read_action as parse_action
from craits.engine.notation import read_card as parse_card
from craits.engine.notation import read_suit as parse_suit
from craits.engine.scenario import parse_position
from craits.review.hint import Hint, HintJob, hint, hint_job, reason
from craits.review.messages import KEYS
from craits.review.replay import Replay
from craits.review.thinking import level_profile
from craits.seat import Seat
from craits.session import Session

QUICK = replace(level_profile("hard"), search=replace(level_profile("hard").search,
                                                     iterations=40))


def turns(replay: Replay, limit: int):
    """(view, history, state) before each turn action of the first ``limit`` in the match."""
    out = []
    for step in replay.steps:
        if step.is_turn and len(out) < limit:
            before = replay.before(step.number)
            out.append((replay.view_before(step.number, step.player),
                        replay.history(step.number, step.player), before))
    return out


def check_message(h: Hint) -> None:
    assert h.reason_key in KEYS, h.reason_key
    assert set(h.reason_params) == KEYS[h.reason_key], h
    assert h.move.key in KEYS and set(h.move.params) == KEYS[h.move.key]


def test_the_hint_is_always_a_legal_move_with_a_known_reason():
    replay = Replay(game(9, ("easy", "medium", "easy", "medium")))
    positions = turns(replay, 150)
    assert len(positions) == 150
    for number, (view, history, _) in enumerate(positions):
        h = hint(view, history, random.Random(number), QUICK)
        assert h.action in view.legal
        check_message(h)


def test_the_hint_does_not_depend_on_hidden_cards():
    replay = Replay(game(4))
    rng = random.Random(0)
    checked = 0
    for view, history, state in turns(replay, 80)[::4]:
        other = hidden_dealt_otherwise(state, view.seat, rng)
        other_view = seat_view(other, view.seat)
        assert other_view == view
        assert hint(other_view, history, random.Random(5), QUICK) == hint(
            view, history, random.Random(5), QUICK)
        checked += 1
    assert checked == 20


def test_the_hard_level_itself_gives_the_same_hint_whatever_the_hidden_cards():
    replay = Replay(game(4))
    rng = random.Random(1)
    real_choices = [p for p in turns(replay, 60) if len(p[0].legal) > 1][:3]
    for view, history, state in real_choices:
        other = seat_view(hidden_dealt_otherwise(state, view.seat, rng), view.seat)
        first = hint(view, history, random.Random(2))
        assert first == hint(other, history, random.Random(2))
        assert first.action in view.legal


def test_a_hint_job_is_picklable_and_for_the_player_to_act_in_pass_and_play():
    session = Session([Seat("human", "Ada"), Seat("human", "Bo")], Rules(), seed=2, bots={})
    rng = random.Random(3)
    for _ in range(4):
        session.act(rng.choice(session.view(session.state.turn).legal))
    seat = session.to_act()
    job = hint_job(session, profile=QUICK)
    assert job.view.seat == seat and job.view.legal
    copy = pickle.loads(pickle.dumps(job))
    assert isinstance(copy, HintJob) and copy() == job()
    assert hint_job(session, profile=QUICK)() == job()  # asking again: the same hint
    with pytest.raises(ValueError):
        hint_job(session, seat=1 - seat)


def test_no_hint_between_rounds():
    data = game()
    data["actions"] = data["actions"][: data["actions"].index({"next_round": True})]
    session = Session.from_save(data, bot_factory=lambda kind: None)
    assert session.to_act() is None
    with pytest.raises(ValueError):
        hint_job(session)


# ---------------------------------------------------------------- the reasons


def position(hands, top, *, turn=0, rules=None, crank=0, draw_pile=("3D", "6C"), start=False,
             actions=()):
    """A full deck: the cards not named go to the draw pile after ``draw_pile``."""
    named = {parse_card(c) for c in (*(c for h in hands for c in h), top, *draw_pile)}
    rest = [card_str(c) for c in range(52) if c not in named]
    doc = {"hands": [list(h) for h in hands], "discard": [top],
           "draw_pile": [*draw_pile, *rest], "rules": rules or {}}
    if start:
        doc["start"] = True
    else:
        doc.update(turn=turn, crank=crank)
    state, _ = parse_position(doc)
    for raw in actions:
        player, action = parse_action(raw, None)
        state, _ = apply(state, action, player)
    return seat_view(state, state.turn)


def play(card, suit=None):
    return Play(parse_card(card), None if suit is None else parse_suit(suit))


THREE = (["QC", "QD", "QS", "10S"], ["JD", "JS", "10C"])  # the others' hands: 4 and 3 cards
REASONS = [
    (position([["2H", "KS", "3C"], *THREE], "5H"), play("2H"),
     "hint.crank_start", {"player": 1, "count": 4}),
    (position([["AH", "KS"], *THREE], "2D", crank=2), play("AH"),
     "hint.crank_add", {"player": 1, "count": 4}),
    (position([["KS", "5D"], *THREE], "2D", crank=4), Draw(),
     "hint.crank_take", {"count": 4}),
    (position([["KH"], *THREE], "9H"), play("KH"), "hint.go_out", {}),
    (position([["KH", "8S", "4C"], *THREE], "9H"), play("KH"),
     "hint.sheds_keeps", {"count": 10, "rank": "8"}),
    (position([["KH", "3H", "4C"], *THREE], "9H"), play("KH"),
     "hint.sheds_keeps", {"count": 10, "rank": "3"}),
    (position([["10H", "4C"], *THREE], "9H"), play("10H"), "hint.sheds", {"count": 25}),
    (position([["KS", "4C"], *THREE], "9H"), Draw(), "hint.draw", {}),
    (position([["6H", "9H", "KS"], *THREE], "5H"), play("6H"),
     "hint.six_follow", {"card": "9H"}),
    (position([["9H", "4D", "7D", "KS"], *THREE], "KH"), play("9H", "D"),
     "hint.switch", {"suit": "D", "count": 2}),
    (position([["4H", "KS"], ["AC"], ["JD", "JS"]], "5H"), play("4H"),
     "hint.skip_threat", {"player": 1, "count": 1}),
    (position([["7H", "KS"], ["AC", "AD"], ["JD", "JS", "JH"]], "5H"), play("7H"),
     "hint.seven_threat", {"player": 1, "count": 2}),
    (position([["10H", "KS"], ["AC", "AD"], ["JD", "JS", "JH"]], "5H"), play("10H"),
     "hint.reverse_threat", {"player": 1, "count": 2}),
    (position([["10H", "KS"], ["AC", "AD"]], "5H"), play("10H"),
     "hint.skip_threat", {"player": 1, "count": 2}),
    (position([["5H", "KS"], ["AC", "AD", "AS"], ["QC"]], "5D"), play("5H"),
     "hint.five_threat", {"player": 2, "count": 1}),
    (position([["8S", "KC", "4C"], *THREE], "5H"), play("8S", "C"),
     "hint.eight_only", {"suit": "C", "count": 2}),
    (position([["8S", "KH", "4C", "5C"], *THREE], "5H"), play("8S", "C"),
     "hint.eight_name", {"suit": "C", "count": 2}),
    (position([["AH", "4D", "7H", "JH"], *THREE], "5H"), play("AH"),
     "hint.follow", {"suit": "H", "count": 2}),
    (position([["AH", "4D", "7C"], *THREE], "5H"), play("AH"), "hint.best", {}),
    (position([["KD", "4D", "7D"], *THREE], "8H", start=True), ChooseSuit(parse_suit("D")),
     "hint.name_suit", {"suit": "D", "count": 3}),
    (position([["KD", "4D", "7H"], *THREE], "9H", start=True), ChooseSuit(parse_suit("D")),
     "hint.switch", {"suit": "D", "count": 2}),
    (position([["KH", "4D", "7H"], *THREE], "9H", start=True), ChooseSuit(None),
     "hint.keep_suit", {"suit": "H", "count": 2}),
    (position([["KS", "4D"], *THREE], "5H", rules={"play_drawn_card": True},
              draw_pile=["8C"], actions=[{"player": 0, "draw": True}]), Pass(),
     "hint.pass_keeps", {"rank": "8"}),
    (position([["KS", "4D"], *THREE], "5H", rules={"play_drawn_card": True},
              draw_pile=["5C"], actions=[{"player": 0, "draw": True}]), Pass(),
     "hint.pass", {}),
    (position([["KH", "4D"], *THREE], "5H", rules={"draw_when_able": True}), Draw(),
     "hint.draw_hold", {}),
]


@pytest.mark.parametrize("view, action, key, params", REASONS)
def test_the_reason_says_what_the_move_does(view, action, key, params):
    assert action in view.legal
    assert reason(view, action) == (key, params)
    assert set(params) == KEYS[key]


def test_every_reason_is_covered_by_a_position():
    hint_keys = {k for k in KEYS if k.startswith("hint.")}
    assert hint_keys == {key for _, _, key, _ in REASONS}


def test_the_drawn_phase_is_set_up():
    view = REASONS[-3][0]
    assert view.phase == DRAWN and view.drawn == parse_card("8C")


@pytest.mark.parametrize("view, action, key, params", REASONS[:6] + REASONS[-6:])
def test_the_hint_in_those_positions_is_legal(view, action, key, params):
    h = hint(view, [], random.Random(1), QUICK)
    assert h.action in view.legal
    check_message(h)
