"""At a match change the old table's memory goes: nothing of it outlives the change, even when
the caller that started the new match (a loop, a handler) still holds the old table for a
frame or two. The hour-long measurement is ``benchmarks/app_soak.py``."""

from __future__ import annotations

import gc
import weakref

from app_driver import make_app

SEATS = ["easy", "easy", "easy"]


def test_a_table_held_for_a_frame_after_it_is_replaced_is_freed_the_frame_after(
        tmp_path, monkeypatch):
    # The soak's loop holds the table it looked at while the next frame runs: the collection
    # in that frame cannot free it, so the app looks again on the following frames. Automatic
    # collection is off so that only the app's own collection can free it.
    app = make_app(tmp_path, monkeypatch)
    gc.disable()
    try:
        app.new_game(app.seats_for(SEATS), None, 1)
        app.run(max_frames=3)
        table = app.current_table()
        assert table is not None
        gone = weakref.ref(table)
        app.new_game(app.seats_for(SEATS), None, 2)
        app.run(max_frames=1)  # still held here
        assert gone() is not None
        del table
        app.run(max_frames=1)
        assert gone() is None
    finally:
        gc.enable()
        app.shutdown()


def test_after_two_match_changes_no_old_table_is_alive(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    gc.disable()
    try:
        olds = []
        for seed in (1, 2, 3):
            app.new_game(app.seats_for(SEATS), None, seed)
            app.run(max_frames=3)
            table = app.current_table()
            assert table is not None
            olds.append(weakref.ref(table))
            del table
        app.run(max_frames=2)
        assert [ref() is None for ref in olds] == [True, True, False]
    finally:
        gc.enable()
        app.shutdown()


def test_the_app_stops_looking_for_a_table_that_is_kept(tmp_path, monkeypatch):
    # A table someone keeps for good costs a collection on a few frames, not on every frame.
    import craits.ui.app as app_module

    app = make_app(tmp_path, monkeypatch)
    collections = []
    monkeypatch.setattr(app_module.gc, "collect", lambda *a: collections.append(1) or 0)
    try:
        app.new_game(app.seats_for(SEATS), None, 1)
        app.run(max_frames=2)
        kept = app.current_table()
        app.new_game(app.seats_for(SEATS), None, 2)
        app.run(max_frames=app_module.COLLECT_FRAMES + 20)
        assert kept is not None and len(collections) == app_module.COLLECT_FRAMES
    finally:
        app.shutdown()
