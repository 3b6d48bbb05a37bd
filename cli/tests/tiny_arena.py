"""A second test ruleset for the prompt's explaining commands (``SKIRMISH_PLUGINS=tiny_ruleset,tiny_arena``).

Tiny Arena: two heroes ("hero1", "hero2", one team) each lead three fighters against the Beast,
a side with no seat. Each turn a hero picks one of their fighters' actions (a long list with
``Option.data`` actors), or places a banner (a point). A hit on a 4+ wounds the Beast; three wounds win,
three turns without enough wounds lose to the Beast. The ruleset fills glossary, odds, measure,
brief and final_summary, so the CLI's help TERM, odds, measure, brief status and summary can be tested.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs

from skirmish import Decision, Option, Param, Phase, Ruleset, RulesetSpec, SkirmishError, hookimpl
from skirmish.decisions import choose

FIGHTERS = {"hero1": ["Ada", "Bo", "Cy", "Dot"], "hero2": ["Di", "Ed", "Flo", "Gus"]}
ACTIONS = ["strike", "shove", "shout", "dodge"]


@attrs.define
class ArenaState:
    wounds: int = 0
    turns: int = 0
    banner: list[float] = attrs.field(factory=list)


class ArenaRuleset(Ruleset):
    """Two heroes against the Beast."""

    name = "arena"
    title = "Tiny Arena"
    version = "1.0"
    max_decisions = 100

    def default_setup(self) -> dict[str, Any]:
        return {"players": ["hero1", "hero2"]}

    def sides(self, setup: Any) -> dict[str, tuple[str, ...]]:
        return {"heroes": tuple(setup["players"]), "Beast": ()}

    def create(self, game: Any) -> ArenaState:
        return ArenaState()

    def phases(self) -> dict[str, Phase]:
        return {"fight": Phase("fight", _fight, rule="Fight")}

    def end_of_round(self, game: Any) -> None:
        state = game.state
        if state.wounds >= 3:
            game.finish(["heroes"], "the Beast is slain", rule="Victory", scores={"hero1": 2, "hero2": 1})
        elif game.round >= 3:
            game.finish(["Beast"], "the Beast outlasts the heroes", rule="Victory")

    def describe(self, game: Any, player: str | None) -> str:
        return "\n".join(["THE WHOLE ARENA MAP"] + [f"row {i}" for i in range(30)])

    def brief(self, game: Any, player: str | None) -> str:
        return f"Arena, round {game.round}: the Beast has {game.state.wounds}/3 wounds"

    def glossary(self) -> dict[str, str]:
        return {"Strike": "hit the Beast: one die, 4+ wounds it", "Shove": "push the Beast back",
                "Banner": "a point on the table that heroes rally to", "Beast": "the side nobody plays"}

    def odds(self, game: Any, player: str, query: str) -> list[tuple[str, dict[Any, Fraction]]]:
        if query in ("", "strike"):
            return [("strike: wounds from one die (4+)", {0: Fraction(1, 2), 1: Fraction(1, 2)})]
        raise SkirmishError(f"no attack called '{query}' (try: strike)")

    def measure(self, game: Any, player: str, a: str, b: str) -> str:
        names = [n for side in FIGHTERS.values() for n in side]
        for name in (a, b):
            if name not in names:
                raise SkirmishError(f"no piece called '{name}'")
        return f"{a} to {b}: {abs(names.index(a) - names.index(b)) * 2}\", in sight"

    def final_summary(self, game: Any, player: str | None) -> str:
        return f"Final picture: the Beast took {game.state.wounds} wounds in {game.round} rounds"


def _fight(game: Any) -> None:
    for p in game.players:
        game.call(_turn, p)


def _turn(game: Any, player: str) -> None:
    options = [Option(f"{name.lower()}-{act}", f"{name}: {act} the Beast", data={"actor": name, "action": act})
               for name in FIGHTERS[player] for act in ACTIONS]
    options.append(Option("banner", "Place the banner", data={"action": "banner"}))
    game.ask(choose(player, "action", f"{player}: what does your band do?", options, rule="Fight",
                    context={"actor": player}), _act, player)


def _act(game: Any, answer: str, player: str) -> None:
    if answer == "banner":
        game.ask(Decision(player, "banner", "Where does the banner go?",
                          params=(Param("at", "point", bounds=(0, 0, 24, 12), step=0.5),), rule="Banner"),
                 _banner, player)
        return
    if answer.endswith("strike"):
        roll = game.rng.roll(6, rule="Strike", why=f"{player} strikes")
        if roll >= 4:
            game.state.wounds += 1
            game.emit("wound", f"the Beast is wounded ({game.state.wounds}/3)", rule="Strike")


def _banner(game: Any, answer: dict[str, Any], player: str) -> None:
    game.state.banner = [answer["at"]["x"], answer["at"]["y"]]
    game.emit("banner", f"{player} plants the banner at ({answer['at']['x']:g}, {answer['at']['y']:g})",
              rule="Banner")


class StrikerAgent:
    """Always strikes with its first fighter."""

    def __init__(self, ctx: Any) -> None:
        self.player = ctx.player

    def decide(self, view: Any, decision: Any) -> Any:
        return decision.options[0].value if decision.options else {"at": {"x": 1, "y": 1}}


@hookimpl
def skirmish_register_rulesets() -> list[RulesetSpec]:
    return [RulesetSpec.of(ArenaRuleset)]
