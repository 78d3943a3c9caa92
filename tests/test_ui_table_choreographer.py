"""The choreographer turns engine events into the presented table, log lines and sounds,
one beat at a time; the table model agrees with the engine once everything is shown."""

from __future__ import annotations

import pytest

from craits import i18n
from craits.engine import Draw
from craits.engine import events as ev
from craits.engine.cards import SUIT_OF
from craits.engine.notation import read_card as parse_card
from craits.session import Seat, Session
from craits.ui.tabletop.choreographer import Choreographer
from craits.ui.tabletop.log import EventLog, LogPart
from craits.ui.tabletop.model import TableModel, hand_sort_key

C = parse_card


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")


class FirstLegal:
    def choose(self, view, history, rng):
        return view.legal[0]

    def announce_delay(self, view, history, rng):
        return None

    def call_delay(self, view, history, rng):
        return None


def make(n=3, viewer=0, speed="normal"):
    seats = [Seat("human", "You")] + [Seat("easy", f"Bot{i}") for i in range(1, n)]
    session = Session(seats, seed=17, bot_factory=lambda level: FirstLegal())
    model = TableModel(n, (1280, 800), bottom_seat=viewer, viewer=viewer)
    sounds: list[str] = []
    chor = Choreographer(model, [s.name for s in seats], speed=speed, viewer=viewer,
                         play_sound=sounds.append)
    return session, model, chor, sounds


def run(chor, model, seconds, dt=1 / 60):
    t = 0.0
    while t < seconds:
        chor.update(dt)
        model.update(dt)
        t += dt


def test_the_deal_goes_round_the_table_one_card_at_a_time():
    session, model, chor, sounds = make()
    chor.feed(session.events_for(0))
    # First the round starts; then one card after another, 80-120 ms apart.
    run(chor, model, 0.5)
    counts_early = [len(h) for h in model.hands]
    assert sum(counts_early) < 3 * 8
    run(chor, model, 0.3)
    later = [len(h) for h in model.hands]
    assert sum(later) > sum(counts_early)
    assert max(later) - min(later) <= 1  # dealt round the table, not a hand at a time
    run(chor, model, 6.0)
    assert not chor.busy
    view = session.view(0)
    assert sorted(s.code for s in model.hands[0]) == sorted(view.hand)
    assert all(s.face_up for s in model.hands[0])
    for seat in (1, 2):
        assert len(model.hands[seat]) == view.hand_counts[seat]
        assert all(s.code is None and not s.face_up for s in model.hands[seat])
    assert model.draw_count == view.draw_count
    assert model.top_code == view.top
    assert "deal" in sounds


def test_deal_pace_is_between_80_and_120_ms_a_card():
    session, model, chor, _ = make(n=4)
    chor.feed([e for e in session.events_for(0) if isinstance(e, (ev.RoundStarted,
                                                                  ev.CardsDealt))])
    started = None
    t, dt = 0.0, 1 / 240
    seen = 0
    marks = []
    while t < 6:
        chor.update(dt)
        model.update(dt)
        t += dt
        dealt = sum(len(h) for h in model.hands)
        if dealt != seen:
            marks.append(t)
            seen = dealt
            started = started or t
    gaps = [b - a for a, b in zip(marks, marks[1:], strict=False)]
    assert seen == 32
    assert all(0.08 - 1e-6 <= g <= 0.12 + 1e-6 for g in gaps)


def test_instant_speed_shows_everything_at_once():
    session, model, chor, _ = make(speed="instant")
    chor.feed(session.events_for(0))
    chor.update(0.0)
    assert not chor.busy
    assert len(model.hands[0]) == len(session.view(0).hand)
    assert not model.moving


def test_a_play_flies_to_the_discard_with_an_ease_out_and_is_highlighted():
    _, model, chor, sounds = make()
    chor.feed([ev.CardsDrawn(0, (C("9D"), C("QS")), 2, "turn")])
    run(chor, model, 2)
    sprite = next(s for s in model.hands[0] if s.code == C("9D"))
    start = (sprite.x, sprite.y)
    chor.feed([ev.CardPlayed(0, C("9D"), 0)])
    chor.update(1 / 60)
    assert sprite in model.discard and sprite.highlight
    assert sprite.motion is not None and 0.25 <= sprite.motion.duration <= 0.35
    target = model.discard_target(sprite.code, model.discard_total)
    run(chor, model, 0.15)
    travelled = (sprite.y - start[1]) / (target.y - start[1])
    assert travelled > 0.6  # ease-out: most of the way in half the time
    run(chor, model, 1.0)
    assert (sprite.x, sprite.y) == pytest.approx((target.x, target.y))
    assert [s.code for s in model.hands[0]] == [C("QS")]
    assert "play" in sounds


def test_the_log_says_what_happened_in_words_one_subject_per_entry():
    _, model, chor, _ = make()
    model.hands[1] = []
    chor.feed([ev.CardPlayed(1, C("7H"), 0), ev.CardsDrawn(2, None, 1, "seven")])
    run(chor, model, 2)
    lines = [text for _, text in chor.log.recent(0, 5)]
    assert lines[-2:] == ["Bot1 played 7♥", "Bot2 has to draw 1 card"]  # forced


def test_what_a_player_did_with_their_card_goes_on_their_entry():
    _, model, chor, _ = make()
    switched_to = SUIT_OF[C("9H")]
    chor.feed([ev.CardPlayed(0, C("9D"), 0), ev.SuitChosen(0, switched_to, True)])
    run(chor, model, 2)
    mine = [text for _, text in chor.log.recent(0, 5)]
    assert mine[-1] == f"You played 9♦ and switched to {i18n.suit_name(switched_to)}"


def test_the_viewer_reads_about_themselves_in_the_second_person():
    _, model, chor, _ = make()
    chor.feed([ev.CardPlayed(0, C("4S"), 0), ev.PlayerSkipped(1, "four")])
    chor.feed([ev.CardsDrawn(0, (C("KH"),), 1, "turn")])
    run(chor, model, 3)
    mine = [text for _, text in chor.log.recent(0, 5)]
    theirs = [text for _, text in chor.log.recent(1, 5)]
    assert mine[-3:] == ["You played 4♠", "Bot1 is skipped", "You drew K♥"]
    assert theirs[-2] == "You are skipped"
    assert "K♥" not in theirs[-1]


def test_idiot_call_banner_shake_and_sound():
    _, model, chor, sounds = make()
    chor.feed([ev.IdiotCalled(1, 0, 2), ev.CardsDrawn(0, (C("2C"), C("3C")), 2, "idiot")])
    run(chor, model, 0.2)
    assert any(b.text == "Idiot!" for b in model.banners)
    assert 0 in model.shakes
    assert "idiot" in sounds
    run(chor, model, 3)
    text = chor.log.recent(0, 3)[-1][1]
    assert text.startswith("Bot1 caught you!")


def test_skips_reverses_and_last_cards_show_by_the_seat():
    _, model, chor, sounds = make(n=4)
    chor.feed([ev.PlayerSkipped(2, "four")])
    run(chor, model, 0.1)
    banner = model.banners[-1]
    assert banner.text == "Skipped!" and banner.pos == model.layout.banner_for(2)
    chor.feed([ev.DirectionReversed(-1)])
    run(chor, model, 1.2)
    assert model.direction == -1
    chor.feed([ev.LastCardAnnounced(3)])
    run(chor, model, 0.1)
    assert model.banners[-1].text == "Last card!" and model.announced[3]
    assert "last_card" in sounds


def test_crank_count_and_suit_badge_follow_the_pile():
    _, model, chor, _ = make()
    model.hands[1] = []
    chor.feed([ev.CardPlayed(1, C("2H"), 2), ev.CrankStarted(1, 2)])
    run(chor, model, 1)
    assert model.crank == 2
    chor.feed([ev.CardPlayed(2, C("AS"), 3)])
    run(chor, model, 1)
    assert model.crank == 3 and model.badge_suit is None
    chor.feed([ev.CrankEnded(0, 3), ev.CardsDrawn(0, (1, 2, 3), 3, "crank")])
    run(chor, model, 2)
    assert model.crank == 0 and len(model.hands[0]) == 3
    chor.feed([ev.CardPlayed(1, C("8S"), 0), ev.SuitChosen(1, 2, True)])
    run(chor, model, 0.1)
    assert model.badge_suit is None  # not the 8's own suit while the choice is still to come
    run(chor, model, 1)
    assert model.badge_suit == 2


def test_round_end_turns_every_hand_face_up():
    session, model, chor, _ = make(speed="instant")
    chor.feed(session.events_for(0))
    chor.update(0)
    start = len(session.events)
    while not session.match.state.is_over():
        if session.to_act() in session.bots:
            session.act(session.bot_request()[1]())
        else:
            view = session.view(0)
            session.act(view.legal[0])
    chor.feed(session.events_for(0, start))
    chor.update(0)
    run(chor, model, 2)
    assert model.revealed
    for seat, hand in enumerate(session.match.state.hands):
        assert sorted(s.code for s in model.hands[seat]) == sorted(hand)
        assert all(s.face_up for s in model.hands[seat])


def test_hand_is_sorted_with_alternating_colours():
    codes = [C(c) for c in ("KD", "2S", "AH", "9C", "3S")]
    ordered = sorted(codes, key=hand_sort_key)
    assert [c for c in ordered] == [C("2S"), C("3S"), C("AH"), C("9C"), C("KD")]


def test_log_parts_show_variants_only_to_their_seat():
    log = EventLog()
    log.add(LogPart("Ann drew a card", {0: "You drew 7♥"}), True)
    assert log.recent(0, 1)[0][1] == "You drew 7♥"
    assert log.recent(1, 1)[0][1] == "Ann drew a card"
    assert log.recent(None, 1)[0][1] == "Ann drew a card"


def test_draw_reflows_the_hand_in_sorted_place():
    session, model, chor, _ = make(speed="instant")
    model.hands[0] = []
    chor.feed([ev.CardsDrawn(0, (C("KD"),), 1, "turn"), ev.CardsDrawn(0, (C("2S"),), 1, "turn")])
    chor.update(0)
    assert [s.code for s in model.hands[0]] == [C("2S"), C("KD")]
    xs = [s.x for s in model.hands[0]]
    assert xs == sorted(xs)
    assert Draw  # the action drawing these is the engine's; the model only shows them


def test_the_last_card_tag_goes_when_the_player_draws_again():
    """Announced, then made to draw (a 7, a 5, a crank): the gold tag is gone, so a player
    back at one card unannounced shows no tag while "Idiot!" is rightly offered."""
    session, model, chor, _ = make(speed="instant")
    chor.feed(session.events_for(0))
    run(chor, model, 2)
    chor.feed([ev.LastCardAnnounced(1)])
    run(chor, model, 1)
    assert model.announced[1]
    chor.feed([ev.CardsDrawn(1, None, 1, "seven")])
    run(chor, model, 1)
    assert not model.announced[1]
