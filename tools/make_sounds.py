"""Generate the game's sound effects as WAV files in assets/sounds/ with the standard library only.

Run from the repository root:  python tools/make_sounds.py
Output (committed): assets/sounds/<name>.wav, 22050 Hz, mono, 16-bit. Deterministic: every sound
draws its noise from its own random.Random seeded by its name.

Card sounds are filtered noise bursts with a fast attack and a short decay; the chimes are sums of
bell-like partials; the cues (cue_*.wav) are plain short tones, each unlike the others and the
effects. Every sound is scaled so its loudest 50 ms has the same RMS level (bass
weighted down, as the ear hears it), then kept under a peak ceiling, so no effect jumps out.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
import zlib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "assets" / "sounds"

RATE = 22050
TARGET_RMS = 0.12  # weighted loudest 50 ms, about -18 dBFS: soft beside music or speech
PEAK_CEILING = 0.89  # about -1 dBFS
WINDOW_SECONDS = 0.05

Samples = list[float]


# --- Building blocks ----------------------------------------------------------------------------

def silence(seconds: float) -> Samples:
    return [0.0] * int(round(seconds * RATE))


def mix(into: Samples, sound: Samples, at: float = 0.0, gain: float = 1.0) -> Samples:
    """Add `sound` into `into` starting `at` seconds, growing `into` if needed."""
    start = int(round(at * RATE))
    end = start + len(sound)
    if end > len(into):
        into.extend([0.0] * (end - len(into)))
    for i, value in enumerate(sound):
        into[start + i] += gain * value
    return into


def noise(rng: random.Random, seconds: float) -> Samples:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(round(seconds * RATE)))]


def lowpass(samples: Samples, cutoff: float) -> Samples:
    """One-pole low-pass filter."""
    alpha = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    out, state = [], 0.0
    for value in samples:
        state += alpha * (value - state)
        out.append(state)
    return out


def highpass(samples: Samples, cutoff: float) -> Samples:
    low = lowpass(samples, cutoff)
    return [a - b for a, b in zip(samples, low, strict=True)]


def bandpass(samples: Samples, low: float, high: float) -> Samples:
    # Two passes each way give a gentler, less hissy band than a single pole.
    return highpass(highpass(lowpass(lowpass(samples, high), high), low), low)


def shaped(samples: Samples, attack: float, decay: float) -> Samples:
    """Apply a linear attack of `attack` seconds then an exponential decay (time constant)."""
    attack_n = max(1, int(attack * RATE))
    out = []
    for i, value in enumerate(samples):
        if i < attack_n:
            gain = i / attack_n
        else:
            gain = math.exp(-(i - attack_n) / (decay * RATE))
        out.append(value * gain)
    return out


def sine(freq: float | Callable[[float], float], seconds: float, phase: float = 0.0) -> Samples:
    """A sine wave; `freq` may be a function of time for glides."""
    out = []
    for i in range(int(round(seconds * RATE))):
        f = freq(i / RATE) if callable(freq) else freq
        phase += 2.0 * math.pi * f / RATE
        out.append(math.sin(phase))
    return out


def bell(freq: float, seconds: float, decay: float = 0.45, brightness: float = 1.0) -> Samples:
    """A soft bell/glass tone: a few partials, the higher ones fading sooner."""
    partials = [(1.0, 1.0, 1.0), (2.0, 0.35, 0.6), (2.76, 0.18 * brightness, 0.35),
                (4.07, 0.08 * brightness, 0.2)]
    out = silence(seconds)
    for ratio, amplitude, decay_share in partials:
        if freq * ratio >= RATE / 2:
            continue
        mix(out, shaped(sine(freq * ratio, seconds), 0.004, decay * decay_share), gain=amplitude)
    return out


def fade_out(samples: Samples, seconds: float = 0.02) -> Samples:
    n = min(len(samples), int(seconds * RATE))
    for i in range(n):
        samples[len(samples) - n + i] *= 1.0 - (i + 1) / n
    return samples


# --- Card sounds --------------------------------------------------------------------------------

def snap(rng: random.Random, firmness: float = 1.0, brightness: float = 1.0) -> Samples:
    """A card meeting the table: a crisp band of noise with a little low body."""
    crack = shaped(bandpass(noise(rng, 0.12), 700 * brightness, 5200 * brightness), 0.001, 0.012)
    body = shaped(bandpass(noise(rng, 0.12), 180, 1200), 0.002, 0.022 * firmness)
    thump = shaped(sine(110, 0.12), 0.002, 0.018 * firmness)
    out = mix(crack, body, gain=0.8 * firmness)
    return mix(out, thump, gain=0.35 * firmness)


def swish(rng: random.Random, seconds: float, low: float = 1200, high: float = 5000) -> Samples:
    """Card sliding over felt: band noise that swells and fades."""
    band = bandpass(noise(rng, seconds), low, high)
    n = len(band)
    return [v * math.sin(math.pi * i / n) ** 2 for i, v in enumerate(band)]


def sound_deal(rng: random.Random) -> Samples:
    out = mix(silence(0.25), swish(rng, 0.09), gain=0.5)
    return mix(out, snap(rng, firmness=0.6, brightness=1.2), at=0.075)


def sound_play(rng: random.Random) -> Samples:
    out = mix(silence(0.3), swish(rng, 0.06, 900, 4000), gain=0.35)
    return mix(out, snap(rng, firmness=1.2), at=0.05)


def sound_draw(rng: random.Random) -> Samples:
    out = mix(silence(0.32), swish(rng, 0.2, 900, 4200), gain=0.8)
    return mix(out, snap(rng, firmness=0.4, brightness=1.3), at=0.19, gain=0.5)


def sound_flip(rng: random.Random) -> Samples:
    out = mix(silence(0.2), snap(rng, firmness=0.3, brightness=1.5), gain=0.8)
    return mix(out, snap(rng, firmness=0.5, brightness=1.1), at=0.045)


def sound_click(rng: random.Random) -> Samples:
    out = shaped(sine(1900, 0.07), 0.001, 0.008)
    mix(out, shaped(sine(3700, 0.07), 0.001, 0.004), gain=0.3)
    return mix(out, shaped(bandpass(noise(rng, 0.02), 2000, 8000), 0.0005, 0.002), gain=0.3)


def riffle(rng: random.Random, seconds: float) -> Samples:
    """Two half-decks falling together: a run of tiny clicks that speeds up, then slows."""
    out = silence(seconds + 0.05)
    t = 0.0
    while t < seconds:
        progress = t / seconds
        gap = 0.018 - 0.010 * math.sin(math.pi * progress)  # faster in the middle
        tick = shaped(bandpass(noise(rng, 0.012), 1500, 7000), 0.0005, 0.0025)
        mix(out, tick, at=t, gain=rng.uniform(0.5, 1.0) * (0.6 + 0.4 * math.sin(math.pi * progress)))
        t += gap * rng.uniform(0.8, 1.2)
    return out


def sound_shuffle(rng: random.Random) -> Samples:
    out = silence(1.85)
    mix(out, riffle(rng, 0.55), at=0.0)
    mix(out, swish(rng, 0.22, 600, 3000), at=0.58, gain=0.6)  # the bridge
    mix(out, riffle(rng, 0.55), at=0.9)
    mix(out, swish(rng, 0.22, 600, 3000), at=1.48, gain=0.6)
    return out


# --- Game events --------------------------------------------------------------------------------

def sound_crank(rng: random.Random) -> Samples:
    """A ratchet winding up: clicks that climb in pitch over a rising hum."""
    out = silence(0.55)
    clicks = 6
    for k in range(clicks):
        pitch = 900 * 2 ** (k / 10)
        tick = shaped(sine(pitch, 0.06), 0.0008, 0.009)
        mix(tick, shaped(bandpass(noise(rng, 0.03), 1500, 6000), 0.0005, 0.003), gain=0.6)
        mix(out, tick, at=0.05 + 0.06 * k, gain=0.7 + 0.05 * k)
    hum = sine(lambda t: 220 + 260 * t / 0.45, 0.45)
    hum = [v * math.sin(math.pi * i / len(hum)) for i, v in enumerate(hum)]
    return mix(out, hum, at=0.05, gain=0.12)


def sound_last_card(rng: random.Random) -> Samples:
    out = silence(1.0)
    mix(out, bell(880.0, 0.9, decay=0.4), at=0.0)
    return mix(out, bell(1318.5, 0.85, decay=0.45), at=0.13)


def sound_idiot(rng: random.Random) -> Samples:
    """A low wooden bonk that sags in pitch."""
    body = shaped(sine(lambda t: 95 + 140 * math.exp(-t / 0.05), 0.6), 0.003, 0.13)
    knock = shaped(sine(lambda t: 240 + 180 * math.exp(-t / 0.03), 0.2), 0.002, 0.03)
    out = mix(body, knock, gain=0.5)
    out = mix(out, shaped(bandpass(noise(rng, 0.05), 300, 2000), 0.001, 0.006), gain=0.4)
    return mix(out, shaped(sine(190, 0.6), 0.01, 0.08), gain=0.25)


def sound_round_won(rng: random.Random) -> Samples:
    out = silence(2.0)
    notes = (523.25, 659.26, 783.99, 1046.5)  # C E G C
    for i, freq in enumerate(notes):
        last = i == len(notes) - 1
        mix(out, bell(freq, 1.6 if last else 1.0, decay=0.7 if last else 0.35), at=0.11 * i,
            gain=0.9 if last else 0.7)
    return out


def sound_game_won(rng: random.Random) -> Samples:
    """The game is won: a rush as the title falls, a chord as it lands (0.45 s), then a
    shimmer of high bells while the cards start to cascade."""
    out = silence(2.4)
    rush = bandpass(noise(rng, 0.45), 700, 5000)
    n = len(rush)
    mix(out, [v * (i / n) ** 2 for i, v in enumerate(rush)], gain=0.35)
    for i, freq in enumerate((392.0, 523.25, 659.26)):  # G C E, climbing into the chord
        mix(out, bell(freq, 0.5, decay=0.25), at=0.15 + 0.1 * i, gain=0.5)
    for freq, gain in ((523.25, 0.8), (659.26, 0.6), (783.99, 0.6), (1046.5, 0.7)):
        mix(out, bell(freq, 1.9, decay=0.8), at=0.45, gain=gain)
    for k in range(8):  # the shimmer, up and down the top of the chord
        freq = (1568.0, 2093.0, 2637.0, 3136.0)[(k * 3) % 4]
        mix(out, bell(freq, 0.6, decay=0.2, brightness=0.7), at=0.6 + 0.11 * k,
            gain=rng.uniform(0.15, 0.25))
    return out


def sound_round_lost(rng: random.Random) -> Samples:
    out = silence(1.35)
    for i, freq in enumerate((392.0, 311.13, 261.63)):  # G Eb C, falling
        tone = shaped(sine(freq, 0.9), 0.02, 0.28 if i < 2 else 0.4)
        mix(tone, shaped(sine(2 * freq, 0.9), 0.02, 0.15), gain=0.2)
        mix(out, tone, at=0.24 * i, gain=0.8)
    return out


def sound_skip(rng: random.Random) -> Samples:
    """A quick whoosh past the skipped seat."""
    whoosh = bandpass(noise(rng, 0.28), 800, 4500)
    n = len(whoosh)
    whoosh = [v * (i / n) ** 1.5 * math.exp(-max(0, i - 0.75 * n) / (0.02 * RATE))
              for i, v in enumerate(whoosh)]
    return mix(whoosh, shaped(sine(1400, 0.08), 0.001, 0.015), at=0.2, gain=0.4)


def sound_reverse(rng: random.Random) -> Samples:
    """A soft swoop up and back down, like the direction arrow turning."""
    seconds = 0.38
    glide = sine(lambda t: 520 + 300 * math.sin(math.pi * t / seconds), seconds)
    n = len(glide)
    out = [v * math.sin(math.pi * i / n) for i, v in enumerate(glide)]
    overtone = sine(lambda t: 1040 + 600 * math.sin(math.pi * t / seconds), seconds)
    return mix(out, [v * math.sin(math.pi * i / n) for i, v in enumerate(overtone)], gain=0.15)


# --- Cues: what must be heard at once -----------------------------------------------------------
# Short (under 0.4 s) and unlike each other and every effect above: each has its own pitch
# region, its own rhythm (two notes, one buzz, three ticks, two sweeps) and its own movement
# (rising, flat low, flat high, falling), so they are told apart without looking.

def marimba(freq: float, seconds: float) -> Samples:
    """A struck wooden bar: the fundamental and its 3.9x partial, the partial gone first."""
    out = shaped(sine(freq, seconds), 0.002, 0.045)
    return mix(out, shaped(sine(freq * 3.93, seconds), 0.001, 0.012), gain=0.3)


def sound_cue_turn(rng: random.Random) -> Samples:
    """Your turn: two quick notes rising a fourth (E5, A5)."""
    out = silence(0.34)
    mix(out, marimba(659.26, 0.14), at=0.0)
    return mix(out, marimba(880.0, 0.21), at=0.13)


def sound_cue_refused(rng: random.Random) -> Samples:
    """A card that cannot be played: a low, rough double buzz ("uh-uh")."""
    out = silence(0.22)
    for k in range(2):
        buzz = [1.0 if v >= 0 else -1.0 for v in sine(155.0, 0.085)]  # square: odd harmonics
        buzz = lowpass(lowpass(buzz, 1800), 1800)
        n = len(buzz)
        edge = int(0.006 * RATE)
        mix(out, [v * min(1.0, i / edge, (n - i) / edge) for i, v in enumerate(buzz)],
            at=0.12 * k)
    return out


def sound_cue_one_card(rng: random.Random) -> Samples:
    """Someone is down to one card: three quick high ticks."""
    out = silence(0.26)
    for k in range(3):
        tick = shaped(sine(2637.0, 0.05), 0.0008, 0.012)  # E7
        mix(out, tick, at=0.075 * k)
    return out


def sound_cue_called(rng: random.Random) -> Samples:
    """A call against you: an alarm that falls twice."""
    out = silence(0.38)
    sweep_s = 0.17
    for k in range(2):
        sweep = sine(lambda t: 2000.0 * 0.5 ** (t / sweep_s), sweep_s)  # an octave down
        n = len(sweep)
        edge = int(0.008 * RATE)
        sweep = [v * min(1.0, i / edge, (n - i) / edge) for i, v in enumerate(sweep)]
        mix(sweep, [v * v * v for v in sweep], gain=0.5)  # a harder, siren-like edge
        mix(out, sweep, at=0.19 * k)
    return out


SOUNDS: dict[str, Callable[[random.Random], Samples]] = {
    "deal": sound_deal,
    "play": sound_play,
    "draw": sound_draw,
    "flip": sound_flip,
    "click": sound_click,
    "shuffle": sound_shuffle,
    "crank": sound_crank,
    "last_card": sound_last_card,
    "idiot": sound_idiot,
    "round_won": sound_round_won,
    "round_lost": sound_round_lost,
    "game_won": sound_game_won,
    "skip": sound_skip,
    "reverse": sound_reverse,
    "cue_turn": sound_cue_turn,
    "cue_refused": sound_cue_refused,
    "cue_one_card": sound_cue_one_card,
    "cue_called": sound_cue_called,
}


# --- Levels and files ---------------------------------------------------------------------------

def loudness(samples: Samples) -> float:
    """Loudest 50 ms RMS after a rough hearing weight (the ear is deaf to the lowest bass)."""
    return loudest_window_rms(highpass(highpass(samples, 150), 150))


def loudest_window_rms(samples: Samples, window: float = WINDOW_SECONDS) -> float:
    """RMS of the loudest `window`-second stretch (hop of a fifth of a window)."""
    size = max(1, int(window * RATE))
    hop = max(1, size // 5)
    best = 0.0
    for start in range(0, max(1, len(samples) - size + 1), hop):
        chunk = samples[start:start + size]
        best = max(best, math.sqrt(sum(v * v for v in chunk) / len(chunk)))
    return best


def normalised(samples: Samples) -> Samples:
    gain = TARGET_RMS / loudness(samples)
    peak = max(abs(v) for v in samples) * gain
    if peak > PEAK_CEILING:
        gain *= PEAK_CEILING / peak
    return fade_out([v * gain for v in samples])


def render(name: str) -> Samples:
    rng = random.Random(zlib.crc32(name.encode()))
    return normalised(SOUNDS[name](rng))


def wav_bytes(samples: Samples) -> bytes:
    return b"".join(
        struct.pack("<h", max(-32767, min(32767, int(round(v * 32767))))) for v in samples
    )


def write_wav(path: Path, samples: Samples) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(wav_bytes(samples))


def main(argv: list[str] | None = None) -> int:
    out_dir = Path(argv[0]) if argv else OUT_DIR
    out_dir.mkdir(parents=True, exist_ok=True)
    for name in SOUNDS:
        samples = render(name)
        write_wav(out_dir / f"{name}.wav", samples)
        print(f"{name:12s} {len(samples) / RATE:5.2f} s  peak {max(abs(v) for v in samples):.2f}"
              f"  loudness {loudness(samples):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
