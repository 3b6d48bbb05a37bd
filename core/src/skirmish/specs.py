"""The records plugins register (rulesets, agents and commands) and what an agent factory is told.

This module is deliberately light (standard library only): the registry imports it
to list what is installed, and a plugin module that registers its records with
:class:`skirmish.Lazy` factories loads nothing heavy until a game starts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from skirmish.records import Factory, Record

if TYPE_CHECKING:
    from skirmish.agents import Agent
    from skirmish.ruleset import Ruleset


class RulesetSpec(Record):
    """What a plugin registers: the ruleset's names and a factory that builds it.

    ``factory`` may be the ruleset class or a :class:`skirmish.Lazy` reference to it; with a
    lazy one, ``name``, ``title`` and ``version`` are given here and checked against the class
    when the ruleset is first built.
    """

    __slots__ = ("name", "title", "version", "factory", "package", "description")
    defaults: ClassVar[dict[str, Any]] = {"package": "", "description": ""}
    name: str
    title: str
    version: str
    factory: Callable[[], Ruleset]
    package: str
    description: str

    @classmethod
    def of(cls, ruleset_class: type[Ruleset], *, package: str = "", description: str = "") -> RulesetSpec:
        """The record of a ruleset class already imported (names and description read from it)."""
        doc = (ruleset_class.__doc__ or "").strip().splitlines()
        return cls(ruleset_class.name, ruleset_class.title, ruleset_class.version, ruleset_class, package,
                   description or (doc[0] if doc else ""))


class AgentSpec(Record):
    """A registered agent. ``rulesets`` empty = usable with any ruleset.

    ``factory`` takes an :class:`skirmish.AgentContext`; it may be a :class:`skirmish.Lazy`
    reference so the agent's code loads only when a game seats it.

    ``setup``: set-up settings the agent brings when it is the opponent, holding every seat after the first
    (``play --vs AGENT``), as they would be typed (``{"him": "normal"}``); settings the player gives win.
    """

    __slots__ = ("name", "factory", "help", "rulesets", "interactive", "setup")
    defaults: ClassVar[dict[str, Any]] = {"help": "", "rulesets": (), "interactive": False, "setup": Factory(dict)}
    name: str
    factory: Callable[[AgentContext], Agent]
    help: str
    rulesets: tuple[str, ...]
    interactive: bool
    setup: dict[str, str]

    def __post_init__(self) -> None:
        object.__setattr__(self, "rulesets", tuple(self.rulesets))
        object.__setattr__(self, "setup", dict(self.setup))


class AgentContext(Record):
    """What an agent factory is told: its player, a seed of its own, the ruleset, options."""

    __slots__ = ("player", "seed", "ruleset", "options", "players")
    defaults: ClassVar[dict[str, Any]] = {"options": Factory(dict), "players": ()}
    player: str
    seed: int
    ruleset: Any
    options: dict[str, Any]
    players: tuple[str, ...]


class CommandSpec(Record):
    """A CLI command: ``command`` is a ``click.Command`` built by the plugin.

    To keep listing commands fast, ``command`` may be a :class:`skirmish.Lazy` reference to a
    function returning the click command (or to the command itself); give ``help`` then, since
    the listing shows it without loading the command.
    """

    __slots__ = ("name", "command", "help")
    defaults: ClassVar[dict[str, Any]] = {"help": ""}
    name: str
    command: Any
    help: str
