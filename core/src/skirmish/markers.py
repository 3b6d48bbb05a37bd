"""The pluggy markers of the ``skirmish`` project."""

import pluggy

PROJECT = "skirmish"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)
