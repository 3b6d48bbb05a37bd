"""The plugin module: what the ``skirmish`` entry point named ``chob-house-rules`` loads.

``skirmish_rulesets`` scopes the plugin to the variant (``chob-noggoth-house``): skirmish
calls its content, phase, event and simulate hooks only for that ruleset's content and
games, so the bundled ``chob-noggoth`` plays as printed and no hook needs to check a name.
Registration hooks are called regardless (they are how the variant comes to exist).

- registration: the variant ruleset, the Chob-Noggoth AI for it, the ``chob-tally`` command;
- ``skirmish_extend_content``: Long Bows and Veteran Prices (numbers in the content);
- ``skirmish_phase_start``: Rallying Cry (a step of rules code before End of Round);
- ``skirmish_event``: the kill tally observer (it writes only to its own ``game.stash`` entry);
- ``skirmish_simulate_figures``: the tally's figures for ``skirmish simulate``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish import AgentSpec, CommandSpec, Lazy, RulesetSpec, hookimpl
from skirmish_chob_house_rules import VARIANT, __version__, tally

if TYPE_CHECKING:
    from skirmish import Event, Game

#: the rulesets this plugin serves: its hooks below are called for these rulesets' games only
skirmish_rulesets = (VARIANT,)


# -- registration --------------------------------------------------------------------------------------
@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    # Light: the variant (and the whole of Chob-Noggoth under it) is imported when a game starts, not when
    # skirmish lists what is installed. tests/test_plugin.py checks this record says what the class says.
    from skirmish_chob_noggoth.plugin import VERSION  # (the bundled ruleset's light plugin module)

    version = f"{VERSION}+house.{__version__}"
    return [RulesetSpec(VARIANT, "Chob-Noggoth (house rules)", version,
                        Lazy("skirmish_chob_house_rules.variant:ChobNoggothHouse"),
                        description="Chob-Noggoth with house rules: Long Bows, Veteran Prices and Rallying Cry.")]


def _house_ai(ctx: Any) -> Any:
    """The bundled Chob-Noggoth AI: it reads the numbers from the variant's content (imported when used)."""
    from skirmish_chob_noggoth.ai import make_ai

    return make_ai(ctx)


@hookimpl
def skirmish_register_agents() -> list[AgentSpec]:
    # The bundled ruleset scopes its `ai` to "chob-noggoth"; offer the same AI for the variant.
    return [AgentSpec("ai", _house_ai, "the Chob-Noggoth AI, playing with the house rules' numbers",
                      rulesets=(VARIANT,))]


@hookimpl
def skirmish_register_commands() -> list[CommandSpec]:
    return [tally.tally_command_spec()]


# -- house rules (called for the variant only) -----------------------------------------------------------
@hookimpl
def skirmish_extend_content(ruleset: str, content: dict[str, Any]) -> None:
    from skirmish_chob_house_rules import house  # (imported when the variant is used, not when listed)

    house.change_content(content)


@hookimpl
def skirmish_phase_start(game: Game, phase: str) -> None:
    if phase == "end":
        from skirmish_chob_house_rules import house

        game.call(house.rallying_cry)  # runs next: before the End of Round phase's own steps


# -- the kill tally (called for the variant only) --------------------------------------------------------
@hookimpl
def skirmish_event(game: Game, event: Event) -> None:
    tally.observe(game, event)


@hookimpl
def skirmish_simulate_figures(game: Game) -> dict[str, float]:
    return tally.figures(game)
