"""Random input at every screen of the real app: no error may escape, and whatever happens the
saved game replays to the position on the table.

Each scene is set up through the app, then fed seeded random gestures (clicks anywhere, motion,
drags, wheel, keys, text, resizes from tiny to large, focus changes, quit requests) between
frames stepped with a fixed ``dt`` through ``App.step``. When the input leaves the scene (it
often does: Esc, Enter, a lucky click), the scene is set up again, so each gets its share.
"""

from __future__ import annotations

import random
import time

import pygame
import pytest
from app_driver import FRAME, drive_session, make_app, short_rules

from craits import i18n
from craits.engine import Play
from craits.engine.notation import read_card as parse_card
from craits.persistence import Statistics
from craits.session import Seat, Session
from craits.ui.table.match import HandOff
from craits.ui.tabletop.intents import Command

pytestmark = pytest.mark.slow  # started first: see conftest.py

SEED = 20261129
FRAMES_PER_SCENE = 200
CHECK_EVERY = 20  # frames between checks of the saved game
REVISIT_AFTER = 8  # frames away from the scene under test before it is set up again

SIZES = [(240, 160), (480, 300), (800, 500), (960, 600), (1280, 800), (1920, 1080)]
KEYS = [
    pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_SPACE,
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END,
    pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_F11,
    *range(pygame.K_0, pygame.K_9 + 1), *range(pygame.K_a, pygame.K_z + 1),
    pygame.K_l, pygame.K_i, pygame.K_d, pygame.K_p,  # the table's shortcuts, more often
]
TEXTS = ["a", "Zoë", "Ťž", "ñ", "♠♥", "你好", "😀", " ", "x" * 40, "\t", "'; --"]
FOCUS_EVENTS = [pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWLEAVE,
                pygame.WINDOWENTER, pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED,
                pygame.WINDOWEXPOSED]


class Gestures:
    """Seeded random input, posted to pygame's queue as a player's hands would make it."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.counts: dict[str, int] = {}
        self.kinds = [("click", 24), ("motion", 14), ("drag", 6), ("wheel", 8), ("key", 32),
                      ("text", 6), ("resize", 2), ("focus", 4), ("quit", 1)]

    def post_some(self, size: tuple[int, int]) -> None:
        for _ in range(self.rng.randint(1, 4)):
            names, weights = zip(*self.kinds, strict=True)
            kind = self.rng.choices(names, weights)[0]
            self.counts[kind] = self.counts.get(kind, 0) + 1
            getattr(self, kind)(size)

    def pos(self, size) -> tuple[int, int]:
        # Mostly inside the window, sometimes on its very edge or just outside it.
        w, h = size
        if self.rng.random() < 0.1:
            return self.rng.choice([(0, 0), (w - 1, h - 1), (w, h), (-5, h // 2), (w // 2, -3)])
        return self.rng.randrange(max(1, w)), self.rng.randrange(max(1, h))

    @staticmethod
    def post(kind: int, **fields) -> None:
        pygame.event.post(pygame.event.Event(kind, **fields))

    def click(self, size) -> None:
        pos, button = self.pos(size), self.rng.choice([1, 1, 1, 1, 1, 3, 2])
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
        if self.rng.random() < 0.9:  # sometimes the button is still down at the next frame
            self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)

    def motion(self, size) -> None:
        held = (1, 0, 0) if self.rng.random() < 0.2 else (0, 0, 0)
        self.post(pygame.MOUSEMOTION, pos=self.pos(size), rel=(self.rng.randint(-40, 40),
                  self.rng.randint(-40, 40)), buttons=held, touch=False)

    def drag(self, size) -> None:
        start, end = self.pos(size), self.pos(size)
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
        for step in range(1, 5):
            point = (start[0] + (end[0] - start[0]) * step // 4,
                     start[1] + (end[1] - start[1]) * step // 4)
            self.post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(1, 0, 0), touch=False)
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False)

    def wheel(self, size) -> None:
        y = self.rng.choice([-3, -1, 1, 3, 10])
        self.post(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                  precise_y=float(y), touch=False, which=0)
        if self.rng.random() < 0.3:  # the old-style wheel buttons too
            self.post(pygame.MOUSEBUTTONDOWN, pos=self.pos(size),
                      button=self.rng.choice([4, 5]), touch=False)

    def key(self, size) -> None:
        key = self.rng.choice(KEYS)
        mod = self.rng.choice([0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT])
        name = pygame.key.name(key)
        unicode = name if len(name) == 1 else {pygame.K_RETURN: "\r", pygame.K_TAB: "\t",
                                               pygame.K_SPACE: " "}.get(key, "")
        if mod & pygame.KMOD_SHIFT:
            unicode = unicode.upper()
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        if unicode.isprintable() and unicode:
            self.post(pygame.TEXTINPUT, text=unicode)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)

    def text(self, size) -> None:
        self.post(pygame.TEXTINPUT, text=self.rng.choice(TEXTS))

    def resize(self, size) -> None:
        new = self.rng.choice(SIZES)
        pygame.display.set_mode(new, pygame.RESIZABLE)
        self.post(pygame.VIDEORESIZE, size=new, w=new[0], h=new[1])
        self.post(pygame.WINDOWSIZECHANGED, x=new[0], y=new[1])

    def focus(self, size) -> None:
        if self.rng.random() < 0.3:
            self.post(pygame.ACTIVEEVENT, gain=self.rng.randint(0, 1), state=2)
        else:
            self.post(self.rng.choice(FOCUS_EVENTS))

    def quit(self, size) -> None:
        self.post(pygame.QUIT)


# ---------------------------------------------------------------------------- scene set-ups


def _table(app, kinds, seed, rules=None):
    app.new_game(app.seats_for(kinds), rules or short_rules(), seed, replace_ok=True)
    return app.current_table()


def _resume(app, session: Session):
    app.saves.save(session.to_save())
    assert app.continue_game()
    return app.current_table()


def _played(kinds, seed, condition_name: str) -> Session:
    seats = [Seat(kind, f"P{i}") for i, kind in enumerate(kinds)]
    session = Session(seats, short_rules(), seed)
    conditions = {
        "middle": lambda: session.match.round_index == 1 and len(session.records) > 12,
        "round_over": lambda: session.match.state.is_over() and session.match.round_index == 2,
        "match_over": lambda: session.match.is_over(),
    }
    drive_session(session, conditions[condition_name], seed)
    return session


def setup_title(app):
    app.show_title()


def _over_title(app, scene_class, *args, **kwargs):
    app.show_title()
    app.scenes.push(scene_class(app, *args, **kwargs))


def setup_new_game(app):
    from craits.ui.menus.new_game import NewGameScene

    _over_title(app, NewGameScene)


def setup_rules(app):
    from craits.ui.menus.rules import RulesScene

    _over_title(app, RulesScene)


def setup_settings(app):
    from craits.ui.menus.settings import SettingsScene

    _over_title(app, SettingsScene)


def setup_statistics(app):
    from craits.ui.menus.statistics import StatisticsScene

    stats = Statistics()
    stats.record_round(["human", "hard"], [12, 0], 1, longest_crank=6, idiot_calls=[(1, 0)])
    stats.record_game(["human", "hard"], [120, 98], "short")
    app.statistics = stats
    _over_title(app, StatisticsScene)


def setup_confirm(app):
    from craits.ui.dialogs.confirm import ConfirmScene

    _over_title(app, ConfirmScene, i18n.t("stats.reset"), i18n.t("stats.reset_confirm"),
                danger=True)


def setup_message(app):
    from craits.ui.dialogs.message import MessageScene

    app.show_title()
    app.scenes.push(MessageScene(app, i18n.t("notice.crash_title"),
                                 i18n.t("notice.crash", path="/a/long/path/" * 8),
                                 [(i18n.t("common.ok"), None, "primary"),
                                  (i18n.t("common.cancel"), None, "secondary")]))


def setup_table(app):
    _table(app, ["human", "easy", "medium"], 31)


def setup_cut(app):
    table = _table(app, ["human", "medium", "easy", "easy"], 32)
    table.update(FRAME)  # a fresh table opens with the cut for the first dealer


def setup_pass_and_play(app):
    _resume(app, _played(["human", "human", "easy"], 33, "middle"))


def setup_handoff(app):
    table = _resume(app, _played(["human", "human", "medium"], 34, "middle"))
    table.flow.show(HandOff(1 - table.match.viewer if table.match.viewer in (0, 1) else 0))


def setup_suit_dialog(app):
    from craits.ui.dialogs.suit_dialog import SuitDialog

    table = _table(app, ["human", "easy"], 35)
    eight = parse_card("8S")
    dialog = SuitDialog(app, card=eight, options=[Play(eight, suit) for suit in range(4)],
                        may_cancel=True, offer_announce=True)
    table.match.modal_open = True
    app.scenes.push(dialog, table.flow.suit_answer)


def setup_pause(app):
    table = _resume(app, _played(["human", "easy", "easy"], 36, "middle"))
    table.post(Command.MENU)


def setup_scoreboard(app):
    table = _resume(app, _played(["human", "easy"], 37, "round_over"))
    table.update(FRAME)  # the table sees the round is over and shows the scores


def setup_game_over(app):
    from craits.ui.table.game_over import GameOverScene

    table = _resume(app, _played(["human", "medium"], 38, "match_over"))
    app.scenes.push(GameOverScene(app, table.session))


SCENES = {
    "TitleScene": setup_title,
    "NewGameScene": setup_new_game,
    "RulesScene": setup_rules,
    "SettingsScene": setup_settings,
    "StatisticsScene": setup_statistics,
    "ConfirmScene": setup_confirm,
    "MessageScene": setup_message,
    "TableScene": setup_table,
    "CutScene": setup_cut,
    "HandoffScene": setup_handoff,
    "SuitDialog": setup_suit_dialog,
    "PauseScene": setup_pause,
    "ScoreboardScene": setup_scoreboard,
    "GameOverScene": setup_game_over,
    "pass-and-play": setup_pass_and_play,
}


# ---------------------------------------------------------------------------- checks


def check_saved_game(app) -> bool:
    """The save on disk replays to the table's position (or there is none for a finished
    match). True when a save was checked."""
    app.autosaver.flush()
    data, problem = app.saves.load()
    assert problem is None, str(problem)
    table = app.current_table()
    if table is None or data is None:
        assert table is None or table.session.match.is_over() or not table.session.records
        return False
    replayed = Session.from_save(data)
    assert replayed.records == data["actions"]
    session = table.session
    if data["seed"] == session.seed and data["seats"] == session.to_save()["seats"]:
        assert data["actions"] == session.records, "an action was not saved"
        assert replayed.match.state == session.match.state
        assert replayed.match.totals == session.match.totals
    return True


@pytest.fixture
def fuzz_app(tmp_path, monkeypatch, quick_bots):
    # A new game started from the menus draws its seed from here: keep it reproducible.
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(SEED))
    app = make_app(tmp_path, monkeypatch, size=(960, 600), speed="fast")

    def report(exc):
        raise exc  # an error the app's net would catch is a failure here

    app.report_crash = report
    yield app
    app.shutdown()
    i18n.set_language("en")


@pytest.mark.draws  # drawing at every size is part of what must not break
def test_random_input_at_every_screen_never_breaks_the_app(fuzz_app):
    app = fuzz_app
    rng = random.Random(SEED)
    gestures = Gestures(rng)
    seen_on_top: dict[str, int] = {}
    saves_checked = quits = setups = 0
    started = time.perf_counter()
    for name, setup in SCENES.items():
        app.running = True
        setup(app)
        setups += 1
        target = "TableScene" if name == "pass-and-play" else name
        gone_for = 0
        for frame in range(FRAMES_PER_SCENE):
            top = type(app.scenes.top).__name__
            seen_on_top[top] = seen_on_top.get(top, 0) + 1
            gestures.post_some(app.size)
            app.step(FRAME)
            if not app.running:  # a quit request (or the title's Quit): saved, then go on
                quits += 1
                saves_checked += check_saved_game(app)
                app.running = True
            if frame % CHECK_EVERY == CHECK_EVERY - 1:
                saves_checked += check_saved_game(app)
            # Wherever the input led is fuzzed too, for a while; then back to the target.
            gone_for = 0 if any(type(s).__name__ == target for s in app.scenes) else gone_for + 1
            if gone_for > REVISIT_AFTER:
                gone_for = 0
                saves_checked += check_saved_game(app)
                if pygame.display.get_surface().get_size() != (960, 600):
                    pygame.display.set_mode((960, 600), pygame.RESIZABLE)
                    app.step(FRAME)
                setup(app)
                setups += 1
        saves_checked += check_saved_game(app)
    seconds = time.perf_counter() - started
    events = sum(gestures.counts.values())
    print(f"\nfuzz: {events} gestures, {len(SCENES) * FRAMES_PER_SCENE} frames, {setups} "
          f"set-ups, {quits} quits, {saves_checked} saves replayed, {seconds:.1f} s; "
          f"gestures {gestures.counts}; frames on top {seen_on_top}")
    missing = [name for name in SCENES if "-" not in name and name not in seen_on_top]
    assert not missing, f"never fuzzed: {missing}"
    assert events > 3000
    assert saves_checked > 20 and quits > 0
    assert all(gestures.counts.get(kind, 0) for kind, _ in gestures.kinds)
