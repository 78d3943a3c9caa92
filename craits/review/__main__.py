"""``python -m craits.review FILE``: see ``craits.review.cli``."""

import sys

from craits.review.cli import main

sys.exit(main())
