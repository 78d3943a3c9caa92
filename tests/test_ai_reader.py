"""The learned reading of the hidden cards: its weights fit its inputs, its guesses keep every
certainty, and it places more hidden cards right than the certainties alone."""

from __future__ import annotations

import json
import math
import random
import struct
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from craits.ai import reader, reader_weights, searching_reader_weights
from craits.ai.determinize import Sampler, unseen_cards
from craits.ai.knowledge import infer
from craits.engine import Event, RoundState, Rules, SeatView, seat_view
from craits.engine.cards import SUIT_OF
from tests.test_ai_knowledge import _matches, _random_rounds


def _turns(count: int, seed: int, every: int,
           keep: Callable[[RoundState], bool] = lambda state: True,
           ) -> Iterator[tuple[RoundState, int, SeatView, Sequence[Event]]]:
    """Every ``every``-th of ``count`` seeded random rounds that ``keep`` admits: the round, the
    seat to act, its view and its history."""
    for i, (state, histories) in enumerate(_random_rounds(Rules(), count, seed=seed)):
        if i % every == 0 and keep(state):
            yield state, state.turn, seat_view(state, state.turn), histories[state.turn]


def test_the_shipped_weights_fit_the_reader_s_inputs_and_are_small() -> None:
    # The levels play by the shipped weights as they were fitted: an input added since
    # (the seat's own cards of a suit) weighs 0 for them.
    names = reader.feature_names()
    assert set(reader_weights.FEATURES) <= set(names)
    assert len(reader_weights.WEIGHTS) == len(reader_weights.FEATURES)
    shipped = reader._weights(reader_weights.FEATURES, reader_weights.WEIGHTS)
    assert len(shipped) == reader.N_FEATURES
    for name, weight in zip(names, shipped, strict=True):
        if name.startswith("own_suit"):
            assert weight == 0.0
    assert any(w != 0.0 for w in reader_weights.WEIGHTS)  # trained, not the blank start
    assert Path(reader_weights.__file__).stat().st_size < 2_000_000


def test_the_searching_levels_hands_have_weights_of_their_own() -> None:
    """The review reads a hard or expert seat by the model fitted on those levels' own
    tables: the same inputs, other weights, and only for the opponents named."""
    assert searching_reader_weights.FEATURES == tuple(reader.feature_names())
    assert len(searching_reader_weights.WEIGHTS) == reader.N_FEATURES
    own = [w for name, w in zip(searching_reader_weights.FEATURES,
                                searching_reader_weights.WEIGHTS, strict=True)
           if name.startswith("own_suit_in_force")]
    assert any(abs(w) > 0.05 for w in own)  # fitted to the newest inputs too
    assert searching_reader_weights.WEIGHTS != reader_weights.WEIGHTS
    assert Path(searching_reader_weights.__file__).stat().st_size < 2_000_000
    differed = 0
    for state, seat, view, history in _turns(20, 12, 4, lambda s: s.n_players >= 3):
        pool = unseen_cards(view)
        shipped = reader.read_hands(view, history, pool)
        other = next(p for p in range(state.n_players) if p != seat)
        own = reader.read_hands(view, history, pool, searching=[other])
        for p in range(state.n_players):
            if p not in (seat, other):  # read as the levels read everyone
                assert own.weights[p] == shipped.weights[p]
        differed += own.weights[other] != shipped.weights[other]
    assert differed > 3


def test_the_reader_sees_how_many_of_each_suit_the_seat_holds() -> None:
    """A seat without the suit in force finds the opponent holding less of it than the rest
    of the model says (15 % at a hard player's draws): the seat's own cards of the card's
    suit are an input, and again for the suit in force."""
    own_at = reader.feature_names().index("own_suit:0")
    force_at = reader.feature_names().index("own_suit_in_force:0")
    checked = 0
    for _, _, view, history in _turns(30, 4, 5):
        pool = unseen_cards(view)
        rows = reader.card_features(view, infer(view, history, 1.0), pool,
                                    history)
        for (_, card), row in rows.items():
            held = min(3, sum(SUIT_OF[c] == SUIT_OF[card] for c in view.hand))
            found = {j for j, _ in row}
            assert own_at + held in found
            assert (force_at + held in found) == (SUIT_OF[card] == view.suit)
            checked += 1
    assert checked > 500


def test_a_weights_file_fitted_to_inputs_the_reader_lacks_is_refused() -> None:
    with pytest.raises(ValueError, match="suit_of_the_moon"):
        reader._weights(("bias", "suit_of_the_moon"), (0.5, 1.0))
    with pytest.raises(ValueError, match="one per input"):
        reader._weights(("bias", "slots_allowed"), (0.5,))


def test_the_review_s_guesses_deal_a_card_as_often_as_the_model_says() -> None:
    """A card only some of an opponent's slots may hold (of a suit it drew on) has a chance
    that already counts how few they are: the guesses, which deal it only to those, must not
    count them again. Read as the review reads a searching seat, the cards confined to few
    slots are dealt to the opponent about as often as the model's chances (scaled to the
    hand's size) say (0.92 of them); counted twice, they came 18 % too rarely (0.82)."""
    weights = reader._weights(searching_reader_weights.FEATURES,
                              searching_reader_weights.WEIGHTS)
    rng = random.Random(5)
    chances = dealt = 0.0
    for _, seat, view, history in _turns(80, 31, 3, lambda s: s.n_players == 2):
        opponent = 1 - seat
        pool = unseen_cards(view)
        know = infer(view, history, 1.0)
        size = len(know.slots[opponent])
        rows = reader.card_features(view, know, pool, history)
        chance = {c: 1 / (1 + math.exp(-sum(weights[j] * x for j, x in rows[opponent, c])))
                  for c in pool if (opponent, c) in rows}
        if not size or not chance:
            continue
        scale = size / sum(chance.values())
        few = [c for c in chance if rows[opponent, c][2][1] < 1.0]  # (2, allowed / size)
        sampler = Sampler(view, reader.read_hands(view, history, pool, [opponent]))
        for _ in range(100):
            hand = set(sampler.deal(rng)[0][opponent])
            dealt += sum(c in hand for c in few) / 100
        chances += sum(chance[c] for c in few) * scale
    assert chances > 300
    assert 0.9 < dealt / chances < 1.1


def test_guesses_from_the_model_keep_every_certainty_and_the_counts() -> None:
    rng = random.Random(3)
    checked = 0
    for _, seat, view, history in _turns(40, 11, 6):
        know = reader.read_hands(view, history, unseen_cards(view))
        assert know.slots == infer(view, history).slots
        sampler = Sampler(view, know)
        for _ in range(3):
            hands, pile = sampler.deal(rng)
            hidden = [c for p, h in enumerate(hands) if p != seat for c in h] + pile
            assert sorted(hidden) == unseen_cards(view)
            for p in range(view.n_players):
                if p != seat:
                    assert len(hands[p]) == view.hand_counts[p]
                    assert _matches(tuple(hands[p]), know.slots[p])
        checked += 1
    assert checked > 20


def _placed_right(learned: bool) -> float:
    """The share of the opponents' hidden cards the guesses put in the right hand, over the
    choices of seeded random rounds."""
    rng = random.Random(8)
    right = total = 0
    for state, seat, view, history in _turns(60, 21, 3, lambda s: s.n_players == 2):
        pool = unseen_cards(view)
        know = (reader.read_hands(view, history, pool) if learned
                else infer(view, history))
        sampler = Sampler(view, know)
        truth = set(state.hands[1 - seat])
        for _ in range(10):
            hands, _ = sampler.deal(rng)
            right += len(truth.intersection(hands[1 - seat]))
            total += len(truth)
    return right / total


def test_the_model_places_more_hidden_cards_right_than_the_certainties_alone() -> None:
    # Random play says little about the hands: the model's edge here comes from what any
    # player's choices show (a card played, a suit named, a draw); on the levels' own play
    # it is larger (benchmarks/ai_reading.py).
    assert _placed_right(learned=True) > _placed_right(learned=False) + 0.01


def test_the_training_data_holds_one_row_per_card_an_opponent_may_hold(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "tools"))
    import train_reader

    out = tmp_path / "data.bin"
    train_reader.make_data(5, 1, out, (("medium", "medium"),))
    raw = out.read_bytes()
    assert raw.startswith(train_reader.MAGIC)
    at = len(train_reader.MAGIC)
    (size,) = struct.unpack("<I", raw[at:at + 4])
    header = json.loads(raw[at + 4:at + 4 + size])
    assert header["features"] == reader.feature_names()
    labels = raw[at + 4 + size:at + 4 + size + header["rows"]]
    held = sum(labels)
    # Every row is a card unseen by the seat to act; about one in four is in the opponent's
    # hand (the rest are in the draw pile), never all or none.
    assert header["rows"] > 500 and 0.05 < held / header["rows"] < 0.6


def test_the_searching_levels_data_holds_their_forced_turns_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The review values a draw the seat had to make, so the weights it reads searching
    levels by are fitted on every turn (``--forced``), not only on turns with a choice."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "tools"))
    import train_reader

    headers = []
    for forced in (False, True):
        out = tmp_path / f"data-{forced}.bin"
        train_reader.make_data(5, 1, out, (("medium", "medium"),), forced)
        raw = out.read_bytes()
        at = len(train_reader.MAGIC)
        (size,) = struct.unpack("<I", raw[at:at + 4])
        headers.append(json.loads(raw[at + 4:at + 4 + size]))
    assert headers[1]["rows"] > headers[0]["rows"]  # the same match, its forced turns too
    assert headers[1]["mix"].endswith("every turn") and "every" not in headers[0]["mix"]
    assert "every turn" in searching_reader_weights.__doc__
