"""``python -m holdem``: the same as the ``holdem`` command."""

import sys

from holdem.cli import main

sys.exit(main())
