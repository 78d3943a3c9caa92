"""Events and the round state are written-out, typed classes that keep their value behaviour."""

from __future__ import annotations

import inspect
import pickle
import re
import typing

import pytest

from craits.engine import Rules, apply, legal_actions, new_round
from craits.engine import events as ev
from craits.engine.position import Position
from craits.engine.state import RoundState

KINDS = [
    value
    for value in vars(ev).values()
    if inspect.isclass(value) and issubclass(value, ev.Event) and value is not ev.Event
]
SAMPLE = {"card": 12, "cards": (0, 51), "suit": 2, "reason": "turn", "switched": True,
          "blocked": False, "winner": None, "scores": (0, 15), "winners": (0,),
          "totals": (3, 40)}  # fmt: skip


def sample(kind: type[ev.Event]) -> ev.Event:
    return kind(*(SAMPLE.get(name, 1) for name in kind._fields))


def documented_kinds() -> dict[str, list[str]]:
    """The module docstring's table: each event's type and its fields, in order."""
    rows = re.findall(r"^\| (\w+) +\| (.+?) *\|$", ev.__doc__ or "", re.M)
    kinds = {}
    for name, fields in rows[1:]:  # the first row is the header
        names = re.sub(r"\([^)]*\)", "", fields).split(":")[0]
        kinds[name] = [field.strip() for field in names.split(",")]
    return kinds


def test_every_kind_is_a_class_of_this_module_with_the_documented_type_and_fields():
    documented = documented_kinds()
    assert len(KINDS) == len(documented) == 19
    for kind in KINDS:
        event = sample(kind)
        assert kind.__module__ == "craits.engine.events" and kind.__qualname__ == kind.__name__
        assert event.type in documented, event.type
        assert list(kind._fields) == documented[event.type], kind


def test_field_types_are_declared_for_every_kind():
    for kind in KINDS:
        hints = typing.get_type_hints(kind)
        assert list(hints) == list(kind._fields), kind


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_an_event_is_a_value(kind):
    event = sample(kind)
    twin = sample(kind)
    assert event == twin and hash(event) == hash(twin) and not event != twin
    assert isinstance(event, tuple) and not hasattr(event, "__dict__")
    assert event != tuple(event) and tuple(event) != event  # equal only to its own kind
    assert eval(repr(event), vars(ev)) == event  # the repr pastes back
    copy = pickle.loads(pickle.dumps(event))  # events cross to the bot helper process
    assert type(copy) is kind and copy == event
    first = kind._fields[0]
    changed = event._replace(**{first: 4})
    assert type(changed) is kind and getattr(changed, first) == 4 and changed != event
    with pytest.raises(AttributeError):
        setattr(event, first, 4)


def test_kinds_with_the_same_fields_never_compare_or_hash_equal():
    started, ended = ev.CrankStarted(1, 2), ev.CrankEnded(1, 2)
    assert started != ended and not started == ended and hash(started) != hash(ended)
    assert len({ev.TurnLost(0), ev.Passed(0), ev.LastCardAnnounced(0), ev.DealerChosen(0)}) == 4


def test_to_dict_names_cards_and_suits_and_lists_tuples():
    assert ev.CardsDrawn(1, (0, 51), 2, "seven").to_dict() == {
        "type": "cards_drawn", "player": 1, "cards": ["AS", "KC"], "count": 2, "reason": "seven"}
    assert ev.SuitChosen(0, 1, True).to_dict() == {
        "type": "suit_chosen", "player": 0, "suit": "H", "switched": True}
    assert ev.RoundEnded(None, True, (5, 0), ((4,), (13,))).to_dict() == {
        "type": "round_ended", "winner": None, "blocked": True, "scores": [5, 0],
        "hands": [["5S"], ["AH"]]}
    assert ev.CardsDealt(2, None, 8).to_dict()["cards"] is None  # fmt: skip


def test_redact_hides_other_seats_cards_only():
    drawn = ev.CardsDrawn(1, (3, 4), 2, "turn")
    assert ev.redact(drawn, 1) is drawn
    assert ev.redact(drawn, 0) == ev.CardsDrawn(1, None, 2, "turn")
    assert ev.redact(drawn, None).cards is None and ev.redact(drawn, None).count == 2
    dealt = ev.CardsDealt(0, (1,), 1)
    assert ev.redact(dealt, 2) == ev.CardsDealt(0, None, 1)
    played = ev.CardPlayed(0, 5, 0)
    assert ev.redact(played, 1) is played


def test_round_state_declares_its_field_types_and_stays_a_tuple():
    hints = typing.get_type_hints(RoundState)
    assert list(hints) == list(RoundState._fields) and len(hints) == 19
    assert hints["hands"] == tuple[tuple[int, ...], ...] and hints["window"] == int | None
    state, _ = new_round(Rules(), 3, 0, 5, seed=4)
    assert isinstance(state, tuple) and not hasattr(state, "__dict__")
    frozen = Position.from_state(state).freeze()  # built with tuple.__new__
    assert type(frozen) is RoundState and frozen == state and hash(frozen) == hash(state)
    assert pickle.loads(pickle.dumps(state)) == state
    moved, events = apply(state, legal_actions(state)[0])
    assert type(moved) is RoundState and all(isinstance(e, ev.Event) for e in events)
    assert state.replace(turn=2).turn == 2 and state.replace(turn=2)[:8] == state[:8]
    assert repr(state).startswith("<RoundState turn=")
