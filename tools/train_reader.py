"""Train the searching levels' reading of the hidden cards (``craits/ai/reader.py``).

Two steps, each reproducible from its seed:

    # 1. Self-play data: every real choice of every seat in seeded headless matches, each
    #    unseen card an opponent may hold one row (the model's inputs, and whether they held it)
    nice python tools/train_reader.py data --seed 1 --matches 80 --out runs/reader-1.bin
    nice python tools/train_reader.py data --seed 2 --matches 300 --mix medium-medium \
        --out runs/reader-2.bin
    # 2. Fit the logistic model (NumPy, a tool-time dependency only: the game reads the weights
    #    in plain Python) on one or more data files, matches of odd index held out to validate,
    #    and write craits/ai/reader_weights.py
    python tools/train_reader.py fit runs/reader-1.bin runs/reader-2.bin
    # The review's reading of a searching seat (craits/ai/searching_reader_weights.py): the
    # same model fitted on the searching levels' own tables alone, the last two runs on every
    # turn, forced draws too, as the review values a draw wherever it came (each run about
    # 8 to 10 minutes)
    nice python tools/train_reader.py data --seed 11 --matches 60 --mix hard-hard \
        --out runs/searching-11.bin
    nice python tools/train_reader.py data --seed 12 --matches 40 --mix expert-expert \
        --out runs/searching-12.bin
    nice python tools/train_reader.py data --seed 13 --matches 40 --mix hard-hard --forced \
        --out runs/searching-13.bin
    nice python tools/train_reader.py data --seed 14 --matches 12 --mix expert-expert \
        --forced --out runs/searching-14.bin
    python tools/train_reader.py fit --searching runs/searching-1[1-4].bin

(The shipped weights: exactly these commands, with the reader's inputs of their day: they
predate its inputs of the seat's own cards of a suit (``own_suit``), which weigh 0 for them, so
the levels play as they were measured; fitting them again is a new version of the levels. The
first takes about 20 minutes on the 2-core machine shared with other work, the second 2, the fit
2. NumPy in a separate environment is enough for the fit: ``python -m venv /tmp/train &&
/tmp/train/bin/pip install numpy``, then ``PYTHONPATH=. /tmp/train/bin/python
tools/train_reader.py fit ...``.)

The matches of step 1 cycle through a mix of tables (``MIXES``): medium against medium, hard
against medium and expert against medium heads-up, and tables of three, so the
model reads the shipped levels' choices. Match ``i`` of seed ``s`` plays deal seed
``s * 100_000 + i``.
"""

from __future__ import annotations

import argparse
import json
import struct
import sys
import textwrap
import time
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

WEIGHTS_FILE = ROOT / "craits" / "ai" / "reader_weights.py"
# The review's reading of the searching levels' hands (``reader.read_hands``'s ``searching``):
# the same model fitted on their own tables alone, for the luck of a draw at their tables.
SEARCHING_FILE = ROOT / "craits" / "ai" / "searching_reader_weights.py"
MIXES = (
    ("medium", "medium"),
    ("hard", "medium"),
    ("medium", "medium"),
    ("expert", "medium"),
    ("medium", "medium", "medium"),
    ("medium", "medium"),
    ("hard", "medium"),
    ("hard", "medium", "medium"),
)
MAGIC = b"CRAITS-READER-DATA\n"


def make_data(seed: int, matches: int, out: Path, mixes: tuple[tuple[str, ...], ...],
              forced: bool = False) -> None:
    from craits.ai.determinize import unseen_cards
    from craits.ai.knowledge import infer
    from craits.ai.reader import card_features, feature_names
    from craits.config.levels import load_profiles, make_bot
    from craits.director.director import Hooks
    from craits.director.headless import play_headless
    from craits.engine import Rules
    from craits.seat import Seat
    from craits.session import Session

    labels = array("b")
    groups = array("i")  # the match's index, for a held-out split by match
    starts = array("i", [0])  # row r's entries: starts[r]..starts[r+1]
    index = array("H")
    value = array("f")

    class Recorder(Hooks):
        def __init__(self, match: int) -> None:
            self.match = match

        def changed(self, session: Session) -> None:
            seat = session.to_act()
            if seat is None or seat < 0:
                return
            view = session.view(seat)
            if len(view.legal) < (1 if forced else 2):
                return
            history = session.round_history(seat)
            pool = unseen_cards(view)
            know = infer(view, history, 1.0)
            hands = session.state.hands
            for (p, c), row in card_features(view, know, pool, history).items():
                labels.append(1 if c in hands[p] else 0)
                groups.append(self.match)
                for i, x in row:
                    index.append(i)
                    value.append(x)
                starts.append(len(index))

    profiles = load_profiles()
    rules = Rules(game_length="short")
    started = time.monotonic()
    for i in range(matches):
        levels = mixes[i % len(mixes)]
        bots = {s: make_bot(level, profiles) for s, level in enumerate(levels)}
        seats = [Seat(level, f"{level} {s + 1}") for s, level in enumerate(levels)]
        session = Session(seats, rules, seed * 100_000 + i, bot_factory=None, bots=bots)
        play_headless(session, hooks=Recorder(i))
        print(f"match {i + 1}/{matches} ({'-'.join(levels)}): {len(labels)} rows, "
              f"{time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    mix = "the mix" if mixes == MIXES else " and ".join(sorted({" against ".join(
        (t[0], ", ".join(t[1:]))) for t in mixes}))
    mix += ", every turn" if forced else ""
    header = json.dumps({"seed": seed, "matches": matches, "mix": mix,
                         "features": feature_names(),
                         "rows": len(labels), "entries": len(index)}).encode()
    with out.open("wb") as f:
        f.write(MAGIC + struct.pack("<I", len(header)) + header)
        for arr in (labels, groups, starts, index, value):
            arr.tofile(f)


def load_data(path: Path) -> tuple[dict[str, object], list[object]]:
    import numpy as np

    with path.open("rb") as f:
        if f.read(len(MAGIC)) != MAGIC:
            raise SystemExit(f"{path}: not a reader data file")
        (size,) = struct.unpack("<I", f.read(4))
        header = json.loads(f.read(size))
        rows, entries = header["rows"], header["entries"]
        labels = np.fromfile(f, np.int8, rows)
        groups = np.fromfile(f, np.int32, rows)
        starts = np.fromfile(f, np.int32, rows + 1)
        index = np.fromfile(f, np.uint16, entries)
        value = np.fromfile(f, np.float32, entries)
    n = len(header["features"])
    x = np.zeros((rows, n), np.float32)
    row_of = np.repeat(np.arange(rows), np.diff(starts))
    x[row_of, index] = value
    return header, [x, labels.astype(np.float64), groups]


def fit(paths: list[Path], l2: float, out: Path = WEIGHTS_FILE) -> None:
    import numpy as np

    xs, ys, held = [], [], []
    names: list[str] = []
    sources = []
    for path in paths:
        header, (x, y, g) = load_data(path)
        names = header["features"]  # type: ignore[assignment]
        sources.append(f"seed {header['seed']}: {header['matches']} matches of "
                       f"{header.get('mix', 'the mix')}")
        xs.append(x)
        ys.append(y)
        held.append(np.asarray(g) % 2 == 1)
    x = np.concatenate(xs)
    y = np.concatenate(ys)
    valid = np.concatenate(held)
    xt, yt = x[~valid].astype(np.float64), y[~valid]
    n = x.shape[1]
    w = np.zeros(n)
    penalty = np.full(n, l2)
    penalty[:2] = 0.0  # the bias and the base odds go unpenalised
    steps = 0
    while steps < 30:  # Newton's method (iteratively reweighted least squares)
        steps += 1
        z = np.clip(xt @ w, -30, 30)
        p = 1 / (1 + np.exp(-z))
        grad = xt.T @ (p - yt) + penalty * w
        hess = (xt * (p * (1 - p))[:, None]).T @ xt + np.diag(penalty + 1e-6)
        delta = np.linalg.solve(hess, grad)
        w -= delta
        if np.abs(delta).max() < 1e-7:
            break
    print(f"fitted in {steps} Newton steps on {len(yt)} rows", file=sys.stderr)

    def log_loss(weights: np.ndarray, xv: np.ndarray, yv: np.ndarray) -> float:
        p = 1 / (1 + np.exp(-np.clip(xv @ weights, -30, 30)))
        p = np.clip(p, 1e-9, 1 - 1e-9)
        return float(-(yv * np.log(p) + (1 - yv) * np.log(1 - p)).mean())

    xv, yv = x[valid].astype(np.float64), y[valid]
    # The yardstick: the base rate and the certainties alone (bias, base odds, slots allowed).
    base = np.zeros(n)
    cols = [0, 1, 2]
    sub = xt[:, cols]
    for _ in range(30):
        p = 1 / (1 + np.exp(-np.clip(sub @ base[cols], -30, 30)))
        g = sub.T @ (p - yt)
        h = (sub * (p * (1 - p))[:, None]).T @ sub + np.eye(3) * 1e-6
        base[cols] -= np.linalg.solve(h, g)
    figures = (f"log loss {log_loss(w, xv, yv):.4f} on {len(yv):,} rows (the base rate and "
               f"the certainties alone: {log_loss(base, xv, yv):.4f})")
    print(figures, file=sys.stderr)
    write_weights(names, [float(v) for v in w], "; ".join(sources), figures, l2, out)


def write_weights(names: list[str], weights: list[float], source: str, figures: str,
                  l2: float, out: Path = WEIGHTS_FILE) -> None:
    about = textwrap.fill(
        f"A logistic model's weights, one per input of ``craits.ai.reader`` named here, "
        f"fitted by Newton's method (L2 penalty {l2:g}) on self-play data of "
        f"tools/train_reader.py ({source}), the matches of odd index held out: {figures}.", 96)
    lines = [
        ('"""The reader\'s weights' if out == WEIGHTS_FILE
         else '"""Reader weights for the searching levels\' hands')
        + ': written by tools/train_reader.py, not by hand.',
        "",
        *about.splitlines(),
        "",
        "Source: the project's own seeded self-play, reproduced by the commands in",
        "tools/train_reader.py's docstring; licence: the project's own (no outside data).",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "VERSION = 1",
        "FEATURES: tuple[str, ...] = (",
        *(f"    {n!r}," for n in names),
        ")",
        "WEIGHTS: tuple[float, ...] = (",
        *(f"    {v:.6g},  # {n}" for n, v in zip(names, weights, strict=True)),
        ")",
        "",
    ]
    out.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT)}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="step", required=True)
    data = sub.add_parser("data", help="play seeded matches and write the rows")
    data.add_argument("--seed", type=int, default=1)
    data.add_argument("--matches", type=int, default=600)
    data.add_argument("--mix", help="tables to cycle through, e.g. medium-medium,hard-medium "
                      "(default: the shipped mix)")
    data.add_argument("--out", type=Path, required=True)
    data.add_argument("--forced", action="store_true",
                      help="also a turn with one thing to do (a draw when nothing fits)")
    fitting = sub.add_parser("fit", help="fit the model and write craits/ai/reader_weights.py")
    fitting.add_argument("data", type=Path, nargs="+")
    fitting.add_argument("--l2", type=float, default=10.0)
    fitting.add_argument("--searching", action="store_true",
                         help="write craits/ai/searching_reader_weights.py instead")
    sub.add_parser("blank", help="write zero weights of the right size (before a first fit)")
    args = parser.parse_args(argv)
    if args.step == "data":
        mixes = (tuple(tuple(t.split("-")) for t in args.mix.split(","))
                 if args.mix else MIXES)
        make_data(args.seed, args.matches, args.out, mixes, args.forced)
    elif args.step == "fit":
        fit(args.data, args.l2, SEARCHING_FILE if args.searching else WEIGHTS_FILE)
    else:
        from craits.ai import reader

        names = reader.feature_names()
        write_weights(names, [0.0] * len(names), "none", "none", 0.0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
