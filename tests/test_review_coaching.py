"""First-game coaching: each ability's first occurrence found once, where it happens; the
player's notes remembered and shown once, during their first games only."""

from __future__ import annotations

import pytest
from test_review_replay import game, play

from craits.engine import Rules
from craits.engine import events as ev
from craits.engine.cards import RANK_OF
from craits.review.coaching import COACHED_GAMES, NOTES, CoachState, Note, firsts
from craits.review.messages import KEYS
from craits.review.replay import Replay

# Notes that follow one kind of event each: (test on the event) -> the note's player.
DIRECT = {
    "crank_started": lambda e: isinstance(e, ev.CrankStarted),
    "crank_taken": lambda e: isinstance(e, ev.CrankEnded),
    "reshuffle": lambda e: isinstance(e, ev.PileReshuffled),
    "last_card": lambda e: isinstance(e, ev.LastCardAnnounced),
    "idiot_called": lambda e: isinstance(e, ev.IdiotCalled),
    "turn_lost": lambda e: isinstance(e, ev.TurnLost),
    "four_skip": lambda e: isinstance(e, ev.PlayerSkipped) and e.reason == "four",
    "ten_skip": lambda e: isinstance(e, ev.PlayerSkipped) and e.reason == "ten",
    "seven_skip": lambda e: isinstance(e, ev.PlayerSkipped) and e.reason == "seven",
    "five_draw": lambda e: isinstance(e, ev.CardsDrawn) and e.reason == "five",
    "seven_draw": lambda e: isinstance(e, ev.CardsDrawn) and e.reason == "seven",
    "ten_reverse": lambda e: isinstance(e, ev.DirectionReversed),
    "crank_grows": lambda e: isinstance(e, ev.CardPlayed) and e.crank > 2,
    "blocked": lambda e: isinstance(e, ev.RoundEnded) and e.blocked,
}

GAMES = [(3, ("easy", "easy", "easy"), "short"), (5, ("medium", "easy"), "full"),
         (8, ("easy", "medium", "easy", "easy"), "short")]


def where_shown(events) -> dict[str, int]:
    """Index of the event with which each note was first returned, feeding one at a time."""
    coach = CoachState()
    shown = {}
    for index, event in enumerate(events):
        for note in coach.notes([event]):
            shown[note.id] = index
    return shown


@pytest.mark.parametrize("seed, kinds, length", GAMES)
def test_each_first_is_found_once_at_its_first_occurrence(seed, kinds, length):
    events = Replay(game(seed, kinds, length)).session.events
    found = firsts(events)
    ids = [note.id for note in found]
    assert len(ids) == len(set(ids)) and set(ids) <= set(NOTES)
    shown = where_shown(events)
    assert list(shown) == ids
    for note, test in DIRECT.items():
        first = next((i for i, e in enumerate(events) if test(e)), None)
        assert shown.get(note) == first, note


def test_the_sixes_and_the_starter_are_found_when_they_show():
    events = Replay(game(3, ("easy", "easy", "easy"), "short")).session.events
    shown = where_shown(events)
    six = None
    for i, e in enumerate(events):
        if isinstance(e, ev.CardPlayed) and RANK_OF[e.card] == 6 and not e.crank:
            nxt = next(j for j in range(i + 1, len(events)) if _turn_or_round(events[j]))
            if getattr(events[nxt], "player", None) == e.player and not isinstance(
                    events[nxt], (ev.RoundStarted, ev.RoundEnded)):
                six = nxt
                break
    assert six is not None and shown["six_again"] == six
    starter = shown["starter"]
    assert any(isinstance(e, ev.StarterTurned) for e in events[:starter])


def _turn_or_round(e) -> bool:
    return (isinstance(e, (ev.CardPlayed, ev.Passed, ev.RoundStarted, ev.RoundEnded))
            or (isinstance(e, ev.CardsDrawn) and e.reason in ("turn", "crank")))


def test_a_three_at_scoring_is_noted_the_first_time_one_is_left_in_a_hand():
    replay = Replay(game(8, ("easy", "medium", "easy", "easy"), "short"))
    expected = None
    for round_ in replay.rounds:
        state = round_.steps[-1].state
        holders = [p for p, hand in enumerate(state.hands)
                   if p != state.winner and any(RANK_OF[c] == 3 for c in hand)]
        if holders:
            expected = Note("threes_scored", holders[0])
            break
    assert expected is not None
    assert expected in firsts(replay.session.events)


def test_suits_named_by_an_8_and_switched_by_a_9_are_told_apart():
    events = [ev.RoundStarted(0, 0, 2), ev.StarterTurned(13 + 8),  # 9H turned up
              ev.SuitChosen(0, 1, False),  # kept: no note but the starter's
              ev.CardPlayed(1, 13 + 7, 0), ev.SuitChosen(1, 3, True),  # 8H naming clubs
              ev.CardPlayed(2, 26 + 8, 0), ev.SuitChosen(2, 1, True)]  # 9D to hearts
    assert firsts(events) == [Note("starter", 0), Note("eight_named", 1),
                              Note("nine_switch", 2)]


def test_a_six_that_ends_the_round_gives_no_turn_and_no_note():
    events = [ev.RoundStarted(0, 0, 1), ev.StarterTurned(10),
              ev.CardPlayed(1, 13 + 5, 0), ev.RoundEnded(1, False, (5, 0), ((), (5,)))]
    assert firsts(events) == []


def test_a_blocked_round():
    events = [ev.RoundStarted(0, 0, 1), ev.StarterTurned(10),
              ev.RoundEnded(None, True, (10, 10), ((9,), (22,)))]
    assert firsts(events) == [Note("blocked", None)]


def test_house_rules_show_their_own_notes():
    seven_skips = play(2, ("easy", "easy", "easy"), Rules(game_length="short", seven_skips=True))
    assert "seven_skip" in {n.id for n in firsts(seven_skips.events)}
    two = play(2, ("easy", "easy"), Rules(game_length="short"))
    ids = {n.id for n in firsts(two.events)}
    assert "ten_skip" in ids and "ten_reverse" not in ids


def test_notes_are_shown_once_ever_and_only_in_the_first_games():
    events = Replay(game()).session.events
    coach = CoachState()
    half = len(events) // 2
    first_half = coach.notes(events[:half])
    stored = coach.to_dict()
    again = CoachState.from_dict(stored)
    again.scanner = coach.scanner  # the same table goes on
    second_half = again.notes(events[half:])
    assert [n.id for n in first_half + second_half] == [n.id for n in firsts(events)]
    assert again.notes(events) == []  # each note once, ever
    late = CoachState(games=COACHED_GAMES)
    assert not late.active and late.notes(events) == []
    off = CoachState(enabled=False)
    assert off.notes(events) == []
    for _ in range(COACHED_GAMES):
        assert CoachState().active
        coach.game_finished()
    assert not coach.active


def test_the_stored_state_is_read_leniently():
    assert CoachState.from_dict(None) == CoachState()
    assert CoachState.from_dict({"shown": "x", "games": -4, "enabled": "yes"}) == CoachState()
    read = CoachState.from_dict({"shown": ["reshuffle", "nonsense", 3, ["x"]], "games": 2,
                                 "enabled": False, "extra": 1})
    assert read.shown == {"reshuffle"} and read.games == 2 and read.enabled is False
    assert CoachState.from_dict(read.to_dict()) == read


def test_every_note_has_a_text():
    assert {f"coach.{note}" for note in NOTES} <= set(KEYS)
    assert Note("reshuffle", None).message.key == "coach.reshuffle"
