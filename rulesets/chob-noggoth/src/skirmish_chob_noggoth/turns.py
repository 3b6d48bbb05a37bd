"""A side's Moves and Actions steps: its warriors activate one at a time, in any order.

Each activation is one decision whose options name the warrior and what it does
("Grub: charge Snag", "Nell: shoot Grub (7.5\", cover)", ...). A move that ends in base
contact starts a melee at once. Warriors that take no action in an Actions step and
could shoot gain an Aimed token. Berserk warriors act by themselves in their old
side's steps; Drop Troops arrive at their side's first Moves or Actions step.
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Any

from skirmish import Decision, LazyDecision, Option, Param
from skirmish_chob_noggoth import attacks, measuring, melee, warrior_profile
from skirmish_chob_noggoth.caches import game_caches
from skirmish_chob_noggoth.odds import MISS, die_result
from skirmish_chob_noggoth.state import BERSERK, READY, UNDEPLOYED, Warrior

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_chob_noggoth.state import ChobState

END = "end"
RULES = {"moves": "Moves", "actions": "Actions", "eager": "Set-up: Eager"}


# ----------------------------------------------------------------------------- the step


def side_step(game: Game, letter: str, what: str) -> None:
    """Run side ``letter``'s Moves or Actions step (a phase body)."""
    state = game.state
    player = state.player_of(letter)
    state.activated = []
    state.fought = []
    game.emit("step", f"Side {letter} ({player}): {what}", rule=RULES[what], player=player, step=what)
    game.call(activation_loop, player, what)
    game.call(berserkers_act, player, what)
    game.call(drop_troops, player)


def activation_loop(game: Game, player: str, what: str) -> None:
    """Ask the side which warrior activates next, until it ends the step."""
    if game.result is not None or game.ruleset.check_victory(game):
        return
    actors = _candidates(game, player, what)
    if not actors:
        finish_step(game, player, what)
        return
    context = {"player": player, "step": what, "round": game.state.round_type, "actors": actors}
    # one family of options per warrior, built when asked (an agent may read one warrior's; the AI reads them all)
    game.ask(LazyDecision(game, player, what, f"{player}: {what} - choose a warrior and what it does",
                          families=actors, build=_family, build_all=_whole_list, family_of=_family_of,
                          fixed=(_end_option(what, len(actors)),), args=(player, what), rule=RULES[what],
                          context=context), activated, player, what)


def activated(game: Game, answer: str, player: str, what: str) -> None:
    if answer == END:
        finish_step(game, player, what)
        return
    wid, verb, *rest = answer.split("|")
    game.state.activated.append(wid)
    game.call(activation_loop, player, what)
    perform(game, game.state.warriors[wid], verb, rest[0] if rest else "", what)


def finish_step(game: Game, player: str, what: str) -> None:
    """End of an Actions step: those that could shoot and did nothing take aim."""
    state = game.state
    if what != "actions":
        return
    for w in state.of_side(player):
        if w.id not in state.activated:
            take_aim(game, w)


def take_aim(game: Game, w: Warrior) -> None:
    """A warrior that could shoot and did nothing gains an Aimed token (up to ``combat.max_aimed``)."""
    most = game.ruleset.content.combat.max_aimed
    if w.aimed < most and warrior_profile.can_shoot(game, w) and not measuring.contacts(game.state, w):
        w.aimed += 1
        game.emit("aim", f"{w.name} takes aim (Aimed token{f', {w.aimed} held' if most > 1 else ''})",
                  rule="Aimed token", target=w.id, tokens=w.aimed)


# --------------------------------------------------------------------------------- options


def _label(w: Warrior) -> str:
    return f"{w.name} [{w.acting_as}]"


def activation_options(game: Game, player: str, what: str) -> list[Option]:
    return _activation_options(game, player, what)[0]


def _activation_options(game: Game, player: str, what: str) -> tuple[list[Option], list[str]]:
    """The options of an activation decision, and the warriors that have some (every option but "end" names
    its warrior as its ``actor``), in order."""
    state = game.state
    opts: list[Option] = []
    actors: list[str] = []
    kept: _Kept | None = None
    for wid in _candidates(game, player, what):
        if kept is None:
            kept = _Kept(game, player, what, _round_kind(game, what))
        own = kept.options(state.warriors[wid])
        if own:
            actors.append(wid)
            opts.extend(own)
    opts.append(_end_option(what, len(actors)))
    return opts, actors


def _candidates(game: Game, player: str, what: str) -> list[str]:
    """The warriors of ``player`` that may still activate in this step, in order (each has at least one option:
    every step offers holding)."""
    state = game.state
    activated = state.activated
    return [w.id for w in state.of_side(player)
            if w.id not in activated and (what != "eager" or w.has("Eager"))]


def _round_kind(game: Game, what: str) -> Any:
    state = game.state
    return game.ruleset.content.round_kind(state.round_roll) if what == "actions" and state.round_roll else None


def _end_option(what: str, actors: int) -> Option:
    data: dict[str, Any] = {"action": "end"}
    if actors:  # (the terminal asks once before giving them up)
        verb = "act" if what == "actions" else "move"
        data["confirm"] = f"{actors} warrior{'s' if actors != 1 else ''} will not {verb} this round"
    return Option(END, f"end {what}" if what != "eager" else "end eager moves", data=data)


def _family(game: Game, wid: str, player: str, what: str) -> tuple[Option, ...]:
    """One warrior's options in an activation decision (its family). Built afresh unless an earlier whole list
    (an agent that read every option, like the AI at a step's first decision) kept one for it: then that is checked
    as the whole list checks it (a random agent asks for families alone, and a list asked for alone is seldom one
    kept: 1,559 builds for 1,569 asks in 20 random games, so it is not kept here)."""
    entry = game_caches(game).kept
    if entry is not None and entry[0] is game.state and (what, wid) in entry[1]:
        return _Kept(game, player, what, _round_kind(game, what)).options(game.state.warriors[wid])
    return tuple(_warrior_options(game, game.state.warriors[wid], what, _round_kind(game, what)))


def _whole_list(game: Game, player: str, what: str) -> list[Option]:
    return _activation_options(game, player, what)[0]


def _family_of(value: Any) -> str | None:
    """The warrior an activation answer names (``"w3|charge|b2"`` -> ``"w3"``)."""
    return value.split("|", 1)[0] if isinstance(value, str) and "|" in value else None


def _warrior_options(game: Game, w: Warrior, what: str, kind: Any) -> list[Option]:
    """Everything ``w`` may do now (built afresh; :func:`activation_options` keeps them between decisions)."""
    opts: list[Option] = []
    touching = measuring.contacts(game.state, w)  # (measured once for the fights and the actions)
    if kind is None or kind.allows("fight"):
        opts.extend(_fight_options(game, w, touching))
    if what == "actions":
        opts.extend(_action_options(game, w, kind, touching))
    else:
        opts.extend(move_options(game, w, "eager" if what == "eager" else "move", prefix=""))
        opts.append(Option(f"{w.id}|hold", f"{_label(w)}: stay where it is",
                           data={"actor": w.id, "action": "hold", "aim": False}))
    return opts


# ------------------------------------------------------------------- option lists kept between decisions

#: numbers standing for a step and its enemies in the keys of kept :class:`_Reach` answers (never reused)
_TOKENS = itertools.count(1)
_ON = (READY, BERSERK)


def _table_row(o: Warrior) -> tuple[Any, ...]:
    return (o.id, o.side, o.status, o.x, o.y, o.radius, o.name, o.kind, o.role, o.quality, o.mounted, tuple(o.rules),
            tuple(o.traits), o.wounds, o.max_wounds, o.aimed, o.boomstick_used, o.mercenary)


def _table_rows(state: ChobState, last: list[Any], known: dict[int, tuple[Any, ...]]) -> tuple[tuple[Any, ...], ...]:
    """Every warrior's row, as at the last call (``last``: its stamps and rows first) when no warrior changed since;
    a row is made afresh only for a new stamp (``known``: rows by stamp, the game's), so an unchanged warrior's row
    is the same object."""
    ws = state.warriors.values()
    stamps = tuple([w.stamp for w in ws])
    if stamps == last[0]:
        return last[1]  # type: ignore[no-any-return]
    if len(known) > 4000:
        known.clear()
    rows = []
    for w in ws:
        row = known.get(w.stamp)
        if row is None:
            row = known[w.stamp] = _table_row(w)
        rows.append(row)
    last[0], last[1] = stamps, tuple(rows)
    return last[1]  # type: ignore[no-any-return]


def _obscured(row: tuple[Any, ...]) -> bool:
    return "Obscured" in row[11] or "Obscured" in row[12]


class _Kept:
    """Option lists kept between decisions: a warrior's list is built again only when something it
    depends on has changed since it was built.

    A list depends on the warrior, every enemy, the terrain, shrines, melees fought this step and the
    round; an ally changes it only from where it can block one of its moves, touch an enemy it could
    shoot, stand near a line of sight to one, or touch it (a Healer). An ally that moved between two
    spots where it does none of these leaves the list as it was (it acts as if it were not there).
    """

    def __init__(self, game: Game, player: str, what: str, kind: Any) -> None:
        state = game.state
        self.game, self.state, self.what, self.kind = game, state, what, kind
        caches = game_caches(game)
        entry = caches.kept
        if entry is None or entry[0] is not state:
            # each warrior's last option list by (step, warrior), with the table it was built on, for this state
            entry = caches.kept = (state, {}, {}, {}, [None, None, None])
        self.lists = entry[1]
        self.reaches: dict[tuple[Any, ...], _Reach] = entry[2]
        self.tokens: dict[tuple[Any, ...], int] = entry[3]
        self._base = 0
        shared = (id(game.ruleset.content), what, kind, state.contact, measuring._terrain_key(state),
                  tuple((s.id, s.x, s.y) for s in state.shrines), tuple((p, s.edge) for p, s in state.sides.items()))
        last = entry[4]
        if shared == last[2]:
            shared = last[2]  # the same object as at the last decision: the kept lists compare it by identity
        else:
            last[2] = shared
        self.shared = shared
        self.rows = _table_rows(state, last, caches.rows)
        self.foes = [o for o in state.warriors.values()
                     if (o.status == READY and o.side != player) or o.status == BERSERK]
        self._foe_rows: tuple[tuple[Any, ...], ...] | None = None
        #: the rows that changed since an earlier table, by that table (see :meth:`_same`)
        self._diffs: dict[int, tuple[tuple[tuple[Any, ...], ...], list[tuple[Any, Any]]]] = {}

    def reach(self, w: Warrior) -> _Reach:
        """Where an ally would change ``w``'s list (kept while ``w``, the enemies and the step are the same)."""
        if self._foe_rows is None:
            ids = {o.id for o in self.foes}
            self._foe_rows = tuple(row for row in self.rows if row[0] in ids)
            # the step and the enemies as one small number: the key below is hashed once per warrior
            base = (self.shared[:4], self._foe_rows)
            token = self.tokens.get(base)
            if token is None:
                if len(self.tokens) > 400:
                    self.tokens.clear()
                    self.reaches.clear()
                token = self.tokens[base] = next(_TOKENS)
            self._base = token
        key = (self._base, w.stamp)  # the stamp stands for the warrior's fields (a small number to hash)
        hit = self.reaches.get(key)
        if hit is None or hit.w is not w:
            if len(self.reaches) > 400:
                self.reaches.clear()
            hit = self.reaches[key] = _Reach(self, w)
        return hit

    def options(self, w: Warrior) -> tuple[Option, ...]:
        key = (self.what, w.id)
        kept = self.lists.get(key)
        shared = (self.shared, [pair for pair in self.state.fought if w.id in pair.split("|")])
        if kept is not None and kept[0] == shared and self._same(kept[1], w):
            self.lists[key] = (shared, self.rows, kept[2])
            return kept[2]
        if len(self.lists) > 400:
            self.lists.clear()
        built = tuple(_warrior_options(self.game, w, self.what, self.kind))
        self.lists[key] = (shared, self.rows, built)
        return built

    def _same(self, rows: tuple[tuple[Any, ...], ...], w: Warrior) -> bool:
        """Nothing that ``w``'s list depends on differs between the table ``rows`` and now."""
        now = self.rows
        if rows is now:
            return True
        if len(rows) != len(now):
            return False
        # the lists checked at the last decision all hold that decision's rows: compare them with now once
        hit = self._diffs.get(id(rows))
        if hit is None or hit[0] is not rows:
            hit = self._diffs[id(rows)] = (rows, [(a, b) for a, b in zip(rows, now, strict=True)
                                                  if a is not b and a != b])
        changed = hit[1]
        if not changed:
            return True
        reach: _Reach | None = None
        for a, b in changed:
            if a[0] == w.id or b[0] != a[0]:
                return False
            if a[:7] == b[:7] and _obscured(a) == _obscured(b) and (a[1] != w.side or a[13:15] == b[13:15]):
                continue  # only numbers no list of another warrior reads (its Aimed tokens, an enemy's wounds)
            for row in (a, b):
                if row[2] not in _ON:
                    continue
                if row[2] == BERSERK or row[1] != w.side:
                    return False  # an enemy (or a Berserk warrior) changed
                if reach is None:
                    reach = self.reach(w)
                if reach.touches(row[3], row[4], row[5]):
                    return False
        return True


class _Reach:
    """Where an ally of ``w`` would change ``w``'s option list (a generous superset of it)."""

    def __init__(self, kept: _Kept, w: Warrior) -> None:
        game, kind, what = kept.game, kept.kind, kept.what
        c = game.ruleset.content
        self.w = w
        self.contact = kept.state.contact
        allows = kind.allows if kind is not None else (lambda _a: True)
        move_kind = "eager" if what == "eager" else ("action" if what == "actions" else "move")
        moving = what != "actions" or allows("move")
        # enemies it might charge: an ally blocks a charge only from near the straight line to the enemy
        self.charges: list[Warrior] = []
        if moving:
            near = warrior_profile.move_allowance(game, w, move_kind) + self.contact + 0.05
            self.charges = [e for e in kept.foes if w.gap(e) <= near]
        # enemies it might shoot (range base to base, generously), and those of them whose sight lines allies
        # may cross (a Mage's shots ignore cover; a Boomstick's do not)
        self.shots: list[Warrior] = []
        self.lines: list[Warrior] = []
        if what == "actions":
            reach = warrior_profile.shooting_range(game, w) if allows("shoot") else 0.0
            boom = float(c.boomstick.range) if allows("boomstick") and w.has("Boomstick") \
                and not w.boomstick_used else 0.0
            mage = warrior_profile.sees_everything(game, w)
            most = max(reach, boom)
            if most > 0:
                for e in kept.foes:
                    gap = w.gap(e)
                    if gap <= most + 0.05:
                        self.shots.append(e)
                        if (not mage and gap <= reach + 0.05) or gap <= boom + 0.05:
                            self.lines.append(e)
        self.healer = what == "actions" and w.has("Healer")

    def touches(self, x: float, y: float, r: float) -> bool:
        w, contact = self.w, self.contact + 0.05
        if self.healer and math.hypot(x - w.x, y - w.y) - r - w.radius <= contact:
            return True
        for e in self.shots:
            if math.hypot(x - e.x, y - e.y) - r - e.radius <= contact:
                return True
        seg = measuring._segment_gap
        return any(seg(w.x, w.y, e.x, e.y, x, y) < r + w.radius + 0.05 for e in self.charges) \
            or any(seg(w.x, w.y, e.x, e.y, x, y) < r + e.radius + 0.05 for e in self.lines)


def _fight_options(game: Game, w: Warrior, touching: list[Warrior]) -> list[Option]:
    """A fight with each enemy in base contact (``touching``: :func:`measuring.contacts`) not fought this step."""
    state = game.state
    return [Option(f"{w.id}|fight|{e.id}", f"{_label(w)}: fight {e.name} (in base contact)",
                   data={"actor": w.id, "action": "fight", "target": e.id})
            for e in touching if melee.pair_key(w, e) not in state.fought]


def move_options(game: Game, w: Warrior, kind: str, prefix: str) -> list[Option]:
    """Charges, advances, moves to a shrine, falling back, and a move to any point.

    Only charges are measured here (a charge must reach); the other moves go as far as
    the way allows when chosen.
    """
    state = game.state
    allowance = warrior_profile.move_allowance(game, w, kind)
    fly = warrior_profile.flies(w)
    out: list[Option] = []
    label = _label(w)

    def data(action: str, **more: Any) -> dict[str, Any]:
        return {"actor": w.id, "action": action, "move": kind, "allowance": allowance, **more}

    # each gap once: (gap, id, enemy), nearest first; base contact is a gap of at most state.contact
    gaps = sorted((w.gap(e), e.id, e) for e in state.enemies(w))
    contact = state.contact
    for gap, _, e in gaps:
        if gap <= contact or gap > allowance + contact:
            continue
        if measuring.charge_point(state, w, e, allowance, fly=fly) is not None:
            out.append(Option(f"{w.id}|{prefix}charge|{e.id}", f"{label}: charge {e.name} ({gap:.1f}\")",
                              data=data("charge", target=e.id, distance=round(gap, 2))))
    free = [(gap, e) for gap, _, e in gaps if gap > contact]
    if free and free[0][0] > 0.4:
        gap, nearest = free[0]
        out.append(Option(f"{w.id}|{prefix}advance|{nearest.id}",
                          f"{label}: advance toward {nearest.name} ({gap:.1f}\" away)",
                          data=data("advance", target=nearest.id, distance=round(gap, 2))))
    reach = game.ruleset.content.table.shrine_reach
    far_shrines = [(g, s.id, s) for s in state.shrines if (g := measuring.point_gap(w, s.x, s.y)) > reach]
    if far_shrines:
        gap, _, s = min(far_shrines, key=lambda row: (row[0], row[1]))
        out.append(Option(f"{w.id}|{prefix}shrine|{s.id}",
                          f"{label}: head for shrine {s.id} ({gap:.1f}\")",
                          data=data("shrine", shrine=s.id, distance=round(gap, 2))))
    home_y = w.radius if state.sides[w.side].edge == "south" else state.depth - w.radius
    if w.status == READY and abs(w.y - home_y) > 0.5:
        out.append(Option(f"{w.id}|{prefix}back", f"{label}: fall back toward its own edge", data=data("back")))
    out.append(Option(f"{w.id}|{prefix}point", f"{label}: move to a point you give (up to {allowance:g}\")",
                      data=data("point")))
    return out


def _action_options(game: Game, w: Warrior, kind: Any, touching: list[Warrior]) -> list[Option]:
    state = game.state
    c = game.ruleset.content
    allows = kind.allows if kind is not None else (lambda _a: True)
    label = _label(w)
    out: list[Option] = []
    engaged = bool(touching)
    if allows("shoot") and not engaged:
        for t, dist, cover in targets(game, w, warrior_profile.shooting_range(game, w)):
            out.append(Option(f"{w.id}|shoot|{t.id}", f"{label}: shoot {t.name} ({dist:.1f}\""
                              f"{', cover' if cover else ''}{', aimed' if w.aimed else ''})",
                              data=shot_data(game, w, t, "shoot", dist, cover)))
    if allows("boomstick") and w.has("Boomstick") and not w.boomstick_used and not engaged:
        for t, dist, cover in targets(game, w, float(c.boomstick.range), boomstick=True):
            out.append(Option(f"{w.id}|boomstick|{t.id}", f"{label}: Boomstick at {t.name} ({dist:.1f}\""
                              f"{', cover' if cover else ''})", data=shot_data(game, w, t, "boomstick", dist, cover)))
    if allows("cast") and warrior_profile.is_mage_now(w):
        out.append(Option(f"{w.id}|cast", f"{label}: cast a spell (random target and effect)",
                          data={"actor": w.id, "action": "cast"}))
    if allows("pray"):
        from skirmish_chob_noggoth.divine import can_pray

        for sid in can_pray(game, w):
            out.append(Option(f"{w.id}|pray|{sid}", f"{label}: pray at shrine {sid}",
                              data={"actor": w.id, "action": "pray", "shrine": sid}))
    if allows("heal") and w.has("Healer"):
        for a in state.allies(w):
            if measuring.in_contact(w, a, state.contact) and a.wounds < a.max_wounds:
                out.append(Option(f"{w.id}|heal|{a.id}", f"{label}: heal {a.name} ({a.wounds}/{a.max_wounds})",
                                  data={"actor": w.id, "action": "heal", "target": a.id}))
    if allows("move"):
        out.extend(move_options(game, w, "action", prefix="a"))
    can_aim = w.aimed < c.combat.max_aimed and warrior_profile.can_shoot(game, w) and not engaged
    hold = "take aim" if can_aim else "do nothing"
    out.append(Option(f"{w.id}|hold", f"{label}: {hold}", data={"actor": w.id, "action": "hold", "aim": can_aim}))
    return out


def shot_data(game: Game, w: Warrior, t: Warrior, action: str, dist: float, cover: bool) -> dict[str, Any]:
    """The numbers of a shot as plain data: dice, the score needed, the modifier, cover, Aimed tokens."""
    if action == "boomstick":
        c = game.ruleset.content.boomstick
        dice, need = c.dice, c.hit
    else:
        dice, need = warrior_profile.attack_dice(game, w), warrior_profile.hit_value(game, w, ranged=True)
        cover = cover and not warrior_profile.sees_everything(game, w)
    return {"actor": w.id, "action": action, "target": t.id, "distance": round(dist, 2), "cover": cover,
            "aimed": int(w.aimed), "dice": dice, "need": need,
            "modifier": warrior_profile.hit_modifier(game, w, t, cover=cover, aimed=w.aimed)}


def targets(game: Game, w: Warrior, reach: float, *, boomstick: bool = False) -> list[tuple[Warrior, float, bool]]:
    """Enemies it may shoot: in range (base to base), in sight, not in base contact with its allies."""
    state = game.state
    if reach <= 0:
        return []
    mage = warrior_profile.sees_everything(game, w) and not boomstick
    out = []
    allies = state.allies(w)
    for dist, _, t in sorted((w.gap(e), e.id, e) for e in state.enemies(w)):
        if dist > reach + measuring.EPS:
            continue
        if any(measuring.in_contact(t, a, state.contact) for a in allies):
            continue
        seen, cover = measuring.sight(state, w, t, mage=mage)
        if seen:
            out.append((t, dist, cover))
    return out


# -------------------------------------------------------------------------------- performing


def perform(game: Game, w: Warrior, verb: str, arg: str, what: str) -> None:
    state = game.state
    kind = "action" if verb.startswith("a") and verb[1:] in _MOVES else ("eager" if what == "eager" else "move")
    base_verb = verb[1:] if kind == "action" else verb
    if base_verb in _MOVES:
        _MOVES[base_verb](game, w, arg, kind)
    elif verb == "fight":
        melee.fight(game, w, state.warriors[arg], charged=False)
    elif verb == "shoot":
        shoot(game, w, state.warriors[arg])
    elif verb == "boomstick":
        boomstick(game, w, state.warriors[arg])
    elif verb == "cast":
        from skirmish_chob_noggoth.spells import cast

        cast(game, w.id)
    elif verb == "pray":
        from skirmish_chob_noggoth.divine import pray

        pray(game, w.id, arg)
    elif verb == "heal":
        heal(game, w, state.warriors[arg])
    elif verb == "hold":
        if what == "actions":
            take_aim(game, w)
        else:
            game.emit("hold", f"{w.name} stays where it is", rule=RULES[what], target=w.id)


def _charge(game: Game, w: Warrior, arg: str, kind: str) -> None:
    e = game.state.warriors[arg]
    point = measuring.charge_point(game.state, w, e, warrior_profile.move_allowance(game, w, kind),
                                   fly=warrior_profile.flies(w))
    if point is not None:
        move_to(game, w, *point, kind=kind)


def _aim(game: Game, w: Warrior, action: str, arg: str, kind: str) -> tuple[float, float, float, float, float]:
    """Where a straight move of ``action`` (advance, shrine, back) heads: the point, the allowance, and how far
    short of a base of what radius it stops (:func:`measuring.furthest_toward`'s arguments)."""
    state = game.state
    allowance = warrior_profile.move_allowance(game, w, kind)
    if action == "advance":
        e = state.warriors[arg]
        return e.x, e.y, allowance, 0.3, e.radius
    if action == "shrine":
        s = next(s for s in state.shrines if s.id == arg)
        return s.x, s.y, allowance, 0.1, 0.5
    home_y = w.radius if state.sides[w.side].edge == "south" else state.depth - w.radius
    return w.x, home_y, allowance, 0.0, 0.0


def _straight(game: Game, w: Warrior, action: str, arg: str, kind: str,
              aim: tuple[float, float, float, float, float] | None = None) -> tuple[float, float] | None:
    """Where that straight move ends (:func:`_aim`'s, given as ``aim`` when already worked out)."""
    x, y, allowance, stop_gap, target_radius = aim or _aim(game, w, action, arg, kind)
    return measuring.furthest_toward(game.state, w, x, y, allowance, stop_gap=stop_gap, target_radius=target_radius,
                                     fly=warrior_profile.flies(w))


def _advance(game: Game, w: Warrior, arg: str, kind: str) -> None:
    _go(game, w, _straight(game, w, "advance", arg, kind), kind)


def _shrine(game: Game, w: Warrior, arg: str, kind: str) -> None:
    _go(game, w, _straight(game, w, "shrine", arg, kind), kind)


def _back(game: Game, w: Warrior, arg: str, kind: str) -> None:
    _go(game, w, _straight(game, w, "back", arg, kind), kind)


def person_labels(game: Game, decision: Any) -> dict[int, str]:
    """Labels for a person (``Ruleset.option_labels``, screens only), by option index: an advance, a move to a
    shrine or a fall back that something stops short of where it heads says how far it gets and what stops it
    (a move is one straight line, rulings CN-1/CN-25: the option goes no further round it). Measured here, where a
    person's menu is shown, not when the options are built: the AI reads the same options and pays nothing."""
    state = game.state
    out: dict[int, str] = {}
    for i, o in enumerate(decision.options):
        data = o.data or {}
        action, actor = data.get("action"), data.get("actor")
        if action not in ("advance", "shrine", "back") or actor not in state.warriors:
            continue
        w = state.warriors[actor]
        arg, kind = str(data.get("target") or data.get("shrine") or ""), str(data.get("move", "move"))
        aim = _aim(game, w, action, arg, kind)
        x, y, allowance, stop_gap, target_radius = aim
        length = math.hypot(x - w.x, y - w.y)
        want = min(max(length - w.radius - target_radius - stop_gap if target_radius or stop_gap else length, 0.0),
                   allowance)
        point = _straight(game, w, action, arg, kind, aim)
        went = math.hypot(point[0] - w.x, point[1] - w.y) if point is not None else 0.0
        if length < 1e-6 or went >= want - 0.05:
            continue
        reach = went + 0.1  # just past the stop, along the same line
        what = measuring.what_stops(state, w, w.x + (x - w.x) * reach / length, w.y + (y - w.y) * reach / length,
                                    fly=warrior_profile.flies(w))
        by = f" by {what}" if what else ""
        out[i] = (f"{o.label} (blocked{by} at once: it would not move)" if went < 0.05 else
                  f"{o.label} (blocked{by} after {went:.1f}\")")
    return out


def _go(game: Game, w: Warrior, point: tuple[float, float] | None, kind: str) -> None:
    if point is None:
        game.emit("hold", f"{w.name} finds no way forward and stays put", rule="Moving", target=w.id)
        return
    move_to(game, w, *point, kind=kind)


def _point(game: Game, w: Warrior, arg: str, kind: str) -> None:
    allowance = warrior_profile.move_allowance(game, w, kind)
    state = game.state

    def check(g: Game, answer: dict[str, Any]) -> str | None:
        ww = g.state.warriors[w.id]
        return measuring.move_problem(g.state, ww, answer["x"], answer["y"], allowance, fly=warrior_profile.flies(ww))

    examples = [{"x": round(w.x, 2), "y": round(w.y, 2)}]
    for e in sorted(state.enemies(w), key=lambda e: w.gap(e))[:1]:
        p = measuring.furthest_toward(state, w, e.x, e.y, allowance, stop_gap=0.3, target_radius=e.radius,
                                  fly=warrior_profile.flies(w))
        if p is not None:
            examples.append({"x": round(p[0] - 0.005 * math.copysign(1, p[0] - w.x), 2),
                             "y": round(p[1] - 0.005 * math.copysign(1, p[1] - w.y), 2)})
    examples = [ex for ex in examples if check(game, ex) is None] or [{"x": w.x, "y": w.y}]
    # the bounds hold the warrior's own spot rounded either way (answers are rounded to 0.01")
    lo_x, hi_x = math.floor(w.x * 100) / 100, math.ceil(w.x * 100) / 100
    lo_y, hi_y = math.floor(w.y * 100) / 100, math.ceil(w.y * 100) / 100
    params = (Param("x", "float", min(lo_x, max(w.radius, w.x - allowance)),
                    max(hi_x, min(state.width - w.radius, w.x + allowance)), help="across the table, 0 to 36"),
              Param("y", "float", min(lo_y, max(w.radius, w.y - allowance)),
                    max(hi_y, min(state.depth - w.radius, w.y + allowance)), help="from the south edge, 0 to 24"))
    game.ask(Decision(w.side, "move-to", f"{w.name} is at ({w.x:.1f}, {w.y:.1f}): move where (up to "
                      f"{allowance:g}\")?", params=params, validator=check, examples=examples, rule="Moving",
                      context={"actor": w.id, "action": "move", "move": kind, "allowance": allowance,
                               "from": [round(w.x, 2), round(w.y, 2)]}),
             _moved_to_point, w.id, kind)


def _moved_to_point(game: Game, answer: dict[str, Any], wid: str, kind: str) -> None:
    w = game.state.warriors[wid]
    if math.hypot(answer["x"] - w.x, answer["y"] - w.y) <= measuring.STAY:
        game.emit("hold", f"{w.name} stays where it is", rule="Moving", target=w.id)
        return
    move_to(game, w, answer["x"], answer["y"], kind=kind)


_MOVES = {"charge": _charge, "advance": _advance, "shrine": _shrine, "back": _back, "point": _point}


def move_to(game: Game, w: Warrior, x: float, y: float, *, kind: str) -> None:
    """Move in a straight line, then fight every enemy it has newly touched (closest first)."""
    state = game.state
    before = {e.id for e in measuring.contacts(state, w)}
    dist = math.hypot(x - w.x, y - w.y)
    w.x, w.y = x, y
    if dist > 0:
        w.aimed = False
    rule = {"move": "Moving", "action": "Action: Move", "eager": "Set-up: Eager"}[kind]
    game.emit("move", f"{w.name} moves {dist:.1f}\" to ({x:.1f}, {y:.1f})", rule=rule, target=w.id,
              x=round(x, 2), y=round(y, 2))
    resolve_new_contacts(game, w, before)


def resolve_new_contacts(game: Game, w: Warrior, before: set[str]) -> None:
    for e in measuring.contacts(game.state, w):
        if e.id not in before and melee.standing(w, e) and measuring.in_contact(w, e, game.state.contact):
            melee.fight(game, w, e, charged=True)


# --------------------------------------------------------------------------------- attacks


def shoot(game: Game, w: Warrior, t: Warrior) -> None:
    """A ranged attack: dice by quality, hit by type, cover -1 (not for Mages), Aimed +1."""
    state = game.state
    if (t.has("Terrifying") and not warrior_profile.is_monster(w)
            and not attacks.morale_check(game, w, rule="Terrifying")):
        return
    if w.status != READY:
        return
    _seen, cover = measuring.sight(state, w, t, mage=warrior_profile.sees_everything(game, w))
    aimed = w.aimed
    w.aimed = 0
    modifier = warrior_profile.hit_modifier(game, w, t, cover=cover, aimed=aimed)
    result = attacks.attack(game, w, t, warrior_profile.attack_dice(game, w),
                            warrior_profile.hit_value(game, w, ranged=True),
                            rule="Action: Shooting", modifier=modifier,
                            every_hit_wounds=warrior_profile.every_hit_wounds(game, w),
                            why=f"{w.name} shoots {t.name}{' (aimed)' if aimed else ''}{' (cover)' if cover else ''}")
    warrior_profile.after_attack(game, w, result)


def boomstick(game: Game, w: Warrior, t: Warrior) -> None:
    """Once per game: 6 dice at 6", hitting on 4+ (cover, Accurate, Obscured and Aimed apply)."""
    c = game.ruleset.content.boomstick
    if (t.has("Terrifying") and not warrior_profile.is_monster(w)
            and not attacks.morale_check(game, w, rule="Terrifying")):
        return
    w.boomstick_used = True
    _seen, cover = measuring.sight(game.state, w, t)
    aimed = w.aimed
    w.aimed = 0
    result = attacks.attack(game, w, t, c.dice, c.hit, rule="Boomstick",
                            modifier=warrior_profile.hit_modifier(game, w, t, cover=cover, aimed=aimed),
                            every_hit_wounds=warrior_profile.every_hit_wounds(game, w),
                            why=f"{w.name} fires its Boomstick at {t.name}")
    warrior_profile.after_attack(game, w, result)


def heal(game: Game, w: Warrior, ally: Warrior) -> None:
    """Healer: an attack roll (melee value) on an ally in contact; each hit heals a wound, no saves."""
    rolls = game.rng.rolls_of(warrior_profile.attack_dice(game, w), rule="Healer", why=f"{w.name} heals {ally.name}")
    need = warrior_profile.hit_value(game, w, ranged=False)
    bonus = 1 if w.has("Accurate") else 0
    critical = game.ruleset.content.combat.critical
    hits = sum(1 for r in rolls if die_result(r, need, bonus, critical) != MISS)
    healed = min(hits, ally.max_wounds - ally.wounds)
    ally.wounds += healed
    game.emit("heal", f"{w.name} heals {ally.name} by {healed} ({ally.wounds}/{ally.max_wounds})", rule="Healer",
              target=ally.id, healed=healed)


# ----------------------------------------------------------------------------- by themselves


def berserkers_act(game: Game, player: str, what: str) -> None:
    """Berserk warriors of this side's old warband charge the closest warrior, friend or foe.

    In a round that allows only some actions (Blast 'Em!) they neither move nor fight (ruling CN-21).
    """
    state = game.state
    c = game.ruleset.content
    kind = c.round_kind(state.round_roll) if what == "actions" and state.round_roll else None
    if kind is not None and not (kind.allows("fight") or kind.allows("move")):
        return
    for w in [w for w in state.warriors.values() if w.side == player and w.status == BERSERK]:
        if w.status != BERSERK or game.result is not None:
            continue
        others = sorted(state.enemies(w), key=lambda o: (w.gap(o), o.id))
        if not others:
            continue
        target = others[0]
        if measuring.in_contact(w, target, state.contact):
            if melee.pair_key(w, target) not in state.fought:
                melee.fight(game, w, target, charged=False)
            continue
        kind = "action" if what == "actions" else "move"
        allowance = warrior_profile.move_allowance(game, w, kind)
        fly = warrior_profile.flies(w)
        point = measuring.charge_point(state, w, target, allowance, fly=fly) or measuring.furthest_toward(
            state, w, target.x, target.y, allowance, target_radius=target.radius, stop_gap=0.3, fly=fly)
        if point is not None:
            game.emit("berserk", f"{w.name} rages toward {target.name}", rule="Last Wound: Berserk", target=w.id)
            move_to(game, w, *point, kind=kind)


def drop_troops(game: Game, player: str) -> None:
    """Drop Troops of this side arrive: a 1 kills them, otherwise their player places them."""
    state = game.state
    waiting = [w for w in state.of_side(player, statuses=(UNDEPLOYED,))]
    if not waiting or game.result is not None:
        return
    w = waiting[0]
    game.call(drop_troops, player)
    roll = game.rng.roll(6, rule="Drop Troops", why=f"{w.name} drops in (dies on a 1)")
    if roll == 1:
        w.status = READY
        attacks.kill(game, w, "Drop Troops", "is killed dropping in")
        return
    game.ask(placement_decision(game, w, "Drop Troops", anywhere=True), placed, w.id, "Drop Troops")


def placement_decision(game: Game, w: Warrior, rule: str, *, anywhere: bool = False,
                       strip: tuple[float, float] | None = None, away_from_enemies: bool = False) -> Decision:
    """Where to put ``w`` (x, y): on the table, on nothing, touching no warrior (or no enemy)."""
    state = game.state

    def check(g: Game, answer: dict[str, Any]) -> str | None:
        return placement_problem(g.state, g.state.warriors[w.id], answer["x"], answer["y"], strip=strip,
                                 enemies_only=away_from_enemies)

    low_y, high_y = strip if strip else (w.radius, state.depth - w.radius)
    examples = free_spots(state, w, strip=strip, enemies_only=away_from_enemies, count=3)
    return Decision(w.side, "place", f"place {w.name} (x 0-{state.width:g}, y {low_y:g}-{high_y:g})",
                    params=(Param("x", "float", w.radius, state.width - w.radius),
                            Param("y", "float", low_y, high_y)),
                    validator=check, examples=examples or [{"x": w.radius, "y": low_y}], rule=rule,
                    context={"actor": w.id, "action": "place", "rule": rule, "strip": [low_y, high_y],
                             "away_from_enemies": away_from_enemies})


def placement_problem(state: ChobState, w: Warrior, x: float, y: float, *, strip: tuple[float, float] | None = None,
                      enemies_only: bool = False) -> str | None:
    if strip is not None and not strip[0] - 1e-6 <= y <= strip[1] + 1e-6:
        return f"y must be between {strip[0]:g} and {strip[1]:g}"
    if not (w.radius - 1e-6 <= x <= state.width - w.radius + 1e-6 and w.radius - 1e-6 <= y <= state.depth - w.radius
            + 1e-6):
        return "that is off the table"
    if measuring.table_of(state).terrain_overlapping(measuring.base(w, x, y), {"blocking"}):
        return "that is inside impassable terrain"
    for o in state.on_table():
        if o.id == w.id:
            continue
        gap = math.hypot(o.x - x, o.y - y) - o.radius - w.radius
        if gap < -1e-6:
            return f"that is on top of {o.name}"
        if gap <= state.contact and (not enemies_only or o.side != w.side):
            return f"that touches {o.name}"
    return None


def free_spots(state: ChobState, w: Warrior, *, strip: tuple[float, float] | None = None, enemies_only: bool = False,
               count: int = 3) -> list[dict[str, float]]:
    """A few legal spots for ``w``, spread out (used as examples and for automatic placing)."""
    low_y, high_y = strip if strip else (w.radius, state.depth - w.radius)
    found = []
    ys = [low_y + (high_y - low_y) * f for f in (0.5, 0.0, 1.0, 0.25, 0.75)]
    for y in ys:
        for i in range(35):
            x = w.radius + (state.width - 2 * w.radius) * ((i * 7) % 35) / 34
            if placement_problem(state, w, x, y, strip=strip, enemies_only=enemies_only) is None:
                found.append({"x": round(x, 2), "y": round(y, 2)})
                if len(found) >= count:
                    return found
    return found


def placed(game: Game, answer: dict[str, Any], wid: str, rule: str) -> None:
    w = game.state.warriors[wid]
    w.x, w.y = answer["x"], answer["y"]
    w.status = READY
    game.emit("place", f"{w.name} is placed at ({w.x:.1f}, {w.y:.1f})", rule=rule, target=w.id,
              x=round(w.x, 2), y=round(w.y, 2))
