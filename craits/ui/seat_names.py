"""The names seats get when the player gives none: "You" for a lone human, "Player n" for
several, and a different first name for each computer player, in the language on screen."""

from __future__ import annotations

from collections.abc import Sequence

from craits import i18n
from craits.seat import HUMAN, Seat

BOT_NAMES = 6  # bot_names.n1 .. n6 in the catalogues


def default_seats(kinds: Sequence[str]) -> list[Seat]:
    """A seat of each kind (``human`` or a level), each with its default name."""
    humans = sum(1 for kind in kinds if kind == HUMAN)
    out: list[Seat] = []
    bot = human = 0
    for kind in kinds:
        if kind == HUMAN:
            human += 1
            name = i18n.t("setup.you") if humans == 1 else i18n.t("setup.default_name", n=human)
        else:
            bot += 1
            name = i18n.t(f"bot_names.n{(bot - 1) % BOT_NAMES + 1}")
        out.append(Seat(kind, name))
    return out


def named_seats(seats: Sequence[Seat]) -> tuple[Seat, ...]:
    """``seats`` with the default name where a seat has none."""
    defaults = default_seats([seat.kind for seat in seats])
    return tuple(Seat(seat.kind, seat.name or default.name)
                 for seat, default in zip(seats, defaults, strict=True))


def shown_names(seats: Sequence[Seat]) -> list[str]:
    """Each seat's name as the table shows it; an empty one (a record may leave it so) as
    the game names seats: "Player n"."""
    return [seat.name or i18n.t("setup.default_name", n=i + 1) for i, seat in enumerate(seats)]
