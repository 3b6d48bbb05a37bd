"""What players see: the state as data, as text with a map of the table, and as an SVG picture.

The text map is 72 x 24 characters: one column is half an inch, one row an inch, north
(y = 24) at the top. Warriors are shown by a key letter: upper case for the first side,
lower case for the second (berserk warriors keep theirs). ``#`` is blocking terrain,
``~`` area terrain, ``+`` a shrine. ``skirmish svg SAVE`` draws a saved game.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from skirmish_chob_noggoth import profile
from skirmish_chob_noggoth.state import BERSERK, READY

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_chob_noggoth.state import ChobState, Warrior

#: map cells per inch across, and rows per inch
COLS_PER_INCH, ROWS_PER_INCH = 2, 1
BLOCKING, AREA, SHRINE, EMPTY = "#", "~", "+", "."
#: SVG colours per side (by seat), for warriors' bases
SIDE_COLOURS = ("#c0392b", "#2e6fbf", "#7d3c98", "#1e8449")


#: per game state: each warrior's stamp and fields at the last view and the dict made of them, and the last terrain
#: and shrine lists (a view hands out the same dict again while they are the same: views are read, never changed)
_SHOWN: dict[int, tuple[ChobState, dict[str, tuple[int, tuple[Any, ...], dict[str, Any]]], list[Any]]] = {}


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as XML entities (as ``xml.sax.saxutils.escape``, whose import pulls in urllib and
    http: 70 ms, paid by the first AI decision of every process since the view lives here)."""
    from skirmish import safe_text  # names from files: no control sequences (invalid in XML too)

    return safe_text(text).replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def _warrior_view(w: Warrior) -> dict[str, Any]:
    return {"id": w.id, "side": w.side, "name": w.name, "type": w.kind, "acting_as": w.acting_as,
            "quality": w.quality, "mounted": w.mounted, "rules": list(w.rules), "traits": list(w.traits),
            "wounds": w.wounds, "max_wounds": w.max_wounds, "x": round(w.x, 2), "y": round(w.y, 2),
            "base": w.radius * 2, "status": w.status, "aimed": w.aimed, "roles": list(w.roles),
            "boomstick_used": w.boomstick_used, "mercenary": w.mercenary, "cost": w.cost}


def _shown_fields(w: Warrior) -> tuple[Any, ...]:
    return (w.id, w.side, w.name, w.kind, w.role, w.quality, w.mounted, tuple(w.rules), tuple(w.traits), w.wounds,
            w.max_wounds, w.x, w.y, w.radius, w.status, w.aimed, tuple(w.roles), w.boomstick_used, w.mercenary, w.cost)


def _kept_views(state: ChobState) -> tuple[dict[str, tuple[int, tuple[Any, ...], dict[str, Any]]], list[Any]]:
    entry = _SHOWN.get(id(state))
    if entry is None or entry[0] is not state:
        if len(_SHOWN) > 32:
            _SHOWN.clear()
        entry = _SHOWN[id(state)] = (state, {}, [None, None, None, None])
    return entry[1], entry[2]


def view_data(game: Game) -> dict[str, Any]:
    """Everything is open in Chob-Noggoth: the whole table as plain data.

    A warrior whose fields are the same as at the last view of this state is shown by the same dict (and the
    terrain and shrines by the same lists), so a reader can tell what changed by identity; views are read-only.
    An unchanged stamp (:class:`~skirmish_chob_noggoth.state.Warrior`) says so without reading the fields.
    """
    state = game.state
    shown, table = _kept_views(state)
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
    ruler = "".join(f"{x:<8d}" for x in range(0, int(state.width), 4))[:cols]
    out = ["    " + ruler, "   +" + "-" * cols + "+"]
    for r, row in enumerate(grid):
        y_top = state.depth - r / ROWS_PER_INCH
        label = f"{y_top:2.0f}" if r % 4 == 0 else "  "
        out.append(f"{label} |" + "".join(row) + "|")
    out.append("   +" + "-" * cols + "+")
    out.append("    " + ruler)
    return out


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
    lines.append(f"    1 column = 0.5\", 1 row = 1\".  {BLOCKING} blocking terrain  {AREA} area terrain (cover)  "
                 f"{SHRINE} shrine  A-Z first side, a-z second side")
    letters = keys(state)
    for p, side in state.sides.items():
        lines.append("")
        lines.append(f"{p} - Player {side.letter or '?'}, {side.edge or 'no edge yet'}: {side.warband}; "
                     f"DI points {side.divine_points}" + ("; inspired by a Heroic Death" if side.heroic_death else ""))
        lines.append(_table([_row(game, w, letters[w.id]) for w in state.warriors.values() if w.side == p]))
    return "\n".join(lines)


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
    nums = profile.describe_type(game, w)
    acting = w.acting_as + (f" ({'/'.join(w.roles)})" if len(w.roles) > 1 else "")
    acting += " mounted" if w.mounted and not profile.is_monster(w) else ""
    rng = nums["range"]
    reach = "-" if not rng else ("any" if rng == "any" else f"{float(rng):g}\"")
    save = nums["save"]
    status = w.status + (" (boomstick used)" if w.boomstick_used else "")
    return [key, w.id, w.name, acting, w.quality.capitalize() or "-", f"{w.wounds}/{w.max_wounds}",
            f"({w.x:4.1f},{w.y:4.1f})" if w.status in (READY, BERSERK) else "-", status, "yes" if w.aimed else "",
            str(nums["dice"]), f"{nums['melee']}+", f"{nums['shoot']}+" if nums["shoot"] else "-",
            save if isinstance(save, str) else f"{save}+", reach, ", ".join([*w.rules, *w.traits]) or "-"]


def _table(rows: list[list[str]]) -> str:
    if not rows:
        return "  (no warriors)"
    widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(_COLUMNS)]
    fmt = "  " + "  ".join(f"{{:<{n}}}" for n in widths[:-1]) + "  {}"
    out = [fmt.format(*_COLUMNS)]
    out.extend(fmt.format(*r) for r in rows)
    return "\n".join(line.rstrip() for line in out)


# -------------------------------------------------------------------------------------- SVG

SCALE = 20  # pixels per inch at the picture's natural size
#: the panel beside the table (legend, sides, casualties, what just happened), in inches
PANEL = 17.0
#: event kinds that are not news for a player (dice, answers, bookkeeping)
QUIET = frozenset({"roll", "draw", "answer", "phase", "round", "start", "step", "decision"})
CASUALTY_GREY = "#7f7f7f"


def _news(game: Game, count: int = 6) -> list[str]:
    """The texts of the last ``count`` events a player cares about (oldest first)."""
    events = getattr(game.log, "events", [])
    texts = [e.text for e in events if e.kind not in QUIET and e.text]
    return texts[-count:]


def _casualty(game: Game, w: Warrior) -> str:
    """How a warrior left the table ("dead", "fled", "split"), or "" while it is on it."""
    if w.status == "dead":
        return "split" if f"{w.id}-front" in game.state.warriors else "dead"
    return w.status if w.status == "fled" else ""


def svg(game: Game) -> str:
    """An SVG picture of the table a player could print (north at the top).

    The table with terrain, shrines and every warrior on it (its map letter on the base, its
    name and wounds beside it, a ring when Aimed, a dashed ring when Berserk); the dead and
    the fled marked by a grey cross or a grey dashed ring where they were last; a scale bar;
    and a panel with the round, the sides, a legend, the casualties and what just happened.
    """
    state = game.state
    width, depth = state.width, state.depth
    margin, top = 1.5, 3.2
    total_w, total_h = width + PANEL + 2 * margin, depth + top + 3.0

    def sy(y: float) -> float:
        return round(depth - y, 3)

    letters = keys(state)
    colours = {p: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, p in enumerate(state.sides)}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-margin:g} {-top:g} {total_w:g} {total_h:g}" '
             f'width="{total_w * SCALE:g}" height="{total_h * SCALE:g}" font-family="sans-serif">',
             f"<title>{escape(_svg_title(game))}</title>",
             '<style>.blocking{fill:#6b6459;stroke:#3b362f;stroke-width:0.08}'
             '.area{fill:#7fae5a;fill-opacity:0.55;stroke:#4f7a33;stroke-width:0.06;stroke-dasharray:0.3 0.2}'
             '.shrine{fill:#f4d03f;stroke:#9a7d0a;stroke-width:0.06}'
             '.warrior{stroke:#111;stroke-width:0.06}.aimed{stroke:#f1c40f;stroke-width:0.16}'
             '.berserk{stroke:#e67e22;stroke-width:0.16;stroke-dasharray:0.2 0.1}'
             '.label{font-size:0.55px;text-anchor:middle;dominant-baseline:central;fill:#fff;font-weight:bold}'
             '.name{font-size:0.42px;text-anchor:middle;fill:#111;paint-order:stroke;stroke:#fff;'
             'stroke-width:0.12}'
             '.wounds{font-size:0.38px;text-anchor:middle;fill:#111;paint-order:stroke;stroke:#fff;'
             'stroke-width:0.1}.last{fill:#b03a2e;font-weight:bold}'
             f'.casualty{{stroke:{CASUALTY_GREY};stroke-width:0.12;fill:none}}'
             f'.gone{{font-size:0.4px;text-anchor:middle;fill:{CASUALTY_GREY}}}'
             '.edge{font-size:0.7px;fill:#333;text-anchor:middle}.head{font-size:0.95px;font-weight:bold;fill:#222}'
             '.sub{font-size:0.6px;fill:#333}.panel{font-size:0.5px;fill:#222}.heading{font-size:0.6px;'
             'font-weight:bold;fill:#222}.scale{stroke:#222;stroke-width:0.08}.tick{font-size:0.4px;fill:#333;'
             'text-anchor:middle}</style>',
             f'<text class="head" x="0" y="-2.1">{escape(_svg_title(game))}</text>',
             f'<text class="sub" x="0" y="-1.25">{escape(_status_line(game))}</text>',
             f'<rect class="table" x="0" y="0" width="{width:g}" height="{depth:g}" fill="#d9c8a0" '
             'stroke="#5a4a2a" stroke-width="0.1"/>']
    for x in range(6, int(width), 6):  # light guides every 6"
        parts.append(f'<line x1="{x}" y1="0" x2="{x}" y2="{depth:g}" stroke="#b9a77f" stroke-width="0.03"/>')
    for y in range(6, int(depth), 6):
        parts.append(f'<line x1="0" y1="{sy(y):g}" x2="{width:g}" y2="{sy(y):g}" stroke="#b9a77f" '
                     'stroke-width="0.03"/>')
    for p in state.pieces:
        cls = "blocking" if p.kind == "blocking" else "area"
        name = escape(f"{p.name} ({p.kind})")
        if p.shape == "circle":
            parts.append(f'<ellipse class="{cls}" cx="{p.x:g}" cy="{sy(p.y):g}" rx="{p.w / 2:g}" ry="{p.w / 2:g}">'
                         f"<title>{name}</title></ellipse>")
        else:
            parts.append(f'<rect class="{cls}" x="{p.x - p.w / 2:g}" y="{sy(p.y + p.h / 2):g}" width="{p.w:g}" '
                         f'height="{p.h:g}"><title>{name}</title></rect>')
    shrine_r = float(game.ruleset.content.table.shrine_diameter) / 2
    for s in state.shrines:
        parts.append(_shrine_mark(s.x, sy(s.y), f"shrine {s.id}", shrine_r))
    for w in state.warriors.values():
        gone = _casualty(game, w)
        if gone and 0 < w.x < width and 0 < w.y < depth:
            parts.extend(_casualty_mark(w, sy(w.y), letters[w.id], gone))
    for w in state.warriors.values():
        if w.on_table:
            parts.extend(_warrior_mark(game, w, sy(w.y), letters[w.id], colours.get(w.side, "#888")))
    for edge, y in (("north", -0.35), ("south", depth + 0.75)):
        parts.append(f'<text class="edge" x="{width / 2:g}" y="{y:g}">{escape(_edge_label(state, edge))}</text>')
    parts.extend(_scale_bar(depth + 1.3))
    parts.extend(_panel(game, width + 1.2, letters, colours))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _shrine_mark(cx: float, cy: float, title: str, r: float = 0.5) -> str:
    points = f"{cx:g},{cy - r:g} {cx + r:g},{cy:g} {cx:g},{cy + r:g} {cx - r:g},{cy:g}"
    return f'<polygon class="shrine" points="{points}"><title>{escape(title)}</title></polygon>'


def _warrior_mark(game: Game, w: Warrior, cy: float, letter: str, colour: str) -> list[str]:
    cls = "warrior" + (" aimed" if w.aimed else "") + (" berserk" if w.status == BERSERK else "")
    status = "berserk" if w.status == BERSERK else ("aimed" if w.aimed else "")
    tip = escape(f"{letter} {w.name} ({w.side}): {w.acting_as}, {w.wounds}/{w.max_wounds} wounds"
                 + (f", {status}" if status else ""))
    last = " last" if w.wounds <= 1 else ""
    return [f'<circle class="{cls}" data-id="{escape(w.id)}" data-side="{escape(w.side)}" cx="{w.x:.3f}" '
            f'cy="{cy:.3f}" r="{w.radius:g}" fill="{colour}"><title>{tip}</title></circle>',
            f'<text class="label" x="{w.x:.3f}" y="{cy:.3f}">{escape(letter)}</text>',
            f'<text class="name" data-id="{escape(w.id)}" x="{w.x:.3f}" y="{cy + w.radius + 0.45:.3f}">'
            f"{escape(w.name)}{' (berserk)' if w.status == BERSERK else ''}</text>",
            f'<text class="wounds{last}" x="{w.x:.3f}" y="{cy - w.radius - 0.12:.3f}">'
            f"{w.wounds}/{w.max_wounds}W</text>"]


def _casualty_mark(w: Warrior, cy: float, letter: str, how: str) -> list[str]:
    r = w.radius
    tip = escape(f"{letter} {w.name} ({w.side}): {how}")
    out = [f'<g class="casualty {how}" data-id="{escape(w.id)}"><title>{tip}</title>']
    if how == "fled":
        out.append(f'<circle class="casualty" cx="{w.x:.3f}" cy="{cy:.3f}" r="{r:g}" stroke-dasharray="0.2 0.15"/>')
    else:
        out.append(f'<line class="casualty" x1="{w.x - r:.3f}" y1="{cy - r:.3f}" x2="{w.x + r:.3f}" '
                   f'y2="{cy + r:.3f}"/><line class="casualty" x1="{w.x - r:.3f}" y1="{cy + r:.3f}" '
                   f'x2="{w.x + r:.3f}" y2="{cy - r:.3f}"/>')
    out.append(f'<text class="gone" x="{w.x:.3f}" y="{cy + r + 0.45:.3f}">{escape(letter)} {escape(w.name)} '
               f"({how})</text></g>")
    return out


def _scale_bar(y: float) -> list[str]:
    """A 6" scale bar with a tick every inch, under the table's west end."""
    out = ['<g class="scale-bar">', f'<line class="scale" x1="0" y1="{y:g}" x2="6" y2="{y:g}"/>']
    for i in range(7):
        out.append(f'<line class="scale" x1="{i}" y1="{y - 0.2:g}" x2="{i}" y2="{y + 0.2 if i % 3 == 0 else y:g}"/>')
    out.append(f'<text class="tick" x="0" y="{y + 0.7:g}">0</text><text class="tick" x="3" y="{y + 0.7:g}">3"'
               f'</text><text class="tick" x="6" y="{y + 0.7:g}">6 inches</text></g>')
    return out


def _status_line(game: Game) -> str:
    """Who is where and how strong: one line per picture."""
    from skirmish_chob_noggoth.mercenaries import present_count

    state = game.state
    bits = []
    for p, side in state.sides.items():
        bits.append(f"{p} (Player {side.letter or '?'}, {side.edge or '-'}): {present_count(game, p)}/"
                    f"{side.starting} warriors, {side.divine_points} DI points")
    if game.result is not None:
        bits.append(f"game over: {game.result.reason}")
    return "; ".join(bits)


def _panel(game: Game, x0: float, letters: dict[str, str], colours: dict[str, str]) -> list[str]:
    """The legend, each side's warriors, the casualties and what just happened, beside the table."""
    state = game.state
    out = [f'<g class="side-panel"><rect x="{x0 - 0.4:g}" y="-0.4" width="{PANEL - 0.8:g}" '
           f'height="{state.depth + 0.8:g}" fill="#f7f3ea" stroke="#bbb" stroke-width="0.05"/>']
    y = 0.5
    out.append(f'<text class="heading" x="{x0:g}" y="{y:g}">Legend</text>')
    items: list[tuple[str, str]] = []
    for p, colour in colours.items():
        items.append((f'<circle cx="{{x}}" cy="{{y}}" r="0.3" fill="{colour}" stroke="#111" stroke-width="0.05"/>',
                      f"{p}: {state.sides[p].warband} ({'A-Z' if list(colours).index(p) % 2 == 0 else 'a-z'})"))
    items += [('<rect x="{xl}" y="{yt}" width="0.6" height="0.5" class="blocking"/>', "blocking terrain (impassable)"),
              ('<rect x="{xl}" y="{yt}" width="0.6" height="0.5" class="area"/>', "area terrain (cover)"),
              ("SHRINE", "shrine (pray within 3\")"),
              ('<circle cx="{x}" cy="{y}" r="0.3" fill="#ccc" class="warrior aimed"/>', "Aimed token"),
              ('<circle cx="{x}" cy="{y}" r="0.3" fill="#ccc" class="warrior berserk"/>', "berserk"),
              ("DEAD", "dead (grey cross where it fell)"),
              ('<circle cx="{x}" cy="{y}" r="0.3" class="casualty" stroke-dasharray="0.2 0.15"/>', "fled"),
              ('<text class="wounds" x="{x}" y="{y}">2/3W</text>', "wounds left / wounds at the start")]
    for mark, text in items:
        y += 0.75
        cx, cy = x0 + 0.4, y - 0.17
        if mark == "SHRINE":
            out.append(_shrine_mark(cx, cy, "shrine", 0.3))
        elif mark == "DEAD":
            out.append(f'<line class="casualty" x1="{cx - 0.3:g}" y1="{cy - 0.3:g}" x2="{cx + 0.3:g}" '
                       f'y2="{cy + 0.3:g}"/><line class="casualty" x1="{cx - 0.3:g}" y1="{cy + 0.3:g}" '
                       f'x2="{cx + 0.3:g}" y2="{cy - 0.3:g}"/>')
        else:
            out.append(mark.format(x=f"{cx:g}", y=f"{cy:g}", xl=f"{cx - 0.3:g}", yt=f"{cy - 0.25:g}"))
        out.append(f'<text class="panel" x="{x0 + 1.1:g}" y="{y:g}">{escape(text)}</text>')
    y += 1.1
    out.append(f'<text class="heading" x="{x0:g}" y="{y:g}">Casualties</text>')
    gone = [(w, _casualty(game, w)) for w in state.warriors.values() if _casualty(game, w)]
    if not gone:
        y += 0.7
        out.append(f'<text class="panel" x="{x0:g}" y="{y:g}">none yet</text>')
    for w, how in gone:
        y += 0.65
        out.append(f'<text class="panel casualty-entry" data-id="{escape(w.id)}" x="{x0:g}" y="{y:g}">'
                   f"{escape(letters[w.id])} {escape(w.name)} ({escape(w.side)}): {how}</text>")
    y += 1.1
    out.append(f'<text class="heading" x="{x0:g}" y="{y:g}">What just happened</text>')
    for text in _news(game):
        y += 0.65
        if y > state.depth + 2.0:
            break
        out.append(f'<text class="panel news" x="{x0:g}" y="{y:g}">{escape(_clip(text, 56))}</text>')
    out.append("</g>")
    return out


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 3] + "..."


def _svg_title(game: Game) -> str:
    name = _round_name(game)
    limit = game.setup.get("options", {}).get("max_rounds", 0) if isinstance(game.setup, dict) else 0
    head = f"Chob-Noggoth, round {game.round}" + (f" of {limit}" if limit else "") + (f": {name}" if name else "")
    if game.phase:
        head += f" - {game.phase}"
    return head
