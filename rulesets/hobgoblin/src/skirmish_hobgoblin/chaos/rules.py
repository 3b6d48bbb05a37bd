"""Chaos of War entries in play: one function per effect name (``@effect``), applied at game start, plus the
ones that act at a phase start (``@each``). Entries whose effect is "" are announced but not played yet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from skirmish import Keyword
from skirmish_hobgoblin.chaos import RULE, Entry, check_spec, choose, tables
from skirmish_hobgoblin.decide import decision, option
from skirmish_hobgoblin.state import Piece, layout_key

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
    return [tables()[t][e] for t, e in (i.split(":", 1) for i in ids)]


def game_start(game: Game) -> None:
    """Roll or take the set-up's entries, announce them, and apply those that act at set-up."""
    spec = check_spec(game.setup.get("chaos", ""))
    if not spec:
        return
    entries = choose(game, spec)
    game.stash.setdefault(STASH, {})["entries"] = [f"{e.table}:{e.id}" for e in entries]
    for e in entries:
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


def _clear(game: Game, x: float, y: float, size: float) -> bool:
    for p in game.state.pieces:
        xs, ys = [q[0] for q in p.points], [q[1] for q in p.points]
        if min(xs) - size < x < max(xs) + size and min(ys) - size < y < max(ys) + size:
            return False
    return True


def _random_spot(game: Game, e: Entry, y_lo: float, y_hi: float) -> tuple[float, float]:
    size = float(e.params.get("size", 6))
    w = game.state.width
    x = y = 0.0
    for _ in range(30):
        x = 8 + game.rng.roll(int(w - 16), rule=e.name, why="where the piece goes (x)")
        y = y_lo + game.rng.roll(max(1, int(y_hi - y_lo)), rule=e.name, why="where the piece goes (y)")
        if _clear(game, x, y, size):
            break
    return float(x), float(y)


@effect("add_terrain")
def add_terrain(game: Game, e: Entry) -> None:
    """Rubble and Ruins, Mushroom Groves, High Ground: pieces placed at random away from the table edges."""
    d = game.state.depth
    for _ in range(int(e.params.get("count", 1))):
        add_piece(game, e, *_random_spot(game, e, 8.0, d - 8.0))


@effect("centre_pieces")
def centre_pieces(game: Game, e: Entry) -> None:
    """Watch Tower, The Columns: pieces on the centreline, ``apart`` inches from each other, centred."""
    n, apart = int(e.params.get("count", 1)), float(e.params.get("apart", 0))
    mid = game.state.width / 2
    for i in range(n):
        add_piece(game, e, mid + (i - (n - 1) / 2) * apart, game.state.depth / 2)


@effect("marble_forest")
def marble_forest(game: Game, e: Entry) -> None:
    """The Marble Forest: 6 columns in two rows of three, each 18" from its neighbours, centred."""
    apart = float(e.params.get("apart", 18))
    cx, cy = game.state.width / 2, game.state.depth / 2
    for row in (-0.5, 0.5):
        for col in (-1, 0, 1):
            add_piece(game, e, cx + col * apart, cy + row * apart)


@effect("the_city")
def the_city(game: Game, e: Entry) -> None:
    """The City: blocks in a grid, each with the required empty lanes on every side."""
    size, gap = float(e.params.get("size", 6)), float(e.params.get("gap", 8))
    step = size + gap
    cx, cy = game.state.width / 2, game.state.depth / 2
    n = int(e.params.get("count", 6))
    cols = (n + 1) // 2
    for i in range(n):
        col, row = i % cols, i // cols
        add_piece(game, e, cx + (col - (cols - 1) / 2) * step * 1.5, cy + (row - 0.5) * step)


@effect("lodestone")
def lodestone(game: Game, e: Entry) -> None:
    """Lodestone: a piece in the centre; the magic rules read its place, range and discount from the stash."""
    x, y = game.state.width / 2, game.state.depth / 2
    add_piece(game, e, x, y)
    game.stash.setdefault(STASH, {})["lodestone"] = {"x": x, "y": y, "range": e.params.get("range", 4),
                                                     "discount": e.params.get("discount", 1)}


@effect("own_half_terrain")
def own_half_terrain(game: Game, e: Entry) -> None:
    """Founts of Magma: one piece in each half, more than 8" from the edges and the centreline."""
    d, edge = game.state.depth, float(e.params.get("edge", 8))
    size = float(e.params.get("size", 5))
    add_piece(game, e, *_random_spot(game, e, edge + size / 2, d / 2 - edge - size / 2))
    add_piece(game, e, *_random_spot(game, e, d / 2 + edge + size / 2, d - edge - size / 2))


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
    player picks ``count`` of their units to gain the keyword (Assassins' pick is shown when made: ruling CW-8)."""
    if game.round != 1:
        return
    for p in reversed(game.state.order()):
        game.call(_pick_ask, e.table, e.id, p, int(e.params.get("count", 1)))


def _pick_ask(game: Game, table: str, eid: str, player: str, left: int) -> None:
    e = tables()[table][eid]
    kw, value = str(e.params["keyword"]), e.params.get("value")
    text = f"{kw} [+{value}]" if value is not None else kw
    units = [u for u in game.state.of(player) if not (value is None and u.has(kw))]
    if left <= 0 or not units or game.state.notes.get(f"him:{player}"):
        return
    opts = [option(f"pick {u.id}", f"{u.name} gains {text}", action="pick", target=u.id, keyword=kw)
            for u in units]
    opts.append(option("done", "no more", action="done"))
    game.ask(decision(player, "chaos", f"{player}: {e.name} - which unit gains {text} ({left} left)?", options=opts,
                      rule=e.name, context={"phase": "Initiative", "action": "chaos", "entry": e.id}),
             _picked, table, eid, player, left)


def _picked(game: Game, answer: str, table: str, eid: str, player: str, left: int) -> None:
    if answer == "done":
        return
    e = tables()[table][eid]
    kw, value = str(e.params["keyword"]), e.params.get("value")
    u = game.state.units[answer.split()[1]]
    u.keywords.add(Keyword(kw, int(value), "add") if value is not None else Keyword(kw), log=game.log, rule=e.name)
    _pick_ask(game, table, eid, player, left - 1)


@effect("set_note")
def set_note(game: Game, e: Entry) -> None:
    """Desperate Fighting (no Panic step), Haunting Voices (1 more Doom from Panic): a game-long note the Doom
    Phase reads."""
    note = str(e.params["note"])
    game.state.notes[note] = game.state.notes.get(note, 0) + int(e.params.get("value", 1))
