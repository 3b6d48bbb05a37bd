"""Chaos of War entries in play: one function per effect name (``@effect``), applied at game start, plus the
ones that act at a phase start (``@each``). Entries whose effect is "" are announced but not played yet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from skirmish import Decision, Keyword, Option
from skirmish_hobgoblin.chaos.catalogue import PLACED, RULE, Entry, check_spec, choose, tables
from skirmish_hobgoblin.state import REMOVED, Piece, Unit, layout_key

if TYPE_CHECKING:
    from skirmish import Game

STASH = "hobgoblin-chaos"
EFFECTS: dict[str, Callable[[Game, Entry], None]] = {}
PHASE: dict[tuple[str, str], Callable[[Game, Entry], None]] = {}


def effect(name: str) -> Callable[[Callable[[Game, Entry], None]], Callable[[Game, Entry], None]]:
    def wrap(fn: Callable[[Game, Entry], None]) -> Callable[[Game, Entry], None]:
        EFFECTS[name] = fn
        return fn
    return wrap


def each(name: str, phase: str) -> Callable[[Callable[[Game, Entry], None]], Callable[[Game, Entry], None]]:
    """An effect that acts at the start of every ``phase``."""
    def wrap(fn: Callable[[Game, Entry], None]) -> Callable[[Game, Entry], None]:
        PHASE[(name, phase)] = fn
        return fn
    return wrap


def active(game: Game) -> list[Entry]:
    ids = game.stash.get(STASH, {}).get("entries", [])
    return [tables(game.ruleset)[t][e] for t, e in (i.split(":", 1) for i in ids)]


def game_start(game: Game) -> None:
    """Roll or take the set-up's entries, announce them, and apply those that act at set-up."""
    spec = check_spec(game.setup.get("chaos", ""), game.ruleset)
    if not spec:
        return
    entries = choose(game, spec)
    game.stash.setdefault(STASH, {})["entries"] = [f"{e.table}:{e.id}" for e in entries]
    for e in sorted(entries, key=lambda x: x.effect != "tunnel_fighting"):  # the table turns before terrain
        game.emit("chaos", f"Chaos of War ({e.table}): {e.name} - {e.summary}"
                           + ("" if e.playable else " [not played by this version]"), rule=e.name, entry=e.id)
        fn = EFFECTS.get(e.effect)
        if fn is not None:
            fn(game, e)


def phase_start(game: Game, phase: str) -> None:
    for e in active(game):
        fn = PHASE.get((e.effect, phase))
        if fn is not None:
            fn(game, e)


def phase_end(game: Game, phase: str) -> None:
    if phase == "Doom" and game.stash.get(STASH, {}).pop("no-removal", 0):
        game.state.notes.pop("no-removal", None)
    if phase == "Movement":  # a unit out of a tunnel that did not activate keeps no MP loss
        for k in [k for k in game.state.notes if k.startswith("mp-loss:")]:
            del game.state.notes[k]


# ----------------------------------------------------------------------------------- Battlefield


def _square(x: float, y: float, size: float) -> tuple[tuple[float, float], ...]:
    h = size / 2
    return ((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h))


def add_piece(game: Game, e: Entry, x: float, y: float, size: float | None = None) -> None:
    state = game.state
    size = float(size or e.params.get("size", 6))
    state.pieces.append(Piece(e.name, str(e.params.get("kind", "")), _square(x, y, size),
                              tuple(e.params.get("keywords", ()))))
    state.layout_key = layout_key(state.width, state.depth, state.pieces)
    game.emit("chaos", f"{e.name}: a {size:g}\" piece at ({x:.0f}, {y:.0f})", rule=e.name)


@effect("lodestone")
def lodestone(game: Game, e: Entry) -> None:
    """Lodestone: a piece in the centre; the magic rules read its place, range and discount from the stash."""
    x, y = game.state.width / 2, game.state.depth / 2
    add_piece(game, e, x, y)
    game.stash.setdefault(STASH, {})["lodestone"] = {"x": x, "y": y, "range": e.params.get("range", 4),
                                                     "discount": e.params.get("discount", 1),
                                                     "size": float(e.params.get("size", 6))}


def placed_by_players(game: Game, e: Entry) -> None:
    """Pieces the players place before deployment, once the halves are chosen (chaos/battlefield_pieces.py)."""


for _name in PLACED:
    EFFECTS[_name] = placed_by_players


# ----------------------------------------------------------------------------------- Twists


@effect("sight_limit")
def sight_limit(game: Game, e: Entry) -> None:
    game.state.notes["sight-limit"] = int(e.params.get("inches", 12))


@effect("all_gain")
def all_gain(game: Game, e: Entry) -> None:
    kw, value = str(e.params["keyword"]), e.params.get("value")
    for u in game.state.units.values():
        u.keywords.add(Keyword(kw, value, "add") if value is not None else Keyword(kw), log=game.log, rule=e.name)


@each("mercury_each_round", "Magic")
def mercury_each_round(game: Game, e: Entry) -> None:
    for p, side in game.state.sides.items():
        n = int(e.params.get("mercury", 3))
        side.mercury += n
        game.emit("mercury", f"{p} gains {n} Mercury ({e.name})", rule=e.name, player=p, change=n)


@effect("starting_mercury")
def starting_mercury(game: Game, e: Entry) -> None:
    for p, side in game.state.sides.items():
        side.mercury += int(e.params.get("mercury", 6))
        game.emit("mercury", f"{p} starts with {side.mercury} Mercury", rule=e.name, player=p)


@effect("courage")
def courage(game: Game, e: Entry) -> None:
    for u in game.state.units.values():
        u.courage_bonus += int(e.params.get("courage", 0))
    game.emit("chaos", f"every unit has {int(e.params.get('courage', 0)):+d} Courage", rule=e.name)


@each("bitter_cold", "Initiative")
def bitter_cold(game: Game, e: Entry) -> None:
    from skirmish_hobgoblin import stats

    for u in game.state.units.values():
        u.courage_bonus += int(e.params.get("courage", -1))
        if u.in_play:
            stats.refresh(game, u)
    game.emit("chaos", f"every unit loses 1 Courage (round {game.round})", rule=e.name)


@effect("no_command")
def no_command(game: Game, e: Entry) -> None:
    for u in game.state.units.values():
        if u.has("Command"):
            u.keywords.remove("Command", log=game.log, rule=e.name)


@each("extra_card", "Initiative")
def extra_card(game: Game, e: Entry) -> None:
    from skirmish_hobgoblin import fortune

    for p in game.state.order():
        if not game.state.notes.get(f"him:{p}"):
            fortune.draw(game, p, int(e.params.get("cards", 1)), rule=e.name)


@each("no_quarter", "Doom")
def no_quarter(game: Game, e: Entry) -> None:
    if game.round <= int(e.params.get("rounds", 2)) and not game.state.notes.get("no-removal"):
        game.state.notes["no-removal"] = 1
        game.stash.setdefault(STASH, {})["no-removal"] = 1
        game.emit("chaos", "no Broken unit is removed this round", rule=e.name)


@effect("game_length")
def game_length(game: Game, e: Entry) -> None:
    game.state.notes["extra-rounds"] = game.state.notes.get("extra-rounds", 0) + int(e.params.get("rounds", 0))
    game.emit("chaos", f"the battle lasts {game.ruleset.rules.game.rounds + game.state.notes['extra-rounds']} rounds",
              rule=e.name)



__all__ = ["RULE", "active", "game_start", "phase_end", "phase_start"]


@each("pick_units", "Initiative")
def pick_units(game: Game, e: Entry) -> None:
    """Champions, Assassins, Soldiers of Renown, Cauldron of Magic Potion: at the start of the first round each
    player picks ``count`` of their units to gain the keyword (Assassins' pick is secret: ruling CW-29)."""
    if game.round != 1:
        return
    for p in reversed(game.state.order()):
        game.call(_pick_ask, e.table, e.id, p, int(e.params.get("count", 1)))


def _pick_ask(game: Game, table: str, eid: str, player: str, left: int) -> None:
    e = tables(game.ruleset)[table][eid]
    kw, value = str(e.params["keyword"]), e.params.get("value")
    text = f"{kw} [+{value}]" if value is not None else kw
    units = [u for u in game.state.units.values()  # set-aside and undeployed units may be picked too
             if u.side == player and u.status != REMOVED and not (value is None and u.has(kw))]
    if left <= 0 or not units or game.state.notes.get(f"him:{player}"):
        return
    opts = [Option(f"pick {u.id}", f"{u.name} gains {text}", data={"action": "pick", "target": u.id, "keyword": kw})
            for u in units]
    opts.append(Option("done", "no more", data={"action": "done"}))
    game.ask(Decision(player, "chaos", f"{player}: {e.name} - which unit gains {text} ({left} left)?", options=opts,
                      rule=e.name, context={"phase": "Initiative", "action": "chaos", "entry": e.id}),
             _picked, table, eid, player, left)


def _picked(game: Game, answer: str, table: str, eid: str, player: str, left: int) -> None:
    if answer == "done":
        return
    e = tables(game.ruleset)[table][eid]
    kw, value = str(e.params["keyword"]), e.params.get("value")
    u = game.state.units[answer.split()[1]]
    if e.params.get("secret"):  # Assassins: noted in secret, revealed when it first fights (ruling CW-29)
        game.stash.setdefault(STASH, {}).setdefault("secret", {})[f"{player}:{e.id}"] = u.id
        game.emit("chaos", f"{player} secretly notes {u.name} ({e.name}: {text_of(e)})", rule=e.name,
                  visible_to=(player,), public_text=f"{player} secretly notes a unit ({e.name})", player=player)
    else:
        u.keywords.add(Keyword(kw, int(value), "add") if value is not None else Keyword(kw), log=game.log,
                       rule=e.name)
    _pick_ask(game, table, eid, player, left - 1)
    if kw == "Wizard":
        _ask_allegiance(game, u.id, e.name)


def text_of(e: Entry) -> str:
    kw, value = str(e.params["keyword"]), e.params.get("value")
    return f"{kw} [+{value}]" if value is not None else kw


@each("pick_units", "Combat")
def reveal_secret(game: Game, e: Entry) -> None:
    """Assassins: a secretly noted unit shows itself and gains its keyword at the start of the first Combat Phase
    in which it is engaged."""
    from skirmish_hobgoblin import measuring

    secret = game.stash.get(STASH, {}).get("secret", {})
    for key, uid in list(secret.items()):
        player, eid = key.split(":", 1)
        u = game.state.units[uid]
        if eid != e.id or not u.in_play or not measuring.engaged(game.state, u):
            continue
        del secret[key]
        kw, value = str(e.params["keyword"]), e.params.get("value")
        game.emit("chaos", f"{player} reveals {u.name} as the {e.name[:-1]} ({text_of(e)})", rule=e.name, unit=uid)
        u.keywords.add(Keyword(kw, int(value), "add") if value is not None else Keyword(kw), log=game.log,
                       rule=e.name)


def _ask_allegiance(game: Game, uid: str, rule: str) -> None:
    """Arcane Conclave: the new Wizard serves an Abyssal Allegiance its player chooses (ruling CW-14)."""
    from skirmish_hobgoblin.magic.spells import allegiances

    unit = game.state.units[uid]
    opts = [Option(a, f"{unit.name} serves {a}", data={"action": "allegiance", "actor": uid}) for a in allegiances()]
    game.ask(Decision(unit.side, "allegiance", f"{unit.side}: {unit.name}'s Abyssal Allegiance?", options=opts,
                      rule=rule, context={"phase": game.phase, "action": "allegiance", "actor": uid}),
             _allegiance, uid, rule)


def _allegiance(game: Game, answer: str, uid: str, rule: str) -> None:
    from skirmish_hobgoblin.magic.spells import magic_data

    magic_data(game).setdefault("allegiance", {})[uid] = answer
    game.emit("chaos", f"{game.state.units[uid].name} serves {answer}", rule=rule, unit=uid)


@effect("set_note")
def set_note(game: Game, e: Entry) -> None:
    """Desperate Fighting (no Panic step), Haunting Voices (1 more Doom from Panic): a game-long note the Doom
    Phase reads."""
    note = str(e.params["note"])
    if note == "command-range":  # Songs / Echoes in the Dark: Command reaches this far (the last named counts)
        game.state.notes[note] = int(e.params["value"])
        return
    game.state.notes[note] = game.state.notes.get(note, 0) + int(e.params.get("value", 1))


@effect("deployment")
def deployment_entry(game: Game, e: Entry) -> None:
    """Deployment entries act while units deploy (:mod:`skirmish_hobgoblin.chaos.deploy`)."""


@effect("tunnel_fighting")
def tunnel_fighting(game: Game, e: Entry) -> None:
    """Tunnel Fighting: a rectangular table is divided the other way, played here by turning the table a quarter
    turn (width and depth swap, terrain turns with it); a square table keeps its halves and bars the side
    edges (chaos/deploy.py)."""
    from skirmish_hobgoblin.terrain import quarter_turn

    state = game.state
    if abs(state.width - state.depth) < 1e-9:
        return
    quarter_turn(state)
    game.emit("chaos", f"the table is divided the other way: {state.width:g}\" wide, {state.depth:g}\" from edge "
                       "to edge", rule=e.name)


@effect("frozen_lake")
def frozen_lake(game: Game, e: Entry) -> None:
    game.state.notes["frozen-lake"] = int(e.params.get("slide", 3))


def frozen_slide(game: Game, uid: str) -> None:
    """Frozen Lake: after a unit's activation in which it moved, 3D6 under its Speed slides it up to 3" straight
    on (ignoring Distracted; it stops short at whatever blocks it: ruling CW-12)."""
    from skirmish_hobgoblin import moves, stats, turns

    state = game.state
    unit = state.units[uid]
    act = state.activation
    slide = float(state.notes.get("frozen-lake", 0))
    if not slide or not unit.in_play or act is None or act.unit != uid or not act.manoeuvres:
        return
    entry = next(e for e in active(game) if e.effect == "frozen_lake")
    dice = int(entry.params.get("dice", 3))
    total = sum(game.rng.rolls_of(dice, 6, rule=entry.name, why=f"{unit.name} keeps its feet on {dice}D6 "
                                                                 f"of {stats.speed(unit)} or more"))
    if total >= stats.speed(unit):
        return
    amount = slide
    while amount > 0:
        out = moves.check(game, unit, "advance", amount, mp=99.0, distracted=False)
        if not out.error and out.end is not None:
            unit.place(out.end)
            game.emit("move", f"{unit.name} slips and skids {amount:g}\" on ({entry.name})", rule=entry.name,
                      unit=uid, manoeuvre="advance", amount=amount, x=unit.x, y=unit.y, facing=unit.facing)
            stats.refresh_all(game, "Movement")
            turns._terrain_after(game, unit, out, "advance")
            return
        amount -= 0.5
    game.emit("chaos", f"{unit.name} slips but has nowhere to skid ({entry.name})", rule=entry.name, unit=uid)


@effect("blood_and_sludge")
def blood_and_sludge(game: Game, e: Entry) -> None:
    game.state.notes["gore"] = 1


def gore_marker(game: Game, unit: Unit) -> None:
    """Blood & Sludge: a removed unit leaves a Gore Marker (Grim terrain) where its centre was."""
    if not game.state.notes.get("gore"):
        return
    e = next(x for x in active(game) if x.effect == "blood_and_sludge")
    size = float(e.params.get("size", 1.0))
    state = game.state
    n = sum(1 for p in state.pieces if p.kind == "gore-marker") + 1
    state.pieces.append(Piece(f"Gore Marker {n}", "gore-marker", _square(unit.x, unit.y, size), ("grim",)))
    state.layout_key = layout_key(state.width, state.depth, state.pieces)
    game.emit("chaos", f"{unit.name} leaves a Gore Marker at ({unit.x:.0f}, {unit.y:.0f}) (Grim)", rule=e.name)


@effect("places_of_power")
def places_of_power(game: Game, e: Entry) -> None:
    """Places of Power: the markers are placed by the First Player once it is known (first Magic Phase at the
    latest: ruling CW-13)."""
    game.state.notes["places-of-power"] = 1


def place_powers(game: Game) -> None:
    """The First Player puts 3 markers on the centreline, at least 16" apart."""
    data = game.stash.setdefault(STASH, {})
    if "powers" in data or not game.state.notes.get("places-of-power"):
        return
    e = next(x for x in active(game) if x.effect == "places_of_power")
    state = game.state
    apart = float(e.params.get("apart", 16))
    data["powers"] = []
    for i in range(int(e.params.get("count", 3)), 0, -1):
        game.call(_ask_power, i, apart)
    _ = state


def _ask_power(game: Game, i: int, apart: float) -> None:
    from skirmish import Param

    state = game.state
    powers = game.stash[STASH]["powers"]

    def err(x: float) -> str:
        if not 0 <= x <= state.width:
            return "the marker goes on the centreline, on the table"
        near = next((p for p in powers if abs(p[0] - x) < apart - 1e-9), None)
        return f"markers go at least {apart:g}\" apart (one is at x {near[0]:g})" if near else ""

    cands = [state.width / 2, state.width / 2 - 20, state.width / 2 + 20, 4.0, state.width - 4.0,
             *[float(x) for x in range(0, int(state.width) + 1, 2)]]
    examples = [{"x": x} for x in cands if not err(x)][:3]
    if not examples:
        game.emit("chaos", "no room for another Place of Power", rule="Places of Power")
        return
    game.ask(Decision(state.first, "marker", f"{state.first}: place Place of Power {4 - i} on the centreline (x)",
                      params=[Param("x", "float", 0.0, state.width, step=0.01)],
                      validator=lambda g, a: err(float(a["x"])) or None, examples=examples, rule="Places of Power",
                      context={"phase": game.phase or "Set-up", "action": "marker", "kind": "place-of-power"}),
             _power_placed)


def _power_placed(game: Game, answer: dict, ) -> None:  # type: ignore[type-arg]
    state = game.state
    x = float(answer["x"])
    game.stash[STASH]["powers"].append([x, state.centreline])
    game.emit("chaos", f"{state.first} places a Place of Power at x {x:g} on the centreline", rule="Places of Power")


@each("places_of_power", "Magic")
def powers_reward(game: Game, e: Entry) -> None:
    """At the start of each Magic Phase, whoever has more units within 4" of a marker gains 2 Mercury or a card."""
    from skirmish.geometry import Vec, distance

    state = game.state
    reach = float(e.params.get("reach", 4))
    for i, (x, y) in enumerate(game.stash.get(STASH, {}).get("powers", []), 1):
        count = {p: sum(1 for u in state.in_play() if state.allied(u.side, p) and distance(Vec(x, y), u.rect) <= reach
                        + 1e-9) for p in state.pair()}  # (team play: each team's units, the Warlord rewarded)
        a, b = state.pair()
        if count[a] == count[b]:
            continue
        w = a if count[a] > count[b] else b
        if state.notes.get(f"him:{w}"):
            continue
        game.call(_ask_power_reward, w, i)


def _ask_power_reward(game: Game, player: str, i: int) -> None:
    e = next(x for x in active(game) if x.effect == "places_of_power")
    m, c = int(e.params.get("mercury", 2)), int(e.params.get("cards", 1))
    opts = [Option("mercury", f"gain {m} Mercury", data={"action": "mercury"}), Option("card", f"draw {c} Fortune Card",
                                                                             data={"action": "card"})]
    game.ask(Decision(player, "power", f"{player} holds Place of Power {i}: Mercury or a card?", options=opts,
                      rule=e.name, context={"phase": "Magic", "action": "power"}), _power_reward, player)


def _power_reward(game: Game, answer: str, player: str) -> None:
    from skirmish_hobgoblin import fortune

    e = next(x for x in active(game) if x.effect == "places_of_power")
    if answer == "mercury":
        n = int(e.params.get("mercury", 2))
        game.state.sides[player].mercury += n
        game.emit("mercury", f"{player} gains {n} Mercury ({e.name})", rule=e.name, player=player, change=n)
    else:
        fortune.draw(game, player, int(e.params.get("cards", 1)), rule=e.name)


def fateful_deeds(game: Game, player: str) -> None:
    """Fateful Deeds: a Fortune Card played lets the opponent draw one."""
    from skirmish_hobgoblin import fortune

    if game.state.notes.get("fateful-deeds"):
        other = game.state.enemy_of(player)
        if not game.state.notes.get(f"him:{other}"):
            fortune.draw(game, other, int(game.state.notes["fateful-deeds"]), rule="Fateful Deeds")


@effect("tunnels")
def tunnels(game: Game, e: Entry) -> None:
    from skirmish_hobgoblin.chaos import tunnels as tunnel_rules

    tunnel_rules.split(game, e)
