"""The game-over screen: a won game gets the celebration (the heading lands with a chord, rays
and a burst of suit signs, then the cascading deck), a lost one confetti; neither is ever drawn
over the score table, a key ends the celebration, and after it the screen holds still."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pygame
import pytest

from craits.engine import Rules
from craits.seat import Seat
from craits.session import Session
from craits.ui.cards.art import CardArt
from craits.ui.cards.cascade import CardCascade, blit_outside, deck_order, visible_parts
from craits.ui.cards.painter import CardPainter
from craits.ui.table.game_over import CONFETTI_FALLS, GameOverScene

FRAME = 1 / 60


@pytest.fixture(scope="module")
def card_art() -> CardArt:
    pygame.display.init()
    return CardArt()


def finished(kinds: list[str], totals: tuple[int, ...], seed: int = 5) -> Session:
    seats = [Seat(kind, f"P{i}") for i, kind in enumerate(kinds)]
    session = Session(seats, Rules(game_length="short"), seed)
    rounds = 8
    history = tuple(tuple(t // rounds + (t % rounds if r == 0 else 0) for t in totals)
                    for r in range(rounds))
    session.match = dataclasses.replace(session.match, round_index=rounds - 1, history=history,
                                        totals=totals)
    return session


def scene_for(session: Session, card_art: CardArt, size: tuple[int, int],
              played: list[str] | None = None) -> GameOverScene:
    played = [] if played is None else played
    app = SimpleNamespace(size=size, card_art=card_art,
                          audio=SimpleNamespace(play=played.append),
                          settings=SimpleNamespace(card_style="classic"))
    return GameOverScene(app, session)  # type: ignore[arg-type]


def frames(scene: GameOverScene, seconds: float) -> None:
    for _ in range(round(seconds / FRAME)):
        scene.update(FRAME)


def drawn(scene: GameOverScene, animate: bool) -> pygame.Surface:
    surface = pygame.Surface(scene.size)
    scene.animate = animate
    scene.draw(surface)
    return surface


def pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


@pytest.mark.parametrize("size", [(960, 600), (1600, 1000)])
@pytest.mark.parametrize("won", [True, False])
def test_the_score_table_is_the_same_with_and_without_the_celebration(card_art, size, won):
    totals = (20, 55, 61) if won else (70, 55, 61)
    scene = scene_for(finished(["human", "hard", "medium"], totals), card_art, size)
    assert (scene.celebration is not None) is won
    changed_outside = False
    for seconds in (0.2, 0.6, 1.4, 2.5, 4.0):
        frames(scene, seconds - scene.age)
        with_it, without = drawn(scene, True), drawn(scene, False)
        landing = scene.celebration is not None and not scene.celebration.landed
        for rect in (scene.table_rect,) if landing else (scene.table_rect, scene.heading_rect):
            assert pixels(with_it, rect) == pixels(without, rect), (seconds, rect)
        changed_outside |= pixels(with_it, with_it.get_rect()) != pixels(without,
                                                                         without.get_rect())
    assert changed_outside  # the celebration is drawn, only not over the table


def test_the_cascade_crosses_the_table_rectangle_and_is_cut_there(card_art):
    # Cards do fly through the table's rectangle (so the test above tests the wiping).
    scene = scene_for(finished(["human", "hard"], (10, 40)), card_art, (960, 600))
    seen_inside = False
    for _ in range(round(5 / FRAME)):
        scene.update(FRAME)
        seen_inside |= any(scene.table_rect.collidepoint(f.x, f.y)
                           for f in scene.celebration.cascade.falling)
    assert seen_inside


def test_cards_leave_the_foundations_fall_and_bounce_off_the_bottom():
    cascade = CardCascade((960, 600), (80, 112), seed=3)
    lowest_speed_up = 0.0
    for _ in range(round(3 / FRAME)):
        cascade.update(FRAME)
        for f in cascade.falling:
            assert f.y <= 600 - 112 / 2 + 0.01  # never below the floor
            if f.y > 400:
                lowest_speed_up = min(lowest_speed_up, f.vy)
    assert cascade.falling  # still going after 3 s
    assert lowest_speed_up < -300  # low down and moving up fast: a bounce


def test_the_whole_deck_leaves_kings_first_then_comes_round_again():
    from craits.engine.cards import card_str

    assert len(set(deck_order())) == 52
    assert [card_str(c) for c in deck_order()[:5]] == ["KS", "KH", "KD", "KC", "QS"]
    cascade = CardCascade((960, 600), (80, 112), seed=3)
    launched: list[int] = []
    for _ in range(round(30 / FRAME)):
        before = {id(f) for f in cascade.falling}
        cascade.update(FRAME)
        launched += [f.code for f in cascade.falling if id(f) not in before]
    assert launched[:52] == deck_order()
    assert len(launched) > 52  # a second pass


def test_the_same_seed_gives_the_same_cascade():
    a, b = (CardCascade((960, 600), (80, 112), seed=11) for _ in range(2))
    for _ in range(90):
        a.update(FRAME)
        b.update(FRAME)
    assert [(f.code, f.x, f.y) for f in a.falling] == [(f.code, f.x, f.y) for f in b.falling]


def test_the_trail_fades_back_to_the_felt_between_passes(card_art):
    from craits.ui.cards import cascade as module

    cascade = CardCascade((480, 300), (40, 56), seed=3)
    cards = CardPainter(card_art)
    surface = pygame.Surface((480, 300))
    for _ in range(round(4 / FRAME)):
        cascade.update(FRAME)
        cascade.draw(surface, cards)
    assert pygame.mask.from_surface(cascade._trail, 1).count() > 0
    cascade._order = []  # no more cards: the deck has left
    cascade.falling = []
    for _ in range(round(module.REST / FRAME)):  # the rest between two passes
        cascade.update(FRAME)
        cascade.draw(surface, cards)
    assert pygame.mask.from_surface(cascade._trail, 1).count() == 0  # not a trace left


def test_a_slow_frame_does_not_throw_the_cards_out():
    cascade = CardCascade((960, 600), (80, 112), seed=3)
    cascade.update(FRAME)
    cascade.update(5.0)  # a stalled frame counts as a quarter of a second at most
    assert cascade.falling


def test_blit_outside_leaves_the_holes_untouched():
    surface = pygame.Surface((100, 100))
    image = pygame.Surface((60, 60))
    image.fill((200, 10, 10))
    holes = [pygame.Rect(30, 30, 20, 20), pygame.Rect(0, 70, 45, 30)]
    blit_outside(surface, image, pygame.Rect(20, 20, 60, 60), holes)
    assert surface.get_at((40, 40))[:3] == (0, 0, 0)
    assert surface.get_at((30, 75))[:3] == (0, 0, 0)
    for point in ((21, 21), (79, 79), (25, 40), (55, 40), (40, 25), (40, 55), (50, 75)):
        assert surface.get_at(point)[:3] == (200, 10, 10), point


def test_visible_parts_cover_the_rest_exactly_once():
    rect = pygame.Rect(0, 0, 50, 40)
    holes = [pygame.Rect(10, 10, 10, 10), pygame.Rect(15, 0, 50, 5), pygame.Rect(-5, 30, 8, 20)]
    parts = visible_parts(rect, holes)
    for x in range(50):
        for y in range(40):
            inside = sum(p.collidepoint(x, y) for p in parts)
            assert inside == (0 if any(h.collidepoint(x, y) for h in holes) else 1), (x, y)


def test_drawing_a_frame_of_the_cascade_is_quick(card_art):
    import time

    cascade = CardCascade((1600, 1000), (130, 182), seed=3)
    cards = CardPainter(card_art)
    surface = pygame.Surface((1600, 1000))
    keep = [pygame.Rect(80, 260, 1440, 400)]
    for _ in range(120):  # into the thick of it, images cached
        cascade.update(FRAME)
        cascade.draw(surface, cards, keep)
    start = time.perf_counter()
    for _ in range(30):
        cascade.update(FRAME)
        cascade.draw(surface, cards, keep)
    assert (time.perf_counter() - start) / 30 < 0.030


def test_the_cascade_ends_after_its_passes_and_then_the_screen_holds_still(card_art):
    """Two passes of the deck, then the trail fades and nothing moves: the loop may rest."""
    scene = scene_for(finished(["human", "hard"], (10, 40)), card_art, (960, 600))
    cascade = scene.celebration.cascade
    launched = 0
    while not scene.celebration.finished and scene.age < 300:
        before = {id(f) for f in cascade.falling}
        scene.update(FRAME)
        launched += sum(1 for f in cascade.falling if id(f) not in before)
    assert cascade.finished and launched == 2 * 52 and scene.age < 40
    still = drawn(scene, True)
    frames(scene, 1.0)
    assert pixels(drawn(scene, True), still.get_rect()) == pixels(still, still.get_rect())
    assert pixels(still, still.get_rect()) == pixels(drawn(scene, False), still.get_rect())


def test_the_confetti_falls_its_last_and_the_screen_holds_still(card_art):
    scene = scene_for(finished(["human", "hard"], (70, 40)), card_art, (960, 600))
    first = drawn(scene, True)
    frames(scene, 1.0)
    assert pixels(drawn(scene, True), first.get_rect()) != pixels(first, first.get_rect())
    slowest = min(speed for _, _, _, speed in scene.confetti)
    frames(scene, 1.1 * CONFETTI_FALLS / (0.08 * slowest) + 1 - scene.age)  # all have fallen
    settled = drawn(scene, True)
    frames(scene, 1.0)
    assert pixels(drawn(scene, True), settled.get_rect()) == pixels(settled, settled.get_rect())
    assert pixels(settled, settled.get_rect()) == pixels(drawn(scene, False), settled.get_rect())


def heading_band(scene: GameOverScene, surface: pygame.Surface) -> bytes:
    return pixels(surface, pygame.Rect(0, 0, scene.size[0], scene.heading_rect.bottom))


def test_a_won_game_lands_its_heading_with_the_fanfare_then_bursts(card_art):
    from craits.ui.table import celebration

    played: list[str] = []
    scene = scene_for(finished(["human", "hard"], (10, 40)), card_art, (960, 600), played)
    assert played == ["game_won"]  # its chord is timed to the landing
    rested = heading_band(scene, drawn(scene, False))
    heights = []
    while not scene.celebration.landed:
        frames(scene, FRAME)
        motion = scene.celebration.heading_motion()
        if motion is not None:
            heights.append(motion[0])
            assert heading_band(scene, drawn(scene, True)) != rested  # on its way
    assert heights[0] < -scene.heading_rect.height and heights[-1] == 0
    assert heights == sorted(heights)  # it falls, never climbs back
    landed = drawn(scene, True)  # exactly in place (the rays turn around it)
    assert pixels(landed, scene.heading_rect) == pixels(drawn(scene, False), scene.heading_rect)
    assert scene.age >= celebration.FALL and scene.celebration.sparks  # the burst
    lost: list[str] = []
    scene_for(finished(["human", "hard"], (70, 40)), card_art, (960, 600), lost)
    assert lost == ["round_lost"]


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def test_space_ends_the_celebration_at_once_and_nothing_more(card_art):
    scene = scene_for(finished(["human", "hard"], (10, 40)), card_art, (960, 600))
    again: list[bool] = []
    scene.again_button.on_click = lambda: again.append(True)  # the focused button
    frames(scene, 2.0)
    assert not scene.celebration.finished
    scene.handle(key(pygame.K_SPACE))
    assert scene.celebration.finished and not again  # it ended the show, nothing more
    still = drawn(scene, True)
    assert pixels(still, still.get_rect()) == pixels(drawn(scene, False), still.get_rect())
    frames(scene, 1.0)
    assert pixels(drawn(scene, True), still.get_rect()) == pixels(still, still.get_rect())
    scene.handle(key(pygame.K_SPACE))  # the show is over: Space presses the button again
    assert again == [True]


def test_enter_during_the_celebration_still_plays_again(card_art):
    scene = scene_for(finished(["human", "hard"], (10, 40)), card_art, (960, 600))
    again: list[bool] = []
    scene.again_button.on_click = lambda: again.append(True)
    frames(scene, 2.0)
    scene.handle(key(pygame.K_RETURN))
    assert scene.celebration.finished and again == [True]


def test_a_click_beside_the_buttons_ends_it_and_tab_still_moves_on(card_art):
    scene = scene_for(finished(["human", "hard"], (10, 40)), card_art, (960, 600))
    frames(scene, 1.0)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 590)))
    assert scene.celebration.finished
    other = scene_for(finished(["human", "hard"], (10, 40)), card_art, (960, 600))
    frames(other, 1.0)
    focused = other.focus.focused
    other.handle(key(pygame.K_TAB))
    assert other.celebration.finished and other.focus.focused is not focused


def test_a_resize_during_the_celebration_leaves_the_screen_at_rest_in_its_new_size(card_art):
    scene = scene_for(finished(["human", "hard"], (10, 40)), card_art, (960, 600))
    frames(scene, 1.5)
    scene.on_resize((1280, 800))
    assert scene.celebration.finished and scene.celebration.size == (1280, 800)
    still = drawn(scene, True)
    assert pixels(still, still.get_rect()) == pixels(drawn(scene, False), still.get_rect())
