"""Hobgoblin's agents: ``ai`` (weighs the offered options by expected Doom from the decision's data)
and ``him`` (the solo opponent's procedures, see :mod:`skirmish_hobgoblin.him`).

Agents read only their view, the decision's ``context`` and each option's ``data``; never prompt text.
"""

from __future__ import annotations

import random
from typing import Any

from skirmish import AgentContext, Decision
from skirmish_hobgoblin.decide import context_of, option_data


def keywords_of(unit: dict[str, Any]) -> dict[str, int | None]:
    """A view's keyword text ("Hero [3], Tough [1], Elite") as {name: value or None}."""
    out: dict[str, int | None] = {}
    for part in str(unit.get("keywords", "")).split(", "):
        if not part:
            continue
        name, _, rest = part.partition(" [")
        try:
            out[name] = int(rest.rstrip("]")) if rest else None
        except ValueError:
            out[name] = None
    return out


def p_hit(need: int) -> float:
    """Chance one die hits a target number (a 6 always hits, a 1 always misses)."""
    need = max(2, min(6, need))
    return (7 - need) / 6


class HobgoblinAI:
    """A heuristic player: shoots where the expected Doom is highest, charges when the matchup favours it
    (flank and rear first), keeps its fortune cards for the moments that save units."""

    def __init__(self, ctx: AgentContext) -> None:
        self.player = ctx.player
        self.rng = random.Random(ctx.seed)

    # -- helpers -------------------------------------------------------------------------
    def _units(self, view: Any) -> dict[str, dict[str, Any]]:
        return {u["id"]: u for u in view.state.get("units", [])}

    def _chart(self, view: Any, a: str, d: str) -> int:
        try:
            return int(view.ruleset.chart.target(a, d))
        except Exception:  # noqa: BLE001 - an unknown type in a homebrew: assume an even fight
            return 4

    def decide(self, view: Any, decision: Decision) -> Any:
        kind = decision.kind
        handler = getattr(self, "on_" + kind.replace("-", "_"), None)
        if handler is not None:
            answer = handler(view, decision)
            if answer is not None:
                return answer
        if decision.options:
            return decision.options[0].value
        if decision.examples:
            return decision.examples[0]
        return {p.name: (p.choices[0] if p.kind == "choice" else p.low) for p in decision.params}

    def _pick(self, decision: Decision, action: str) -> Any:
        for o in decision.options:
            if option_data(o).get("action") == action or o.value == action:
                return o.value
        return None

    # -- set-up ------------------------------------------------------------------------------
    def on_call(self, view: Any, d: Decision) -> Any:
        return "odd"

    def on_first_player(self, view: Any, d: Decision) -> Any:
        return self._pick(d, "take")

    def on_initiative(self, view: Any, d: Decision) -> Any:
        return self._pick(d, "keep")

    def on_half(self, view: Any, d: Decision) -> Any:
        return d.options[0].value

    def on_deploy(self, view: Any, d: Decision) -> Any:
        units = self._units(view)
        deploys = [o for o in d.options if option_data(o).get("action") == "deploy"]
        # biggest first, so they get the front line spots
        deploys.sort(key=lambda o: -units.get(option_data(o).get("actor", ""), {}).get("points", 0))
        return deploys[0].value if deploys else d.options[0].value

    def on_placement(self, view: Any, d: Decision) -> Any:
        return self._pick(d, "exact")  # its own spacing rule (on_position) over the computed places

    def on_position(self, view: Any, d: Decision) -> Any:
        examples = list(d.examples)
        if not examples:
            return None
        mid = view.state["table"][0] / 2
        units = self._units(view)
        ranged = "Ranged" in units.get(context_of(d).get("actor", ""), {}).get("keywords", "")
        front = [e for e in examples if e["y"] == examples[0]["y"]]
        pool = front if front and not ranged else examples
        friends = [u for u in units.values() if u["side"] == self.player and u["status"] == "ready"]

        def spread(e: dict[str, float]) -> float:  # keep 8" between units where possible (panic)
            gap = min((abs(e["x"] - f["x"]) for f in friends), default=99.0)
            return -min(gap, 10.0) + abs(e["x"] - mid) / 12 + self.rng.random() * 0.1

        return min(pool, key=spread)

    # -- phases -------------------------------------------------------------------------------
    def on_shoot(self, view: Any, d: Decision) -> Any:
        units = self._units(view)
        best, score = None, 0.0
        for o in d.options:
            data = option_data(o)
            if data.get("action") != "shoot":
                continue
            target = units.get(data["target"], {})
            value = data["dice"] * p_hit(data["need"])
            value *= 1.0 + target.get("doom", 0) / max(1, target.get("courage", 10))
            if value > score:
                best, score = o.value, value
        return best if best is not None else self._pick(d, "done")

    def on_activate(self, view: Any, d: Decision) -> Any:
        units = self._units(view)
        acts = [o for o in d.options if option_data(o).get("action") == "activate"]
        if not acts:
            return self._pick(d, "done")
        enemies = [u for u in units.values() if u["side"] != self.player and u["status"] == "ready"]

        def nearest(o: Any) -> float:
            u = units[option_data(o)["actor"]]
            return min(((u["x"] - e["x"]) ** 2 + (u["y"] - e["y"]) ** 2 for e in enemies), default=0.0)

        return min(acts, key=nearest).value

    def _favours(self, view: Any, me: dict[str, Any], them: dict[str, Any]) -> float:
        mine = 10 * p_hit(self._chart(view, me["type"], them["type"]))
        theirs = 10 * p_hit(self._chart(view, them["type"], me["type"]))
        return mine - theirs

    def _range(self, unit: dict[str, Any]) -> float:
        kw = keywords_of(unit)
        value = float(kw.get("Ranged") or 0)
        return value / 2 if "Short-Ranged" in kw else value

    def exchange(self, view: Any, me: dict[str, Any], them: dict[str, Any], edge: str = "front",
                 charge: float = 0.0) -> float:
        """Points-weighted expected Doom traded in one round of close combat if ``me`` engages ``them``
        (on ``edge`` of ``them``): positive when it favours me."""
        units = self._units(view)
        mk, tk = keywords_of(me), keywords_of(them)
        my_dice = 10 + (mk.get("Hero") or 0) - (mk.get("Weak") or 0)
        their_dice = 10 + (tk.get("Hero") or 0) - (tk.get("Weak") or 0)
        others = [units[e] for e in them.get("engaged", []) if e in units]
        if others:  # it must share its dice out (at least 3 each)
            their_dice = max(3, their_dice - 3 * len(others))
        if edge == "side":
            their_dice = min(their_dice, 5)
        elif edge == "rear":
            their_dice = min(their_dice, 3)
        need_me = self._chart(view, me["type"], them["type"]) - (1 if "Elite" in mk else 0)
        if "Devastating Charge" in mk and charge >= 6.0:
            need_me -= 1
        need_them = self._chart(view, them["type"], me["type"]) - (1 if "Elite" in tk else 0)
        crit = 1.0 + (1 / 6 if "Critical Hits" in mk else 0.0)
        dealt = max(0.0, my_dice * p_hit(need_me) * crit * (1.25 if "Brutal" in mk else 1.0) - (tk.get("Tough") or 0))
        taken = max(0.0, their_dice * p_hit(need_them) * (1.25 if "Brutal" in tk else 1.0) - (mk.get("Tough") or 0))
        left_them = max(1, them.get("courage", 10) - them.get("doom", 0) - (2 if edge != "front" else 0))
        left_me = max(1, me.get("courage", 10) - me.get("doom", 0))
        gain = min(1.0, dealt / left_them) * them.get("points", 300)
        loss = min(1.0, taken / left_me) * me.get("points", 300)
        return gain - loss

    def on_move(self, view: Any, d: Decision) -> Any:
        units = self._units(view)
        ctx = context_of(d)
        me = units.get(ctx.get("actor", ""), {})
        if me.get("engaged"):
            return self._pick(d, "end")
        reach = self._range(me)
        enemies = [u for u in units.values() if u["side"] != self.player and u["status"] == "ready"]

        def dist(u: dict[str, Any]) -> float:
            return ((u["x"] - me["x"]) ** 2 + (u["y"] - me["y"]) ** 2) ** 0.5

        best, score = None, 0.0 if not reach else 150.0
        for o in d.options:
            data = option_data(o)
            if data.get("action") != "engage":
                continue
            them = units.get(data["target"], {})
            s = self.exchange(view, me, them, data.get("edge", "front"), data.get("advance", 0.0))
            s += 10.0 if data.get("flush") else 0.0
            s -= 30.0 * data.get("hazard", 0.0)
            if s > score:
                best, score = o.value, s
        if best is not None:
            return best
        berserk = "Berserk" in keywords_of(me)
        if reach and not berserk and any(dist(e) <= reach - 1.0 for e in enemies):
            return self._pick(d, "end")
        towards = [o for o in d.options if option_data(o).get("action") == "towards"]
        if berserk and towards:  # it must advance 6" towards a visible enemy or gain D3 Doom
            return min(towards, key=lambda o: dist(units.get(option_data(o)["target"], me))).value
        threats = [e for e in enemies if not e.get("engaged") and "Immobile" not in e.get("keywords", "")
                   and dist(e) <= e.get("speed", 8) + (e.get("depth", 2) + me.get("depth", 2)) / 2 + 2.0]
        if threats:
            return self._pick(d, "end")  # an enemy can reach it: let it come and fight where it stands
        good = []
        for o in towards:
            them = units.get(option_data(o)["target"], {})
            value = max(self.exchange(view, me, them, e) for e in ("front", "side"))
            if reach or value > 0 or them.get("engaged"):
                good.append((dist(them) - value / 50.0, o.value))
        if good:
            return min(good)[1]
        marker = next((o for o in d.options if option_data(o).get("action") == "towards-marker"), None)
        if marker is not None and not reach:
            markers = {m["id"]: m for m in view.state.get("markers", [])}
            m = markers.get(option_data(marker)["target"], {})
            if m and ((m["x"] - me["x"]) ** 2 + (m["y"] - me["y"]) ** 2) ** 0.5 > 3.0:
                return marker.value
        return self._pick(d, "end")

    def on_manoeuvre(self, view: Any, d: Decision) -> Any:
        return d.examples[0] if d.examples else None

    def on_fight(self, view: Any, d: Decision) -> Any:
        return d.options[0].value

    def on_assign(self, view: Any, d: Decision) -> Any:
        units = self._units(view)
        ctx = context_of(d)
        me = units.get(ctx.get("actor", ""), {})

        def value(o: Any) -> float:
            data = option_data(o)
            total = 0.0
            for tid, n in zip(data["targets"], data["dice"], strict=True):
                them = units.get(tid, {})
                ph = p_hit(self._chart(view, me.get("type", ""), them.get("type", "")))
                left = max(1, them.get("courage", 10) - them.get("doom", 0))
                total += n * ph * (1.0 + 3.0 / left)
            return total

        assigns = [o for o in d.options if option_data(o).get("action") == "assign"]
        return max(assigns, key=value).value if assigns else d.options[0].value

    def on_force_of_will(self, view: Any, d: Decision) -> Any:
        if self._pick(d, "reroll") is not None:
            for o in d.options:
                if option_data(o).get("pay") == "mercury":
                    return o.value
        return self._pick(d, "keep")

    def on_rough(self, view: Any, d: Decision) -> Any:
        return "distracted"

    def on_cowardly(self, view: Any, d: Decision) -> Any:
        return "distracted"

    def on_harvest(self, view: Any, d: Decision) -> Any:
        hand = view.state["sides"][self.player]["hand"]
        return "card" if isinstance(hand, list) and len(hand) < 4 else "mercury"

    def on_whos_next(self, view: Any, d: Decision) -> Any:
        for o in d.options:
            if str(o.value).startswith("face "):
                return o.value
        return d.options[0].value

    def on_marker(self, view: Any, d: Decision) -> Any:
        return d.examples[0] if d.examples else None

    def on_building(self, view: Any, d: Decision) -> Any:
        return d.examples[0] if d.examples else None

    # -- fortune cards -------------------------------------------------------------------------
    def on_respond(self, view: Any, d: Decision) -> Any:
        units = self._units(view)
        phase = view.phase
        for o in d.options:
            data = option_data(o)
            if data.get("action") != "card":
                continue
            name = data.get("name", "")
            unit = units.get(data.get("target", ""), {})
            doom, courage = unit.get("doom", 0), unit.get("courage", 10)
            if name in ("Vial of Mercury", "Hopelessness", "Carpe Diem", "Against All Odds", "Go Down Fighting",
                        "Enchanted Shield", "Tattered Banner", "Eager for Battle", "Crushing Charge", "Take Heart"):
                return o.value
            if name == "Healing Potion" and doom >= 3:
                return o.value
            if name == "Hold!" and phase == "Doom" and doom >= courage - 3:
                return o.value
            if name in ("Famous Blade", "Moment of Glory", "Heroic Last Stand") and phase == "Combat" \
                    and unit.get("engaged"):
                return o.value
        return self._pick(d, "pass")


def make_ai(ctx: AgentContext) -> HobgoblinAI:
    return HobgoblinAI(ctx)


def make_him(ctx: AgentContext) -> Any:
    from skirmish_hobgoblin.him import HimAgent

    return HimAgent(ctx)
