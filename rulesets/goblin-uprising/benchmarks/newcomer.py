"""A scripted hero that plays like a sensible newcomer (issue 26: measuring how well AI companions help a person).

It is not the AI: it reads the hero-turn menu and its own sheet the way a first-time player reads the screen, and
follows plain habits. It trains the ability with the most dice, recruits while its hand is small, plays a goblin that
heals or gives Essence when that helps, rests when down to half its HP, takes any token under its feet, walks (or
travels) towards the nearest army or the active scheme's quest token, battles the weakest enemy in its region and
adventures otherwise. Its mistakes are a newcomer's: it attacks the Tyrant whenever it stands in the Tyrant's region
with more than half its HP (Royal Armor or not), pays all its Essence into strikes on the Tyrant, never invites help
and never pays Essence to help. It passes every "any time" window and helps every adventure it is asked to.
"""

from __future__ import annotations

import random
from typing import Any

from skirmish import AgentContext, Decision, View


class Newcomer:
    """The scripted newcomer hero (see the module notes); seeded, so its games repeat."""

    def __init__(self, ctx: AgentContext) -> None:
        self.player = ctx.player
        self.rng = random.Random(ctx.seed)
        self.ruleset = ctx.ruleset
        self._recruited = -1

    def decide(self, view: View, decision: Decision) -> Any:
        values = [o.value for o in decision.options]
        if not values:
            return decision.examples[0] if decision.examples else {}
        handler = getattr(self, "_" + decision.kind.replace("-", "_"), None)
        choice = handler(view, decision, values) if handler is not None else values[0]
        return choice if choice in values else values[0]

    # -- set-up: whatever catches the eye -----------------------------------------------------------------------
    def _class(self, view: View, d: Decision, values: list[Any]) -> Any:
        return self.rng.choice(values)

    _tribe = _village = _start_ability = _pet = _class

    # -- the hero turn ------------------------------------------------------------------------------------------
    def _action(self, view: View, d: Decision, values: list[Any]) -> Any:
        ctx = d.context or {}
        me, board, menu = ctx["me"], ctx["board"], ctx["menu"]
        data = {o.value: o.data for o in d.options}
        if menu.get("train"):
            return max(menu["train"], key=lambda v: data[v].get("dice", 0))
        if menu.get("commune"):
            return menu["commune"][0]
        for v in menu.get("goblin", ()):
            effect = data[v].get("effect")
            if (effect == "heal" and me["hp"] <= me["max_hp"] - 2) or \
                    (effect == "essence" and me["essence"] < me["max_essence"]):
                return v
        if "recruit" in menu and me["renown"] >= 3 and len(me["hand"]) < 3 and view.game_round != self._recruited:
            self._recruited = view.game_round
            return "recruit"
        if ctx.get("actions", 0) > 0:
            return self._spend(ctx, me, board, menu, data)
        return self._deed(me, board, menu)

    def _spend(self, ctx: dict[str, Any], me: dict[str, Any], board: dict[str, Any], menu: dict[str, Any],
               data: dict[Any, Any]) -> Any:
        rests = menu.get("rest", ())
        if me["hp"] * 2 <= me["max_hp"] and rests:
            return "rest:both" if "rest:both" in rests else "rest:hp" if "rest:hp" in rests else rests[0]
        if menu.get("interact"):
            return menu["interact"][0]
        c = self.ruleset.content_for({})
        here = me["space"]
        target = self._target(c, here, me, board)
        if target and target != here:
            dist = c.rmap.distances_from
            now = dist(target).get(here, 99)
            travel = f"travel:{target}"
            if travel in menu.get("travel", ()):
                return travel
            steps = [v for v in menu.get("move", ()) if dist(target).get(data[v]["space"], 99) < now]
            if steps:
                return steps[0]
        if rests and me["hp"] < me["max_hp"]:
            return "rest:both" if "rest:both" in rests else "rest:hp" if "rest:hp" in rests else rests[0]
        return "end"

    def _target(self, c: Any, here: str, me: dict[str, Any], board: dict[str, Any]) -> str:
        """Where the newcomer heads: the scheme's quest token, else the nearest army (its spawn space)."""
        scheme = board.get("scheme") or {}
        if scheme.get("goal") == "quest":
            quests = [sp for sp, src in board["quests"].items() if str(src).startswith("scheme:")]
            if quests:
                return quests[0]
        hops = c.rmap.distances_from(here)
        armies = [c.spawn_space(t["region"]) for t in board["troops"].values() if t["region"] != c.board.castle]
        armies = [sp for sp in armies if sp]
        return min(armies, key=lambda sp: hops.get(sp, 99)) if armies else ""

    def _deed(self, me: dict[str, Any], board: dict[str, Any], menu: dict[str, Any]) -> Any:
        battles = [v for v in menu.get("battle", ()) if not v.startswith("battle:hero:")]
        if "battle:tyrant" in battles and me["hp"] * 2 > me["max_hp"]:
            return "battle:tyrant"  # a newcomer's habit: the Tyrant is right there
        enemies = [v for v in battles if v != "battle:tyrant"]
        if enemies:
            def left(v: str) -> int:
                kind, _, key = v[7:].partition(":")
                sec = board["troops"] if kind == "troop" else board["generals"]
                t = sec.get(key) or {}
                return t.get("hp", 99) - t.get("damage", 0)
            return min(enemies, key=left)
        return "adventure"

    # -- combat ------------------------------------------------------------------------------------------------
    def _ability(self, view: View, d: Decision, values: list[Any]) -> Any:
        return max(d.options, key=lambda o: o.data.get("dice", 0)).value

    def _roll(self, view: View, d: Decision, values: list[Any]) -> Any:
        ctx = d.context or {}
        for x in ("fury", "ambush"):
            if x in values:
                return x
        for o in d.options:
            if o.data.get("action") == "uprising" and o.data.get("effect") in ("damage", "ignore_armor", "piercing"):
                return o.value
        if "reroll" in values and ctx.get("damage", 0) == 0:
            return "reroll"
        strikes = [o for o in d.options if o.data.get("action") == "strike"]
        need = ctx.get("left", 99)
        if ctx.get("target") == "tyrant":
            return strikes[-1].value  # all the Essence it can pay
        enough = [o for o in strikes if o.data["damage"] >= need]
        return enough[0].value if enough else "strike"

    def _prevent(self, view: View, d: Decision, values: list[Any]) -> Any:
        ctx = d.context or {}
        hp = ctx.get("hp", 99)
        if hp - ctx.get("damage", 0) <= 0:
            other = [v for v in values if v != "take"]
            if other:
                return other[0]
        return "take"

    def _heal(self, view: View, d: Decision, values: list[Any]) -> Any:
        hurt = (d.context or {}).get("hurt")
        return max(values, key=lambda v: hurt.get(str(v)[5:], 0)) if hurt else values[0]

    def _fall(self, view: View, d: Decision, values: list[Any]) -> Any:
        return "tribe" if "tribe" in values else values[0]

    def _save(self, view: View, d: Decision, values: list[Any]) -> Any:
        return "save" if "save" in values else values[0]

    def _swap(self, view: View, d: Decision, values: list[Any]) -> Any:
        return "none" if "none" in values else values[0]

    # -- adventures and windows -----------------------------------------------------------------------------------
    def _invite(self, view: View, d: Decision, values: list[Any]) -> Any:
        return "roll" if "roll" in values else values[0]

    def _respond(self, view: View, d: Decision, values: list[Any]) -> Any:
        return "help" if "help" in values else "pass" if "pass" in values else values[0]

    def _help_essence(self, view: View, d: Decision, values: list[Any]) -> Any:
        return "no" if "no" in values else values[0]

    def _adventure(self, view: View, d: Decision, values: list[Any]) -> Any:
        return "green" if "green" in values else values[0]

    def _adventure_roll(self, view: View, d: Decision, values: list[Any]) -> Any:
        ctx = d.context or {}
        if ctx.get("total", 0) < ctx.get("difficulty", 0) and "essence" in values:
            return "essence"
        return "done" if "done" in values else values[0]


def make_newcomer(ctx: AgentContext) -> Newcomer:
    return Newcomer(ctx)
