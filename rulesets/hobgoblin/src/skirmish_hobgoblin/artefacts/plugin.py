"""The Cursed Artefacts plugin: the artefact keywords' rules at game start and at each phase's start and end;
it also runs the lasting spell effects' phase timing (``magic.lasting``: By My Will, Marble Forest's return)."""

from __future__ import annotations

from typing import Any

from skirmish import hookimpl

skirmish_rulesets = ("hobgoblin",)


@hookimpl
def skirmish_extend_content(ruleset: str, content: dict[str, Any]) -> None:
    """Homebrew artefacts' keywords join the keyword table (``artefacts.add_artefacts``)."""
    from skirmish_hobgoblin.artefacts.catalogue import extend_keywords

    extend_keywords(content)


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
