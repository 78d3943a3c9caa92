"""The table's speech policy, on its own: which message cuts in, which waits, in what order
they go, and what is dropped (each message's flag as a screen reader would get it)."""

from __future__ import annotations

from craits.ui.speech.policy import ACTED_SECONDS, AHEAD, STALE_SECONDS, Kind, SpeechPolicy
from craits.ui.speech.speaker import Speaker
from craits.ui.speech.transcript import duration


class Heard:
    def __init__(self) -> None:
        self.said: list[tuple[str, bool]] = []

    def speak(self, text: str, interrupt: bool) -> None:
        self.said.append((text, interrupt))

    def close(self) -> None:
        pass


def policy() -> tuple[SpeechPolicy, Heard]:
    ear = Heard()
    return SpeechPolicy(Speaker([ear])), ear


TURN = "Your turn. On the table: the eight of spades. Suit in force: spades."
FOCUS = "the king of spades, 3 of 7, can be played"


def test_the_turn_is_not_cut_by_its_own_focus_line():
    rules, ear = policy()
    rules.add(TURN, Kind.TURN, "minimal")
    rules.add(FOCUS, Kind.FOCUS, "minimal")
    rules.flush(0.1, busy=False)
    assert ear.said == [(TURN, False), (FOCUS, False)]  # the focus follows the turn


def test_a_focus_the_table_moved_waits_for_rest_and_only_the_newest_is_said():
    rules, ear = policy()
    rules.add("the two of hearts, 1 of 5", Kind.FOCUS)
    rules.flush(0.1, busy=True)
    rules.add("the three of hearts, 1 of 4", Kind.FOCUS)
    rules.flush(0.1, busy=True)
    assert ear.said == []
    rules.flush(0.1, busy=False)
    assert ear.said == [("the three of hearts, 1 of 4", False)]
    rules.add("the three of hearts, 1 of 4", Kind.FOCUS)  # unchanged: not said again
    rules.flush(0.1, busy=False)
    assert len(ear.said) == 1


def test_a_key_cuts_in_and_the_stale_focus_waiting_is_dropped():
    rules, ear = policy()
    rules.add(TURN, Kind.TURN)
    rules.flush(0.1, busy=False)
    rules.add("You played the king of spades", Kind.OWN)
    rules.add(FOCUS, Kind.FOCUS)
    rules.flush(0.1, busy=False)
    rules.add("the ace of hearts, 1 of 6, can be played", Kind.FOCUS, asked=True)
    rules.flush(0.1, busy=False)
    assert ear.said[-1] == ("the ace of hearts, 1 of 6, can be played", True)
    assert (FOCUS, False) not in ear.said


def test_your_own_move_cuts_in_only_right_after_a_key_that_acts():
    rules, ear = policy()
    rules.add("Ada played the seven of clubs", Kind.EVENT)
    rules.add("You have to draw the six of clubs", Kind.OWN)  # the 7's draw: no key pressed
    for _ in range(20):
        rules.flush(0.25, busy=False)
    assert [flag for _, flag in ear.said] == [False, False]
    rules.acted()
    rules.add("You played the six of clubs", Kind.OWN)
    rules.flush(0.1, busy=False)
    assert ear.said[-1] == ("You played the six of clubs", True)
    rules.add("You drew the two of hearts", Kind.OWN)  # the next move: a key again first
    rules.flush(0.1, busy=False)
    assert ear.said[-1][1] is False
    rules.acted()  # a key refused (D while a card fits): no move follows it
    rules.flush(ACTED_SECONDS + 0.1, busy=False)
    rules.add("You have to draw the ace of spades", Kind.OWN)  # later, forced by a 7
    rules.flush(0.1, busy=False)
    assert ear.said[-1] == ("You have to draw the ace of spades", False)


def test_the_others_moves_never_cut_in_and_wait_in_order():
    rules, ear = policy()
    moves = [f"Player {n} played the {n} of hearts" for n in range(2, 9)]
    for text in moves:
        rules.add(text, Kind.EVENT)
    rules.flush(0.0, busy=False)
    assert len(ear.said) < len(moves)  # only what speech can say within a moment
    assert rules.ends - rules.clock < AHEAD + duration(moves[0])
    for _ in range(100):
        rules.flush(0.25, busy=False)
    assert ear.said == [(text, False) for text in moves]  # all of them, in order


def test_the_turn_goes_at_once_and_the_long_waiting_moves_are_kept_in_the_history_only():
    rules, ear = policy()
    old = [f"Ben played the {n} of clubs" for n in range(2, 12)]
    for text in old:
        rules.add(text, Kind.EVENT)
    rules.add("Ada has one card left, not announced.", Kind.ALERT, "minimal")
    rules.flush(0.0, busy=False)
    rules.flush(STALE_SECONDS / 2, busy=False)
    rules.flush(STALE_SECONDS / 2, busy=False)
    rules.add("Clara played the ace of clubs", Kind.EVENT)  # fresh: not stale
    rules.add(TURN, Kind.TURN, "minimal")
    rules.flush(0.1, busy=False)
    texts = [text for text, _ in ear.said]
    assert texts[-3:] == ["Ada has one card left, not announced.",
                          "Clara played the ace of clubs", TURN]
    dropped = [text for text in old if text not in texts]
    assert dropped and all(text in rules.speaker.history for text in dropped)
    assert not any(flag for _, flag in ear.said)  # nothing was cut


def test_a_message_like_the_last_is_not_sent_again_unless_asked_for():
    rules, ear = policy()
    rules.add(TURN, Kind.TURN)
    rules.flush(0.1, busy=False)
    rules.add(TURN, Kind.TURN)
    rules.flush(0.1, busy=False)
    assert len(ear.said) == 1
    rules.add("Draw pile: 9 cards.", Kind.ANSWER)
    rules.flush(0.1, busy=False)
    rules.add("Draw pile: 9 cards.", Kind.ANSWER)  # the key pressed again: said again
    rules.flush(0.1, busy=False)
    assert [text for text, _ in ear.said].count("Draw pile: 9 cards.") == 2


def test_the_order_within_a_frame_is_answer_news_turn_focus():
    rules, ear = policy()
    rules.add("Your hand, 7 cards.", Kind.ANSWER)  # a key pressed as the frame began
    rules.add(FOCUS, Kind.FOCUS)
    rules.add(TURN, Kind.TURN)
    rules.add("Ben played the two of spades", Kind.EVENT)
    rules.flush(0.1, busy=False)
    assert ear.said == [("Your hand, 7 cards.", True), ("Ben played the two of spades", False),
                        (TURN, False), (FOCUS, False)]


def test_what_the_verbosity_leaves_out_is_neither_said_nor_counted():
    ear = Heard()
    rules = SpeechPolicy(Speaker([ear], verbosity="minimal"))
    rules.add("Ben played the two of spades", Kind.EVENT, "brief")
    rules.add(TURN, Kind.TURN, "minimal")
    rules.flush(0.1, busy=False)
    assert ear.said == [(TURN, False)]
