"""Whether the game speaks: the player's choice, else whether a screen reader runs.

Until the player turns speech on or off themselves (``Settings.speech_chosen``), the speech
setting follows the screen reader: the speaker's backend is looked for at start, on its own
thread, and when it turns out to be a screen reader speech is turned on and the screen on top
says what it is. Switching the setting makes it the player's choice from then on.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from craits.persistence import Settings
from craits.ui.speech.speaker import Speaker, speaker_for, wanted


class SpeechSwitch:
    """The app's speaker, kept switched as the settings and the screen reader say."""

    def __init__(self, settings: Settings, tell: Callable[[], None]) -> None:
        if not settings.speech_chosen:  # what an earlier run found is not a choice
            settings = dataclasses.replace(settings, speech=False)
        self.settings = settings  # as the app starts with them
        self.speaker: Speaker = speaker_for(settings.speech, settings.speech_verbosity, tell)
        self._applied = settings.speech
        self._waiting = not settings.speech_chosen  # for the screen reader's answer
        if self._waiting:
            self.speaker.look_for_reader()

    def poll(self, settings: Settings) -> Settings | None:
        """Each frame: the settings with speech turned on once a screen reader is found and
        the player has not chosen; None when nothing changes."""
        if not self._waiting:
            return None
        found = self.speaker.screen_reader()
        if found is None:
            return None
        self._waiting = False
        if not found or settings.speech_chosen or settings.speech:
            return None
        settings = dataclasses.replace(settings, speech=True)
        self._applied = True
        self._configure(settings)
        return settings

    def apply(self, settings: Settings) -> Settings:
        """After the settings changed: speech switched is the player's choice from now on;
        the speaker follows. Returns the settings to keep."""
        if settings.speech != self._applied:
            settings = dataclasses.replace(settings, speech_chosen=True)
            self._waiting = False
        self._applied = settings.speech
        self._configure(settings)
        return settings

    def _configure(self, settings: Settings) -> None:
        self.speaker.configure(wanted(settings.speech), settings.speech_verbosity)
