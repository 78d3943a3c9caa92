"""The review sits below the UI: it imports the engine, the AI, the configuration, the session,
the match director and persistence, and never pygame or the UI (nor the text layer: it hands
out catalogue keys)."""

from __future__ import annotations

import sys

from test_layers import PACKAGE, imports_of

ALLOWED = ("craits.engine", "craits.ai", "craits.config", "craits.session", "craits.director",
           "craits.persistence", "craits.review")


def test_the_review_imports_only_what_lies_below_it():
    breaches = []
    for path in sorted((PACKAGE / "review").rglob("*.py")):
        for line, name in imports_of(path):
            top = name.split(".")[0]
            if top in sys.stdlib_module_names:
                continue
            if not any(name == a or name.startswith(a + ".") for a in ALLOWED):
                breaches.append(f"{path.name}:{line} imports {name}")
    assert breaches == []
