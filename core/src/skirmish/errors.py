"""Errors meant for people: each carries one line that names what is wrong and where."""

from __future__ import annotations


class SkirmishError(Exception):
    """Base of every error the CLI reports as one line (never a traceback)."""


class RulesetNotFound(SkirmishError):
    """No installed plugin registers a ruleset of that name."""


class SetupError(SkirmishError):
    """A set-up (forces, positions, options) is not valid for the ruleset."""


class IllegalAnswer(SkirmishError):
    """An answer that the pending decision does not accept; the game is unchanged."""


class SaveError(SkirmishError):
    """A save file that cannot be read, is from another ruleset version, or does not replay."""


class DiceError(SkirmishError):
    """A dice expression or loaded die that makes no sense."""


class DiceExhausted(SkirmishError):
    """Raised by strict loaded dice when a roll is asked for and none is left."""


class PluginError(SkirmishError):
    """A plugin registered something invalid (duplicate name, bad record)."""


class PluginWarning(UserWarning):
    """A plugin could not be loaded (or failed while observing a game) and was left out."""


class PluginFailed(PluginError):
    """A plugin raised (or called ``sys.exit``) in a game-time hook; names the plugin and the hook."""

    def __init__(self, plugin: str, hook: str, error: BaseException) -> None:
        import os
        import traceback

        frames = traceback.extract_tb(error.__traceback__)
        where = f", at {os.path.basename(frames[-1].filename)}:{frames[-1].lineno}" if frames else ""
        what = f"sys.exit({error.code})" if isinstance(error, SystemExit) else type(error).__name__
        message = " ".join(str(error).split()) if not isinstance(error, SystemExit) else ""
        said = f": {message[:200]}" if message else ""
        super().__init__(f"skirmish plugin '{plugin}' failed in {hook} ({what}{said}){where}")
        self.plugin = plugin
        self.hook = hook
