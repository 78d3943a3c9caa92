"""The benchmark-only venv (``.venv-bench``) that holds the anchor engines, RLCard and OpenSpiel.

Kept apart from the game's ``.venv`` and from ``pyproject.toml``: the game never depends on
them. Each anchor installs from its own requirements file beside this one, so an anchor with no
wheel for this Python or platform is reported as unavailable and the others still run. An install
is redone when its requirements file changes; a failed one is remembered (with pip's reason) and
retried only with ``retry=True`` (``engine_speed.py --retry-anchors``). Standard library only.

    python benchmarks/anchors/bench_venv.py [--venv .venv-bench] [--retry]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DEFAULT_VENV = ROOT / ".venv-bench"
# anchor name (as in measure_anchor.py) -> its requirements file
REQUIREMENTS = {
    "rlcard_uno": HERE / "requirements-rlcard.txt",
    "open_spiel_crazy_eights": HERE / "requirements-open_spiel.txt",
}
STATUS_FILE = "anchors-status.json"


def venv_python(venv_dir: Path) -> Path:
    scripts = "Scripts" if os.name == "nt" else "bin"
    return venv_dir / scripts / ("python.exe" if os.name == "nt" else "python")


def _pip_reason(output: str) -> str:
    """The telling line of a failed pip run (its last ERROR line, else its last line)."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("ERROR")]
    return (errors or lines or ["pip failed without a message"])[-1]


def ensure(venv_dir: Path = DEFAULT_VENV, retry: bool = False, log=print) -> dict[str, str]:
    """Create ``venv_dir`` if needed and install each anchor; return {anchor: reason} for the
    anchors that could not be installed (empty when all are there)."""
    python = venv_python(venv_dir)
    if not python.exists():
        log(f"Creating the benchmark-only venv {venv_dir} for the anchor engines "
            "(RLCard, OpenSpiel); the game's .venv is not touched. Remove it with "
            f"`rm -rf {venv_dir}`.")
        venv.EnvBuilder(with_pip=True).create(venv_dir)
        # Keep it out of git without touching the project's .gitignore.
        (venv_dir / ".gitignore").write_text("*\n", encoding="utf-8")
    status_path = venv_dir / STATUS_FILE
    try:
        status = json.loads(status_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        status = {}
    failed = {}
    for anchor, requirements in REQUIREMENTS.items():
        wanted = requirements.read_text(encoding="utf-8")
        done = status.get(anchor, {})
        if done.get("requirements") == wanted and (done.get("ok") or not retry):
            if not done.get("ok"):
                failed[anchor] = f"{done.get('reason')} (remembered; --retry-anchors retries)"
            continue
        log(f"Installing {anchor} into {venv_dir} from {requirements} ...")
        try:
            run = subprocess.run(
                [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                 "-r", str(requirements)],
                capture_output=True, text=True, check=False)
            reason = None if run.returncode == 0 else _pip_reason(run.stdout + run.stderr)
        except OSError as error:
            reason = f"cannot run pip: {error}"
        status[anchor] = {"requirements": wanted, "ok": reason is None}
        if reason is not None:
            status[anchor]["reason"] = failed[anchor] = reason
            log(f"  {anchor} is unavailable: {reason}")
        status_path.write_text(json.dumps(status, indent=1), encoding="utf-8")
    return failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--venv", type=Path, default=DEFAULT_VENV)
    parser.add_argument("--retry", action="store_true", help="retry failed installs")
    args = parser.parse_args()
    failed = ensure(args.venv, args.retry)
    for anchor, reason in failed.items():
        print(f"{anchor}: unavailable: {reason}")
    sys.exit(0)


if __name__ == "__main__":
    main()
