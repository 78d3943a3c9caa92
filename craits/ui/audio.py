"""Sound effects and cues: load every bundled WAV once, play them by name, and stay silent
without a device.

Cues (``cue_*.wav``: your turn, a card refused, someone at one card, a call against you) must be
heard at once: they have their own volume and their own reserved mixer channels, so a flood of
card effects never takes a cue's channel. Mute silences both.

The game must never fail because of sound: no audio device, a missing file or an unknown name all
leave the game running silently (each problem is logged once).
"""

from __future__ import annotations

import logging
import math
from pathlib import Path

import pygame

from craits.resources import resource_path

log = logging.getLogger(__name__)

MIXER_FREQUENCY = 44100
MIXER_BUFFER = 512  # small buffer: a card snap must land with the animation, not 50 ms after
MIXER_CHANNELS = 16  # a fast deal overlaps many snaps
CUE_CHANNELS = 2  # reserved for cues (the first channels): two cues may overlap, e.g. one card
# and then your turn; effects pick among the others
CUE_PREFIX = "cue_"


class Audio:
    """The game's sound effects; `available` is False when running silently."""

    def __init__(
        self,
        sounds_dir: Path | None = None,
        volume: float = 0.8,
        muted: bool = False,
        cue_volume: float = 0.8,
    ) -> None:
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._cues: dict[str, pygame.mixer.Sound] = {}
        self._warned: set[str] = set()
        self._volume = _checked_volume(volume)
        self._cue_volume = _checked_volume(cue_volume)
        self._muted = bool(muted)
        self._next_cue_channel = 0
        self.available = self._init_mixer()
        if self.available:
            self._load_all(Path(sounds_dir) if sounds_dir else resource_path("assets", "sounds"))
            self._apply_volume()

    @property
    def names(self) -> tuple[str, ...]:
        """Names of the loaded effects (file names without .wav), sorted; cues are not here."""
        return tuple(sorted(self._sounds))

    @property
    def cue_names(self) -> tuple[str, ...]:
        """Names of the loaded cues (``cue_turn``...), sorted."""
        return tuple(sorted(self._cues))

    @property
    def cue_volume(self) -> float:
        return self._cue_volume

    @property
    def volume(self) -> float:
        return self._volume

    @property
    def muted(self) -> bool:
        return self._muted

    def play(self, name: str) -> bool:
        """Start sound `name`; True if it started. Never raises."""
        if self._muted or self._volume == 0.0 or not self.available:
            return False
        sound = self._sounds.get(name)
        if sound is None:
            self._warn_once(name, "no sound named %r", name)
            return False
        try:
            return sound.play() is not None
        except pygame.error as error:  # e.g. the device went away mid-game
            self._warn_once(name, "could not play %r: %s", name, error)
            return False

    def play_cue(self, name: str) -> bool:
        """Start cue ``name`` (e.g. ``cue_turn``) on a reserved channel; True if it started.
        A free cue channel is taken, else the one used longest ago. Never raises."""
        if self._muted or self._cue_volume == 0.0 or not self.available:
            return False
        sound = self._cues.get(name)
        if sound is None:
            self._warn_once(name, "no cue named %r", name)
            return False
        try:
            channels = [pygame.mixer.Channel(i) for i in range(CUE_CHANNELS)]
            free = next((c for c in channels if not c.get_busy()), None)
            if free is None:
                free = channels[self._next_cue_channel]
                self._next_cue_channel = (self._next_cue_channel + 1) % CUE_CHANNELS
            free.play(sound)
        except pygame.error as error:
            self._warn_once(name, "could not play %r: %s", name, error)
            return False
        return True

    def set_volume(self, volume: float) -> None:
        """Set the effects volume, 0 (silent) to 1 (full)."""
        self._volume = _checked_volume(volume)
        self._apply_volume()

    def set_cue_volume(self, volume: float) -> None:
        """Set the cues' volume, 0 (silent) to 1 (full); the effects keep theirs."""
        self._cue_volume = _checked_volume(volume)
        self._apply_volume()

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute; muting also stops the effects already playing."""
        self._muted = bool(muted)
        if self._muted:
            for sound in (*self._sounds.values(), *self._cues.values()):
                sound.stop()

    def _init_mixer(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=MIXER_FREQUENCY, size=-16, channels=2,
                                 buffer=MIXER_BUFFER)
            pygame.mixer.set_num_channels(MIXER_CHANNELS)
            pygame.mixer.set_reserved(CUE_CHANNELS)
        except pygame.error as error:
            log.info("no audio device, sound is off: %s", error)
            return False
        return True

    def _load_all(self, sounds_dir: Path) -> None:
        for path in sorted(sounds_dir.glob("*.wav")):
            loaded = self._cues if path.stem.startswith(CUE_PREFIX) else self._sounds
            try:
                loaded[path.stem] = pygame.mixer.Sound(path)
            except (pygame.error, OSError) as error:
                log.warning("could not load sound %s: %s", path, error)
        if not self._sounds:
            log.warning("no sounds found in %s", sounds_dir)

    def _apply_volume(self) -> None:
        for sound in self._sounds.values():
            sound.set_volume(self._volume)
        for cue in self._cues.values():
            cue.set_volume(self._cue_volume)

    def _warn_once(self, key: str, message: str, *args: object) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log.warning(message, *args)


def _checked_volume(volume: float) -> float:
    """Clamp to 0..1; reject what is not a number at all."""
    if isinstance(volume, bool) or not isinstance(volume, int | float) or math.isnan(volume):
        raise ValueError(f"volume must be a number from 0 to 1, got {volume!r}")
    return min(1.0, max(0.0, float(volume)))
