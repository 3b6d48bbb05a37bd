"""skirmish core: the public API that rulesets and plugins are written against.

Names are imported lazily so that ``import skirmish`` (and the CLI's start-up)
stays fast; ``from skirmish import Game`` works as usual.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from skirmish import codecache
from skirmish.markers import hookimpl, hookspec

codecache.install()  # attrs' generated methods compiled once, not at each start (start-up, issue 24)

__version__ = "0.1.0"

_EXPORTS = {
    # engine
    "Game": "engine", "Step": "engine", "Do": "engine", "Ask": "engine", "Result": "engine",
    "canonical": "engine",
    "Decision": "decisions", "LazyDecision": "decisions", "Option": "decisions", "Param": "decisions",
    "choose": "decisions",
    "Event": "events", "EventLog": "events",
    "GameRNG": "rng",
    "Phase": "pipeline", "Rounds": "pipeline", "end_scope": "pipeline", "open_window": "windows",
    "standing_pass": "windows",
    "Ruleset": "ruleset", "RulesetSpec": "specs", "SetupOption": "ruleset",
    "AgentSpec": "specs", "AgentContext": "specs", "View": "agents", "RandomAgent": "agents",
    "Levels": "levels", "EasyAgent": "levels", "LookAheadAgent": "levels", "kinds_worth": "levels",
    "outcome_value": "levels", "stable_seed": "levels", "beats": "levels",
    "CommandSpec": "specs", "Lazy": "lazy", "lazy_exports": "lazy", "DieSpec": "dice.faces",
    "Registry": "plugins", "make_plugin_manager": "plugins",
    "SaveFile": "saves", "read_save": "saves", "write_save": "saves", "replay": "saves",
    "drive": "runner", "play_one": "runner", "simulate": "runner",
    "parse_answer": "answer_text", "Situation": "studies.situations",
    "load_toml": "content", "structure": "content", "cached_build": "content", "package_names": "content",
    "sha256": "digests", "blake2b": "digests",
    "safe_text": "safe", "safe_html": "safe", "counted": "words",
    "read_text": "textfiles", "parse_toml": "textfiles", "check_numbers": "textfiles", "bounded_number": "textfiles",
    "MAX_FILE_BYTES": "content",
    "Presentation": "presentation", "Piece": "presentation", "Frame": "presentation", "LegendItem": "presentation",
    "Shade": "presentation",
    # errors
    "SkirmishError": "errors", "SetupError": "errors", "IllegalAnswer": "errors", "SaveError": "errors",
    "DiceError": "errors", "RulesetNotFound": "errors", "PluginError": "errors", "PluginWarning": "errors",
    # pieces
    "Tokens": "tokens", "Keyword": "keywords", "KeywordSet": "keywords",
    "Deck": "decks", "Hand": "decks", "RegionMap": "regions", "Occupancy": "regions",
}

__all__ = ["hookimpl", "hookspec", "__version__", *_EXPORTS]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'skirmish' has no attribute {name!r}")
    value = getattr(import_module(f"skirmish.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
