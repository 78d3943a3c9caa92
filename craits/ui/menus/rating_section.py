"""The statistics screen's rating section: each player's rating with its deviation (the most
recently rated first, at most ``SHOWN``), how it is measured, and the chart of the latest
player's rating over their games (``craits.persistence.ratings``: at most 200 points)."""

from __future__ import annotations

from craits import i18n
from craits.persistence.ratings import PlayerRating, Ratings
from craits.ui.dialogs.menu_base import ScrollRegion
from craits.ui.menus.rating_chart import RatingChart
from craits.ui.widgets import Label, ReadRow, fit_text
from craits.ui.widgets.theme import Theme

SHOWN = 4  # players listed




def ratings_of(app: object) -> Ratings:
    """The ratings in use (the app's player files hold them); none for an app without."""
    ratings = getattr(getattr(app, "files", None), "ratings", None)
    return ratings if isinstance(ratings, Ratings) else Ratings()


def rating_text(player: PlayerRating) -> str:
    """``1523, about ±87``: whole points, as the chart's scale is written."""
    return i18n.t("rating.value", rating=round(player.rating.rating),
                  deviation=round(player.rating.deviation))


def add_rating_section(region: ScrollRegion, th: Theme, y: int, width: int,
                       ratings: Ratings) -> tuple[int, RatingChart | None]:
    """Lay the section out on ``region``'s page from ``y``; the page's new bottom and the
    chart (None before any rated game)."""
    row_h = th.px(38)
    small = th.small_size

    def label(rect: tuple[int, int, int, int], text: str, **style: object) -> Label:
        widget = Label(rect, text, **style)  # type: ignore[arg-type]
        region.add(widget, rect)
        return widget

    label((0, y, width, th.px(34)), i18n.t("rating.title"), bold=True, align="left",
          color=th.gold_light, size=th.subheading_size)
    y += th.px(44)
    players = ratings.latest()[:SHOWN]
    if not players:
        region.add(ReadRow((0, y, width, row_h), i18n.t("rating.none_yet")), (0, y, width, row_h))
        label((th.px(8), y, width - th.px(8), row_h), i18n.t("rating.none_yet"),
              color=th.text_dim)
        return y + row_h, None
    rule = i18n.t("rating.rule")
    rule_h = fit_text(rule, width - th.px(8), th.px(400), small, wrap=True).height + th.px(4)
    label((th.px(8), y, width - th.px(8), rule_h), rule, size=small, color=th.text_dim,
          wrap=True)
    y += rule_h + th.px(8)
    name_w, value_w = round(width * 0.40), round(width * 0.25)
    for player in players:
        games = i18n.t("rating.games", n=player.games)
        row = (0, y, width, row_h)
        region.add(ReadRow(row, f"{player.name}: {rating_text(player)}, {games}"), row)
        label((th.px(8), y, name_w - th.px(12), row_h), player.name, align="left")
        label((name_w, y, value_w, row_h), rating_text(player), bold=True, align="center")
        label((name_w + value_w, y, width - name_w - value_w, row_h),
              games, align="left", color=th.text_dim)
        y += row_h
    latest = players[0]
    y += th.px(10)
    label((th.px(8), y, width - th.px(8), th.px(30)),
          i18n.t("rating.chart", name=latest.name, n=len(latest.history)), size=small,
          color=th.gold, align="left")
    y += th.px(32)
    chart_rect = (0, y, width, th.px(170))
    chart = RatingChart(chart_rect, latest.history, i18n.t("rating.more_games"))
    region.add(chart, chart_rect)
    return y + chart_rect[3], chart
