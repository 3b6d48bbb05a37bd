"""The records plugins register (rulesets, agents and commands) and what an agent factory is told.

This module is deliberately light (standard library only): the registry imports it
to list what is installed, and a plugin module that registers its records with
:class:`skirmish.Lazy` factories loads nothing heavy until a game starts.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skirmish.agents import Agent
    from skirmish.ruleset import Ruleset


@dataclasses.dataclass(frozen=True)
class RulesetSpec:
    """What a plugin registers: the ruleset's names and a factory that builds it.

    ``factory`` may be the ruleset class or a :class:`skirmish.Lazy` reference to it; with a
    lazy one, ``name``, ``title`` and ``version`` are given here and checked against the class
    when the ruleset is first built.
    """

    name: str
    title: str
    version: str
    factory: Callable[[], Ruleset]
    package: str = ""
    description: str = ""

    @classmethod
    def of(cls, ruleset_class: type[Ruleset], *, package: str = "", description: str = "") -> RulesetSpec:
        """The record of a ruleset class already imported (names and description read from it)."""
        doc = (ruleset_class.__doc__ or "").strip().splitlines()
        return cls(ruleset_class.name, ruleset_class.title, ruleset_class.version, ruleset_class, package,
                   description or (doc[0] if doc else ""))


@dataclasses.dataclass(frozen=True)
class AgentSpec:
    """A registered agent. ``rulesets`` empty = usable with any ruleset.

    ``factory`` takes an :class:`skirmish.AgentContext`; it may be a :class:`skirmish.Lazy`
    reference so the agent's code loads only when a game seats it.
    """

    name: str
    factory: Callable[[AgentContext], Agent]
    help: str = ""
    rulesets: tuple[str, ...] = ()
    interactive: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "rulesets", tuple(self.rulesets))


@dataclasses.dataclass(frozen=True)
class AgentContext:
    """What an agent factory is told: its player, a seed of its own, the ruleset, options."""

    player: str
    seed: int
    ruleset: Any
    options: dict[str, Any] = dataclasses.field(default_factory=dict)
    players: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class CommandSpec:
    """A CLI command: ``command`` is a ``click.Command`` built by the plugin.

    To keep listing commands fast, ``command`` may be a :class:`skirmish.Lazy` reference to a
    function returning the click command (or to the command itself); give ``help`` then, since
    the listing shows it without loading the command.
    """

    name: str
    command: Any
    help: str = ""
