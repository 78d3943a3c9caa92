"""Craits: a shedding card game for 2-5 players."""

from . import native

native.guard()  # before anything imports the engine: a stale compiled copy must not run


def __getattr__(name: str) -> str:
    # ``craits.__version__``, looked up when asked (pyproject.toml's: craits.resources.version).
    if name == "__version__":
        from craits.resources import version

        return version()
    raise AttributeError(f"module 'craits' has no attribute {name!r}")
