"""The plugin module: what the ``skirmish`` entry point named ``chob-house-rules`` loads.

Every hook skirmish calls is here, and each one that acts during play checks first that
the ruleset is the variant (``chob-noggoth-house``): a hook is called for every game of
every installed ruleset, and the bundled ``chob-noggoth`` must play as printed.

- registration: the variant ruleset, the Chob-Noggoth AI for it, the ``chob-tally`` command;
- ``skirmish_extend_content``: Long Bows and Veteran Prices (numbers in the content);
- ``skirmish_phase_start``: Rallying Cry (a step of rules code before End of Round);
- ``skirmish_event`` / ``skirmish_game_end``: the kill tally observer (reads, never writes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish import AgentSpec, CommandSpec, RulesetSpec, hookimpl
from skirmish_chob_house_rules import VARIANT, house, tally
from skirmish_chob_house_rules.variant import ChobNoggothHouse

if TYPE_CHECKING:
    from skirmish import Event, Game, Result


# -- registration --------------------------------------------------------------------------------------
@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    return [RulesetSpec.of(ChobNoggothHouse)]


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


# -- house rules: only for the variant ----------------------------------------------------------------------
@hookimpl
def skirmish_extend_content(ruleset: str, content: dict[str, Any]) -> None:
    if ruleset == VARIANT:
        house.change_content(content)


@hookimpl
def skirmish_phase_start(game: Game, phase: str) -> None:
    if phase == "end" and game.ruleset.name == VARIANT:
        game.call(house.rallying_cry)  # runs next: before the End of Round phase's own steps


# -- the kill tally observer: only for the variant, and only reading ------------------------------------------------
@hookimpl
def skirmish_event(game: Game, event: Event) -> None:
    if game.ruleset.name == VARIANT:
        tally.observe(game, event)


@hookimpl
def skirmish_game_end(game: Game, result: Result) -> None:
    if game.ruleset.name == VARIANT:
        tally.finish(game)
