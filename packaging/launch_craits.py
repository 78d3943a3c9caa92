"""Entry script for the frozen app: the same dispatcher as ``python -m craits``."""

import multiprocessing
import sys

if __name__ == "__main__":
    # The computer players' helper process is this same executable started again; divert it
    # here, before the game's imports (pygame and all) run for nothing.
    multiprocessing.freeze_support()

    from craits.__main__ import main

    sys.exit(main())
