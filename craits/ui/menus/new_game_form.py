"""The new-game form without a screen: who sits at the table, and which rules.

2 to 5 seats, each Human or Computer (with a level) and a name (empty means the default the
screen shows in grey); a rules preset, the game length and every variant key of RULES.md
section 8. The form starts from the setup remembered in ``settings.new_game``, says what is
wrong with the choices (``validate``), and gives the ``GameSetup`` to start and the
``NewGameSetup`` to remember.
"""

from __future__ import annotations

from dataclasses import dataclass

from craits import i18n
from craits.config import ConfigError, read_rule_book
from craits.config.rules import RuleBook
from craits.engine.rules import CHOICES, Rules, RuleValue
from craits.persistence import NewGameSetup
from craits.seat import Seat
from craits.ui.menus.new_game_levels import chosen_level, seat_levels

MIN_SEATS, MAX_SEATS = 2, 5
NAME_MAX_LENGTH = 16  # fits a seat's name plate at the table
BOT_NAME_KEYS = tuple(f"bot_names.n{i}" for i in range(1, 7))
CUSTOM = "custom"


@dataclass(frozen=True)
class GameSetup:
    """What ``app.new_game`` receives: the seats in order, the rules, and a seed (None: random)."""

    seats: list[Seat]
    rules: Rules
    seed: int | None = None
    # A move may be taken back: pass-and-play's agreement; None (one human): the setting's.
    undo: bool | None = None


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


def load_rule_book() -> tuple[RuleBook, str | None]:
    """The rule book, or the default rules alone and the reason the file could not be read."""
    try:
        return read_rule_book(), None
    except (ConfigError, OSError) as exc:
        defaults = Rules().to_dict()
        return RuleBook(defaults, {"standard": {"description": "", "rules": {}}}), str(exc)


class NewGameForm:
    """The choices on the new-game screen and the changes the player makes to them."""

    def __init__(self, book: RuleBook, remembered: NewGameSetup) -> None:
        self.book = book
        self._load_remembered(remembered)
        # Pass-and-play: every player agreed that a misclick may be taken back (asked anew
        # for each game, off until they do).
        self.undo_agreed = False

    def _load_remembered(self, setup: NewGameSetup) -> None:
        drafts = []
        offered = seat_levels()
        for seat in setup.seats[:MAX_SEATS]:
            if seat.kind == "human":
                drafts.append(SeatDraft("human", "medium", seat.name))
            else:
                drafts.append(SeatDraft("computer", chosen_level(seat.kind, offered), seat.name))
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
            Rules.from_dict(values)
        except (TypeError, ValueError):
            values = self.book.rules(preset).to_dict()
        self.values: dict[str, RuleValue] = values

    # ---------------------------------------------------------------- questions
    @property
    def seats(self) -> list[SeatDraft]:
        return self.drafts[: self.count]

    def rules(self) -> Rules:
        return Rules.from_dict(self.values)

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
            length=str(self.values["game_length"]),
        )

    def game_setup(self) -> GameSetup:
        seats = [
            Seat(s.seat_kind, name) for s, name in zip(self.seats, self.final_names(), strict=True)
        ]
        undo = self.undo_agreed if self.humans() > 1 else None
        return GameSetup(seats=seats, rules=self.rules(), seed=None, undo=undo)

    def humans(self) -> int:
        return sum(s.is_human for s in self.seats)

    def preset_label(self, name: str) -> str:
        key = f"setup.preset_{name}"  # custom's too
        return i18n.t(key) if i18n.has_key(key) else name.replace("_", " ").capitalize()

    def preset_description(self, name: str) -> str:
        if name == CUSTOM:
            return ""
        key = f"setup.preset_{name}_desc"
        if i18n.has_key(key):
            return i18n.t(key)
        return str(self.book.presets.get(name, {}).get("description", ""))

    # ---------------------------------------------------------------- changes
    def set_count(self, count: int) -> None:
        self.count = max(MIN_SEATS, min(MAX_SEATS, int(count)))

    def set_kind(self, index: int, kind: str) -> None:
        self.drafts[index].kind = kind

    def set_level(self, index: int, level: str) -> None:
        self.drafts[index].level = level

    def set_name(self, index: int, name: str) -> None:
        self.drafts[index].name = name

    def set_undo_agreed(self, on: bool) -> None:
        self.undo_agreed = on

    def set_preset(self, name: str) -> bool:
        """Take the rules of preset ``name``; False (nothing changes) for ``custom``, which only
        names the current mix."""
        if name == CUSTOM:
            return False
        # Every rule the preset stands for, its length included (a preset that names no
        # length is played at the default one): so each preset is itself when picked again.
        self.base_preset = name
        self.values = self.book.rules(name).to_dict()
        return True

    def set_rule(self, key: str, value: RuleValue) -> None:
        self.values[key] = value
