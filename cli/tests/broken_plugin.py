"""A plugin that fails to import (the CLI must warn in one line and go on)."""

raise ImportError("this plugin is broken on purpose")
