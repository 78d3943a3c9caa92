"""A running screen reader turns speech on by itself (Prism says which backend it found; a fake
Prism context stands in), unless the player turned speech off: switching the setting is the
player's choice from then on, kept in the settings file; older files keep loading."""

from __future__ import annotations

import json
import time
from types import SimpleNamespace

import pytest
from app_driver import make_app

from craits import i18n
from craits.persistence import Settings
from craits.ui.menus.settings import SettingsScene
from craits.ui.speech import Speaker
from craits.ui.speech import speaker as speaker_module
from craits.ui.speech import transcript as transcript_file
from craits.ui.speech.backends import RecordingBackend
from craits.ui.speech.live import LiveBackend
from craits.ui.widgets import Toggle


class Voice:
    def __init__(self, name: str, heard: list[str]) -> None:
        self.name, self.heard = name, heard

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.heard.append(text)


class FakePrism:
    """A Prism context whose best backend is ``name`` (a ``BackendId`` name): its registry
    holds that one and ``others`` (not running), highest priority first; ``made`` lists the
    backends set up, in order."""

    def __init__(self, name: str, others: tuple[str, ...] = ()) -> None:
        self.name = name
        self.registry = [*others, name]
        self.heard: list[str] = []
        self.made: list[str] = []

    def __call__(self) -> FakePrism:
        return self

    @property
    def backends_count(self) -> int:
        return len(self.registry)

    def id_of(self, index_or_name: int | str) -> SimpleNamespace:
        name = self.registry[index_or_name] if isinstance(index_or_name, int) else index_or_name
        return SimpleNamespace(name=name)

    def priority_of(self, backend_id: SimpleNamespace) -> int:
        return 100 - self.registry.index(backend_id.name)

    def acquire(self, backend_id: SimpleNamespace) -> Voice:
        if backend_id.name != self.name:
            raise RuntimeError("Backend not available")
        self.made.append(backend_id.name)
        return Voice(self.name, self.heard)

    def acquire_best(self) -> Voice:
        self.made.append(self.name)
        return Voice(self.name, self.heard)


class OlderPrism:
    """A Prism without a registry to walk: only its best backend tells."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self) -> OlderPrism:
        return self

    def acquire_best(self) -> Voice:
        return Voice(self.name, [])

    def id_of(self, name: str) -> SimpleNamespace:
        return SimpleNamespace(name=name)


def answer(live: LiveBackend) -> bool | None:
    live.start()
    end = time.monotonic() + 5
    while live.reader is None and time.monotonic() < end:
        time.sleep(0.01)
    return live.reader


@pytest.mark.parametrize(("backend", "reader"), [
    ("NVDA", True), ("JAWS", True), ("VOICE_OVER", True), ("ORCA", True),
    ("SAPI", False), ("SPEECH_DISPATCHER", False), ("AV_SPEECH", False), ("ONE_CORE", False),
    ("UIA", False),  # there with any window, screen reader or not
])
def test_prism_tells_whether_the_backend_it_found_is_a_screen_reader(backend, reader):
    assert answer(LiveBackend(FakePrism(backend))) is reader


def test_a_running_screen_reader_is_found_past_one_that_is_not_running():
    prism = FakePrism("ORCA", others=("NVDA",))
    assert answer(LiveBackend(prism)) is True
    assert prism.made == ["ORCA"]


def test_without_a_screen_reader_no_voice_is_set_up_until_something_is_said():
    """Setting up the system's voice may connect to a speech service or ask for a permission:
    looking for a screen reader must not do it."""
    prism = FakePrism("SPEECH_DISPATCHER", others=("ORCA", "NVDA"))
    live = LiveBackend(prism)
    assert answer(live) is False
    time.sleep(0.05)
    assert prism.made == []
    live.speak("Hello", False)
    assert live.wait_idle(5)
    assert prism.made == ["SPEECH_DISPATCHER"]
    assert prism.heard == ["Hello"]


@pytest.mark.parametrize(("backend", "reader"), [("NVDA", True), ("SAPI", False)])
def test_an_older_prism_is_asked_for_its_best_backend(backend, reader):
    assert answer(LiveBackend(OlderPrism(backend))) is reader


def test_no_speech_library_means_no_screen_reader():
    def broken():
        raise OSError("libprism.so: cannot open shared object file")

    assert answer(LiveBackend(broken)) is False
    speaker = Speaker([RecordingBackend("unused.txt"), LiveBackend(broken)])
    assert speaker.screen_reader() in (None, False)  # a file cannot tell; Prism says no


@pytest.fixture
def reader_app(tmp_path, monkeypatch):
    """Apps whose speaker speaks through a fake screen reader (``prism``) and a transcript."""
    monkeypatch.delenv("CRAITS_SPEECH", raising=False)
    monkeypatch.delenv("CRAITS_SPEECH_LOG", raising=False)
    transcript = tmp_path / "speech.txt"
    apps = []

    def make(prism: FakePrism):
        monkeypatch.setattr(speaker_module, "_shared", None)
        monkeypatch.setattr(speaker_module, "_backends",
                            lambda: [LiveBackend(prism), RecordingBackend(transcript)])
        app = make_app(tmp_path / "home", monkeypatch, size=(1280, 800))
        apps.append(app)
        app.show_title()
        return app

    yield make, transcript
    for app in apps:
        app.shutdown()


def run(app, seconds: float = 2.0, until=lambda: False) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not until():
        app.step(1 / 30)
        time.sleep(0.005)


def heard(path) -> list[str]:
    return transcript_file.texts(path)


def test_a_running_screen_reader_turns_speech_on_and_the_screen_is_said(reader_app):
    make, transcript = reader_app
    prism = FakePrism("NVDA")
    app = make(prism)
    run(app, until=lambda: app.settings.speech)
    assert app.settings.speech and not app.settings.speech_chosen
    assert app.speech.enabled
    run(app, 0.2)
    place = i18n.t("speech_menu.position", position=1, count=len(app.scenes.top.buttons))
    title = f"{i18n.t('app.title')}. {i18n.t('menu.new_game')}, {place}"
    assert heard(transcript) == [title]
    run(app, until=lambda: prism.heard)
    assert prism.heard == [title]  # through the screen reader


def test_without_a_screen_reader_speech_stays_off(reader_app):
    make, transcript = reader_app
    app = make(FakePrism("SPEECH_DISPATCHER"))
    run(app, until=lambda: app.speech.screen_reader() is not None)
    run(app, 0.2)
    assert not app.settings.speech and not app.speech.enabled and heard(transcript) == []


def test_speech_turned_off_by_the_player_stays_off_with_a_screen_reader(reader_app):
    make, transcript = reader_app
    prism = FakePrism("NVDA")
    app = make(prism)
    run(app, until=lambda: app.settings.speech)
    settings = SettingsScene(app)
    app.scenes.push(settings)
    switch = next(c for c in settings.controls
                  if isinstance(c, Toggle) and c.label == i18n.t("speech.setting"))
    assert switch.value  # shows what the screen reader turned on
    switch.set_value(False)
    assert not app.settings.speech and app.settings.speech_chosen and not app.speech.enabled
    settings.back()
    stored = json.loads((app.home / "settings.json").read_text(encoding="utf-8"))
    data = stored.get("data", stored)
    assert data["speech"] is False and data["speech_chosen"] is True
    app.shutdown()

    before = (len(heard(transcript)), len(prism.heard))
    again = make(prism)  # the next run, the screen reader still running
    run(again, 1.0)
    assert not again.settings.speech and not again.speech.enabled
    assert (len(heard(transcript)), len(prism.heard)) == before  # nothing said


def test_speech_found_by_a_screen_reader_is_not_kept_as_a_choice():
    """Saved while a screen reader had turned it on, speech is looked for again next time."""
    found = Settings(speech=True, speech_chosen=False)
    loaded, problems = Settings.from_dict(found.to_dict())
    assert not problems and loaded.speech and not loaded.speech_chosen


def test_older_settings_files_keep_the_speech_the_player_set():
    on, _ = Settings.from_dict({"speech": True})  # turned on before the flag was kept
    assert on.speech and on.speech_chosen
    off, _ = Settings.from_dict({"speech": False})  # the old default: not a choice
    assert not off.speech and not off.speech_chosen
