"""The player's settings and last new-game setup, kept in ``settings.json``."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from craits.config.rules import RULE_FIELDS
from craits.config.schema import (
    Boolean,
    Field,
    Integer,
    Invalid,
    ListOf,
    Nullable,
    Number,
    OneOf,
    Struct,
    Text,
)
from craits.engine.notation import NotationError, read_seat_name
from craits.engine.rules import RuleValue
from craits.paths import safe_child, user_home
from craits.persistence.fieldwise import Group, Spec, read_fields
from craits.persistence.store import JsonStore
from craits.seat import Seat

SETTINGS_FORMAT = "craits-settings"
SETTINGS_VERSION = 1
SETTINGS_FILE = "settings.json"

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
CARD_STYLES = ("classic", "fourcolor")
CARD_BACKS = ("blue", "red", "green", "charcoal")  # assets/cards/back_<name>.svg
FELT_COLOURS = ("green", "blue", "burgundy", "charcoal")  # the table's felt
LEVELS = ("easy", "medium", "hard", "expert")  # computer opponents, weakest first
# A level's previous version, while config/ai.yaml keeps it (craits.config.levels.classics).
SEAT_KINDS = ("human", *LEVELS, *(f"{level}-classic" for level in LEVELS))
GAME_LENGTHS = ("full", "short")
SPEECH_VERBOSITY = ("full", "brief", "minimal")  # craits.ui.speech.VERBOSITY
# How the player's hand is ordered: by suit then rank, by rank, by the points a card scores if
# kept, or as the player arranges it (drag, or Shift + arrows).
HAND_ORDERS = ("suit", "rank", "points", "manual")


COSTLY_THRESHOLDS = (0, 5, 10, 20)  # points; 0 is off
PRINT_SCALES = (1.5, 1.75, 2.0)  # large print's steps (off is 1x)
CALL_TIMES = (0.0, 1.5, 3.0, 5.0)  # seconds to call "Last card!"; 0: chosen by speech
CALL_GRACE = 1.5  # the time to call without speech
SPOKEN_CALL_GRACE = 3.0  # long enough to hear a whole announcement first


@dataclass(frozen=True)
class NewGameSetup:
    """What the new-game screen showed last: seats, preset, rule changes, game length."""

    seats: tuple[Seat, ...] = (Seat("human"), Seat("medium"), Seat("medium"), Seat("medium"))
    preset: str = "standard"
    rule_overrides: dict[str, RuleValue] = field(default_factory=dict)
    length: str = "full"


@dataclass(frozen=True)
class Settings:
    """Player preferences; change with ``dataclasses.replace``. ``language`` None: the system's."""

    language: str | None = None
    volume: float = 0.8
    muted: bool = False
    cue_volume: float = 0.8  # the sound cues (your turn, refused, one card, called): own volume
    animation_speed: str = "normal"
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 800)
    card_style: str = "classic"
    card_back: str = "blue"
    felt: str = "green"
    large_cards: bool = False  # large print: larger hand cards, text and controls
    print_scale: float = 1.5  # how large, with large print on (``PRINT_SCALES``)
    high_contrast: bool = False  # near-black felt, white text, strong outlines
    call_time: float = 0.0  # seconds to call "Last card!" (``CALL_TIMES``; 0: automatic)
    coaching: bool = True  # first-game notes at the table (the player may turn them off)
    undo: bool = True  # a misclick may be taken back in games with one human
    # Said through the screen reader or the system's speech; off until the player turns it on
    # (or starts with CRAITS_SPEECH=1), so nobody without a speech service is told it is missing.
    speech: bool = False
    speech_verbosity: str = "full"
    # The player turned speech on or off themselves; until then a running screen reader turns
    # it on (``speech`` is then what the app found, not a choice).
    speech_chosen: bool = False
    confirm_costly: int = 0  # ask before a play the hard level expects to lose this many points
    # A game against the computer reviewed, and its par found, while it is played (in the
    # background, at a low priority); off: only when the review is opened.
    analyse_while_playing: bool = True
    # Draw for the player when nothing fits, pass when passing is all there is (the same
    # action a player would take; never where there is a choice).
    forced_moves: bool = True
    hand_order: str = "suit"  # ``HAND_ORDERS``
    # What first-game coaching has shown (``craits.review.CoachState.to_dict``).
    coach: dict[str, object] = field(default_factory=dict)
    new_game: NewGameSetup = field(default_factory=NewGameSetup)

    def to_dict(self) -> dict[str, object]:
        data = dataclasses.asdict(self)  # a copy all through: the seats too are dicts
        data["window_size"] = list(self.window_size)
        data["new_game"]["seats"] = list(data["new_game"]["seats"])
        return data

    @property
    def print_factor(self) -> float:
        """How much larger than designed text, cards and controls are drawn (1.0: large print
        off). Older settings with large print on and no step read as 1.5x."""
        return float(self.print_scale) if self.large_cards else 1.0

    def call_grace(self) -> float:
        """Seconds the player has to call "Last card!": the chosen time, or by default 1.5 s,
        and with speech on long enough to hear the announcement first."""
        if self.call_time:
            return float(self.call_time)
        return SPOKEN_CALL_GRACE if self.speech else CALL_GRACE

    @classmethod
    def from_dict(cls, data: object) -> tuple[Settings, list[str]]:
        """Settings from stored data; bad or unknown fields fall back alone, each with a note."""
        values, problems = read_fields(data, _SETTINGS_SPEC)
        if isinstance(data, dict) and "speech_chosen" not in data and values["speech"]:
            values["speech_chosen"] = True  # turned on before the flag was kept
        return cls(**values), problems


class _SeatName(Field):
    """A seat's name as a save reads it (``notation.read_seat_name``): a longer one is
    shortened."""

    def check(self, value: object) -> str:
        try:
            return read_seat_name(value)
        except NotationError as exc:
            raise Invalid(str(exc)) from None


class _Seats(Field):
    # A name as the game would let a player type it (a longer one is shortened).
    _ITEM = Struct({"kind": OneOf(*SEAT_KINDS), "name": _SeatName()}, required=["kind"])

    def check(self, value: object) -> tuple[Seat, ...]:
        seats: list[dict[str, str]] = ListOf(self._ITEM, min_items=2, max_items=5).check(value)
        return tuple(Seat(**seat) for seat in seats)


# The coaching notes shown (short ids), games finished, and whether coaching is on.
_COACH_PROGRESS = Struct({
    "shown": ListOf(Text(r"[a-z][a-z0-9_]*", max_length=40), max_items=100),
    "games": Integer(0, 1_000_000),
    "enabled": Boolean(),
})  # fmt: skip


class _WindowSize(Field):
    def check(self, value: object) -> tuple[int, int]:
        width: int
        height: int
        width, height = ListOf(Integer(320, 16384), min_items=2, max_items=2).check(value)
        return width, height


def _default(name: str, owner: type[Settings | NewGameSetup] = Settings
             ) -> Callable[[], object]:
    for f in dataclasses.fields(owner):
        if f.name == name:
            if f.default_factory is not dataclasses.MISSING:
                return f.default_factory
            value = f.default
            return lambda: value
    raise LookupError(f"{owner.__name__} has no field {name!r}")


_LANGUAGE = Text(r"[a-z]{2,3}([_-][A-Za-z0-9]{2,8})*", max_length=35,
                 explain="a language code such as en or es")
_SETUP_SPEC: Spec = {
    "seats": (_Seats(), _default("seats", NewGameSetup)),
    "preset": (Text(r"[a-z][a-z0-9_]*", max_length=40), _default("preset", NewGameSetup)),
    "rule_overrides": (Struct(RULE_FIELDS), _default("rule_overrides", NewGameSetup)),
    "length": (OneOf(*GAME_LENGTHS), _default("length", NewGameSetup)),
}
_SETTINGS_SPEC: Spec = {
    "language": (Nullable(_LANGUAGE), _default("language")),
    "volume": (Number(0, 1), _default("volume")),
    "muted": (Boolean(), _default("muted")),
    "cue_volume": (Number(0, 1), _default("cue_volume")),
    "animation_speed": (OneOf(*ANIMATION_SPEEDS), _default("animation_speed")),
    "fullscreen": (Boolean(), _default("fullscreen")),
    "window_size": (_WindowSize(), _default("window_size")),
    "card_style": (OneOf(*CARD_STYLES), _default("card_style")),
    "card_back": (OneOf(*CARD_BACKS), _default("card_back")),
    "felt": (OneOf(*FELT_COLOURS), _default("felt")),
    "large_cards": (Boolean(), _default("large_cards")),
    "print_scale": (OneOf(*PRINT_SCALES), _default("print_scale")),
    "high_contrast": (Boolean(), _default("high_contrast")),
    "call_time": (OneOf(*CALL_TIMES), _default("call_time")),
    "coaching": (Boolean(), _default("coaching")),
    "undo": (Boolean(), _default("undo")),
    "speech": (Boolean(), _default("speech")),
    "speech_verbosity": (OneOf(*SPEECH_VERBOSITY), _default("speech_verbosity")),
    "speech_chosen": (Boolean(), _default("speech_chosen")),
    "confirm_costly": (OneOf(*COSTLY_THRESHOLDS), _default("confirm_costly")),
    "analyse_while_playing": (Boolean(), _default("analyse_while_playing")),
    # On for a new player; a file from before the setting keeps the play its player knew.
    "forced_moves": (Boolean(), lambda: False),
    "hand_order": (OneOf(*HAND_ORDERS), _default("hand_order")),
    "coach": (_COACH_PROGRESS, _default("coach")),
    "new_game": (Group(_SETUP_SPEC, NewGameSetup), _default("new_game")),
}


class SettingsStore(JsonStore[Settings]):
    """``settings.json`` in the user home (or ``home``)."""

    def __init__(self, home: Path | None = None) -> None:
        super().__init__(safe_child(SETTINGS_FILE, user_home() if home is None else home,
                                    link_allowed=True), SETTINGS_FORMAT, SETTINGS_VERSION,
                         read=Settings.from_dict, write=Settings.to_dict, default=Settings)
