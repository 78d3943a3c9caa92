"""A transcript file read as it grows: each look parses only the lines written since the
last one, so a test that listens after every key of a whole match does not read the match
again at every key (that was most of those tests' time)."""

from __future__ import annotations

import os
from pathlib import Path

from craits.ui.speech import transcript as transcript_file
from craits.ui.speech.transcript import Utterance


class TranscriptTail:
    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.offset = 0  # bytes read, up to the end of the last whole line
        self.said: list[Utterance] = []

    def read(self) -> list[Utterance]:
        """Every utterance so far, in order (the same as ``transcript.read``)."""
        if not self.path.exists():
            return self.said
        with open(self.path, "rb") as file:
            if os.fstat(file.fileno()).st_size < self.offset:  # written afresh
                self.offset, self.said = 0, []
            file.seek(self.offset)
            grown = file.read()
        whole = grown[:grown.rfind(b"\n") + 1]  # a line still being written waits
        self.offset += len(whole)
        self.said += [transcript_file.parse(text)
                      for text in whole.decode("utf-8").splitlines() if text]
        return self.said

    def texts(self) -> list[str]:
        return [utterance.text for utterance in self.read()]
