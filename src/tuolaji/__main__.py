"""``python -m tuolaji``: the command line of `tuolaji.tools.cli`."""

import sys

from tuolaji.tools.cli import main

if __name__ == "__main__":
    sys.exit(main())
