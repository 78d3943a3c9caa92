"""Audio plays the bundled effects, honours volume and mute, and never fails without a device."""

from __future__ import annotations

import logging

import pygame
import pytest

from craits.ui.audio import Audio

REQUIRED = {"deal", "play", "draw", "shuffle", "crank", "last_card", "idiot", "round_won",
            "round_lost", "click", "flip"}


@pytest.fixture
def real_mixer():
    """The real mixer on SDL's dummy audio driver (set by conftest)."""
    try:
        pygame.mixer.init()
    except pygame.error as error:
        pytest.skip(f"dummy audio driver unavailable: {error}")
    yield pygame.mixer
    pygame.mixer.quit()


@pytest.fixture
def no_device(monkeypatch):
    """Make the mixer behave as on a machine with no sound card."""
    def refuse(*args, **kwargs):
        raise pygame.error("Couldn't open audio device: No such file or directory")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)


def test_loads_every_sound_and_plays_by_name(real_mixer):
    audio = Audio()
    assert audio.available
    assert REQUIRED <= set(audio.names)
    assert audio.play("deal") is True


def test_unknown_name_is_ignored_and_logged_once(real_mixer, caplog):
    audio = Audio()
    with caplog.at_level(logging.WARNING, logger="craits.ui.audio"):
        assert audio.play("trumpet") is False
        assert audio.play("trumpet") is False
    assert sum("trumpet" in r.getMessage() for r in caplog.records) == 1


def test_volume_reaches_every_sound_and_is_clamped(real_mixer):
    audio = Audio(volume=0.5)
    sounds = audio._sounds.values()
    assert all(abs(s.get_volume() - 0.5) < 0.01 for s in sounds)
    audio.set_volume(0.25)
    assert audio.volume == 0.25
    assert all(abs(s.get_volume() - 0.25) < 0.01 for s in sounds)
    audio.set_volume(3)
    assert audio.volume == 1.0
    audio.set_volume(-1)
    assert audio.volume == 0.0
    assert audio.play("deal") is False  # silent at volume zero


@pytest.mark.parametrize("bad", ["loud", None, float("nan"), True])
def test_volume_must_be_a_number(real_mixer, bad):
    audio = Audio()
    with pytest.raises(ValueError):
        audio.set_volume(bad)


def test_mute_silences_and_unmute_restores(real_mixer):
    audio = Audio()
    audio.set_muted(True)
    assert audio.muted
    assert audio.play("click") is False
    audio.set_muted(False)
    assert audio.play("click") is True
    assert Audio(muted=True).play("click") is False


def test_runs_silently_without_an_audio_device(no_device, caplog):
    with caplog.at_level(logging.INFO, logger="craits.ui.audio"):
        audio = Audio()
    assert audio.available is False
    assert audio.names == ()
    assert audio.play("deal") is False
    audio.set_volume(0.3)
    audio.set_muted(True)
    audio.set_muted(False)
    assert audio.volume == 0.3
    assert any("no audio device" in r.getMessage() for r in caplog.records)


def test_a_failing_play_does_not_raise(real_mixer):
    class BrokenSound:
        def play(self):
            raise pygame.error("device lost")

    audio = Audio()
    audio._sounds["deal"] = BrokenSound()
    assert audio.play("deal") is False


def test_missing_sounds_folder_leaves_the_game_silent(real_mixer, tmp_path):
    audio = Audio(sounds_dir=tmp_path)
    assert audio.names == ()
    assert audio.play("deal") is False
