"""Craits: a shedding card game for 2-5 players."""

from . import native

__version__ = "0.1.0"

native.guard()  # before anything imports the engine: a stale compiled copy must not run
