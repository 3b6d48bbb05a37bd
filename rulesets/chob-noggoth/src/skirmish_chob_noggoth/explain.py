"""Explaining the game to a player: the glossary, exact odds, measuring, the brief status and the end.

Everything is worked out from the ruleset's own content and rules code: the glossary from
the TOML tables, the odds from :mod:`skirmish_chob_noggoth.odds` (the same per-die rules the
attacks roll with), measuring and cover from :mod:`skirmish_chob_noggoth.measuring`. Warriors are
named as the player sees them: by map letter (``A``, ``b``), name or id.
"""

from __future__ import annotations

import math
import textwrap
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from skirmish import SkirmishError
from skirmish_chob_noggoth import measuring, odds, warrior_profile
from skirmish_chob_noggoth.state import BERSERK, DEAD, FLED, READY, UNDEPLOYED

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_chob_noggoth.content import Content
    from skirmish_chob_noggoth.state import Warrior

#: the brief's pointer to the terminal's commands (a screen with a map and help panels drops it)
TERMINAL_HINT = "; 'show' for the map, 'help TERM' for a rule"
STATUSES = {
    READY: "on the table and under its player's control",
    UNDEPLOYED: "not on the table yet (Drop Troops arrive at their side's first step)",
    DEAD: "slain and off the table (a Resurrection may bring it back)",
    FLED: "ran off the table after a failed morale check or a push off the edge; it never returns",
    BERSERK: "on the table but out of control: it charges the closest warrior, friend or foe",
}
COLUMNS = {
    "key": "the warrior's letter on the map: A-Z the first side, a-z the second",
    "W": "wounds left / wounds at the start",
    "acting as": "the type whose numbers it uses now (a Hero's role this round)",
    "aim": "holds an Aimed token (+ to hit on its next shot)",
    "dice": "attack dice it rolls (by quality; a Monster rolls one per wound left)",
    "hit": "the score each melee attack die needs",
    "shoot": "the score each ranged attack die needs",
    "save": "the score a saving throw needs (a Monster must roll above its wounds left)",
    "range": "how far it can shoot, base edge to base edge",
    "DI points": "Divine Intervention points its side has prayed for this round",
}


# ------------------------------------------------------------------------------------- glossary


def type_text(t: Any) -> str:
    """A type in a line: what it is, and its numbers (to hit in melee and shooting, its save)."""
    nums = []
    if t.melee_hit:
        nums.append(f"hits {t.melee_hit}+ in melee")
    if t.ranged_hit and (t.ranged_range or t.any_range):
        nums.append(f"shoots {t.ranged_hit}+ at " + ("any range" if t.any_range else f"{t.ranged_range}\""))
    if t.save:
        nums.append(f"saves {t.save}+")
    return (t.text + (f" ({', '.join(nums)})" if nums else "")).strip()


def glossary(content: Content) -> dict[str, str]:
    """Term -> short explanation, built from the content (types, qualities, rules, traits, tables)."""
    c = content
    out: dict[str, str] = {}
    for t in c.types.values():
        out[t.name] = type_text(t)
    for q in c.qualities.values():
        out[q.name] = (f"quality: {q.attack_dice} attack dice, {q.wounds} wounds, {q.morale_dice} morale dice, "
                       f"costs {q.cost} Fingers")
    for r in c.bonus_rules.values():
        out[r.name] = f"bonus rule {r.number}: {r.summary}"
    for t in c.monster_traits.values():
        out.setdefault(t.name, f"Monster trait {t.number}: {t.summary}")
    for t in c.extra_traits.values():
        out.setdefault(t.name, f"Monster extra trait: {t.summary}")
    for k in c.rounds.results:
        allowed = f"; only {', '.join(k.actions)} allowed" if k.actions else ""
        out[k.name] = f"round order {k.low}-{k.high} on the D6: {', '.join(k.steps)}{allowed}"
    for table in c.last_wound.values():
        for e in table.results:
            out.setdefault(e.name, f"last wound ({table.name} table {e.low}-{e.high}): {e.text}".strip())
    for e in (*c.spells.effects.results, *c.divine.results):
        if e.text:
            out.setdefault(e.name, e.text)
    for m in c.mercenaries.values():
        out[m.name] = f"mercenary, {m.cost} Fingers: {m.summary}"
    cb = c.combat
    out.update({
        "cover": f"a target not entirely visible from the shooter (terrain or another warrior hides part of its "
                 f"base): -{cb.cover_penalty} to hit; Mages ignore it",
        "Aimed token": f"gained by a warrior that could shoot and did nothing in an Actions step: "
                       f"+{cb.aimed_bonus} to hit on its next shot (at most {cb.max_aimed})",
        "critical": f"an attack die showing {cb.critical}+ always hits and wounds with no save",
        "base contact": f"bases {cb.base_contact}\" apart or closer touch: a melee starts",
        "morale": f"roll the morale dice of its quality: any {c.morale.pass_on}+ holds, otherwise it flees",
        "push-back": f"the loser of a melee that holds its nerve is moved {cb.melee_pushback.upper()}\" away",
        "Fingers": f"the price of a warrior; a warband has {c.costs.budget}",
        "shrine": f"pray within {c.table.shrine_reach}\" of it (no enemy within {c.prayer.enemy_reach}\") for "
                  f"{c.prayer.points.upper()} Divine Intervention points",
    })
    out.update({s: f"status: {text}" for s, text in STATUSES.items()})
    out.update({f"column {k}" if k in out else k: f"column: {text}" for k, text in COLUMNS.items()})
    return out


# ------------------------------------------------------------------------------------- naming


def letters_of(game: Game) -> dict[str, str]:
    from skirmish_chob_noggoth.render import keys

    return keys(game.state)


def find_warrior(game: Game, text: str) -> Warrior:
    """A warrior named as a player sees it: map letter (case matters), id, or name (any case)."""
    state = game.state
    name = text.strip()
    if not name:
        raise SkirmishError("name a warrior (its map letter, id or name)")
    letters = letters_of(game)
    for wid, letter in letters.items():
        if letter == name:
            return state.warriors[wid]
    if name in state.warriors:
        return state.warriors[name]
    low = name.casefold()
    exact = [w for w in state.warriors.values() if w.name.casefold() == low]
    if len(exact) == 1:
        return exact[0]
    start = [w for w in state.warriors.values() if w.name.casefold().startswith(low)]
    if len(start) == 1:
        return start[0]
    if len(exact) + len(start) > 1:
        raise SkirmishError(f"'{name}' could be {', '.join(w.name for w in (exact or start))}: use the map letter")
    raise SkirmishError(f"no warrior called '{name}' (use a map letter, an id or a name)")


def _who(game: Game, w: Warrior) -> str:
    return f"{w.name} ({letters_of(game).get(w.id, w.id)})"


# ----------------------------------------------------------------------------------------- odds


def attack_odds(game: Game, attacker: Warrior, target: Warrior, action: str) -> tuple[str, dict[Any, Fraction]]:
    """(title, {wounds: chance}) of one attack by ``attacker`` on ``target`` as the rules would roll it now."""
    c = game.ruleset.content
    if action == "boomstick":
        dice, need = c.boomstick.dice, c.boomstick.hit
    else:
        dice = warrior_profile.attack_dice(game, attacker)
        need = warrior_profile.hit_value(game, attacker, ranged=action == "shoot")
    cover = False
    if action in ("shoot", "boomstick"):
        mage = action == "shoot" and warrior_profile.sees_everything(game, attacker)
        cover = measuring.sight(game.state, attacker, target, mage=mage)[1]
    aimed = attacker.aimed if action in ("shoot", "boomstick") else 0
    modifier = warrior_profile.hit_modifier(game, attacker, target, cover=cover, aimed=aimed)
    monster = target.wounds if warrior_profile.is_monster(target) else 0
    save = 0 if monster else warrior_profile.save_value(game, target)
    bonus = 1 if target.has("Hardened") else 0
    every_hit = warrior_profile.every_hit_wounds(game, attacker)
    dist = odds.wounds_odds(odds.attack_odds(dice, need, modifier, c.combat.critical, save, bonus, monster,
                                             every_hit))
    verb = {"shoot": "shoots", "boomstick": "fires a Boomstick at", "fight": "strikes", "charge": "charges"}[action]
    bits = [f"{dice} dice", f"hit {need}+" + (f" ({modifier:+d}{', cover' if cover else ''})" if modifier else "")]
    bits.append("no saves" if every_hit else (f"save above {monster}" if monster else f"save {save}+")
                + (" (+1 Hardened)" if bonus and not every_hit else ""))
    title = f"{_who(game, attacker)} {verb} {_who(game, target)}: wounds ({', '.join(bits)}; " \
            f"{target.wounds} left)"
    if (action == "charge" and warrior_profile.charges_with_impact(attacker)
            and not warrior_profile.charges_with_impact(target)):
        title += " after the impact hit"
    return title, dict(dist.items())


def offered_odds(game: Game, player: str) -> list[tuple[str, dict[Any, Fraction]]]:
    """The attacks the pending decision offers ``player`` (shots, Boomsticks, fights and charges), each title
    starting with the number of its choice."""
    d = game.pending
    if d is None or d.player != player:
        return []
    out = []
    state = game.state
    for i, o in enumerate(d.options, 1):  # each titled with its number in the menu ('odds 3': choice 3's)
        action = o.data.get("action")
        if action not in ("shoot", "boomstick", "fight", "charge"):
            continue
        a, t = state.warriors.get(o.data.get("actor", "")), state.warriors.get(o.data.get("target", ""))
        if a is not None and t is not None:
            title, dist = attack_odds(game, a, t, action)
            out.append((f"{i}. {title}", dist))
    return out


def query_odds(game: Game, player: str, query: str) -> list[tuple[str, dict[Any, Fraction]]]:
    """``odds`` at a prompt: the offered attacks, ``morale X``, or ``X Y`` (X's shot and strike at Y)."""
    text = query.strip()
    if not text:
        return offered_odds(game, player)
    words = text.split()
    if words[0].lower() == "morale":
        w = find_warrior(game, " ".join(words[1:]))
        n = warrior_profile.morale_dice(game, w) if not warrior_profile.is_monster(w) else 0
        need = game.ruleset.content.morale.pass_on
        holds = odds.morale_holds(n, need) if n else Fraction(1)
        return [(f"{_who(game, w)} morale check ({n} dice, any {need}+ holds)",
                 {"holds": holds, "breaks": 1 - holds})]
    for i in range(1, len(words)):
        try:
            a, t = find_warrior(game, " ".join(words[:i])), find_warrior(game, " ".join(words[i:]))
        except SkirmishError:
            continue
        out = []
        if warrior_profile.can_shoot(game, a):
            out.append(attack_odds(game, a, t, "shoot"))
        out.append(attack_odds(game, a, t, "fight"))
        return out
    raise SkirmishError(f"odds: say 'odds' for the attacks on offer, 'odds A b' for A's attacks on b, or "
                        f"'odds morale A' (could not read '{text}')")


# -------------------------------------------------------------------------------------- measure


def measure(game: Game, player: str, a_text: str, b_text: str) -> str:
    """Distance base to base, sight, cover (and what gives it), contact and reach between two warriors."""
    state = game.state
    a, b = find_warrior(game, a_text), find_warrior(game, b_text)
    if a.id == b.id:
        raise SkirmishError("measure needs two different warriors")
    for w in (a, b):
        if not w.on_table:
            raise SkirmishError(f"{w.name} is not on the table ({w.status})")
    gap = a.gap(b)
    centres = math.hypot(a.x - b.x, a.y - b.y)
    lines = [f"{_who(game, a)} to {_who(game, b)}: {gap:.1f}\" base to base ({centres:.1f}\" centre to centre)"]
    if measuring.in_contact(a, b, state.contact):
        lines.append("  in base contact")
    for shooter, target in ((a, b), (b, a)):
        mage = warrior_profile.sees_everything(game, shooter)
        look = measuring.look(state, shooter, target)
        if mage:
            lines.append(f"  {shooter.name} is a Mage: always sees {target.name} and ignores cover")
        elif not look.seen:
            lines.append(f"  {shooter.name} cannot see {target.name} (blocking terrain in the way)")
        elif look.cover:
            hiding = [p.name for p in state.pieces if p.id in look.terrain] + \
                     [state.warriors[i].name for i in look.warriors]
            lines.append(f"  {shooter.name} sees {target.name} in cover (partly hidden by {', '.join(hiding)})")
        else:
            lines.append(f"  {shooter.name} sees all of {target.name} (no cover)")
        reach = warrior_profile.shooting_range(game, shooter)
        if reach:
            inside = "within" if gap <= reach + measuring.EPS else "out of"
            lines.append(f"  {target.name} is {inside} {shooter.name}'s range "
                         f"({'any' if reach == math.inf else f'{reach:g}'}\")")
        move = warrior_profile.move_allowance(game, shooter, "move")
        if gap > state.contact:
            can = measuring.charge_point(state, shooter, target, move, fly=warrior_profile.flies(shooter)) is not None
            lines.append(f"  {shooter.name} {'can' if can else 'cannot'} charge it with a {move:g}\" move")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------- brief


def brief(game: Game, player: str | None, width: int = 80, *, screen: bool = False) -> str:
    """A compact status (a few lines of 80 columns): the round, then each side's warriors by letter. With ``screen``
    a browser panel's: a side's warriors on one line (the panel wraps it), no terminal command named."""
    from skirmish_chob_noggoth.mercenaries import present_count
    from skirmish_chob_noggoth.render import _round_name

    state = game.state
    letters = letters_of(game)
    limit = game.setup.get("options", {}).get("max_rounds", 0) if isinstance(game.setup, dict) else 0
    head = f"Round {game.round}" + (f" of {limit}" if limit else "")
    name = _round_name(game)
    if name:
        head += f": {name}"
    if game.phase:
        head += f" - {game.phase}"
    lines = [head[:width]]
    for p, side in state.sides.items():
        marks = []
        for w in state.warriors.values():
            if w.side != p:
                continue
            if w.on_table:
                flag = "*" if w.status == BERSERK else ("^" if w.aimed else "")
                marks.append(f"{letters[w.id]} {w.name} {w.wounds}/{w.max_wounds}{flag}")
            elif w.status == UNDEPLOYED:
                marks.append(f"{letters[w.id]} {w.name} (waiting)")
        gone = sum(1 for w in state.warriors.values() if w.side == p and w.status in (DEAD, FLED))
        intro = (f"{p} ({side.letter or '?'}, {side.edge or '-'}): {present_count(game, p)}/{side.starting} left"
                 + (f", {gone} lost" if gone else "") + (f", DI {side.divine_points}" if side.divine_points else "")
                 + ": ")
        text = intro + ", ".join(marks)
        lines.extend([text] if screen else textwrap.wrap(text, width, subsequent_indent="    ")[:3])
    lines.append(f"(^ aimed, * berserk{'' if screen else TERMINAL_HINT})")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------- the end

MOMENTS = ("death", "flee", "berserk", "split", "inspired", "divine", "transform", "resurrect", "big-hand",
           "blessing")


def final_summary(game: Game, player: str | None) -> str:
    """The result, the final table, the casualties of each side and the key moments of the game."""
    from skirmish_chob_noggoth.render import text_map

    result = game.result
    if result is None:
        return ""
    state = game.state
    letters = letters_of(game)
    lines = [f"Result after {game.round} round{'s' if game.round != 1 else ''}: {result.reason}"]
    for seat in game.players:
        score = f" ({result.scores[seat]:g} Fingers standing)" if seat in result.scores else ""
        lines.append(f"  {seat}: {result.outcome(seat)}{score}")
    lines.append("")
    lines.extend(text_map(state))
    lines.append("")
    for p in state.sides:
        lost = [w for w in state.warriors.values() if w.side == p and w.status in (DEAD, FLED, BERSERK)]
        shown = ", ".join(f"{letters[w.id]} {w.name} ({'split' if f'{w.id}-front' in state.warriors else w.status})"
                          for w in lost) or "none"
        lines.extend(textwrap.wrap(f"{p} casualties: {shown}", 80, subsequent_indent="    "))
    events = getattr(game.log, "events", [])
    moments = [e for e in events if e.kind in MOMENTS and not (e.kind == "divine" and "rolls" not in e.text)]
    if moments:
        lines.append("")
        lines.append("Key moments:")
        rnd = 0
        labelled = []
        for e in events:
            if e.kind == "round-type":
                rnd += 1
            if e in moments:
                labelled.append(f"  round {rnd}: {e.text}" if rnd else f"  set-up: {e.text}")
        lines.extend(labelled[-14:])
    return "\n".join(lines)
