"""The last screens by ear, through a speaker that keeps what it was given: the F1 controls
list (its title, then row by row with the keys in words), the cut, the pass-and-play hand-off,
the game-over screen, the open-record box, and the past games' and puzzles' rows, in English
and another language, in words (no stars, ticks, arrows, signs or card symbols)."""

from __future__ import annotations

import os
import re
from datetime import datetime
from types import SimpleNamespace

import pygame
import pytest
from test_review_replay import play
from test_speech_review import App

from craits import i18n
from craits.engine import events as ev
from craits.persistence.archive import GameArchive
from craits.persistence.puzzles import Puzzle
from craits.review.luck import Split
from craits.review.record import export_record, write_record
from craits.ui import widgets
from craits.ui.controls_list import CONTROLS
from craits.ui.menus.past_games import PastGamesScene
from craits.ui.review.open_record import OpenRecordScene
from craits.ui.review.path_field import spoken_path
from craits.ui.review.record_list import RecordList
from craits.ui.speech import transcript as transcript_file
from craits.ui.speech.symbols import in_words, keys_in_words, sign
from craits.ui.speech.words import spoken
from craits.ui.table.controls_help import ControlsScene
from craits.ui.table.cut import CutScene
from craits.ui.table.game_over import GameOverScene
from craits.ui.table.handoff import HandoffScene

# What must never be heard as a sign: stars, ticks, arrows, the plus of key combinations, card
# suits, brackets and question marks of key names, ISO dates, signed numbers.
SIGNS = re.compile(r"[★☆✓✔←→↑↓±−♠♥♦♣\[\]]|\w\+\w|\d{4}-\d\d-\d\d")
BASE = 1_790_000_000  # a time in 2026, in seconds


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((1280, 800))
    yield
    widgets.set_click_sound(None)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    yield tmp_path
    i18n.set_language("en")


def opened(scene, app: App) -> list[str]:
    """Push ``scene`` and let it speak; what it said."""
    app.scenes.push(scene)
    scene.update(0.03)
    return list(app.ear.said)


def press(scene, app: App, key: int) -> str:
    before = len(app.ear.said)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    scene.update(0.03)
    said = app.ear.said[before:]
    assert len(said) == 1, said
    return said[0]


def assert_in_words(texts: list[str]) -> None:
    for text in texts:
        assert not SIGNS.search(text), text


# ---- words for signs and keys


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_row_of_the_controls_list_is_said_in_words(language):
    i18n.set_language(language)
    for keys, does in CONTROLS:
        shown = i18n.t(keys) if keys.startswith("controls.") else keys
        said = keys_in_words(shown)
        assert said and not re.search(r"[←→?+\[\]]", said), (language, shown, said)
        assert_in_words([in_words(i18n.t(does))])
    assert "?" not in keys_in_words(i18n.t("controls.close_hint"))


def test_keys_signs_and_dates_are_said_in_words():
    assert keys_in_words("Shift + click, Shift+Enter") == "Shift plus click, Shift plus Enter"
    assert keys_in_words("← → or Tab") == "Left arrow, right arrow or Tab"
    assert keys_in_words("[, ]") == "Left bracket, right bracket"
    assert keys_in_words("U, Ctrl+Z") == "U, Control plus Z"
    assert keys_in_words("F1 or ?") == "F1 or question mark"
    assert in_words("Luck −12, choices +7") == "Luck minus 12, choices plus 7"
    assert in_words("scored 131 ± 6") == "scored 131 plus or minus 6"
    assert in_words("2026-11-30 14:50 · Ada") == "November 30, 2026, 14:50 · Ada"
    assert in_words("rounds 2-5, 2026-13-40") == "rounds 2-5, 2026-13-40"  # not a date
    assert in_words("Is it? Yes [1]") == "Is it? Yes [1]"  # punctuation stays
    i18n.set_language("cs")
    assert keys_in_words("Shift + klik") == "Shift plus klik"
    assert in_words("2026-11-30 · −3") == "30. listopadu 2026 · mínus 3"
    i18n.set_language("es")
    assert keys_in_words("Mayús + Intro, Esc") == "Mayús más Intro, Escape"


# ---- the controls list


def test_the_controls_list_says_its_title_then_each_row_as_the_arrows_reach_it():
    app = App()
    app.speech.configure(True, "brief")
    scene = ControlsScene(app)
    said = opened(scene, app)
    assert said == [f"{i18n.t('controls.title')}. {i18n.t('speech_more.controls_hint')}"]
    count = len(CONTROLS)
    assert press(scene, app, pygame.K_DOWN) == (  # the keys first, the mouse later
        f"Left arrow, right arrow or Tab (Shift plus Tab goes back): "
        f"{i18n.t('controls.does_arrows')}, 1 of {count}")
    assert press(scene, app, pygame.K_DOWN).endswith(f", 2 of {count}")
    assert press(scene, app, pygame.K_UP).endswith(f", 1 of {count}")
    shift = next(i for i, row in enumerate(CONTROLS) if row[0] == "controls.keys_shift_play")
    for _ in range(shift):
        line = press(scene, app, pygame.K_DOWN)
    assert line.startswith("Shift plus click, Shift plus Enter: Play the card")
    assert scene.row == shift
    assert press(scene, app, pygame.K_END).startswith("F1 or question mark: Show or hide")
    assert press(scene, app, pygame.K_HOME).endswith(f", 1 of {count}")
    assert_in_words(app.ear.said)
    assert app.scenes.top is scene  # the arrows do not close it
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.scenes.top is not scene


def test_even_at_full_detail_the_controls_list_opens_short_and_reads_its_rows_in_its_language():
    i18n.set_language("es")
    app = App()
    scene = ControlsScene(app)
    assert app.speech.wants("full")
    (said,) = opened(scene, app)
    assert said == f"{i18n.t('controls.title')}. {i18n.t('speech_more.controls_hint')}"
    rows = [press(scene, app, pygame.K_DOWN) for _ in CONTROLS]
    assert rows == [scene.spoken_row(i) for i in range(len(CONTROLS))]
    assert rows[0].startswith("Flecha izquierda, flecha derecha o Tab")  # keys before the mouse
    assert any(row.startswith("Mayús más clic, Mayús más Intro") for row in rows)
    assert_in_words(rows)


def test_the_row_stepped_to_is_drawn_picked_out():
    app = App()
    scene = ControlsScene(app)
    app.scenes.push(scene)
    plain, picked = pygame.Surface(app.size), pygame.Surface(app.size)
    scene.draw(plain)
    press(scene, app, pygame.K_DOWN)
    press(scene, app, pygame.K_DOWN)  # the second row: no band of its own before
    scene.draw(picked)
    band = scene.row_boxes()[1][1][0]  # the second row's band, left of its words
    spot = (band.left + 2, band.top + 2)
    assert plain.get_at(spot) != picked.get_at(spot)


# ---- the cut, the hand-off, the game's end


@pytest.mark.parametrize("language", ["en", "cs"])
def test_the_cut_is_said_with_each_card_in_words_and_a_tie(language):
    i18n.set_language(language)
    app = App()
    cuts = [ev.CardCut(0, 0), ev.CardCut(1, 18), ev.CardCut(2, 26), ev.CardCut(0, 5),
            ev.CardCut(2, 30)]  # a tie between Ada and Cy is cut again
    scene = CutScene(app, ["Ada", "Bo", "Cy"], cuts, dealer=2)
    (said,) = opened(scene, app)
    rows = [[i18n.t("cut.cuts", player=name, card=i18n.card_name(card))
             for name, card in row] for row in ([("Ada", 0), ("Bo", 18), ("Cy", 26)],
                                                 [("Ada", 5), ("Cy", 30)])]
    expected = [i18n.t("cut.title"), i18n.t("cut.explain"), *rows[0], i18n.t("cut.tie"),
                *rows[1], i18n.t("cut.go_on")]  # it waits to be heard: how to go on, last
    places = [said.index(spoken(part.rstrip("."))) for part in expected]
    assert places == sorted(places)  # each said, in the order shown
    assert_in_words([said])
    # The cut waits for what it says to be heard before going on by itself.
    assert scene.leave_at >= len(said) * 0.05


@pytest.mark.parametrize("language", ["en", "cs", "tl"])
def test_the_players_own_cut_is_said_to_them(language):
    i18n.set_language(language)
    app = App()
    scene = CutScene(app, ["You", "Bo"], [ev.CardCut(0, 0), ev.CardCut(1, 18)], dealer=0,
                     viewer=0)
    (said,) = opened(scene, app)
    assert spoken(i18n.t("event_you.cuts", card=i18n.card_name(0))) in said
    assert spoken(i18n.t("cut.cuts", player="Bo", card=i18n.card_name(18))) in said
    assert spoken(i18n.t("cut.cuts", player="You", card=i18n.card_name(0))) not in said


def test_without_speech_the_cut_goes_on_as_soon_as_before():
    app = App()
    app.speech.configure(False, "full")
    scene = CutScene(app, ["Ada", "Bo"], [ev.CardCut(0, 0), ev.CardCut(1, 13)], dealer=0)
    before = scene.leave_at
    assert opened(scene, app) == []
    assert scene.leave_at == before


@pytest.mark.parametrize("language", ["en", "af"])
def test_the_hand_off_says_whom_to_pass_to_and_how_to_go_on(language):
    i18n.set_language(language)
    app = App()
    (said,) = opened(HandoffScene(app, "Ada"), app)
    assert i18n.t("handoff.pass_to", player="Ada") in said
    assert i18n.t("speech_more.handoff_ready", player="Ada") in said
    assert i18n.t("speech_more.handoff_last_card", player="Bo") not in said
    app = App()
    (said,) = opened(HandoffScene(app, "Ada", announcer_name="Bo", on_announce=lambda: None),
                     app)
    assert said.endswith(i18n.t("speech_more.handoff_last_card", player="Bo"))


@pytest.fixture(scope="module")
def finished():
    return play(3, ("human", "easy", "medium"))


@pytest.mark.parametrize("language", ["en", "et"])
def test_the_game_over_screen_says_the_winner_each_total_and_its_buttons(finished, language):
    i18n.set_language(language)
    app = App()
    scene = GameOverScene(app, finished)
    scene.luck = Split(expected=0.0, luck=12.4, cost=-7.0, result=5.0)
    scene.par = SimpleNamespace(replays=4, value=131.2, stderr=6.1, yours=140)
    (said,) = opened(scene, app)
    totals = finished.match.totals
    assert said.startswith(i18n.t("event.game_over"))
    order = [said.index(f"{finished.seats[p].name}, {i18n.tn('speech.points', totals[p])}")
             for p in sorted(range(len(totals)), key=lambda p: (totals[p], p))]
    assert order == sorted(order)  # lowest total first, as the table shows them
    assert sign("±") in said and sign("−") in said
    assert said.endswith(i18n.t("score.play_again"))
    assert i18n.t("controls.tip") in said
    assert_in_words([said])
    assert press(scene, app, pygame.K_UP) == i18n.t("score.back_to_menu")
    last = press(scene, app, pygame.K_UP)  # the table's rows, last place first going up
    n = len(totals)
    assert last.endswith(f", {i18n.t('speech_menu.position', position=n, count=n)}")
    assert press(scene, app, pygame.K_TAB) == i18n.t("score.back_to_menu")
    assert press(scene, app, pygame.K_TAB) == i18n.t("score.play_again")
    row = press(scene, app, pygame.K_TAB)  # round and round: the first place again
    best = min(range(len(totals)), key=lambda p: (totals[p], p))
    assert row.startswith(i18n.t("speech_board.place_row", place=1,
                                 player=finished.seats[best].name,
                                 total=i18n.tn("speech.points", totals[best])))
    scores = ", ".join(str(r[best]) for r in finished.match.history)
    assert row.endswith(f"{i18n.t('speech_board.by_round', scores=scores)}, "
                        f"{i18n.t('speech_menu.position', position=1, count=n)}")


def test_enter_on_the_game_over_screen_still_plays_again_and_esc_goes_to_the_menu(finished):
    app = App()
    calls: list[str] = []
    scene = GameOverScene(app, finished)
    scene.play_again = lambda: calls.append("again")  # type: ignore[method-assign]
    scene.to_menu = lambda: calls.append("menu")  # type: ignore[method-assign]
    scene.layout()
    opened(scene, app)
    for key in (pygame.K_RETURN, pygame.K_ESCAPE):
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    assert calls == ["again", "menu"]


# ---- lists of games


def put(folder, name: str, record: dict, names: tuple[str, ...], age: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    record = {**record, "seats": [{**seat, "name": n}
                                  for seat, n in zip(record["seats"], names, strict=True)]}
    write_record(folder / name, record)
    os.utime(folder / name, (BASE - age, BASE - age))


@pytest.mark.parametrize("language", ["en", "tl"])
def test_the_open_record_box_says_each_row_with_its_place_date_players_and_result(
        home, finished, language):
    i18n.set_language(language)
    record = export_record(finished.to_save())
    put(home / "records", "new.json", record, ("Nina", "Ned", "Noor"), 10)
    put(home / "records", "old.json", record, ("Olga", "Otto", "Oona"), 3000)
    app = App()
    scene = OpenRecordScene(app, listing=RecordList(home / "records"))
    (said,) = opened(scene, app)
    winner = min(range(3), key=lambda p: finished.match.totals[p])
    best = i18n.t("speech_more.best", score=f"{('Nina', 'Ned', 'Noor')[winner]}, "
                  f"{i18n.tn('speech.points', finished.match.totals[winner])}")
    assert said.startswith(f"{i18n.t('review.open')}. {i18n.t('speech_more.record_list')}")
    place = i18n.t("speech_menu.position", position=1, count=2)
    assert place in said and best in said
    when = datetime.fromtimestamp(BASE - 10)
    months = i18n.t("speech_more.months").split(", ")
    assert months[when.month - 1] in said and str(when.year) in said
    assert said.endswith(f"{i18n.t('open_record.record')}.") or \
        said.endswith(i18n.t("open_record.record"))
    down = press(scene, app, pygame.K_DOWN)
    assert i18n.t("speech_menu.position", position=2, count=2) in down and "Olga" in down
    assert_in_words(app.ear.said)
    # Tab reaches the path box, said by its label, not by the colon after it.
    field = press(scene, app, pygame.K_TAB)
    assert field.startswith(i18n.t("open_record.other_file").rstrip(": ") + ",")
    newest = home / "records" / "new.json"
    scene.field.text = str(newest)
    assert scene.field.spoken().endswith(
        "new.json, " + i18n.t("speech_more.in_folder", folder=str(newest.parent)))


def test_a_path_is_said_with_the_file_name_first():
    assert spoken_path("/home/ada/records/game.json") == \
        "game.json, in the folder /home/ada/records"
    assert spoken_path("C:\\Users\\Ada\\game.json") == "game.json, in the folder C:\\Users\\Ada"
    for as_typed in ("/home/ada/records/", "game.json", "/game.json", ""):
        assert spoken_path(as_typed) == as_typed


def test_a_row_not_yet_read_is_read_to_be_said(home, finished):
    record = export_record(finished.to_save())
    for n in range(40):
        put(home / "records", f"g{n:02}.json", record, (f"A{n}", "B", "C"), n * 10)
    app = App()
    scene = OpenRecordScene(app, listing=RecordList(home / "records"))
    opened(scene, app)
    assert scene.listing.entries[39].summary is None
    line = press(scene, app, pygame.K_END)
    assert "A39," in line and "g39.json" not in line


def test_a_file_refused_is_said_once(home):
    (home / "records").mkdir()
    (home / "records" / "bad.json").write_bytes(b"\x00 not json")
    app = App()
    scene = OpenRecordScene(app, path=str(home / "records" / "bad.json"),
                            listing=RecordList(home / "records"))
    opened(scene, app)
    before = len(app.ear.said)
    scene.open_path()
    scene.update(0.03)
    scene.update(0.03)
    assert app.ear.said[before:] == [spoken(in_words(scene.error))]
    assert "bad.json" in scene.error


@pytest.mark.parametrize("language", ["en", "cs"])
def test_past_games_rows_say_the_best_total_in_words(home, language):
    i18n.set_language(language)
    archive = GameArchive(home)
    archive.keep(play(1, ("human", "easy")), now=datetime.fromtimestamp(BASE))
    app = App()
    scene = PastGamesScene(app, archive, analyse=False)
    (said,) = opened(scene, app)
    game = scene.games[0]
    winner = game.winners[0]
    assert "★" in scene.rows[0].label  # shown with a star, said in words
    assert i18n.t("speech_more.best", score=f"P{winner}, "
                  f"{i18n.tn('speech.points', game.totals[winner])}") in said
    assert i18n.t("speech_more.months").split(", ")[datetime.fromtimestamp(BASE).month - 1] \
        in said
    assert_in_words([said])


def test_puzzle_rows_say_solved_in_words_without_the_tick():
    from craits.ui.menus.puzzles import PuzzlesScene

    solved = Puzzle(file="game-1.json", game="g", seat=0, focus=3, cost=4.0, solved=True)
    scene = PuzzlesScene.__new__(PuzzlesScene)
    scene.labels = {solved.key: ("2026-11-30", 2, "Ada")}
    shown = scene.row_text(solved)
    said = scene.spoken_row(solved)
    assert shown.startswith("✓ ")
    assert said == f"2026-11-30, round 2, Ada, 4 points lost, {i18n.t('puzzle.solved')}"
    assert in_words(said).startswith("November 30, 2026, round 2")


# ---- in the app itself, through the transcript file


def test_in_the_app_the_cut_and_the_f1_list_are_said_through_the_transcript(
        tmp_path, monkeypatch):
    from app_driver import make_app, post_key

    from craits.ui.speech import speaker as speaker_module

    transcript = tmp_path / "speech.txt"
    monkeypatch.setenv("CRAITS_SPEECH_LOG", str(transcript))
    monkeypatch.setattr(speaker_module, "_shared", None)
    app = make_app(tmp_path / "app", monkeypatch, size=(1280, 800), speed="normal")
    try:
        app.new_game(app.seats_for(["human", "easy"]), None, 11)
        for _ in range(3):
            app.step(1 / 30)
        assert isinstance(app.scenes.top, CutScene)
        said = transcript_file.texts(transcript)
        assert said[0].startswith(i18n.t("cut.title")) and " cuts the " in said[0]
        while isinstance(app.scenes.top, CutScene):
            post_key(pygame.K_RETURN)
            app.step(1 / 30)
        post_key(pygame.K_F1)
        app.step(1 / 30)
        app.step(1 / 30)
        assert isinstance(app.scenes.top, ControlsScene)
        post_key(pygame.K_DOWN)
        app.step(1 / 30)
        said = transcript_file.texts(transcript)
        opening = next(line for line in said if line.startswith(i18n.t("controls.title")))
        assert opening == f"{i18n.t('controls.title')}. {i18n.t('speech_more.controls_hint')}"
        assert said[-1].startswith("Left arrow, right arrow or Tab")  # the keys first
        assert said[-1].endswith(f", 1 of {len(CONTROLS)}")
    finally:
        app.shutdown()


def test_f1_on_the_game_over_screen_lists_the_controls(finished):
    app = App()
    scene = GameOverScene(app, finished)
    app.scenes.push(scene)
    scene.layout()
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    assert isinstance(app.scenes.top, ControlsScene)
