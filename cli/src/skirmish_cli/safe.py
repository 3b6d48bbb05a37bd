"""Text from files and plugins may carry terminal control sequences: the one filter is core's."""

from __future__ import annotations

from skirmish.safe import safe_html, safe_text

__all__ = ["safe_html", "safe_text"]
