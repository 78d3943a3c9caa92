"""The settings the whole app follows: the language, the sound, and the look (felt, large
print, card back). The window's fullscreen is the window's (``craits.ui.app_window``)."""

from __future__ import annotations

import pygame

from craits import i18n
from craits.persistence import Settings
from craits.ui.audio import Audio
from craits.ui.cards.art import CardArt
from craits.ui.widgets.theme import set_look


def use_language(code: str | None) -> None:
    """``code``, or the system's language when None; English when the game has neither."""
    if code is None:
        try:
            code = i18n.pick_language(pygame.system.get_pref_locales())
        except (AttributeError, pygame.error):  # an SDL too old to say
            code = "en"
    try:
        i18n.set_language(code)
    except ValueError:
        i18n.set_language("en")


def use_look(settings: Settings, card_art: CardArt) -> None:
    """The chosen felt, large print and card back, for every screen from now on."""
    set_look(settings.felt, settings.print_factor, settings.high_contrast)
    card_art.chosen_back = settings.card_back


def use_settings(settings: Settings, audio: Audio, card_art: CardArt) -> None:
    """After the settings screen: the chosen language (kept when it is no longer offered),
    the window's title in it, the sound and the look."""
    if settings.language:
        try:
            i18n.set_language(settings.language)
        except ValueError:
            pass  # a language no longer offered: the one on screen stays
    pygame.display.set_caption(i18n.t("app.title"))
    audio.set_volume(settings.volume)
    audio.set_cue_volume(settings.cue_volume)
    audio.set_muted(settings.muted)
    use_look(settings, card_art)
