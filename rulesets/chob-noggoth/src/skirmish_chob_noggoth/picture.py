"""What a seat sees of a Chob-Noggoth table, for every screen: the SVG picture, its pieces, legend and panels.

:func:`present` builds the :class:`skirmish.presentation.Presentation` that the browser, ``skirmish svg`` and
``play --svg-dir`` draw. The picture is in pixels (``SCALE`` per inch), north at the top; each warrior is a
``<g data-piece="ID">``, each shrine and terrain piece a ``<g data-place="ID" data-piece="ID">`` (a named place, and
a piece with details and a footprint to measure to). Labels are placed so that none overlaps another or a
base; the fallen are faint marks with their names where they fell, listed under the legend and in a panel.
The picture is about as wide as the table: the panels (round order, warbands, casualties, what just happened)
are :attr:`Presentation.panels`, which a screen shows beside it. Nothing in Chob-Noggoth is hidden, so every
seat sees the same.

:func:`shades` says what a selected warrior can reach, charge and shoot at now, asking the rules' own
functions (its move allowance, the move options' charges, the shooting targets).
"""

from __future__ import annotations

import math
import textwrap
from typing import TYPE_CHECKING, Any

from skirmish.presentation import (
    Frame,
    Label,
    LegendItem,
    Piece,
    Placed,
    Presentation,
    Shade,
    escape,
    grid,
    leader,
    legend_height,
    legend_svg,
    place_labels,
    text_width,
)
from skirmish_chob_noggoth import warrior_profile
from skirmish_chob_noggoth.state import BERSERK, DEAD, FLED, READY, UNDEPLOYED

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_chob_noggoth.state import Warrior

#: picture units (pixels at natural size) per inch of table
SCALE = 22.0
#: room left of the table (y ticks) and above it (title, status, north edge)
LEFT, TOP = 44.0, 86.0
#: font sizes: warrior labels, casualty labels, place labels and the legend
SIZE, SMALL, PLACE_SIZE = 12.0, 10.0, 11.0
#: colours: table, terrain kinds, shrine, casualty grey, Aimed ring, berserk ring, a warrior on its last wound
TABLE_FILL, TABLE_EDGE = "#e4d6b0", "#5a4a2a"
TERRAIN_FILL = {"blocking": "#6b6459", "area": "#8cbf63"}
TERRAIN_EDGE = {"blocking": "#3b362f", "area": "#4f7a33"}
SHRINE_FILL, SHRINE_EDGE = "#f4d03f", "#8a6d05"
GREY, AIMED, BERSERK_RING, LAST = "#6f6f6f", "#e1b100", "#e67e22", "#b03a2e"
#: characters per line of a panel's text (a screen shows it as it is, beside the picture)
PANEL_CHARS = 46
#: event kinds that are not news for a player (dice, answers, bookkeeping)
QUIET = frozenset({"roll", "draw", "answer", "phase", "round", "start", "step", "decision"})


# ------------------------------------------------------------------------------ what is on the table


def _colours(game: Game) -> dict[str, str]:
    from skirmish_chob_noggoth.render import SIDE_COLOURS

    return {p: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, p in enumerate(game.state.sides)}


def casualty(game: Game, w: Warrior) -> str:
    """How a warrior left the table ("dead", "fled", "split"), or "" while it has not."""
    if w.status == DEAD:
        return "split" if f"{w.id}-front" in game.state.warriors else "dead"
    return FLED if w.status == FLED else ""


def _glossary_terms(game: Game) -> dict[str, str]:
    """Glossary keys by their own and their folded spelling (keywords are given as the glossary spells them)."""
    terms = game.ruleset.glossary()
    return {**{k.casefold(): k for k in terms}, **{k: k for k in terms}}


def _keywords(terms: dict[str, str], words: list[str]) -> list[str]:
    """The glossary's spelling of each word it explains (the exact spelling first: "dead" the status, not the
    last-wound result "Dead")."""
    out: list[str] = []
    for word in words:
        key = terms.get(word) or terms.get(word.casefold())
        if key is not None and key not in out:
            out.append(key)
    return out


def _inches(value: float) -> str:
    return f'{value:g}"'


def warrior_piece(game: Game, w: Warrior, letter: str, terms: dict[str, str]) -> Piece:
    """A warrior as a seat sees it: profile rows, keywords the glossary explains, status and base."""
    c = game.ruleset.content
    nums = warrior_profile.describe_type(game, w)
    monster = warrior_profile.is_monster(w)
    kind = w.acting_as + (f" (Hero: {' or '.join(w.roles)})" if len(w.roles) > 1 else "")
    kind += " mounted" if w.mounted and not monster else ""
    rows: list[tuple[str, str]] = [("map letter", letter), ("type", kind)]
    quality = c.quality(w.quality).name if w.quality else ""
    if quality:
        rows.append(("quality", quality))
    rows.append(("wounds", f"{w.wounds}/{w.max_wounds}" + (" (last wound)" if w.wounds == 1 and w.on_table else "")))
    rows.append(("attack dice", str(nums["dice"])))
    rows.append(("melee", f"hits on {nums['melee']}+"))
    rng = nums["range"]
    if nums["shoot"]:
        rows.append(("shooting", f"hits on {nums['shoot']}+ at " + ("any range" if rng == "any" else _inches(rng))))
    else:
        rows.append(("shooting", "none"))
    save = nums["save"]
    rows.append(("save", f"roll above {w.wounds}" if monster else (f"{save}+" if save else "none")))
    rows.append(("move", f"{_inches(warrior_profile.move_allowance(game, w, 'move'))} in a Moves step, "
                         f"{_inches(warrior_profile.move_allowance(game, w, 'action'))} as an action"
                 + (", flies" if warrior_profile.flies(w) else "")))
    if w.rules:
        rows.append(("rules", ", ".join(w.rules)))
    if w.traits:
        rows.append(("traits", ", ".join(w.traits)))
    if w.mercenary:
        merc = c.mercenaries.get(w.mercenary)
        rows.append(("mercenary", merc.name if merc is not None else w.mercenary))
    rows.append(("Fingers", str(w.cost)))
    gone = casualty(game, w)
    if w.aimed:
        rows.append(("Aimed tokens", str(w.aimed)))
    if w.boomstick_used:
        rows.append(("Boomstick", "used"))
    if w.on_table:
        rows.append(("at", f"({w.x:.1f}, {w.y:.1f})"))
    merc_name = c.mercenaries[w.mercenary].name if w.mercenary in c.mercenaries else ""
    words = [w.acting_as, w.kind, *w.roles, quality, *w.rules, *w.traits, merc_name, w.status]
    if w.aimed:
        words.append("Aimed token")
    status = [gone or w.status]
    if w.aimed:
        status.append("aimed")
    if w.on_table and w.wounds == 1:
        status.append("last wound")
    if w.id in game.state.activated:
        status.append("activated")
    return Piece(w.id, w.name, side=w.side, kind="monster" if monster else "warrior", details=rows,
                 keywords=_keywords(terms, [x for x in words if x]), status=status,
                 shape=("circle", round(w.x, 3), round(w.y, 3), w.radius) if w.on_table else ())


def _terrain_piece(p: Any, terms: dict[str, str]) -> Piece:
    """A terrain piece with its footprint: a circle as the rules measure it, a rectangle as its four corners."""
    if p.shape == "circle":
        shape: tuple[Any, ...] = ("circle", p.x, p.y, p.w / 2)
        size = f'{p.w:g}" across'
    else:
        x0, y0, x1, y1 = p.bounds
        shape = ("polygon", x0, y0, x1, y0, x1, y1, x0, y1)
        size = f'{p.w:g}" x {p.h:g}"'
    what = "blocking: impassable, blocks sight" if p.kind == "blocking" else "area: passable, gives cover"
    return Piece(p.id, p.name, kind=f"{p.kind} terrain", details=[("terrain", what), ("size", size)],
                 keywords=_keywords(terms, ["cover"] if p.kind == "area" else []), shape=shape)


def _shrine_piece(game: Game, s: Any, terms: dict[str, str]) -> Piece:
    """A shrine, named as the menus name it, with who is close enough to pray there."""
    from skirmish_chob_noggoth.measuring import point_gap

    t = game.ruleset.content.table
    reach = float(t.shrine_reach)
    near = sorted((gap, w.name) for w in game.state.on_table() if (gap := point_gap(w, s.x, s.y)) <= reach)
    rows = [("shrine", s.id), ("pray", f"within {_inches(reach)} of it"), ("at", f"({s.x:.1f}, {s.y:.1f})")]
    if near:
        rows.append(("within reach", ", ".join(name for _, name in near)))
    return Piece(s.id, f"shrine {s.id}", kind="shrine", details=rows, keywords=_keywords(terms, ["shrine"]),
                 shape=("circle", s.x, s.y, float(t.shrine_diameter) / 2))


# ---------------------------------------------------------------------------------------- texts


def _round_line(game: Game) -> str:
    from skirmish_chob_noggoth.render import _round_name

    limit = game.setup.get("options", {}).get("max_rounds", 0) if isinstance(game.setup, dict) else 0
    name = _round_name(game)
    head = f"Chob-Noggoth, round {game.round}" + (f" of {limit}" if limit else "") + (f": {name}" if name else "")
    return head + (f" - {game.phase}" if game.phase else "")


def _round_order(game: Game) -> str:
    """The round's steps in order, the one being played marked."""
    state = game.state
    if not state.round_roll:
        return "set-up: " + (game.phase or "deployment")
    try:
        kind = game.ruleset.content.round_kind(state.round_roll)
    except (KeyError, ValueError):
        return state.round_type
    now = _step_index(game)
    steps = [f"[{_step_name(s)}]" if (i == now if now is not None else s == game.phase) else _step_name(s)
             for i, s in enumerate(kind.steps)]
    allowed = f"\nonly {', '.join(kind.actions)} allowed as actions" if kind.actions else ""
    return f"{kind.name} (rolled {state.round_roll}): " + " > ".join(steps) + allowed


def _step_name(step: str) -> str:
    return step.replace(":", " ")


def _step_index(game: Game) -> int | None:
    """Which of this round's rolled steps is being played (a step may come twice), from the log's phase events;
    ``None`` when the log keeps no events."""
    events = getattr(game.log, "events", [])
    if not events or not game.phase:
        return None
    started = 0
    for e in reversed(events):
        if e.kind == "round-type":
            break
        if e.kind == "phase":
            started += 1
    return started - 2  # the first phase of a round is the Heroes' roles, before the rolled steps


def _warbands(game: Game) -> str:
    from skirmish_chob_noggoth.mercenaries import present_count

    state = game.state
    half = game.ruleset.content.morale.half_strength
    lines = []
    for p, side in state.sides.items():
        present = present_count(game, p)
        fingers = sum(w.cost for w in state.warriors.values() if w.side == p and w.status in (READY, UNDEPLOYED))
        lines.append(f"{p} (Player {side.letter or '?'}, {side.edge or 'no edge yet'}): {side.warband}")
        line = f"{present}/{side.starting} standing, {fingers} Fingers"
        if side.divine_points:
            line += f", {side.divine_points} DI points"
        if half and side.starting and present and present * 2 <= side.starting and game.result is None:
            line += "; half strength or less: tests morale at the end of the round"
        if side.heroic_death:
            line += "; inspired by a Heroic Death"
        lines.append("  " + line)
    if game.result is not None:
        lines.append(f"game over: {game.result.reason}")
    return "\n".join(lines)


def _wrap(text: str) -> str:
    """Each line of ``text`` wrapped at word boundaries to ``PANEL_CHARS``, continued lines indented."""
    out = []
    for line in text.splitlines():
        if len(line) <= PANEL_CHARS:
            out.append(line)
            continue
        body = line.lstrip()
        indent = line[:len(line) - len(body)]
        out.extend(textwrap.wrap(body, PANEL_CHARS, initial_indent=indent, subsequent_indent=indent + "  ") or [""])
    return "\n".join(out)


def _casualties(game: Game, letters: dict[str, str]) -> list[str]:
    return [f"{letters.get(w.id, '?')} {w.name} ({w.side}): {casualty(game, w)}"
            for w in game.state.warriors.values() if casualty(game, w)]


def _news(game: Game, player: str | None, count: int = 7) -> list[str]:
    """The last ``count`` events a player cares about, as ``player`` may read them (oldest first)."""
    out: list[str] = []
    for e in reversed(getattr(game.log, "events", [])):
        if e.kind in QUIET:
            continue
        text = e.text if e.visible(player) else e.public_text
        if text:
            out.append(text)
            if len(out) == count:
                break
    return out[::-1]


# ------------------------------------------------------------------------------------------- legend


def legend(game: Game, colours: dict[str, str]) -> list[LegendItem]:
    """Warbands, the terrain kinds on the table, shrines and the marks of statuses, with glossary help."""
    state = game.state
    g = game.ruleset.glossary()
    reach = float(game.ruleset.content.table.shrine_reach)
    items = []
    for i, (p, colour) in enumerate(colours.items()):
        side = state.sides[p]
        items.append(LegendItem(f"{p}: {side.warband} ({'A-Z' if i % 2 == 0 else 'a-z'})", colour, "circle",
                                help=f"Player {side.letter or '?'}, {side.edge or 'no edge yet'} edge"))
    kinds = {p.kind for p in state.pieces}
    if "blocking" in kinds:
        items.append(LegendItem("blocking terrain (impassable, blocks sight)", TERRAIN_FILL["blocking"],
                                help="impassable; blocks line of sight"))
    if "area" in kinds:
        items.append(LegendItem("area terrain (cover)", TERRAIN_FILL["area"], help=g.get("cover", "")))
    if state.shrines:
        items.append(LegendItem(f'shrine (pray within {reach:g}", dotted ring)', SHRINE_FILL,
                                help=g.get("shrine", "")))
    if game.round == 0 and any(w.status == UNDEPLOYED for w in state.warriors.values()) \
            and any(side.edge for side in state.sides.values()):
        depth = float(game.ruleset.content.table.deployment_depth)
        items.append(LegendItem(f'deployment strip ({depth:g}" from the edge)', "#d8c7a8",
                                help=f"each side deploys within {depth:g}\" of its own long edge"))
    items += [LegendItem("Aimed token", AIMED, "ring", help=g.get("Aimed token", "")),
              LegendItem("berserk", BERSERK_RING, "ring", help=g.get("berserk", "")),
              LegendItem("on its last wound (red label)", LAST, "line", help="one wound left"),
              LegendItem("dead (faint cross)", GREY, "line", help=g.get("dead", "")),
              LegendItem("fled (faint ring)", GREY, "ring", help=g.get("fled", ""))]
    return items


# ------------------------------------------------------------------------------------------ picture


def _draw_labels(placed: list[Placed], cls: str, size: float, anchors: dict[str, float]) -> list[str]:
    """Placed labels as SVG text with a halo; a leader line from the mark's edge where a label moved away."""
    out = []
    for p in placed:
        lab = p.label
        if p.leader:
            ax, ay, bx, by = leader(p, anchors.get(lab.key, 0.0))
            out.append(f'<line class="leader" x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}"/>')
        out.append(f'<text class="{cls}" x="{p.x:.1f}" y="{p.y + size * 0.36:.1f}" font-size="{size:g}" '
                   f'data-label="{escape(lab.key)}">{escape(lab.text)}</text>')
    return out


def _box(x: float, y: float, r: float) -> tuple[float, float, float, float]:
    return (x - r, y - r, x + r, y + r)


def place_all(game: Game, frame: Frame) -> tuple[dict[str, list[Placed]], dict[str, float]]:
    """Where every label goes (``warriors``, ``shrines``, ``terrain``, ``fallen``), none over another or a base,
    all on the table where there is room; and the radius of the mark each label names (for leader lines).

    The living are placed first (next to their bases), then shrines and terrain, then the fallen.
    """
    state = game.state
    letters = _letters(game)
    x0, y0 = frame.to_svg(0, state.depth)
    x1, y1 = frame.to_svg(state.width, 0)
    bounds = (x0 + 1, y0 + 1, x1 - 1, y1 - 1)
    shrine_r = float(game.ruleset.content.table.shrine_diameter) / 2 * SCALE
    living = [w for w in state.warriors.values() if w.on_table]
    fallen = _fallen(game)
    avoid = [_box(*frame.to_svg(w.x, w.y), w.radius * SCALE + 1.5) for w in living]
    avoid += [_box(*frame.to_svg(s.x, s.y), shrine_r + 1) for s in state.shrines]
    anchors: dict[str, float] = {}
    live_labels = []
    for w in living:
        cx, cy = frame.to_svg(w.x, w.y)
        text = f"{letters.get(w.id, '?')} {w.name} {w.wounds}/{w.max_wounds}" + (" berserk" if w.status == BERSERK
                                                                                  else "")
        live_labels.append(Label(text, cx, cy, text_width(text, SIZE), SIZE + 3, key=w.id))
        anchors[w.id] = w.radius * SCALE
    placed_live = place_labels(live_labels, avoid=avoid, bounds=bounds, gap=1.5, near=0.0)
    taken = [p.box for p in placed_live]
    place_labels_ = []
    for s in state.shrines:
        cx, cy = frame.to_svg(s.x, s.y)
        text = f"shrine {s.id}"
        place_labels_.append(Label(text, cx, cy, text_width(text, PLACE_SIZE), PLACE_SIZE + 3, key=s.id))
        anchors[s.id] = shrine_r
    placed_shrines = place_labels(place_labels_, avoid=avoid + taken, bounds=bounds, gap=1.5)
    taken += [p.box for p in placed_shrines]
    terrain_labels = []
    for p in state.pieces:
        cx, cy = frame.to_svg(p.x, p.y)
        terrain_labels.append(Label(p.name, cx, cy, text_width(p.name, PLACE_SIZE), PLACE_SIZE + 3, key=p.id))
        anchors[p.id] = 0.0
    placed_terrain = place_labels(terrain_labels, avoid=avoid + taken, bounds=bounds, gap=1.5,
                                  near=SCALE * 3)
    taken += [p.box for p in placed_terrain]
    gone_labels = []
    for w in fallen:
        cx, cy = frame.to_svg(w.x, w.y)
        text = f"{letters.get(w.id, '?')} {w.name}"
        gone_labels.append(Label(text, cx, cy, text_width(text, SMALL), SMALL + 2, key=w.id))
        anchors[w.id] = w.radius * SCALE * 0.8
    gone_avoid = avoid + [_box(*frame.to_svg(w.x, w.y), w.radius * SCALE * 0.8) for w in fallen]
    placed_gone = place_labels(gone_labels, avoid=gone_avoid + taken, bounds=bounds, gap=1.0)
    return {"warriors": placed_live, "shrines": placed_shrines, "terrain": placed_terrain,
            "fallen": placed_gone}, anchors


def _deployment_strips(game: Game, frame: Frame) -> list[str]:
    """While warriors wait to be deployed before the first round: the strip along each side's edge."""
    state = game.state
    if game.round > 0 or not any(w.status == UNDEPLOYED for w in state.warriors.values()):
        return []
    depth = float(game.ruleset.content.table.deployment_depth)
    colours = _colours(game)
    out = []
    for p, side in state.sides.items():
        if side.edge not in ("north", "south"):
            continue
        low = 0.0 if side.edge == "south" else state.depth - depth
        x0, y0 = frame.to_svg(0, low + depth)
        x1, y1 = frame.to_svg(state.width, low)
        out.append(f'<rect class="deployment" x="{x0:.1f}" y="{y0:.1f}" width="{x1 - x0:.1f}" height="{y1 - y0:.1f}" '
                   f'fill="{colours.get(p, "#888")}" fill-opacity="0.12" stroke="{colours.get(p, "#888")}" '
                   f'stroke-opacity="0.5" stroke-dasharray="6 4"><title>{escape(p)} deploys within {depth:g}" of '
                   f"the {side.edge} edge</title></rect>")
    return out


def _fallen(game: Game) -> list[Warrior]:
    """Casualties whose last place is on the table (drawn there as faint marks)."""
    state = game.state
    return [w for w in state.warriors.values() if casualty(game, w) and 0 < w.x < state.width
            and 0 < w.y < state.depth]


def picture(game: Game, pieces: dict[str, Piece], legend_items: list[LegendItem], casualties: list[str],
            frame: Frame) -> str:
    """The whole SVG document (see the module docstring)."""
    state = game.state
    letters = _letters(game)
    colours = _colours(game)
    table_w, table_h = state.width * SCALE, state.depth * SCALE
    x0, y0 = frame.to_svg(0, state.depth)
    x1, y1 = frame.to_svg(state.width, 0)
    content = game.ruleset.content
    shrine_r = float(content.table.shrine_diameter) / 2 * SCALE
    reach = float(content.table.shrine_reach) * SCALE

    body: list[str] = [f'<rect class="table" x="{x0:.1f}" y="{y0:.1f}" width="{table_w:.1f}" '
                       f'height="{table_h:.1f}"/>', grid(frame, colour=TABLE_EDGE)]
    body.extend(_deployment_strips(game, frame))
    # terrain, then shrines, then the fallen, then the living (drawn on top)
    for p in state.pieces:
        cx, cy = frame.to_svg(p.x, p.y)
        tip = escape(f"{p.name} ({p.kind} terrain)")
        if p.shape == "circle":
            mark = f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{p.w / 2 * SCALE:.1f}"/>'
        else:
            mark = (f'<rect x="{cx - p.w / 2 * SCALE:.1f}" y="{cy - p.h / 2 * SCALE:.1f}" '
                    f'width="{p.w * SCALE:.1f}" height="{p.h * SCALE:.1f}"/>')
        pid = escape(p.id)
        body.append(f'<g class="terrain {escape(p.kind)}" data-place="{pid}" data-piece="{pid}"><title>{tip}</title>'
                    f"{mark}</g>")
    for s in state.shrines:
        cx, cy = frame.to_svg(s.x, s.y)
        r = shrine_r
        diamond = f"{cx:.1f},{cy - r:.1f} {cx + r:.1f},{cy:.1f} {cx:.1f},{cy + r:.1f} {cx - r:.1f},{cy:.1f}"
        sid = escape(s.id)
        body.append(f'<g class="shrine" data-place="{sid}" data-piece="{sid}"><title>shrine {sid}: pray within '
                    f'{content.table.shrine_reach:g}"</title><circle class="reach" cx="{cx:.1f}" cy="{cy:.1f}" '
                    f'r="{reach + r:.1f}" clip-path="url(#chob-table-clip)"/><polygon points="{diamond}"/></g>')
    fallen = _fallen(game)
    for w in fallen:
        cx, cy = frame.to_svg(w.x, w.y)
        r = w.radius * SCALE
        how = casualty(game, w)
        tip = escape(f"{letters.get(w.id, '?')} {w.name} ({w.side}): {how}")
        if how == FLED:
            mark = f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.8:.1f}" stroke-dasharray="3 2"/>'
        else:
            k = r * 0.6
            mark = (f'<path d="M{cx - k:.1f},{cy - k:.1f}L{cx + k:.1f},{cy + k:.1f}M{cx - k:.1f},{cy + k:.1f}'
                    f'L{cx + k:.1f},{cy - k:.1f}"/>')
        body.append(f'<g class="casualty {how}" data-piece="{escape(w.id)}"><title>{tip}</title>{mark}</g>')
    living = [w for w in state.warriors.values() if w.on_table]
    for w in living:
        cx, cy = frame.to_svg(w.x, w.y)
        r = w.radius * SCALE
        piece = pieces[w.id]
        tip = escape(f"{letters.get(w.id, '?')} {w.name} ({w.side}): "
                     + "; ".join(f"{a} {b}" for a, b in piece.details if a in ("type", "wounds"))
                     + f"; {', '.join(piece.status)}")
        rings = ""
        if w.aimed:
            rings += f'<circle class="aimed" cx="{cx:.1f}" cy="{cy:.1f}" r="{r + 3:.1f}"/>'
        if w.status == BERSERK:
            rings += f'<circle class="berserk" cx="{cx:.1f}" cy="{cy:.1f}" r="{r + (6 if w.aimed else 3):.1f}"/>'
        font = max(9.0, min(15.0, r * 1.1))
        body.append(f'<g class="warrior" data-piece="{escape(w.id)}" data-side="{escape(w.side)}">'
                    f'<title>{tip}</title>{rings}<circle class="base" cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" '
                    f'fill="{colours.get(w.side, "#888")}"/><text class="letter" x="{cx:.1f}" '
                    f'y="{cy + font * 0.36:.1f}" font-size="{font:.0f}">{escape(letters.get(w.id, "?"))}</text></g>')

    placed, anchors = place_all(game, frame)
    placed_live, placed_shrines, placed_terrain, placed_gone = (placed["warriors"], placed["shrines"],
                                                                placed["terrain"], placed["fallen"])
    labels = (_draw_labels(placed_terrain, "place terrain-label", PLACE_SIZE, anchors)
              + _draw_labels(placed_shrines, "place shrine-label", PLACE_SIZE, anchors)
              + _draw_labels(placed_gone, "gone", SMALL, anchors)
              + _draw_labels([p for p in placed_live if state.warriors[p.label.key].wounds > 1
                              or state.warriors[p.label.key].max_wounds == 1], "name", SIZE, anchors)
              + _draw_labels([p for p in placed_live if state.warriors[p.label.key].wounds == 1
                              and state.warriors[p.label.key].max_wounds > 1], "name last", SIZE, anchors))
    every = placed_live + placed_shrines + placed_terrain + placed_gone
    right = max([x1] + [p.box[2] for p in every])
    bottom = max([y1] + [p.box[3] for p in every])

    # around the table: edges, the legend and the casualties below it (the panels go beside the picture on a
    # screen; the picture stays about as wide as the table so a browser shows the table large)
    from skirmish_chob_noggoth.render import _edge_label

    ticks_bottom = y1 + SCALE * 0.9 + 8
    south_y = max(bottom, ticks_bottom) + 16
    legend_y = south_y + 26
    legend_w = x1 - x0
    legend_h = legend_height(legend_items, legend_w, size=PLACE_SIZE)
    chars = max(40, int(legend_w / (PLACE_SIZE * 0.56)))
    entries = [line.replace(" ", "\u00a0") for line in casualties]
    gone_lines = textwrap.wrap("Casualties: " + "; ".join(entries), chars) if entries else []  # one entry unbroken
    gone_y = legend_y + legend_h + 8
    width = max(x1, right) + 20
    height = gone_y + len(gone_lines) * (PLACE_SIZE + 5) + 8
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" '
           f'height="{height:.0f}" font-family="DejaVu Sans, Verdana, sans-serif" '
           f'data-ruleset="chob-noggoth">',
           f"<title>{escape(_round_line(game))}</title>",
           "<style>"
           f".table{{fill:{TABLE_FILL};stroke:{TABLE_EDGE};stroke-width:2}}"
           + "".join(f".terrain.{k}{{fill:{v};stroke:{TERRAIN_EDGE[k]};stroke-width:1.5}}"
                     for k, v in TERRAIN_FILL.items())
           + ".terrain.area{fill-opacity:0.65;stroke-dasharray:5 3}"
           f".shrine polygon{{fill:{SHRINE_FILL};stroke:{SHRINE_EDGE};stroke-width:1.2}}"
           f".shrine .reach{{fill:none;stroke:{SHRINE_EDGE};stroke-opacity:0.45;stroke-width:1;"
           "stroke-dasharray:2 3;pointer-events:none}"
           ".warrior .base{stroke:#111;stroke-width:1.3}"
           f".warrior .aimed{{fill:none;stroke:{AIMED};stroke-width:3}}"
           f".warrior .berserk{{fill:none;stroke:{BERSERK_RING};stroke-width:3;stroke-dasharray:4 2}}"
           ".letter{fill:#fff;font-weight:bold;text-anchor:middle;pointer-events:none}"
           f".casualty{{fill:none;stroke:{GREY};stroke-width:2;stroke-opacity:0.55}}"
           "text.name,text.place,text.gone{text-anchor:middle;paint-order:stroke;stroke:#fff;stroke-width:3;"
           "stroke-linejoin:round;pointer-events:none}"
           f"text.name{{fill:#111}}text.name.last{{fill:{LAST};font-weight:bold}}"
           f"text.place{{fill:#3d3320;font-style:italic}}text.shrine-label{{fill:{SHRINE_EDGE};font-style:normal;"
           "font-weight:bold}"
           f"text.gone{{fill:{GREY}}}"
           ".leader{stroke:#444;stroke-width:0.8;stroke-opacity:0.7;pointer-events:none}"
           ".head{font-size:19px;font-weight:bold;fill:#222}.sub{font-size:12px;fill:#333}.over{font-weight:bold}"
           ".edge{font-size:12px;fill:#333;text-anchor:middle}"
           f".casualty-list text{{font-size:{PLACE_SIZE:g}px;fill:#333}}"
           "</style>",
           f'<defs><clipPath id="chob-table-clip"><rect x="{x0:.1f}" y="{y0:.1f}" width="{table_w:.1f}" '
           f'height="{table_h:.1f}"/></clipPath></defs>',
           f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="#fbf9f4"/>',
           f'<text class="head" x="{x0:.1f}" y="26">{escape(_round_line(game))}</text>',
           f'<text class="sub" x="{x0:.1f}" y="45">{escape(_status_line(game))}</text>',
           *([f'<text class="sub over" x="{x0:.1f}" y="61">game over: {escape(game.result.reason)}</text>']
             if game.result is not None else []),
           f'<text class="edge" x="{(x0 + x1) / 2:.1f}" y="{y0 - 8:.1f}">{escape(_edge_label(state, "north"))}'
           "</text>",
           '<g data-role="board">', *body, "</g>",
           '<g data-role="labels">', *labels, "</g>",
           f'<text class="edge" x="{(x0 + x1) / 2:.1f}" y="{south_y:.1f}">{escape(_edge_label(state, "south"))}'
           '<tspan fill="#666"> (ticks every inch, numbers every 6")</tspan></text>',
           legend_svg(legend_items, x0, legend_y, size=PLACE_SIZE, width=legend_w)]
    out.append('<g class="casualty-list" data-role="casualties">')
    for i, line in enumerate(gone_lines):
        out.append(f'<text x="{x0:.1f}" y="{gone_y + i * (PLACE_SIZE + 5):.1f}">{escape(line)}</text>')
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _status_line(game: Game) -> str:
    from skirmish_chob_noggoth.mercenaries import present_count

    state = game.state
    bits = [f"{p} (Player {s.letter or '?'}): {present_count(game, p)}/{s.starting} standing"
            for p, s in state.sides.items()]
    return "; ".join(bits)


def _letters(game: Game) -> dict[str, str]:
    from skirmish_chob_noggoth.render import keys

    return keys(game.state)


# ------------------------------------------------------------------------------------- presentation


def frame_of(game: Game) -> Frame:
    """Table inches to picture pixels: the table's north-west corner at (LEFT, TOP), y growing north."""
    return Frame(game.state.width, game.state.depth, SCALE, origin_x=LEFT, origin_y=TOP + game.state.depth * SCALE,
                 y_up=True)


def present(game: Game, player: str | None) -> Presentation:
    """The table as ``player`` sees it (everything is open: every seat sees the same)."""
    state = game.state
    terms = _glossary_terms(game)
    letters = _letters(game)
    pieces: dict[str, Piece] = {}
    for w in state.warriors.values():
        pieces[w.id] = warrior_piece(game, w, letters.get(w.id, "?"), terms)
    for s in state.shrines:
        pieces[s.id] = _shrine_piece(game, s, terms)
    for p in state.pieces:
        pieces[p.id] = _terrain_piece(p, terms)
    colours = _colours(game)
    items = legend(game, colours)
    gone = _casualties(game, letters)
    panels = [("Round order", _round_order(game)), ("Warbands", _warbands(game)),
              ("Casualties", "\n".join(gone) or "none yet"),
              ("What just happened", "\n".join(_news(game, player)) or "nothing yet")]
    frame = frame_of(game)
    waiting = [w for w in state.warriors.values() if w.status == UNDEPLOYED]
    if waiting:
        panels.insert(2, ("Not on the table yet", ", ".join(f"{letters.get(w.id, '?')} {w.name}" for w in waiting)))
    panels = [(title, _wrap(text)) for title, text in panels]
    from skirmish_chob_noggoth import explain
    from skirmish_chob_noggoth.rules import ChobNoggoth

    try:  # the browser's panel wraps long lines and draws the map (a house rule's own brief is shown as it is)
        brief = (explain.brief(game, player, screen=True) if type(game.ruleset).brief is ChobNoggoth.brief
                 else game.ruleset.brief(game, player))
    except Exception:  # noqa: BLE001 - a status line is not worth a lost picture
        brief = _round_line(game)
    return Presentation(svg=picture(game, pieces, items, gone, frame), pieces=list(pieces.values()), legend=items,
                        frame=frame, brief=brief, panels=panels)


# ------------------------------------------------------------------------------------------ shades


def shades(game: Game, player: str, wid: str) -> list[Shade]:
    """How far ``wid`` can move now, whom it can charge, and whom it can shoot, from the rules' own checks."""
    from skirmish_chob_noggoth import measuring, turns

    state = game.state
    w = state.warriors.get(wid)
    if w is None or not w.on_table:
        return []
    d = game.pending
    step = d.kind if d is not None and d.kind in ("moves", "actions", "eager") else "moves"
    kind = {"moves": "move", "actions": "action", "eager": "eager"}[step]
    allowance = warrior_profile.move_allowance(game, w, kind)
    what = {"move": "in a Moves step", "action": "with the Move action", "eager": "in an Eager move"}[kind]
    out = [Shade("reach", label=f"{w.name} moves up to {allowance:g}\" {what}",
                 shape=("circle", round(w.x, 3), round(w.y, 3), allowance + w.radius))]
    charges = [o.data["target"] for o in turns.move_options(game, w, kind, prefix="")
               if o.data.get("action") == "charge"]
    if charges:
        out.append(Shade("charge", label=f"{w.name} can charge", pieces=charges))
    reach = warrior_profile.shooting_range(game, w)
    if reach > 0:
        if not math.isinf(reach):
            out.append(Shade("range", label=f"{w.name} shoots up to {reach:g}\"",
                             shape=("circle", round(w.x, 3), round(w.y, 3), reach + w.radius)))
        shots = turns.targets(game, w, reach)
        if shots:
            cover = [t.id for t, _, c in shots if c]
            clear = [t.id for t, _, c in shots if not c]
            if clear:
                out.append(Shade("see", label=f"{w.name} can shoot (in range and sight)", pieces=clear))
            if cover:
                out.append(Shade("see", label=f"{w.name} can shoot (in cover)", pieces=cover))
    engaged = [e.id for e in measuring.contacts(state, w)]
    if engaged:
        out.append(Shade("contact", label=f"{w.name} is in base contact", pieces=engaged))
    return out
