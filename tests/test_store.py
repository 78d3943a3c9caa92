"""The one store helper (``persistence.store``, ``persistence.files``): one background writer
for every store, a file with one unusable field kept aside once and written back cleaned,
atomic writes that outlast a Windows indexer's hold, and every descriptor opened binary."""

from __future__ import annotations

import ast
import json
import os
import threading
import time
from pathlib import Path

import pytest

from craits.persistence import files
from craits.persistence.autosave import Autosaver
from craits.persistence.files import JsonObject, atomic_write_json
from craits.persistence.par_store import ParStore
from craits.persistence.settings import Settings, SettingsStore
from craits.persistence.statistics import StatisticsStore
from craits.persistence.store import BackgroundWriter

PACKAGE = Path(__file__).resolve().parents[1] / "craits"


class Landed:
    """A snapshot store that notes what it wrote and on which thread."""

    def __init__(self) -> None:
        self.landed: list[JsonObject] = []
        self.threads: set[str] = set()

    def save(self, data: JsonObject) -> None:
        self.threads.add(threading.current_thread().name)
        self.landed.append(data)


def busy(writer: BackgroundWriter) -> threading.Event:
    """Hold ``writer``'s thread in a job of its own until the event is set."""
    inside, release = threading.Event(), threading.Event()

    def hold() -> None:
        inside.set()
        assert release.wait(5.0)

    writer.submit(hold)
    assert inside.wait(5.0)
    return release


def test_of_three_snapshots_waiting_only_the_newest_is_written() -> None:
    writer = BackgroundWriter()
    store = Landed()
    saver = Autosaver(store, writer=writer)
    release = busy(writer)  # the writer is at another store's write
    for n in (1, 2, 3):
        saver.submit({"n": n})
    saver.flush()  # quitting: written now, on this thread
    release.set()
    assert store.landed == [{"n": 3}] and saver.writes == 1


def test_every_store_writes_on_the_one_writer_thread(tmp_path: Path) -> None:
    store = Landed()
    saver = Autosaver(store)
    pars = ParStore(tmp_path)
    before = threading.active_count()
    for n in range(5):
        saver.submit({"n": n})
        pars.store_later("ab" * 16, "cd" * 8, {n: {0: n}})
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not (
            store.landed[-1:] == [{"n": 4}] and len(pars.load("ab" * 16, "cd" * 8)) == 5):
        time.sleep(0.01)  # no flush: each is written by the writer on its own
    assert store.threads == {"craits-writer"}
    assert threading.active_count() <= before + 1  # no thread per store or write
    assert pars.load("ab" * 16, "cd" * 8) == {n: {0: n} for n in range(5)}


def test_a_failing_job_does_not_stop_the_writer(caplog: pytest.LogCaptureFixture) -> None:
    writer = BackgroundWriter()
    ran: list[int] = []
    writer.submit(lambda: 1 / 0)  # type: ignore[func-returns-value]
    writer.submit(lambda: ran.append(1))
    writer.flush()
    assert ran == [1] and "a background write failed" in caplog.text


@pytest.mark.parametrize(("store", "field", "bad"), [
    (SettingsStore, "volume", 7), (StatisticsStore, "longest_crank", -3)])
def test_a_file_with_one_bad_field_is_kept_once_and_written_back_cleaned(
        tmp_path: Path, store: type[SettingsStore | StatisticsStore], field: str,
        bad: int) -> None:
    first = store(tmp_path)
    first.save(first.load()[0])  # type: ignore[arg-type]
    document = json.loads(first.path.read_text("utf-8"))
    document["data"][field] = bad
    text = json.dumps(document)
    first.path.write_text(text, "utf-8")
    _, problem = store(tmp_path).load()
    assert problem is not None and problem.kind == "fields" and field in problem.detail
    assert (tmp_path / str(problem.kept_as)).read_text("utf-8") == text  # as it was
    assert store(tmp_path).load()[1] is None  # cleaned: the notice comes once
    assert json.loads(first.path.read_text("utf-8"))["data"][field] != bad
    assert len(list(tmp_path.iterdir())) == 2  # the file and one copy, never more


def test_replace_is_tried_again_while_windows_holds_the_file(tmp_path: Path,
                                                             monkeypatch) -> None:
    real = os.replace
    refusals = [PermissionError(13, "in use by another process")] * 2
    tries: list[str] = []

    def held(source: str, target: str) -> None:
        tries.append(str(target))
        if refusals:
            raise refusals.pop()
        real(source, target)

    monkeypatch.setattr(files, "RETRY_REPLACE", True)  # as on Windows
    monkeypatch.setattr(files, "REPLACE_PAUSE", 0.001)
    monkeypatch.setattr(files.os, "replace", held)
    atomic_write_json(tmp_path / "save.json", {"n": 1})
    assert len(tries) == 3 and json.loads((tmp_path / "save.json").read_text()) == {"n": 1}

    refusals.extend([PermissionError(13, "in use")] * files.REPLACE_TRIES)
    with pytest.raises(PermissionError):  # held for good: the write fails, nothing is lost
        atomic_write_json(tmp_path / "save.json", {"n": 2})
    assert json.loads((tmp_path / "save.json").read_text()) == {"n": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]  # no temp file left

    monkeypatch.setattr(files, "RETRY_REPLACE", False)  # POSIX: a refusal is final at once
    refusals.append(PermissionError(13, "denied"))
    tries.clear()
    with pytest.raises(PermissionError):
        atomic_write_json(tmp_path / "save.json", {"n": 3})
    assert len(tries) == 1


def _flags_text(call: ast.Call, assigned: dict[str, str]) -> str:
    """The flags argument of an ``os.open`` call, names defined in the module spelled out."""
    text = ast.unparse(call.args[1]) if len(call.args) > 1 else ""
    for _ in range(3):
        for name, value in assigned.items():
            text = text.replace(name, f"({value})")
    return text


def test_every_file_descriptor_is_opened_binary() -> None:
    """``os.open`` without ``O_BINARY`` translates newlines on Windows."""
    found, missing = 0, []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        assigned = {t.id: ast.unparse(node.value) for node in ast.walk(tree)
                    if isinstance(node, ast.Assign) for t in node.targets
                    if isinstance(t, ast.Name)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "os.open":
                found += 1
                if "O_BINARY" not in _flags_text(node, assigned):
                    missing.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert found >= 8 and missing == []


def test_settings_written_back_keep_every_good_field(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    store.save(Settings(volume=0.3, felt="blue"))
    document = json.loads(store.path.read_text("utf-8"))
    document["data"]["card_back"] = "tartan"
    store.path.write_text(json.dumps(document), "utf-8")
    settings, problem = store.load()
    assert problem is not None and (settings.volume, settings.felt) == (0.3, "blue")
    assert SettingsStore(tmp_path).load() == (settings, None)


def test_setting_aside_is_tried_again_while_windows_holds_the_file(tmp_path: Path,
                                                                  monkeypatch) -> None:
    real = os.rename
    refusals = [PermissionError(13, "in use by another process")] * 2

    def held(source: str, target: str) -> None:
        if refusals:
            raise refusals.pop()
        real(source, target)

    monkeypatch.setattr(files, "RETRY_REPLACE", True)
    monkeypatch.setattr(files, "REPLACE_PAUSE", 0.001)
    monkeypatch.setattr(files.os, "rename", held)
    (tmp_path / "settings.json").write_text("{not json", "utf-8")
    _, problem = SettingsStore(tmp_path).load()
    assert problem is not None and problem.kept_as == "settings.bad.json" and not refusals
    assert (tmp_path / "settings.bad.json").read_text("utf-8") == "{not json"


def test_a_snapshot_replaced_while_waiting_keeps_its_place_in_the_queue() -> None:
    """A stream of cache writes never pushes the save back."""
    writer = BackgroundWriter()
    order: list[str] = []
    saver = Autosaver(Landed(), writer=writer)
    saver.store.save = lambda data: order.append(f"save {data['n']}")  # type: ignore[method-assign]
    release = busy(writer)
    writer.submit(lambda: order.append("cache A"))
    saver.submit({"n": 1})
    writer.submit(lambda: order.append("cache B"))
    saver.submit({"n": 2})
    writer.submit(lambda: order.append("cache C"))
    release.set()
    deadline = time.monotonic() + 10
    while len(order) < 4 and time.monotonic() < deadline:
        time.sleep(0.01)  # the writer's own thread, in its order
    assert order == ["cache A", "save 2", "cache B", "cache C"]
