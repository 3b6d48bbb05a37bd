"""A plugin that calls sys.exit() while it is imported (for the CLI tests)."""

import sys

sys.exit(3)
