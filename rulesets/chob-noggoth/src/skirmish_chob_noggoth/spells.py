"""Casting spells: a random target, a random effect, and the Mage's chance to stop it.

Order of a cast (ruling CN-29(a), suggestion 16):

1. roll the target table (D6), then the effect table (D6);
2. a rolled random or closest target is found at once;
3. effect 6: the caster's player picks one of effects 1-5 (decision ``spell-effect``);
4. target 6: the caster's player picks any warrior on the table (decision ``spell-target``);
5. knowing the whole spell, the player lets it go off or tries to stop it
   (decision ``spell-stop``): stop dice by quality, any 6 stops it, each 1 wounds the Mage;
6. the effect is applied (its own dice are rolled only now).

"Ally" never includes the caster; with no ally (or no enemy) the spell falls on the caster.
"Closest" is measured from the Mage, base edge to base edge; a tie is settled at random.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish import Decision, Option
from skirmish.dice import parse
from skirmish_chob_noggoth import attacks, measuring, warrior_profile
from skirmish_chob_noggoth.state import BERSERK, READY, Warrior

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_chob_noggoth.content import Entry

RULE = "Spell"
#: effect ids a player may pick for effect 6 (everything on the table but "choose")
CHOOSE = "choose"
PLAYER_PICKS = "player-choice"
GO, STOP = "go", "stop"


# ----------------------------------------------------------------------------- the action


def cast(game: Game, mage_id: str) -> None:
    """The Cast action of the Mage ``mage_id`` (see the module text for the order of things)."""
    state = game.state
    mage = state.warriors.get(mage_id)
    if mage is None or mage.status != READY:
        return
    c = game.ruleset.content
    t_roll = _roll(game, c.spells.targets.die, "Spell: target", f"{mage.name} casts: target")
    target_entry = c.spell_target(t_roll)
    e_roll = _roll(game, c.spells.effects.die, "Spell: effect", f"{mage.name} casts: effect")
    effect_entry = c.spell_effect(e_roll)
    spell = game.emit("spell", f"{mage.name} casts a spell: target {t_roll} ({target_entry.name}), effect {e_roll} "
                      f"({effect_entry.name})", rule=RULE, caster=mage.id, target_roll=t_roll,
                      target_kind=target_entry.id, effect_roll=e_roll, effect=effect_entry.id)
    with game.because(spell):
        target_id = "" if target_entry.id == PLAYER_PICKS else find_target(game, mage, target_entry.id).id
        if target_id:
            _announce_target(game, mage, state.warriors[target_id], target_entry.name)
        _pick_effect(game, mage_id, effect_entry.id, target_id)


def find_target(game: Game, mage: Warrior, kind: str) -> Warrior:
    """The warrior a rolled target entry points at (the caster when nobody fits)."""
    state = game.state
    if kind == "self":
        return mage
    if kind in ("random-ally", "closest-ally"):
        pool = state.allies(mage)
    elif kind in ("random-enemy", "closest-enemy"):
        pool = state.enemies(mage)
    else:
        raise ValueError(f"unknown spell target '{kind}'")
    if not pool:
        game.emit("spell-target", f"no {'ally' if 'ally' in kind else 'enemy'} for the spell: it falls on "
                  f"{mage.name}", rule="Spell: target", caster=mage.id, target=mage.id)
        return mage
    pool = sorted(pool, key=lambda w: w.id)
    if kind.startswith("closest"):
        near = min(mage.gap(w) for w in pool)
        pool = [w for w in pool if mage.gap(w) <= near + measuring.EPS]
        if len(pool) == 1:
            return pool[0]
        return game.rng.choice(pool, rule="Spell: target", why=f"closest to {mage.name}: a tie")
    return game.rng.choice(pool, rule="Spell: target", why=f"{mage.name}'s spell: a random "
                           f"{'ally' if 'ally' in kind else 'enemy'}")


def _announce_target(game: Game, mage: Warrior, target: Warrior, how: str) -> None:
    game.emit("spell-target", f"the spell is aimed at {target.name} ({how})", rule="Spell: target",
              caster=mage.id, target=target.id)


# ------------------------------------------------------------------------------- choices


def _pick_effect(game: Game, mage_id: str, effect: str, target_id: str) -> None:
    if effect != CHOOSE:
        _pick_target(game, mage_id, effect, target_id)
        return
    mage = game.state.warriors[mage_id]
    c = game.ruleset.content
    options = [Option(e.id, f"{e.name}: {e.text}" if e.text else e.name, data={"effect": e.id})
               for e in c.spells.effects.results if e.id != CHOOSE]
    where = f" on {game.state.warriors[target_id].name}" if target_id else ""
    game.ask(Decision(mage.side, "spell-effect", f"{mage.name}'s spell{where}: pick its effect", options=options,
                      rule="Spell: caster's choice",
                      context={"actor": mage_id, "action": "spell-effect", "target": target_id}),
             _effect_picked, mage_id, target_id)


def _effect_picked(game: Game, answer: str, mage_id: str, target_id: str) -> None:
    _pick_target(game, mage_id, answer, target_id)


def _pick_target(game: Game, mage_id: str, effect: str, target_id: str) -> None:
    if target_id:
        _ask_stop(game, mage_id, effect, target_id)
        return
    state = game.state
    mage = state.warriors[mage_id]
    name = _effect(game, effect).name
    options = [Option(w.id, f"{w.name} ({w.side}{', you' if w.id == mage.id else ''}) at ({w.x:.1f}, {w.y:.1f})",
                      data={"target": w.id, "side": w.side})
               for w in sorted(state.on_table(), key=lambda w: (w.side != mage.side, w.id))]
    game.ask(Decision(mage.side, "spell-target", f"{mage.name}'s spell ({name}): pick any warrior on the table",
                      options=options, rule="Spell: target",
                      context={"actor": mage_id, "action": "spell-target", "effect": effect}),
             _target_picked, mage_id, effect)


def _target_picked(game: Game, answer: str, mage_id: str, effect: str) -> None:
    mage = game.state.warriors[mage_id]
    _announce_target(game, mage, game.state.warriors[answer], "picked by the caster's player")
    _ask_stop(game, mage_id, effect, answer)


def _ask_stop(game: Game, mage_id: str, effect: str, target_id: str) -> None:
    state = game.state
    mage, target = state.warriors[mage_id], state.warriors[target_id]
    entry = _effect(game, effect)
    n = warrior_profile.stop_dice(game, mage)
    c = game.ruleset.content.spell_rules
    options = [Option(GO, f"let it go off ({entry.name} on {target.name})", data={"stop": False}),
               Option(STOP, f"try to stop it: {n} {'die' if n == 1 else 'dice'}, any {c.stop_on} stops it, "
                      f"each {c.wound_on} wounds {mage.name}", data={"stop": True, "dice": n})]
    context = {"actor": mage_id, "action": "spell-stop", "effect": effect, "target": target_id, "dice": n,
               "stop_on": c.stop_on, "wound_on": c.wound_on}
    game.ask(Decision(mage.side, "spell-stop", f"{mage.name}'s spell: {entry.name} on {target.name}. Let it go "
                      "off or try to stop it?", options=options, rule="Spell: stop test", context=context),
             _stop_answered, mage_id, effect, target_id)


def _stop_answered(game: Game, answer: str, mage_id: str, effect: str, target_id: str) -> None:
    mage = game.state.warriors[mage_id]
    if answer == STOP and stop_test(game, mage):
        return
    apply_effect(game, mage_id, effect, target_id)


def stop_test(game: Game, mage: Warrior) -> bool:
    """Roll the stop dice: True when the spell is stopped. Each 1 wounds the Mage (no save).

    The spell goes off when not stopped even if these wounds slay the Mage (ruling).
    """
    c = game.ruleset.content.spell_rules
    n = warrior_profile.stop_dice(game, mage)
    rolls = game.rng.rolls_of(n, rule="Spell: stop test", why=f"{mage.name} tries to stop the spell")
    stopped = any(r >= c.stop_on for r in rolls)
    ones = sum(1 for r in rolls if r <= c.wound_on)
    tested = game.emit("spell-stop", f"{mage.name} stop test, any {c.stop_on} stops it and each {c.wound_on} wounds: "
                       f"rolled {' '.join(map(str, rolls))}, {'stopped' if stopped else 'not stopped'}",
                       rule="Spell: stop test", caster=mage.id, stopped=stopped, ones=ones)
    if ones:
        with game.because(tested):
            attacks.suffer_wounds(game, mage, ones, rule="Spell: stop test")
    return stopped


# ------------------------------------------------------------------------------- effects


def apply_effect(game: Game, mage_id: str, effect: str, target_id: str) -> None:
    """The spell goes off: ``effect`` (an effect id) on ``target_id``."""
    state = game.state
    mage, target = state.warriors[mage_id], state.warriors[target_id]
    entry = _effect(game, effect)
    rule = f"Spell: {entry.name}"
    if target.status not in (READY, BERSERK):
        game.emit("spell-fizzle", f"{target.name} is no longer on the table: the spell fizzles", rule=rule,
                  target=target.id)
        return
    off = game.emit("spell-effect", f"the spell goes off: {entry.name} on {target.name}", rule=rule, caster=mage.id,
                    target=target.id, effect=entry.id)
    with game.because(off):
        _EFFECTS[entry.id](game, mage, target, entry, rule)


def _effect(game: Game, effect: str) -> Entry:
    for e in game.ruleset.content.spells.effects.results:
        if e.id == effect:
            return e
    raise ValueError(f"unknown spell effect '{effect}'")


def _source(mage: Warrior, target: Warrior) -> tuple[float, float] | None:
    """Where the spell comes from, for a push away (none when the Mage is its own target)."""
    return None if mage.id == target.id else (mage.x, mage.y)


def _heal(game: Game, mage: Warrior, target: Warrior, entry: Entry, rule: str) -> None:
    n = _roll(game, entry.dice or "d3", rule, f"{target.name} heals")
    before = target.wounds
    target.wounds = min(target.max_wounds, target.wounds + n)
    game.emit("heal", f"{target.name} heals {target.wounds - before} of {n} "
              f"({target.wounds}/{target.max_wounds} wounds)", rule=rule, target=target.id, wounds=target.wounds)


def _harm(game: Game, mage: Warrior, target: Warrior, entry: Entry, rule: str) -> None:
    n = _roll(game, entry.dice or "d3", rule, f"{target.name} loses wounds")
    attacks.suffer_wounds(game, target, n, rule=rule, source=_source(mage, target))


def _line(game: Game, mage: Warrior, target: Warrior, entry: Entry, rule: str) -> None:
    state = game.state
    caught = [] if mage.id == target.id else measuring.on_line(state, mage, target)
    caught.sort(key=lambda w: (w.centre_distance(mage.x, mage.y), w.id))
    if caught:
        game.emit("spell-line", "the line also passes through " + ", ".join(w.name for w in caught), rule=rule,
                  targets=[w.id for w in caught])
    for w in [*caught, target]:
        attacks.suffer_hits(game, w, 1, rule=rule, source=_source(mage, w))


def _morale(game: Game, mage: Warrior, target: Warrior, entry: Entry, rule: str) -> None:
    attacks.morale_check(game, target, rule=rule)


def _transform(game: Game, mage: Warrior, target: Warrior, entry: Entry, rule: str) -> None:
    if warrior_profile.is_monster(target):
        to_bad_brawler(game, target, rule)
    else:
        to_monster(game, target, rule, extra_on=entry.on or game.ruleset.content.monster.transform_extra_on)


def to_monster(game: Game, w: Warrior, rule: str, *, extra_on: int) -> None:
    """``w`` becomes a Monster (ruling CN-29(g)).

    Rolled in this order: two traits (the same one twice counts once), Winged on ``extra_on``+,
    Gun on ``extra_on``+, then fresh D3+2 wounds (+1 for Big). It keeps its bonus rules, loses
    its type, quality and roles, counts as mounted and gets a Monster's 2" base where it stands.
    """
    c = game.ruleset.content
    old = w.kind
    w.kind, w.quality, w.roles, w.role = "Monster", "", [], ""
    w.mounted, w.aimed, w.mercenary = True, False, ""
    traits: list[str] = []
    for _ in range(c.monster.traits):
        n = _roll(game, c.monster.trait_die, rule, f"{w.name}'s new trait")
        traits.append(c.monster_traits[c.monster_trait_number(n)].name)
    for key in ("winged", "gun"):
        extra = c.extra_traits[key]
        if game.rng.roll(6, rule=rule, why=f"{w.name}: {extra.name} on {extra_on}+") >= extra_on:
            traits.append(extra.name)
    w.traits = list(dict.fromkeys(traits))  # the same trait twice applies once
    wounds = _roll(game, c.monster.wounds, rule, f"{w.name}'s wounds as a Monster") + (1 if w.has("Big") else 0)
    w.wounds = w.max_wounds = wounds
    w.radius = c.bases.monster / 2
    game.emit("transform", f"{w.name} ({old}) becomes a Monster: {', '.join(w.traits)}; {wounds} wounds", rule=rule,
              target=w.id, traits=list(w.traits), wounds=wounds)
    crowded = _crowded(game, w)
    if crowded:
        game.emit("crowded", f"{w.name}'s bigger base overlaps {crowded}; it stays where it is", rule=rule,
                  target=w.id)


def to_bad_brawler(game: Game, w: Warrior, rule: str) -> None:
    """A Monster becomes a Bad Brawler on foot: 1 wound, no traits, no bonus rules."""
    c = game.ruleset.content
    bad = c.find("quality", "Bad")
    w.kind, w.quality, w.roles, w.role = c.profile("brawler").name, bad, [], ""
    w.traits, w.rules, w.mounted, w.aimed, w.mercenary = [], [], False, False, ""
    w.wounds = w.max_wounds = c.qualities[bad].wounds
    w.radius = c.bases.foot / 2
    game.emit("transform", f"{w.name} shrinks into a Bad Brawler with no traits or bonus rules", rule=rule,
              target=w.id, wounds=w.wounds)


def _crowded(game: Game, w: Warrior) -> str:
    """What the warrior's base now overlaps ("" when nothing)."""
    state = game.state
    names = [o.name for o in state.on_table() if o.id != w.id and w.gap(o) <= 0 and
             w.centre_distance(o.x, o.y) < w.radius + o.radius - measuring.EPS]
    if measuring.table_of(state).terrain_overlapping(measuring.base(w), {"blocking"}):
        names.append("impassable terrain")
    if not (w.radius <= w.x <= state.width - w.radius and w.radius <= w.y <= state.depth - w.radius):
        names.append("the table edge")
    return ", ".join(names)


_EFFECTS = {"heal": _heal, "harm": _harm, "line": _line, "morale": _morale, "transform": _transform}


def _roll(game: Game, expr: str, rule: str, why: str) -> int:
    return int(parse(expr).roll(game.rng, rule=rule, why=why).value)
