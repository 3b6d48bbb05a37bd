"""What a player sees: plain-data views (hands hidden from the other player) and a text map of the table."""

from __future__ import annotations

import math
import textwrap
from typing import TYPE_CHECKING, Any

from skirmish_hobgoblin import expansions, measuring, stats
from skirmish_hobgoblin.state import READY, Derived, derived

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_hobgoblin.state import Unit


def courages(game: Game) -> dict[str, int]:
    """Every unit's Courage now (memoised while no unit moves or changes: a derived cache of the state). After a
    change only the units it can touch are asked again (:func:`_asked_again`); the others keep their value."""
    key = stats._stable_key(game)
    d = derived(game.state)
    kept = d.courage
    if kept[0] != key:
        state = game.state
        commanders = stats.commanders_of(state)
        contacts = measuring.contact_map(state)
        again = _asked_again(kept[0], key, kept[2] if len(kept) > 2 else None, contacts)
        old = kept[1]
        d.courage = (key, {u.id: (stats.courage(game, u, commanders) if u.in_play else u.courage)
                           if again is None or u.id in again else old[u.id]
                           for u in state.units.values()}, contacts)
    return d.courage[1]


def _asked_again(old: Any, new: Any, was: dict[str, list[str]] | None, contacts: dict[str, list[str]]
                 ) -> set[str] | None:
    """The units whose Courage may differ between two :func:`stats._stable_key` answers (None: every unit): those
    whose row changed and those touching one of them before or after (Stubborn, Outmanoeuvred). Every unit when the
    ruleset, the notes or the units differ, or when a changed unit holds Command before or after (its range reaches
    others)."""
    if old is None or was is None or old[0] != new[0] or old[1] != new[1] or len(old[2]) != len(new[2]):
        return None
    changed: set[str] = set()
    for a, b in zip(old[2], new[2], strict=True):
        if a == b:
            continue
        if a[0] != b[0]:
            return None
        for entries in (a[10], b[10]):
            for e in entries:
                if e.name == "Command":
                    return None
        changed.add(b[0])
    again = set(changed)
    for uid in changed:
        again.update(was.get(uid, ()))
        again.update(contacts.get(uid, ()))
    return again


def keywords_text(u: Unit, game: Game | None = None) -> str:
    """``str(u.keywords)``, kept per unit id while its keyword copies are the same (a derived cache of ``game``'s
    state)."""
    if game is None or game.state is None:
        return str(u.keywords)
    memo = derived(game.state).keywords_text
    entries = tuple(u.keywords.entries)
    found = memo.get(u.id)
    if found is not None and found[0] == entries:
        return found[1]
    if len(memo) > 4096:
        memo.clear()
    text = str(u.keywords)
    memo[u.id] = (entries, text)
    return text


def unit_data(game: Game, u: Unit, courage: dict[str, int] | None = None,
              contacts: dict[str, list[str]] | None = None, kept: Derived | None = None) -> dict[str, Any]:
    """A unit as the view shows it (a fresh dict; kept per unit while everything it shows is the same)."""
    courage = courage if courage is not None else courages(game)
    contacts = contacts if contacts is not None else measuring.contact_map(game.state)
    value = courage.get(u.id, u.courage)
    engaged = tuple(contacts.get(u.id, ())) if u.in_play else ()
    read = (u.side, u.name, u.type, u.x, u.y, u.facing, u.width, u.depth, u.doom, value, u.status, u.speed,
            u.points, tuple(u.keywords.entries), engaged, u.team)
    # each unit's view data with everything it was made from, by unit id (a derived cache of the state)
    memo = (kept or derived(game.state)).unit_data
    found = memo.get(u.id)
    if found is not None and found[0] is u and found[1] == read:
        data = found[2].copy()
        data["engaged"] = list(engaged)
        return data
    if len(memo) > 4096:
        memo.clear()
    data = {"id": u.id, "side": u.side, "name": u.name, "type": u.type, "x": round(u.x, 3), "y": round(u.y, 3),
            "facing": round(u.facing, 2), "width": round(u.width, 3), "depth": round(u.depth, 3), "doom": u.doom,
            "courage": value, "status": u.status, "speed": stats.speed(u),
            "points": u.points, "keywords": keywords_text(u, game),
            "engaged": list(engaged), **({"team": u.team} if u.team else {})}
    memo[u.id] = (u, read, data.copy())
    return data


class ViewData(dict):  # type: ignore[type-arg]
    """A view: plain data, and besides it (never part of the data: not compared, copied, pickled or shown) the AI's
    memos of the game, kept with its state (``Derived.ai``: read by :func:`skirmish_hobgoblin.ai.board.memo`)."""

    __slots__ = ("memos",)

    def __reduce__(self) -> tuple[Any, ...]:
        return dict, (dict(self),)


def view_data(game: Game, player: str | None) -> dict[str, Any]:
    state = game.state
    if state is None:
        return {}
    courage, contacts = courages(game), measuring.contact_map(state)
    out = ViewData(_view_data(game, player, courage, contacts))
    out.memos = derived(state).ai
    return out


def _view_data(game: Game, player: str | None, courage: dict[str, int], contacts: dict[str, list[str]]
               ) -> dict[str, Any]:
    state = game.state
    kept = derived(state)
    return {
        "scenario": state.scenario, "first": state.first, "table": [state.width, state.depth],
        "units": [unit_data(game, u, courage, contacts, kept) for u in state.units.values()],
        "sides": {p: {"army": s.army, "mercury": s.mercury, "vp": s.vp, "half": s.half, "role": s.role,
                      "hand": s.hand.view(player)} for p, s in state.sides.items()},
        "deck": len(state.deck.draw_pile), "discards": list(state.deck.discard_pile),
        "terrain": _terrain_data(game, state.pieces),
        "markers": [{"id": m.id, "kind": m.kind, "x": m.x, "y": m.y, "owner": m.owner, "removed": m.removed}
                    for m in state.markers],
        "activation": ({"unit": state.activation.unit, "mp": state.activation.mp} if state.activation else {}),
        **expansion_views(game, player),
    }


def expansion_views(game: Game, player: str | None) -> dict[str, Any]:
    """The expansions' sections of the view (``hobgoblin_view``: Chaos of War, team play, the narrative scenarios)."""
    out: dict[str, Any] = {}
    for sections in reversed(expansions.call(game, "hobgoblin_view", player=player)):
        out.update(sections)
    return out


def _terrain_data(game: Game, pieces: list[Any]) -> list[dict[str, Any]]:
    """The view's terrain entries (a fresh list and dicts each view; the point lists are kept per set of pieces, a
    derived cache of the state: pieces are frozen and the view is read-only below its top level)."""
    d = derived(game.state)
    kept, entries = d.terrain
    if len(kept) != len(pieces) or any(a is not b for a, b in zip(kept, pieces, strict=False)):
        entries = [(p.name, list(p.keywords), [list(q) for q in p.points]) for p in pieces]
        d.terrain = (tuple(pieces), entries)
    return [{"name": n, "keywords": list(k), "points": pts} for n, k, pts in entries]


def text_map(game: Game, cols: int = 72, rows: int = 24) -> list[str]:
    """A character map of the table: terrain ``#`` (impassable) ``%`` (other), units by id letter, markers ``o``."""
    state = game.state
    sx, sy = cols / state.width, rows / state.depth
    grid = [[" "] * cols for _ in range(rows)]
    from skirmish.geometry import Vec, contains
    from skirmish_hobgoblin.state import table_of

    table = table_of(state)
    for r in range(rows):
        for c in range(cols):
            pt = Vec((c + 0.5) / sx, state.depth - (r + 0.5) / sy)
            hit = table.terrain_at(pt)
            if hit:
                grid[r][c] = "#" if hit[0].has("impassable") else "%"
    for m in state.markers:
        if not m.removed:
            r, c = int((state.depth - m.y) * sy), int(m.x * sx)
            if 0 <= r < rows and 0 <= c < cols:
                grid[r][c] = "o"
    for u in state.in_play():
        rect = u.rect
        mark = u.id[0].upper() if state.allied(u.side, state.first) else u.id[0].lower()  # the First Player's team
        for r in range(rows):
            for c in range(cols):
                pt = Vec((c + 0.5) / sx, state.depth - (r + 0.5) / sy)
                if contains(rect, pt):
                    grid[r][c] = mark
        f = rect.front_centre
        r, c = int((state.depth - f.y) * sy), int(f.x * sx)
        if 0 <= r < rows and 0 <= c < cols:
            grid[r][c] = _arrow(u.facing)
        label = u.id[1:]
        rr = min(rows - 1, max(0, int((state.depth - u.y) * sy)))
        if rr == r:  # a shallow unit: put its number beside the arrow
            rr = min(rows - 1, rr + 1) if _arrow(u.facing) == "^" else max(0, rr - 1)
        for k, ch in enumerate(label):
            cc = int(u.x * sx) + k
            if 0 <= cc < cols:
                grid[rr][cc] = ch
    return _framed(state, grid, cols, rows)


#: what the characters of the text map mean
LEGEND = ("# impassable terrain, % other terrain, o marker, ^>v< a unit's front edge; a unit is its side's "
          "letter (upper case: the First Player's side) and its number: R with 1 is unit r1")


def _framed(state: Any, grid: list[list[str]], cols: int, rows: int) -> list[str]:
    """The grid with a compass, an inch ruler along the top and bottom (x) and the left (y), and a legend."""
    step = 12 if state.width > 36 else 6
    ruler = [" "] * (cols + 1)
    for x in range(0, int(state.width) + 1, step):
        c = min(cols, round(x * cols / state.width))
        text = str(x)
        start = min(cols + 1 - len(text), max(0, c - (len(text) - 1 if c == cols else 0)))
        ruler[start:start + len(text)] = list(text)
    ticks = "".join(ruler)
    edge = "    +" + "-" * cols + "+"
    out = [f"    north ^ (y = {state.depth:g}\")  x and y in inches from the south-west corner", "    " + ticks, edge]
    per_row = state.depth / rows
    labelled = max(1, round(step / per_row))
    for r, row in enumerate(grid):
        y = state.depth - r * per_row
        label = f"{y:3.0f}" if r % labelled == 0 else "   "
        out.append(f"{label} |" + "".join(row) + "|")
    out += [edge, "    " + ticks, "    south (y = 0)"]
    out += textwrap.wrap(LEGEND, 80, initial_indent="    ", subsequent_indent="    ")
    return out


def _arrow(facing: float) -> str:
    return "^<v>"[int(((facing - 90) % 360 + 45) // 90) % 4]


def unit_line(game: Game, u: Unit) -> str:
    eng = measuring.engaged(game.state, u) if u.in_play else []
    status = [k for k in ("Broken", "Distracted", "Outmanoeuvred") if u.has(k)]
    extra = f" engaged with {', '.join(e.id for e in eng)}" if eng else ""
    return (f"{u.id:>4} {u.name[:20]:<20} {u.type_name[:14]:<14} Doom {u.doom:>2}/{stats.break_point(game, u):<2} "
            f"({u.x:4.1f},{u.y:4.1f}) {u.facing:3.0f}d {' '.join(status)}{extra}")


def describe(game: Game, player: str | None) -> str:
    state = game.state
    lines = [f"Round {game.round} {game.phase} - scenario {game.ruleset.scenarios[state.scenario].name if state.scenario in game.ruleset.scenarios else state.scenario} - First Player {state.first or '?'}"]  # noqa: E501
    lines += text_map(game)
    for more in reversed(expansions.call(game, "hobgoblin_describe", player=player)):
        lines += more  # (Chaos of War, team play)
    for p, s in state.sides.items():
        hand = s.hand.view(player)
        shown = ", ".join(_card(game, c) for c in hand) if isinstance(hand, list) else f"{hand} cards"
        lines += textwrap.wrap(f"{p}: {s.army} ({s.half}) Mercury {s.mercury} VP {s.vp} hand: {shown}", 80,
                               subsequent_indent="  ")
        for u in state.units.values():
            if u.side == p and u.status == READY:
                lines.append(unit_line(game, u))
    return "\n".join(lines)


def _card(game: Game, cid: str) -> str:
    from skirmish_hobgoblin.fortune import card_name

    return card_name(game, cid)


def brief(game: Game, player: str) -> str:
    state = game.state
    out = [f"R{game.round} {game.phase} | first {state.first}"]
    for p, s in state.sides.items():
        units = state.of(p)
        out.append(f"{p}: {len(units)} units, {sum(u.points for u in units)} pts, Mercury {s.mercury}, VP {s.vp}")
    _ = math
    return "\n".join(out)
