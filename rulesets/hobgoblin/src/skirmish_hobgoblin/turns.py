"""The six phases of a battle round: Initiative, Magic, Shooting, Movement, Combat and Doom.

Each phase is played out by the holder of the First Player token before the other player, each
unit acting at most once per phase in an order its owner picks. A phase body schedules steps;
decisions stop the engine.
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Any

from skirmish import Decision, Keyword, LazyDecision, Option
from skirmish_hobgoblin import attacks, expansions, fortune, keywords, measuring, moves, stats
from skirmish_hobgoblin.state import READY, REMOVED, RESERVE, Activation, Unit
from skirmish_hobgoblin.tables import kp


def _caps(game: Game) -> tuple[int, int]:
    """Outmanoeuvred's dice caps: (side edge or rear corner, rear edge)."""
    c = game.ruleset.content
    return kp(c, "outmanoeuvred", "side_cap"), kp(c, "outmanoeuvred", "rear_cap")

if TYPE_CHECKING:
    from skirmish import Game


def _end_scope(game: Game, scope: str) -> None:
    from skirmish import end_scope

    end_scope(game, scope)


def hook(game: Game, name: str, **kwargs: Any) -> None:
    """Call one of the ruleset's own hooks (expansions, house rules: :mod:`.expansions`)."""
    expansions.call(game, name, **kwargs)


# ------------------------------------------------------------------------------ Initiative


def initiative_phase(game: Game) -> None:
    from skirmish_hobgoblin import surrender

    game.call(fortune.any_time, "end of the Initiative Phase")  # "any time" cards (ruling B-8)
    game.call(surrender.offer)  # after the initiative is settled (Game End: surrender)
    state = game.state
    r = game.ruleset.rules.game
    for p in state.order():
        if expansions.solo(game, p):
            continue  # He never draws Fortune Cards
        extra = sum(1 for u in state.of(p) if u.has("Prepared Mind"))
        fortune.draw(game, p, r.draw_per_round + extra, rule="Initiative: draw")
    holder = state.first
    roll = game.rng.roll(6, rule="Press the Initiative", why=f"{holder} presses the initiative (needs above "
                                                              f"{game.round})")
    game.call(fortune.initiative_roll)
    if roll > game.round:
        other = state.enemy_of(holder)
        if expansions.solo(game, holder):
            game.emit("initiative", f"{holder} keeps the First Player token (He always takes it)",
                      rule="Solo: Initiative", player=holder)
            return
        game.ask(Decision(holder, "initiative", f"{holder} rolled {roll}: keep the First Player token or pass it?",
                          options=[Option(holder, "keep the First Player token",
                                          data={"action": "keep", "player": holder}),
                                   Option(other, f"pass it to {other}", data={"action": "pass", "player": other})],
                          rule="Press the Initiative",
                          context={"phase": "Initiative", "action": "first-player", "roll": roll}),
                 _initiative_choice)
    else:
        state.first = state.enemy_of(holder)
        game.emit("initiative", f"{holder} rolled {roll} (not above {game.round}) and passes the First Player "
                                f"token to {state.first}", rule="Press the Initiative", player=state.first)


def _initiative_choice(game: Game, answer: str) -> None:
    game.state.first = answer
    game.emit("initiative", f"{answer} holds the First Player token", rule="Press the Initiative", player=answer)


# ------------------------------------------------------------------------------ Magic


def mercury_income(game: Game, player: str) -> int:
    state = game.state
    r = game.ruleset.rules
    side = state.sides[player]
    wizards = [u for u in state.of(player) if u.has("Wizard")]
    arcane = 0
    if wizards:
        from skirmish_hobgoblin.state import table_of

        table = table_of(state)
        reach = kp(game.ruleset.content, "arcane", "range")
        arcane = kp(game.ruleset.content, "arcane", "mercury") * sum(
            1 for u in wizards if table.terrain_within(u.rect, reach, ("arcane",)))
    roots = sum(1 for u in state.of(player) if u.has("Mystic Roots"))
    return side.points_limit // r.game.mercury_per_points + len(wizards) * r.game.mercury_per_wizard + arcane + roots


def magic_phase(game: Game) -> None:
    """Mercury income for both players, then casting (spells arrive with the magic rules, through the
    ``hobgoblin_cast_spells`` hook)."""
    state = game.state
    for p in state.order():
        if expansions.solo(game, p):
            continue
        gain = mercury_income(game, p)
        state.sides[p].mercury += gain
        game.emit("mercury", f"{p} gains {gain} Mercury ({state.sides[p].mercury} in all)", rule="Mercury Tokens",
                  player=p, change=gain)
    for p in reversed(state.order()):
        game.call(_cast, p)
    fortune.phase_start(game, "Magic")


def _cast(game: Game, player: str) -> None:
    hook(game, "hobgoblin_cast_spells", player=player)


# ------------------------------------------------------------------------------ Shooting


def shooting_targets(game: Game, unit: Unit) -> list[tuple[Unit, bool]]:
    """Enemies ``unit`` may shoot now, with cover: unengaged (unless Shoot into Combat), in range and sight."""
    state = game.state
    rng = stats.shot_range(game, unit)
    limit = state.notes.get("sight-limit", 0)
    out = []
    spirits = [a for a in state.in_play() if a.has("Anguished Spirits")]
    into_combat = unit.has("Shoot into Combat")
    for e in state.enemies(unit):
        if measuring.range_to(unit, e) > rng + 1e-9:
            continue
        if not into_combat and measuring.engaged(state, e):
            continue
        if spirits and any(a.id != e.id and measuring.gap(a, e) <= 12 for a in spirits):
            continue
        if not measuring.has_los(state, unit, e, limit=limit):
            continue
        out.append((e, measuring.in_cover(state, unit, e)))
    return out


def can_shoot(game: Game, unit: Unit) -> bool:
    return unit.in_play and unit.has("Ranged") and not measuring.engaged(game.state, unit)


def shooting_phase(game: Game) -> None:
    game.state.activated = []
    game.call(_shoot_turn, 0)
    fortune.phase_start(game, "Shooting")


def _shoot_turn(game: Game, i: int) -> None:
    state = game.state
    if i >= len(state.order()):  # every player (team play: 3 to 6)
        return
    player = state.order()[i]
    him = expansions.solo(game, player)
    if him is not None:  # the solo opponent shoots by its own rules
        game.call(_shoot_turn, i + 1)
        him.shooting(game, player)
        return
    opts = []
    for u in state.of(player):
        if u.id in state.activated or not can_shoot(game, u):
            continue
        for e, cover in shooting_targets(game, u):
            need = attacks.target_number(game, u, e, attacks.SHOOTING, cover=cover)
            dice = stats.shooting_dice(u)
            rolled = attacks.counted(dice, "die", "dice")
            cap = game.ruleset.rules.attack.shooting_cap
            capped = (f"; {e.name} is at the {cap}-Doom shooting cap: no Doom" if e.doom >= cap else
                      f"; at most {cap - e.doom} Doom (shooting cap {cap})" if cap - e.doom < dice else "") \
                if not e.has("Skirmishers") else ""
            opts.append(Option(f"shoot {u.id} {e.id}", f"{u.name} shoots {e.name} ({rolled}, {need}+"
                                                        f"{', cover' if cover else ''}{capped})",
                               data={"action": "shoot", "actor": u.id, "actor_name": u.name, "target": e.id,
                                     "dice": dice, "need": need, "cover": cover}))
    if not opts:
        game.call(_shoot_turn, i + 1)
        return
    opts.append(Option("done", "no more shooting", data={"action": "done"}))
    game.ask(Decision(player, "shoot", f"{player}: Shooting Phase - which unit shoots at what?", options=opts,
                      rule="Shooting Phase", context={"phase": "Shooting", "action": "shoot"}), _shoot_answer, i)


def _shoot_answer(game: Game, answer: str, i: int) -> None:
    state = game.state
    if answer == "done":
        game.call(_shoot_turn, i + 1)
        return
    _, uid, tid = answer.split()
    game.call(_shoot_turn, i)  # runs after the attack, which shoot() schedules on top
    shoot(game, state.units[uid], state.units[tid])


def shoot(game: Game, unit: Unit, target: Unit) -> None:
    """Gain Distracted (not with Quick Fire), then attack with half Strikes."""
    state = game.state
    state.activated.append(unit.id)
    if not unit.has("Quick Fire"):
        stats.distract(game, unit, "Shooting")
    cover = measuring.in_cover(state, unit, target)
    game.emit("shoot", f"{unit.name} shoots at {target.name}", rule="Shooting Phase", unit=unit.id, target=target.id)
    engaged = measuring.engaged(state, target)
    spread = [target.id] + [e.id for e in engaged] if engaged else []  # Shoot into Combat
    attacks.attack(game, unit, target, stats.shooting_dice(unit), attacks.SHOOTING, "Shooting", cover=cover,
                   spread=spread)


# ------------------------------------------------------------------------------ Movement


def movement_phase(game: Game) -> None:
    game.state.activated = []
    game.call(_move_end_of_phase)
    game.call(_move_turn, 0)
    _reinforcements(game)
    fortune.phase_start(game, "Movement")


def _move_end_of_phase(game: Game) -> None:
    keywords.movement_end(game)
    fortune.move_end(game)


def movable(game: Game, player: str) -> list[Unit]:
    state = game.state
    return [u for u in state.of(player) if u.id not in state.activated and not u.has("Immobile")
            and stats.speed(u) > 0]


def _next_mover(game: Game, i: int) -> None:
    """The player ``i`` has finished moving: their Sneaky units may arrive, then the next player moves."""
    game.call(_move_turn, i + 1)
    player = game.state.order()[i]
    for u in reversed([u for u in game.state.units.values() if u.side == player and u.status == RESERVE
                       and u.has("Sneaky") and not u.has("Reinforcements")]):
        game.call(_sneaky_roll, u.id)


def _sneaky_roll(game: Game, uid: str) -> None:
    """Sneaky: a D6 above the round number places the unit anywhere more than 8" from every enemy unit."""
    from skirmish_hobgoblin import deployment

    unit = game.state.units[uid]
    roll = game.rng.roll(6, rule="Sneaky", why=f"{unit.name} tries to arrive (needs above {game.round})")
    if roll <= game.round:
        game.emit("note", f"{unit.name} does not arrive yet", rule="Sneaky", unit=uid)
        return
    away = float(game.ruleset.content.keywords["sneaky"].params.get("enemy_distance", 8))
    deployment.ask_anywhere(game, unit, away, "Sneaky")


def _reinforcements(game: Game) -> None:
    """Reinforcements: at the start of the Movement Phase a unit held back may deploy fully within its zone,
    Distracted (it may then activate as usual: ruling A53)."""
    from skirmish_hobgoblin import deployment

    hook(game, "hobgoblin_movement_start")
    for p in reversed(game.state.order()):
        for u in [u for u in game.state.units.values() if u.side == p and u.status == RESERVE
                  and u.has("Reinforcements")]:
            game.call(deployment.offer_reinforcement, u.id)


def _move_turn(game: Game, i: int) -> None:
    state = game.state
    if i >= len(state.order()):  # every player (team play: 3 to 6)
        return
    player = state.order()[i]
    units = movable(game, player)
    if not units:
        _next_mover(game, i)
        return
    him = expansions.solo(game, player)
    if him is not None:
        game.call(_move_turn, i)
        him.movement(game, player, units)
        return
    opts = [Option(f"activate {u.id}", f"move {u.name} ({stats.speed(u)} MP)",
                   data={"action": "activate", "actor": u.id})
            for u in units]
    opts.append(Option("done", "no more movement (the rest hold)", data={"action": "done"}))
    game.ask(Decision(player, "activate", f"{player}: Movement Phase - which unit moves next?", options=opts,
                      rule="Movement Phase", context={"phase": "Movement", "action": "activate"}), _move_pick, i)


def _move_pick(game: Game, answer: str, i: int) -> None:
    if answer == "done":
        game.state.activated.extend(u.id for u in movable(game, game.state.order()[i]))
        _next_mover(game, i)
        return
    game.call(_move_turn, i)
    activate_now(game, game.state.units[answer.split()[1]])


def activate_now(game: Game, unit: Unit) -> None:
    """Start ``unit``'s movement activation (its steps run next)."""
    state = game.state
    state.activated.append(unit.id)
    loss = state.notes.pop(f"mp-loss:{unit.id}", 0)  # Chaos of War Tunnels: 6 MP fewer after coming out
    state.activation = Activation(unit.id, float(max(0, stats.speed(unit) - loss)), (unit.x, unit.y, unit.facing),
                                  [e.id for e in measuring.engaged(state, unit)])
    game.emit("activate", f"{unit.name} activates with {stats.speed(unit) - loss if loss else stats.speed(unit)} MP",
              rule="Movement Phase", unit=unit.id)
    game.call(end_activation, unit.id)
    hook(game, "hobgoblin_after_activation", unit=unit)  # (Chaos of War Frozen Lake: a slide after the moves)
    game.call(manoeuvre_prompt, unit.id)
    hook(game, "hobgoblin_activation_start", unit=unit)  # (Cursed Artefacts: Abyssal Piping)
    keywords.movement_start(game, unit)
    fortune.move_start(game, unit)


def move_options(game: Game, unit: Unit) -> list[Any]:
    """The computed moves and the manoeuvres the unit can make now, as options."""
    return move_choices(game, unit)[0]


def move_choices(game: Game, unit: Unit) -> tuple[list[Any], dict[str, str]]:
    """The options of :func:`move_options` and the manoeuvres not offered with why (``wheel left`` -> why not).

    The options come in families (:func:`_move_family`): "end", an engage family per enemy nearest first, the
    moves towards ("near": the two nearest enemies not touched, the nearest marker, facing the nearest enemy),
    and one family per manoeuvre; the movement question builds one family at a time when it can."""
    state = game.state
    act = state.activation
    assert act is not None
    opts = [_end_option(act.mp, unit)]
    missing: dict[str, str] = {}
    if act.mp < 1:
        return opts, {moves.spoken(k): f"{unit.name} has {act.mp:g} MP left" for k in moves.KINDS}
    enemies = _nearest_enemies(state, unit)
    engaged_ids = {e.id for e in measuring.engaged(state, unit)}
    distracted = unit.has(stats.DISTRACTED) and not unit.has("Undistractable")
    for e in enemies:
        opts.extend(_engage_family(game, unit, e, engaged_ids, distracted, missing))
    if enemies and not any(o.value.startswith("engage ") for o in opts):
        missing["engage"] = (f"{unit.name} is Distracted: it may not touch an enemy it was not touching"
                             if distracted else f"no enemy can be reached with {act.mp:g} MP")
    opts.extend(_near_family(game, unit, enemies, engaged_ids))
    for kind in moves.KINDS:
        opts.extend(_manoeuvre_family(game, unit, kind, missing))
    return opts, missing


def _end_option(mp: float, unit: Unit) -> Option:
    return Option("end", f"end the activation ({mp:g} MP unused)", data={"action": "end", "actor": unit.id})


def _nearest_enemies(state: Any, unit: Unit) -> list[Unit]:
    return sorted(state.enemies(unit), key=lambda e: measuring.gap(unit, e))


def _engage_family(game: Game, unit: Unit, e: Unit, engaged_ids: set[str], distracted: bool,
                   missing: dict[str, str]) -> list[Option]:
    """The ways ``unit`` can engage ``e`` (an entry in ``missing`` when there is none)."""
    act = game.state.activation
    if e.id in engaged_ids or (gap := measuring.gap(unit, e)) > act.mp + 0.01:
        missing[f"engage {e.name}"] = (f"{unit.name} is already touching {e.name}" if e.id in engaged_ids else
                                       f"{e.name} is {gap:.1f}\" away, beyond {act.mp:g} MP")
        return []
    plans = moves.plan_engage(game, unit, e, act.mp)
    if not plans:
        missing[f"engage {e.name}"] = (f"{unit.name} is Distracted: it may not touch an enemy it was not "
                                       "touching" if distracted else f"no legal way into contact with {e.name} "
                                       f"with {act.mp:g} MP")
    out = []
    for plan in plans:
        risk = (", through Rough or Perilous terrain: Doom, or Distracted, which stops the engage"
                if plan["hazard"] else "")
        out.append(Option(f"engage {e.id} {plan['edge']}",
                          f"engage {e.name} ({plan['edge']}{', flush' if plan['flush'] else ''}, "
                          f"{plan['cost']:g} MP{risk})",
                          data={"action": "engage", "actor": unit.id, "target": e.id, "edge": plan["edge"],
                                "flush": plan["flush"], "cost": plan["cost"], "hazard": plan["hazard"],
                                "advance": sum(a for k, a in plan["steps"] if k == "advance")}))
    return out


def _near_family(game: Game, unit: Unit, enemies: list[Unit], engaged_ids: set[str]) -> list[Option]:
    """Moves towards the two nearest enemies not touched and the nearest marker, and facing the nearest enemy."""
    state = game.state
    failed = set(state.activation.failed)
    out = []
    for e in [e for e in enemies if e.id not in engaged_ids][:2]:
        if f"towards {e.id}" not in failed:
            out.append(Option(f"towards {e.id}", f"move towards {e.name}", data={"action": "towards", "actor": unit.id,
                              "target": e.id}))
    markers = sorted((m for m in state.markers if not m.removed),
                     key=lambda m: (m.x - unit.x) ** 2 + (m.y - unit.y) ** 2)
    if markers and f"towards {markers[0].id}" not in failed:
        m = markers[0]
        number = "".join(c for c in m.id if c.isdigit()) or m.id
        out.append(Option(f"towards {m.id}", f"move towards the {m.kind} marker {number}",
                          data={"action": "towards-marker",
                          "actor": unit.id, "target": m.id}))
    if enemies and f"face {enemies[0].id}" not in failed and not moves.facing_already(unit, enemies[0]):
        e = enemies[0]
        reform = moves.cost_of(game, unit, "reform", 0)
        out.append(Option(f"face {e.id}", f"face {e.name} (a wheel if it fits, else a reform: {reform} MP and "
                                          "Distracted)", data={"action": "face", "actor": unit.id, "target": e.id}))
    return out


def _manoeuvre_family(game: Game, unit: Unit, kind: str, missing: dict[str, str]) -> list[Option]:
    """The manoeuvre ``kind`` when ``unit`` may make it now (else why not, in ``missing``)."""
    act = game.state.activation
    said = moves.spoken(kind)
    if kind in act.failed:
        missing[said] = f"{said} was cancelled (0) earlier in this activation"
        return []
    if kind == "reform":
        cost = moves.cost_of(game, unit, "reform", 0)
        if act.mp < cost:
            missing[said] = f"a reform costs {cost} MP and {unit.name} has {act.mp:g}"
            return []
    elif why := moves.why_not(game, unit, kind):
        missing[said] = why
        return []
    return [Option(kind, manoeuvre_label(game, unit, kind), moves.HELP[kind], data={"action": "manoeuvre",
                   "actor": unit.id, "manoeuvre": kind})]


def _move_family(game: Game, family: str, uid: str, whole: list[Any], stopped: Any = None) -> list[Option]:
    """One family of the movement question (see :func:`move_choices`)."""
    state = game.state
    unit = state.units[uid]
    if family in moves.KINDS:
        return _manoeuvre_family(game, unit, family, {})
    engaged_ids = {e.id for e in measuring.engaged(state, unit)}
    if family == "near":
        return _near_family(game, unit, _nearest_enemies(state, unit), engaged_ids)
    distracted = unit.has(stats.DISTRACTED) and not unit.has("Undistractable")
    return _engage_family(game, unit, state.units[family.split()[1]], engaged_ids, distracted, {})


def _move_family_of(value: Any) -> str | None:
    """The family of a movement answer: ``engage u3 front`` -> ``engage u3``, ``towards``/``face`` -> ``near``."""
    if not isinstance(value, str):
        return None
    if value in moves.KINDS:
        return value
    words = value.split()
    if not words:
        return None
    if words[0] == "engage" and len(words) == 3:
        return f"engage {words[1]}"
    return "near" if words[0] in ("towards", "face") and len(words) == 2 else None


def _move_whole(game: Game, uid: str, whole: list[Any], stopped: Any = None) -> tuple[list[Any], dict[str, str]]:
    """:func:`move_choices` once per question (the whole list, the prompt and the context share it)."""
    if not whole:
        whole.append(move_choices(game, game.state.units[uid]))
    return whole[0]  # type: ignore[no-any-return]


def _move_options_all(game: Game, uid: str, whole: list[Any], stopped: Any = None) -> list[Option]:
    return _move_whole(game, uid, whole)[0]  # type: ignore[no-any-return]


def _move_prompt(game: Game, uid: str, whole: list[Any], stopped: Any = None) -> str:
    unit = game.state.units[uid]
    opts, missing = _move_whole(game, uid, whole)
    return (f"{unit.name}: {game.state.activation.mp:g} MP left - what next? (e.g. advance 3.5, wheel left 2, end)"
            + engage_line(game, unit, opts, missing))


def _move_context(game: Game, uid: str, whole: list[Any], stopped: dict[str, Any] | None = None) -> dict[str, Any]:
    out = {"phase": "Movement", "actor": uid, "action": "move", "mp": game.state.activation.mp,
           "not_offered": _move_whole(game, uid, whole)[1], "paths": True}  # a whole path is an answer too
    if stopped is not None:
        out["path"] = stopped  # how far the path answered last went (see MoveQuestion)
    return out


def person_labels(game: Game, decision: Any) -> dict[int, str]:
    """Labels of the movement question for a person (``Ruleset.option_labels``, screens only), by option index: a
    manoeuvre that the rules refuse at any distance says so and why (its form could only be cancelled), and so
    does a move towards or a facing that no manoeuvre the unit can afford would make. Measured here, where a
    person's menu is shown, not when the question is built: the AI reads the same options and pays nothing."""
    state = game.state
    act = state.activation
    if not isinstance(decision, MoveQuestion) or act is None or act.unit not in state.units:
        return {}
    unit = state.units[act.unit]
    out: dict[int, str] = {}
    for i, o in enumerate(decision.options):
        data = o.data or {}
        action = data.get("action")
        if action == "manoeuvre":
            kind = data["manoeuvre"]
            why = moves.cannot_at_all(game, unit, kind)
            if why:  # short enough for a menu line: "wheel left (cannot now: would pass through Guards)"
                why = why.removeprefix(f"{unit.name} ").removesuffix(" (table edges are impassable)")
                out[i] = f"{moves.spoken(kind)} (cannot now: {why})"
        elif action in ("towards", "towards-marker", "face") and not plan_for(game, unit, o.value):
            out[i] = f"{o.label.split(' (')[0]} (cannot now: nothing it can afford gets there)"
    return out


def manoeuvre_label(game: Game, unit: Unit, kind: str) -> str:
    """``wheel left N (inches the front corner travels, 1" per MP)``: what to type and what it costs."""
    if kind == "reform":
        return f"reform N (degrees, + turns left, - right; {moves.cost_of(game, unit, kind, 0)} MP)"
    what = {"advance": "inches forwards", "retreat": "inches backwards", "fly": "inches"}.get(
        kind, "inches the front corner travels" if kind.startswith("wheel") else "inches sideways")
    return f"{moves.spoken(kind)} N ({what}, {moves.rate(game, kind):g}\" per MP)"


#: the most steps a path answer may hold (a unit makes at most 12 manoeuvres in an activation)
PATH_MOST = 12


def path_error(value: Any) -> str | None:
    """Why ``value`` is not a well-formed path answer (``None`` when it is): ``{"path": [...]}``, each step a
    manoeuvre and its amount as typed (``"wheel-left 2.5"``, ``"reform -90"``) or a computed move's option value
    (``"towards u4"``, ``"engage u4 front"``: first only, and only ``"end"`` after it), ``"end"`` last if at all.
    Whether each step is legal is checked when it comes (:func:`_path_step`)."""
    if not isinstance(value, dict) or set(value) != {"path"} or not isinstance(value["path"], list):
        return 'a path answer is {"path": ["advance 3", "wheel-left 2", ..., "end"]}'
    steps = value["path"]
    if not steps or len(steps) > PATH_MOST + 1:
        return f"a path holds 1 to {PATH_MOST} manoeuvres (and 'end')"
    for i, step in enumerate(steps):
        if not isinstance(step, str):
            return f"path step {i + 1} is not text: {step!r}"
        words = step.split()
        if step == "end":
            if i != len(steps) - 1:
                return "'end' may only close a path"
        elif words and words[0] in moves.KINDS:
            if len(words) != 2:
                return f"path step {i + 1} ({step!r}) needs one amount, e.g. '{words[0]} 2.5'"
            try:
                amount = float(words[1])
            except ValueError:
                return f"path step {i + 1} ({step!r}): {words[1]!r} is not a number"
            if not math.isfinite(amount) or (words[0] != "reform" and amount <= 0):
                return f"path step {i + 1} ({step!r}) needs an amount above 0"
        elif _move_family_of(step) is not None and words[0] in ("towards", "face", "engage"):
            if i != 0 or len(steps) > 2 or steps[-1] != "end" and len(steps) == 2:
                return f"a computed move ({step!r}) may only be a path's first step, before 'end'"
        else:
            return f"path step {i + 1} ({step!r}) is neither a manoeuvre with its amount nor a computed move"
    return None


class MoveQuestion(LazyDecision):
    """The movement question: its options (one manoeuvre or computed move at a time; a manoeuvre's amount is
    asked next), and also a whole path as one answer (:func:`path_error`), made step by step with each step
    checked when it comes. A person answers step by step (or gives a path); the AI gives the path it steers."""

    __slots__ = ()

    @property
    def path_stop(self) -> dict[str, Any] | None:
        """How far the path answered last went when it stopped (the context's ``path``; None: no path stopped),
        read without making the context."""
        return self._args[2]  # type: ignore[no-any-return]

    def offers(self, value: Any) -> bool:
        """Whether the option ``value`` is on offer, building only its family (a refusal's text would read the
        prompt, which lists the whole question)."""
        if self.built or not isinstance(value, str):
            return any(o.value == value for o in self.options)
        if any(o.value == value for o in self.fixed):
            return True
        family = _move_family_of(value)
        return family is not None and any(o.value == value for o in self.options_of(family))

    def match(self, game: Game | None, value: Any) -> tuple[Option | None, Any, str | None]:
        if isinstance(value, dict):  # plain data as a save holds it (lists, not tuples)
            value = {str(k): list(v) if isinstance(v, tuple) else v for k, v in value.items()}
            return None, value, path_error(value)
        return super().match(game, value)


def manoeuvre_prompt(game: Game, uid: str, stopped: dict[str, Any] | None = None) -> None:
    state = game.state
    unit = state.units[uid]
    act = state.activation
    if act is None or act.unit != uid or not unit.in_play:
        return
    if act.mp < 1 or act.manoeuvres >= 12:
        return
    # one family at a time (see move_choices): a replay checks an answer through its family alone, and whether
    # anything but "end" is offered is found from the cheapest families first
    families = [f"engage {e.id}" for e in _nearest_enemies(state, unit)] + ["near", *moves.KINDS]
    decision = MoveQuestion(game, unit.side, "move", _move_prompt, families=families, build=_move_family,
                            build_all=_move_options_all, family_of=_move_family_of,
                            fixed=(_end_option(act.mp, unit),), fixed_first=True, args=(uid, [], stopped),
                            rule="Movement", context=_move_context)
    cheap_first = families[-len(moves.KINDS) - 1:] + families[:-len(moves.KINDS) - 1]
    if not any(decision.options_of(f) for f in cheap_first):
        return
    game.ask(decision, _manoeuvre_answer, uid)


def engage_line(game: Game, unit: Unit, opts: list[Any], missing: dict[str, str], most: int = 3) -> str:
    """A line under the movement question: the enemies ``unit`` can engage now, and why the nearest others cannot
    (``help engage`` says how engaging works)."""
    state = game.state
    can = list(dict.fromkeys(state.units[o.data["target"]].name for o in opts
                             if (o.data or {}).get("action") == "engage"))
    cannot = [(key[len("engage "):], why) for key, why in missing.items() if key.startswith("engage ")]
    if not can and not cannot:
        return ""
    far = [why for _, why in cannot if why.endswith(" MP") and " away, beyond " in why]
    if not can and cannot and len(far) == len(cannot):  # all out of reach: the nearest says it
        return f"\ncan engage no enemy: the nearest, {far[0]} ('help engage')"
    parts = [f"can engage {', '.join(can)}" if can else "can engage no enemy now"]
    if cannot:
        said = "; ".join(why for _, why in cannot[:most])
        more = f"; {len(cannot) - most} more further off" if len(cannot) > most else ""
        parts.append(f"not: {said}{more}")
    return "\n" + " | ".join(parts) + " ('help engage')"


def plan_for(game: Game, unit: Unit, value: str) -> list[tuple[str, float]]:
    """The manoeuvres of a computed move named by an option value."""
    words = value.split()
    state = game.state
    marker = next((m for m in state.markers if m.id == words[1]), None)
    if marker is not None:
        return moves.plan_towards(game, unit, marker.x, marker.y, stop_short=0.0)
    target = state.units[words[1]]
    if words[0] == "engage":
        for plan in moves.plan_engage(game, unit, target):
            if plan["edge"] == words[2]:
                return list(plan["steps"])
        return []
    if words[0] == "towards":
        return moves.plan_towards(game, unit, target.x, target.y)
    return moves.plan_face(game, unit, target.x, target.y)


def _manoeuvre_answer(game: Game, answer: Any, uid: str) -> None:
    unit = game.state.units[uid]
    if answer == "end":
        return
    if isinstance(answer, dict):
        game.call(_path_step, uid, tuple(answer["path"]), 0, game.decisions, None)
        return
    if answer in moves.KINDS:
        ask_amount(game, unit, answer)
        return
    steps = plan_for(game, unit, answer)
    game.call(manoeuvre_prompt, uid)
    if not steps:
        game.state.activation.failed.append(answer)
        game.emit("refused", f"{unit.name} cannot {_computed_what(answer)} that now: no manoeuvre it can afford "
                  "gets it there (terrain, other units or the table edge are in the way); nothing moved and no MP "
                  "were spent",
                  rule="Movement", unit=uid)
    for kind, amount in reversed(steps):
        game.call(perform, uid, kind, amount)


def _path_step(game: Game, uid: str, path: tuple[str, ...], i: int, asked: int, start: Any) -> None:
    """Make step ``i`` of a path answer, then the next. A step is made only when the movement question would offer
    it now and (a manoeuvre) its whole amount is legal, and only while no other question came between the steps
    (a Rough choice, say) and a computed move before it moved the unit; else the path stops there and the
    movement question is asked again, its context saying how far the path went (``made`` steps, and ``tried``:
    step ``made + 1`` was a computed move that came to nothing). ``end`` ends the activation."""
    state = game.state
    unit = state.units[uid]
    act = state.activation
    if act is None or act.unit != uid or not unit.in_play or act.mp < 1 or act.manoeuvres >= 12:
        return  # the activation is over, or no question would be asked now
    step = path[i] if i < len(path) else ""
    stop = None
    if game.decisions != asked:
        stop = {"made": i, "tried": False, "asked": True}  # another question came between: it may change the plan
    elif start is not None and math.dist(start, (unit.x, unit.y)) <= 0.05:
        stop = {"made": i - 1, "tried": True}  # the computed move before it did not get the unit anywhere
    elif step == "end":
        return
    elif not step:
        stop = {"made": i, "tried": False}
    if stop is None:
        kind, _, amount = step.partition(" ")
        if kind in moves.KINDS:
            value = float(amount)
            if not _manoeuvre_family(game, unit, kind, {}):
                stop = {"made": i, "tried": False}
            elif moves.check(game, unit, kind, value).error:
                _as_far(game, unit, kind, value, i)
                return
            else:
                game.call(_path_step, uid, path, i + 1, game.decisions, None)
                game.call(perform, uid, kind, value)
                return
        elif any(o.value == step for o in _move_family(game, _move_family_of(step) or "", uid, [])):
            steps = plan_for(game, unit, step)
            if steps:
                game.call(_path_step, uid, path, i + 1, game.decisions, (unit.x, unit.y))
                for k, a in reversed(steps):
                    game.call(perform, uid, k, a)
                return
            act.failed.append(step)
            game.emit("refused", f"{unit.name} cannot {_computed_what(step)} that now: no manoeuvre it can afford "
                      "gets it there (terrain, other units or the table edge are in the way); nothing moved and no "
                      "MP were spent", rule="Movement", unit=uid)
            stop = {"made": i, "tried": True}
        else:
            stop = {"made": i, "tried": False}
    manoeuvre_prompt(game, uid, stop)


def _as_far(game: Game, unit: Unit, kind: str, want: float, i: int) -> None:
    """A path's manoeuvre that is not legal in full goes as far as it can (the largest amount the form would
    allow, to 0.01"), or is cancelled (not offered again this activation) when that is under 0.1" or still
    refused (a Reform is not cut short: it is cancelled); the path stops after it and the question comes again,
    saying how far it ``went`` and whether that was ``refused``."""
    act = game.state.activation
    if kind == "reform":
        went, refused = want, True
    else:
        top = math.floor(moves.max_amount(game, unit, kind) * 100 + 1e-6) / 100
        went = round(round(min(max(0.01, top), want) / 0.01) * 0.01, 6)
        refused = abs(went) >= 0.1 and bool(moves.check(game, unit, kind, went).error)
    stop = {"made": i, "tried": True, "went": went, "refused": refused}
    game.call(manoeuvre_prompt, unit.id, stop)
    if refused or abs(went) < 0.1:
        act.failed.append(kind)
        return
    game.call(perform, unit.id, kind, went)


def _computed_what(answer: str) -> str:
    word = answer.split()[0]
    return {"towards": "move towards", "face": "turn to face", "engage": "engage"}.get(word, word)


def ask_amount(game: Game, unit: Unit, kind: str) -> None:
    from skirmish import Param

    act = game.state.activation
    assert act is not None
    if kind == "reform":
        param = Param("degrees", "float", -180, 180, step=0.5, help=moves.UNIT[kind])
        example = next(({"degrees": d} for d in (180, 90, -90) if not moves.check(game, unit, kind, d).error),
                       {"degrees": 0})
    else:
        top = math.floor(moves.max_amount(game, unit, kind) * 100 + 1e-6) / 100  # on the form's 0.01 grid
        r = moves.rate(game, kind)
        afford = math.floor(act.mp + 1e-9) * r
        if kind.startswith("wheel"):
            afford = min(afford, 2 * unit.width)
        if top < afford - 0.01:
            probe = moves.check(game, unit, kind, min(afford, round(top + 0.05, 2))).error
            why = f"at most {top:g}: beyond that {probe}" if probe else f"at most {top:g}"
            if top <= 0 and probe:
                why = f"it cannot {moves.spoken(kind)} at all: {probe}"
            if any(probe.endswith(f" would pass through {e.name}") for e in game.state.enemies(unit)) and \
                    (unit.has(stats.DISTRACTED) or kind in moves.DISTRACTING) and not unit.has("Undistractable"):
                why += " (Distracted, it may not touch an enemy it was not touching)"
        else:
            why = f"at most {top:g} with {act.mp:g} MP"
        param = Param("inches", "float", 0.0, max(0.01, top), step=0.01,
                      help=f"{moves.UNIT[kind]}; {why}")
        example = {"inches": top}
    name = param.name

    def validate(g: Game, answer: dict[str, Any]) -> str | None:
        if float(answer[name]) == 0:
            return None
        err = moves.check(g, g.state.units[unit.id], kind, float(answer[name])).error
        return err or None

    game.ask(Decision(unit.side, "manoeuvre", f"{unit.name}: {moves.spoken(kind)} how far? ({act.mp:g} MP left; "
                                              f"{param.help}; 0 cancels)", params=[param], validator=validate,
                      examples=[example] if example else [], rule=kind.split("-")[0].title(),
                      context={"phase": "Movement", "actor": unit.id, "action": kind, "mp": act.mp}),
             _amount_answer, unit.id, kind)


def _amount_answer(game: Game, answer: dict[str, Any], uid: str, kind: str) -> None:
    game.call(manoeuvre_prompt, uid)
    amount = float(next(iter(answer.values())))
    if amount == 0:
        act = game.state.activation
        if act is not None:
            act.failed.append(kind)  # not offered again in this activation
        return
    game.call(perform, uid, kind, amount)


def perform(game: Game, uid: str, kind: str, amount: float) -> None:
    """Make one manoeuvre (checked again), pay its MP, and apply terrain."""
    state = game.state
    unit = state.units[uid]
    act = state.activation
    if act is None or not unit.in_play:
        return
    out = moves.check(game, unit, kind, amount)
    if out.error or out.end is None:
        game.emit("refused", f"{unit.name} cannot {moves.spoken(kind)} {amount:g}: {out.error}", rule="Movement",
                  unit=uid)
        return
    if kind in moves.DISTRACTING:
        stats.distract(game, unit, kind.split("-")[0].title())
    before = unit.rect
    unit.place(out.end)
    act.mp -= out.cost
    act.manoeuvres += 1
    if kind == "fly":
        act.flown = True
        act.flown_over.extend(e.id for e in state.enemies(unit) if out.swept is not None and out.swept.overlaps(e.rect))
    if kind == "advance":
        unit.advanced += amount
        if any(_ahead(before, e) and measuring.has_los(state, unit, e) for e in state.enemies(unit)):
            unit.advanced_towards += amount
    game.emit("move", f"{unit.name} {moves.spoken(kind)} {round(amount, 2):g} ({out.cost} MP, {act.mp:g} MP left)",
              rule="Movement",
              unit=uid, manoeuvre=kind, amount=amount, cost=out.cost, x=unit.x, y=unit.y, facing=unit.facing)
    stats.refresh_all(game, "Movement")
    hook(game, "hobgoblin_after_manoeuvre", unit=unit)  # (Chaos of War Tunnels: an entrance may be taken)
    _terrain_after(game, unit, out, kind)


def _ahead(rect: Any, enemy: Unit) -> bool:
    f = rect.forward
    return (enemy.x - rect.centre.x) * f.x + (enemy.y - rect.centre.y) * f.y > 0


def _terrain_after(game: Game, unit: Unit, out: moves.Outcome, kind: str) -> None:
    """Rough (1 Doom or Distracted; Skirmishers ignore it) and Perilous (a War Wagon die per MP) terrain
    the manoeuvre moved into or through (ruling A19: each manoeuvre that crosses it)."""
    from skirmish_hobgoblin.state import table_of

    if kind == "fly" or out.swept is None:
        return
    table = table_of(game.state)
    crossed = [t for t in table.candidates(moves.swept_bounds(out.swept), ("rough", "perilous"))
               if out.swept.overlaps(t.shape)]
    perilous = [t for t in crossed if t.has("perilous")]
    rough = [t for t in crossed if t.has("rough")]
    if perilous:
        for _ in range(out.cost):
            attacks.attack(game, None, unit, 1, attacks.PERILOUS, f"Perilous terrain ({perilous[0].name})",
                           attacker_type="war-wagon")
    if rough and not unit.has("Skirmishers"):
        if unit.has(stats.DISTRACTED) or unit.has("Undistractable"):
            game.emit("note", f"{unit.name} crosses Rough terrain: takes Distracted again", rule="Rough", unit=unit.id)
        elif not stats.may_be_distracted(game, unit):
            stats.add_doom(game, unit, 1, "Rough", "Wild unit in Rough terrain")
        else:
            game.ask(Decision(unit.side, "rough", f"{unit.name} moves through {rough[0].name} (Rough): gain 1 Doom "
                                                  "or Distracted?",
                              options=[Option("distracted", "gain Distracted (no new contact with enemies until it "
                                                            "is readied: a move into contact under way stops short)",
                                              data={"action": "distracted", "actor": unit.id}),
                                       Option("doom", "gain 1 Doom", data={"action": "doom", "actor": unit.id})],
                              rule="Rough", context={"phase": game.phase, "actor": unit.id, "action": "rough"}),
                     _rough, unit.id)


def _rough(game: Game, answer: str, uid: str) -> None:
    unit = game.state.units[uid]
    if answer == "distracted":
        stats.distract(game, unit, "Rough")
    else:
        stats.add_doom(game, unit, 1, "Rough")


def end_activation(game: Game, uid: str) -> None:
    """End of a movement activation: disengaging from unbroken enemies lets them Punish."""
    state = game.state
    act = state.activation
    unit = state.units[uid]
    if act is None or act.unit != uid:
        return
    state.activation = None
    _end_scope(game, "activation")
    game.call(fortune.any_time, "after an activation")  # runs after any Punish below (ruling B-8)
    if not unit.in_play:
        return
    if act.ignore_friends:
        for f in state.friends(unit):
            if moves.overlaps(unit.rect, f.rect):
                unit.x, unit.y, unit.facing = act.start
                game.emit("refused", f"{unit.name} may not end on {f.name} (Barge Through): it goes back",
                          rule="Barge Through", unit=uid)
                break
    now = {e.id for e in measuring.engaged(state, unit)}
    hook(game, "hobgoblin_engaged", unit=unit, enemies=sorted(now - set(act.engaged_at_start)))
    gone = [state.units[e] for e in act.engaged_at_start if e not in now and state.units[e].in_play]
    if gone:
        from skirmish.geometry import Rect

        start = Rect((act.start[0], act.start[1]), unit.width, unit.depth, act.start[2])
        for e in gone:
            game.emit("disengage", f"{unit.name} disengages from {e.name}", rule="Disengaging", unit=uid, enemy=e.id)
            if act.no_punish or stats.counts_broken(e) or e.has(stats.BROKEN):
                continue
            dice = measuring.dice_cap(e, start, stats.combat_dice(e), *_caps(game))
            dice_text = attacks.counted(dice, "die", "dice")
            game.ask(Decision(e.side, "punish", f"{e.name} may Punish {unit.name} for disengaging ({dice_text})?",
                              options=[Option("punish", f"{e.name} punishes {unit.name} ({dice_text})",
                                              data={"action": "punish", "actor": e.id, "target": uid}),
                                       Option("decline", f"{e.name} lets {unit.name} go",
                                              data={"action": "decline", "actor": e.id, "target": uid})],
                              rule="Punish", context={"phase": game.phase, "action": "punish", "actor": e.id,
                                                      "target": uid, "dice": dice}),
                     _punish, e.id, uid, dice)
    stats.refresh_all(game, "Movement")


def _punish(game: Game, answer: str, eid: str, uid: str, dice: int) -> None:
    """The book: the enemy *may* Punish (ruling A16: the player chooses; the AI and He always do)."""
    state = game.state
    e, unit = state.units[eid], state.units[uid]
    if answer == "punish" and e.in_play and unit.in_play:
        attacks.attack(game, e, unit, dice, attacks.PUNISH, "Punish")


# ------------------------------------------------------------------------------ Combat


def combat_phase(game: Game) -> None:
    state = game.state
    state.activated = []
    hook(game, "hobgoblin_combat_start")  # (The Fortress: the Attacker batters the Weak Points after the fights)
    game.call(_fight_turn, 0)
    game.call(_combat_start)
    fortune.phase_start(game, "Combat")


def _combat_start(game: Game) -> None:
    for u in list(game.state.in_play()):
        if u.has("Thirst for Battle") and not measuring.engaged(game.state, u):
            stats.add_doom(game, u, 1, "Thirst for Battle")


def _fight_turn(game: Game, i: int) -> None:
    state = game.state
    if i >= len(state.order()):  # every player (team play: 3 to 6)
        return
    player = state.order()[i]
    units = [u for u in state.of(player) if u.id not in state.activated and measuring.engaged(state, u)]
    if not units:
        game.call(_fight_turn, i + 1)
        return
    game.call(_fight_turn, i)
    if len(units) == 1 or expansions.solo(game, player):
        fight(game, units[0])
        return
    opts = [Option(f"fight {u.id}", f"{u.name} attacks ({', '.join(e.name for e in measuring.engaged(state, u))})",
                   data={"action": "fight", "actor": u.id}) for u in units]
    game.ask(Decision(player, "fight", f"{player}: Combat Phase - which unit attacks next?", options=opts,
                      rule="Combat Phase", context={"phase": "Combat", "action": "fight"}), _fight_pick)


def _fight_pick(game: Game, answer: str) -> None:
    fight(game, game.state.units[answer.split()[1]])


def splits(game: Game, unit: Unit, enemies: list[Unit], dice: int) -> list[tuple[int, ...]]:
    """Every legal assignment of ``dice`` to ``enemies``: at least 3 each (or as evenly as possible),
    at most 5 to an enemy on a side edge or rear corner and 3 to one on the rear edge; dice the caps
    leave over are lost (ruling A12)."""
    r = game.ruleset.rules.attack
    caps = [measuring.dice_cap(unit, e, dice, *_caps(game)) for e in enemies]
    k = len(enemies)
    total = min(dice, sum(caps))
    if k == 1:
        return [(total,)]
    if total >= r.min_dice_each * k:
        lows = [min(r.min_dice_each, c) for c in caps]
        out = [combo for combo in itertools.product(*[range(lo, c + 1) for lo, c in zip(lows, caps, strict=True)])
               if sum(combo) == total]
        return out or [tuple(lows)]
    base, extra = divmod(total, k)
    out = set()
    for chosen in itertools.combinations(range(k), extra):
        combo = tuple(min(c, base + (1 if i in chosen else 0)) for i, c in enumerate(caps))
        out.add(combo)
    return sorted(out, reverse=True)


def fight(game: Game, unit: Unit, *, horn: bool = True) -> None:
    if horn and expansions.first(game, "hobgoblin_fight", unit=unit):  # (Cursed Artefacts: War Horn)
        return
    state = game.state
    state.activated.append(unit.id)
    enemies = measuring.engaged(state, unit)
    if not enemies:
        return
    dice = stats.combat_dice(unit)
    options = splits(game, unit, enemies, dice)
    if expansions.solo(game, unit.side):
        options = sorted(options, key=lambda c: (max(c) - min(c), [-x for x in c]))[:1]
    challengers = [i for i, e in enumerate(enemies) if "bold-challenge" in e.used]
    refuse = []
    if challengers and stats.has_character(unit) and not unit.has("Cowardly"):
        best = max(sum(c[i] for i in challengers) for c in options)
        refuse = [Option("refuse", "refuse the Bold Challenge (gain Cowardly for the rest of the game)",
                         data={"action": "refuse", "actor": unit.id})]
        options = [c for c in options if sum(c[i] for i in challengers) == best]
    if len(options) == 1 and not refuse:
        _strike(game, unit.id, [e.id for e in enemies], options[0])
        return
    opts = [Option(",".join(map(str, c)), ", ".join(f"{attacks.counted(n, 'die', 'dice')} at {e.name}"
                                                  for n, e in zip(c, enemies, strict=True)),
                   data={"action": "assign", "actor": unit.id, "targets": [e.id for e in enemies], "dice": list(c)})
            for c in options]
    opts += refuse
    game.ask(Decision(unit.side, "assign", f"{unit.name} assigns {dice} attack dice", options=opts,
                      rule="Assign Attack Dice", context={"phase": "Combat", "actor": unit.id, "action": "assign",
                                                         "targets": [e.id for e in enemies], "dice": dice}),
             _assigned, unit.id, [e.id for e in enemies])


def _assigned(game: Game, answer: str, uid: str, ids: list[str]) -> None:
    if answer == "refuse":
        unit = game.state.units[uid]
        unit.keywords.add("Cowardly", log=game.log, rule="Bold Challenge")
        game.state.activated.remove(uid)
        fight(game, unit)  # now free to share its dice as it likes
        return
    _strike(game, uid, ids, tuple(int(x) for x in answer.split(",")))


def _strike(game: Game, uid: str, ids: list[str], combo: tuple[int, ...]) -> None:
    state = game.state
    unit = state.units[uid]
    for tid, n in reversed(list(zip(ids, combo, strict=True))):
        if n > 0:
            game.call(_after_attack_window)
            attacks.attack(game, unit, state.units[tid], n, attacks.COMBAT, "Combat")


def _after_attack_window(game: Game) -> None:
    stats.refresh_all(game, "Combat")


# ------------------------------------------------------------------------------ Doom


def doom_phase(game: Game) -> None:
    state = game.state
    state.engaged_at_doom = [u.id for u in state.in_play() if measuring.engaged(state, u)]
    for u in state.in_play():
        u.used = [x for x in u.used if x not in ("grim", "terrifying", "bold-challenge")]
    game.call(fortune.any_time, "after Ready Units")  # before and after each step: "any time" cards (B-8)
    game.call(_ready)
    game.call(fortune.any_time, "before Ready Units")
    game.call(_whos_next)
    game.call(fortune.any_time, "before Who's Next?")
    game.call(_harvest)
    game.call(fortune.any_time, "before Death's Harvest")
    game.call(_remove_broken)
    game.call(_doom_step, "remove-broken")  # Haunted Melody's second chance, after Panic (ruling CA-8)
    game.call(fortune.any_time, "before Broken units are removed")
    game.call(_panic_step)
    game.call(fortune.any_time, "before Panic")
    stats.refresh_all(game, "Doom Phase")


def _doom_step(game: Game, step: str) -> None:
    hook(game, "hobgoblin_doom_step", step=step)


def _panic_step(game: Game) -> None:
    """Resolve the next Broken unit's panic (First Player's units first); the cascade repeats."""
    if game.state.notes.get("no-panic"):
        return
    state = game.state
    r = game.ruleset.rules.doom
    done = {u for u in state.notes if u.startswith("panicked:")}
    for p in state.order():
        for u in state.of(p):
            key = f"panicked:{u.id}"
            if key in done or not stats.counts_broken(u) or u.has("Despised"):
                continue
            state.notes[key] = game.round
            game.emit("panic", f"{u.name} is Broken and causes Panic", rule="Panic", unit=u.id)
            game.call(_panic_step)
            for f in state.friends(u):
                if measuring.gap(u, f) > r.panic_range or f.has("Fearless"):
                    continue
                n = 1 + _grim(game, f) + _terrifying(game, f) + state.notes.get("panic-extra", 0)
                stats.add_doom(game, f, n, "Panic", f"panic from {u.name}")
                fortune.after_panic(game, f)
            return


def _grim(game: Game, unit: Unit) -> int:
    from skirmish_hobgoblin.state import table_of

    rng, extra = kp(game.ruleset.content, "grim", "range"), kp(game.ruleset.content, "grim", "doom")
    if "grim" in unit.used:
        return 0
    near = bool(table_of(game.state).terrain_within(unit.rect, rng, ("grim",)))
    if not near:
        from skirmish.geometry import distance

        near = any(m.kind in ("altar", "gore") and not m.removed and distance(unit.rect, m.circle) <= rng
                   for m in game.state.markers)
    if near:
        unit.used.append("grim")
        return extra
    return 0


def _terrifying(game: Game, unit: Unit) -> int:
    rng, extra = kp(game.ruleset.content, "terrifying", "range"), kp(game.ruleset.content, "terrifying", "doom")
    if "terrifying" in unit.used:
        return 0
    if any(e.has("Terrifying") and measuring.gap(e, unit) <= rng for e in game.state.enemies(unit)):
        unit.used.append("terrifying")
        return extra
    return 0


def _remove_broken(game: Game) -> None:
    state = game.state
    for k in [k for k in state.notes if k.startswith("panicked:")]:
        del state.notes[k]
    hook(game, "hobgoblin_doom_phase")  # (Unlikely Allies: Brothers-in-Arms)
    if state.notes.get("no-removal"):
        return
    gone = [u for u in state.in_play() if stats.counts_broken(u)]
    for u in gone:
        remove(game, u, "Remove Broken Units")
    state.notes["harvest"] = 0
    for u in gone:
        u.used.append("harvest")


def remove(game: Game, unit: Unit, rule: str) -> None:
    unit.status = REMOVED
    unit.removed_round = game.round
    game.emit("removed", f"{unit.name} is removed from play", rule=rule, unit=unit.id, player=unit.side)
    hook(game, "hobgoblin_unit_removed", unit=unit)


def _harvest(game: Game) -> None:
    """Death's Harvest: for each of their own Broken units removed, 2 Mercury or 1 Fortune Card."""
    state = game.state
    for p in reversed(state.order()):
        mine = [u for u in state.units.values() if u.side == p and "harvest" in u.used and u.status == REMOVED]
        for u in reversed(mine):
            u.used.remove("harvest")
            if u.has("Hollow"):
                game.emit("note", f"{u.name} is Hollow: no Death's Harvest", rule="Death's Harvest", unit=u.id)
                continue
            if expansions.solo(game, p):
                continue
            game.call(_ask_harvest, p, u.id)


def _ask_harvest(game: Game, player: str, uid: str) -> None:
    g = game.ruleset.rules.game
    unit = game.state.units[uid]
    game.ask(Decision(player, "harvest", f"Death's Harvest: {unit.name} was removed, so you take "
                                         f"{g.harvest_mercury} Mercury or {g.harvest_cards} Fortune Card - which?",
                      options=[Option("mercury", f"gain {g.harvest_mercury} Mercury", data={"action": "mercury"}),
                               Option("card", f"draw {g.harvest_cards} Fortune Card", data={"action": "card"})],
                      rule="Death's Harvest", context={"phase": "Doom", "action": "harvest", "unit": uid}),
             _harvested, player)


def _harvested(game: Game, answer: str, player: str) -> None:
    g = game.ruleset.rules.game
    if answer == "mercury":
        game.state.sides[player].mercury += g.harvest_mercury
        game.emit("mercury", f"{player} gains {g.harvest_mercury} Mercury", rule="Death's Harvest", player=player,
                  change=g.harvest_mercury)
    else:
        fortune.draw(game, player, g.harvest_cards, rule="Death's Harvest")


def _whos_next(game: Game) -> None:
    """Who's Next?: units engaged at the start of the phase and free now may Reform for nothing."""
    state = game.state
    for uid in reversed(state.engaged_at_doom):
        u = state.units[uid]
        if u.in_play and not measuring.engaged(state, u):
            game.call(_ask_whos_next, uid)


def reform_choices(game: Game, unit: Unit) -> list[tuple[str, float, str]]:
    """Free reforms: keep facing, face each of the nearest enemies, turn about or a quarter turn."""
    out: list[tuple[str, float, str]] = [("stay", 0.0, "keep its facing")]
    for e in sorted(game.state.enemies(unit), key=lambda e: measuring.gap(unit, e))[:3]:
        want = math.degrees(math.atan2(e.y - unit.y, e.x - unit.x))
        delta = round((want - unit.facing + 180) % 360 - 180, 1)
        if abs(delta) >= 1:
            out.append((f"face {e.id}", delta, f"face {e.name}"))
    for d, label in ((180.0, "turn about"), (90.0, "turn left"), (-90.0, "turn right")):
        out.append((f"turn {d:g}", d, label))
    legal = []
    for value, delta, label in out:
        if delta == 0 or not moves.check(game, unit, "reform", delta, mp=99, distracted=True).error:
            legal.append((value, delta, label))
    return legal


def _ask_whos_next(game: Game, uid: str) -> None:
    unit = game.state.units[uid]
    choices = reform_choices(game, unit)
    him = expansions.solo(game, unit.side)
    if him is not None:
        him.whos_next(game, unit, choices)
        return
    if len(choices) == 1:
        return
    game.ask(Decision(unit.side, "whos-next", f"Who's Next?: {unit.name} is free - reform?",
                      options=[Option(v, label, data={"action": "reform", "actor": uid, "degrees": d})
                               for v, d, label in choices],
                      rule="Who's Next?", context={"phase": "Doom", "actor": uid, "action": "reform"}),
             _whos_next_answer, uid)


def _whos_next_answer(game: Game, answer: str, uid: str) -> None:
    unit = game.state.units[uid]
    delta = next(d for v, d, _ in reform_choices(game, unit) if v == answer)
    free_reform(game, unit, delta)


def free_reform(game: Game, unit: Unit, delta: float) -> None:
    if not delta:
        return
    out = moves.check(game, unit, "reform", delta, mp=99, distracted=True)
    if out.error or out.end is None:
        return
    unit.place(out.end)
    game.emit("move", f"{unit.name} reforms {delta:g} degrees (Who's Next?)", rule="Who's Next?", unit=unit.id,
              manoeuvre="reform", amount=delta, x=unit.x, y=unit.y, facing=unit.facing)
    stats.refresh_all(game, "Who's Next?")


def _ready(game: Game) -> None:
    """Ready Units: every unit loses Distracted."""
    for u in game.state.units.values():
        if u.keywords.has(stats.DISTRACTED):
            u.keywords.remove(stats.DISTRACTED, log=game.log, rule="Ready Units")
    for u in game.state.units.values():
        u.advanced = 0.0
        u.advanced_towards = 0.0
    _ = (READY, Keyword)
