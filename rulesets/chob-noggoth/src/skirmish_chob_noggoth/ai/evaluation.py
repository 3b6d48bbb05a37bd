"""The AI's evaluation: what warriors, wounds, shots, melees, spells and prayers are worth, in Fingers.

Every score is in Fingers, the currency that decides a game on points:

- a warrior's *worth* is its Finger cost, plus the wounds it should deal in the rounds
  left, plus what its loss would set off: a warrior that dies on the Warriors table may be
  Butchered (all its allies test morale), and the loss that brings a warband down to half
  makes everyone test at the end of the round;
- a wound is worth the worth over the wounds (and last-wound rolls) it takes to remove the
  warrior, so a warrior on its last wound is cheap to finish off; in the last round only
  removals count;
- a shot is scored over the exact distribution of the wounds it causes (see
  :mod:`skirmish_chob_noggoth.ai.odds`), less the risk of fleeing from a Terrifying target;
- a melee is played out exactly: the impact hit, who strikes first (mover, Quick Attack),
  Terrifying checks, both strikes with Parry, deaths on the last-wound tables, and the
  loser's morale check;
- praying (what the gods may do for and against each side), casting (every target and
  effect, stopping the harmful ones), healing and the Boomstick have their own expectations.

Values that depend only on the numbers are cached for the process (per content: house rules
may change the numbers).
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import attrs

from skirmish_chob_noggoth import measuring, warrior_profile
from skirmish_chob_noggoth.ai import odds as ai_odds
from skirmish_chob_noggoth.state import BERSERK, READY, UNDEPLOYED, ChobState, Warrior

if TYPE_CHECKING:
    from skirmish_chob_noggoth.ai.situation import GameLike, Situation

#: a warrior is worth more than its cost by the wounds it should deal a round (shooting, in melee,
#: casting), for each round left up to HORIZON
RANGED_WORTH, MELEE_WORTH, MAGE_WORTH, HORIZON = 0.3, 0.12, 0.1, 4
#: how much of the knock-on morale losses of a warrior's removal counts toward its worth
KNOCK_ON = 1.0
#: what a side may lose to the divine table weighs this much more than what it may win
DIVINE_RISK = 2.5
#: how far the AI trusts its estimate of what a prayer is worth
PRAYER = 1.0
#: how much of what a charge does for a second charger at the same enemy counts
SUPPORT = 0.5
#: the Boomstick is used only when it should cause at least this many wounds
BOOMSTICK_WOUNDS = 1.5
#: spell effects the AI knows how to weigh
EFFECTS = ("heal", "harm", "line", "morale", "transform")


# ------------------------------------------------------------------------------------------ stats


class Stats:
    """A warrior's numbers as the AI needs them (cached by the warrior's signature)."""

    __slots__ = ("critical", "dice", "hit_m", "hit_r", "reach", "save", "hardened", "monster", "impact", "quick",
                 "parry", "terrifying", "hold", "hold_divine", "accurate", "obscured", "move", "amove", "worth",
                 "p_die", "wounds", "max_wounds", "every_hit", "explodes", "mage", "passive", "bloody", "ranged_out",
                 "melee_out", "split", "blows_up", "future", "angrier", "combat", "table", "own", "berserk",
                 "losses", "per_wound", "numbers")

    critical: int
    dice: int
    hit_m: int
    hit_r: int
    reach: float
    save: int
    hardened: int
    monster: bool
    impact: bool
    quick: bool
    parry: bool
    terrifying: bool
    hold: float
    hold_divine: float
    accurate: int
    obscured: int
    move: float
    amove: float
    worth: float
    p_die: float
    wounds: int
    max_wounds: int
    every_hit: bool
    explodes: int
    mage: bool
    passive: bool
    bloody: int
    ranged_out: float
    melee_out: float
    split: bool
    blows_up: float
    future: float
    angrier: float
    combat: int
    table: str
    own: float
    berserk: bool
    losses: dict[int, float]
    #: :meth:`kept` of one wound (what each wound it survives costs), worked out once per object
    per_wound: float
    numbers: tuple[Any, ...]  # its fighting numbers (see ``ai.odds.FIGHTING``): what the melee memos are keyed by

    def dice_at(self, wounds: int) -> int:
        """Attack dice with ``wounds`` left (a Monster's dice follow its wounds)."""
        if not self.monster:
            return self.dice
        base = 1 + (self.max_wounds - wounds) if self.passive else wounds
        return max(0, base) + self.bloody

    def vpw(self, wounds: int | None = None) -> float:
        """Fingers per wound: the worth over the wounds (and last-wound rolls) it takes to remove it."""
        k = self.wounds if wounds is None else wounds
        return self.worth / (max(k, 1) - 1 + 1 / self.p_die)

    def loss(self, x: int, before: int = 0) -> float:
        """Worth lost when it suffers ``x`` more wounds (``before`` already suffered this melee)."""
        if x <= 0:
            return 0.0
        return self.damage(before + x) - self.damage(before)

    def damage(self, x: int) -> float:
        """Worth lost by suffering ``x`` wounds from now (its last wounds roll on its table).

        Wounds short of removing it are worth their share only while there is time left to
        finish it off (``future``); in the last round only removals count. Kept per number of
        wounds (a Stats object's numbers never change once made).
        """
        if x <= 0:
            return 0.0
        hit = self.losses.get(x)
        if hit is None:
            hit = self.losses[x] = self._damage(x)
        return hit

    def _damage(self, x: int) -> float:
        k = max(self.wounds, 1)
        vpw = self.vpw() - self.angrier
        if x < k:
            return self.future * x * vpw
        removed = 1 - (1 - self.p_die) ** (x - k + 1)
        linear = (k - 1) * vpw + removed * (self.worth - (k - 1) * vpw)
        return self.future * linear + (1 - self.future) * removed * self.worth

    def kept(self, x: int) -> float:
        """Worth lost by suffering ``x`` wounds and still standing (it keeps at least its last wound)."""
        return self.future * min(x, max(self.wounds, 1) - 1) * (self.vpw() - self.angrier)


#: a warrior's Stats by its stamp, with the round's worth and side flag they were made for (see
#: :meth:`Evaluation.stats`)
_ByStamp = dict[int, tuple[tuple[float, float, float, float, float], bool, Stats]]


CACHE_LIMIT = 20000


class AICaches:
    """What one AI agent has worked out, for speed: it lives on the agent, which lives as long as its game.

    A warrior's numbers (and the combat tokens in them) are a function of the content and the warrior's
    signature alone (plain values, the round's worth and whose side it is included: no ids, places or game),
    melee worths and shots a function of two such numbers and the flags in their keys, and how melees end a
    function of two tokens, so every AI playing with one content shares them through :func:`shared_numbers`
    (both seats of a game no longer work the same numbers out twice); the rest is this agent's own."""

    __slots__ = ("by_stamp", "combat", "endings", "fixed", "holds", "melee", "next_token", "shared", "shots",
                 "stats")

    def __init__(self, content: Any = None) -> None:
        shared = self.shared = shared_numbers(content) if content is not None else SharedNumbers()
        #: a warrior's Stats by its signature, melee worths and shots by the Stats they were worked out for
        self.stats, self.melee, self.shots = shared.stats, shared.melee, shared.shots
        #: morale holds by quality (and the Butchered share, see :data:`_BUTCHERED`)
        self.holds: dict[str, float] = {}
        self.by_stamp: _ByStamp = {}
        #: what of a warrior's numbers does not change with the round, by its signature; a small number for each
        #: set of fighting numbers (see :func:`_combat_token`), and the next one (never reused)
        self.fixed, self.combat, self.next_token = shared.fixed, shared.combat, shared.next_token
        #: how melees end, by the fighters' tokens (see ``ai.odds.melee_states``)
        self.endings = shared.endings


class SharedNumbers:
    """What the AIs of one content share: Stats (and fixed Stats) by signature, melee worths and shots by
    Stats, combat tokens by fighting numbers and the token counter, how melees end by tokens, and how many times
    the Stats table was cleared (an AI's own stamp table, which holds Stats of it, is cleared when this moves)."""

    __slots__ = ("cleared", "combat", "endings", "fixed", "melee", "next_token", "shots", "stats")

    def __init__(self) -> None:
        self.stats: dict[Any, Stats] = {}
        self.melee: dict[Any, float] = {}
        self.shots: dict[Any, tuple[float, float]] = {}
        self.cleared = 0
        self.fixed: dict[Any, Stats] = {}
        self.combat: dict[tuple[Any, ...], int] = {}
        self.next_token = itertools.count(1)
        self.endings: dict[tuple[Any, ...], Any] = {}


def shared_numbers(content: Any) -> SharedNumbers:
    """The fixed numbers every AI playing with ``content`` shares, kept on the content (dies with it)."""
    derived = content.derived
    found = derived.get("ai.numbers")
    if found is None:
        found = derived["ai.numbers"] = SharedNumbers()
    return found  # type: ignore[no-any-return]


def _sig(w: Warrior, state: ChobState, knock_on: tuple[float, ...]) -> tuple[Any, ...]:
    side = state.sides.get(w.side)
    return (w.kind, w.acting_as, w.quality, w.wounds, w.max_wounds, tuple(w.rules), tuple(w.traits), w.mounted,
            w.mercenary, w.cost, w.status, bool(side and side.heroic_death), w.boomstick_used, knock_on)


def _hold(game: GameLike, w: Warrior) -> float:
    """Chance it holds an ordinary morale check (Monsters, the Fearless and the inspired always do)."""
    side = game.state.sides.get(w.side)
    if warrior_profile.is_monster(w) or w.has("Fearless") or (side is not None and side.heroic_death):
        return 1.0
    holds = game.caches.holds
    hit = holds.get(w.quality)
    if hit is None:
        pass_on = game.ruleset.content.morale.pass_on
        hit = holds[w.quality] = ai_odds.hold(warrior_profile.morale_dice(game, w), pass_on)
    return hit


def knock_on(game: GameLike, player: str) -> tuple[float, float]:
    """What losing one more warrior costs ``player`` beyond the warrior: (any loss, a Butchered one).

    Losing the warrior that brings the warband down to half its starting number makes everyone
    test morale at the end of the round; a warrior that dies on the Warriors table may be Butchered
    (as often as the table says), and then all its allies test.
    """
    state = game.state
    side = state.sides.get(player)
    if side is None:
        return (0.0, 0.0)
    ready = [w for w in state.warriors.values() if w.side == player and w.status == READY]
    present = len(ready) + sum(1 for w in state.warriors.values() if w.side == player and w.status == UNDEPLOYED)
    at_risk = sum((1 - _hold(game, w)) * max(w.cost, 1) for w in ready)
    crossing = side.starting and present * 2 > side.starting >= (present - 1) * 2
    share = _butchered_share(game.ruleset.content, game.caches.holds)
    return (round(at_risk if crossing else 0.0, 1), round(at_risk * share, 1))


def _butchered_share(c: Any, holds: dict[str, float]) -> float:
    """Of the Warriors-table results that take a warrior off its side, the share that Butchers it (kept in
    ``holds``)."""
    share = holds.get(_BUTCHERED)
    if share is None:
        removed = ai_odds.removal_chance(c, "warriors") if "warriors" in c.last_wound else 0.0
        butchered = sum(p for e, p in ai_odds.table_odds(c, "warriors") if e.id == "butchered") if removed else 0.0
        share = holds[_BUTCHERED] = butchered / removed if removed else 0.0
    return share


#: the key of the Butchered share in the AI's table of morale holds (qualities are words)
_BUTCHERED = "~butchered"


#: the slots of a :class:`Stats` that depend on the round (the others are copied from the warrior's numbers)
_ROUND = ("worth", "future", "angrier", "losses", "per_wound")


def _copy_fixed(s: Stats, fixed: Stats) -> None:
    """Copy the slots that do not depend on the round (every slot but :data:`_ROUND`, written out)."""
    s.critical = fixed.critical
    s.dice = fixed.dice
    s.hit_m = fixed.hit_m
    s.hit_r = fixed.hit_r
    s.reach = fixed.reach
    s.save = fixed.save
    s.hardened = fixed.hardened
    s.monster = fixed.monster
    s.impact = fixed.impact
    s.quick = fixed.quick
    s.parry = fixed.parry
    s.terrifying = fixed.terrifying
    s.hold = fixed.hold
    s.hold_divine = fixed.hold_divine
    s.accurate = fixed.accurate
    s.obscured = fixed.obscured
    s.move = fixed.move
    s.amove = fixed.amove
    s.p_die = fixed.p_die
    s.wounds = fixed.wounds
    s.max_wounds = fixed.max_wounds
    s.every_hit = fixed.every_hit
    s.explodes = fixed.explodes
    s.mage = fixed.mage
    s.passive = fixed.passive
    s.bloody = fixed.bloody
    s.ranged_out = fixed.ranged_out
    s.melee_out = fixed.melee_out
    s.split = fixed.split
    s.blows_up = fixed.blows_up
    s.combat = fixed.combat
    s.numbers = fixed.numbers
    s.table = fixed.table
    s.own = fixed.own
    s.berserk = fixed.berserk


def _make_stats(game: GameLike, w: Warrior, extra: tuple[float, float, float, float, float]) -> Stats:
    """The warrior's numbers (kept for the game by its signature) with its worth for ``extra`` (the round's
    knock-on losses, future, boldness and horizon: see :meth:`Situation.knock_on`)."""
    fixed = _fixed_stats(game, w)
    s = Stats()
    _copy_fixed(s, fixed)
    ranged, melee = s.ranged_out, s.melee_out
    if s.berserk:
        worth = 0.3 + extra[4] * MELEE_WORTH * melee  # lost to its side already: only its threat counts
    elif s.split:
        worth = 2.5 + extra[4] * RANGED_WORTH * ranged  # its halves carry on when it "dies"
    else:
        worth = s.own
        # what it will do to us in the rounds that are left (as far ahead as the AI looks)
        worth += extra[4] * (RANGED_WORTH * ranged + MELEE_WORTH * melee + (MAGE_WORTH if s.mage else 0.0))
        worth += KNOCK_ON * (extra[0] + (extra[1] if s.table == "warriors" else 0.0))
    s.worth = worth * extra[3]
    s.future = extra[2]
    # Passive Aggressive: every wound short of the last gives it another attack die
    per_die = (RANGED_WORTH * ranged + MELEE_WORTH * melee) / max(s.dice, 1)
    s.angrier = extra[4] * per_die * extra[3] if s.passive and not s.berserk else 0.0
    s.losses = {}
    s.per_wound = s.kept(1)
    return s


def _fixed_stats(game: GameLike, w: Warrior) -> Stats:
    """What of a warrior's numbers does not change with the round (cached by its signature, per content)."""
    fixed = game.caches.fixed
    key = _sig(w, game.state, ())
    s = fixed.get(key)
    if s is not None:
        return s
    if len(fixed) > CACHE_LIMIT:
        fixed.clear()
    c = game.ruleset.content
    s = fixed[key] = Stats()
    s.losses = {}
    s.monster = warrior_profile.is_monster(w)
    s.critical = c.combat.critical
    s.wounds, s.max_wounds = w.wounds, w.max_wounds
    s.passive = w.has("Passive Aggressive")
    s.bloody = 1 if w.has("Bloodthirsty") else 0
    s.dice = warrior_profile.attack_dice(game, w)
    s.hit_m = warrior_profile.hit_value(game, w, ranged=False)
    s.reach = warrior_profile.shooting_range(game, w)
    s.hit_r = warrior_profile.hit_value(game, w, ranged=True) if s.reach else 0
    s.save = 0 if s.monster else warrior_profile.save_value(game, w)
    s.hardened = 1 if w.has("Hardened") else 0
    s.impact = warrior_profile.charges_with_impact(w)
    s.quick = w.has("Quick Attack")
    s.parry = w.has("Parry")
    s.terrifying = w.has("Terrifying")
    s.accurate = 1 if w.has("Accurate") else 0
    s.obscured = 1 if w.has("Obscured") else 0
    s.mage = warrior_profile.is_mage_now(w)
    part = warrior_profile.mercenary_part(game, w)
    s.every_hit = bool(part and part.every_hit_wounds)
    s.explodes = part.explodes_on if part is not None else 0
    s.split = w.mercenary == "piggun"
    side = game.state.sides.get(w.side)
    inspired = bool(side and side.heroic_death)
    morale_dice = 0 if s.monster else warrior_profile.morale_dice(game, w)
    held = ai_odds.hold(morale_dice, c.morale.pass_on)
    s.hold = 1.0 if s.monster or w.has("Fearless") or inspired else held
    s.hold_divine = 1.0 if s.monster or inspired else held
    s.move = warrior_profile.move_allowance(game, w, "move")
    s.amove = warrior_profile.move_allowance(game, w, "action")
    table = warrior_profile.table_id(warrior_profile.last_wound_table(game, w))
    if table in c.last_wound:
        s.p_die = ai_odds.removal_chance(c, table)
        # of the last-wound results that remove it, the share that explodes
        s.blows_up = ai_odds.blow_up_share(c, table)
        if table == "heroes" and s.mage:
            q = ai_odds.hero_mage_share(c)
            s.p_die = (1 - q) * s.p_die + q * ai_odds.removal_chance(c, "mages")
            s.blows_up = q * ai_odds.blow_up_share(c, "mages")
    else:  # the joined Piggun splits instead of rolling
        s.p_die, s.blows_up = 1.0, 0.0
    # what it can do in a turn against a middling target (save 4+)
    ranged = ai_odds.typical_wounds(s.dice, s.hit_r, s.accurate, s.critical, s.every_hit) if s.reach else 0.0
    if s.mage:
        ranged = max(ranged, 0.6)
    melee = ai_odds.typical_wounds(s.dice, s.hit_m, s.accurate, s.critical, s.every_hit)
    s.ranged_out, s.melee_out = ranged, melee
    s.berserk = w.status == BERSERK
    s.own = 0.0 if s.berserk or s.split else max(float(w.cost), float(c.quality(w.quality).cost) if w.quality else 5.0)
    s.table = table
    s.numbers = tuple([getattr(s, n) for n in ai_odds.FIGHTING])
    s.combat = _combat_token(game.caches, s.numbers)
    return s


def _combat_token(caches: AICaches, numbers: tuple[Any, ...]) -> int:
    """A small number for each set of fighting numbers (what a melee's course depends on), so that the melee
    tables are looked up by two ints instead of hashing two 18-field tuples at every look-up; numbers are never
    reused (one count per content, shared by the AIs whose melee tables they key)."""
    known = caches.combat
    hit = known.get(numbers)
    if hit is None:
        if len(known) > CACHE_LIMIT:
            known.clear()
        hit = known[numbers] = next(caches.next_token)
    return hit

# ------------------------------------------------------------------------------------- evaluation


class Evaluation:
    """What options are worth (the planning half of the AI, :class:`~skirmish_chob_noggoth.ai.planning.ChobAI`,
    builds on it). Subclasses set ``player``, ``ruleset`` and the caches made by :meth:`init_caches`."""

    player: str
    ruleset: Any

    def init_caches(self) -> None:
        self.caches = caches = AICaches(self.ruleset.content)
        self._stats, self._melee, self._shots = caches.stats, caches.melee, caches.shots
        #: cover and the worth of being heard by the gods, by the whole table
        self._cover: dict[tuple[Any, ...], bool] = {}
        self._divine: dict[tuple[Any, ...], float] = {}
        #: what an explosion's D6 hits do to a warrior, by its numbers
        self._hurts: dict[Stats, float] = {}
        self._by_stamp = caches.by_stamp
        self._shared, self._cleared = caches.shared, caches.shared.cleared

    def stats(self, sit: Situation, w: Warrior) -> Stats:
        s = sit.stats.get(w.id)
        if s is None:
            extra = sit.knock_on(w.side)
            side = sit.state.sides.get(w.side)
            inspired = bool(side and side.heroic_death)
            # a warrior with the same stamp holds the same fields (see :class:`~skirmish_chob_noggoth.state.
            # Warrior`), so with the same round's worth and side flag it has the same signature and gets the same
            # object from the signature table (the stamp table, shared like it, is cleared with it): kept by its
            # stamp between decisions, the 14-field signature is built and hashed only for a changed warrior
            stamp: int = w.stamp  # type: ignore[attr-defined]  # (a slot of the rules' Warrior, outside its fields)
            if self._cleared != self._shared.cleared:  # another AI cleared the shared signature table
                self._by_stamp.clear()
                self._cleared = self._shared.cleared
            kept = self._by_stamp.get(stamp)
            if kept is not None and kept[1] is inspired and kept[0] == extra:
                s = kept[2]
            else:
                key = _sig(w, sit.state, extra)
                s = self._stats.get(key)
                if s is None:
                    if len(self._stats) > CACHE_LIMIT:  # (the other caches hold on to the objects they use)
                        self._stats.clear()
                        self._melee.clear()
                        self._shots.clear()
                        self._by_stamp.clear()  # (it holds only objects of the signature table)
                        self._shared.cleared = self._cleared = self._shared.cleared + 1
                    s = self._stats[key] = _make_stats(sit.game, w, extra)
                if len(self._by_stamp) > CACHE_LIMIT:
                    self._by_stamp.clear()
                self._by_stamp[stamp] = (extra, inspired, s)
            sit.stats[w.id] = s
        return s

    def shot_value(self, sit: Situation, w: Warrior, t: Warrior, *, cover: bool, aimed: int | None = None,
                   boomstick: bool = False) -> tuple[float, float]:
        """(worth in Fingers for our side, expected wounds) of ``w`` shooting ``t``."""
        sw, st = (sit.stats.get(w.id) or self.stats(sit, w)), (sit.stats.get(t.id) or self.stats(sit, t))
        aimed = w.aimed if aimed is None else aimed
        if sw.mage and not boomstick:
            cover = False
        ours = t.side == self.player and t.status == READY
        shooter_ours = w.side == self.player and w.status == READY
        key = (sw, st, cover, aimed, boomstick, ours, shooter_ours)
        hit = self._shots.get(key)
        if hit is not None:
            return hit
        if boomstick:
            c = self.ruleset.content.boomstick
            n, need = c.dice, c.hit
        else:
            n, need = sw.dice, sw.hit_r
        combat = self.ruleset.content.combat
        modifier = sw.accurate + combat.aimed_bonus * int(aimed) - st.obscured - (combat.cover_penalty if cover else 0)
        value = 0.0
        wounds = 0.0
        damage = st.damage
        for x, _z, p in ai_odds.attack_table(sw, st, n, need, modifier, t.wounds):
            value += p * damage(x)
            wounds += p * x
        if ours:
            value = -value
        if st.terrifying and not sw.monster:
            lost = (1 - sw.hold) * sw.worth
            value = sw.hold * value + (-lost if shooter_ours else lost)
            wounds *= sw.hold
        if sw.explodes:
            lost = ai_odds.any_of(n, sw.explodes) * sw.damage(99)
            value += -lost if shooter_ours else lost
        out = (value, wounds)
        self._shots[key] = out
        return out

    def melee_value(self, sit: Situation, a: Warrior, d: Warrior, *, charged: bool) -> float:
        """Expected worth for ``a``'s side of a melee that ``a`` starts (``charged``: it moved in)."""
        sa, sd = (sit.stats.get(a.id) or self.stats(sit, a)), (sit.stats.get(d.id) or self.stats(sit, d))
        key = (sa, sd, charged)
        hit = self._melee.get(key)
        if hit is not None:
            return hit
        impact = charged and sa.impact and not sd.impact
        if sd.quick and not sa.quick:
            value = _melee(sa, sd, impact, a_first=False)
        elif sd.quick and sa.quick:
            value = (_melee(sa, sd, impact, a_first=True)
                     + _melee(sa, sd, impact, a_first=False)) / 2
        else:
            value = _melee(sa, sd, impact, a_first=True)
        self._melee[key] = value
        return value

    def blast_value(self, sit: Situation, w: Warrior) -> float:
        """Worth for our side of the hits others take when ``w`` explodes (D6" radius, D6 hits each)."""
        hit = sit.blasts.get(w.id)
        if hit is not None:
            return hit
        value = 0.0
        for o in sit.state.on_table():
            if o.id == w.id:
                continue
            gap = w.gap(o)
            if gap > 6:
                continue
            reach = (6 - max(0, math.ceil(gap) - 1)) / 6 if gap > 0 else 1.0
            so = (sit.stats.get(o.id) or self.stats(sit, o))
            hurt = self._hurts.get(so)
            if hurt is None:  # what D6 hits do to it (its numbers say it all)
                if len(self._hurts) > CACHE_LIMIT:
                    self._hurts.clear()
                pf = ai_odds.fail_save(so, o.wounds)
                hurt = self._hurts[so] = sum(so.damage(round(n * pf)) for n in range(1, 7)) / 6
            value += reach * (-hurt if o.side == self.player and o.status == READY else hurt)
        sit.blasts[w.id] = value
        return value

    def melee_outcome(self, sit: Situation, a: Warrior, d: Warrior) -> tuple[float, float]:
        """(chance ``d`` is still standing, the wounds it has then suffered) after ``a`` charges it."""
        sa, sd = self.stats(sit, a), self.stats(sit, d)
        impact = sa.impact and not sd.impact
        if sd.quick and sa.quick:
            orders = [True, False]
        elif sd.quick:
            orders = [False]
        else:
            orders = [True]
        standing = worn = 0.0
        for a_first in orders:
            for (_wa, wd, _fa, fd), p in ai_odds.melee_states(sa, sd, impact, a_first, self.caches.endings):
                if not fd:
                    standing += p / len(orders)
                    worn += p * wd / len(orders)
        return standing, (worn / standing if standing else 0.0)

    def support(self, sit: Situation, w: Warrior, e: Warrior, chargers: list[str]) -> float:
        """What charging ``e`` first does for the best of the others that could charge it next.

        A first charge that only wears the enemy down can let a second one finish it.
        """
        standing, worn = self.melee_outcome(sit, w, e)
        if standing <= 0.0:
            return 0.0
        weaker = attrs.evolve(e, id=e.id + "~worn", wounds=max(1, e.wounds - round(worn)))
        best = 0.0
        for wid in chargers:
            a = sit.state.warriors.get(wid)
            if a is None or a.id == w.id:
                continue
            now = max(0.0, self.melee_value(sit, a, e, charged=True))
            later = standing * self.melee_value(sit, a, weaker, charged=True)
            best = max(best, later - now)
        return SUPPORT * best

    def aim_value(self, sit: Situation, w: Warrior) -> float:
        """What it gains by doing nothing in an Actions step (an Aimed token, if it can shoot)."""
        sw = (sit.stats.get(w.id) or self.stats(sit, w))
        if not sw.reach or w.aimed or sit.engaged(w):
            return 0.0
        best_now = best_aimed = 0.0
        for e in sit.foes:
            if w.gap(e) <= sw.reach + 4:
                best_now = max(best_now, self.shot_value(sit, w, e, cover=False, aimed=False)[0])
                best_aimed = max(best_aimed, self.shot_value(sit, w, e, cover=False, aimed=True)[0])
        return 0.5 * (best_aimed - best_now)

    def cover(self, sit: Situation, w: Warrior, t: Warrior, *, mage: bool) -> bool:
        """Whether ``t`` has cover from ``w`` (the table is the same over many decisions of a step)."""
        key = (w.id, t.id, mage, sit.table_key())
        hit = self._cover.get(key)
        if hit is None:
            if len(self._cover) > CACHE_LIMIT:
                self._cover.clear()
            hit = self._cover[key] = measuring.sight(sit.state, w, t, mage=mage)[1]
        return hit

    def cast_value(self, sit: Situation, mage: Warrior) -> float:
        """The expected worth of a random spell (the AI stops the spells that would hurt its side)."""
        hit = sit.casts.get(mage.id)
        if hit is not None:
            return hit
        state = sit.state
        allies = state.allies(mage)
        enemies = state.enemies(mage)
        everyone = list(state.on_table())
        on: dict[str, float] = {}
        let_through, cost = self._stop_terms(sit, mage)

        def spell_on(t: Warrior) -> float:
            if t.id not in on:
                values = []
                for e in EFFECTS:
                    value = self.spell_value(sit, mage, e, t)
                    stopped = let_through * value - cost  # as :meth:`_stopped`
                    values.append(value if value >= stopped else stopped)  # max(value, stopped)
                on[t.id] = (sum(values) + max(values)) / 6
            return on[t.id]

        pools: list[list[Warrior]] = [[mage], allies or [mage]]
        pools.append([min(allies, key=lambda a: (mage.gap(a), a.id))] if allies else [mage])
        pools.append([min(enemies, key=lambda a: (mage.gap(a), a.id))] if enemies else [mage])
        pools.append(enemies or [mage])
        total = sum(sum(spell_on(t) for t in pool) / len(pool) for pool in pools)
        total += max(spell_on(t) for t in everyone) if everyone else 0.0
        sit.casts[mage.id] = total / 6
        return total / 6

    def _stopped(self, sit: Situation, mage: Warrior, value: float) -> float:
        """The worth of trying to stop a spell worth ``value``: any 6 stops it, each 1 wounds the Mage."""
        let_through, cost = self._stop_terms(sit, mage)
        return let_through * value - cost

    def _stop_terms(self, sit: Situation, mage: Warrior) -> tuple[float, float]:
        """(chance a stop test lets the spell through, the worth of the wounds it costs the Mage)."""
        c = self.ruleset.content.spell_rules
        stop, hurt = ai_odds.stop_test(warrior_profile.stop_dice(sit.game, mage), c.stop_on, c.wound_on)
        return 1 - stop, hurt * self.stats(sit, mage).vpw()

    def spell_value(self, sit: Situation, mage: Warrior, effect: str, t: Warrior) -> float:
        """The worth for our side of spell ``effect`` going off on ``t``."""
        st = (sit.stats.get(t.id) or self.stats(sit, t))
        ours = t.side == self.player and t.status == READY
        sign = -1.0 if ours else 1.0
        if effect == "heal":
            missing = t.max_wounds - t.wounds
            healed = sum(min(missing, d) for d in (1, 2, 3)) / 3
            return -sign * healed * st.vpw(t.wounds + 1)
        if effect == "harm":
            return sign * sum(st.damage(d) for d in (1, 2, 3)) / 3
        if effect == "line":
            caught = [] if mage.id == t.id else measuring.on_line(sit.state, mage, t)
            value = 0.0
            for o in [*caught, t]:
                so = (sit.stats.get(o.id) or self.stats(sit, o))
                v = ai_odds.fail_save(so, o.wounds) * so.damage(1)
                value += -v if o.side == self.player and o.status == READY else v
            return value
        if effect == "morale":
            return sign * (1 - st.hold) * st.worth
        if effect == "transform":
            power = 2 * (RANGED_WORTH * st.ranged_out + MELEE_WORTH * st.melee_out) + 0.25 * t.wounds
            # a Monster shrinks to a Bad Brawler; anyone else grows into a Monster of about 4 wounds
            delta = 0.6 - power if st.monster else 1.6 - power - (2 * MAGE_WORTH if st.mage else 0.0)
            return -sign * delta
        return 0.0

    def pray_value(self, sit: Situation, w: Warrior) -> float:
        """How much one more prayer raises the chance that our gods are heard, times what that is worth."""
        c = self.ruleset.content
        bonus = c.prayer.holy_bonus if w.has("Holy") else 0
        hit = sit.prayers.get(bonus)  # the same for every warrior but the Holy
        if hit is None:
            hit = sit.prayers[bonus] = self._pray_value(sit, bonus)
        return hit

    def _pray_value(self, sit: Situation, bonus: int) -> float:
        mine = sit.state.sides[self.player].divine_points
        theirs = sit.state.sides[sit.enemy].divine_points if sit.enemy else 0
        c = self.ruleset.content
        die = c.divine_rules.contest_die
        before = ai_odds.heard(mine, theirs, die)
        after = ai_odds.heard_after(mine, theirs, die, c.prayer.points, bonus)
        value = (after - before) * self.divine_worth(sit, self.player)
        if sit.enemy and theirs > 0:  # it also drowns out the enemy's prayers
            their_before = ai_odds.heard(theirs, mine, die)
            their_after = ai_odds.drowned_after(theirs, mine, die, c.prayer.points, bonus)
            value += (their_before - their_after) * self.divine_worth(sit, sit.enemy)
        return PRAYER * sit.piety * value

    def heal_value(self, sit: Situation, w: Warrior, ally: Warrior) -> float:
        sw, sa = self.stats(sit, w), self.stats(sit, ally)
        missing = ally.max_wounds - ally.wounds
        table = ai_odds.hits_table(sw.dice, sw.hit_m, sw.accurate, sw.critical)
        healed = sum(p * min(missing, x) for x, _z, p in table)
        return healed * sa.vpw(ally.wounds + 1)

    def divine_worth(self, sit: Situation, player: str) -> float:
        """Roughly what being heard by the gods is worth to ``player`` (the divine table's roll)."""
        key = (player, sit.table_key(), sit.boldness)
        hit = self._divine.get(key)
        if hit is not None:
            return hit
        if len(self._divine) > CACHE_LIMIT:
            self._divine.clear()
        self._divine[key] = value = self._divine_worth(sit, player)
        return value

    def _divine_worth(self, sit: Situation, player: str) -> float:
        sign = 1.0 if player == self.player else -1.0  # blast_value is worked out for the AI's side
        # the gods are a gamble: what a side stands to lose weighs more than what it may win (less
        # so for an AI that must gamble to win at all)
        risk = DIVINE_RISK * (sit.boldness if player == self.player else 1.0)
        state = sit.state
        foes = [w for w in state.on_table() if w.side != player or w.status == BERSERK]
        mine = [w for w in state.warriors.values() if w.side == player and w.status == READY]
        if not foes:
            return 0.0
        fs = [(sit.stats.get(e.id) or self.stats(sit, e)) for e in foes]
        ms = [(sit.stats.get(w.id) or self.stats(sit, w)) for w in mine]
        avg_hit = sum(ai_odds.fail_save(s, e.wounds) * s.damage(1) for s, e in zip(fs, foes, strict=True)) / len(fs)
        avg_wound = sum(s.damage(1) for s in fs) / len(fs)
        smite = sum(s.worth + sign * self.blast_value(sit, e) for s, e in zip(fs, foes, strict=True)) / len(fs)
        # everybody suffers a hit: what each side loses, and the explosions of those on their last wound
        angered = 0.0
        for o in state.on_table():
            so = (sit.stats.get(o.id) or self.stats(sit, o))
            pf = ai_odds.fail_save(so, o.wounds)
            v = pf * so.damage(1)
            angered += -v * risk if o.side == player and o.status == READY else v
            if o.wounds <= 1 and so.blows_up:
                blast = pf * so.p_die * so.blows_up * sign * self.blast_value(sit, o)
                angered += blast * (risk if blast < 0 else 1.0)
        dead = any(w.side == player and w.status == "dead" for w in state.warriors.values())
        avg_own = sum(s.worth for s in ms) / len(ms) if ms else 0.0
        healing = sum(s.vpw(w.wounds + 1) for s, w in zip(ms, mine, strict=True) if w.wounds < w.max_wounds)
        by_result = {
            "big-hand": 0.3 * avg_hit * 3,
            "resurrection": avg_own if dead else -avg_own * risk,
            "terrifying-visions": sum((1 - s.hold_divine) * s.worth for s in fs),
            "divine-protection": 0.3,
            "smite": smite,
            "angered-gods": angered,
            "divine-jab": avg_wound,
            "levitation": 0.1,
            "healing": healing,
            "blessing": 0.3,
        }
        c = self.ruleset.content
        expr = c.divine_rules.house_roll if sit.divine_die == "d12" else c.divine_rules.roll
        total = 0.0
        for roll, p in ai_odds.table_chances(expr).items():
            total += p * by_result.get(c.divine_result(roll).id, 0.0)
        return max(0.0, total)


def _melee(sa: Stats, sd: Stats, impact: bool, *, a_first: bool) -> float:
    """Expected worth for A's side of one melee, played out over the exact dice distributions.

    The worth is linear in the two fighters' worths and in what each wound they survive costs them, so it is four
    weights (kept per pair of fighting numbers for the process: they do not change with the round) times the
    round's worths (see :func:`melee_weights`)."""
    wa, pa, wd, pd = melee_weights(sa.numbers, sd.numbers, impact, a_first)
    return wd * sd.worth + pd * sd.per_wound - wa * sa.worth - pa * sa.per_wound


_HOLD = ai_odds.FIGHTING.index("hold")


# a pure memo of numbers (the fighters' numbers in, four weights out): the same for every game, bounded
@lru_cache(maxsize=20000)
def melee_weights(na: tuple[Any, ...], nd: tuple[Any, ...], impact: bool, a_first: bool
                  ) -> tuple[float, float, float, float]:
    """What a melee costs each side, as weights of its worth and of the worth of each wound it survives:
    (A's worth, A's wound, D's worth, D's wound). Each end state costs a fighter that fell its worth, one that
    stands the wounds it keeps (capped at one short of its last), and the loser of a melee both survive its
    morale share of flight (the rest of its worth)."""
    flee_a, flee_d = 1 - na[_HOLD], 1 - nd[_HOLD]
    wa = pa = wd = pd = 0.0
    for p, fa, fd, ka, kd, share_a, share_d in ai_odds.ends_table(na, nd, impact, a_first):
        if fa:
            wa += p
        elif share_a >= 0.0:  # neither fell: the loser tests its morale
            run = share_a * flee_a
            wa += p * run
            pa += p * ka * (1 - run)
        else:
            pa += p * ka
        if fd:
            wd += p
        elif share_d >= 0.0:
            run = share_d * flee_d
            wd += p * run
            pd += p * kd * (1 - run)
        else:
            pd += p * kd
    return wa, pa, wd, pd
