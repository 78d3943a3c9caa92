"""The statistics screen shows each player's rating with its deviation and the chart of the
latest player's rating, one point per game, inside the screen at both window sizes."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from app_driver import make_app
from table_harness import step

from craits import i18n
from craits.persistence.ratings import Ratings, RatingsStore
from craits.rating import LevelRating
from craits.seat import Seat
from craits.ui.menus.rating_chart import RatingChart, chart_points, chart_range
from craits.ui.menus.statistics import StatisticsScene
from craits.ui.widgets import Label, Theme

LEVELS = {"medium": LevelRating(1500, 30), "hard": LevelRating(1700, 60)}


def _rated(home: Path, games: int) -> Ratings:
    ratings = Ratings()
    for game in range(games):
        rounds = [(0, 5), (9, 0), (0, 3)] if game % 3 else [(9, 0)] * 3
        ratings.rate_game(f"{game + 1:x}", [Seat("human", "Ana"), Seat("hard", "Bo")], rounds,
                          LEVELS)
    ratings.rate_game("ff", [Seat("human", "Bea"), Seat("medium", "Bo")], [(5, 0)], LEVELS)
    RatingsStore(home).save(ratings)
    return ratings


def _texts(scene: StatisticsScene) -> list[str]:
    return [w.text for w in scene.region.widgets if isinstance(w, Label)]


@pytest.mark.parametrize("size", [(960, 600), (1600, 1000)])
def test_ratings_and_the_chart_are_shown(tmp_path: Path, monkeypatch, size) -> None:
    ratings = _rated(tmp_path, 12)
    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        scene = StatisticsScene(app)
        app.scenes.push(scene)
        step(app, 3)
        texts = _texts(scene)
        bea, ana = ratings.latest()[:2]
        assert bea.name == "Bea"  # the most recently rated first
        for player in (ana, bea):
            # The deviation in words, as a player reads it: "1523, about ±87".
            shown = f"{round(player.rating.rating)}, about ±{round(player.rating.deviation)}"
            assert shown in texts
        assert i18n.t("rating.games", n=12) in texts
        chart = scene.rating_chart
        assert chart is not None and len(chart.points) == 1  # Bea's one game
        assert i18n.t("rating.chart", name="Bea", n=1) in texts
        assert chart.hint == "Play more games to see a line."
        scene.region.scroll_to(10**6)
        step(app, 1)
        assert pygame.Rect((0, 0), size).contains(chart.rect)
    finally:
        app.shutdown()


def test_no_rating_yet_says_how_to_get_one(tmp_path: Path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    try:
        scene = StatisticsScene(app)
        app.scenes.push(scene)
        step(app, 2)
        assert i18n.t("rating.none_yet") in _texts(scene) and scene.rating_chart is None
    finally:
        app.shutdown()


def test_the_chart_draws_one_point_per_game_inside_its_box(tmp_path: Path) -> None:
    ana = _rated(tmp_path, 30).player("Ana")
    assert ana is not None
    box = pygame.Rect(10, 20, 300, 100)
    points = chart_points(ana.history, box)
    assert len(points) == 30 and points[0][0] == box.left and points[-1][0] == box.right
    assert all(box.top <= y <= box.bottom for _, y in points)
    ys = [y for _, y in points]
    higher = [a.rating > b.rating for a, b in zip(ana.history[1:], ana.history, strict=False)]
    assert [y1 < y0 for y0, y1 in zip(ys, ys[1:], strict=False)] == higher


def test_after_one_game_the_chart_is_a_band_a_point_and_a_hint(tmp_path: Path,
                                                                monkeypatch) -> None:
    bea = _rated(tmp_path, 1).player("Bea")
    assert bea is not None and len(bea.history) == 1
    (point,) = bea.history
    # The band takes the middle half of the scale: room above and below it, not the box.
    low, high = chart_range(bea.history)
    assert low < point.rating - point.deviation and point.rating + point.deviation < high
    assert (high - low) == pytest.approx(4 * point.deviation)
    box = pygame.Rect(10, 20, 300, 100)
    ((x, y),) = chart_points(bea.history, box)
    assert x == box.centerx and y == box.centery  # the one point in the middle
    chart = RatingChart((0, 0, 400, 170), bea.history, "Play more games to see a line.")
    chart.set_theme(Theme.for_size((960, 600)))
    said: list[str] = []
    monkeypatch.setattr("craits.ui.menus.rating_chart.draw_text_fit",
                        lambda surface, text, *rest, **style: said.append(text))
    surface = pygame.Surface((400, 170), pygame.SRCALPHA)
    chart.draw(surface)
    assert "Play more games to see a line." in said
    plot = chart.plot_rect()
    # The band shows (its colour in the middle of the plot) and leaves the top row clear.
    middle = surface.get_at((plot.centerx + 40, plot.centery))
    top = surface.get_at((plot.centerx + 40, plot.top + 2))
    assert middle != top
    # Two games or more: a line, no hint.
    said.clear()
    ana = _rated(tmp_path, 2).player("Ana")
    assert ana is not None and len(ana.history) == 2
    lined = RatingChart((0, 0, 400, 170), ana.history, "Play more games to see a line.")
    lined.set_theme(Theme.for_size((960, 600)))
    lined.draw(surface)
    assert said and "Play more games to see a line." not in said
