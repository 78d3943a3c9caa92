"""The par's replays kept beside the past games (``persistence.par_store``): read back as written,
merged, a damaged or foreign file ignored (never a failure), a link never followed, the oldest
files let go; the game-over screen reads a whole par from it and nothing less."""

from __future__ import annotations

import json
import os
import sys

import pytest
from test_review_replay import game

from craits.persistence.par_store import ParStore
from craits.review.cache import game_key
from craits.review.par import PAR_LEVEL, kept_par, par_version

KINDS = ("human", "easy", "medium")
GAME = "ab" * 16
VERSION = "cd" * 8


def test_replays_are_kept_and_merged(tmp_path):
    store = ParStore(tmp_path)
    assert store.load(GAME, VERSION) == {}
    store.store(GAME, VERSION, {0: {0: 12, 1: 30}, 2: {0: 0}})
    store.store(GAME, VERSION, {0: {2: 7}, 1: {0: 50}})
    assert store.load(GAME, VERSION) == {0: {0: 12, 1: 30, 2: 7}, 1: {0: 50}, 2: {0: 0}}
    assert ParStore(tmp_path).load(GAME, VERSION) == store.load(GAME, VERSION)  # from the file
    assert store.load(GAME, "ef" * 8) == {}  # another par of the same game
    assert store.load("01" * 16, VERSION) == {}


def test_store_later_writes_on_a_thread(tmp_path):
    store = ParStore(tmp_path)
    found = {3: {0: 9}}
    store.store_later(GAME, VERSION, found)
    found[3][1] = 99  # changed after: what was handed over is written
    store.flush(10)
    assert store.load(GAME, VERSION) == {3: {0: 9}}


@pytest.mark.parametrize("text", [
    "{not json", "[]", json.dumps({"format": "craits-review"}),
    json.dumps({"format": "craits-par", "version": 99, "game": GAME, "par": VERSION,
                "rounds": []}),
    json.dumps({"format": "craits-par", "version": 1, "game": GAME, "par": VERSION,
                "rounds": [{"round": 0, "replays": [[0, "12"]]}]}),
    json.dumps({"format": "craits-par", "version": 1, "game": GAME, "par": VERSION,
                "rounds": [{"round": -1, "replays": [[0, 1]]}]}),
    json.dumps({"format": "craits-par", "version": 1, "game": GAME, "par": VERSION,
                "rounds": [{"round": 0, "replays": [[0, 10 ** 9]]}]}),
    json.dumps({"format": "craits-par", "version": 1, "game": GAME, "par": VERSION,
                "rounds": [{"round": 0}]}),
])
def test_a_damaged_or_foreign_file_is_ignored_and_replaced(tmp_path, text):
    store = ParStore(tmp_path)
    path = store.path(GAME, VERSION)
    assert path is not None
    path.write_text(text)
    assert store.load(GAME, VERSION) == {}
    store.store(GAME, VERSION, {0: {0: 4}})
    assert store.load(GAME, VERSION) == {0: {0: 4}}


@pytest.mark.skipif(sys.platform == "win32", reason="links need privileges on Windows")
def test_a_link_is_never_followed(tmp_path):
    store = ParStore(tmp_path)
    elsewhere = tmp_path / "elsewhere.json"
    store.store(GAME, VERSION, {0: {0: 4}})
    path = store.path(GAME, VERSION)
    assert path is not None
    os.replace(path, elsewhere)
    path.symlink_to(elsewhere)
    assert store.load(GAME, VERSION) == {}
    store.store(GAME, VERSION, {1: {0: 5}})
    assert not path.is_symlink()
    assert json.loads(elsewhere.read_text())["rounds"] == [{"round": 0, "replays": [[0, 4]]}]


def test_only_the_newest_files_are_kept(tmp_path):
    store = ParStore(tmp_path)
    for i in range(ParStore.KEEP + 3):
        store.store(f"{i:032x}", VERSION, {0: {0: i}})
        path = store.path(f"{i:032x}", VERSION)
        assert path is not None
        os.utime(path, (1000 + i, 1000 + i))
    store.prune()
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert len(kept) == ParStore.KEEP
    assert store.path(f"{0:032x}", VERSION).name not in kept  # type: ignore[union-attr]


def test_no_folder_keeps_nothing():
    store = ParStore(None)
    store.store(GAME, VERSION, {0: {0: 1}})
    assert store.load(GAME, VERSION) == {}


def test_the_game_over_par_is_read_only_when_every_replay_is_kept(tmp_path):
    save = game(3, KINDS)
    history = [(10, 20, 30), (0, 5, 9)]
    store = ParStore(tmp_path)
    assert kept_par(save, 0, history, store, replays=2) is None  # nothing kept
    version = par_version(KINDS, 0, PAR_LEVEL)
    store.store(game_key(save), version, {0: {0: 4, 1: 6}, 1: {0: 2}})
    assert kept_par(save, 0, history, store, replays=2) is None  # a replay missing
    store.store(game_key(save), version, {1: {1: 8}})
    par = kept_par(save, 0, history, store, replays=2)
    assert par is not None and par.value == 10 and par.yours == 10 and par.replays == 2
    assert kept_par(save, 1, history, store, replays=2) is None  # a person at seat 0
