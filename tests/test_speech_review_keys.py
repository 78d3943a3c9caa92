"""The round review by ear beyond its steps: K, S and T say the hand, each player's cards and
total, and the top card as at the table, from what the board shows; P (no longer S) changes
whose choices are reviewed; the luck panel (L) is read row by row; F1 lists the review's own
keys row by row."""

from __future__ import annotations

import pygame
import pytest
from test_review_replay import play
from test_speech_review import FAST, App, key

from craits import i18n
from craits.engine import seat_view
from craits.engine.cards import RANK_OF, SUIT_OF
from craits.review import Replay
from craits.review.luck import Split
from craits.ui import widgets
from craits.ui.controls_list import REVIEW_CONTROLS
from craits.ui.review import keys_said
from craits.ui.review.luck_bars import LuckRow
from craits.ui.review.scene import ReviewScene
from craits.ui.table.controls_help import ControlsScene
from craits.ui.tabletop.model import TableModel

SYMBOLS = "♠♥♦♣±−"


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


@pytest.fixture(scope="module")
def session():
    return play(3, ("human", "easy", "medium"))


def opened(session, language: str = "en") -> tuple[App, ReviewScene]:
    i18n.set_language(language)
    app = App()
    scene = ReviewScene(app, Replay(session), round_index=0, analyse=False,
                        make_runner=FAST["make_runner"])
    app.scenes.push(scene)
    scene.update(0.03)
    for _ in range(6):
        key(scene, pygame.K_RIGHT)  # a few steps in: cards played, hands of every size
    return app, scene


def said(app: App, scene: ReviewScene, k: int) -> str:
    before = len(app.ear.said)
    key(scene, k)
    assert len(app.ear.said) == before + 1, app.ear.said[before:]
    return app.ear.said[-1]


def test_the_review_says_as_it_opens_that_f1_lists_its_keys(session):
    app, _scene = opened(session)
    assert app.ear.said[0].startswith(f"{i18n.t('review.title')}. {i18n.t('controls.tip')}.")


@pytest.mark.parametrize("language", ["en", "cs"])
def test_k_s_and_t_say_the_face_up_hands_and_the_top_card_in_words(session, language):
    app, scene = opened(session, language)
    model = scene.board.model
    hand = [s.code for s in model.hands[scene.seat]]
    assert hand and all(code is not None for code in hand)
    k = said(app, scene, pygame.K_k)
    assert k.startswith(i18n.tn("speech.hand", len(hand)))
    for code in hand:  # each card, under its suit
        assert i18n.suit_name(SUIT_OF[code]) in k and i18n.rank_name(RANK_OF[code]) in k
    s = said(app, scene, pygame.K_s)
    for seat, name in enumerate(scene.board.names):
        cards = [sprite.code for sprite in model.hands[seat]]
        assert i18n.tn("speech.player_cards", len(cards), player=name) in s
        assert all(i18n.spoken_card(code) in s for code in cards)  # face up: each card
        assert i18n.tn("speech.points", model.totals[seat]) in s
    t = said(app, scene, pygame.K_t)
    top = model.discard[-1].code
    assert t.startswith(i18n.t("speech.top", card=i18n.spoken_card(top),
                               suit=i18n.suit_name(model.suit))[:12])
    assert not any(sign in line for line in (k, s, t) for sign in SYMBOLS)
    assert scene.seat == 0  # S says the players; it no longer changes whose choices


def test_p_changes_whose_choices_are_reviewed(session):
    app, scene = opened(session)
    scene.candidates = [0, 1, 2]  # as in a game of computers only
    key(scene, pygame.K_p)
    assert scene.seat == 1
    assert said(app, scene, pygame.K_k).startswith(i18n.tn("speech.hand",
                                                           len(scene.board.model.hands[1])))


def test_hands_the_board_shows_face_down_are_said_by_their_count_only(session):
    replay = Replay(session)
    step = replay.steps[5]
    model = TableModel(3, (1280, 800), 0, 0)
    model.sync_from_view(seat_view(step.state, 0), step.totals, step.round)  # as a retry
    said = keys_said.players_said(model, ["Ada", "Bo", "Cy"])
    for seat, name in enumerate(("Bo", "Cy"), 1):
        count = len(step.state.hands[seat])
        assert f"{i18n.tn('speech.player_cards', count, player=name)}, " in said
        assert not any(i18n.spoken_card(code) in said for code in step.state.hands[seat])
    assert all(i18n.spoken_card(code) in said for code in step.state.hands[0])


def test_the_luck_panel_is_read_row_by_row_and_esc_closes_only_the_panel(session):
    app, scene = opened(session)
    rows = [LuckRow(0, Split(0.0, 12.4, -7.0, 5.4)), LuckRow(1, None)]
    scene.luck.rows = lambda: rows
    opening = said(app, scene, pygame.K_l)
    assert scene.luck.shown and opening.startswith(f"{i18n.t('luck.title')}.")
    assert "arrows read the rows" in opening
    assert not any(sign in opening for sign in "◀▶·")  # the legend's arrows are not words
    assert said(app, scene, pygame.K_DOWN) == \
        "Round 1: luck plus 12, your choices minus 7, in all plus 5, 1 of 4"
    assert said(app, scene, pygame.K_DOWN) == f"Round 2: {i18n.t('luck.pending')}, 2 of 4"
    assert said(app, scene, pygame.K_DOWN) == f"Game: {i18n.t('luck.pending')}, 3 of 4"
    par = said(app, scene, pygame.K_DOWN)  # the par closes the panel
    assert par.startswith(f"{i18n.t('par.label')}: ") and par.endswith(", 4 of 4")
    assert said(app, scene, pygame.K_UP).endswith(", 3 of 4")
    number = scene.number
    key(scene, pygame.K_ESCAPE)
    assert not scene.luck.shown and app.scenes.top is scene  # the review stays
    key(scene, pygame.K_DOWN)  # the arrows are the review's again
    assert scene.number != number


def test_f1_in_the_review_lists_its_own_keys_row_by_row(session):
    app, scene = opened(session)
    key(scene, pygame.K_F1)
    top = app.scenes.top
    assert isinstance(top, ControlsScene)
    top.update(0.03)
    assert app.ear.said[-1] == (f"{i18n.t('speech_board.review_controls')}. "
                                f"{i18n.t('speech_more.controls_hint')}")
    count = len(REVIEW_CONTROLS)
    assert said(app, top, pygame.K_DOWN) == \
        f"Left arrow, right arrow: {i18n.t('speech_board.does_review_steps')}, 1 of {count}"
    assert said(app, top, pygame.K_END) == \
        f"F1 or question mark: {i18n.t('controls.does_help')}, {count} of {count}"
    key(top, pygame.K_F1)
    assert app.scenes.top is scene


def test_the_luck_row_read_is_drawn_picked_out(session):
    app, scene = opened(session)
    scene.luck.rows = lambda: [LuckRow(0, None), LuckRow(1, None)]
    key(scene, pygame.K_l)
    plain, picked = pygame.Surface(app.size), pygame.Surface(app.size)
    scene.draw(plain)
    key(scene, pygame.K_DOWN)
    key(scene, pygame.K_DOWN)  # the second round's row
    scene.draw(picked)
    rect = scene.luck.rect
    differs = [y for y in range(rect.top, rect.bottom)
               if plain.get_at((rect.left + 8, y)) != picked.get_at((rect.left + 8, y))]
    assert differs and rect.top + rect.height // 8 < differs[0] < rect.centery
