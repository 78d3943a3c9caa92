"""The puzzles kept in puzzles.json: solved and unsolved come back as written, a file not in
the strict form is kept aside with a notice, and the file never holds a card."""

from __future__ import annotations

import json

import pytest

from craits.persistence.puzzles import FILE, Puzzle, PuzzleBook, PuzzleStore

GAME = "0123456789abcdef0123456789abcdef"


def book() -> PuzzleBook:
    return PuzzleBook([Puzzle("game-20261201-101010.json", GAME, 0, 17, 8.5),
                       Puzzle("game-20261201-101010.json", GAME, 0, 40, 4.0, solved=True)])


def test_solved_and_unsolved_come_back(tmp_path):
    store = PuzzleStore(tmp_path)
    store.save(book())
    loaded, problem = store.load()
    assert problem is None and loaded == book()


def test_marking_solved_keeps_it_solved_and_merging_keeps_what_is_known(tmp_path):
    b = book()
    b.mark((GAME, 0, 17), True)
    b.mark((GAME, 0, 17), False)  # a later miss does not undo it
    assert all(p.solved for p in b.puzzles)
    b.merge([Puzzle("game-20261201-101010.json", GAME, 0, 17, 8.5),
             Puzzle("game-20261202-101010.json", GAME, 1, 3, 5.0)])
    assert [p.key for p in b.puzzles] == [(GAME, 0, 17), (GAME, 0, 40), (GAME, 1, 3)]
    assert b.puzzles[0].solved


def test_the_file_holds_no_card(tmp_path):
    PuzzleStore(tmp_path).save(book())
    data = json.loads((tmp_path / FILE).read_text())
    assert data["format"] == "craits-puzzles" and data["version"] == 1
    for entry in data["data"]["puzzles"]:  # only where the puzzle is, never what was held
        assert set(entry) == {"file", "game", "seat", "focus", "cost", "solved"}


def entry(**change) -> dict:
    good = {"file": "game-1.json", "game": GAME, "seat": 0, "focus": 3, "cost": 4.5,
            "solved": False}
    good.update(change)
    return good


@pytest.mark.parametrize("bad", [
    entry(seat="0"), entry(solved=1), entry(cost=-1), entry(focus=-1),
    entry(seat=99), entry(seat=5), entry(file="../../etc/passwd.json"),
    entry(game="not a digest"), {**entry(), "hand": [1, 2, 3]}, entry(cost=10**400), "all",
])
def test_a_puzzle_not_in_the_strict_form_is_left_out_once_and_the_file_kept(tmp_path, bad):
    path = tmp_path / FILE
    text = json.dumps({"format": "craits-puzzles", "version": 1,
                       "data": {"puzzles": [entry(focus=9), bad]}})
    path.write_text(text)
    loaded, problem = PuzzleStore(tmp_path).load()
    assert [p.focus for p in loaded.puzzles] == [9]  # the good one is kept
    assert problem is not None and problem.kind == "fields" and "puzzle 2" in problem.detail
    assert (tmp_path / problem.kept_as).read_text() == text  # the file as it was, kept aside
    assert PuzzleStore(tmp_path).load() == (loaded, None)  # written back: said once


@pytest.mark.parametrize("puzzles", [[entry()] * 201, "all", {"a": entry()},
                                     [entry(cost=float("inf"))]])  # Infinity: not JSON
def test_a_file_not_in_the_strict_form_is_kept_aside_with_a_notice(tmp_path, puzzles):
    path = tmp_path / FILE
    text = json.dumps({"format": "craits-puzzles", "version": 1, "data": {"puzzles": puzzles}})
    path.write_text(text)
    loaded, problem = PuzzleStore(tmp_path).load()
    assert loaded == PuzzleBook() and problem is not None and problem.kind == "damaged"
    kept = tmp_path / problem.kept_as
    assert kept.read_text() == text and not path.exists()


def test_not_json_is_kept_aside_and_a_missing_file_is_no_problem(tmp_path):
    assert PuzzleStore(tmp_path).load() == (PuzzleBook(), None)
    (tmp_path / FILE).write_text("{not json")
    loaded, problem = PuzzleStore(tmp_path).load()
    assert loaded == PuzzleBook() and problem is not None and problem.kept_as
