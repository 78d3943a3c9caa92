"""Entry script for the frozen app: the same dispatcher as ``python -m craits``."""

import sys

from craits.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
