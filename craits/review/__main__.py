"""``python -m craits.review FILE``: the same as ``python -m craits review FILE``."""

import sys

from craits.cli.review import main

sys.exit(main())
