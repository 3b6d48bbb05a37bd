"""What players see: the state as data, as text with a map of the table, and as an SVG picture.

The text map is 72 x 24 characters: one column is half an inch, one row an inch, north
(y = 24) at the top. Warriors are shown by a key letter: upper case for the first side,
lower case for the second (berserk warriors keep theirs). ``#`` is blocking terrain,
``~`` area terrain, ``+`` a shrine. The ``chob-svg`` command draws a saved game.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

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


def view_data(game: Game) -> dict[str, Any]:
    """Everything is open in Chob-Noggoth: the whole table as plain data."""
    state = game.state
    return {
        "round_type": state.round_type,
        "max_rounds": game.setup.get("options", {}).get("max_rounds", 0) if isinstance(game.setup, dict) else 0,
        "sides": {p: {"letter": s.letter, "edge": s.edge, "warband": s.warband, "starting": s.starting,
                      "divine_points": s.divine_points, "heroic_death": s.heroic_death}
                  for p, s in state.sides.items()},
        "warriors": [{"id": w.id, "side": w.side, "name": w.name, "type": w.kind, "acting_as": w.acting_as,
                      "quality": w.quality, "mounted": w.mounted, "rules": list(w.rules), "traits": list(w.traits),
                      "wounds": w.wounds, "max_wounds": w.max_wounds, "x": round(w.x, 2), "y": round(w.y, 2),
                      "base": w.radius * 2, "status": w.status, "aimed": w.aimed, "roles": list(w.roles),
                      "boomstick_used": w.boomstick_used, "mercenary": w.mercenary, "cost": w.cost}
                     for w in state.warriors.values()],
        "terrain": [{"id": p.id, "name": p.name, "kind": p.kind, "shape": p.shape, "x": p.x, "y": p.y, "w": p.w,
                     "h": p.h} for p in state.pieces],
        "shrines": [{"id": s.id, "x": s.x, "y": s.y} for s in state.shrines],
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


def svg(game: Game) -> str:
    """An SVG picture of the table: terrain, shrines and the bases on it (north at the top)."""
    state = game.state
    width, depth = state.width, state.depth
    margin = 1.5

    def sy(y: float) -> float:
        return round(depth - y, 3)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-margin:g} {-margin:g} {width + 2 * margin:g} '
             f'{depth + 2 * margin:g}" width="{(width + 2 * margin) * SCALE:g}" '
             f'height="{(depth + 2 * margin) * SCALE:g}" font-family="sans-serif">',
             f"<title>{escape(_svg_title(game))}</title>",
             '<style>.blocking{fill:#6b6459;stroke:#3b362f;stroke-width:0.08}'
             '.area{fill:#7fae5a;fill-opacity:0.55;stroke:#4f7a33;stroke-width:0.06;stroke-dasharray:0.3 0.2}'
             '.shrine{fill:#f4d03f;stroke:#9a7d0a;stroke-width:0.06}'
             '.warrior{stroke:#111;stroke-width:0.06}.aimed{stroke:#f1c40f;stroke-width:0.14}'
             '.berserk{stroke:#e67e22;stroke-width:0.14;stroke-dasharray:0.2 0.1}'
             '.label{font-size:0.5px;text-anchor:middle;dominant-baseline:central;fill:#fff;font-weight:bold}'
             '.edge{font-size:0.7px;fill:#333;text-anchor:middle}</style>',
             f'<rect class="table" x="0" y="0" width="{width:g}" height="{depth:g}" fill="#d9c8a0" '
             'stroke="#5a4a2a" stroke-width="0.1"/>']
    for p in state.pieces:
        cls = "blocking" if p.kind == "blocking" else "area"
        name = escape(f"{p.name} ({p.kind})")
        if p.shape == "circle":
            parts.append(f'<ellipse class="{cls}" cx="{p.x:g}" cy="{sy(p.y):g}" rx="{p.w / 2:g}" ry="{p.w / 2:g}">'
                         f"<title>{name}</title></ellipse>")
        else:
            parts.append(f'<rect class="{cls}" x="{p.x - p.w / 2:g}" y="{sy(p.y + p.h / 2):g}" width="{p.w:g}" '
                         f'height="{p.h:g}"><title>{name}</title></rect>')
    for s in state.shrines:
        cx, cy, r = s.x, sy(s.y), 0.5
        points = f"{cx:g},{cy - r:g} {cx + r:g},{cy:g} {cx:g},{cy + r:g} {cx - r:g},{cy:g}"
        parts.append(f'<polygon class="shrine" points="{points}"><title>shrine {escape(s.id)}</title></polygon>')
    colours = {p: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, p in enumerate(state.sides)}
    for w in state.warriors.values():
        if not w.on_table:
            continue
        cls = "warrior" + (" aimed" if w.aimed else "") + (" berserk" if w.status == BERSERK else "")
        tip = escape(f"{w.name} ({w.side}): {w.acting_as}, {w.wounds}/{w.max_wounds} wounds, {w.status}")
        parts.append(f'<circle class="{cls}" data-id="{escape(w.id)}" data-side="{escape(w.side)}" cx="{w.x:.3f}" '
                     f'cy="{sy(w.y):.3f}" r="{w.radius:g}" fill="{colours.get(w.side, "#888")}"><title>{tip}</title>'
                     "</circle>")
        parts.append(f'<text class="label" x="{w.x:.3f}" y="{sy(w.y):.3f}">{escape(w.id)}</text>')
    for edge, y in (("north", -0.6), ("south", depth + 0.9)):
        parts.append(f'<text class="edge" x="{width / 2:g}" y="{y:g}">{escape(_edge_label(state, edge))}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _svg_title(game: Game) -> str:
    name = _round_name(game)
    return f"Chob-Noggoth, round {game.round}" + (f": {name}" if name else "")


# ---------------------------------------------------------------------------------- the command


def svg_command_spec() -> Any:
    """The ``skirmish chob-svg SAVE.toml [-o FILE]`` command (click is imported only here)."""
    import click

    from skirmish import CommandSpec

    @click.command("chob-svg")
    @click.argument("save", type=click.Path(dir_okay=False))
    @click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
                  help="where to write the picture (default: the save's name with .svg; '-' for standard output)")
    def chob_svg(save: str, output: str | None) -> None:
        """Draw the table of a saved Chob-Noggoth game as an SVG picture."""
        text = save_to_svg(save, click.ClickException)
        target = output or str(Path(save).with_suffix(".svg"))
        if target == "-":
            click.echo(text, nl=False)
            return
        try:
            Path(target).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise click.ClickException(f"cannot write {target}: {exc.strerror or exc}") from None
        click.echo(f"wrote {target}")

    return CommandSpec("chob-svg", chob_svg, "draw a saved Chob-Noggoth game's table as an SVG picture")


def save_to_svg(path: str, error: type[Exception]) -> str:
    """The SVG of the game in the save file ``path`` (any problem raised as one ``error`` line)."""
    import skirmish

    try:
        data = skirmish.read_save(path)
        ruleset = skirmish.Registry().ruleset("chob-noggoth")
        game = skirmish.replay(data, ruleset, where=path)
    except skirmish.SkirmishError as exc:
        raise error(str(exc)) from None
    return svg(game)
