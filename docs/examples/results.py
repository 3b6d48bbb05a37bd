"""Results by side (a team, a side with no seat), draws, causes (game.because) and keyword scopes (end_scope)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from skirmish import Game, Keyword, KeywordSet, Ruleset, choose, end_scope


@attrs.define
class Hero:
    name: str
    keywords: KeywordSet


@attrs.define
class Siege:
    heroes: dict[str, Hero]
    walls: int = 3


def hero_turn(game: Game, seat: str) -> None:
    game.ask(choose(seat, "act", f"{seat}: rally or repair?", [("rally", "rally (Inspired this turn)"),
                                                               ("repair", "repair a wall")],
                    rule="Hero Turn", context={"actor": seat}), act, seat)


def act(game: Game, answer: str, seat: str) -> None:
    hero = game.state.heroes[seat]
    if answer == "rally":
        hero.keywords.add(Keyword("Inspired", until="turn", source="rally"), log=game.log, rule="Rally")
    else:
        game.state.walls += 1
    end_scope(game, "turn")  # the turn is over: keywords lasting "until the end of the turn" expire, logged


def tyrant_attacks(game: Game) -> None:
    """The Tyrant, a side with no seat, knocks down a wall; everything it sets off names the attack as its cause."""
    attack = game.emit("attack", "the Tyrant hurls a boulder", rule="Tyrant")
    with game.because(attack):
        game.state.walls -= 1
        breach = game.emit("wall", f"a wall falls ({game.state.walls} left)", rule="Tyrant")
    if game.state.walls <= 0:
        with game.because(breach):
            game.finish(["Tyrant"], "the walls are down", rule="Breach")


class Sieged(Ruleset):
    name = "sieged"
    title = "Sieged"
    min_players = max_players = 2
    max_decisions = 100

    def default_setup(self) -> dict[str, Any]:
        return {"players": ["Ann", "Bo"]}

    def sides(self, setup: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
        return {"heroes": tuple(setup["players"]), "Tyrant": ()}  # a co-op team, and a side with no seat

    def create(self, game: Game) -> Siege:
        return Siege({p: Hero(p, KeywordSet.of(p)) for p in game.players})

    def start(self, game: Game) -> None:
        game.call(self.round)

    def round(self, game: Game) -> None:
        game.round += 1
        if game.round > 5:
            game.finish(["heroes"], "the walls held for five rounds", rule="Relief")
            return
        game.call(self.round)
        game.call(tyrant_attacks)
        for seat in reversed(game.players):
            game.call(hero_turn, seat)


if __name__ == "__main__":
    game = Game(Sieged(), seed=0)
    game.answer("rally")
    assert "Inspired" not in game.state.heroes["Ann"].keywords  # expired when Ann's turn ended
    assert any(e.kind == "keyword" or "Inspired" in e.text for e in game.log)
    while game.pending is not None:
        game.answer("rally")  # nobody repairs: the Tyrant wins
    result = game.result
    assert result.winners == ("Tyrant",) and result.winning_seats == ()
    assert result.outcome("Ann") == result.outcome("Bo") == "loss"  # a loss for every hero, not a draw
    end = game.log.by_seq(len(game.log) - 1)
    chain = [e.kind for e in game.log.why(end.seq)]
    assert chain[:3] == ["end", "wall", "attack"], chain  # `why` walks the causes back
