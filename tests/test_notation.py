"""The one notation (craits/engine/notation.py): cards, action records and positions read and
written both ways; what saves and records on disk hold still reads; the refusal reason the
table shows and the engine's error come from one derivation."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from craits import i18n
from craits.cli import scenario as scenario_cli
from craits.engine import (
    Announce,
    Call,
    ChooseSuit,
    Draw,
    IllegalActionError,
    Pass,
    Play,
    Rules,
    apply,
    callable_targets,
    can_announce,
    legal_actions,
    new_round,
    seat_view,
)
from craits.engine.cards import DECK, RANKS, SUIT_SYMBOLS, SUITS
from craits.engine.notation import (
    NotationError,
    read_action,
    read_card,
    read_log_entry,
    read_position,
    read_suit,
    write_action,
    write_card,
    write_log_entry,
    write_next_round,
    write_position,
    write_suit,
)
from craits.engine.refusal import Why, card_refusal, refusal_in_view
from craits.engine.state import CHOOSE_SUIT, PLAY, RoundState
from craits.persistence.archive import GameArchive
from craits.persistence.game_record import read_save
from craits.review.record import check_match, export_record, replay_save
from craits.session import Seat, Session
from craits.ui.table.hints import refusal_reason

ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------- cards


def test_every_card_and_suit_reads_back_what_is_written() -> None:
    assert [read_card(write_card(c)) for c in DECK] == list(DECK)
    assert [read_suit(write_suit(s)) for s in range(4)] == [0, 1, 2, 3]
    assert write_card(read_card("10h")) == "10H" and write_card(read_card(" qd ")) == "QD"


def test_every_code_an_old_grammar_read_still_reads_to_the_same_card() -> None:
    # The save check's pattern, in any case: what saves and records on disk hold.
    old_save = re.compile(r"(A|[2-9]|10|J|Q|K)[SHDC]", re.IGNORECASE)
    codes = [r + s for r in RANKS for s in SUITS]
    for code in codes + [c.lower() for c in codes] + [c[:-1] + c[-1].lower() for c in codes]:
        assert old_save.fullmatch(code)
        assert write_card(read_card(code)) == code.upper()
    # What the rules text and i18n read besides: T for ten, suit symbols.
    for letter, symbol in zip(SUITS, SUIT_SYMBOLS, strict=True):
        assert read_card("T" + letter) == read_card("10" + letter) == read_card("10" + symbol)
        assert read_card("t" + letter.lower()) == read_card("10" + letter)
        assert read_suit(symbol) == read_suit(letter.lower()) == SUITS.index(letter)
    for card in DECK:
        assert i18n.parse_card(write_card(card)) == i18n.parse_card(card)
    assert i18n.parse_card("TS") == ("10", "S") and i18n.parse_card("7♥") == ("7", "H")


@pytest.mark.parametrize("text", ["", "1S", "11H", "KX", "10", "S", "AS AS", "♥7", "0C", "ZZ"])
def test_what_is_no_card_is_refused_by_every_reader(text: str) -> None:
    with pytest.raises(NotationError, match="not a card"):
        read_card(text)
    with pytest.raises(ValueError):
        i18n.parse_card(text)
    with pytest.raises(NotationError, match="not a card"):
        read_log_entry({"player": 0, "play": text}, 2)


@pytest.mark.parametrize("value", [None, 7, True, ["AS"], {"AS": 1}])
def test_a_card_is_text(value: object) -> None:
    with pytest.raises(NotationError):
        read_card(value)
    with pytest.raises(NotationError):
        read_suit(value)


# ---------------------------------------------------------------- action records


def _actions_of(state: RoundState) -> list[tuple[int, object]]:
    found: list[tuple[int, object]] = [(state.turn, a) for a in legal_actions(state)]
    found += [(p, Announce(p)) for p in range(state.n_players) if can_announce(state, p)]
    found += [(c, Call(c, t)) for t in callable_targets(state) for c in range(state.n_players)
              if c != t]
    return found


def _random_states(count: int, seed: int = 7) -> list[RoundState]:
    """Positions reached by seeded random play: every player count, several variants."""
    rng = random.Random(seed)
    states: list[RoundState] = []
    for deal in range(count):
        rules = Rules(seven_skips=deal % 2 == 1, crank_optional=deal % 3 == 2,
                      play_drawn_card=deal % 4 == 1, draw_when_able=deal % 5 == 3)
        n = 2 + deal % 4
        state, _ = new_round(rules, n, deal % n, 3 + deal % 6, 100 + deal)
        while True:
            states.append(state)
            if state.is_over():
                break
            options = _actions_of(state)
            player, action = options[rng.randrange(len(options))]
            state, _ = apply(state, action,  # type: ignore[arg-type]
                             None if isinstance(action, Announce | Call) else player)
    return states


STATES = _random_states(40)


def test_every_action_reads_back_from_its_record() -> None:
    seen: set[str] = set()
    for state in STATES:
        for player, action in _actions_of(state):
            record = write_action(action, player)  # type: ignore[arg-type]
            assert list(record)[0] == "player"
            assert read_action(json.loads(json.dumps(record))) == (player, action)
            assert read_log_entry(record, state.n_players) == (player, action)
            seen.add(type(action).__name__)
    assert seen == {"Play", "Draw", "Pass", "ChooseSuit", "Announce", "Call"}
    assert read_log_entry(write_next_round(), 2) is None


def test_the_record_shapes_on_disk_still_read() -> None:
    assert read_action({"player": 1, "play": "8c", "suit": "d"}) == (1, Play(46, 2))
    assert read_action({"player": 0, "play": "9H", "suit": None}) == (0, Play(21))
    assert read_action({"player": 2, "suit": None}) == (2, ChooseSuit(None))
    assert read_action({"player": 2, "suit": "C"}) == (2, ChooseSuit(3))
    assert read_action({"player": 0, "draw": True}) == (0, Draw())
    assert read_action({"player": 0, "pass": True}) == (0, Pass())
    assert read_action({"player": 3, "announce": True}) == (3, Announce(3))
    assert read_action({"player": 3, "call": 1}) == (3, Call(3, 1))
    assert write_action(Play(46, 2)) == {"play": "8C", "suit": "D"}  # a scenario's "legal"


BAD_RECORDS = [
    {"player": 0},
    {"player": 0, "draw": True, "pass": True},
    {"player": 0, "draw": 1},
    {"player": 0, "play": "ZZ"},
    {"player": 0, "play": "7H", "siut": "S"},
    {"player": 0, "play": "8H", "suit": "X"},
    {"player": 0, "call": 0.0},
    {"player": 0, "call": 2},
    {"player": 2, "draw": True},
    {"player": True, "draw": True},
    {"next_round": 1},
    {"next_round": True, "player": 0},
    "draw",
]


@pytest.mark.parametrize("record", BAD_RECORDS)
def test_a_bad_record_is_refused_in_the_same_words_by_the_save_check(record: object) -> None:
    with pytest.raises(NotationError) as info:
        read_log_entry(record, 2)
    save = {"seed": 1, "rules": {}, "seats": [{"kind": "human", "name": "A"}] * 2,
            "actions": [record]}
    with pytest.raises(NotationError) as in_save:
        read_save(save)
    assert str(in_save.value) == f"actions[0]: {info.value}"


def test_a_save_with_lower_case_codes_replays_as_written() -> None:
    """The save check read codes in any case: such a save still loads, to the same match."""
    session = Session([Seat("human", "A"), Seat("human", "B")], Rules(), 5, bots={})
    for _ in range(10):
        session.act(legal_actions(session.state)[0])
    save = session.to_save()
    lowered = [{k: v.lower() if isinstance(v, str) else v for k, v in r.items()}
               for r in save["actions"]]
    assert any("play" in r and r["play"] != r["play"].upper() for r in lowered)
    assert read_save({**save, "actions": lowered})
    assert Session.from_save({**save, "actions": lowered}).state == session.state


# ---------------------------------------------------------------- the replay loop and the record


def test_the_review_and_the_save_replay_through_the_one_loop() -> None:
    session = Session([Seat("human", "A"), Seat("human", "B")], Rules(), 9, bots={})
    for _ in range(12):
        session.act(legal_actions(session.state)[0])
    steps: list[int | None] = []
    replayed = replay_save(check_match(session).data, on_step=lambda i, *_: steps.append(i))
    assert replayed.state == Session.from_save(session.to_save()).state == session.state
    assert steps == [None, *range(12)]


def test_the_past_games_and_the_export_write_the_same_record(tmp_path: Path) -> None:
    session = Session([Seat("human", "A"), Seat("human", "B")], Rules(), 3, bots={})
    for _ in range(8):
        session.act(legal_actions(session.state)[0])
    path = GameArchive(tmp_path).keep(session)
    assert json.loads(path.read_text(encoding="utf-8")) == export_record(session)


# ---------------------------------------------------------------- positions


def test_every_position_of_random_play_reads_back_equal() -> None:
    written = {PLAY: 0, CHOOSE_SUIT: 0}
    for state in STATES:
        if state.phase not in written:
            with pytest.raises(NotationError):
                write_position(state)
            continue
        doc = json.loads(json.dumps(write_position(state)))
        back, _ = read_position(doc)
        assert back == state.replace(seed=0, shuffles=0), doc
        assert write_position(back) == doc
        written[state.phase] += 1
    assert written[PLAY] > 500 and written[CHOOSE_SUIT] > 0


SCENARIOS_MD_EXAMPLE = {
    "rules": {"seven_skips": False}, "dealer": 0,
    "hands": [["7H", "2S"], ["AS", "KD"], ["3C"]], "draw_pile": ["4D", "9C"],
    "discard": ["5S", "2H"], "turn": 1, "direction": 1, "crank": 2,
    "announced": [False, False, False], "lose_turn": [False, False, False],
    "last_card_window": None,
}


def test_a_written_position_has_the_shape_scenarios_md_fixes() -> None:
    state, _ = read_position(SCENARIOS_MD_EXAMPLE)
    doc = write_position(state)
    assert list(doc) == ["rules", "dealer", "hands", "draw_pile", "discard", "suit", "turn",
                         "direction", "crank", "announced", "lose_turn", "last_card_window"]
    assert doc["rules"] == Rules().to_dict()  # every key: the text holds when defaults change
    assert {k: v for k, v in doc.items() if k not in ("rules", "suit")} == {
        k: v for k, v in SCENARIOS_MD_EXAMPLE.items() if k != "rules"}
    assert doc["suit"] == "H"


@pytest.mark.parametrize("doc", [
    {"hands": [["8S", "KD"], ["2C"]], "discard": ["9H"], "draw_pile": ["3D"], "start": True},
    {"rules": {"play_drawn_card": True, "seven_skips": True}, "dealer": 2,
     "hands": [["8S"], ["2C", "KC"], ["QH", "4C"]], "discard": ["7S", "4D"], "suit": "C",
     "turn": 1, "direction": -1, "announced": [True, False, False],
     "lose_turn": [False, False, True], "last_card_window": None},
    {"hands": [["AS"], ["2C", "KC"]], "discard": ["2S"], "turn": 0, "crank": 2,
     "last_card_window": 0},
])
def test_hand_written_positions_read_back_equal(doc: dict[str, object]) -> None:
    state, _ = read_position(doc)
    assert read_position(write_position(state))[0] == state


def test_the_command_line_prints_the_position_the_actions_reach(tmp_path: Path, capsys) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({**SCENARIOS_MD_EXAMPLE,
                                "actions": [{"player": 1, "play": "AS"}]}), encoding="utf-8")
    assert scenario_cli.main(["--position", str(path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["discard"] == ["5S", "2H", "AS"] and doc["turn"] == 2 and doc["crank"] == 3
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert scenario_cli.main([str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["top"] == "AS"


# ---------------------------------------------------------------- why an action is refused


def test_the_engine_error_and_the_view_give_one_reason() -> None:
    asked = set()
    for state in STATES[::3]:
        if state.is_over():
            continue
        view = seat_view(state, state.turn)
        tries = [Play(c) for c in state.hands[state.turn]] + [Draw(), Pass(), ChooseSuit(0)]
        for action in tries:
            refused = refusal_in_view(view, action)
            if refused is None:
                apply(state, action)
                continue
            with pytest.raises(IllegalActionError) as info:
                apply(state, action, state.turn)
            assert info.value.refusal == refused
            assert info.value.reason == refused.message()
            asked.add(refused.why)
        other = (state.turn + 1) % state.n_players
        out_of_turn = refusal_in_view(seat_view(state, other), Draw())
        assert out_of_turn is not None and out_of_turn.why is Why.NOT_YOUR_TURN
        with pytest.raises(IllegalActionError) as info:
            apply(state, Draw(), other)
        assert info.value.refusal == out_of_turn
    assert {Why.NO_MATCH, Why.HOLDS_A_PLAY, Why.NO_PASS, Why.NO_SUIT_TO_CHOOSE} <= asked


@pytest.fixture
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize("doc, card, why, text, engine", [
    ({"hands": [["3S", "KD"], ["2C"]], "draw_pile": ["4H"], "discard": ["7S", "8D"],
      "suit": "D", "turn": 0}, "3S", Why.NO_MATCH, "Needs ♦ or 8",
     "3S matches neither the suit in force (D) nor the rank of 8D"),
    ({"hands": [["3S", "KC"], ["2C"]], "draw_pile": ["4H"], "discard": ["7S", "8D"],
      "suit": "D", "turn": 0}, "3S", Why.NO_MATCH, "Needs ♦ or 8: nothing fits, so draw",
     "3S matches neither the suit in force (D) nor the rank of 8D"),
    ({"hands": [["3S", "AC"], ["4C"]], "draw_pile": ["4H", "5H"], "discard": ["7S", "2D"],
      "turn": 0, "crank": 4}, "3S", Why.CRANK, "Answer the crank with a 2 or an Ace",
     "a crank of 4 runs: only an Ace or a 2 may answer it"),
    ({"hands": [["3S", "KC"], ["4C"]], "draw_pile": ["4H", "5H"], "discard": ["7S", "2D"],
      "turn": 0, "crank": 4}, "3S", Why.CRANK, "No 2 or Ace to answer the crank: take 4 cards",
     "a crank of 4 runs: only an Ace or a 2 may answer it"),
    ({"hands": [["3S", "KD"], ["4C"]], "draw_pile": ["4H"], "discard": ["8H"], "start": True},
     "3S", Why.SUIT_FIRST, "Choose the suit first",
     "the dealer must first settle the suit of the turned-up 8"),
])
def test_the_table_translates_the_reason_the_engine_gives(doc, card, why, text, engine):
    state, _ = read_position(doc)
    view = seat_view(state, 0)
    refused = card_refusal(view, read_card(card))
    assert refused is not None and refused.why is why
    assert refusal_reason(view, read_card(card), True, None) == text
    with pytest.raises(IllegalActionError, match=re.escape(engine)):
        apply(state, Play(read_card(card)), 0)


# ---------------------------------------------------------------- one copy


def test_no_module_but_the_notation_parses_cards_or_actions() -> None:
    """A card pattern, a table of rank codes or an action parser elsewhere is a second
    grammar; each other module calls the notation."""
    suspects = re.compile(r"\[SHDC|RANKS\.index|SUITS\.index|def parse_card|def parse_action"
                          r"|def action_from_record|\"next_round\"(: | in )")
    found = []
    for path in sorted((ROOT / "craits").rglob("*.py")):
        if path.name == "notation.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if suspects.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    # i18n's parse_card reads engine card numbers too, and calls read_card for codes.
    assert [f for f in found if "craits/i18n.py" not in f] == []
    assert "read_card(code)" in (ROOT / "craits" / "i18n.py").read_text(encoding="utf-8")


def test_the_record_format_is_named_once() -> None:
    found = [str(p.relative_to(ROOT)) for p in (ROOT / "craits").rglob("*.py")
             if re.search(r"RECORD_(FORMAT|VERSION) = ", p.read_text(encoding="utf-8"))]
    assert found == ["craits/engine/notation.py"]


@pytest.mark.parametrize(("loose", "canonical"), [
    ({"player": 1, "play": "qc"}, {"player": 1, "play": "QC"}),
    ({"player": 0, "play": "Tc"}, {"player": 0, "play": "10C"}),
    ({"player": 2, "play": "8♠", "suit": "c"}, {"player": 2, "play": "8S", "suit": "C"}),
    ({"player": 1, "suit": "h"}, {"player": 1, "suit": "H"}),
    ({"player": 0, "draw": True}, {"player": 0, "draw": True}),
    ({"next_round": True}, {"next_round": True}),
])
def test_a_log_entry_is_written_back_canonically(loose, canonical):
    assert write_log_entry(read_log_entry(loose, 3)) == canonical
    assert read_log_entry(canonical, 3) == read_log_entry(loose, 3)
