"""The measure of the table's speech: a human seat played from the keyboard (keys posted as
events to the app on the dummy driver) through whole rounds against three computer players,
the transcript timed in the app's own seconds, and a modelled listener at 350 words a minute
who waits until speech is silent before pressing a key, as a player by ear does. At least
95 % of the turn messages and 90 % of the player's own plays and draws are heard in full.

Measured here (seed 8, two rounds): before the speech policy 19 % of 36 turn messages and 16 %
of 44 own plays and draws; with it 100 % of each. Against three medium players: 25 % of 48
and 10 % of 58 before, 100 % of each with it."""

from __future__ import annotations

import random

import pygame
import pytest
from app_driver import make_app, post_key
from transcript_tail import TranscriptTail

from craits import i18n
from craits.config.levels import make_bot
from craits.engine import Announce, Call, ChooseSuit, Draw, Pass, Play
from craits.ui.dialogs.suit_dialog import SuitDialog
from craits.ui.speech import speaker as speaker_module
from craits.ui.speech import transcript as transcript_file
from craits.ui.speech.backends import RecordingBackend
from craits.ui.table.scene import TableScene
from craits.ui.table.scoreboard import ScoreboardScene

DT = 1 / 20
REACTION = 0.4  # seconds a listener takes to press a key once speech is silent
ROUNDS = 2


class Listener:
    """Plays the human seat by keys, one key once speech has gone silent (as modelled)."""

    def __init__(self, app, path, clock: list[float]) -> None:
        self.app, self.transcript, self.clock = app, TranscriptTail(path), clock
        self.now = 0.0
        self.bot = make_bot("easy")
        self.rng = random.Random(3)
        self.keys_after = 0.0  # no key before this time (the last key's answer is heard)

    def step(self) -> None:
        self.app.step(DT)
        self.now += DT
        self.clock[0] = self.now

    def silent(self) -> bool:
        return self.now >= transcript_file.silent_at(self.transcript.read()) + REACTION

    def key(self, key: int, mod: int = 0) -> None:
        post_key(key, mod=mod)
        self.step()
        self.keys_after = self.now + REACTION

    def act(self) -> None:
        top = self.app.scenes.top
        if self.now < self.keys_after or not self.silent():
            return
        if isinstance(top, SuitDialog):
            self.key(pygame.K_1)
        elif type(top).__name__ == "CutScene":
            self.key(pygame.K_RETURN)
        elif isinstance(top, TableScene):
            self.at_table(top)

    def at_table(self, table: TableScene) -> None:
        viewer = table.match.viewer
        if viewer is None or table.chor.busy:
            return
        view = table.session.view(viewer)
        if not table.match.my_turn():
            if view.can_announce and view.window == view.seat:
                self.key(pygame.K_l)
            return
        action = self.bot.choose(view, table.session.round_history(viewer), self.rng)
        if isinstance(action, Play):
            hand = table.hand
            for _ in range(30):  # the arrows to the card; each says it, the last is heard
                codes = [s.code for s in hand.hand()]
                if hand.keyboard and hand.focus is not None and codes[hand.focus] == action.card:
                    break
                post_key(pygame.K_RIGHT)
                self.step()
            self.key(pygame.K_RETURN, pygame.KMOD_SHIFT if len(view.hand) == 2 else 0)
        elif isinstance(action, Draw):
            self.key(pygame.K_d)
        elif isinstance(action, Pass):
            self.key(pygame.K_p)
        elif isinstance(action, Announce):
            self.key(pygame.K_l)
        elif isinstance(action, Call):
            self.key(pygame.K_i)
        elif isinstance(action, ChooseSuit):
            self.key(pygame.K_1)


def turn_message(text: str) -> bool:
    return text.startswith(i18n.t("speech.your_turn"))


def own_move(text: str) -> bool:
    """The player's own play or draw, as the log says it."""
    said = (i18n.t("event_you.card_played", card=""), i18n.t("event.you_drew", card=""),
            i18n.t("event.you_drew_many", cards=""), i18n.t("event.you_drew_forced", card=""))
    return text.startswith(tuple(s.strip() for s in said))


@pytest.fixture
def timed_transcript(tmp_path, monkeypatch):
    """The transcript's times in the app's own seconds (the listener's clock)."""
    path = tmp_path / "speech.txt"
    clock = [0.0]
    monkeypatch.setattr(speaker_module, "_shared", None)
    monkeypatch.setattr(speaker_module, "_backends",
                        lambda: [RecordingBackend(path, clock=lambda: clock[0])])
    monkeypatch.setenv("CRAITS_SPEECH", "1")
    return path, clock


def test_a_player_by_ear_hears_the_turns_and_their_own_moves_in_full(
        tmp_path, monkeypatch, timed_transcript):
    path, clock = timed_transcript
    app = make_app(tmp_path / "home", monkeypatch, size=(1280, 800), speed="normal")
    try:
        app.new_game(app.seats_for(["human", "easy", "easy", "easy"]), None, 8)
        listener = Listener(app, path, clock)
        rounds = 0
        while rounds < ROUNDS:
            assert listener.now < 900, "the rounds did not end"
            top = app.scenes.top
            if isinstance(top, ScoreboardScene):
                rounds += 1
                while isinstance(app.scenes.top, ScoreboardScene) and rounds < ROUNDS:
                    if listener.silent():
                        listener.key(pygame.K_RETURN)
                    listener.step()
                continue
            listener.act()
            listener.step()
        said = transcript_file.read(path)
        turns = sum(1 for u in said if turn_message(u.text))
        moves = sum(1 for u in said if own_move(u.text))
        turn_share = transcript_file.heard_share(said, turn_message)
        move_share = transcript_file.heard_share(said, own_move)
        print(f"turn messages heard in full: {turn_share:.0%} of {turns}; "
              f"own plays and draws: {move_share:.0%} of {moves}")
        assert turns >= 10 and moves >= 10
        assert turn_share >= 0.95
        assert move_share >= 0.90
    finally:
        app.shutdown()
