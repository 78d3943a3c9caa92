import os
import tempfile

# Headless pygame: these must be set before pygame is imported anywhere.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Tests never write to the player's own settings, saves or logs.
os.environ["CRAITS_HOME"] = tempfile.mkdtemp(prefix="craits-test-home-")
