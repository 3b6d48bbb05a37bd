"""A co-operating AI hero for Goblin Uprising.

It reads only its view (the ruleset's view data, the decision's context and its options' data) and works
down a priority list: learn abilities and commune when it can; rest when hurt; go where the team's goal
is (the active scheme's goal, then troops it can kill, then exploration tokens); fight the Tyrant only when
its Royal Armor is low enough for the hero's dice; otherwise battle what it can kill, or adventure. It helps
adventures, spends Essence and Uprisings where they change the outcome, and prevents damage that would fell it.
As a companion (issue 26) it plans with the other heroes, human or not, from the team the hero-turn decision carries:
it leaves goals a team-mate is nearer to, heals hurt team-mates with its guardian, and spends nothing on a strike
the Royal Armor would stop whole.
"""

from __future__ import annotations

import random
from itertools import groupby
from typing import Any

from skirmish import AgentContext, Decision, LazyDecision, View, standing_pass
from skirmish_goblin_uprising.content import Content
from skirmish_goblin_uprising.turns import RENOWN_KINDS as _RENOWN
from skirmish_goblin_uprising.turns import DeedDecision, HeroTurnDecision

CLASS_PREF = ["barbarian", "druid", "ranger", "wizard", "rogue", "bard"]
TRIBE_PREF = ["moss", "stone", "bone", "fire", "river", "wind"]
GUARDIAN_PREF = ["life", "earth", "fire", "death", "water", "wind"]
#: Uprising effects that only add to the damage of a strike (wasted when the Royal Armor stops it all anyway)
WASTED_ON_ARMOR = frozenset({"damage", "ignore_armor", "piercing"})
KEEP_LAST = ("shield", "damage", "piercing", "ignore_armor")  # uprising effects worth keeping goblins for
#: the least chance of getting damage through the Royal Armor for which the AI battles the Tyrant (below it the
#: Tyrant's counter-attack comes for blows the armor stops; issue 22)
HURT_CHANCE = 0.5


class _Kinds(dict[str, str]):
    """An answer's kind, the part before the first ":" ("move:gate" -> "move"), worked out once per answer."""

    def __missing__(self, value: str) -> str:
        kind = self[value] = value.partition(":")[0]
        return kind


# what keeping a goblin is worth, by its Uprising effect (default 1) plus its hero-turn effect (default 0)
_KEEP_UPRISING = {"damage": 3, "ignore_armor": 3, "piercing": 2, "shield": 2}
_KEEP_TURN = {"extra_action": 1, "essence": 0.5}


def make_ai(ctx: AgentContext) -> GoblinAI:
    return GoblinAI(ctx)


# one troop type on the board as the AI reads it (from the view's troops section): its key, region, HP left on the
# tile, damage on the tile, danger (its damage + miniatures - 1: what its counter-attack may deal before the AI's
# margins) and its region's spawn space
TroopRow = tuple[str, str, int, int, int, str]


def _rolls(c: Content, dice: int) -> list[tuple[tuple[int, int, int], float]]:
    """The chance of each (successes, Essence results, Uprising results) on ``dice`` Goblin dice (once per content
    set and number of dice), in a fixed order."""
    memo = c._look["memo"]
    key = ("ai-rolls", dice)
    found = memo.get(key)
    if found is not None:
        return found
    die = c.dice["goblin"]
    share = 1 / len(die.faces)
    kinds: dict[tuple[int, int, int], float] = {}
    for f in die.faces:
        r = die.results[f]
        k = (int(r.success), int(bool(r.essence)), int(bool(r.uprising)))
        kinds[k] = kinds.get(k, 0.0) + share
    dist: dict[tuple[int, int, int], float] = {(0, 0, 0): 1.0}
    for _ in range(dice):
        nxt: dict[tuple[int, int, int], float] = {}
        for (s, e, u), q in dist.items():
            for (ds, de, du), p in kinds.items():
                k = (s + ds, e + de, u + du)
                nxt[k] = nxt.get(k, 0.0) + q * p
        dist = nxt
    found = memo[key] = list(dist.items())
    return found


class GoblinAI:
    """Heuristic co-operative hero (see module notes)."""

    def __init__(self, ctx: AgentContext) -> None:
        self.player = ctx.player
        self.rng = random.Random(ctx.seed)
        self.ruleset = ctx.ruleset
        self._view: View | None = None
        self._ctx: dict[str, Any] = {}  # the context of the decision being answered
        self._player = ctx.player
        self._memo: dict[str, Any] = {}  # figures worked out once per decision (or per unchanged plan: see decide)
        self._plan: tuple[Any, ...] = ()  # what the memo's figures were worked out from: (board, own sheet, team)
        self._odds: tuple[float, float] | None = None  # chance of a success / an Essence result on a Goblin die
        self._scores: dict[tuple[str, str, int], float] = {}  # an ability's worth (it does not change in a game)
        self._handlers: dict[str, Any] = {}  # decision kind -> the bound method that answers it (None: no handler)
        self._dice: dict[tuple[str, tuple[str, ...]], int] = {}  # (class, abilities) -> the most dice of an ability
        self._damage: dict[str, int] | None = None  # see _damage_goblins
        self._best_of: dict[tuple[Any, ...], str] = {}  # see _best_ability
        self._kind = _Kinds()  # each answer's kind, by the answer
        # the troops section last read (kept alive, so compared by identity), its content set and its rows
        self._last_rows: tuple[Any, Any, tuple[TroopRow, ...]] = (None, None, ())
        self._worth: dict[str, float] = {}  # see _card_value
        self._recruited = -1  # the round of its last Recruit: once a turn (Recruit and Goblin Horde could cycle)
        # filled in per decision or worked out on first use (see _v, _b, _me, _c): the view ``v``, the board sections
        # ``b``, this hero's sheet ``me``; and the content ``c`` (once per game). ``None``: not known yet
        self.v: dict[str, Any] | None = None
        self.b: dict[str, Any] | None = None
        self.me: dict[str, Any] | None = None
        self.c: Content | None = None
        self.team: tuple[tuple[str, str, str, int, int], ...] = ()
        self._near: dict[tuple[str, ...], dict[str, int]] = {}  # see _claimed_by_team

    # -- plumbing ------------------------------------------------------------------------
    def decide(self, view: View, decision: Decision) -> Any:
        ctx: dict[str, Any] = getattr(decision, "context", None) or {}
        menu: dict[str, tuple[str, ...]] | None = ctx.get("menu")
        if menu is None:
            values = [o.value for o in decision.options]
            if not values:
                return decision.examples[0] if decision.examples else {}
        else:  # a hero-turn decision lists its answers by kind: no list of them is needed
            values = []
        if decision.kind == "respond" and "help" not in values:
            # an "any time" window, where it plays nothing (see _respond): answered before the bookkeeping below, which
            # would only drop the plan kept for its next hero-turn choice (10 % of its decisions are these)
            return self._respond(decision, values)
        self._view, self._player = view, decision.player
        self._ctx = ctx
        self.team = ctx.get("team", ())  # the other heroes (hero, space, region, HP, most HP): hero-turn decisions
        # a hero-turn decision carries the hero's own sheet and the board (the same as in the view): no view needed
        me: dict[str, Any] | None = ctx.get("me") if ctx.get("hero") == decision.player else None
        board: dict[str, Any] | None = ctx.get("board") if me is not None else None
        self.v = None
        if me is None or board is None:
            self.me = me
            self.b = None
            self._memo.clear()
            self._plan = ()
        else:
            self.me, self.b = me, board
            # goals, the battle worth fighting and the Tyrant check read only the board and this hero's sheet: the
            # board is the same dict while it is unchanged, so they are kept while neither changes
            last = self._plan
            team = ctx.get("team", ())
            if not last or board is not last[0] or me != last[1] or team != last[2]:
                self._memo.clear()
                self._plan = (board, me, team)
        kind = decision.kind
        handlers = self._handlers
        if kind in handlers:
            handler = handlers[kind]
        else:
            handler = handlers[kind] = getattr(self, "_" + kind.replace("-", "_"), None)
        choice = handler(decision, values) if handler is not None else None
        if menu is not None:  # (the deed's lazy family, offered with the actions, is not in the menu)
            if type(choice) is list:  # a chained answer (GU-S7): its first choice is from the menu
                return choice
            return choice if type(choice) is str and (choice in menu.get(self._kind[choice], ()) or (
                isinstance(decision, LazyDecision) and decision.option_for(choice) is not None)) else \
                decision.options[0].value
        return choice if choice in values else values[0]

    def _v(self) -> dict[str, Any]:
        """The view of this decision (built on first use: many answers need none of it)."""
        v = self.v
        if v is None:
            assert self._view is not None
            v = self.v = self._view.state
        return v

    def _b(self) -> dict[str, Any]:
        """The board sections (tyrant, scheme, troops, generals, tokens, quests): the decision's, else the view's."""
        b = self.b
        if b is None:
            b = self.b = self._v()
        return b

    def _me(self) -> dict[str, Any]:
        """This hero's sheet: the decision's, else as the view shows it."""
        me = self.me
        if me is None:
            me = self.me = self._v()["heroes"].get(self._player, {})
        return me

    def _c(self) -> Content:
        """The content (it does not change during a game; set-up decisions name it, else the view does)."""
        c = self.c
        if c is None:
            ctx = self._ctx
            c = self.c = self.ruleset.content_for({"content": ctx["content"] if "content" in ctx else
                                                   self._v().get("content", "")})
        return c

    @staticmethod
    def _data(decision: Decision, value: Any) -> dict[str, Any]:
        o = decision.option_for(value)
        return dict(getattr(o, "data", {}) or {}) if o is not None else {}

    # -- set-up ----------------------------------------------------------------------------
    def _class(self, d: Decision, values: list[str]) -> str:
        return next((f"class:{k}" for k in CLASS_PREF if f"class:{k}" in values), values[0])

    def _tribe(self, d: Decision, values: list[str]) -> str:
        return next((f"tribe:{k}" for k in TRIBE_PREF if f"tribe:{k}" in values), values[0])

    def _start_ability(self, d: Decision, values: list[str]) -> str:
        ctx = getattr(d, "context", None) or {}
        cls, leadership = ctx.get("class", ""), ctx.get("leadership")  # (else from the view)
        return max(values, key=lambda x: self._ability_score(x.split(":", 1)[1], "troop:x", cls, leadership))

    def _village(self, d: Decision, values: list[str]) -> str:
        ctx = getattr(d, "context", None) or {}
        home = self._c().tyrants[ctx["tyrant"] if "tyrant" in ctx else self._b()["tyrant"]["id"]].home
        want = f"village:village-{home}"
        return want if want in values else values[0]

    # -- map helpers -----------------------------------------------------------------------
    def _dist(self, a: str, b: str) -> int:
        hops = self._c()._look["dist"].get(a)
        if hops is None:  # not a space of the map (the look-up says why)
            hops = self._c().rmap.distances_from(a)
        return hops.get(b, 99)

    def _region_of(self, space: str) -> str:
        return self._c().rmap.space(space).region if space else ""

    def _region_dist(self, space: str, region: str) -> int:
        return min((self._dist(space, s) for s in self._c().rmap.spaces_in(region)), default=99)

    def _expected(self, dice: int) -> float:
        """Expected successes of ``dice`` Goblin dice with this hero's Essence."""
        if self._odds is None:
            faces = self._c().dice["goblin"]
            stars = sum(faces.results[f].success for f in faces.faces) / len(faces.faces)
            ess = sum(1 for f in faces.faces if faces.results[f].essence) / len(faces.faces)
            self._odds = (stars, ess)
        stars, ess = self._odds
        return dice * stars + min(dice * ess, self._me().get("essence", 0))

    def _exp(self) -> float:
        """Expected successes of this hero's best ability (once per plan: it reads only the hero's sheet)."""
        found = self._memo.get("exp")
        if found is None:
            found = self._memo["exp"] = self._expected(self._best_dice())
        return found

    def _damage_goblins(self) -> dict[str, int]:
        """Goblin design -> 1 when its Uprising effect adds damage against the Tyrant, else 0 (once per game)."""
        found = self._damage
        if found is None:
            found = self._damage = {gid: 1 if g.uprising.effect in ("damage", "ignore_armor") else 0
                                    for gid, g in self._c().goblins.items()}
        return found

    def _best_ability(self, values: Any, target: str, cls: str, leadership: int) -> str:
        """The answer among ``values`` ("ability:ID" / "train:ID") with the best ability score for this class and
        Leadership (the first best in order; kept per class, Leadership and values: the score reads nothing else)."""
        key = (cls, leadership, tuple(values))
        found = self._best_of.get(key)
        if found is None:
            found = self._best_of[key] = max(
                values, key=lambda x: self._ability_score(x.split(":", 1)[1], target, cls, leadership))
        return found

    def _best_dice(self) -> int:
        """The most dice among this hero's abilities (once per plan; once per class and abilities known)."""
        found = self._memo.get("best_dice")
        if found is None:
            me = self._me()
            key = (me["class"], tuple(me["abilities"]))
            found = self._dice.get(key)
            if found is None:
                cls = self._c().classes[key[0]]
                found = self._dice[key] = max((cls.ability(a).dice for a in key[1]), default=3)
            self._memo["best_dice"] = found
        return found

    def _troop_rows(self) -> tuple[TroopRow, ...]:
        """The board's troops as flat rows (worked out again only when the troops section is another dict or the
        content another set)."""
        troops, c = self._b()["troops"], self._c()
        last = self._last_rows
        if last[0] is troops and last[1] is c:
            return last[2]
        specs, spawn = c.troops, c._look["spawn"]
        rows = tuple((key, t["region"], t["hp"] - t["damage"], t["damage"], specs[key].damage + t["count"] - 1,
                      spawn[t["region"]]) for key, t in troops.items())
        self._last_rows = (troops, c, rows)
        return rows

    def _tile_left(self, target: str) -> int:
        kind, _, key = target.partition(":")
        if kind == "troop":
            t = self._b()["troops"].get(key)
            return t["hp"] - t["damage"] if t else 99
        if kind == "general":
            g = self._b()["generals"].get(key)
            return g["hp"] - g["damage"] if g else 99
        return 99

    def _tyrant_ready(self, me: dict[str, Any] | None = None) -> bool:
        """Worth fighting the Tyrant: the hero's blows get through the armor and it survives the first strike."""
        if me is None:
            found = self._memo.get("ready")
            if found is None:
                found = self._memo["ready"] = self._ready(self._me())
            return found
        return self._ready(me)

    def _ready(self, me: dict[str, Any]) -> bool:
        me = me or self._me()
        ty = self._b()["tyrant"]
        if ty["hp"] <= 0:
            return False
        # the cheap tests first: the exact chance below is asked only when they pass (all must hold)
        good = sum(map(self._damage_goblins().__getitem__, me["hand"]))
        through = self._exp() + 0.6 - ty["armor"] + 1.5 * min(good, me["renown"] + 1)
        late = ty["oppress"] or ty["countdown"] > 0
        # under Oppress waiting only wears the team down: the exact chance alone decides (it counts every damage goblin
        # in hand with the Rallies the Renown pays for, where the estimate above counts 1.5 a goblin)
        if through < (0.3 if late else 1.0) and not ty["oppress"]:
            return False
        hp = me["hp"]
        if ty["oppress"]:  # goblins it will not spend on damage prevent the first strike's damage, 1 each
            hp += len(me["hand"]) - good
        if not (hp > ty["damage"] + 2 if late else hp > ty["damage"] + 4 or ty["hp"] <= through + 1):
            return False
        # blows the Royal Armor would (almost surely) stop
        return self._hurt_chance(me, ty["armor"]) >= HURT_CHANCE

    def _hurt_chance(self, me: dict[str, Any], armor: int) -> float:
        """The chance that this hero's best attack gets at least 1 damage through ``armor`` Royal Armor: its dice
        (Essence results paid while it has Essence), the Uprising results (rolled, or Rallied for Renown as the AI
        does, beyond 3 Renown) spent on the goblins in hand that add damage or ignore armor, best first.
        Worked out exactly over the Goblin die's faces, once per content set and (dice, Essence, damage bonuses,
        Rallies, armor): the figure reads nothing else, so every AI hero of every game shares it."""
        dice = self._best_dice()
        ess, lead, renown = me.get("essence", 0), me.get("leadership", 0), me.get("renown", 0)
        hand = tuple(me["hand"])
        c = self._c()
        memo = c._look["memo"]
        bkey = ("ai-bonus", lead, hand)
        bonus = memo.get(bkey)
        if bonus is None:
            bonus = memo[bkey] = tuple(sorted((g.uprising.amount(lead) for g in map(c.goblins.__getitem__, hand)
                                               if g.uprising.effect in ("damage", "ignore_armor")), reverse=True))
        rallies = min(max(0, renown - 3), len(bonus)) if bonus else 0
        key = ("ai-hurt", dice, min(ess, dice), bonus, rallies, armor)
        found = memo.get(key)
        if found is not None:
            return found
        chance = sum(q for (s, e, u), q in _rolls(c, dice) if s + min(e, ess) + sum(bonus[:u + rallies]) > armor)
        memo[key] = chance
        return chance

    # -- goals -------------------------------------------------------------------------------
    def _goal_spaces(self) -> list[str]:
        """Up to three spaces this hero wants to reach, best first (worked out once per decision or plan)."""
        found = self._memo.get("goals")
        if found is None:
            found = self._memo["goals"] = self._work_out_goals()
        return found

    def _work_out_goals(self, want: int = 3) -> list[str]:
        """The first ``want`` goals (only those are read): the Tyrant when ready, the scheme's goal, troops to kill,
        quests, exploration tokens; the lists further down are not sorted once enough goals are known."""
        v, c = self._b(), self._c()
        me = self._me()
        here = me["space"]
        out: list[str] = []
        sch = v.get("scheme") or {}
        goal = sch.get("goal", "")
        if self._tyrant_ready():
            out.append(v["tyrant"]["space"])
        hops = c._look["dist"].get(here)
        if hops is None:  # not a space of the map (the look-up says why)
            hops = c.rmap.distances_from(here)
        dist = hops.get
        claimed = self._claimed_by_team(c, dist)

        def free_first(sp: str) -> tuple[bool, int]:
            return claimed(sp), dist(sp, 99)

        later: list[str] = []  # goals left to a team-mate, after every other
        if goal == "quest":  # the scheme's quest: left to a team-mate only when it is nearer and within a turn's reach
            for sp, src in v["quests"].items():
                if src.startswith("scheme:"):
                    (later if claimed(sp, 3) else out).append(sp)
        elif goal == "clear_region" and sch.get("region"):
            out.append(c.spawn_space(sch["region"]))
        exp = self._exp()
        if goal == "explore":
            out += sorted(v["tokens"], key=free_first)
        elif goal == "kill_general":
            out += [c.spawn_space(g["region"]) for g in v["generals"].values()]
        elif goal == "hurt_tyrant" and exp - v["tyrant"]["armor"] >= 1:
            out.append(v["tyrant"]["space"])
        out = [s for s in out if s]
        if len(out) >= want:
            return out[:want]
        # troops to kill: weakest tile first, not too far
        # sorted by (out of reach, distance, HP left beyond the expected damage), ties in board order (the index)
        troops = []
        castle, hp = c.board.castle, me["hp"]
        for i, (_key, region, left, _damage, danger, space) in enumerate(self._troop_rows()):
            if region == castle:
                continue
            if danger + 2 >= hp:  # too dangerous
                continue
            beyond = left - exp
            troops.append((beyond > 0, claimed(space), dist(space, 99), beyond, i, space))
        troops.sort()
        out += [t[5] for t in troops if t[5]]
        if len(out) >= want:
            return out[:want]
        quests = v["quests"]
        if quests:
            out += [s for s in sorted(quests, key=free_first) if s and s not in later]
            if len(out) >= want:
                return out[:want]
        out += [s for s in sorted(v["tokens"], key=free_first) if s]
        return (out + later)[:want]

    def _claimed_by_team(self, c: Content, dist: Any) -> Any:
        """``claimed(space, reach=99)``: another hero stands nearer to ``space`` than this one (and within ``reach``
        moves of it), so the team covers more of the board when each goes for the goals it is nearest to (issue 26:
        go where the others are not). Nobody else on the board: nothing is claimed."""
        team = self.team
        if not team:
            return lambda sp, reach=99: False
        memo = self._near
        key = tuple(sorted({o[1] for o in team if o[1]}))
        near = memo.get(key)
        if near is None:  # each space's distance to the nearest of them (filled as asked, per set of their spaces)
            if len(memo) > 512:  # (a long study meets many line-ups: keep the table small)
                memo.clear()
            near = memo[key] = {}
        table = c._look["dist"]

        def claimed(sp: str, reach: int = 99) -> bool:
            theirs = near.get(sp)
            if theirs is None:
                theirs = near[sp] = min((table[o].get(sp, 99) if o in table else 99 for o in key), default=99)
            return theirs < dist(sp, 99) and theirs <= reach
        return claimed

    # -- the hero turn --------------------------------------------------------------------
    def _action(self, d: Decision, values: list[str]) -> str:
        me = self._me()
        ctx = getattr(d, "context", None) or {}
        actions = ctx.get("actions", 0)
        # answers by kind ("train", "goblin", "move"...), in option order: the rules' menu, else grouped here
        groups: dict[str, Any] | None = ctx.get("menu")
        if groups is None:
            groups = {}
            for kind, run in groupby(values, self._kind.__getitem__):  # (the rules list each kind together)
                found = groups.get(kind)
                if found is None:
                    groups[kind] = list(run)
                else:
                    found.extend(run)
        choice = self._choose_action(d, groups, me, actions)
        kind = self._kind[choice]
        if kind in _RENOWN and (type(d) is HeroTurnDecision or type(d) is DeedDecision):
            return self._chain(d, choice, kind, groups, me, actions)
        return choice

    def _chain(self, d: Decision, choice: str, kind: str, groups: dict[str, Any], me: dict[str, Any],
               actions: int) -> Any:
        """A free Renown choice with the choice it would make next in one answer (GU-S7): the next is worked out from
        its sheet as the Renown choice leaves it (Renown spent, the ability learnt, the guardian), over the same
        menu less the Renown choices (one a turn's answer: the next decision offers them again)."""
        after = dict(me)
        if kind == "train":
            after["renown"] -= 2
            after["abilities"] = [*me["abilities"], choice[6:]]
        elif kind == "recruit":
            after["renown"] -= 1
        else:
            after["renown"] -= 5
            after["guardian"] = choice[8:]
        rest = {k: v for k, v in groups.items() if k not in _RENOWN}
        self.me = after
        self._memo.clear()
        try:
            then = self._choose_action(d, rest, after, actions)
        finally:
            self.me = me
            self._memo.clear()
        return [choice, then]

    def _choose_action(self, d: Decision, groups: dict[str, Any], me: dict[str, Any], actions: int) -> str:
        # free choices first
        trains = groups.get("train")
        if trains:
            return self._best_ability(trains, "tyrant", me["class"], me.get("leadership", 0))
        communes = groups.get("commune")
        if communes:
            return next((f"commune:{g}" for g in GUARDIAN_PREF if f"commune:{g}" in communes), communes[0])
        if "tribe" in groups:
            effect = self._c().tribes[me["tribe"]].effect
            if effect == "full_heal" and me["hp"] <= me["max_hp"] * 0.4:
                return "tribe"
            if effect == "extra_actions" and actions == 3:
                return "tribe"
        goblins = self._c().goblins
        for x in groups.get("goblin", ()):
            effect = goblins[x[7:]].turn.effect
            if effect == "renown_if_troop":
                return x
            if len(me["hand"]) >= 3 and effect in ("essence", "extra_action") and \
                    (effect != "essence" or me["essence"] < me["max_essence"]):
                return x
            if effect == "heal" and me["hp"] <= me["max_hp"] - 3 and len(me["hand"]) >= 2:
                return x
        if "recruit" in groups and me["renown"] >= 4 and me.get("guardian"):  # (no training offered: see above)
            turn = self._view.game_round if self._view is not None else -1
            if turn != self._recruited:  # once a turn: Recruit (1 Renown) and Goblin Horde (+1) could cycle forever
                self._recruited = turn
                return "recruit"
        if actions > 0:
            choice = self._spend_action(groups)
            if choice.startswith("move:"):  # a step towards a goal: the whole way there at once when that is offered
                return self._travel(d, choice, groups.get("travel", ()))
            if choice == "end" and isinstance(d, LazyDecision) and "deed" in d.families:
                # the deed is offered with the actions (GU-S6): chosen now, as it would be right after "end"
                return self._deed([o.value for o in d.options_of("deed")])
            return choice
        return self._deed(groups.get("battle", ()))

    def _spend_action(self, groups: dict[str, Any]) -> str:
        me = self._me()
        here = me["space"]
        rests = groups.get("rest", ())
        if me["hp"] <= me["max_hp"] * 0.4 and ("rest:hp" in rests or "rest:both" in rests):
            return "rest:both" if "rest:both" in rests else "rest:hp"
        interacts = groups.get("interact")
        if interacts:
            return interacts[0]
        if "guardian" in groups and self._guardian_worth(me):
            return "guardian"
        goals = self._goal_spaces()
        target_here = self._good_battle_here()
        if target_here and (not goals or self._region_of(goals[0]) == self._region_of(here)):
            return self._rest_or_end(rests)
        moves = [*groups.get("move", ()), *groups.get("leap", ())]
        for goal in goals[:3]:
            if goal == here:
                return self._rest_or_end(rests)
            if moves:
                now = self._dist(here, goal)
                best_d, best = min((self._dist(m.split(":", 1)[1], goal), m) for m in moves)
                if best_d < now:
                    return best
        return self._rest_or_end(rests)

    def _guardian_worth(self, me: dict[str, Any]) -> bool:
        """Worth 2 actions: the Fire Guardian's blast always; a heal when it restores 3 HP or more to the team (issue
        26: a hurt team-mate counts as much as this hero) - the Earth Guardian heals everyone in this region, the
        Life Guardian any one hero wherever it stands."""
        active = self._c().guardians[me["guardian"]].active
        effect = active.effect
        if effect == "blast":
            return True
        n = active.amount(me.get("leadership", 0))
        if effect == "heal_region":
            region = me.get("region", "")
            hurt = [me["max_hp"] - me["hp"]] + [most - hp for _, _, at, hp, most in self.team if at and at == region]
            return sum(min(n, x) for x in hurt) >= 3
        if effect == "heal_any":
            hurt = [me["max_hp"] - me["hp"]] + [most - hp for _, _, _, hp, most in self.team]
            return min(n, max(hurt)) >= 3
        return False

    def _travel(self, d: Decision, step: str, travels: Any) -> str:
        """``step`` (a Move 1 towards the first goal it brings nearer) or the travel to that goal, when one is offered
        and passes no token or quest on the way (those are taken in passing, one step at a time). The travel's path
        may differ from the step (another shortest path): it is as long."""
        here = self._me()["space"]
        to = step[5:]
        for goal in self._goal_spaces():
            if self._dist(to, goal) < self._dist(here, goal):
                break
        else:
            return step
        travel = f"travel:{goal}"
        if travel not in travels:
            return step
        o = d.option_for(travel)
        path = (getattr(o, "data", None) or {}).get("path", ()) if o is not None else ()
        b = self._b()
        if not path or any(sp in b["tokens"] or sp in b["quests"] for sp in path[:-1]):
            return step
        return travel

    def _rest_or_end(self, rests: Any) -> str:
        """A rest worth taking (``rests``: the rest answers on offer), else "end"."""
        me = self._me()
        if "rest:both" in rests and (me["hp"] < me["max_hp"] or me["essence"] < me["max_essence"]):
            return "rest:both"
        if "rest:hp" in rests and me["hp"] <= me["max_hp"] - 2:
            return "rest:hp"
        if "rest:essence" in rests and me["essence"] <= me["max_essence"] - 2:
            return "rest:essence"
        if "rest:hp" in rests and me["hp"] < me["max_hp"]:
            return "rest:hp"
        return "end"

    def _good_battle_here(self) -> str:
        """A target in this region worth a Battle ("" if none; worked out once per decision)."""
        found = self._memo.get("battle")
        if found is None:
            found = self._memo["battle"] = self._work_out_battle()
        return found

    def _work_out_battle(self) -> str:
        v, c, me = self._b(), self._c(), self._me()
        region = me.get("region", "")
        if not region:
            return ""
        best, score = "", -1.0
        if v["tyrant"]["region"] == region and self._tyrant_ready():
            return "tyrant"
        exp = self._exp()
        hp = me["hp"]
        for key, at, left, damage, danger, _space in self._troop_rows():
            if at != region:
                continue
            if danger + 1.3 >= hp and left > exp:
                continue
            s = exp - left + (1.0 if damage else 0)
            if s > score:
                best, score = f"troop:{key}", s
        for key, g in v["generals"].items():
            if g["region"] != region:
                continue
            if me["hp"] > c.generals[key].damage + 4:
                s = exp - (g["hp"] - g["damage"]) + 0.5
                if s > score:
                    best, score = f"general:{key}", s
        return best

    def _deed(self, battles: Any) -> str:
        """Battle the target worth it when ``battles`` (the battle answers on offer) has it, else Adventure."""
        target = self._good_battle_here()
        sch = self._b().get("scheme") or {}
        if target and f"battle:{target}" in battles:
            left = self._tile_left(target)
            exp = self._exp()
            if target == "tyrant" or left <= exp + 1 or sch.get("goal") in ("clear_region", "kill_general",
                                                                             "kills_in_round", "kills_total"):
                return f"battle:{target}"
        return "adventure"

    # -- combat --------------------------------------------------------------------------
    def _ability_score(self, aid: str, target: str, cls: str = "", leadership: int | None = None) -> float:
        """An ability's worth for this hero (its class and Leadership from the decision's context when given)."""
        if not cls:
            cls = self._me()["class"]
        if leadership is None:
            leadership = self._me().get("leadership", 0)
        key = (cls, aid, leadership)
        found = self._scores.get(key)
        if found is None:
            found = self._scores[key] = self._score_ability(cls, aid, leadership)
        return found

    def _score_ability(self, cls_id: str, aid: str, leadership: int) -> float:
        cls = self._c().classes[cls_id]
        a = cls.ability(aid)
        score = float(a.dice) + (0.7 if a.piercing else 0)
        for e in a.effects:
            n = e.amount(leadership)
            score += {"shield": 0.6 * n, "weaken": 0.5 * n, "silence": 1.0, "rally": 0.5 * n, "damage": n,
                      "cleave_all": 1.0, "bonus_if_essence": 0.5 * n, "bonus_vs_damaged": 0.5 * n, "heal": 0.4 * n,
                      "draw": 0.5 * n, "essence": 0.5 * n}.get(e.effect, 0.0)
        return score + a.level * 0.01

    def _ability(self, d: Decision, values: list[str]) -> str:
        ctx = getattr(d, "context", None) or {}
        target, cls, leadership = ctx.get("target", ""), ctx.get("class", ""), ctx.get("leadership")
        if cls and leadership is not None:
            return self._best_ability(values, target, cls, leadership)
        return max(values, key=lambda x: self._ability_score(x.split(":", 1)[1], target, cls, leadership))

    def _roll(self, d: Decision, values: list[str]) -> str:
        ctx = getattr(d, "context", None) or {}
        target = ctx.get("target", "")
        dmg = ctx.get("damage", 0)
        armor = ctx.get("armor") if target == "tyrant" else None  # the Royal Armor this strike meets
        if armor is not None:
            need = armor + ctx.get("left", 99)  # what kills the Tyrant
        elif target == "tyrant":
            need = 99
        elif "left" in ctx and target.startswith(("troop:", "general:")):
            need = ctx["left"]  # the HP left on the target (what the view would say)
        else:
            need = self._tile_left(target)
        has = set(values)
        for x in ("fury", "ambush"):
            if x in has:
                return x
        # Essence results are paid for with the strike (GU-S4): as many as bring the damage up to what is needed
        strike = "strike"
        if "strike:1" in has and dmg < need:
            for o in d.options:
                data = o.data
                if data.get("action") == "strike" and data["essence"]:
                    strike, dmg = o.value, data["damage"]
                    if dmg >= need:
                        break
        ups = [x for x in values if x.startswith("uprising:")]
        if armor is not None and not self._gets_through(d, ctx, dmg, armor):
            # nothing would get through the Royal Armor (issue 26): no Essence, goblins or Renown for damage
            strike = "strike"
            ups = [x for x in ups if self._c().goblins[x[9:]].uprising.effect not in WASTED_ON_ARMOR]
            has.discard("rally")
        if ups and dmg < need:
            def val(x: str) -> float:
                e = self._c().goblins[x[9:]].uprising.effect
                return {"damage": 3, "ignore_armor": 3 if target == "tyrant" else 0, "piercing": 2, "reroll": 1.5,
                        "shield": 1, "weaken": 1, "silence": 1, "heal": 0.5, "draw": 0.5}.get(e, 0)
            best = max(ups, key=val)
            if val(best) >= 1:
                return best
        if "reroll" in has and dmg < need and dmg + 1 < need:
            return "reroll"
        if "rally" in has and dmg < need and self._me()["renown"] >= 4 and any(
                self._c().goblins[g].uprising.effect in ("damage", "ignore_armor") for g in self._me()["hand"]):
            return "rally"
        return strike

    @staticmethod
    def _gets_through(d: Decision, ctx: dict[str, Any], dmg: int, armor: int) -> bool:
        """Some damage gets through ``armor``: ``dmg`` (the strike with the Essence the AI would pay) plus the best
        damage and armor-ignoring goblins the roll's Uprising results can still spend."""
        bonus = sorted((o.data.get("n", 0) for o in d.options
                        if o.data.get("action") == "uprising" and o.data.get("effect") in ("damage", "ignore_armor")),
                       reverse=True)
        return dmg + sum(bonus[:ctx.get("uprisings", 0)]) > armor

    def _prevent(self, d: Decision, values: list[str]) -> str:
        ctx = getattr(d, "context", None) or {}
        dmg = ctx.get("damage", 0)
        hp = ctx["hp"] if "hp" in ctx else self._me()["hp"]
        if "tribe" in values and dmg >= 2:
            return "tribe"
        cards = [x for x in values if x.startswith("goblin:")]
        if not cards:
            return "take"
        # with a card in hand, prevent whenever the damage would leave 2 HP or less (with or without Oppress)
        if hp - dmg <= 2:
            return min(cards, key=self._card_value)
        return "take"

    def _card_value(self, value: str) -> float:
        """What keeping a goblin ("goblin:ID" or "discard:ID"...) is worth (once per answer value and game)."""
        found = self._worth.get(value)
        if found is None:
            g = self._c().goblins[value.split(":", 1)[1]]
            found = self._worth[value] = _KEEP_UPRISING.get(g.uprising.effect, 1) + _KEEP_TURN.get(g.turn.effect, 0)
        return found

    def _discard(self, d: Decision, values: list[str]) -> str:
        return min(values, key=self._card_value)

    def _fall(self, d: Decision, values: list[str]) -> str:
        return "tribe" if "tribe" in values else values[0]

    def _save(self, d: Decision, values: list[str]) -> str:
        return "save" if "save" in values else values[0]

    def _pierce(self, d: Decision, values: list[str]) -> str:
        return min(values, key=self._tile_left)

    def _blast(self, d: Decision, values: list[str]) -> str:
        return min(values, key=self._tile_left)

    def _heal(self, d: Decision, values: list[str]) -> str:
        ctx = getattr(d, "context", None) or {}
        hurt = ctx.get("hurt")  # each hero's HP below its most (else from the view)
        if hurt is not None:
            return max(values, key=lambda x: hurt[x[5:]])
        heroes = self._v()["heroes"]
        return max(values, key=lambda x: heroes[x[5:]]["max_hp"] - heroes[x[5:]]["hp"])

    def _swap(self, d: Decision, values: list[str]) -> str:
        return "none" if "none" in values else values[0]

    def _free_move(self, d: Decision, values: list[str]) -> str:
        goals = self._goal_spaces()
        here = self._me()["space"]
        if not goals:
            return "stay"
        best = min(values, key=lambda x: self._dist(x.split(":", 1)[1] if x != "stay" else here, goals[0]))
        return best

    # -- adventures ------------------------------------------------------------------------
    def _invite(self, d: Decision, values: list[str]) -> str:
        """Invite (in seat order) up to one helper fewer than the card's difficulty, as far as the Essence held when
        the inviting began pays for."""
        ctx = getattr(d, "context", None) or {}
        diff = ctx.get("difficulty", 1)
        ess = (ctx["essence"] if "essence" in ctx else self._me()["essence"]) + ctx.get("spent", 0)
        want = 0 if diff <= 1 else min(diff - 1, ess)
        if ctx.get("invited", 0) < want:
            return next((x for x in values if x.startswith("invite:")), "roll")
        return "roll"

    def _respond(self, d: Decision, values: list[str]) -> str:
        """Always help a team-mate's adventure when asked (it costs the helper nothing but a die); in the "any time"
        windows (issue 27) it plays nothing: it gives a standing pass (core's windows leave it out of them for the
        rest of the game, unasked) and plays its goblins and tribe card from its hero-turn menu."""
        if "help" in values:
            return "help"
        standing = standing_pass(d)
        if standing is not None:
            return standing
        return "pass-phase" if "pass-phase" in values else "pass" if "pass" in values else values[0]

    def _help_essence(self, d: Decision, values: list[str]) -> str:
        ctx = getattr(d, "context", None) or {}
        return "yes" if (ctx["essence"] if "essence" in ctx else self._me()["essence"]) >= 2 else "no"

    def _adventure(self, d: Decision, values: list[str]) -> str:
        return "green"

    def _adventure_roll(self, d: Decision, values: list[str]) -> str:
        ctx = getattr(d, "context", None) or {}
        if ctx.get("total", 0) < ctx.get("difficulty", 0):
            for x in ("essence", "reroll"):
                if x in values:
                    return x
        return "done"

    def _pet(self, d: Decision, values: list[str]) -> str:
        return values[0]
