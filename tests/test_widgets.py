"""Widgets answer synthetic mouse and key events; text fitting never overflows its box."""

from __future__ import annotations

import pygame
import pytest

from craits.ui import widgets as w


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((960, 600))
    pygame.event.clear()
    yield
    w.set_click_sound(None)


def down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos)


def up(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos)


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def key(k, mod=0, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def typed(text):
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def click(widget_or_group, pos):
    used_down = widget_or_group.handle(down(pos))
    used_up = widget_or_group.handle(up(pos))
    return used_down or used_up


# ----------------------------------------------------------------------------- theme and text


def test_theme_scales_with_the_window():
    assert w.Theme.for_size((1280, 800)).scale == 1.0
    small = w.Theme.for_size((960, 600))
    assert small.scale == pytest.approx(0.75)
    assert small.px(100) == 75
    assert w.Theme.for_size((2560, 1600)).button_height > w.Theme().button_height


def test_fit_text_shrinks_long_text_into_a_narrow_box():
    text = "Shed your cards, dodge the crank, mind the threes."
    fitted = w.fit_text(text, 320, 30, 40)
    assert fitted.size < 40
    assert fitted.width <= 320 and fitted.height <= 30
    assert not fitted.truncated
    assert fitted.lines == (text,)


def test_fit_text_keeps_the_size_when_it_fits():
    fitted = w.fit_text("OK", 300, 100, 24)
    assert fitted.size == 24 and not fitted.truncated


def test_fit_text_wraps_before_shrinking_much():
    text = "The card turned up at the deal works as the dealer's play."
    wrapped = w.fit_text(text, 220, 120, 22, wrap=True)
    single = w.fit_text(text, 220, 120, 22)
    assert len(wrapped.lines) > 1
    assert wrapped.size > single.size
    assert " ".join(wrapped.lines) == text
    assert wrapped.width <= 220 and wrapped.height <= 120


def test_fit_text_truncates_only_when_nothing_else_fits():
    fitted = w.fit_text("Supercalifragilistic " * 5, 60, 12, 30, min_size=10)
    assert fitted.truncated
    assert fitted.width <= 60
    assert fitted.lines[-1].endswith("…")


def test_draw_text_fit_stays_inside_its_box_and_draws():
    surface = pygame.Surface((400, 200))
    surface.fill((0, 0, 0))
    box = pygame.Rect(50, 50, 120, 40)
    drawn = w.draw_text_fit(surface, "A rather long button label", box, 30, color=(255, 255, 255))
    assert box.contains(drawn)
    lit = [(x, y) for x in range(400) for y in range(0, 200, 2) if surface.get_at((x, y))[0] > 100]
    assert lit, "nothing was drawn"
    assert all(box.collidepoint(p) for p in lit)


# ----------------------------------------------------------------------------- button


def test_button_clicks_on_press_and_release_inside():
    clicks = []
    b = w.Button((10, 10, 100, 40), "Go", lambda: clicks.append(1))
    assert click(b, (50, 30))
    assert clicks == [1]
    # press inside, release outside: no click
    b.handle(down((50, 30)))
    b.handle(up((300, 300)))
    assert clicks == [1]
    # press outside: ignored
    assert not b.handle(down((300, 300)))


def test_disabled_button_ignores_clicks_and_shortcut():
    clicks = []
    b = w.Button((10, 10, 100, 40), "Go", lambda: clicks.append(1), key=pygame.K_g, enabled=False)
    click(b, (50, 30))
    b.handle(key(pygame.K_g))
    assert clicks == []


def test_button_shortcut_key_and_hover():
    clicks = []
    b = w.Button((10, 10, 100, 40), "Draw", lambda: clicks.append(1), key=pygame.K_d)
    assert b.handle(key(pygame.K_d))
    assert not b.handle(key(pygame.K_d, mod=pygame.KMOD_CTRL))
    assert clicks == [1]
    b.handle(motion((20, 20)))
    assert b.hovered
    b.handle(motion((200, 200)))
    assert not b.hovered


def test_button_rejects_unknown_style():
    with pytest.raises(ValueError, match="style"):
        w.Button((0, 0, 10, 10), "x", None, style="loud")


def test_click_sound_plays_on_activation():
    sounds = []
    w.set_click_sound(lambda: sounds.append("click"))
    try:
        click(w.Button((0, 0, 50, 50), "x", None), (10, 10))
    finally:
        w.set_click_sound(None)
    assert sounds == ["click"]


# ----------------------------------------------------------------------------- toggle, choice, slider


def test_toggle_flips_on_click_and_with_keys():
    changes = []
    t = w.Toggle((0, 0, 300, 40), "Mute", False, changes.append)
    click(t, (100, 20))
    assert t.value is True and changes == [True]
    t.handle_key(key(pygame.K_LEFT))
    assert t.value is False
    t.handle_key(key(pygame.K_RETURN))
    assert t.value is True
    assert changes == [True, False, True]


def test_choice_steps_with_arrows_and_wraps():
    changes = []
    c = w.Choice(
        (0, 0, 400, 40),
        "Speed",
        [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast")],
        "normal",
        changes.append,
    )
    _, left, value_box, right = c.parts()
    click(c, right.center)
    assert c.value == "fast"
    click(c, right.center)
    assert c.value == "slow"  # wraps around
    click(c, left.center)
    assert c.value == "fast"
    click(c, value_box.center)
    assert c.value == "slow"
    c.handle_key(key(pygame.K_RIGHT))
    assert c.value == "normal"
    assert changes == ["fast", "slow", "fast", "slow", "normal"]
    with pytest.raises(ValueError):
        c.set_value("warp")


def test_choice_without_wrap_stops_at_the_ends():
    c = w.Choice((0, 0, 400, 40), "", [(2, "2"), (3, "3")], 3, wrap_around=False)
    c.handle_key(key(pygame.K_RIGHT))
    assert c.value == 3
    c.handle_key(key(pygame.K_LEFT))
    c.handle_key(key(pygame.K_LEFT))
    assert c.value == 2


def test_slider_follows_the_mouse_and_keys():
    values = []
    s = w.Slider((0, 0, 400, 40), "Volume", 0.5, values.append, step=0.1)
    track = s.track_rect()
    s.handle(down((track.left, track.centery)))
    assert s.value == pytest.approx(0.0)
    s.handle(motion((track.right, track.centery)))
    assert s.value == pytest.approx(1.0)
    s.handle(motion((track.left + track.width // 4, track.centery)))
    assert s.value == pytest.approx(0.25, abs=0.01)
    s.handle(up((0, 0)))
    s.handle(motion((track.right, track.centery)))  # no longer dragging
    assert s.value == pytest.approx(0.25, abs=0.01)
    s.handle_key(key(pygame.K_RIGHT))
    assert s.value == pytest.approx(0.35, abs=0.01)
    s.handle_key(key(pygame.K_END))
    assert s.value == 1.0
    assert values[-1] == 1.0


# ----------------------------------------------------------------------------- text input


def test_text_input_types_edits_and_limits_length():
    names = []
    t = w.TextInput((0, 0, 200, 40), "Ad", names.append, max_length=5)
    t.handle_key(typed("a"))
    assert t.text == "Ada"
    t.handle_key(key(pygame.K_HOME))
    t.handle_key(typed("Z"))
    assert t.text == "ZAda"
    t.handle_key(key(pygame.K_DELETE))
    assert t.text == "Zda"
    t.handle_key(key(pygame.K_END))
    t.handle_key(key(pygame.K_BACKSPACE))
    assert t.text == "Zd"
    t.handle_key(typed("abcdef"))
    assert t.text == "Zdabc"  # max_length 5
    t.handle_key(typed("\x07"))  # control characters are dropped
    assert t.text == "Zdabc"
    assert names[-1] == "Zdabc"


# ----------------------------------------------------------------------------- focus group


def test_focus_moves_with_tab_and_skips_what_cannot_take_focus():
    a = w.Button((0, 0, 100, 40), "A", None)
    label = w.Label((0, 50, 100, 40), "label")
    disabled = w.Button((0, 100, 100, 40), "B", None, enabled=False)
    c = w.Button((0, 150, 100, 40), "C", None)
    group = w.FocusGroup([a, label, disabled, c])
    assert group.focused is a
    group.handle(key(pygame.K_TAB))
    assert group.focused is c
    group.handle(key(pygame.K_TAB))
    assert group.focused is a
    group.handle(key(pygame.K_TAB, mod=pygame.KMOD_SHIFT))
    assert group.focused is c
    group.handle(key(pygame.K_UP))
    assert group.focused is a


def test_enter_activates_the_focused_widget_and_ring_shows_only_for_keyboard():
    clicks = []
    a = w.Button((0, 0, 100, 40), "A", lambda: clicks.append("a"))
    b = w.Button((0, 50, 100, 40), "B", lambda: clicks.append("b"))
    group = w.FocusGroup([a, b])
    assert not a.focus_visible
    group.handle(key(pygame.K_DOWN))
    assert group.focused is b and b.focus_visible
    group.handle(key(pygame.K_RETURN))
    assert clicks == ["b"]
    group.handle(motion((10, 10)))
    assert not b.focus_visible


def test_typing_in_a_field_does_not_fire_shortcuts():
    clicks = []
    name = w.TextInput((0, 0, 200, 40), "")
    button = w.Button((0, 50, 100, 40), "Draw", lambda: clicks.append(1), key=pygame.K_d)
    group = w.FocusGroup([name, button])
    click(group, (10, 10))
    assert group.focused is name
    assert group.handle(key(pygame.K_d, unicode="d"))
    group.handle(typed("d"))
    assert name.text == "d" and clicks == []
    # Enter in the field moves on; the next Enter presses the button
    group.handle(key(pygame.K_RETURN))
    assert group.focused is button
    group.handle(key(pygame.K_RETURN))
    assert clicks == [1]


def test_widgets_outside_their_clip_cannot_be_clicked():
    clicks = []
    b = w.Button((0, 100, 100, 40), "Hidden", lambda: clicks.append(1))
    b.clip = pygame.Rect(0, 0, 200, 90)
    group = w.FocusGroup([b])
    click(group, (50, 120))
    assert clicks == []
    b.clip = pygame.Rect(0, 0, 200, 200)
    click(group, (50, 120))
    assert clicks == [1]


def test_focus_callback_reports_the_newly_focused_widget():
    seen = []
    a, b = w.Button((0, 0, 10, 10), "a", None), w.Button((0, 20, 10, 10), "b", None)
    group = w.FocusGroup([a, b], on_focus=seen.append)
    group.handle(key(pygame.K_TAB))
    assert seen[-1] is b


# ----------------------------------------------------------------------------- scroll bar, drawing


def test_scroll_bar_drag_reports_offsets():
    offsets = []
    bar = w.ScrollBar((300, 0, 10, 200), offsets.append)
    bar.set_extent(1000, 200, 0)
    thumb = bar.thumb_rect()
    assert thumb.height == 40
    bar.handle(down(thumb.center))
    bar.handle(motion((305, 200)))
    assert offsets[-1] == bar.max_offset == 800
    bar.handle(up((305, 200)))
    bar.set_extent(100, 200, 50)
    assert not bar.needed and bar.offset == 0


def test_every_widget_draws_and_changes_pixels():
    surface = pygame.Surface((960, 600))
    items = [
        w.Button((10, 10, 200, 50), "Start", None),
        w.Button((10, 70, 200, 50), "Off", None, enabled=False, style="danger"),
        w.Toggle((10, 130, 300, 40), "Mute", True, on_text="On", off_text="Off"),
        w.Choice((10, 180, 300, 40), "Speed", [(1, "Normal")], 1),
        w.Slider((10, 230, 300, 40), "Volume", 0.3),
        w.TextInput((10, 280, 200, 40), "", placeholder="You"),
        w.Panel((400, 10, 300, 300), title="Panel"),
        w.Label((10, 330, 300, 40), "Label"),
    ]
    bar = w.ScrollBar((900, 10, 8, 300))
    bar.set_extent(900, 300, 100)
    items.append(bar)
    for item in items:
        surface.fill((0, 0, 0))
        item.draw(surface)
        region = surface.subsurface(item.rect.clip(surface.get_rect()))
        assert pygame.transform.average_color(region)[:3] != (0, 0, 0), type(item).__name__


def test_felt_background_is_cached_and_darker_at_the_edges():
    felt = w.felt_background((640, 400))
    assert w.felt_background((640, 400)) is felt
    centre = sum(felt.get_at((320, 200))[:3])
    corner = sum(felt.get_at((2, 2))[:3])
    assert corner < centre


def test_a_wrapped_paragraph_never_ends_with_one_lone_word():
    from craits.ui.fonts import get_font
    from craits.ui.widgets.text import wrap_words

    font = get_font(24)
    text = "Ibaba ang baraha, iwasan ang kadena, ingatan ang mga tres."
    width = font.size("Ibaba ang baraha, iwasan ang kadena, ingatan ang mga")[0] + 2
    lines = wrap_words(text, font, width)
    assert len(lines) == 2 and " " in lines[-1]
    assert all(font.size(line)[0] <= width for line in lines)
    assert " ".join(lines) == text


def _wrap_cases():
    """The texts wrapped most on the menus, in every language: the tagline and the levels."""
    from craits import i18n
    from craits.persistence import LEVELS

    cases = []
    for code, _ in i18n.available_languages():
        i18n.set_language(code)
        texts = [i18n.t("app.tagline"), *(i18n.level_description(lv) for lv in LEVELS)]
        cases += [(code, text) for text in texts]
    i18n.set_language("en")
    return cases


@pytest.mark.parametrize(("language", "text"), _wrap_cases())
def test_wrapping_is_balanced_in_every_language(language, text):
    """In as few lines as the width allows, no narrower block holds those lines, and the last
    line is never one lone word."""
    from craits.ui.fonts import get_font
    from craits.ui.widgets.text import BALANCE_LINES, wrap_words

    font = get_font(20)
    words = text.split(" ")
    widest_word = max(font.size(word)[0] for word in words)
    full = font.size(text)[0]
    checked = 0
    for width in range(widest_word, full, 5):
        lines = wrap_words(text, font, width)
        fewest = len(greedy_lines(words, font, width))
        if not 2 <= fewest <= BALANCE_LINES:
            continue
        checked += 1
        assert " ".join(lines) == text
        assert len(lines) == fewest, (width, lines)
        block = max(font.size(line)[0] for line in lines)
        assert block <= width
        assert len(greedy_lines(words, font, block - 1)) > fewest, (width, lines)
        assert " " in lines[-1], (width, lines)
    assert checked


def greedy_lines(words, font, width):
    """The plain first-fit wrap, as a yardstick: how few lines a width allows."""
    lines, current = [], ""
    for word in words:
        candidate = f"{current} {word}" if current else word
        if current and font.size(candidate)[0] > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    return [*lines, current]


def test_the_tagline_wraps_in_two_even_lines_on_the_title():
    from craits import i18n
    from craits.ui.fonts import get_font

    i18n.set_language("tl")
    try:
        # The width at which the title showed "...ingatan ang / mga tres." at 1600x1000.
        width = get_font(24).size("Ibaba ang baraha, iwasan ang kadena, ingatan ang")[0] + 2
        fitted = w.fit_text(i18n.t("app.tagline"), width, 64, 24, wrap=True)
    finally:
        i18n.set_language("en")
    assert fitted.lines == ("Ibaba ang baraha, iwasan ang", "kadena, ingatan ang mga tres.")


def test_a_long_paragraph_keeps_its_lines_and_evens_out_its_end():
    from craits.ui.fonts import get_font
    from craits.ui.widgets.text import wrap_words

    font = get_font(20)
    text = "one two three four five six seven eight nine ten eleven twelve thirteen end"
    words = text.split(" ")
    # The widths at which first-fit leaves "end" alone on the last of more than four lines.
    lone = [
        width
        for width in range(font.size("thirteen end")[0], font.size(text)[0])
        if len(plain := greedy_lines(words, font, width)) > 4 and plain[-1] == "end"
    ]
    assert lone
    for width in lone:
        plain = greedy_lines(words, font, width)
        lines = wrap_words(text, font, width)
        assert lines[:-2] == plain[:-2] and len(lines) == len(plain)
        assert " " in lines[-1] and " ".join(lines) == text
