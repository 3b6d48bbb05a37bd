"""What players see: the state as data, as text with a map of the table, and as an SVG picture.

The text map is 72 x 24 characters: one column is half an inch, one row an inch, north
(y = 24) at the top. Warriors are shown by a key letter: upper case for the first side,
lower case for the second (berserk warriors keep theirs). ``#`` is blocking terrain,
``~`` area terrain, ``+`` a shrine. ``skirmish svg SAVE`` draws a saved game.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from skirmish_chob_noggoth import warrior_profile
from skirmish_chob_noggoth.caches import game_caches
from skirmish_chob_noggoth.state import BERSERK, READY

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_chob_noggoth.state import ChobState, Warrior

#: map cells per inch across, and rows per inch
COLS_PER_INCH, ROWS_PER_INCH = 2, 1
BLOCKING, AREA, SHRINE, EMPTY = "#", "~", "+", "."
#: the columns the text fits (a terminal's 80)
WIDTH = 80
#: SVG colours per side (by seat), for warriors' bases
SIDE_COLOURS = ("#c0392b", "#2e6fbf", "#7d3c98", "#1e8449")




def _warrior_view(w: Warrior) -> dict[str, Any]:
    return {"id": w.id, "side": w.side, "name": w.name, "type": w.kind, "acting_as": w.acting_as,
            "quality": w.quality, "mounted": w.mounted, "rules": list(w.rules), "traits": list(w.traits),
            "wounds": w.wounds, "max_wounds": w.max_wounds, "x": round(w.x, 2), "y": round(w.y, 2),
            "base": w.radius * 2, "status": w.status, "aimed": w.aimed, "roles": list(w.roles),
            "boomstick_used": w.boomstick_used, "mercenary": w.mercenary, "cost": w.cost}


def _shown_fields(w: Warrior) -> tuple[Any, ...]:
    return (w.id, w.side, w.name, w.kind, w.role, w.quality, w.mounted, tuple(w.rules), tuple(w.traits), w.wounds,
            w.max_wounds, w.x, w.y, w.radius, w.status, w.aimed, tuple(w.roles), w.boomstick_used, w.mercenary, w.cost)


def _kept_views(game: Game) -> tuple[dict[str, tuple[int, tuple[Any, ...], dict[str, Any]]], list[Any]]:
    """Each warrior's stamp and fields at the last view of this state and the dict made of them, and the last
    terrain and shrine lists (a view hands out the same dict again while they are the same: views are read, never
    changed); kept in the game's speed caches."""
    caches, state = game_caches(game), game.state
    entry = caches.shown
    if entry is None or entry[0] is not state:
        entry = caches.shown = (state, {}, [None, None, None, None])
    return entry[1], entry[2]


def view_data(game: Game) -> dict[str, Any]:
    """Everything is open in Chob-Noggoth: the whole table as plain data.

    A warrior whose fields are the same as at the last view of this state is shown by the same dict (and the
    terrain and shrines by the same lists), so a reader can tell what changed by identity; views are read-only.
    An unchanged stamp (:class:`~skirmish_chob_noggoth.state.Warrior`) says so without reading the fields.
    """
    state = game.state
    shown, table = _kept_views(game)
    warriors = []
    for w in state.warriors.values():
        hit = shown.get(w.id)
        if hit is None or hit[0] != w.stamp:
            # a new stamp: fields assigned (perhaps to the same values: then the same dict again)
            fields = _shown_fields(w)
            hit = shown[w.id] = (w.stamp, fields, hit[2] if hit is not None and hit[1] == fields else _warrior_view(w))
        warriors.append(hit[2])
    pieces, shrines = tuple(state.pieces), tuple(state.shrines)
    if table[0] != pieces:
        table[0], table[1] = pieces, [{"id": p.id, "name": p.name, "kind": p.kind, "shape": p.shape, "x": p.x,
                                       "y": p.y, "w": p.w, "h": p.h} for p in pieces]
    if table[2] != shrines:
        table[2], table[3] = shrines, [{"id": s.id, "x": s.x, "y": s.y} for s in shrines]
    return {
        "round_type": state.round_type,
        "divine_die": game.setup.get("options", {}).get("divine_die", "2d6") if isinstance(game.setup, dict) else "2d6",
        "max_rounds": game.setup.get("options", {}).get("max_rounds", 0) if isinstance(game.setup, dict) else 0,
        "sides": {p: {"letter": s.letter, "edge": s.edge, "warband": s.warband, "starting": s.starting,
                      "divine_points": s.divine_points, "heroic_death": s.heroic_death}
                  for p, s in state.sides.items()},
        "warriors": warriors,
        "terrain": table[1],
        "shrines": table[3],
    }


# ------------------------------------------------------------------------------------- text


def keys(state: ChobState) -> dict[str, str]:
    """The map letter of every warrior: A, B, C... for the first side, a, b, c... for the second."""
    out: dict[str, str] = {}
    for i, player in enumerate(state.sides):
        alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if i % 2 == 0 else "abcdefghijklmnopqrstuvwxyz"
        extra = "0123456789" if i % 2 == 0 else "@$%&*?!=<>"
        symbols = alphabet + extra
        n = 0
        for w in state.warriors.values():
            if w.side == player:
                out[w.id] = symbols[n] if n < len(symbols) else "?"
                n += 1
    return out


def cell_of(state: ChobState, x: float, y: float) -> tuple[int, int]:
    """(row, column) of the map cell holding the point (x, y); row 0 is the north edge."""
    cols, rows = int(state.width * COLS_PER_INCH), int(state.depth * ROWS_PER_INCH)
    col = min(cols - 1, max(0, int(x * COLS_PER_INCH)))
    row = min(rows - 1, max(0, int((state.depth - y) * ROWS_PER_INCH)))
    return row, col


def _inside(piece: Any, x: float, y: float) -> bool:
    if piece.shape == "circle":
        return math.hypot(x - piece.x, y - piece.y) <= piece.w / 2
    return abs(x - piece.x) <= piece.w / 2 and abs(y - piece.y) <= piece.h / 2


def text_map(state: ChobState) -> list[str]:
    """The table as lines of characters, with an x ruler above and below and y labels at the sides."""
    cols, rows = int(state.width * COLS_PER_INCH), int(state.depth * ROWS_PER_INCH)
    grid = [[EMPTY] * cols for _ in range(rows)]
    for r in range(rows):
        y = state.depth - (r + 0.5) / ROWS_PER_INCH
        for c in range(cols):
            x = (c + 0.5) / COLS_PER_INCH
            for p in state.pieces:
                if _inside(p, x, y):
                    grid[r][c] = BLOCKING if p.kind == "blocking" else AREA
                    if p.kind == "blocking":
                        break
    for s in state.shrines:
        r, c = cell_of(state, s.x, s.y)
        grid[r][c] = SHRINE
    letters = keys(state)
    shown = [w for w in state.warriors.values() if w.on_table]
    # the cells a base covers get its letter; its centre cell is drawn last so it always shows
    for w in shown:
        for r in range(rows):
            y = state.depth - (r + 0.5) / ROWS_PER_INCH
            if abs(y - w.y) > w.radius:
                continue
            for c in range(cols):
                x = (c + 0.5) / COLS_PER_INCH
                if math.hypot(x - w.x, y - w.y) < w.radius:
                    grid[r][c] = letters[w.id]
    for w in shown:
        r, c = cell_of(state, w.x, w.y)
        grid[r][c] = letters[w.id]
    _label_shrines(state, grid)
    ruler = "".join(f"{x:<8d}" for x in range(0, int(state.width), 4))[:cols]
    out = ["    " + ruler, "   +" + "-" * cols + "+"]
    for r, row in enumerate(grid):
        y_top = state.depth - r / ROWS_PER_INCH
        label = f"{y_top:2.0f}" if r % 4 == 0 else "  "
        out.append(f"{label} |" + "".join(row) + "|")
    out.append("   +" + "-" * cols + "+")
    out.append("    " + ruler)
    return out


def _label_shrines(state: ChobState, grid: list[list[str]]) -> None:
    """Write each shrine's name (``s4``) beside its ``+`` where the cells are free (right, else left), so a choice
    such as "head for shrine s4" can be found on the map."""
    free = (EMPTY, AREA, BLOCKING)
    for s in state.shrines:
        r, c = cell_of(state, s.x, s.y)
        if grid[r][c] != SHRINE:
            continue  # a warrior stands on it: its letter shows, the list of shrines names it
        label = str(s.id)
        right = grid[r][c + 1:c + 1 + len(label)]
        left = grid[r][max(0, c - len(label)):c]
        if len(right) == len(label) and all(x in free for x in right):
            grid[r][c + 1:c + 1 + len(label)] = list(label)
        elif len(left) == len(label) and all(x in free for x in left):
            grid[r][c - len(label):c] = list(label)


def _edge_label(state: ChobState, edge: str) -> str:
    who = [p for p, s in state.sides.items() if s.edge == edge]
    return f"{edge} edge" + (f" ({', '.join(who)})" if who else "")


def describe(game: Game, player: str | None) -> str:
    """The table as a person reads it: the round, a map with a legend, and each side's warriors."""
    state = game.state
    limit = game.setup.get("options", {}).get("max_rounds", 0) if isinstance(game.setup, dict) else 0
    round_name = _round_name(game)
    head = f"Chob-Noggoth - round {game.round}" + (f" of {limit}" if limit else "")
    if round_name:
        head += f": {round_name}" + (f" (rolled {state.round_roll})" if state.round_roll else "")
    if game.phase:
        head += f" - {game.phase}"
    lines = [head, ""]
    lines.append(f"    north = {_edge_label(state, 'north')}")
    lines.extend(text_map(state))
    lines.append(f"    south = {_edge_label(state, 'south')}")
    lines.append(f"    1 column = 0.5\", 1 row = 1\".  {BLOCKING} blocking terrain  {AREA} area terrain (cover)")
    lines.append(f"    {SHRINE}s1 shrine s1  A-Z {_first_side(state)}  a-z the other side")
    letters = keys(state)
    for p, side in state.sides.items():
        lines.append("")
        lines.append(f"{p} - Player {side.letter or '?'}, {side.edge or 'no edge yet'}: {side.warband}; "
                     f"DI points {side.divine_points}" + ("; inspired by a Heroic Death" if side.heroic_death else ""))
        lines.append(_table([_row(game, w, letters[w.id]) for w in state.warriors.values() if w.side == p]))
    return "\n".join(lines)


def _first_side(state: ChobState) -> str:
    return next(iter(state.sides), "first side")


def _round_name(game: Game) -> str:
    state = game.state
    if not state.round_roll:
        return state.round_type
    try:
        return str(game.ruleset.content.round_kind(state.round_roll).name)
    except (AttributeError, KeyError, ValueError):
        return state.round_type


_COLUMNS = ("key", "id", "name", "acting as", "quality", "W", "at", "status", "aim", "dice", "hit", "shoot",
            "save", "range", "rules and traits")


def _row(game: Game, w: Warrior, key: str) -> list[str]:
    nums = warrior_profile.describe_type(game, w)
    acting = w.acting_as + (f" ({'/'.join(w.roles)})" if len(w.roles) > 1 else "")
    acting += " mounted" if w.mounted and not warrior_profile.is_monster(w) else ""
    rng = nums["range"]
    reach = "-" if not rng else ("any" if rng == "any" else f"{float(rng):g}\"")
    save = nums["save"]
    status = w.status + (" (boomstick used)" if w.boomstick_used else "")
    return [key, w.id, w.name, acting, w.quality.capitalize() or "-", f"{w.wounds}/{w.max_wounds}",
            f"({w.x:4.1f},{w.y:4.1f})" if w.status in (READY, BERSERK) else "-", status, "yes" if w.aimed else "",
            str(nums["dice"]), f"{nums['melee']}+", f"{nums['shoot']}+" if nums["shoot"] else "-",
            save if isinstance(save, str) else f"{save}+", reach, ", ".join([*w.rules, *w.traits]) or "-"]


#: the columns of a warrior's first line when the table is too wide for one (the rest go on a second line)
_FIRST = (0, 1, 2, 5, 6, 7)


def _table(rows: list[list[str]], width: int = WIDTH) -> str:
    """The warriors as a table: one line each when that fits ``width``, else two (who, wounds, where and how;
    then what it acts as and its numbers and rules, wrapped under it)."""
    if not rows:
        return "  (no warriors)"
    widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(_COLUMNS)]
    fmt = "  " + "  ".join(f"{{:<{n}}}" for n in widths[:-1]) + "  {}"
    out = [fmt.format(*_COLUMNS)]
    out.extend(fmt.format(*r) for r in rows)
    if max(len(line.rstrip()) for line in out) <= width:
        return "\n".join(line.rstrip() for line in out)
    import textwrap

    first = "  " + "  ".join(f"{{:<{widths[i]}}}" for i in _FIRST)
    lines = [first.format(*(_COLUMNS[i] for i in _FIRST)).rstrip(),
             "      then: acting as, quality; attack dice, hit, shoot, save, range; rules"]
    for r in rows:
        lines.append(_clip_text(first.format(*(r[i] for i in _FIRST)).rstrip(), width))
        _, _, _, acting, quality, _, _, _, aim, dice, hit, shoot, save, reach, rules = r
        more = (f"{acting}, {quality}{', aimed' if aim else ''}; {dice} dice, hit {hit}, shoot {shoot}, "
                f"save {save}, range {reach}; {rules}")
        lines += textwrap.wrap(more, width=width, initial_indent="      ", subsequent_indent="        ",
                               break_on_hyphens=False)
    return "\n".join(lines)


def _clip_text(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 3].rstrip() + "..."
