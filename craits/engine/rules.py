"""Rule variants (RULES.md, section 8) as one immutable value.

Variants are data; the behaviour they select lives in the engine's code.
Loading them from YAML happens outside the engine (``craits.config``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

RuleValue = bool | int | str

# The allowed values of every variant key; the first entry of a choice is the default.
CHOICES: dict[str, tuple[RuleValue, ...]] = {
    "game_length": ("full", "short"),
    "starter_card_effects": (True, False),
    "play_drawn_card": (False, True),
    "draw_when_able": (False, True),
    "seven_skips": (False, True),
    "two_player_reverse": ("skip", "none"),
    "crank_optional": (False, True),
    "announce_last_card": (True, False),
    "idiot_penalty": (2, 0, 1, 3, 4, 5),
    "threes": ("cancel_then_bonus", "bonus_only_if_all_threes"),
}

def _shown(value: object) -> str:
    """A value for an error message, never echoed at length (it may come from a file)."""
    if isinstance(value, (list, dict, tuple, set)):
        return f"a {type(value).__name__}"
    if isinstance(value, int) and abs(value) > 10**12:
        return "a number far out of range"
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


# The keys a settings screen shows as on/off switches, and the value that reads as "on"
# (the other of the key's two choices is "off").
SWITCH_ON: dict[str, RuleValue] = {
    "starter_card_effects": True,
    "play_drawn_card": True,
    "draw_when_able": True,
    "seven_skips": True,
    "two_player_reverse": "skip",
    "crank_optional": True,
    "announce_last_card": True,
    "threes": "bonus_only_if_all_threes",
}


def switch_values(key: str) -> tuple[RuleValue, RuleValue]:
    """``(on, off)`` for a switch key: its two choices, the "on" one first."""
    on = SWITCH_ON[key]
    (off,) = [v for v in CHOICES[key] if not (v == on and type(v) is type(on))]
    return on, off


FULL_DEALS = (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)
SHORT_DEALS = FULL_DEALS[:8]


@dataclass(frozen=True, slots=True)
class Rules:
    """One combination of the variant keys; the defaults are the standard game."""

    game_length: str = "full"
    starter_card_effects: bool = True
    play_drawn_card: bool = False
    draw_when_able: bool = False
    seven_skips: bool = False
    two_player_reverse: str = "skip"
    crank_optional: bool = False
    announce_last_card: bool = True
    idiot_penalty: int = 2
    threes: str = "cancel_then_bonus"

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            allowed = CHOICES[f.name]
            # bool is an int subclass: compare types too, so True is never taken for 1.
            if not any(value == a and type(value) is type(a) for a in allowed):
                raise ValueError(
                    f"rule {f.name!r} cannot be {_shown(value)}; allowed: "
                    + ", ".join(repr(a) for a in sorted(allowed, key=str))
                )

    @property
    def deals(self) -> tuple[int, ...]:
        """Cards dealt to each player, round by round."""
        return FULL_DEALS if self.game_length == "full" else SHORT_DEALS

    def to_dict(self) -> dict[str, RuleValue]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Build from plain keys; unknown keys raise ``KeyError`` naming the key."""
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise KeyError(key)
        return cls(**data)


RULE_KEYS: tuple[str, ...] = tuple(f.name for f in fields(Rules))
