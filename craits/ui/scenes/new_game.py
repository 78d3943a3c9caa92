"""The new-game screen: who sits at the table, and which rules.

Left, the players: 2 to 5 seats, each Human or Computer (with a level) and a name (empty means
the default shown in grey). Right, the rules: a preset, the game length and every variant key
of RULES.md section 8 with a one-line explanation (this part scrolls when the window is short).
Start builds a ``GameSetup`` and calls ``app.new_game(setup)``; the choices are remembered in
``settings.new_game`` for next time.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

import pygame

from craits import i18n
from craits.config import ConfigError, read_rule_book
from craits.config.rules import RuleBook
from craits.engine.rules import CHOICES, SWITCH_ON, Rules, switch_values
from craits.persistence import LEVELS, NewGameSetup
from craits.seat import Seat
from craits.ui.fonts import get_font
from craits.ui.scene import SceneContext
from craits.ui.scenes.menu_base import MenuScene, ScrollRegion
from craits.ui.widgets import (
    Button,
    Choice,
    Label,
    Panel,
    TextInput,
    Toggle,
    Widget,
    draw_rounded,
    draw_text_fit,
)

MIN_SEATS, MAX_SEATS = 2, 5
NAME_MAX_LENGTH = 16  # fits a seat's name plate at the table
BOT_NAME_KEYS = tuple(f"bot_names.n{i}" for i in range(1, 7))

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
CUSTOM = "custom"


@dataclass(frozen=True)
class GameSetup:
    """What ``app.new_game`` receives: the seats in order, the rules, and a seed (None: random)."""

    seats: list[Seat]
    rules: Rules
    seed: int | None = None


@dataclass
class SeatDraft:
    """One seat being edited: ``kind`` is human or computer; ``name`` empty means the default."""

    kind: str = "human"
    level: str = "medium"
    name: str = ""

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def seat_kind(self) -> str:
        """The kind as stored and played: ``human`` or the level."""
        return "human" if self.is_human else self.level


def _load_rule_book() -> tuple[RuleBook, str | None]:
    try:
        return read_rule_book(), None
    except (ConfigError, OSError) as exc:
        defaults = Rules().to_dict()
        return RuleBook(defaults, {"standard": {"description": "", "rules": {}}}), str(exc)


class NewGameScene(MenuScene):
    heading_key = "setup.title"
    level_note: str | None = None  # the level last picked: its description shows below

    def __init__(self, app: SceneContext) -> None:
        self.book, problem = _load_rule_book()
        if problem is not None:
            notices = getattr(app, "notices", None)
            if isinstance(notices, list):
                notices.append(i18n.t("notice.rules_file_bad", error=problem))
        self._load_remembered(app.settings.new_game)
        self.error = ""
        super().__init__(app)

    # ---------------------------------------------------------------- state
    def _load_remembered(self, setup: NewGameSetup) -> None:
        drafts = []
        for seat in setup.seats[:MAX_SEATS]:
            if seat.kind == "human":
                drafts.append(SeatDraft("human", "medium", seat.name))
            else:
                level = seat.kind if seat.kind in LEVELS else "medium"
                drafts.append(SeatDraft("computer", level, seat.name))
        while len(drafts) < MIN_SEATS:
            drafts.append(SeatDraft("computer", "medium", ""))
        self.count = len(drafts)
        # Seats beyond the count are kept, so going from 4 to 2 players and back loses nothing.
        while len(drafts) < MAX_SEATS:
            drafts.append(SeatDraft("computer", "medium", ""))
        self.drafts = drafts
        preset = setup.preset if setup.preset in self.book.presets else "standard"
        if preset not in self.book.presets:
            preset = next(iter(self.book.presets))
        self.base_preset = preset
        values = self.book.rules(preset).to_dict()
        for key, value in setup.rule_overrides.items():
            if key in values and key != "game_length":
                values[key] = value
        values["game_length"] = (
            setup.length if setup.length in CHOICES["game_length"] else (values["game_length"])
        )
        try:
            Rules(**values)
        except (TypeError, ValueError):
            values = self.book.rules(preset).to_dict()
        self.values: dict[str, Any] = values

    @property
    def seats(self) -> list[SeatDraft]:
        return self.drafts[: self.count]

    def rules(self) -> Rules:
        return Rules(**self.values)

    def matching_preset(self) -> str:
        """The preset whose rules are exactly the current ones, else ``custom``."""
        current = self.rules()
        for name in self.book.presets:
            if self.book.rules(name) == current:
                return name
        return CUSTOM

    def default_names(self) -> list[str]:
        """The name each seat gets when its field is left empty."""
        seats = self.seats
        humans = [i for i, s in enumerate(seats) if s.is_human]
        taken = {s.name.strip().casefold() for s in seats if s.name.strip()}
        names: list[str] = []
        bots = iter(
            name for name in (i18n.t(key) for key in BOT_NAME_KEYS) if name.casefold() not in taken
        )
        for i, seat in enumerate(seats):
            if seat.is_human:
                if len(humans) == 1:
                    names.append(i18n.t("setup.you"))
                else:
                    names.append(i18n.t("setup.default_name", n=i + 1))
            else:
                names.append(next(bots, i18n.t("setup.default_name", n=i + 1)))
        return names

    def final_names(self) -> list[str]:
        defaults = self.default_names()
        return [s.name.strip() or d for s, d in zip(self.seats, defaults, strict=True)]

    def validate(self) -> str:
        """The first problem with the setup, as a message for the player ("" when it is fine)."""
        if not any(s.is_human for s in self.seats):
            return i18n.t("setup.need_human")
        names = [n.casefold() for n in self.final_names()]
        if any(not n for n in names):
            return i18n.t("setup.name_empty")
        if len(set(names)) != len(names):
            return i18n.t("setup.name_taken")
        return ""

    def remembered(self) -> NewGameSetup:
        """The setup to remember: seats, the preset the rules start from, changes, length."""
        preset = self.matching_preset()
        base = self.base_preset if preset == CUSTOM else preset
        base_values = self.book.rules(base).to_dict()
        overrides = {
            key: value
            for key, value in self.values.items()
            if key != "game_length" and base_values.get(key) != value
        }
        return NewGameSetup(
            seats=tuple(Seat(s.seat_kind, s.name.strip()) for s in self.seats),
            preset=base,
            rule_overrides=overrides,
            length=self.values["game_length"],
        )

    def game_setup(self) -> GameSetup:
        seats = [
            Seat(s.seat_kind, name) for s, name in zip(self.seats, self.final_names(), strict=True)
        ]
        return GameSetup(seats=seats, rules=self.rules(), seed=None)

    # ---------------------------------------------------------------- changes
    def set_count(self, count: int) -> None:
        self.count = max(MIN_SEATS, min(MAX_SEATS, int(count)))
        self.refresh()

    def set_kind(self, index: int, kind: str) -> None:
        self.drafts[index].kind = kind
        self.level_note = self.drafts[index].level if kind == "computer" else None
        self.refresh()

    def set_level(self, index: int, level: str) -> None:
        self.drafts[index].level = level
        self.level_note = level
        self.refresh()

    def set_name(self, index: int, name: str) -> None:
        self.drafts[index].name = name
        self.error = self.validate()
        self._update_names()

    def set_preset(self, name: str) -> None:
        if name == CUSTOM:
            return  # "Custom" only names the current mix; choosing it changes nothing
        length = self.values["game_length"]
        self.base_preset = name
        self.values = self.book.rules(name).to_dict()
        if self.book.presets[name].get("rules", {}).get("game_length") is None:
            self.values["game_length"] = length  # a preset without a length keeps the choice
        self.refresh()

    def set_rule(self, key: str, value: Any) -> None:
        self.values[key] = value
        self.refresh()

    def refresh(self) -> None:
        self.error = self.validate()
        self.rebuild()

    def _update_names(self) -> None:
        defaults = self.default_names()
        for field, default in zip(self.name_fields, defaults, strict=False):
            field.placeholder = default
        self.start_button.enabled = not self.error

    # ---------------------------------------------------------------- actions
    def start(self) -> None:
        self.error = self.validate()
        if self.error:
            return
        self.app.settings = dataclasses.replace(self.app.settings, new_game=self.remembered())
        self.app.save_settings()
        self.app.new_game(self.game_setup())

    def back(self) -> None:
        # Remember the choices even without starting (names typed are not lost).
        if self.remembered() != self.app.settings.new_game:
            self.app.settings = dataclasses.replace(self.app.settings, new_game=self.remembered())
            self.app.save_settings()
        super().back()

    # ---------------------------------------------------------------- layout
    def columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        th = self.theme
        body = self.body_rect()
        gap = th.px(24)
        left_w = round((body.width - gap) * 0.56)
        left = pygame.Rect(body.left, body.top, left_w, body.height)
        right = pygame.Rect(left.right + gap, body.top, body.width - left_w - gap, body.height)
        return left, right

    def layout(self) -> list[Widget]:
        th = self.theme
        left, right = self.columns()
        self.players_panel = Panel(left, title=i18n.t("setup.players"))
        self.rules_panel = Panel(right, title=i18n.t("setup.rules"))
        for panel in (self.players_panel, self.rules_panel):
            panel.set_theme(th)
            panel.title_rect = _small_title(panel, th)
        widgets: list[Widget] = []
        widgets += self._layout_players(self.players_panel.content_rect())
        widgets += self._layout_rules(self.rules_panel.content_rect())
        footer = self.footer_rect()
        bw = self.footer_button_width()
        self.back_button = Button(
            pygame.Rect(footer.left, footer.top, bw, footer.height),
            i18n.t("common.back"),
            self.back,
            style="secondary",
        )
        self.start_button = Button(
            pygame.Rect(footer.right - bw, footer.top, bw, footer.height),
            i18n.t("setup.start"),
            self.start,
            enabled=not self.error,
        )
        self.error_rect = pygame.Rect(
            footer.left + bw + th.px(20),
            footer.top,
            footer.width - 2 * bw - th.px(40),
            footer.height,
        )
        return [*widgets, self.back_button, self.start_button]

    def _layout_players(self, area: pygame.Rect) -> list[Widget]:
        th = self.theme
        row_h = min(th.row_height, (area.height - th.px(40)) // (MAX_SEATS + 1) - th.px(8))
        gap = th.px(8)
        widgets: list[Widget] = []
        self.count_choice = Choice(
            pygame.Rect(area.left, area.top, area.width, row_h),
            i18n.t("setup.players_hint"),
            [(n, str(n)) for n in range(MIN_SEATS, MAX_SEATS + 1)],
            self.count,
            self.set_count,
            wrap_around=False,
            label_share=0.55,
        )
        widgets.append(self.count_choice)
        y = area.top + row_h + th.px(14)
        # column headings
        number_w = th.px(34)
        name_w = round((area.width - number_w) * 0.31)
        kind_w = round((area.width - number_w) * 0.33)
        level_w = area.width - number_w - name_w - kind_w - 2 * gap
        name_x = area.left + number_w
        kind_x = name_x + name_w + gap
        level_x = kind_x + kind_w + gap
        head_h = th.px(24)
        for text, x, w in (
            (i18n.t("setup.name"), name_x, name_w),
            (i18n.t("setup.kind"), kind_x, kind_w),
            (i18n.t("setup.level"), level_x, level_w),
        ):
            widgets.append(
                Label(
                    (x + th.px(4), y, w, head_h), text, size=th.small_size, color=th.gold, bold=True
                )
            )
        y += head_h + th.px(4)
        defaults = self.default_names()
        self.name_fields: list[TextInput] = []
        self.seat_rows: list[tuple[TextInput, Choice, Choice]] = []
        for i, seat in enumerate(self.seats):
            widgets.append(
                Label(
                    (area.left, y, number_w, row_h),
                    str(i + 1),
                    size=th.body_size,
                    color=th.text_dim,
                    bold=True,
                    align="center",
                )
            )
            name = TextInput(
                pygame.Rect(name_x, y, name_w, row_h),
                seat.name,
                lambda text, i=i: self.set_name(i, text),
                max_length=NAME_MAX_LENGTH,
                placeholder=defaults[i],
            )
            kind = Choice(
                pygame.Rect(kind_x, y, kind_w, row_h),
                "",
                [("human", i18n.t("setup.human")), ("computer", i18n.t("setup.computer"))],
                seat.kind,
                lambda value, i=i: self.set_kind(i, value),
            )
            level = Choice(
                pygame.Rect(level_x, y, level_w, row_h),
                "",
                [(lv, i18n.t(f"level.{lv}")) for lv in LEVELS],
                seat.level,
                lambda value, i=i: self.set_level(i, value),
            )
            level.visible = not seat.is_human
            self.name_fields.append(name)
            self.seat_rows.append((name, kind, level))
            widgets += [name, kind, level]
            y += row_h + gap
        self.preview_rect = pygame.Rect(
            area.left, y + th.px(8), area.width, area.bottom - y - th.px(8)
        )
        return widgets

    def _layout_rules(self, area: pygame.Rect) -> list[Widget]:
        th = self.theme
        region = ScrollRegion(area.inflate(th.px(8), 0), th)
        self.region = region
        width = region.viewport.width - th.px(22)
        row_h = th.px(42)
        desc_size = th.small_size
        desc_h = th.px(44)
        y = 0
        presets = list(self.book.presets)
        matched = self.matching_preset()
        options = [(name, self.preset_label(name)) for name in presets]
        if matched == CUSTOM:
            options.append((CUSTOM, i18n.t("setup.preset_custom")))
        # The panel's title already says "Rules": the preset picker spans the width unlabelled.
        self.preset_choice = Choice((0, 0, 1, 1), "", options, matched, self.set_preset)
        region.add(self.preset_choice, (0, y, width, row_h))
        y += row_h
        region.add(
            Label(
                (0, 0, 1, 1),
                self.preset_description(matched),
                size=desc_size,
                color=th.text_dim,
                wrap=True,
            ),
            (th.px(10), y, width - th.px(10), desc_h),
        )
        y += desc_h + th.px(8)
        length = self.values["game_length"]
        self.length_choice = Choice(
            (0, 0, 1, 1),
            i18n.t("setup.length"),
            [(v, i18n.t(f"setup.length_{v}")) for v in CHOICES["game_length"]],
            length,
            lambda v: self.set_rule("game_length", v),
            label_share=0.42,
        )
        region.add(self.length_choice, (0, y, width, row_h))
        y += row_h
        region.add(
            Label(
                (0, 0, 1, 1),
                i18n.t(f"setup.length_{length}_desc"),
                size=desc_size,
                color=th.text_dim,
                wrap=True,
            ),
            (th.px(10), y, width - th.px(10), desc_h),
        )
        y += desc_h + th.px(14)
        region.add(
            Label(
                (0, 0, 1, 1),
                i18n.t("setup.house_rules"),
                size=th.subheading_size,
                color=th.gold_light,
                bold=True,
            ),
            (th.px(10), y, width - th.px(10), th.px(34)),
        )
        y += th.px(40)
        self.variant_widgets: dict[str, Widget] = {}
        for key in VARIANT_ORDER:
            label = i18n.t(f"variant.{key}")
            if key in SWITCH_ON:
                on_value, off_value = switch_values(key)
                control: Widget = Toggle(
                    (0, 0, 1, 1),
                    label,
                    self.values[key] == on_value,
                    lambda on, key=key, a=on_value, b=off_value: self.set_rule(key, a if on else b),
                    on_text=i18n.t("common.on"),
                    off_text=i18n.t("common.off"),
                )
            else:  # idiot_penalty: a number of cards
                control = Choice(
                    (0, 0, 1, 1),
                    label,
                    [(n, i18n.tn("variant.idiot_penalty_value", n)) for n in sorted(CHOICES[key])],
                    self.values[key],
                    lambda v, key=key: self.set_rule(key, v),
                    wrap_around=False,
                    label_share=0.5,
                    enabled=bool(self.values["announce_last_card"]),
                )
            self.variant_widgets[key] = control
            region.add(control, (0, y, width, row_h))
            y += row_h
            region.add(
                Label(
                    (0, 0, 1, 1),
                    i18n.t(f"variant.{key}_desc"),
                    size=desc_size,
                    color=th.text_dim,
                    wrap=True,
                ),
                (th.px(10), y, width - th.px(10), desc_h),
            )
            y += desc_h + th.px(8)
        return region.widgets

    def draw_table_preview(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The seats around a small table, numbered in order of play."""
        th = self.theme
        table = area.inflate(-th.px(150), -th.px(70))
        table.height = min(table.height, round(table.width * 0.55))
        table.center = area.center
        rim = table.inflate(th.px(14), th.px(14))
        pygame.draw.ellipse(surface, (0, 0, 0), rim.move(0, th.px(6)))
        pygame.draw.ellipse(surface, th.felt_dark, rim)
        pygame.draw.ellipse(surface, th.felt, table)
        pygame.draw.ellipse(surface, th.gold_dark, rim, max(1, th.px(2)))
        names = self.final_names()
        positions = seat_positions(self.count, table)
        for i, (seat, pos) in enumerate(zip(self.seats, positions, strict=True)):
            detail = "" if seat.is_human else i18n.t(f"level.{seat.level}")
            _draw_plate(surface, th, pos, i + 1, names[i], detail, seat.is_human)

    def preset_label(self, name: str) -> str:
        key = f"setup.preset_{name}"
        if name == CUSTOM:
            return i18n.t("setup.preset_custom")
        return i18n.t(key) if i18n.has_key(key) else name.replace("_", " ").capitalize()

    def preset_description(self, name: str) -> str:
        if name == CUSTOM:
            return ""
        key = f"setup.preset_{name}_desc"
        if i18n.has_key(key):
            return i18n.t(key)
        return str(self.book.presets.get(name, {}).get("description", ""))

    # ---------------------------------------------------------------- drawing
    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.theme
        self.players_panel.draw(surface)
        self.rules_panel.draw(surface)
        if self.preview_rect.height >= th.px(120):
            self.draw_table_preview(surface, self.preview_rect)
        if self.error:
            draw_text_fit(
                surface,
                self.error,
                self.error_rect,
                th.body_size,
                color=(255, 190, 150),
                wrap=True,
                min_size=th.px(11),
            )
        elif self.level_note:
            note = f"{i18n.t(f'level.{self.level_note}')}: {i18n.level_description(self.level_note)}"
            draw_text_fit(surface, note, self.error_rect, th.small_size, color=th.text_dim, wrap=True)


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


def _draw_plate(surface, th, centre, number, name, detail, human) -> None:
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


def _small_title(panel: Panel, th) -> Any:
    """Panel titles on this page are subheadings, so two panels and the page title fit."""

    def title_rect() -> pygame.Rect:
        return pygame.Rect(
            panel.rect.left + th.padding,
            panel.rect.top + th.px(8),
            panel.rect.width - 2 * th.padding,
            th.px(38),
        )

    return title_rect
