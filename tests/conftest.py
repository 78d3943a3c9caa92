import os
import signal
import sys
import tempfile

import pytest


def _ram_folder() -> str | None:
    """Linux's RAM-backed /dev/shm when it has room to spare (and no TMPDIR was chosen). The
    tests write thousands of saves, each fsynced, and on a busy disk the waiting was most of
    some tests' time; the writes, fsyncs and renames they check are the same there."""
    if sys.platform != "linux" or "TMPDIR" in os.environ or not os.access("/dev/shm", os.W_OK):
        return None
    room = os.statvfs("/dev/shm")  # the wheel's and the package's tests run programs there
    roomy = room.f_bavail * room.f_frsize >= 8 << 30
    return "/dev/shm" if roomy and not room.f_flag & os.ST_NOEXEC else None


if (_folder := _ram_folder()) is not None:  # before any temporary file, in every worker
    os.environ["TMPDIR"] = tempfile.tempdir = _folder
# Headless pygame: these must be set before pygame is imported anywhere.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Tests never write to the player's own settings, saves or logs.
os.environ["CRAITS_HOME"] = tempfile.mkdtemp(prefix="craits-test-home-")
# A run a script started in the background inherits Ctrl+C ignored, and so would every game
# a test starts: the tests of Ctrl+C need it delivered, as at a terminal.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "draws: the app draws its frames (the test reads pixels or drawn text)")
    _svg_rendered_once()


def pytest_collection_modifyitems(config, items):
    """The files marked slow first. make test hands whole files to its workers in this order
    (--dist loadfile --no-loadscope-reorder), so the long files start at once and the many
    short ones even out the end; by default the files with the most tests go first, which
    left a long file of one or two tests running alone at the end."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def _svg_rendered_once() -> None:
    """Each App renders the card faces it shows from their SVGs, and a worker opens hundreds
    of Apps: a tenth of the suite's time went to rendering the same files at the same sizes.
    The rendering is deterministic, so a worker keeps the newest few thousand and hands out
    copies."""
    import pygame

    render = pygame.image.load_sized_svg
    rendered: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}

    def load_sized_svg(file, size):
        key = (os.fspath(file), tuple(size))
        if key not in rendered:
            if len(rendered) >= 3000:  # about 300 MB at the largest sizes the tests open
                del rendered[next(iter(rendered))]
            rendered[key] = render(file, size)
        return rendered[key].copy()

    pygame.image.load_sized_svg = load_sized_svg


@pytest.fixture(autouse=True)
def _frames_undrawn(request, monkeypatch):
    """The app's loop draws no frame unless the test is marked ``draws``: most tests read
    scenes, not pixels, and drawing was two thirds of their time."""
    if request.node.get_closest_marker("draws") is None:
        from craits.ui.app import App

        monkeypatch.setattr(App, "draws", False)


@pytest.fixture
def quick_bots(monkeypatch):
    """Searching levels (hard, expert) seated as medium, wherever a session or the app seats
    computer players: for tests of screens and files, where what is on the table matters and
    not how well it was played. A searching seat's decision is about a hundred times medium's."""
    import craits.session
    from craits.config.levels import make_bot

    def quick_bot(level, profiles=None):
        return make_bot("medium" if level in ("hard", "expert") else level, profiles)

    monkeypatch.setattr(craits.session, "make_bot", quick_bot)  # the sessions' bot factory


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    """Opens Apps in a scratch home (1280x800, fast pace, computers thinking inline); each one
    is shut down after the test."""
    from app_driver import make_app as open_app

    apps = []

    def make(size=(1280, 800), speed="fast"):
        app = open_app(tmp_path, monkeypatch, size=size, speed=speed)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.shutdown()


@pytest.fixture
def app(make_app):
    """An App in a scratch home (1280x800, fast pace, computers thinking inline)."""
    return make_app()


@pytest.fixture
def transcript(tmp_path, monkeypatch):
    """What the game says in this test, one utterance a line (``CRAITS_SPEECH_LOG``), from a
    speaker of its own."""
    from craits.ui.speech import speaker as speaker_module

    path = tmp_path / "speech.txt"
    monkeypatch.setenv("CRAITS_SPEECH_LOG", str(path))
    monkeypatch.setattr(speaker_module, "_shared", None)
    return path
