"""The AI's odds: what the dice and the tables give, exactly, as floats to score with.

Attack outcomes come from :mod:`skirmish_chob_noggoth.odds`, which runs every face of a die
through the same per-die rules the game rolls with and adds the dice up with the core's exact
dynamic programme; morale, stop tests, the divine roll-off and the divine table are exact
distributions of the content's dice; the chance that a last-wound table takes a warrior off
its side is read from that table. Melees are played out over these exact tables.

The ``lru_cache`` s here are pure memos of numbers (dice and target numbers in, odds out), the same for every
game; melee ends by combat token are kept with the tokens, on the content (see ``evaluation.shared_numbers``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from skirmish_chob_noggoth import odds

if TYPE_CHECKING:
    from skirmish_chob_noggoth.ai.evaluation import Stats
    from skirmish_chob_noggoth.content import Content

#: last-wound results that sometimes take a warrior off its side (it may run or teleport off the
#: table, or have nobody to blame), with how often the AI reckons they do
MAY_LEAVE = {"spooked": 0.25, "tactical-withdrawal": 0.25, "teleport": 0.5, "blame-game": 0.25}
#: results that take it off its side for good without dying
LOST = ("berserk",)
CACHE_LIMIT = 20000
#: the numbers a melee's course depends on (a :class:`~skirmish_chob_noggoth.ai.evaluation.Stats`' ``numbers``)
FIGHTING = ("critical", "dice", "hit_m", "accurate", "obscured", "monster", "hardened", "save", "wounds", "max_wounds",
            "passive", "bloody", "parry", "terrifying", "quick", "every_hit", "p_die", "hold")


def table_odds(content: Content, table: str) -> list[tuple[Any, float]]:
    """(entry, chance) for each result of a last-wound table, by its die (worked out once per content and kept
    on it: house rules may change the tables)."""
    known = content.derived["last_wound"]
    found = known.get(table)
    if found is None:
        t = content.last_wound[table]
        die = odds.dice_odds(t.die)
        found = known[table] = [(e, float(sum((p for roll, p in die.items() if e.low <= roll <= e.high), 0)))
                                   for e in t.results]
    return found


def removal_chance(content: Content, table: str) -> float:
    """Chance that a roll on ``table`` takes the warrior off its side (dead, fled, berserk, ...)."""
    return sum(p * (1.0 if e.dies or e.id in LOST else MAY_LEAVE.get(e.id, 0.0)) for e, p in table_odds(content, table))


def blow_up_share(content: Content, table: str) -> float:
    """Of the results of ``table`` that remove the warrior, the share that explodes."""
    removed = removal_chance(content, table)
    blasts = sum(p for e, p in table_odds(content, table) if e.id == "explodes")
    return blasts / removed if removed else 0.0


def hero_mage_share(content: Content) -> float:
    """Chance a Hero acting as a Mage rolls on the Mages table instead of the Heroes table."""
    return float(odds.any_face(1, tuple(range(content.hero.mage_split_on, 7))))


def hold(dice: int, pass_on: int) -> float:
    """A morale check of ``dice`` dice holds."""
    return float(odds.morale_holds(dice, pass_on))


@lru_cache(maxsize=4096)
def heard(mine: int, theirs: int, die: str) -> float:
    """Chance our side is heard in the Divine Intervention step with these points."""
    return float(odds.contest_won(mine, theirs, die))


@lru_cache(maxsize=4096)
def heard_after(mine: int, theirs: int, die: str, points: str, bonus: int) -> float:
    """Chance our side is heard after one more prayer (its points rolled on ``points``, plus ``bonus``)."""
    return sum(p * heard(mine + d + bonus, theirs, die) for d, p in table_chances(points).items())


@lru_cache(maxsize=4096)
def drowned_after(theirs: int, mine: int, die: str, points: str, bonus: int) -> float:
    """Chance the other side is heard after one more prayer of ours (see :func:`heard_after`)."""
    return sum(p * heard(theirs, mine + d + bonus, die) for d, p in table_chances(points).items())


@lru_cache(maxsize=4096)
def table_chances(expr: str) -> dict[int, float]:
    """Each result of a dice expression (the divine table's 2D6) with its chance (cached: do not change it)."""
    return {int(k): float(p) for k, p in odds.dice_odds(expr).items()}


@lru_cache(maxsize=4096)
def stop_test(dice: int, stop_on: int, wound_on: int) -> tuple[float, float]:
    """(chance the spell is stopped, expected wounds on the Mage) of a stop test with ``dice`` dice."""
    stop = float(odds.any_face(dice, tuple(range(stop_on, 7))))
    return stop, dice * sum(1 for f in range(1, 7) if f <= wound_on) / 6


@lru_cache(maxsize=4096)
def any_of(dice: int, low: int) -> float:
    """Chance that any of ``dice`` D6 shows ``low`` or more (Reebus overheating)."""
    return float(odds.any_face(dice, tuple(range(low, 7))))


def fail_save(st: Stats, wounds: int) -> float:
    """One saving throw of a warrior with these numbers and ``wounds`` left fails."""
    return _fail_save(st.save, st.hardened, wounds if st.monster else 0)


@lru_cache(maxsize=1024)
def _fail_save(save: int, hardened: int, monster_wounds: int) -> float:
    return float(odds.save_fails(save, hardened, monster_wounds))


def attack_table(attacker: Stats, target: Stats, dice: int, need: int, modifier: int, target_wounds: int, *,
                 every_hit: bool | None = None, parry: bool = False) -> tuple[tuple[int, int, float], ...]:
    """(wounds on the target, wounds back from Parry, chance) of one attack, exactly."""
    return odds.wound_table(dice, need, modifier, attacker.critical, target.save, target.hardened,
                            max(1, target_wounds) if target.monster else 0,
                            attacker.every_hit if every_hit is None else every_hit, parry)


def hits_table(dice: int, need: int, modifier: int, critical: int) -> tuple[tuple[int, int, float], ...]:
    """(hits, 0, chance) of ``dice`` attack dice with no saves (Healer)."""
    return odds.wound_table(dice, need, modifier, critical, 0, 0, 0, True, False)


def typical_wounds(dice: int, need: int, modifier: int, critical: int, every_hit: bool = False) -> float:
    """Expected wounds of an attack against a middling target (save 4+)."""
    return sum(x * p for x, _z, p in odds.wound_table(dice, need, modifier, critical, 4, 0, 0, every_hit, False))


# ------------------------------------------------------------------------------------- melees

def melee_states(sa: Stats, sd: Stats, impact: bool, a_first: bool, endings: dict[tuple[Any, ...], Any]
                 ) -> tuple[tuple[tuple[int, int, int, int], float], ...]:
    """How a melee between A and D can end, with the chances (kept in ``endings``, shared by the AIs of one content,
    by the fighters' combat tokens: their numbers, not their worth, which changes every round)."""
    key = (sa.combat, sd.combat, impact, a_first)
    hit = endings.get(key)
    if hit is None:
        if len(endings) > CACHE_LIMIT:
            endings.clear()
        hit = endings[key] = melee_table(sa.numbers, sd.numbers, impact, a_first)
    return hit  # type: ignore[no-any-return]


# a pure memo of numbers (two fighters' numbers in, a melee's end states and chances out): the same for every game
# and every AI, bounded; an AI's own table (above) looks it up by two small ints first
@lru_cache(maxsize=8192)
def melee_table(na: tuple[Any, ...], nd: tuple[Any, ...], impact: bool, a_first: bool
                ) -> tuple[tuple[tuple[int, int, int, int], float], ...]:
    """How a melee between fighters with the numbers ``na`` and ``nd`` (see :data:`FIGHTING`) can end."""
    return tuple(play_melee(_fighter(na), _fighter(nd), impact, a_first).items())


def _fighter(numbers: tuple[Any, ...]) -> Stats:
    from skirmish_chob_noggoth.ai.evaluation import Stats

    s = Stats()
    for name, value in zip(FIGHTING, numbers, strict=True):
        setattr(s, name, value)
    return s


_WOUNDS = FIGHTING.index("wounds")


# a pure memo of numbers, like :func:`melee_table`
@lru_cache(maxsize=8192)
def ends_table(na: tuple[Any, ...], nd: tuple[Any, ...], impact: bool, a_first: bool
               ) -> tuple[tuple[float, int, int, int, int, float, float], ...]:
    """:func:`melee_table` as (chance, A's fate, D's fate, A's wounds capped at one short of its last, D's
    likewise, A's share of the loser's morale test, D's share), in the same order; the shares are -1.0 when
    either fell. The caps and shares depend on the numbers only, so they are worked out once per table."""
    cap_a, cap_d = max(na[_WOUNDS], 1) - 1, max(nd[_WOUNDS], 1) - 1
    out = []
    for (wa, wd, fa, fd), p in melee_table(na, nd, impact, a_first):
        if not fa and not fd:
            share_a = 1.0 if wa > wd else 0.0 if wd > wa else 0.5
            share_d = 1 - share_a
        else:
            share_a = share_d = -1.0
        out.append((p, fa, fd, wa if wa < cap_a else cap_a, wd if wd < cap_d else cap_d, share_a, share_d))
    return tuple(out)


def play_melee(sa: Stats, sd: Stats, impact: bool, a_first: bool) -> dict[tuple[int, int, int, int], float]:
    """The chances of each way a melee can end.

    A state is (wounds on A, wounds on D, A's fate, D's fate) with fate 0 standing, 1 dead,
    2 fled; states that end the same are merged as they go. Each strike is the exact table
    of :func:`attack_table` (criticals, saves one at a time, Parry's natural 1s).
    """
    states: dict[tuple[int, int, int, int], float] = {}
    if impact:
        pf = fail_save(sd, sd.wounds)
        pd = sd.p_die if sd.wounds <= 1 else 0.0
        _add(states, (0, 0, 0, 1), pf * pd)
        _add(states, (0, 1, 0, 0), pf * (1 - pd))
        _add(states, (0, 0, 0, 0), 1 - pf)
    else:
        states[(0, 0, 0, 0)] = 1.0
    for a_strikes in ((True, False) if a_first else (False, True)):
        striker, target = (sa, sd) if a_strikes else (sd, sa)
        new: dict[tuple[int, int, int, int], float] = {}
        modifier = striker.accurate - target.obscured
        scared = target.terrifying and not striker.monster and striker.hold < 1
        for (wa, wd, fa, fd), p in states.items():
            if fa or fd:
                _add(new, (wa, wd, fa, fd), p)
                continue
            ws, wt = (wa, wd) if a_strikes else (wd, wa)
            if scared:
                _add(new, (0, wd, 2, 0) if a_strikes else (wa, 0, 0, 2), p * (1 - striker.hold))
                p *= striker.hold
            n = striker.dice_at(max(1, striker.wounds - ws))
            t_last = max(wt, target.wounds - 1)
            s_last = max(ws, striker.wounds - 1)
            table = attack_table(striker, target, n, striker.hit_m, modifier, target.wounds - wt, parry=target.parry)
            for x, z, px in table:
                nt, ns = wt + x, ws + z
                pp = p * px
                if nt <= t_last and ns <= s_last:  # nobody rolls on a table: the loops below with both chances 0.0
                    # (one end state, q = pp * 1.0 * 1.0, which is pp exactly)
                    key = (ns, nt, 0, 0) if a_strikes else (nt, ns, 0, 0)
                    if pp > 1e-12:
                        new[key] = new.get(key, 0.0) + pp
                    continue
                # each wound past the last one rolls on the last-wound table
                pt = 1 - (1 - target.p_die) ** (nt - t_last) if nt > t_last else 0.0
                ps = 1 - (1 - striker.p_die) ** (ns - s_last) if ns > s_last else 0.0
                for dt, qt in ((1, pt), (0, 1 - pt)):
                    if qt <= 0.0:
                        continue
                    for ds, qs in ((1, ps), (0, 1 - ps)):
                        if qs <= 0.0:
                            continue
                        key = (0 if ds else ns, 0 if dt else nt, ds, dt) if a_strikes else \
                            (0 if dt else nt, 0 if ds else ns, dt, ds)
                        q = pp * qt * qs
                        if q > 1e-12:  # _add written out (the innermost loop)
                            new[key] = new.get(key, 0.0) + q
        states = new
    return states


def _add(states: dict[tuple[int, int, int, int], float], key: tuple[int, int, int, int], p: float) -> None:
    if p > 1e-12:
        states[key] = states.get(key, 0.0) + p
