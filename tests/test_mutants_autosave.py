"""The autosave writer keeps only the newest snapshot pending while one is being written."""

from __future__ import annotations

import threading

from craits.persistence.autosave import Autosaver
from craits.persistence.files import JsonObject


class GatedStore:
    """A store whose first write waits until the test lets it finish."""

    def __init__(self) -> None:
        self.landed: list[JsonObject] = []
        self.writing = threading.Event()
        self.release = threading.Event()

    def save(self, data: JsonObject) -> None:
        if not self.landed and not self.writing.is_set():
            self.writing.set()
            assert self.release.wait(5.0)
        self.landed.append(data)


def test_snapshots_arriving_during_a_write_leave_only_the_newest_to_write() -> None:
    store = GatedStore()
    saver = Autosaver(store)
    try:
        saver.submit({"n": 1})
        assert store.writing.wait(5.0)  # the helper thread is inside the write of snapshot 1
        for n in (2, 3, 4):
            saver.submit({"n": n})
        store.release.set()
        saver.flush()
    finally:
        saver.stop()
    assert store.landed == [{"n": 1}, {"n": 4}]
    assert saver.writes == 2

