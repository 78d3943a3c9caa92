"""What a listener heard of a speech transcript (``CRAITS_SPEECH_LOG``): each utterance marked
heard in full or cut, and the share heard, at a given speaking rate.

Run from the repository root:  python tools/heard.py speech.txt [--wpm 350] [--starts "Your turn"]
``--starts`` also reports the share of the utterances that begin with that text.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from craits.ui.speech.transcript import WORDS_PER_MINUTE, heard, heard_share, read


def report(path: str, words_per_minute: float, starts: str = "") -> list[str]:
    """The lines to print: each utterance with ``ok`` or ``CUT``, then the shares."""
    said = read(path)
    lines = [f"{u.at:9.3f} {'ok ' if full else 'CUT'} {u.text}"
             for u, full in zip(said, heard(said, words_per_minute), strict=True)]
    lines.append(f"heard in full: {heard_share(said, words_per_minute=words_per_minute):.0%}"
                 f" of {len(said)}")
    if starts:
        count = sum(1 for u in said if u.text.startswith(starts))
        share = heard_share(said, lambda text: text.startswith(starts), words_per_minute)
        lines.append(f"starting {starts!r}: {share:.0%} of {count}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("transcript")
    parser.add_argument("--wpm", type=float, default=WORDS_PER_MINUTE)
    parser.add_argument("--starts", default="")
    args = parser.parse_args(argv)
    try:
        lines = report(args.transcript, args.wpm, args.starts)
    except (OSError, ValueError) as exc:
        print(f"cannot read {args.transcript}: {exc}", file=sys.stderr)
        return 1
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
