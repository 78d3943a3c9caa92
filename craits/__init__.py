"""Craits: a shedding card game for 2-5 players."""

__version__ = "0.1.0"
