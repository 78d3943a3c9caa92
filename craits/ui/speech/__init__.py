"""Speech for players who play by ear: a ``Speaker`` that sends what the game says to the
player's screen reader or the system's speech (``live``), to a transcript file
(``CRAITS_SPEECH_LOG``, ``recording``), and keeps the last messages to be heard again
(``speaker``); ``words`` says cards and suits in words instead of symbols; ``policy`` decides
at the table what cuts in, what waits and what is dropped. ``follow`` keeps
speech on or off as the player chose, else on while a screen reader runs; ``screen`` is a
screen's speech (its title and focused control as it opens, then each control as the focus
reaches it); ``review_speech`` says the review's steps and verdicts."""

from craits.ui.speech.speaker import HISTORY, VERBOSITY, Speaker, speaker_for

__all__ = ["HISTORY", "VERBOSITY", "Speaker", "speaker_for"]
