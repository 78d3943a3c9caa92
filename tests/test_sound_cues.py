"""The four sound cues: short, told apart from each other and from every effect by their
sound alone (pitch, movement, rhythm, length, measured on the committed files), played on
reserved channels with their own volume, which the settings keep and the settings screen sets."""

from __future__ import annotations

import json
import math
import struct
import wave
from pathlib import Path

import pygame
import pytest

from craits import i18n
from craits.persistence import Settings
from craits.persistence.settings import SettingsStore
from craits.ui.audio import CUE_CHANNELS, MIXER_CHANNELS, Audio
from craits.ui.table.cue_part import Cue

SOUNDS = Path(__file__).resolve().parent.parent / "assets" / "sounds"
RATE = 22050
CUES = sorted(c.value for c in Cue)


# --- What the cues sound like -------------------------------------------------------------------

def read(name: str) -> list[float]:
    with wave.open(str(SOUNDS / f"{name}.wav"), "rb") as handle:
        assert handle.getframerate() == RATE
        frames = handle.readframes(handle.getnframes())
    return [v / 32768 for v in struct.unpack(f"<{len(frames) // 2}h", frames)]


PITCHES = [100 * 2 ** (k / 12) for k in range(76)]  # semitones from 100 Hz to 8 kHz


def power(samples: list[float], freq: float) -> float:
    """Goertzel: the power of ``samples`` at ``freq``."""
    coeff = 2 * math.cos(2 * math.pi * freq / RATE)
    s1 = s2 = 0.0
    for v in samples:
        s1, s2 = v + coeff * s1 - s2, s1
    return s1 * s1 + s2 * s2 - coeff * s1 * s2


def envelope(samples: list[float], seconds: float) -> list[float]:
    n = int(seconds * RATE)
    return [math.sqrt(sum(v * v for v in samples[i:i + n]) / n)
            for i in range(0, len(samples) - n + 1, n)]


def features(samples: list[float]) -> tuple[float, int, int, float]:
    """(median pitch in Hz, movement -1 falling / 0 flat / 1 rising, onsets, seconds loud)."""
    frame = int(0.02 * RATE)
    loud = envelope(samples, 0.02)
    top = max(loud)
    track = [max(PITCHES, key=lambda f, i=i: power(samples[i * frame:(i + 1) * frame], f))
             for i, level in enumerate(loud) if level > 0.15 * top]
    median = sorted(track)[len(track) // 2]
    move = 12 * math.log2(track[-1] / track[0])
    fine = envelope(samples, 0.005)
    onsets, armed = 0, True
    for level in fine:
        if armed and level > 0.5 * max(fine):
            onsets, armed = onsets + 1, False
        elif level < 0.25 * max(fine):
            armed = True
    held = sum(0.005 for level in fine if level > 0.25 * max(fine))
    return median, (move > 3) - (move < -3), onsets, held


def differences(a: tuple[float, int, int, float], b: tuple[float, int, int, float]) -> set[str]:
    found = set()
    if abs(12 * math.log2(a[0] / b[0])) >= 4:
        found.add("pitch")
    if a[1] != b[1]:
        found.add("movement")
    if a[2] != b[2]:
        found.add("rhythm")
    if max(a[3], b[3]) / min(a[3], b[3]) >= 1.6:
        found.add("length")
    return found


@pytest.fixture(scope="module")
def heard() -> dict[str, tuple[float, int, int, float]]:
    return {p.stem: features(read(p.stem)) for p in sorted(SOUNDS.glob("*.wav"))}


def test_the_four_cues_are_short():
    for name in CUES:
        seconds = len(read(name)) / RATE
        assert 0.15 <= seconds <= 0.4, (name, seconds)


def test_each_cue_sounds_as_designed(heard):
    turn, refused, one, called = (heard[n] for n in ("cue_turn", "cue_refused",
                                                     "cue_one_card", "cue_called"))
    assert turn[1] == 1 and turn[2] == 2  # two notes, rising
    assert refused[0] < 200 and refused[1] == 0  # low, flat
    assert one[0] > 2000 and one[2] == 3  # three high ticks
    assert called[1] == -1 and called[2] == 2  # falls, twice


def test_the_cues_differ_from_each_other_in_pitch_and_more(heard):
    for i, a in enumerate(CUES):
        for b in CUES[i + 1:]:
            found = differences(heard[a], heard[b])
            assert "pitch" in found and len(found) >= 2, (a, b, found)
            assert abs(12 * math.log2(heard[a][0] / heard[b][0])) >= 5, (a, b)


def test_every_cue_differs_from_every_effect_in_two_ways(heard):
    effects = [name for name in heard if not name.startswith("cue_")]
    assert len(effects) >= 13
    for cue in CUES:
        for effect in effects:
            found = differences(heard[cue], heard[effect])
            assert len(found) >= 2, (cue, effect, found)


# --- Playing them -------------------------------------------------------------------------------

@pytest.fixture
def real_mixer():
    try:
        pygame.mixer.init()
    except pygame.error as error:
        pytest.skip(f"dummy audio driver unavailable: {error}")
    yield pygame.mixer
    pygame.mixer.quit()


def test_cues_are_loaded_apart_from_the_effects(real_mixer):
    audio = Audio()
    assert audio.cue_names == tuple(CUES)
    assert not any(n.startswith("cue_") for n in audio.names)
    assert audio.play("cue_turn") is False  # not an effect
    assert audio.play_cue("deal") is False  # not a cue


def test_the_cue_volume_scales_cues_and_not_effects(real_mixer):
    audio = Audio(volume=0.5, cue_volume=0.25)
    cues, effects = audio._cues.values(), audio._sounds.values()
    assert all(abs(s.get_volume() - 0.25) < 0.01 for s in cues)
    assert all(abs(s.get_volume() - 0.5) < 0.01 for s in effects)
    audio.set_cue_volume(0.9)
    assert audio.cue_volume == 0.9
    assert all(abs(s.get_volume() - 0.9) < 0.01 for s in cues)
    assert all(abs(s.get_volume() - 0.5) < 0.01 for s in effects)
    audio.set_volume(0.0)  # effects silent: the cues still sound
    assert audio.play("deal") is False
    assert audio.play_cue("cue_turn") is True
    audio.set_cue_volume(0.0)
    assert audio.play_cue("cue_turn") is False
    audio.set_cue_volume(7)
    assert audio.cue_volume == 1.0
    with pytest.raises(ValueError):
        audio.set_cue_volume("loud")  # type: ignore[arg-type]


def test_mute_silences_cues_too(real_mixer):
    audio = Audio(muted=True)
    assert audio.play_cue("cue_turn") is False
    audio.set_muted(False)
    assert audio.play_cue("cue_turn") is True


def test_a_flood_of_effects_never_takes_a_cue_channel(real_mixer):
    audio = Audio()
    assert audio.play_cue("cue_one_card")
    cue_channel = pygame.mixer.Channel(0)
    assert cue_channel.get_sound() is audio._cues["cue_one_card"]
    for _ in range(3 * MIXER_CHANNELS):  # a fast deal's snaps, more than there are channels
        audio.play("deal")
    assert cue_channel.get_sound() is audio._cues["cue_one_card"]  # not cut off
    assert all(pygame.mixer.Channel(i).get_sound() is not audio._sounds["deal"]
               for i in range(CUE_CHANNELS))
    assert audio.play_cue("cue_turn")  # a second cue overlaps the first
    assert pygame.mixer.Channel(1).get_sound() is audio._cues["cue_turn"]


def test_an_unknown_cue_is_ignored(real_mixer):
    assert Audio().play_cue("cue_trumpet") is False


# --- The setting --------------------------------------------------------------------------------

def test_the_cue_volume_is_kept_in_the_settings_file(tmp_path):
    store = SettingsStore(tmp_path)
    store.save(Settings(cue_volume=0.35, volume=0.6))
    loaded, problem = store.load()
    assert problem is None
    assert (loaded.cue_volume, loaded.volume) == (0.35, 0.6)


def test_an_older_settings_file_loads_with_the_default_cue_volume(tmp_path):
    store = SettingsStore(tmp_path)
    store.save(Settings(volume=0.4))
    document = json.loads(store.path.read_text(encoding="utf-8"))
    body = next(v for v in document.values() if isinstance(v, dict) and "volume" in v)
    del body["cue_volume"]  # as written before the setting existed
    store.path.write_text(json.dumps(document), encoding="utf-8")
    loaded, problem = store.load()
    assert problem is None
    assert (loaded.cue_volume, loaded.volume) == (Settings().cue_volume, 0.4)


@pytest.mark.parametrize("bad", ["loud", 3, None, True])
def test_a_bad_cue_volume_falls_back_alone(bad):
    data = {**Settings(volume=0.4).to_dict(), "cue_volume": bad}
    settings, notes = Settings.from_dict(data)
    assert settings.cue_volume == Settings().cue_volume and settings.volume == 0.4
    assert len(notes) == 1 and "cue_volume" in notes[0]


def test_the_settings_screen_sets_the_cue_volume_alone(app, tmp_path):
    from craits.ui.menus.settings import SettingsScene
    from craits.ui.widgets import Slider

    scene = SettingsScene(app)
    app.scenes.push(scene)
    slider = next(c for c in scene.controls
                  if isinstance(c, Slider) and c.label == i18n.t("cue.volume"))
    assert scene.region.explanation(slider) == i18n.t("cue.explain")  # said after it, too
    before = app.audio.volume
    slider.set_value(0.3)
    assert app.settings.cue_volume == 0.3 and app.audio.cue_volume == 0.3
    assert app.settings.volume == before == app.audio.volume
    app.scenes.pop()  # leaving the screen writes the settings
    loaded, _ = SettingsStore(tmp_path).load()
    assert loaded.cue_volume == 0.3


def test_the_app_starts_with_the_stored_cue_volume(tmp_path, monkeypatch):
    from craits.ui.app import App

    SettingsStore(tmp_path).save(Settings(cue_volume=0.2))
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    app = App(size=(960, 600), speed="fast", bot_mode="inline", language="en")
    try:
        assert app.audio.cue_volume == 0.2
    finally:
        app.shutdown()
