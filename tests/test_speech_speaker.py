"""The speaker and its backends: verbosity, on and off, the history, a backend that cannot
speak (said once, play goes on), the transcript file (one utterance a line, never through a
link), and cards said in words in every language."""

from __future__ import annotations

import builtins
import os
import re
import threading
import time

import pytest

from craits import i18n
from craits.persistence import Settings
from craits.ui.speech import HISTORY, Speaker, speaker_for, transcript
from craits.ui.speech import live as live_module
from craits.ui.speech import speaker as speaker_module
from craits.ui.speech.backends import RecordingBackend, SpeechUnavailable
from craits.ui.speech.live import LiveBackend
from craits.ui.speech.words import spoken


class Heard:
    def __init__(self) -> None:
        self.said: list[tuple[str, bool]] = []

    def speak(self, text: str, interrupt: bool) -> None:
        self.said.append((text, interrupt))

    def close(self) -> None:
        pass


class Broken:
    calls = 0

    def speak(self, text: str, interrupt: bool) -> None:
        self.calls += 1
        raise SpeechUnavailable("no speech here")

    def close(self) -> None:
        pass


def test_verbosity_decides_what_is_said():
    ear = Heard()
    speaker = Speaker([ear], verbosity="minimal")
    assert speaker.say("your turn", level="minimal", interrupt=True)
    assert not speaker.say("Ada played", level="brief")
    speaker.configure(True, "brief")
    assert speaker.say("Ada played", level="brief")
    assert not speaker.say("you can play", level="full")
    speaker.configure(False, "full")
    assert not speaker.say("your turn", level="minimal")
    assert ear.said == [("your turn", True), ("Ada played", False)]


def test_the_history_keeps_the_last_fifty_and_rereads_them():
    ear = Heard()
    speaker = Speaker([ear])
    for n in range(HISTORY + 10):
        speaker.say(f"message {n}")
    assert len(speaker.history) == HISTORY and speaker.history[0] == "message 10"
    ear.said.clear()
    assert speaker.reread(-1) == f"message {HISTORY + 9}"
    assert speaker.reread(-1) == f"message {HISTORY + 8}"
    assert speaker.reread(1) == f"message {HISTORY + 9}"
    assert speaker.reread(1) == i18n.t("speech.latest")
    assert all(interrupt for _, interrupt in ear.said)
    for _ in range(HISTORY + 5):
        speaker.reread(-1)
    assert ear.said[-1][0] == i18n.t("speech.first")


def test_an_empty_history_says_so():
    assert Speaker([Heard()]).reread(-1) == i18n.t("speech.nothing")


def test_a_backend_that_cannot_speak_is_dropped_and_told_once():
    told = []
    broken, ear = Broken(), Heard()
    speaker = Speaker([broken, ear], tell=lambda: told.append(1))
    for n in range(3):
        speaker.say(f"message {n}")
    assert told == [1] and broken.calls == 1
    assert [text for text, _ in ear.said] == ["message 0", "message 1", "message 2"]


def test_live_speech_without_its_library_is_unavailable_not_a_crash(monkeypatch):
    real_import = builtins.__import__

    def no_prism(name, *args, **kwargs):
        if name == "prism":
            raise ImportError("No module named 'prism'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_prism)
    told = []
    live = LiveBackend()
    speaker = Speaker([live], tell=lambda: told.append(1))
    speaker.say("hello")
    assert live.wait_idle(5)
    speaker.say("again")
    speaker.say("and again")
    assert told == [1] and speaker.backends == []


def test_live_speech_whose_library_fails_is_unavailable(monkeypatch):
    class NoBackend:
        def acquire_best(self):
            raise ValueError("Invalid or unsupported backend")

    prism = pytest.importorskip("prism")
    monkeypatch.setattr(prism, "Context", NoBackend)
    told = []
    live = LiveBackend()
    speaker = Speaker([live], tell=lambda: told.append(1))
    speaker.say("hello")
    assert live.wait_idle(5)
    speaker.say("again")
    assert told == [1]


def test_speech_that_stops_answering_never_holds_up_the_table(monkeypatch):
    release = threading.Event()
    heard = []

    class Stuck:
        def speak(self, text, interrupt=False):
            heard.append(text)
            release.wait(10)  # as Speech Dispatcher without a sound device

    class Context:
        def acquire_best(self):
            return Stuck()

    prism = pytest.importorskip("prism")
    monkeypatch.setattr(prism, "Context", Context)
    monkeypatch.setattr(live_module, "STUCK_SECONDS", 0.05)
    told = []
    speaker = Speaker([LiveBackend()], tell=lambda: told.append(1))
    start = time.monotonic()
    try:
        for n in range(300):  # more than it keeps waiting
            speaker.say(f"message {n}")
            if n == 0:
                while not heard:
                    time.sleep(0.01)
                time.sleep(0.1)
        assert time.monotonic() - start < 2
        assert told == [1] and speaker.backends == [] and heard == ["message 0"]
    finally:
        release.set()


def test_a_new_turn_drops_what_was_still_waiting_to_be_said(monkeypatch):
    gate = threading.Event()
    heard = []

    class Slow:
        def speak(self, text, interrupt=False):
            gate.wait(5)
            heard.append((text, interrupt))

    class Context:
        def acquire_best(self):
            return Slow()

    prism = pytest.importorskip("prism")
    monkeypatch.setattr(prism, "Context", Context)
    live = LiveBackend()
    live.speak("first", False)
    while live._since is None:  # the worker holds "first"
        time.sleep(0.01)
    live.speak("second", False)
    live.speak("your turn", True)
    gate.set()
    assert live.wait_idle(5)
    assert heard == [("first", False), ("your turn", True)]


def test_the_transcript_has_one_utterance_a_line_with_its_time_and_whether_it_cuts_in(tmp_path):
    path = tmp_path / "speech.txt"
    times = iter([100.0, 100.25, 101.5])  # made, then one reading a line
    speaker = Speaker([RecordingBackend(path, clock=lambda: next(times))])
    speaker.say("Ada plays the eight of hearts\nand names spades")
    speaker.say("Ťuk — ärtu kaheksa", interrupt=True)
    assert path.read_text(encoding="utf-8").splitlines() == [
        "0.250 + Ada plays the eight of hearts and names spades", "1.500 ! Ťuk — ärtu kaheksa"]
    assert transcript.read(path) == [
        transcript.Utterance(0.25, False, "Ada plays the eight of hearts and names spades"),
        transcript.Utterance(1.5, True, "Ťuk — ärtu kaheksa")]


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt",
                    reason="links need privileges on Windows")
def test_the_transcript_is_never_written_through_a_link(tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("kept\n", encoding="utf-8")
    link = tmp_path / "speech.txt"
    link.symlink_to(target)
    told = []
    speaker = Speaker([RecordingBackend(link)], tell=lambda: told.append(1))
    speaker.say("hello")
    assert target.read_text(encoding="utf-8") == "kept\n" and told == [1]


def test_the_apps_speaker_is_made_once_and_follows_the_settings(monkeypatch, tmp_path):
    monkeypatch.setattr(speaker_module, "_shared", None)
    monkeypatch.setenv("CRAITS_SPEECH_LOG", str(tmp_path / "t.txt"))
    first = speaker_for(True, "full", lambda: None)
    second = speaker_for(False, "brief", lambda: None)
    # A transcript asked for from the environment keeps speech on whatever the setting says.
    assert first is second and second.enabled and second.verbosity == "brief"
    assert [type(b) for b in first.backends] == [RecordingBackend]  # no window: no live speech
    monkeypatch.delenv("CRAITS_SPEECH_LOG")
    assert not speaker_for(False, "brief", lambda: None).enabled
    assert speaker_for(True, "brief", lambda: None).enabled


def test_speech_settings_are_kept_and_checked():
    settings, notes = Settings.from_dict({**Settings().to_dict(), "speech": False,
                                          "speech_verbosity": "brief"})
    assert (settings.speech, settings.speech_verbosity, notes) == (False, "brief", [])
    settings, notes = Settings.from_dict({**Settings().to_dict(), "speech_verbosity": "loud"})
    assert settings.speech_verbosity == "full" and notes


SYMBOLS = re.compile(r"[♠♥♦♣]")
CODES = re.compile(r"\b(10|[2-9AJQKT])[SHDC]\b")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_card_is_said_in_words(language):
    i18n.set_language(language)
    try:
        for card in range(52):
            for case in i18n.SPOKEN_CASES:
                said = i18n.spoken_card(card, case)
                assert said and not SYMBOLS.search(said) and not CODES.search(said)
                assert "speech." not in said  # a key, not a text
            label = i18n.card_name(card)
            assert spoken(f"X {label}, {label} ♥") == (
                f"X {i18n.spoken_card(card, 'accusative')}, {i18n.spoken_card(card)} "
                f"{i18n.suit_name('H')}")
    finally:
        i18n.set_language("en")


def test_czech_cards_agree_with_their_rank_and_case():
    i18n.set_language("cs")
    try:
        assert i18n.spoken_card("8H") == "srdcová osmička"
        assert i18n.spoken_card("KS", "accusative") == "pikového krále"
        assert i18n.spoken_card("AD") == "kárové eso"
        assert spoken("Ada hraje 8♥") == "Ada hraje srdcovou osmičku"
        assert spoken("Otočená karta: Q♣.") == "Otočená karta: křížová dáma."
        assert spoken("Tvoje nové karty: 7♥ 2♠") == \
            "Tvoje nové karty: srdcová sedmička, piková dvojka"
    finally:
        i18n.set_language("en")


def test_english_says_a_card_with_its_article():
    assert spoken("Ada plays 8♥ and names ♠") == \
        "Ada plays the eight of hearts and names spades"


def test_a_card_that_starts_a_sentence_starts_with_a_capital():
    assert spoken("4♠ is turned up. 8♥ is mine — 2♣ too") == \
        "The four of spades is turned up. The eight of hearts is mine — the two of clubs too"


def test_a_coaching_note_is_said_once_in_words():
    from craits.ui.table.speech_part import SpeechPart
    from craits.ui.tabletop.log import EventLog
    from craits.ui.tabletop.model import TableModel

    ear = Heard()
    part = SpeechPart(Speaker([ear]), ["You", "Ada"], EventLog(), lambda: 0,
                      TableModel(2, (1280, 800), 0, 0))
    note = object()
    for _ in range(3):
        part.note(note, "An 8 such as 8♥ may go on anything.")
        part.update(None, False, False, None)
    part.note(None, "")
    part.update(None, False, False, None)
    assert [text for text, _ in ear.said] == ["An 8 such as the eight of hearts may go on anything."]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_transcript_that_is_a_pipe_with_no_reader_is_refused_at_once(tmp_path, caplog):
    import threading

    pipe = tmp_path / "speech.txt"
    os.mkfifo(pipe)
    told: list[int] = []
    speaker = Speaker([RecordingBackend(pipe)], tell=lambda: told.append(1))
    speaking = threading.Thread(target=speaker.say, args=("hello",), daemon=True)
    speaking.start()
    speaking.join(5)
    if speaking.is_alive():  # held at the opening: let it go, so the run can end
        with open(pipe, "rb"):
            speaking.join(5)
        raise AssertionError("the window's thread waited for a reader of the pipe")
    assert told == [1] and speaker.backends == []
    assert "not a regular file" in caplog.text


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_transcript_that_is_a_pipe_with_a_reader_is_refused_too(tmp_path):
    pipe = tmp_path / "speech.txt"
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
    try:
        told: list[int] = []
        speaker = Speaker([RecordingBackend(pipe)], tell=lambda: told.append(1))
        speaker.say("hello")
        assert told == [1] and os.read(reader, 100) == b""
    finally:
        os.close(reader)
