"""The Cursed Artefacts plugin: the artefact keywords' rules at game start and at each phase's start and end;
it also runs the lasting spell effects' phase timing (``magic.lasting``: By My Will, Marble Forest's return)."""

from __future__ import annotations

from typing import Any

from skirmish import hookimpl

skirmish_rulesets = ("hobgoblin",)


@hookimpl
def skirmish_game_start(game: Any) -> None:
    from skirmish_hobgoblin.artefacts import rules

    rules.game_start(game)


@hookimpl
def skirmish_phase_start(game: Any, phase: str) -> None:
    from skirmish_hobgoblin.artefacts import rules
    from skirmish_hobgoblin.magic import lasting

    lasting.phase_start(game, phase)
    rules.phase_start(game, phase)


@hookimpl
def skirmish_phase_end(game: Any, phase: str) -> None:
    from skirmish_hobgoblin.artefacts import rules
    from skirmish_hobgoblin.magic import lasting

    rules.phase_end(game, phase)
    lasting.phase_end(game, phase)


@hookimpl
def hobgoblin_doom_step(game: Any, step: str) -> None:
    """Haunted Melody ("during the Doom Phase"): offered again just before Broken units are removed."""
    from skirmish_hobgoblin.artefacts import rules

    if step == "remove-broken":
        rules.haunted_melody(game)


@hookimpl
def hobgoblin_unit_broken(game: Any, unit: Any) -> None:
    if unit.has("Dissonant Echoes"):  # the opponent draws five Fortune Cards
        from skirmish_hobgoblin.artefacts.rules import dissonant_echoes

        dissonant_echoes(game)


@hookimpl
def hobgoblin_activation_start(game: Any, unit: Any) -> None:
    if any(u.has("Abyssal Piping") for u in game.state.in_play()):  # Cowardly while within 4"
        from skirmish_hobgoblin.artefacts.rules import abyssal_piping

        abyssal_piping(game)


@hookimpl
def hobgoblin_fight(game: Any, unit: Any) -> bool | None:
    if not unit.has("War Horn"):
        return None
    from skirmish_hobgoblin.artefacts.rules import war_horn_around  # offered just before and after it attacks

    war_horn_around(game, unit)
    return True


@hookimpl
def hobgoblin_force_of_will_options(game: Any, player: str, attack: Any) -> list[Any]:
    from skirmish_hobgoblin.artefacts.rules import quicksilver_options

    return quicksilver_options(game, player, attack)  # Quicksilver: turn a miss to a spent die's face


@hookimpl
def hobgoblin_force_of_will_answer(game: Any, player: str, attack: Any, answer: Any) -> bool | None:
    if not (isinstance(answer, str) and answer.startswith("quicksilver ")):
        return None
    from skirmish_hobgoblin.artefacts.rules import turn_die

    turn_die(game, player, attack, int(answer.split()[1]))
    return True


@hookimpl
def hobgoblin_doom_dealt(game: Any, attacker: Any, target: Any, doom: int, kind: str) -> None:
    if attacker is not None and attacker.has("Syphon Power") and target.has("Wizard") and doom:
        from skirmish_hobgoblin.artefacts.rules import syphon_power

        syphon_power(game, attacker, target, doom, kind)


@hookimpl
def hobgoblin_army_rules(ruleset: Any) -> Any:
    """The artefacts' army-list rules, with ``ruleset``'s homebrew artefacts (``hobgoblin_artefacts``)."""
    from skirmish_hobgoblin.artefacts.army import ArmyRules
    from skirmish_hobgoblin.artefacts.catalogue import homebrew_of

    return ArmyRules(homebrew_of(ruleset))
