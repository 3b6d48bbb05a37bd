"""Fortune Cards played "at any time" (ruling B-8, issue 27): each card at the earliest and the latest moment the
game offers it. Earliest: the end of round 1's Initiative Phase (the cards just drawn), or for a card that needs a
Broken unit the window right after the attack that breaks it. Latest: after Ready Units (the last step of a round),
or for a card on a Broken unit the window before Broken units are removed."""

from __future__ import annotations

from typing import Any

import pytest
from hob_bench import battle, give_card, run, unit

from skirmish_hobgoblin import attacks, stats, turns

D = 60 / 25.4  # a unit's depth: B stands in base contact with A's front




def _play_at(game: Any, cid: str, window: str, target: str, dice: list[int] = ()) -> list[str]:
    """Pass at every Fortune Card window until ``window``, play the card there; the windows that offered it."""
    offered = []
    while game.pending is not None and game.pending.kind == "respond":
        name = game.pending.context["window"]
        values = [o.value for o in game.pending.options]
        value = f"play {cid} on {target}" if target else f"play {cid}"
        if value in values:
            offered.append(name)
            if name.endswith(f"({window})") and game.pending.player == "red":
                if dice:
                    game.load_dice(list(dice))
                game.answer(value)
                return offered
        game.answer("pass")
    return offered


# card: red's units, blue's units, the unit the card goes on ("" for none), the Broken-making attack (attacker,
# target, hits) or None, the latest window, dice for the card's own roll, the check after playing
Check = Any
CASES: dict[str, tuple[list[dict], list[dict], str, tuple[str, str, int] | None, str, list[int], Check]] = {
    "against-all-odds": ([{"name": "A", "x": 20, "y": 20, "doom": 10}],
                         [{"name": "B", "x": 20, "y": 20 + D, "facing": 270}], "A", ("B", "A", 5),
                         "before Broken units are removed", [], lambda g, a, b, m: a.has("Against All Odds")),
    "go-down-fighting": ([{"name": "A", "x": 20, "y": 20, "doom": 10}],
                         [{"name": "B", "x": 20, "y": 20 + D, "facing": 270}], "A", ("B", "A", 5),
                         "before Broken units are removed", [], lambda g, a, b, m: b.doom == m["b"] + 1),
    "heroic-last-stand": ([{"name": "A", "x": 20, "y": 20, "doom": 10}],
                          [{"name": "B", "x": 20, "y": 20 + D, "facing": 270}], "A", ("B", "A", 5),
                          "before Broken units are removed", [], lambda g, a, b, m: a.has("Brutal")),
    "take-heart": ([{"name": "A", "x": 20, "y": 20, "doom": 6}],
                   [{"name": "B", "x": 20, "y": 20 + D, "facing": 270, "doom": 10}], "A", ("A", "B", 5),
                   "before Broken units are removed", [4], lambda g, a, b, m: a.doom == m["a"] - 4),
    "famous-blade": ([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}], "A", None,
                     "after Ready Units", [], lambda g, a, b, m: a.value("Hero") >= m["hero"] + 2),
    "healing-potion": ([{"name": "A", "x": 20, "y": 10, "doom": 5}], [{"name": "B", "x": 20, "y": 40}], "A", None,
                       "after Ready Units", [6], lambda g, a, b, m: a.doom == m["a"] - 3),
    "hold": ([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}], "A", None,
             "after Ready Units", [], lambda g, a, b, m: stats.courage(g, a) == m["courage"] + 2),
    "redeploy": ([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}], "A", None,
                 "after Ready Units", [], lambda g, a, b, m: stats.speed(a) == m["speed"] + 4),
    "vial-of-mercury": ([{"name": "A", "x": 20, "y": 10}], [{"name": "B", "x": 20, "y": 40}], "", None,
                        "after Ready Units", [], lambda g, a, b, m: any(
                            e.kind == "mercury" and e.text == "red gains 2 Mercury" for e in g.log)),
}


def _game(card: str) -> tuple[Any, str, Any, Any, Any]:
    red, blue, target, attack, latest, dice, check = CASES[card]
    g = battle(red, blue)
    stats.refresh_all(g)
    cid = give_card(g, "red", card)
    return g, cid, unit(g, "A"), unit(g, "B"), check


def _memo(g: Any, a: Any, b: Any) -> dict[str, Any]:
    return {"a": a.doom, "b": b.doom, "hero": a.value("Hero"), "courage": stats.courage(g, a),
            "speed": stats.speed(a), "mercury": g.state.sides["red"].mercury}


@pytest.mark.parametrize("card", sorted(CASES))
def test_any_time_card_played_at_its_earliest_moment(card: str) -> None:
    g, cid, a, b, check = _game(card)
    _, _, target, attack, _, dice, _ = CASES[card]
    tid = unit(g, target).id if target else ""
    if attack is None:  # from the cards drawn in round 1: the end of its Initiative Phase
        g.answer("red")  # keep the First Player token
        memo = _memo(g, a, b)
        offered = _play_at(g, cid, "end of the Initiative Phase", tid, dice)
        assert offered[:1] == ["Fortune Cards (end of the Initiative Phase)"]
    else:  # right after the attack that breaks the unit, before any other step
        who, whom, hits = attack
        memo = {}
        run(g, lambda g: attacks.attack(g, unit(g, who), unit(g, whom), hits, attacks.COMBAT, "Combat"),
            dice=[6] * hits)
        assert unit(g, whom).has(stats.BROKEN)
        memo = _memo(g, a, b)
        offered = _play_at(g, cid, "after an attack", tid, dice)
        assert offered[:1] == ["Fortune Cards (after an attack)"]
    assert check(g, a, b, memo)
    assert cid not in g.state.sides["red"].hand.cards


@pytest.mark.parametrize("card", sorted(CASES))
def test_any_time_card_played_at_its_latest_moment(card: str) -> None:
    g, cid, a, b, check = _game(card)
    _, _, target, attack, latest, dice, _ = CASES[card]
    tid = unit(g, target).id if target else ""
    if attack is not None:
        who, whom, hits = attack
        unit(g, whom).doom += hits
        stats.refresh_all(g)
    probe = _game(card)  # the same situation, passing everywhere: where was the card last offered?
    if attack is not None:
        unit(probe[0], attack[1]).doom += attack[2]
        stats.refresh_all(probe[0])
    run(probe[0], turns.doom_phase)
    assert _play_at(probe[0], probe[1], "never", tid)[-1] == f"Fortune Cards ({latest})"
    memo = _memo(g, a, b)
    run(g, turns.doom_phase)
    offered = _play_at(g, cid, latest, tid, dice)
    assert offered[-1] == f"Fortune Cards ({latest})"
    assert cid not in g.state.sides["red"].hand.cards
    if card == "against-all-odds":
        assert a.in_play  # played just before Remove Broken Units: the unit stays
    elif card not in ("famous-blade", "hold", "redeploy", "heroic-last-stand"):
        assert check(g, a, b, memo)
    else:  # a keyword until the end of the round, granted after the round's last step: the card was played
        assert any(e.kind == "card" and "plays" in e.text for e in g.log)


def test_a_window_opens_exactly_when_a_card_is_offered() -> None:
    """Whether a Fortune Card window opens (fortune.playable, which stops at the first playable card) agrees with
    the options the window then offers (fortune.offers), for every player, moment and unit at every decision of a
    random game."""
    from skirmish import Game, RandomAgent
    from skirmish.agents import AgentContext, View
    from skirmish_hobgoblin import fortune
    from skirmish_hobgoblin.rules import Hobgoblin

    ruleset = Hobgoblin()
    checked = offered = 0
    for seed in (5, 6):
        game = Game(ruleset, seed=seed, keep_log=False)
        agents = {p: RandomAgent(AgentContext(p, seed, ruleset, {}, game.players)) for p in game.players}
        while game.pending is not None and game.decisions < 400:
            state = game.state
            if state.sides and game.decisions % 3 == 0:
                for p in state.sides:
                    for moment in fortune.MOMENTS:
                        for units in (None, *([u] for u in state.units.values())):
                            got = fortune.playable(game, p, moment, units=units)
                            assert got == bool(fortune.offers(game, p, moment, units=units)), (p, moment, units)
                            checked += 1
                            offered += got
            d = game.pending
            game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    assert checked > 1000 and offered > 20
