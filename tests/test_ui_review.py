"""The round review on screen: stepping forwards and back shows each replayed step exactly, the
analysis shows progress and can be cancelled, a record exported from the review opens again,
past games open their review, and the scoreboard, statistics and settings lead there."""

from __future__ import annotations

import json
from dataclasses import replace

import pygame
import pytest
from test_review_replay import play

from craits import i18n
from craits.persistence import Settings, Statistics
from craits.persistence.archive import GameArchive
from craits.review import Replay
from craits.review.analysis import choices
from craits.review.thinking import level_profile
from craits.ui import widgets
from craits.ui.cards.art import CardArt
from craits.ui.dialogs.message import MessageScene
from craits.ui.menus.past_games import PastGamesScene
from craits.ui.menus.settings import SettingsScene
from craits.ui.menus.statistics import StatisticsScene
from craits.ui.review.open_record import OpenRecordScene
from craits.ui.review.scene import ReviewScene
from craits.ui.scene import SceneStack
from craits.ui.screens import AppScreens
from craits.ui.table.match import last_round_end
from craits.ui.table.scoreboard import SETTLE, ScoreboardScene
from craits.work import Job, Workbench, inline_job

EXPERT = level_profile("expert")
QUICK = replace(EXPERT, search=replace(EXPERT.search, iterations=40))
FAST = {"profile": QUICK, "make_runner": inline_job}


class Audio:
    def play(self, name: str) -> None:
        pass


class App:
    """What scenes use of the app."""

    def __init__(self, size=(1280, 800)) -> None:
        self.size = size
        self.scenes = SceneStack()
        self.settings = Settings()
        self.statistics = Statistics()
        self.card_art = CARD_ART
        self.audio = Audio()
        self.notices: list = []
        self.keys_down: set[int] = set()
        self.calls: list[str] = []
        self.screens = AppScreens(self)
        self.workbench = Workbench()  # its workers start only if a test gives them work

    def apply_settings(self) -> None:
        self.calls.append("apply_settings")

    def save_settings(self) -> None:
        self.calls.append("save_settings")

    def save_statistics(self) -> None:
        self.calls.append("save_statistics")


CARD_ART: CardArt


@pytest.fixture(scope="module", autouse=True)
def display():
    global CARD_ART
    pygame.init()
    pygame.display.set_mode((1280, 800))
    CARD_ART = CardArt()
    yield
    widgets.set_click_sound(None)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    i18n.set_language("en")
    yield tmp_path
    i18n.set_language("en")


@pytest.fixture(scope="module")
def session():
    return play(3, ("human", "easy", "medium"))


def key(scene, k: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def click(scene, widget) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle(pygame.event.Event(kind, button=1, pos=widget.rect.center))


def shown(scene: ReviewScene) -> dict:
    """What the board shows, in the terms of the engine's state."""
    m = scene.board.model
    return {"hands": [sorted(s.code for s in hand) for hand in m.hands],
            "top": m.discard[-1].code if m.discard else None, "pile": m.draw_count,
            "totals": list(m.totals), "crank": m.crank, "direction": m.direction,
            "faces": all(s.face_up for hand in m.hands for s in hand)}


def expected(replay: Replay, number: int, seat: int = 0) -> dict:
    """The step's position; at a choice of the reviewed ``seat``, the one it was made in."""
    step = replay.steps[number]
    state, totals = step.state, step.totals
    if step.player == seat and step.is_turn and not step.is_deal:
        state, totals = replay.before(number), replay.steps[number - 1].totals
    return {"hands": [sorted(h) for h in state.hands], "top": state.discard[-1],
            "pile": len(state.draw_pile), "totals": list(totals), "crank": state.crank,
            "direction": state.direction, "faces": True}


def test_stepping_forwards_and_back_shows_each_step_exactly(session):
    replay = Replay(session)
    app = App()
    scene = ReviewScene(app, replay, round_index=1, analyse=False)
    app.scenes.push(scene)
    first = replay.rounds[1].first
    assert scene.number == first and shown(scene) == expected(replay, first)
    seen = [scene.number]
    for _ in range(12):
        key(scene, pygame.K_RIGHT)
        seen.append(scene.number)
        assert shown(scene) == expected(replay, scene.number)
    assert seen == list(range(first, first + 13))
    for _ in range(5):
        key(scene, pygame.K_LEFT)
        assert shown(scene) == expected(replay, scene.number)
    assert scene.number == first + 7
    key(scene, pygame.K_END)
    assert scene.number == replay.rounds[1].last and scene.step.state.is_over()
    key(scene, pygame.K_RIGHT)  # on into the next round's deal
    assert scene.number == replay.rounds[2].first and scene.round == 2
    key(scene, pygame.K_PAGEUP)
    key(scene, pygame.K_HOME)
    assert scene.number == replay.rounds[1].first
    click(scene, scene.next_button)
    assert scene.number == first + 1
    click(scene, scene.back_button)
    assert scene.number == first
    key(scene, pygame.K_DOWN)  # to the reviewed player's next turn
    turn = replay.steps[scene.number]
    assert turn.player == 0 and turn.is_turn and scene.number > first
    assert all(not (s.player == 0 and s.is_turn) for s in replay.steps[first:scene.number])
    key(scene, pygame.K_UP)
    assert scene.number < turn.number
    key(scene, pygame.K_HOME)
    # A turn with one legal move says so; another player's step says nothing above the hand.
    forced = next(s.number for s in replay.steps if s.player == 0 and s.is_turn
                  and len(replay.view_before(s.number, 0).legal) == 1)
    scene.go(forced)
    assert [text for text, _ in scene.lines()][1:] == [i18n.t("review.only_move")]
    other = next(s.number for s in replay.steps if s.player == 1 and s.is_turn)
    scene.go(other)
    assert scene.lines() == []
    surface = pygame.Surface(app.size)
    scene.update(0.03)
    scene.draw(surface)
    assert scene.board.log(), "the log beside the table"
    key(scene, pygame.K_ESCAPE)
    assert len(app.scenes) == 0


def test_the_analysis_shows_progress_can_be_cancelled_and_started_again(session):
    replay = Replay(session)
    index = next(r.index for r in replay.rounds if len(choices(replay, 0, r.index)) >= 3)
    app = App()
    scene = ReviewScene(app, replay, round_index=index, **FAST)
    app.scenes.push(scene)
    # Each choice to judge and each chance event (the deal, every draw) to value.
    total = len(choices(replay, 0, index)) + len(scene.analysis.scan.chances)
    assert scene.analysis.scan.done and len(scene.analysis.scan.chances) > 1
    assert scene.analysis.progress == (0, total) and scene.running
    scene.update(0.03)
    scene.update(0.03)
    assert scene.analysis.progress == (1, total)
    assert scene.status()[0] == i18n.t("review.analysing", done=1, total=total)
    assert scene.cancel_button.visible and not scene.analyse_button.visible
    key(scene, pygame.K_c)
    assert scene.analysis.cancelled and scene.runner is None
    scene.update(0.03)
    assert scene.status()[0] == i18n.t("review.cancelled")
    assert scene.analyse_button.visible and not scene.cancel_button.visible
    click(scene, scene.analyse_button)  # started again, from the start
    assert scene.analysis.progress == (0, total) and scene.runner is not None
    for _ in range(3 * total):
        scene.update(0.03)
    result = scene.analysis.result
    assert result is not None and result.choices + len(result.jumps) == total
    assert scene.status()[0] == result.summary.text(i18n.t, card=i18n.card_name,
                                                    suit=i18n.suit_name)
    # At each choice: what was chosen and the expert's verdict, in words.
    verdict = result.verdicts[0]
    scene.go(verdict.number)
    lines = [text for text, _ in scene.lines()]
    assert lines[0].startswith(i18n.t("review.your_choice"))
    assert lines[1] == verdict.message.text(i18n.t, card=i18n.card_name, suit=i18n.suit_name)
    differing = next((v for v in result.verdicts if v.differs), None)
    if differing is not None and hasattr(differing.expert, "card"):
        scene.go(differing.number)
        glowing = [s.code for s in scene.board.model.hands[0] if s.highlight]
        assert glowing == [differing.expert.card]
    scene.draw(pygame.Surface(app.size))
    # Leaving the review stops its helper.
    key(scene, pygame.K_ESCAPE)
    assert scene.runner is None


def test_the_analysis_runs_in_a_helper_process_without_holding_up_frames(session):
    import time

    replay = Replay(session)
    index = next(r.index for r in replay.rounds if len(choices(replay, 0, r.index)) >= 2)
    app = App()
    scene = ReviewScene(app, replay, round_index=index, profile=QUICK)
    app.scenes.push(scene)
    try:
        assert isinstance(scene.runner, Job) and not scene.runner.bench.inline
        worst = 0.0
        deadline = time.monotonic() + 60
        while scene.running and time.monotonic() < deadline:
            start = time.perf_counter()
            scene.update(0.016)
            worst = max(worst, time.perf_counter() - start)
            time.sleep(0.005)
        assert scene.analysis.result is not None
        assert worst < 0.25  # a frame never waits for a choice to be judged
    finally:
        scene.cancel()
        app.workbench.close()


def test_export_then_open_gives_the_same_game_at_the_same_step(session, home):
    replay = Replay(session)
    app = App()
    scene = ReviewScene(app, replay, round_index=2, analyse=False)
    app.scenes.push(scene)
    for _ in range(6):
        key(scene, pygame.K_RIGHT)
    number = scene.number
    key(scene, pygame.K_e)
    message = app.scenes.top
    assert isinstance(message, MessageScene)
    files = list((home / "records").glob("*.json"))
    assert len(files) == 1 and str(files[0]) in message.body
    message.choose(0)
    assert app.scenes.top is scene
    # Open it again from the past games screen: the file is offered, Enter opens it.
    past = PastGamesScene(app, GameArchive(home), analyse=False)
    app.scenes.push(past)
    click(past, past.open_button)
    dialog = app.scenes.top
    assert isinstance(dialog, OpenRecordScene) and dialog.field.text == str(files[0])
    key(dialog, pygame.K_RETURN)
    reopened = app.scenes.top
    assert isinstance(reopened, ReviewScene) and reopened is not scene
    assert reopened.number == number
    assert len(reopened.replay.steps) == len(replay.steps)
    assert shown(reopened) == shown(scene) == expected(replay, number)


def test_a_file_that_is_not_a_record_is_refused_in_the_box(home):
    app = App()
    bad = home / "not-a-record.json"
    bad.write_text(json.dumps({"format": "something"}), encoding="utf-8")
    dialog = OpenRecordScene(app, str(bad))
    results = []
    app.scenes.push(dialog, results.append)
    key(dialog, pygame.K_RETURN)
    assert app.scenes.top is dialog and results == []
    assert dialog.error.startswith(i18n.t("review.open_failed", error="")[:20])
    dialog.draw(pygame.Surface(app.size))
    key(dialog, pygame.K_ESCAPE)
    assert results == [None]


def test_past_games_list_the_kept_games_and_open_their_review(home):
    archive = GameArchive(home)
    sessions = [play(seed, ("human", "easy")) for seed in (1, 2)]
    for s in sessions:
        archive.keep(s)
    app = App()
    scene = PastGamesScene(app, archive, analyse=False)
    app.scenes.push(scene)
    assert len(scene.rows) == 2
    scene.draw(pygame.Surface(app.size))
    key(scene, pygame.K_RETURN)  # the first row has the focus
    review = app.scenes.top
    assert isinstance(review, ReviewScene) and review.number == 0
    games, _ = archive.games()
    assert review.replay.save["actions"] == archive.record(games[0])["actions"]
    key(review, pygame.K_ESCAPE)
    assert app.scenes.top is scene


def test_a_damaged_past_game_is_set_aside_and_the_player_told(home):
    archive = GameArchive(home)
    archive.keep(play(1, ("human", "easy")))
    path = next(archive.folder.glob("game-*.json"))
    record = json.loads(path.read_text(encoding="utf-8"))
    record["actions"][3] = {"player": 0, "play": "AS"}  # does not replay
    path.write_text(json.dumps(record), encoding="utf-8")
    app = App()
    scene = PastGamesScene(app, archive)
    app.scenes.push(scene)
    click(scene, scene.rows[0])
    scene.update(0.03)
    assert isinstance(app.scenes.top, MessageScene)
    assert list(archive.folder.glob("*.bad.json")) and scene.rows == []


def test_the_scoreboard_reviews_the_round_and_changes_nothing(home):
    session = play(6, ("human", "medium"))
    before = json.dumps(session.to_save())
    app = App()
    board = ScoreboardScene(app, session, last_round_end(session.events))
    app.scenes.push(board)
    board.update(SETTLE)  # the board takes keys once it has been seen for a moment
    key(board, pygame.K_r)
    review = app.scenes.top
    assert isinstance(review, ReviewScene)
    assert review.round == session.match.round_index and review.step.is_deal
    assert review.replay.session.match.rounds == session.match.rounds  # "Round 1 of 8"
    review.auto_analyse = False
    review.cancel()
    key(review, pygame.K_END)
    assert shown(review)["totals"] == list(session.match.totals)
    click(review, review.close_button)
    assert app.scenes.top is board
    assert json.dumps(session.to_save()) == before
    assert app.statistics == Statistics() and list(home.iterdir()) == []


def test_statistics_show_games_won_without_hints_and_lead_to_past_games():
    app = App()
    stats = app.statistics
    stats.note_hint("ab")
    stats.record_game(["human", "hard"], [10, 20], hints=1)
    stats.record_game(["human", "hard"], [10, 20], hints=0)
    scene = StatisticsScene(app)
    app.scenes.push(scene)
    rows = dict(scene.table_rows())
    assert rows[i18n.t("undo.won_without_help")][0] == "1"
    assert rows[i18n.t("stats.games_won")][0] == "2"
    assert dict(scene.record_rows())[i18n.t("stats.hints_used")] == "1"
    click(scene, scene.past_button)
    assert isinstance(app.scenes.top, PastGamesScene)


def test_the_coaching_switch_turns_notes_off_and_on_again_from_the_start():
    app = App()
    app.settings = replace(app.settings, coach={"shown": ["four_skip"], "games": 2,
                                                "enabled": True})
    scene = SettingsScene(app)
    app.scenes.push(scene)
    switch = next(c for c in scene.controls if getattr(c, "label", None) == i18n.t(
        "settings.coaching"))
    assert switch.value is True
    scene.region.ensure_visible(switch)  # the list scrolls: bring the switch into view
    click(scene, switch)
    assert app.settings.coaching is False and app.settings.coach["enabled"] is False
    assert app.settings.coach["shown"] == ["four_skip"] and "save_settings" in app.calls
    click(scene, switch)
    assert app.settings.coaching is True
    assert app.settings.coach == {"shown": [], "games": 0, "enabled": True}


@pytest.mark.parametrize("language", [code for code, _ in i18n.available_languages()])
def test_the_review_and_past_games_draw_in_every_language(session, home, language):
    i18n.set_language(language)
    archive = GameArchive(home)
    archive.keep(session)
    for size in ((960, 600), (1600, 1000)):
        app = App(size)
        review = ReviewScene(app, Replay(session), round_index=0, **FAST)
        app.scenes.push(review)
        review.update(0.03)
        review.draw(pygame.Surface(size))
        review.cancel()
        past = PastGamesScene(app, archive)
        app.scenes.push(past)
        past.draw(pygame.Surface(size))
        dialog = OpenRecordScene(app)
        app.scenes.push(dialog)
        dialog.draw(pygame.Surface(size))


def test_a_choice_judged_shows_its_verdict_before_the_rest_of_the_round(session):
    replay = Replay(session)
    index = next(r.index for r in replay.rounds if len(choices(replay, 0, r.index)) >= 3)
    app = App()
    scene = ReviewScene(app, replay, round_index=index, **FAST)
    app.scenes.push(scene)
    first = choices(replay, 0, index)[0]
    scene.go(first)
    assert scene.verdict() is None
    scene.update(0.03)
    scene.update(0.03)  # one choice judged of several
    assert scene.running and scene.analysis.progress[0] == 1
    verdict = scene.verdict()
    assert verdict is not None and verdict.number == first
    lines = [text for text, _ in scene.lines()]
    assert lines[1] == verdict.message.text(i18n.t, card=i18n.card_name, suit=i18n.suit_name)
    scene.cancel()
    assert scene.verdict() is None  # a cancelled analysis shows nothing half-done


def test_the_board_s_ring_and_pulses_hold_still_after_a_quiet_while(session):
    """Left alone, the review's board stops moving (the app's loop may rest); a key wakes it."""
    from craits.ui.tabletop.painter import SETTLE

    scene = ReviewScene(App(), Replay(session), round_index=1, analyse=False)
    for _ in range(round((SETTLE + 1) * 30)):
        scene.update(1 / 30)
    held = scene.clock
    scene.update(1 / 30)
    assert scene.clock == held
    key(scene, pygame.K_RIGHT)
    scene.update(1 / 30)
    assert scene.clock > held
