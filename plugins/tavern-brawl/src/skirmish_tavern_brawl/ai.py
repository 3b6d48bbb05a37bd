"""The ``ai`` agent: a greedy brawler that reads only its own view.

An agent is any object with ``decide(view, decision) -> answer``. It sees what its
player sees (``view.state`` is ``TavernBrawl.view(game, player)``: its own hand, the
others' hand sizes) and the public content (``view.ruleset.content``). It never
touches the game itself, so it cannot cheat.

Its plan: play the tricks that help now (heal when hurt, drink when dry, duck or
trip when an opponent still has to act this round), then make the attack with the
best mix of expected bruises and chance to knock someone out.
"""

from __future__ import annotations

import math
import random
from typing import Any

from skirmish import AgentContext, Decision, KeywordSet, View
from skirmish_tavern_brawl.content import Content
from skirmish_tavern_brawl.rules import DUCKING, PASS, PUNCH, TRIPPED, attack_numbers, clamp_target
from skirmish_tavern_brawl.state import card_kind

TRICK_VALUE = {"heal": 1.5, "duck": 1.0, "drink": 0.8, "trip": 0.6}  # for choosing what to discard


def p_hit(target: int) -> float:
    """Chance that one d6 hits on ``target``+."""
    return (7 - clamp_target(target)) / 6


def p_at_least(k: int, n: int, p: float) -> float:
    """Chance of at least ``k`` successes in ``n`` tries of chance ``p``."""
    if k <= 0:
        return 1.0
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


class BrawlerAI:
    """Greedy Tavern Brawl player."""

    def __init__(self, ctx: AgentContext) -> None:
        self.rng = random.Random(ctx.seed)

    def decide(self, view: View, decision: Decision) -> Any:
        content: Content = view.ruleset.content
        me = view.state["brawlers"][view.player]
        handler = {"action": self.action, "reroll": self.reroll, "patch-up": self.patch_up,
                   "discard": self.discard}.get(decision.kind)
        if handler is None:  # a decision some house rule added: any legal answer
            return self.rng.choice(decision.options).value if decision.options else decision.examples[0]
        return handler(view, decision, content, me)

    # -- your turn -----------------------------------------------------------------------------
    def action(self, view: View, decision: Decision, content: Content, me: dict[str, Any]) -> Any:
        offered = {o.value for o in decision.options}
        later = self.acting_after_me(view)
        rules = content.rules
        for card in dict.fromkeys(card_kind(c) for c in me["hand"]):
            effect = content.cards[card].effect
            if effect == "heal" and me["bruises"] >= min(2, me["grit"] - me["bruises"]) and card in offered:
                return card
            if effect == "drink" and me["ale"] <= rules.ale_cap - content.cards[card].amount and card in offered:
                return card
            if effect == "duck" and later and DUCKING not in me["keywords"] and card in offered:
                return card
            if effect == "trip":
                marks = [p for p in later if TRIPPED not in view.state["brawlers"][p]["keywords"]]
                if marks:
                    mark = max(marks, key=lambda p: view.state["brawlers"][p]["brawn"])
                    if f"{card}:{mark}" in offered:
                        return f"{card}:{mark}"
        attacks = [o.value for o in decision.options if ":" in o.value and self.is_attack(content, o.value)]
        if not attacks:
            return PASS
        return max(attacks, key=lambda value: self.attack_score(view, content, me, value))

    @staticmethod
    def is_attack(content: Content, value: str) -> bool:
        card = value.partition(":")[0]
        return card == PUNCH or content.cards[card].kind == "attack"

    @staticmethod
    def acting_after_me(view: View) -> list[str]:
        """Opponents still standing who take their Brawl turn after mine this round."""
        seats = list(view.players)
        first = (view.game_round - 1) % len(seats)
        order = seats[first:] + seats[:first]
        after = order[order.index(view.player) + 1:]
        return [p for p in after if p != view.player and not view.state["brawlers"][p]["out"]]

    def attack_score(self, view: View, content: Content, me: dict[str, Any], value: str) -> float:
        card, _, victim = value.partition(":")
        them = view.state["brawlers"][victim]
        mine, theirs = KeywordSet.of(view.player, me["keywords"]), KeywordSet.of(victim, them["keywords"])
        dice, target = attack_numbers(content, me["brawn"], mine, theirs,
                                      None if card == PUNCH else content.cards[card])
        p = p_hit(target)
        rerolls = int("Lucky" in mine) + me["ale"]
        misses = dice * (1 - p)
        p_eff = p + (1 - p) * p * min(1.0, rerolls / misses) if misses else p
        shrug = 1 if "Thick Skull" in theirs else 0
        expected = dice * p_eff - shrug * (1 - (1 - p_eff) ** dice)
        knockout = p_at_least(them["grit"] - them["bruises"] + shrug, dice, p_eff)
        leader = max(b["glory"] for p_, b in view.state["brawlers"].items() if p_ != view.player)
        score = expected + knockout * (content.rules.knockout_glory + 3)
        score += 0.25 * expected * (them["glory"] == leader)  # hold back whoever is winning
        return score - (0.3 if card != PUNCH else 0.0)  # a card used now is gone

    # -- re-rolls, healing, discarding ---------------------------------------------------------------
    def reroll(self, view: View, decision: Decision, content: Content, me: dict[str, Any]) -> Any:
        attack = view.state["attack"]
        misses = sum(1 for i, v in enumerate(attack["dice"]) if v < attack["target"] and i not in attack["rerolled"])
        spare = me["ale"] - (1 if me["grit"] - me["bruises"] <= 2 else 0)  # keep one to heal when nearly out
        wanted = min(misses, max(spare, 0)) if p_hit(attack["target"]) >= 1 / 3 else 0
        return {"dice": wanted}

    def patch_up(self, view: View, decision: Decision, content: Content, me: dict[str, Any]) -> Any:
        return max(o.value for o in decision.options)  # a sure bruise healed beats a maybe-hit

    def discard(self, view: View, decision: Decision, content: Content, me: dict[str, Any]) -> Any:
        def worth(card: str) -> float:
            c = content.cards[card]
            if c.kind == "attack":
                return (me["brawn"] + c.dice) * p_hit(c.target) - me["brawn"] * p_hit(content.rules.punch_target)
            return TRICK_VALUE.get(c.effect, 0.5)

        return min((o.value for o in decision.options), key=worth)
