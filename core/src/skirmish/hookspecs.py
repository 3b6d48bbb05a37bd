"""Core hook specifications, documented like pytest's.

A plugin implements any of these with ``@skirmish.hookimpl``. Plugins are found
through the ``skirmish`` entry-point group; the entry-point name is the plugin's id.
Registration hooks return lists of typed records; a name registered twice leaves out
both plugins that claim it, with a warning naming both (see :mod:`skirmish.plugins`).
A ruleset adds its own hookspecs (prefixed with its id) from :func:`skirmish_addhooks`.

Scope: a plugin whose module (or object) sets ``skirmish_rulesets = ("chob-noggoth",)``
serves only those rulesets. Its game and content hooks (everything below but
registration) are called only through the hook relay of those rulesets
(``ruleset.hooks``/``game.hooks``); a plugin without the attribute is called for all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish.markers import hookspec

if TYPE_CHECKING:
    import pluggy

    from skirmish.agents import AgentSpec
    from skirmish.commands import CommandSpec
    from skirmish.dice.faces import DieSpec
    from skirmish.engine import Game, Result
    from skirmish.events import Event
    from skirmish.ruleset import RulesetSpec


@hookspec(historic=True)
def skirmish_addhooks(pluginmanager: pluggy.PluginManager) -> None:
    """Add new hookspecs, e.g. a ruleset's own (``pluginmanager.add_hookspecs(module)``).

    Called once for every plugin as it is registered (historic), so a ruleset's
    hookspecs exist before the plugins that implement them are checked.
    """


@hookspec
def skirmish_register_rulesets() -> list[RulesetSpec]:
    """Return the rulesets this plugin provides (:class:`skirmish.RulesetSpec` records)."""


@hookspec
def skirmish_register_agents() -> list[AgentSpec]:
    """Return the agents (players) this plugin provides (:class:`skirmish.AgentSpec` records)."""


@hookspec
def skirmish_register_commands() -> list[CommandSpec]:
    """Return CLI commands (:class:`skirmish.CommandSpec`; ``command`` is a ``click.Command``)."""


@hookspec
def skirmish_register_dice() -> list[DieSpec]:
    """Return named dice (:class:`skirmish.DieSpec`: a name and a ``Die``/``CustomDie``).

    They become known to dice expressions (``skirmish roll 3xgoblin``) and
    :func:`skirmish.dice.get_die` once the registry is built.
    """


@hookspec
def skirmish_extend_content(ruleset: str, content: dict[str, Any]) -> None:
    """Change a ruleset's raw content (parsed TOML tables) in place before it is built.

    House rules add unit types, cards or spells here, or change their numbers.
    ``ruleset`` is the ruleset's name. A plugin scoped with ``skirmish_rulesets`` is
    called only for the rulesets it names; an unscoped one must ignore other rulesets.
    """


@hookspec
def skirmish_game_start(game: Game) -> None:
    """A game (not a look-ahead clone) has been created, before its first step runs."""


@hookspec
def skirmish_game_end(game: Game, result: Result) -> None:
    """A game (not a look-ahead clone) has ended."""


@hookspec
def skirmish_event(game: Game, event: Event) -> None:
    """Observe each event as it is logged. Observers read; they must not change the game."""


@hookspec
def skirmish_phase_start(game: Game, phase: str) -> None:
    """A phase begins; schedule steps with ``game.schedule``/``game.call`` to run before its body."""


@hookspec
def skirmish_phase_end(game: Game, phase: str) -> None:
    """A phase's body is done; scheduled steps run before the phase closes."""


@hookspec
def skirmish_simulate_figures(game: Game) -> dict[str, float]:
    """Extra figures of one game for ``skirmish simulate`` (averaged over the games played).

    Called once per game played by :func:`skirmish.play_one`, when it has ended or hit
    its decision limit, in the process that played it (so with ``--workers`` too). Read
    what you need from the game, e.g. your own ``game.stash[...]``; prefix the keys with
    your plugin id (``"chob-house-rules: kills"``) so they do not collide with others'.
    """


@hookspec
def skirmish_odds_situations(ruleset: str) -> list[Any]:
    """Named situations for ``skirmish odds RULESET SITUATION`` (:class:`skirmish.Situation` records).

    Return ``[]`` for a ruleset that is not yours. ``exact`` must come from the same rules code
    that plays the game (the core's exact dice programme, no sampling); ``sample`` rolls the same
    situation once with the playing code, so a test can check one against the other.
    """


@hookspec
def skirmish_force_share(game: Game) -> dict[str, float] | None:
    """The share (0..1) of each seat's starting force still fighting now, for ``skirmish compare``'s
    lethality over time. Called at the start of each round and at the end of a game; ``None``: not measured."""


@hookspec
def skirmish_balance_model(ruleset: str) -> Any:
    """For ``skirmish balance``: an object with ``random_setup(seed) -> set-up dict`` (random armies,
    the same for the same seed; give the two sides different budgets, or a feature's worth cannot be told
    from its price) and ``features(setup, seat) -> (dict[feature, count], printed cost)`` (what the seat's
    army holds), or ``None`` if ``ruleset`` is not yours. Optionally ``prices() -> dict[feature, price]``
    (the printed price of one of each feature; without it prices are estimated by least squares of cost on
    content) and ``notes() -> list[str]`` (how to read the features, e.g. what they are counted against)."""
