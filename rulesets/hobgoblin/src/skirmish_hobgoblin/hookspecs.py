"""Hobgoblin's own hooks, where homebrew and the next rules (spells, artefacts, Chaos of War) plug in.

Implement them with ``@skirmish.hookimpl`` in a plugin that serves ``hobgoblin``.
"""

from __future__ import annotations

from typing import Any

from skirmish import hookspec

#: Hobgoblin's built-in expansions, each a plugin on these hooks: (entry-point name, module). The package's entry
#: points register them (``pyproject.toml``); a ruleset built without the registry calls them itself.
BUILTIN: tuple[tuple[str, str], ...] = (
    ("hobgoblin-artefacts", "skirmish_hobgoblin.artefacts.plugin"),
    ("hobgoblin-chaos", "skirmish_hobgoblin.chaos.plugin"),
    ("hobgoblin-him", "skirmish_hobgoblin.him.plugin"),
    ("hobgoblin-magic", "skirmish_hobgoblin.magic.plugin"),
    ("hobgoblin-narrative", "skirmish_hobgoblin.narrative.plugin"),
    ("hobgoblin-teams", "skirmish_hobgoblin.teams.plugin"),
)


@hookspec
def hobgoblin_target_number(game: Any, attacker: Any, defender: Any, kind: str, value: int) -> int | None:
    """Change the target number of an attack (``kind``: shooting, combat, punish, perilous); return the new
    number or None to leave it. The last non-None answer counts."""


@hookspec
def hobgoblin_cast_spells(game: Any, player: str) -> None:
    """The Magic Phase after Mercury income: schedule ``player``'s casting (First Player first)."""


@hookspec
def hobgoblin_movement_start(game: Any) -> None:
    """The start of a Movement Phase (Reinforcements, Tunnels, twists)."""


@hookspec
def hobgoblin_unit_removed(game: Any, unit: Any) -> None:
    """A unit was removed from play (Gore Markers, artefacts)."""


@hookspec
def hobgoblin_doom_step(game: Any, step: str) -> None:
    """Just before a Doom Phase step (``remove-broken``): abilities usable "during the Doom Phase"."""


# -- set-up and content: asked while a ruleset loads or a set-up is checked ----------------------------------


@hookspec
def hobgoblin_scenarios() -> dict[str, Any]:
    """More scenarios, as ``scenarios.toml`` entries (id -> table); a scenario with ``roll = []`` is never rolled."""


@hookspec
def hobgoblin_scenario_rules() -> dict[str, dict[str, Any]]:
    """The rule functions those scenarios name: ``{"prepare": {name: fn(game, scenario)}, "score": ..., "final":
    ...}``."""


@hookspec
def hobgoblin_setup_options() -> list[Any]:
    """Command-line set-up options (``skirmish.SetupOption``) the expansion reads."""


@hookspec
def hobgoblin_apply_options(ruleset: Any, setup: dict[str, Any], options: Any) -> None:
    """Turn the command-line ``options`` into set-up keys: change ``setup`` in place."""


@hookspec
def hobgoblin_check_setup(ruleset: Any, setup: dict[str, Any]) -> None:
    """Check (raise ``SetupError``, one line) and complete the expansion's set-up keys in place."""


@hookspec
def hobgoblin_spells() -> dict[str, Any]:
    """Homebrew spells, as a table shaped like ``data/spells.toml`` (``{"spells": {id: {...}}}``); each ``effect``
    names a function registered with ``skirmish_hobgoblin.magic.spells.effect``. Kept on the ruleset."""


@hookspec
def hobgoblin_chaos_entries() -> dict[str, Any]:
    """Homebrew Chaos of War entries, as a table shaped like ``data/chaos.toml`` (``{"twists": {id: {...}}}``);
    each ``effect`` names a function registered with ``chaos.rules.effect`` or ``each``. Kept on the ruleset."""


@hookspec
def hobgoblin_army_rules(ruleset: Any) -> Any:
    """The expansion's army-list rules for ``ruleset`` (None: content built without a ruleset), kept on its content:
    an object with ``unit_refs(unit, content)`` (keywords a unit gets at no cost), ``finish_keywords(unit,
    keywords)``, ``army_problems(units, content)`` ((where, rule, message) triples) and ``unit_problems(unit,
    content, bought, given)`` ((rule, message) pairs; ``bought`` and ``given``: keyword ids), and optionally
    ``extend_raw(raw)``, changing the raw content tables before the content is built (new keywords)."""


@hookspec
def hobgoblin_artefacts() -> dict[str, Any]:
    """Homebrew Cursed Artefacts, as a table shaped like ``data/artefacts.toml`` (``{"artefacts": {id: {...}}}``),
    with the new keywords they give as ``{"keywords": {id: {...}}}`` shaped like ``data/keywords.toml``; each new
    keyword's ``effect`` names a function registered with ``skirmish_hobgoblin.artefacts.rules.rule``. Kept on the
    ruleset and its content."""


@hookspec
def hobgoblin_allegiances() -> list[str]:
    """The Abyssal Allegiances a Wizard may take (the balance model counts the others against the first)."""


# -- set-up of a game -----------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def hobgoblin_choose_scenario(game: Any) -> bool | None:
    """Set-up step 4: return True when the expansion settled the scenario itself (team play's objectives)."""


@hookspec(firstresult=True)
def hobgoblin_deployment_rules(game: Any) -> Any:
    """The deployment rules that replace the two halves (an object with ``zone_error``, ``facing_at``...), or
    None."""


@hookspec
def hobgoblin_deployment_start(game: Any) -> None:
    """Just before the units deploy (Chaos of War places its markers)."""


@hookspec
def hobgoblin_sight_rule(game: Any) -> Any:
    """Asked once the scenario is prepared: a function ``(state, viewer, table) -> terrain ignored`` that lets
    units see past terrain, or None. Kept for the game (line of sight is checked thousands of times)."""


@hookspec
def hobgoblin_move_rule(game: Any) -> Any:
    """Asked once the scenario is prepared: a function ``(game, unit, kind, swept, end, cost, mp) -> (why, cost)``
    refusing or charging for a move (a chasm, a wall), or None. Kept for the game."""


@hookspec
def hobgoblin_side_revealed(game: Any, player: str) -> None:
    """Set-up: ``player``'s army has been revealed and its units built (team play sets the teams and the units'
    ``team``)."""


@hookspec
def hobgoblin_halves_set(game: Any) -> None:
    """Set-up: the First Player and the other have their table halves; set the halves of any other players (team
    play: each player deploys in their Warlord's half)."""


@hookspec(firstresult=True)
def hobgoblin_first_player(game: Any) -> bool | None:
    """Set-up: return True when the expansion gave the First Player token itself (He always takes it)."""


@hookspec(firstresult=True)
def hobgoblin_solo(game: Any, player: str) -> Any:
    """The rules that play ``player``'s side (the solo opponent: an object with ``deploy(game, player)``,
    ``shooting(game, player)``, ``movement(game, player, units)``, ``whos_next(game, unit, choices)``), or None
    for a player who decides. Such a side draws no Fortune Cards and gets no Mercury."""


@hookspec(firstresult=True)
def hobgoblin_victory(game: Any) -> bool | None:
    """The end of the battle: return True when the expansion decided the result itself (His solo game)."""


# -- play -----------------------------------------------------------------------------------------------------


@hookspec
def hobgoblin_unit_broken(game: Any, unit: Any) -> None:
    """``unit`` has just become Broken."""


@hookspec
def hobgoblin_activation_start(game: Any, unit: Any) -> None:
    """``unit`` starts a movement activation, before its first step is offered."""


@hookspec
def hobgoblin_after_activation(game: Any, unit: Any) -> None:
    """``unit`` starts a movement activation: schedule steps (``game.call``) that run once its moves are done."""


@hookspec
def hobgoblin_after_manoeuvre(game: Any, unit: Any) -> None:
    """``unit`` has made a manoeuvre."""


@hookspec
def hobgoblin_engaged(game: Any, unit: Any, enemies: list[str]) -> None:
    """``unit``'s move ended engaging ``enemies`` (ids) it was not engaging at the start."""


@hookspec
def hobgoblin_combat_start(game: Any) -> None:
    """The start of a Combat Phase: schedule steps that follow the fights."""


@hookspec(firstresult=True)
def hobgoblin_fight(game: Any, unit: Any) -> bool | None:
    """``unit`` is about to attack in combat: return True when the expansion runs the attack itself."""


@hookspec
def hobgoblin_doom_phase(game: Any) -> None:
    """The Doom Phase, before Broken units are removed."""


@hookspec
def hobgoblin_force_of_will_options(game: Any, player: str, attack: Any) -> list[Any]:
    """More answers (``Option``) to a Force of Will question about ``attack``."""


@hookspec(firstresult=True)
def hobgoblin_force_of_will_answer(game: Any, player: str, attack: Any, answer: Any) -> bool | None:
    """Carry out one of those answers; return True when it was the expansion's."""


@hookspec
def hobgoblin_doom_dealt(game: Any, attacker: Any, target: Any, doom: int, kind: str) -> None:
    """``attacker``'s attack (``kind``) gave ``target`` ``doom`` Doom."""


@hookspec(firstresult=True)
def hobgoblin_card_targets(game: Any, player: str, card: Any) -> list[Any] | None:
    """The units ``player`` may play ``card`` on, when the expansion decides them (team play), else None."""


@hookspec(firstresult=True)
def hobgoblin_card_offers(game: Any, player: str, card_id: str, card: Any) -> list[Any] | None:
    """The options (``Option``) to play a card that targets no unit, when the expansion offers them (team play:
    Mercury for an Ally), else None."""


@hookspec(firstresult=True)
def hobgoblin_card_owners(game: Any, unit: Any) -> list[str] | None:
    """Who may play Fortune Cards for ``unit``'s side, when the expansion decides (team play: its player's Allies)."""


@hookspec(firstresult=True)
def hobgoblin_may_surrender(game: Any, player: str) -> bool | None:
    """False when ``player`` may not surrender (the solo opponent; team play), else None."""


@hookspec
def hobgoblin_card_played(game: Any, player: str, card_id: str, unit: Any) -> None:
    """``player`` played Fortune Card ``card_id`` (on ``unit``, or None)."""


# -- seeing ---------------------------------------------------------------------------------------------------


@hookspec
def hobgoblin_view(game: Any, player: str | None) -> dict[str, Any] | None:
    """Sections of the view data (name -> plain data) the expansion adds for this game, or None."""


@hookspec
def hobgoblin_describe(game: Any, player: str | None) -> list[str] | None:
    """Lines the text description of the table adds for this game, or None."""


@hookspec
def hobgoblin_brief(game: Any, player: str | None) -> list[str] | None:
    """Lines the brief (where the battle stands) adds for this game, or None."""


@hookspec
def hobgoblin_panels(game: Any, player: str | None) -> list[tuple[str, str]] | None:
    """Panels (title, text) beside the table for this game, or None."""


@hookspec(firstresult=True)
def hobgoblin_side_colours(game: Any) -> dict[str, str] | None:
    """Each player's colour in pictures (player -> ``#rrggbb``), when the expansion colours the sides (team play: a
    shade of the team's colour each), else None."""


@hookspec(firstresult=True)
def hobgoblin_side_label(game: Any, player: str) -> str | None:
    """How the legend names ``player``'s units (team play: ``red1 (team red)``), else None for ``player: army``."""


@hookspec(firstresult=True)
def hobgoblin_scores(game: Any) -> list[tuple[str, int]] | None:
    """The VP as the battle counts them (label, VP), when the expansion counts them (by team), else None."""


@hookspec
def hobgoblin_glossary() -> dict[str, str]:
    """Help texts (term -> text) for the expansion's terms."""


# -- the AI: what an expansion's rules mean for the Hobgoblin AI ----------------------------------------------


@hookspec(firstresult=True)
def hobgoblin_ai_goals(view: Any) -> Any:
    """The AI's goals for this game (a module or object with ``goal_points``, ``marker_spot``... as
    ``skirmish_hobgoblin.narrative.ai``), or None in the battle scenarios. The answer may depend only on the
    view's scenario and whether it is a team game: it is kept per ruleset for those."""


@hookspec(firstresult=True)
def hobgoblin_ai_marker_spot(view: Any, player: str, decision: Any) -> Any:
    """Where ``player`` places the marker or piece ``decision`` asks about, or None to leave it to the AI."""


@hookspec(firstresult=True)
def hobgoblin_ai_cast(view: Any, player: str, decision: Any) -> Any:
    """``player``'s answer to a casting decision."""


@hookspec(firstresult=True)
def hobgoblin_ai_mercury_worth(view: Any, player: str) -> float | None:
    """What one Mercury token kept is worth to ``player`` (in Doom)."""
