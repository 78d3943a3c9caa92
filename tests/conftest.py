import os
import tempfile

import pytest

# Headless pygame: these must be set before pygame is imported anywhere.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Tests never write to the player's own settings, saves or logs.
os.environ["CRAITS_HOME"] = tempfile.mkdtemp(prefix="craits-test-home-")



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
