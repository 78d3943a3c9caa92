"""The two panels of the new-game screen, laid out from a ``NewGameForm``.

Left, the players: the number of seats, a row per seat (name, Human or Computer, level), with
two or more humans whether they agree that a misclick may be taken back, and below them a
small table with each seat's plate in order of play. Right, the rules: the
preset, the game length and every house rule with a one-line explanation, in a region that
scrolls when the window is short. A panel builds its widgets once; the screen builds the panels
again whenever a change alters them, and hands each change to the callbacks it is given.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TypeVar

import pygame

from craits import i18n
from craits.engine.rules import CHOICES, SWITCH_ON, RuleValue, switch_values
from craits.ui.dialogs.menu_base import ScrollRegion
from craits.ui.fonts import get_font
from craits.ui.menus.new_game_form import CUSTOM, MAX_SEATS, MIN_SEATS, NAME_MAX_LENGTH, NewGameForm
from craits.ui.menus.new_game_levels import level_label, seat_levels
from craits.ui.widgets import (
    Choice,
    Label,
    Panel,
    TextInput,
    Theme,
    Toggle,
    Widget,
    draw_rounded,
    draw_text_fit,
    fit_text,
)
from craits.ui.widgets.rows import Column, split

V = TypeVar("V")  # a control's values

# Display order of the house rules (idiot_penalty right after the announcement it punishes).
VARIANT_ORDER = (
    "starter_card_effects",
    "play_drawn_card",
    "draw_when_able",
    "seven_skips",
    "two_player_reverse",
    "crank_optional",
    "announce_last_card",
    "idiot_penalty",
    "threes",
)


def titled_panel(rect: pygame.Rect, title: str, th: Theme) -> Panel:
    """A panel whose title is a subheading, so two panels and the page title fit."""
    return Panel(rect, title=title, title_top=8, title_height=38, theme=th)


class PlayersPanel:
    """The left column: how many players, a row per seat, and the table preview below."""

    def __init__(
        self,
        rect: pygame.Rect,
        th: Theme,
        form: NewGameForm,
        *,
        changed: Callable[[], object],
        typed: Callable[[], object],
    ) -> None:
        """``changed``: the seats changed (the screen lays the panels out again); ``typed``: a
        name changed (typing goes on in its field)."""
        self.theme = th
        self.form = form
        self.panel = titled_panel(rect, i18n.t("setup.players"), th)
        self.changed, self.typed = changed, typed
        self.widgets = self._layout(self.panel.content_rect())

    def _layout(self, area: pygame.Rect) -> list[Widget]:
        th = self.theme
        form = self.form
        agreeing = form.humans() > 1  # pass-and-play: may a misclick be taken back?
        rows = MAX_SEATS + 1 + agreeing
        row_h = min(th.row_height, (area.height - th.px(40)) // rows - th.px(8))
        gap = th.px(8)
        column = Column(area.left, area.top, area.width)
        self.count_choice = Choice(
            column.take(row_h, after=th.px(14)), i18n.t("setup.players_hint"),
            [(n, str(n)) for n in range(MIN_SEATS, MAX_SEATS + 1)], form.count,
            then(form.set_count, self.changed),
            wrap_around=False, label_share=0.55)
        self.count_choice.speech_label = i18n.t("setup.players")  # "Players, 4, 2 to 5"
        widgets: list[Widget] = [self.count_choice]
        kind_options = [("human", i18n.t("setup.human")), ("computer", i18n.t("setup.computer"))]
        level_options = [(lv, level_label(lv)) for lv in seat_levels()]
        number_w = th.px(34)
        widths = seat_columns(th, area.width - number_w - 2 * gap, row_h, kind_options,
                              level_options)

        def seat_row(height: int) -> list[pygame.Rect]:
            """A seat's number, then its name, kind and level columns."""
            number, fields = split(column.take(height, after=gap), [number_w, None])
            return [number, *split(fields, widths, gap)]

        for text, rect in zip(("setup.name", "setup.kind", "setup.level"),
                              seat_row(th.px(24))[1:], strict=True):
            widgets.append(Label(rect.move(th.px(4), 0), i18n.t(text), size=th.small_size,
                                 color=th.gold, bold=True))
        column.y += th.px(4) - gap  # the headings sit closer to their column than rows
        defaults = form.default_names()
        self.name_fields: list[TextInput] = []
        self.seat_rows: list[tuple[TextInput, Choice[str], Choice[str]]] = []
        for i, seat in enumerate(form.seats):
            number_rect, name_rect, kind_rect, level_rect = seat_row(row_h)
            widgets.append(Label(number_rect, str(i + 1), size=th.body_size, color=th.text_dim,
                                 bold=True, align="center"))
            name = TextInput(name_rect, seat.name, then(partial(form.set_name, i), self._named),
                             max_length=NAME_MAX_LENGTH, placeholder=defaults[i])
            kind = Choice(kind_rect, "", kind_options, seat.kind,
                          then(partial(form.set_kind, i), self.changed))
            level = Choice(level_rect, "", level_options, seat.level,
                           then(partial(form.set_level, i), self.changed))
            level.visible = not seat.is_human
            for field, heading in ((name, "setup.name"), (kind, "setup.kind"),
                                   (level, "setup.level")):  # said under their column's heading
                field.speech_label = i18n.t("speech_menu.seat_field", n=i + 1,
                                            field=i18n.t(heading))
            share_text_size(th, [kind, level])
            self.name_fields.append(name)
            self.seat_rows.append((name, kind, level))
            widgets += [name, kind, level]
        self.undo_toggle: Toggle | None = None
        if agreeing:
            self.undo_toggle = Toggle(column.take(row_h, after=gap), i18n.t("undo.setup_agree"),
                                      form.undo_agreed, form.set_undo_agreed)
            widgets.append(self.undo_toggle)
        column.space(th.px(8))
        self.preview_rect = column.take(area.bottom - column.y)
        return widgets

    def _named(self) -> None:
        """Show each empty name field the default it now stands for (no new layout: typing
        goes on in the field)."""
        defaults = self.form.default_names()
        for field, default in zip(self.name_fields, defaults, strict=False):
            field.placeholder = default
        self.typed()

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, and the table preview when there is room for it."""
        self.panel.draw(surface)
        if self.preview_rect.height >= self.theme.px(120):
            self.draw_table_preview(surface, self.preview_rect)

    def draw_table_preview(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The seats around a small table, numbered in order of play."""
        th = self.theme
        form = self.form
        table = area.inflate(-th.px(150), -th.px(70))
        table.height = min(table.height, round(table.width * 0.55))
        table.center = area.center
        rim = table.inflate(th.px(14), th.px(14))
        pygame.draw.ellipse(surface, (0, 0, 0), rim.move(0, th.px(6)))
        pygame.draw.ellipse(surface, th.felt_dark, rim)
        pygame.draw.ellipse(surface, th.felt, table)
        pygame.draw.ellipse(surface, th.gold_dark, rim, max(1, th.px(2)))
        names = form.final_names()
        positions = seat_positions(form.count, table)
        for i, (seat, pos) in enumerate(zip(form.seats, positions, strict=True)):
            detail = "" if seat.is_human else level_label(seat.level)
            _draw_plate(surface, th, pos, i + 1, names[i], detail, seat.is_human)


class RulesPanel:
    """The right column: the preset, the game length and the house rules, scrolling."""

    def __init__(
        self,
        rect: pygame.Rect,
        th: Theme,
        form: NewGameForm,
        *,
        changed: Callable[[], object],
    ) -> None:
        """``changed``: the rules changed (the screen lays the panels out again)."""
        self.theme = th
        self.form = form
        self.panel = titled_panel(rect, i18n.t("setup.rules"), th)
        self.changed = changed
        self.widgets = self._layout(self.panel.content_rect())

    def _layout(self, area: pygame.Rect) -> list[Widget]:
        th = self.theme
        form = self.form
        values = form.values
        region = self.region = ScrollRegion(area.inflate(th.px(8), 0), th)
        column = Column(0, 0, region.viewport.width - th.px(22))
        row_h, indent = th.px(42), th.px(10)

        def row(control: Widget) -> None:
            region.add(control, column.take(row_h))

        def describe(text: str, after: int = th.px(8)) -> None:
            region.add(Label((0, 0, 1, 1), text, size=th.small_size, color=th.text_dim,
                             wrap=True), column.take(th.px(44), indent=indent, after=after))

        matched = form.matching_preset()
        options = [(name, form.preset_label(name)) for name in form.book.presets]
        if matched == CUSTOM:
            options.append((CUSTOM, i18n.t("setup.preset_custom")))
        # The panel's title already says "Rules": the preset picker spans the width unlabelled.
        self.preset_choice = Choice((0, 0, 1, 1), "", options, matched,
                                    then(form.set_preset, self.changed))
        self.preset_choice.speech_label = i18n.t("setup.rules")
        row(self.preset_choice)
        describe(form.preset_description(matched))
        length = values["game_length"]
        self.length_choice = Choice(
            (0, 0, 1, 1), i18n.t("setup.length"),
            [(v, i18n.t(f"setup.length_{v}")) for v in CHOICES["game_length"]], length,
            then(partial(form.set_rule, "game_length"), self.changed), label_share=0.42)
        row(self.length_choice)
        describe(i18n.t(f"setup.length_{length}_desc"), after=th.px(14))
        region.add(Label((0, 0, 1, 1), i18n.t("setup.house_rules"), size=th.subheading_size,
                         color=th.gold_light, bold=True),
                   column.take(th.px(34), indent=indent, after=th.px(6)))
        self.variant_widgets: dict[str, Widget] = {}
        for key in VARIANT_ORDER:
            self.variant_widgets[key] = control = self._variant_control(key)
            row(control)
            describe(i18n.t(f"variant.{key}_desc"))
        return region.widgets

    def _variant_control(self, key: str) -> Widget:
        """A house rule's switch, or for the idiot penalty its number of cards."""
        values = self.form.values
        label = i18n.t(f"variant.{key}")
        if key in SWITCH_ON:
            on_value, off_value = switch_values(key)
            return Toggle((0, 0, 1, 1), label, values[key] == on_value,
                          partial(self._set_switch, key, on_value, off_value),
                          on_text=i18n.t("common.on"), off_text=i18n.t("common.off"))
        return Choice((0, 0, 1, 1), label,
                      [(n, i18n.tn("variant.idiot_penalty_value", n))
                       for n in sorted(n for n in CHOICES[key] if isinstance(n, int))],
                      values[key], then(partial(self.form.set_rule, key), self.changed),
                      wrap_around=False,
                      label_share=0.5, enabled=bool(values["announce_last_card"]))

    def _set_switch(self, key: str, on_value: RuleValue, off_value: RuleValue, on: bool) -> None:
        """What a house rule's switch does: sets the rule to its on or off value."""
        self.form.set_rule(key, on_value if on else off_value)
        self.changed()

    def draw(self, surface: pygame.Surface) -> None:
        self.panel.draw(surface)


def then(change: Callable[[V], object], after: Callable[[], object]) -> Callable[[V], None]:
    """What a control does with a new value: ``change`` the form with it, then ``after()``."""

    def both(value: V) -> None:
        change(value)
        after()

    return both


def seat_columns(
    th: Theme,
    width: int,
    row_h: int,
    kind_options: list[tuple[str, str]],
    level_options: list[tuple[str, str]],
) -> tuple[int, int, int]:
    """The widths of a seat row's name, kind and level columns in ``width``: the kind and
    level choosers wide enough for their longest option at full size ("Katamtaman",
    "Kompyuter") as long as the name keeps a fifth of the row; narrower, they shrink alike."""
    font = get_font(th.body_size, True)

    def need(options: list[tuple[str, str]]) -> int:
        text = max(font.size(label)[0] for _, label in options) + th.px(6)
        chooser = text
        for _ in range(4):  # its arrows widen with it (as ``Choice.parts`` sizes them)
            chooser = text + 2 * min(row_h, th.px(40), max(th.px(14), chooser // 7))
        return chooser

    kind_w = max(round(width * 0.345), need(kind_options))
    level_w = max(round(width * 0.305), need(level_options))
    room = width - round(width * 0.22)  # what the two choosers may take
    if kind_w + level_w > room:
        kind_w = round(room * kind_w / (kind_w + level_w))
        level_w = room - kind_w
    return width - kind_w - level_w, kind_w, level_w


def share_text_size(th: Theme, choices: list[Choice[str]]) -> None:
    """Set every option of ``choices`` in one font size: the largest at which each fits its
    chooser, so a row's labels never differ in size, nor change size when stepped through."""
    size = th.body_size
    for choice in choices:
        choice.set_theme(th)
        box = choice.text_box()
        for _, text in choice.options:
            fitted = fit_text(text, box.width, box.height, size, bold=True, min_size=th.px(10))
            size = min(size, fitted.size)
    for choice in choices:
        choice.text_size = size


def seat_positions(count: int, box: pygame.Rect) -> list[tuple[int, int]]:
    """Where each seat's plate goes around an oval table in ``box``: seat 1 at the bottom, the
    others in order of play (clockwise) from the lower left, over the top, to the lower right."""
    cx, cy = box.center
    rx, ry = box.width / 2, box.height / 2
    points = [(cx, round(cy + ry))]
    others = count - 1
    for k in range(others):
        angle = math.radians(90 if others == 1 else 200 - 220 * k / (others - 1))
        points.append((round(cx + rx * math.cos(angle)), round(cy - ry * math.sin(angle))))
    return points


def _draw_plate(surface: pygame.Surface, th: Theme, centre: tuple[int, int], number: int,
                name: str, detail: str, human: bool) -> None:
    """A seat's name plate on the preview: number badge, name, level for a computer."""
    font_h = th.small_size
    text_w = max(get_font(font_h, True).size(name)[0], get_font(th.px(14)).size(detail)[0])
    w = min(th.px(180), max(th.px(90), text_w + th.px(44)))
    h = th.px(46) if detail else th.px(30)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = centre
    border = th.gold if human else th.panel_border
    draw_rounded(
        surface, rect, (12, 36, 24, 235), th.px(10), border=border, border_width=max(1, th.px(2))
    )
    badge = pygame.Rect(rect.left + th.px(5), rect.top + th.px(5), th.px(20), th.px(20))
    pygame.draw.ellipse(surface, th.gold if human else th.text_dim, badge)
    draw_text_fit(surface, str(number), badge, th.px(14), color=th.text_dark, bold=True)
    text_box = pygame.Rect(
        badge.right + th.px(5), rect.top + th.px(4), rect.right - badge.right - th.px(10), th.px(22)
    )
    draw_text_fit(surface, name, text_box, font_h, color=th.text, bold=True, align="left")
    if detail:
        draw_text_fit(
            surface, detail, text_box.move(0, th.px(19)), th.px(14), color=th.text_dim, align="left"
        )

