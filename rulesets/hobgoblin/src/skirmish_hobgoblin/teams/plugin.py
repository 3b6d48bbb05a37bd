"""Unlikely Allies (team play) as a plugin on Hobgoblin's hooks: set-up, objectives, allied cards and saves."""

from __future__ import annotations

from typing import Any

from skirmish import hookimpl

skirmish_rulesets = ("hobgoblin",)


@hookimpl
def hobgoblin_scenarios() -> dict[str, Any]:
    from skirmish_hobgoblin.teams import SCENARIO, raw

    return {SCENARIO: raw()[SCENARIO]}


@hookimpl
def hobgoblin_scenario_rules() -> dict[str, dict[str, Any]]:
    from skirmish_hobgoblin.teams import objectives

    return {"prepare": {"teams": objectives.prepare}, "score": {"teams": objectives.score},
            "final": {"teams": objectives.final}}


@hookimpl
def hobgoblin_setup_options() -> list[Any]:
    from skirmish import SetupOption

    return [SetupOption("teams", "Unlikely Allies team play for 3 to 6: team sizes like 2v2 or 2v1 (seats red1, "
                                 "red2.. then blue1..; the first of each team is its Warlord)", "str", metavar="NvM"),
            SetupOption("objectives", "team play: 'roll' (two objectives), how many to roll, or names joined by "
                                      "commas (combined-arms, shared-ruination..)", "str", metavar="ROLL|N|NAMES")]


@hookimpl
def hobgoblin_apply_options(setup: dict[str, Any], options: Any) -> None:
    from skirmish_hobgoblin.teams.setup import apply_teams, parse_objectives

    if "teams" in options:
        teamed = apply_teams(setup, str(options["teams"]))
        setup.clear()
        setup.update(teamed)
    if "objectives" in options:
        setup["objectives"] = parse_objectives(str(options["objectives"]))


@hookimpl
def hobgoblin_check_setup(ruleset: Any, setup: dict[str, Any]) -> None:
    from skirmish import SetupError
    from skirmish_hobgoblin.teams import SCENARIO, data
    from skirmish_hobgoblin.teams.setup import check_teams

    if setup["scenario"] == SCENARIO and not setup.get("teams"):
        raise SetupError(f"the '{SCENARIO}' scenario is team play: give set-up 'teams' or --teams 2v2")
    checked = check_teams(setup, data()["objectives"])
    if checked is not setup:
        setup.clear()
        setup.update(checked)


@hookimpl
def hobgoblin_side_revealed(game: Any, player: str) -> None:
    """The teams (from the set-up, once) and the team of ``player``'s units: allied units are friendly."""
    state = game.state
    teams = game.setup.get("teams")
    if not teams:
        return
    if not state.teams:
        state.teams = {t: list(ps) for t, ps in dict(teams).items()}
    team = state.team_of(player)
    for u in state.units.values():
        if u.side == player:
            u.team = team


@hookimpl
def hobgoblin_halves_set(game: Any) -> None:
    """Each player deploys in their Warlord's half."""
    sides = game.state.sides
    for ps in game.state.teams.values():
        for p in ps[1:]:
            sides[p].half = sides[ps[0]].half


@hookimpl
def hobgoblin_side_colours(game: Any) -> dict[str, str] | None:
    if not game.state.teams:
        return None
    from skirmish_hobgoblin.teams.view import side_colours

    return side_colours(game)


@hookimpl
def hobgoblin_side_label(game: Any, player: str) -> str | None:
    return f"{player} (team {game.state.team_of(player)})" if game.state.teams else None


@hookimpl
def hobgoblin_choose_scenario(game: Any) -> bool | None:
    from skirmish_hobgoblin.narrative import NARRATIVE

    if not game.state.teams or game.setup.get("scenario", "roll") in NARRATIVE:  # narrative: ruling T-15
        return None
    from skirmish_hobgoblin.teams.objectives import determine

    game.state.scenario = "unlikely-allies"
    determine(game)
    return True


@hookimpl
def hobgoblin_unit_broken(game: Any, unit: Any) -> None:
    if game.state.teams:  # Combined Arms
        from skirmish_hobgoblin.teams.rules import on_broken

        on_broken(game, unit)


@hookimpl
def hobgoblin_engaged(game: Any, unit: Any, enemies: list[str]) -> None:
    if game.state.teams:  # Hands Around Their Throats
        from skirmish_hobgoblin.teams.rules import engaged_now

        engaged_now(game, unit, enemies)


@hookimpl
def hobgoblin_doom_phase(game: Any) -> None:
    if game.state.teams:  # Brothers-in-Arms
        from skirmish_hobgoblin.teams.rules import doom_phase_saves

        doom_phase_saves(game)


@hookimpl
def hobgoblin_card_targets(game: Any, player: str, card: Any) -> list[Any] | None:
    if not game.state.teams:
        return None
    from skirmish_hobgoblin.teams.rules import card_targets  # never on your own units; "friendly": an ally's

    return card_targets(game.state, player, card.target)


@hookimpl
def hobgoblin_view(game: Any, player: str | None) -> dict[str, Any] | None:
    if not game.state.teams:
        return None
    from skirmish_hobgoblin.teams.view import data

    return {"teams": data(game)}


@hookimpl
def hobgoblin_describe(game: Any, player: str | None) -> list[str] | None:
    if not game.state.teams:
        return None
    from skirmish_hobgoblin.teams.view import lines

    return lines(game)


@hookimpl
def hobgoblin_brief(game: Any, player: str | None) -> list[str] | None:
    return hobgoblin_describe(game, player)


@hookimpl
def hobgoblin_panels(game: Any, player: str | None) -> list[tuple[str, str]] | None:
    if not game.state.teams:
        return None
    from skirmish_hobgoblin.teams.view import lines

    return [("Unlikely Allies", " ".join(line.strip() for line in lines(game)))]


@hookimpl
def hobgoblin_scores(game: Any) -> list[tuple[str, int]] | None:
    if not game.state.teams:
        return None
    from skirmish_hobgoblin.teams.objectives import team_vp

    vp = team_vp(game)
    return [(f"team {t}", int(vp.get(t, 0))) for t in game.state.teams]


@hookimpl
def hobgoblin_glossary() -> dict[str, str]:
    from skirmish_hobgoblin.teams import glossary

    return glossary()


@hookimpl
def hobgoblin_ai_goals(view: Any) -> Any:
    if view.state.get("teams"):
        from skirmish_hobgoblin.teams import ai

        return ai
    return None


@hookimpl
def hobgoblin_card_offers(game: Any, player: str, card_id: str, card: Any) -> list[Any] | None:
    if card.effect != "mercury" or not game.state.teams:
        return None
    from skirmish import Option  # Mercury for an Ally, not yourself (T-5)

    return [Option(f"play {card_id} for {ally}", f"play {card.name} for {ally}", card.summary,
                   data={"action": "card", "card": card_id, "name": card.name, "ally": ally})
            for ally in game.state.allies_of(player)]


@hookimpl
def hobgoblin_card_owners(game: Any, unit: Any) -> list[str] | None:
    return game.state.allies_of(unit.side) if game.state.teams else None


@hookimpl
def hobgoblin_may_surrender(game: Any, player: str) -> bool | None:
    return False if game.state.teams else None  # the objectives decide
