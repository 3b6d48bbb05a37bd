"""What a seat sees of a Hobgoblin battle, for every screen: the table as SVG, its pieces, legend and panels.

:func:`present` builds the :class:`skirmish.presentation.Presentation` that ``skirmish svg``, ``play --svg-dir``
and the browser draw: units as their exact rectangles with the front edge marked, terrain and markers named,
an inch grid with numbered ticks, labels that never overlap, a legend, and beside the table the seat's own
Fortune Cards, the score, the scenario and the units removed. Units are drawn in ``data-piece`` groups;
terrain pieces and markers in groups that carry both ``data-place`` and ``data-piece`` (every piece with a
footprint is marked, as the conformance check asks). Nothing here decides anything: every number
comes from the rules' own functions (``stats``, ``measuring``, ``deployment``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import attrs

from skirmish.presentation import (
    Frame,
    Label,
    LegendItem,
    Piece,
    Placed,
    Presentation,
    escape,
    grid,
    labels_svg,
    legend_height,
    legend_svg,
    place_labels,
    text_width,
)
from skirmish_hobgoblin import expansions, measuring, stats
from skirmish_hobgoblin.render import expansion_views
from skirmish_hobgoblin.state import READY, REMOVED

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_hobgoblin.state import HobState, Marker, Unit
    from skirmish_hobgoblin.state import Piece as Terrain

#: picture units per inch, and the margins around the table (ticks left and below, a title above)
SCALE = 14.0
LEFT, RIGHT, TOP, BELOW = 40.0, 16.0, 34.0, 30.0
FONT = 11.0

#: army colours (an expansion may colour the sides itself: ``hobgoblin_side_colours``); terrain never uses these hues
SIDE_COLOURS = ("#c0392b", "#2456a6", "#1e8449", "#7d3c98", "#b9770e", "#117a8b")
#: terrain colour by its most telling keyword, in that order: earth, stone, moss and violet tones only
TERRAIN_COLOURS = (("impassable", "#5d5d5d"), ("blocking", "#8c8c8c"), ("perilous", "#8e9a3c"),
                   ("arcane", "#a58fcf"), ("grim", "#7a6250"), ("obscuring", "#8fbf7f"), ("rough", "#cdb887"),
                   ("large", "#e2d3ac"), ("elevated", "#e2d3ac"))
TERRAIN_OTHER = "#c9c9c9"
MARKER_COLOUR = "#f2c418"
#: statuses drawn as a badge on the unit: (keyword, badge letter, colour)
STATUSES = ((stats.BROKEN, "B", "#111111"), (stats.DISTRACTED, "D", "#e67e22"),
            (stats.OUTMANOEUVRED, "O", "#8e44ad"))
TABLE_FILL = "#f3eee2"
#: Chaos of War's markers, Places of Power and tunnel ends: a teal ring (no army and no terrain uses it)
CHAOS_COLOUR = "#138d90"
CHAOS_RADIUS = 0.625
#: inches within which a terrain piece of the same name as one already named goes without a label of its own
REPEAT = 16.0
#: the width panels' lines are wrapped to (a narrow column beside the table, or a terminal)
PANEL_WIDTH = 46


def frame_of(state: HobState) -> Frame:
    """The table's frame: inches to picture units, the far edge (y = depth) at the top."""
    return Frame(state.width, state.depth, SCALE, origin_x=LEFT, origin_y=TOP + state.depth * SCALE, y_up=True)


def side_colours(game: Game) -> dict[str, str]:
    """Each player's colour: one per player, unless an expansion colours the sides (``hobgoblin_side_colours``)."""
    chosen = expansions.first(game, "hobgoblin_side_colours")
    if chosen is not None:
        return dict(chosen)
    return {p: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, p in enumerate(game.state.sides)}


def terrain_colour(piece: Terrain) -> str:
    return next((c for k, c in TERRAIN_COLOURS if piece.has(k)), TERRAIN_OTHER)


def terrain_id(i: int) -> str:
    """The id a terrain piece carries on screens (``data-place``): its place in the layout, from 1."""
    return f"terrain{i}"


def statuses(unit: Unit) -> list[str]:
    return [k for k, _, _ in STATUSES if unit.has(k)]


def _kind_name(game: Game, piece: Terrain) -> str:
    """The piece's kind as the legend lists it (a piece of no kind: its name without numbers and letters)."""
    kinds = game.ruleset.content.terrain
    if piece.kind in kinds:
        return kinds[piece.kind].name
    return _family(piece.name)


def _keyword_names(game: Game, keys: tuple[str, ...]) -> list[str]:
    defs = game.ruleset.content.keywords
    return [defs[k].name if k in defs else k.title() for k in keys]


# ----------------------------------------------------------------------------- pieces


def unit_piece(game: Game, unit: Unit, glossary: dict[str, str]) -> Piece:
    """A unit as every seat sees it (nothing about a unit is hidden in Hobgoblin)."""
    state = game.state
    side = state.sides.get(unit.side)
    army = f"{unit.side}: {side.army}" if side else unit.side
    rows: list[tuple[str, str]] = [("Type", unit.type_name), ("Army", army)]
    if unit.status == READY:
        courage = stats.courage(game, unit)
        rows += [("Doom", f"{unit.doom} (Broken at {stats.break_point(game, unit)})"),
                 ("Profile", f"Speed {stats.speed(unit)}, Strikes {stats.strikes(unit)}, Courage {courage}"
                             + (f" (printed {unit.courage})" if courage != unit.courage else ""))]
        dice = f"{stats.combat_dice(unit)} in combat"
        if unit.has("Ranged"):
            dice += f", {stats.shooting_dice(unit)} shooting at {stats.shot_range(game, unit):g}\""
        rows.append(("Dice", dice))
    else:
        rows += [("Doom", str(unit.doom)), ("Profile", f"Speed {unit.speed}, Strikes {unit.strikes}, "
                                                      f"Courage {unit.courage}")]
    rows.append(("Points", str(unit.points)))
    words = [e.name + (f" [{e.value}]" if e.value is not None else "") for e in unit.keywords.entries
             if e.name not in {k for k, _, _ in STATUSES}]
    if words:
        rows.append(("Keywords", ", ".join(dict.fromkeys(words))))
    status = statuses(unit)
    shape: tuple[Any, ...] = ()
    if unit.status == READY:
        engaged = measuring.engaged(state, unit)
        if engaged:
            status.append("Engaged")
            rows.append(("Engaged with", ", ".join(f"{e.name} ({e.id})" for e in engaged)))
        rows.append(("Position", f"x {unit.x:.1f}, y {unit.y:.1f}, facing {unit.facing:.0f}\u00b0 "
                                 f"({unit.width:.2f}\" x {unit.depth:.2f}\")"))
        shape = ("rect", round(unit.x, 4), round(unit.y, 4), round(unit.width, 4), round(unit.depth, 4),
                 round(unit.facing, 4))
    else:
        gone = (f"removed in round {unit.removed_round}" if unit.status == REMOVED
                else f"not on the table ({unit.status})")
        status = [gone]  # statuses go in Piece.status only: a screen shows them beside the details
    lookup = {k.lower(): k for k in glossary}
    keywords = [lookup[n.lower()] for n in dict.fromkeys([unit.type_name, *(e.name for e in unit.keywords.entries)])
                if n.lower() in lookup]
    return Piece(unit.id, unit.name, side=unit.side, kind="unit", details=rows, keywords=keywords, status=status,
                 shape=shape)


def terrain_piece(game: Game, i: int, piece: Terrain, glossary: dict[str, str]) -> Piece:
    names = _keyword_names(game, piece.keywords)
    lookup = {k.lower(): k for k in glossary}
    flat = [c for point in piece.points for c in (round(point[0], 4), round(point[1], 4))]
    return Piece(terrain_id(i), piece.name, kind="terrain",
                 details=[("Terrain", _kind_name(game, piece)), ("Keywords", ", ".join(names) or "none")],
                 keywords=[lookup[n.lower()] for n in names if n.lower() in lookup], shape=("polygon", *flat))


def marker_piece(game: Game, marker: Marker) -> Piece:
    from skirmish_hobgoblin.scenarios import marker_name

    rows = [("Marker", marker.kind), ("Position", f"x {marker.x:.1f}, y {marker.y:.1f}")]
    if marker.owner:
        rows.append(("Owner", marker.owner))
    narrative = expansion_views(game, None).get("narrative")
    if narrative:
        doom = narrative.get("weak_points", {})
        if marker.id in doom:
            rows.append(("Doom", str(doom[marker.id])))
    return Piece(marker.id, marker_name(marker), side=marker.owner, kind="marker", details=rows,
                 shape=("circle", round(marker.x, 4), round(marker.y, 4), marker.radius))


def chaos_places(game: Game) -> list[tuple[str, str, str, float, float, str]]:
    """Chaos of War's places on the table as ``(id, name, kind, x, y, owner)``: its markers and the Places of
    Power (all public)."""
    v = expansion_views(game, None).get("chaos")
    if not v:
        return []
    names = {str(e["id"]): str(e["name"]) for e in v["entries"]}  # a marker of an entry is named after it
    out = [(str(m["id"]).replace(" ", "-"), str(m["id"]), names.get(str(m["kind"]), str(m["kind"]).replace("-", " ")),
            float(m["x"]), float(m["y"]), str(m.get("owner", ""))) for m in v["markers"]]
    out += [(f"power{i}", f"Place of Power {i}", "Place of Power", float(x), float(y), "")
            for i, (x, y) in enumerate(v["places_of_power"], 1)]
    return out  # tunnel ends are terrain pieces of their own (named on the table)


def chaos_piece(place: tuple[str, str, str, float, float, str]) -> Piece:
    pid, name, kind, x, y, owner = place
    rows = [("Chaos of War", kind), ("Position", f"x {x:.1f}, y {y:.1f}")] + ([("Owner", owner)] if owner else [])
    return Piece(pid, name, side=owner, kind="marker", details=rows, shape=("circle", round(x, 4), round(y, 4),
                                                                          CHAOS_RADIUS))


# ----------------------------------------------------------------------------- words beside the table


def how_won(game: Game) -> str:
    """How this battle is won, in a line, from the scenario's rule functions and numbers."""
    state = game.state
    sc = game.ruleset.scenarios.get(state.scenario)
    if sc is None:
        return "The scenario is rolled at set-up."
    p = sc.params

    def g(key: str) -> str:
        value = p.get(key)
        return f"{value:g}" if isinstance(value, int | float) else str(value)

    last = game.ruleset.last_round(game)
    scoring = {
        "pendulum": f"of the last {p.get('last_rounds')} rounds each unit not Broken within {g('range')}\" of an "
                    f"objective scores {p.get('vp')} VP ({p.get('vp_big')} if over {p.get('big_unit')} pts), "
                    f"at most {p.get('max_vp')} VP a side",
        "wages": f"a unit not Broken within {g('near')}\" of one of your markers, with no enemy within "
                 f"{g('clear')}\", removes it for {p.get('vp')} VP ({p.get('vp_zone')} VP inside the enemy's "
                 "zone)",
        "tides": f"a lone unit touching a marker and not engaged scores {p.get('vp')} VP; the marker then moves "
                 "towards its enemy's edge",
        "altars": f"each altar gives {p.get('vp')} VP to the side with more units within {g('range')}\" "
                  f"(units over {p.get('big_unit')} pts count twice)",
        "search": f"the Attacker's General or Battle Standard within {g('near')}\" of a marker with no enemy as "
                  f"close finds it for {p.get('vp')} VP",
        "chasm": f"the Attacker wins at once with units within {g('near')}\" of {p.get('needed')} objective "
                 "markers",
        "fortress": f"the Attacker wins at once when {p.get('needed')} Weak Points are Broken",
    }.get(sc.score, "")
    final = {
        "bloodbath": "the side with more points of units still in play wins",
        "most_vp": "the side with more VP wins",
        "glory": f"each enemy Character unit gone is worth {p.get('vp_each')} VP (all gone: "
                 f"{p.get('vp_none_left')}), then the side with more VP wins",
        "burn": f"the Defender wins if {p.get('needed')} of its buildings still stand",
        "search": "markers never found give the Defender VP, then the side with more VP wins",
        "chasm": "the Defender wins if the Attacker has not",
        "fortress": "the Defender wins if the fortress holds",
        "breach": f"the side with more unbroken units within {g('near')}\" of the breach wins (equal: a draw)",
    }.get(sc.final, "")
    when = f"at the end of each round {scoring}".replace("each round of the", "each of the") if scoring else ""
    text = f"{sc.name}: " + "; ".join(t for t in (when, f"after round {last} {final}" if final else "") if t)
    return text.rstrip(": ") + "."


def panels(game: Game, player: str | None) -> list[tuple[str, str]]:
    """What a seat reads beside the table: its own Fortune Cards, the score, the scenario, removed units."""
    from skirmish_hobgoblin.fortune import card_of

    state = game.state
    out: list[tuple[str, str]] = []
    for p, s in state.sides.items():
        hand = s.hand.view(player)
        if not isinstance(hand, list):
            continue
        title = "Your Fortune Cards" if p == player else f"{p}'s Fortune Cards"
        lines = []
        for cid in hand:
            card = card_of(game, cid)
            lines.append(f"{card.name} ({card.moment}): {card.summary}")
        out.append((title, "\n".join(lines) or "none"))
    last = game.ruleset.last_round(game)
    when = "Game over" if game.over else f"Round {game.round} of {last}, {game.phase}" if game.round else "Set-up"
    score = [f"{when}; First Player: {state.first or 'not yet decided'}"]
    for p, s in state.sides.items():
        hand = s.hand.view(player)
        held = len(hand) if isinstance(hand, list) else int(hand)
        units = state.of(p)
        score.append(f"{p}: {s.army}{' (' + s.role + ')' if s.role else ''}")
        score.append(f"  {s.vp} VP, Mercury {s.mercury}, {held} cards, {len(units)} units, "
                     f"{sum(u.points for u in units)} pts")
    out.append(("Score", "\n".join(score)))
    out.append(("Scenario", how_won(game)))
    for panels in reversed(expansions.call(game, "hobgoblin_panels", player=player)):
        out += panels  # (Chaos of War, Unlikely Allies)
    gone = [u for u in state.units.values() if u.status == REMOVED]
    if gone:
        out.append(("Removed", "\n".join(f"{u.side}: {u.name} ({u.id}, {u.points} pts), round {u.removed_round}"
                                         for u in gone)))
    waiting = [u for u in state.units.values() if u.status not in (READY, REMOVED)]
    if waiting:
        out.append(("Not on the table", "\n".join(f"{u.side}: {u.name} ({u.id}, {u.status})" for u in waiting)))
    return [(title, _wrap(text)) for title, text in out]


def _wrap(text: str, width: int = PANEL_WIDTH) -> str:
    """Each line of ``text`` wrapped at word boundaries, its continuations indented (panels are narrow: 46
    columns, as Chob-Noggoth's)."""
    import textwrap

    return "\n".join(part for line in text.splitlines() or [""]
                     for part in textwrap.wrap(line, width, subsequent_indent="  " if not line.startswith(" ")
                                               else "    ", drop_whitespace=True) or [""])


# ----------------------------------------------------------------------------- the legend


def legend(game: Game, colour_of: dict[str, str], glossary: dict[str, str]) -> list[LegendItem]:
    state = game.state
    items: list[LegendItem] = []
    for p, s in state.sides.items():
        who = expansions.first(game, "hobgoblin_side_label", player=p) or f"{p}: {s.army}"
        items.append(LegendItem(who, colour_of[p], "square", f"units of {p}: {s.army}"))
    items.append(LegendItem("front edge", "#111111", "line", "the thick edge is the unit's front"))
    kinds: dict[str, Terrain] = {}
    for piece in state.pieces:
        kinds.setdefault(_kind_name(game, piece), piece)
    for name, piece in kinds.items():
        words = ", ".join(_keyword_names(game, piece.keywords))
        items.append(LegendItem(f"{name} ({words})" if words else name, terrain_colour(piece), "square",
                                "; ".join(f"{w}: {glossary[w]}" for w in _keyword_names(game, piece.keywords)
                                          if w in glossary)))
    for kind in dict.fromkeys(m.kind for m in state.markers if not m.removed):
        items.append(LegendItem(f"{kind} marker", MARKER_COLOUR, "circle", f"a {kind} marker of the scenario"))
    for kind in dict.fromkeys(place[2] for place in chaos_places(game)):
        items.append(LegendItem(kind, CHAOS_COLOUR, "ring", f"Chaos of War: {kind}"))
    for word, letter, colour in STATUSES:
        items.append(LegendItem(f"{letter} {word}", colour, "circle", glossary.get(word, "")))
    items.append(LegendItem("deployment zone", "#777777", "ring", "where each army deploys (its half, clear of the "
                                                                  "centreline)"))
    return items


# ----------------------------------------------------------------------------- the picture


def _pts(frame: Frame, points: Any) -> str:
    return " ".join("{:.1f},{:.1f}".format(*frame.to_svg(x, y)) for x, y in points)


def _bbox(frame: Frame, points: Any) -> tuple[float, float, float, float]:
    xy = [frame.to_svg(x, y) for x, y in points]
    return min(p[0] for p in xy), min(p[1] for p in xy), max(p[0] for p in xy), max(p[1] for p in xy)


def _zones(game: Game, frame: Frame, colour_of: dict[str, str]) -> list[str]:
    from skirmish_hobgoblin.deployment import zone

    state = game.state
    out = ['<g data-role="zones" pointer-events="none">']
    drawn: set[tuple[float, float]] = set()
    for p, s in state.sides.items():
        if not s.half:
            continue
        lo, hi = zone(game, p)
        if (lo, hi) in drawn:  # team play: allies share their half
            continue
        drawn.add((lo, hi))
        x0, y0 = frame.to_svg(0, hi)
        x1, y1 = frame.to_svg(state.width, lo)
        out.append(f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{x1 - x0:.1f}" height="{y1 - y0:.1f}" '
                   f'fill="{colour_of[p]}" fill-opacity="0.05" stroke="{colour_of[p]}" stroke-opacity="0.45" '
                   f'stroke-dasharray="2,5" data-zone="{escape(p)}"/>')
    _, cy = frame.to_svg(0, state.centreline)
    x1, _ = frame.to_svg(state.width, 0)
    out.append(f'<line x1="{frame.origin_x:.1f}" y1="{cy:.1f}" x2="{x1:.1f}" y2="{cy:.1f}" stroke="#555" '
               'stroke-width="1" stroke-dasharray="8,5" data-role="centreline"/>')
    out.append("</g>")
    return out


def _unit_svg(game: Game, frame: Frame, unit: Unit, colour: str, piece: Piece) -> list[str]:
    rect = unit.rect
    corners = [(c.x, c.y) for c in rect.corners]
    status = statuses(unit)
    fade = 0.45 if stats.BROKEN in status else 0.75
    dash = ' stroke-dasharray="4,3"' if stats.BROKEN in status else ""
    title = f"{unit.id} {unit.name} ({unit.type_name}), {unit.side}: " + "; ".join(f"{a} {b}" for a, b in piece.details)
    out = [f'<g data-piece="{escape(unit.id)}" data-side="{escape(unit.side)}" class="unit">'
           f"<title>{escape(title)}</title>",
           f'<polygon points="{_pts(frame, corners)}" fill="{colour}" fill-opacity="{fade}" stroke="{colour}" '
           f'stroke-width="1.2"{dash}/>']
    fl, fr = rect.corner("front-left"), rect.corner("front-right")
    (ax, ay), (bx, by) = frame.to_svg(fl.x, fl.y), frame.to_svg(fr.x, fr.y)
    out.append(f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="#111" stroke-width="3.5" '
               'stroke-linecap="round"/>')
    # a small arrow from the centre towards the front, so the facing reads at a glance
    fc = rect.front_centre
    cx, cy = frame.to_svg(unit.x, unit.y)
    tx, ty = frame.to_svg(fc.x, fc.y)
    dx, dy = tx - cx, ty - cy
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    tip = (cx + ux * (n - 3), cy + uy * (n - 3))
    base = (cx + ux * max(0.0, n - 10), cy + uy * max(0.0, n - 10))
    out.append(f'<polygon points="{tip[0]:.1f},{tip[1]:.1f} {base[0] - uy * 4:.1f},{base[1] + ux * 4:.1f} '
               f'{base[0] + uy * 4:.1f},{base[1] - ux * 4:.1f}" fill="#111" fill-opacity="0.7"/>')
    out.append(f'<text x="{cx - ux * 4:.1f}" y="{cy - uy * 4 + 4:.1f}" text-anchor="middle" font-size="{FONT:g}" '
               f'font-weight="bold" fill="#fff" stroke="#000" stroke-width="2.2" paint-order="stroke" '
               f'pointer-events="none">{escape(unit.id)}</text>')
    badges = [(letter, c) for k, letter, c in STATUSES if k in status]
    back = rect.corner("rear-left")
    bx0, by0 = frame.to_svg(back.x, back.y)
    for i, (letter, c) in enumerate(badges):
        x = bx0 + (i * 13 + 6) * (1 if bx0 < cx else -1)
        y = by0 + (6 if by0 < cy else -6)
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="{c}" stroke="#fff" stroke-width="1"/>'
                   f'<text x="{x:.1f}" y="{y + 3.5:.1f}" text-anchor="middle" font-size="9" font-weight="bold" '
                   f'fill="#fff" pointer-events="none">{letter}</text>')
    out.append("</g>")
    return out


def _title_line(game: Game, room: float) -> str:
    """The line above the table: round and phase, scenario, First Player, VP, the result; parts that do not fit
    in ``room`` picture units are left out from the end (the panels say them all)."""
    state = game.state
    sc = game.ruleset.scenarios.get(state.scenario)
    last = game.ruleset.last_round(game)
    when = (f"Round {game.round} of {last}" + (f", {game.phase}" if game.phase else "")) if game.round else "Set-up"
    if game.over:
        when = f"Game over after round {game.round}"
    parts = [when, sc.name if sc else "scenario not yet rolled", f"First Player {state.first or 'not yet decided'}"]
    if game.over and game.result is not None:
        parts.insert(1, game.result.reason)
    parts.append(", ".join(f"{t} {v} VP" for t, v in _scores(game)))
    text = parts[0]
    for part in parts[1:]:
        if text_width(f"{text} \u00b7 {part}", FONT + 2) > room:
            break
        text += f" \u00b7 {part}"
    return text


def _scores(game: Game) -> list[tuple[str, int]]:
    """VP by side as the battle counts them (team play: by team)."""
    counted = expansions.first(game, "hobgoblin_scores")  # (team play: by team)
    if counted is not None:
        return counted
    return [(p, s.vp) for p, s in game.state.sides.items()]


def picture(game: Game, pieces: list[Piece], items: list[LegendItem],
            colour_of: dict[str, str]) -> str:
    """The whole table as a complete SVG document."""
    state = game.state
    frame = frame_of(state)
    tw, td = state.width * SCALE, state.depth * SCALE
    width = LEFT + tw + RIGHT
    by_id = {p.id: p for p in pieces}
    out: list[str] = []
    # terrain, markers and units, bottom to top
    body = ['<g data-role="terrain">']
    for i, piece in enumerate(state.pieces, 1):
        heavy = piece.has("impassable")
        tid = terrain_id(i)
        body.append(f'<g data-place="{tid}" data-piece="{tid}" class="terrain"><title>{escape(piece.name)}: '
                    f'{escape(", ".join(_keyword_names(game, piece.keywords)))}</title>'
                    f'<polygon points="{_pts(frame, piece.points)}" fill="{terrain_colour(piece)}" fill-opacity="0.85" '
                    f'stroke="{"#333" if heavy else "#6b5d45"}" stroke-width="{1.6 if heavy else 1}"/></g>')
    body.append("</g>")
    body.append('<g data-role="markers">')
    for m in state.markers:
        if m.removed:
            continue
        sx, sy = frame.to_svg(m.x, m.y)
        r = max(m.radius * SCALE, 5.0)
        name = by_id[m.id].name if m.id in by_id else m.id
        mid = escape(m.id)
        body.append(f'<g data-place="{mid}" data-piece="{mid}" class="marker"><title>{escape(name)}</title>'
                    f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="{r:.1f}" fill="{MARKER_COLOUR}" stroke="#222" '
                    f'stroke-width="1.5"/>'
                    + (f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="{r * 0.45:.1f}" fill="{colour_of[m.owner]}"/>'
                       if m.owner in colour_of else "") + "</g>")
    for pid, name, kind, x, y, owner in chaos_places(game):
        sx, sy = frame.to_svg(x, y)
        r = CHAOS_RADIUS * SCALE
        inner = (f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="{r * 0.4:.1f}" fill="{colour_of[owner]}"/>'
                 if owner in colour_of else "")
        body.append(f'<g data-place="{escape(pid)}" data-piece="{escape(pid)}" class="marker">'
                    f"<title>{escape(name)} ({escape(kind)})</title>"
                    f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="{r:.1f}" fill="#ffffff" stroke="{CHAOS_COLOUR}" '
                    f'stroke-width="3"/>{inner}</g>')
    body.append("</g>")
    body.append('<g data-role="units">')
    for u in state.units.values():
        if u.status == READY:
            body += _unit_svg(game, frame, u, colour_of[u.side], by_id[u.id])
    body.append("</g>")
    placed = placed_labels(game)
    extra_right = max([p.box[2] for p in placed] + [width]) - width
    width += extra_right
    # the text and legend below the table
    legend_w = width - 16
    below = TOP + td + BELOW
    leg_h = legend_height(items, legend_w, size=FONT)
    gone = [u for u in state.units.values() if u.status == REMOVED]
    gone_line = ("Removed: " + ", ".join(f"{u.name} ({u.side}, round {u.removed_round})" for u in gone)) if gone else ""
    height = below + 14 + leg_h + 18 + (18 if gone_line else 0) + 8
    out.append(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" '
               f'height="{height:.0f}" font-family="DejaVu Sans, Verdana, sans-serif" font-size="{FONT:g}" '
               f'data-ruleset="hobgoblin" data-scale="{SCALE:g}">')
    out.append(f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="#ffffff"/>')
    out.append(f'<text x="{LEFT:.0f}" y="{TOP - 12:.0f}" font-size="{FONT + 2:g}" font-weight="bold">'
               f"{escape(_title_line(game, width - LEFT - 8))}</text>")
    out.append(f'<rect x="{LEFT:.1f}" y="{TOP:.1f}" width="{tw:.1f}" height="{td:.1f}" fill="{TABLE_FILL}" '
               'stroke="#333" stroke-width="1.5" data-role="table-edge"/>')
    out += _zones(game, frame, colour_of)
    out.append(grid(frame))
    out += body
    out.append('<g data-role="labels">')
    out.append(labels_svg([p for p in placed if p.label.key.startswith("terrain")], size=FONT - 1,
                          colour="#3b3020"))
    out.append(labels_svg([p for p in placed if not p.label.key.startswith("terrain")], size=FONT))
    out.append("</g>")
    out.append(legend_svg(items, 8, below + 14, size=FONT, width=legend_w))
    note = f'Ticks in inches from the bottom-left corner (1" = {SCALE:g} px); y {state.depth:g} is the far edge.'
    out.append(f'<text x="8" y="{below + 14 + leg_h + 12:.1f}" fill="#555">{escape(note)}</text>')
    if gone_line:
        out.append(f'<text x="8" y="{below + 14 + leg_h + 30:.1f}" fill="#555">{escape(gone_line)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def unit_boxes(frame: Frame, unit: Unit, slices: int = 4) -> list[tuple[float, float, float, float]]:
    """Boxes (picture units) that together cover the unit and little else: its rectangle cut across its width
    into ``slices`` strips, each strip's bounding box (a turned unit's one bounding box would keep labels far
    away from it)."""
    rect = unit.rect
    fl, fr = rect.corner("front-left"), rect.corner("front-right")
    rr, rl = rect.corner("rear-right"), rect.corner("rear-left")
    out = []
    for k in range(slices):
        a, b = k / slices, (k + 1) / slices
        pts = [(fl.x + (fr.x - fl.x) * t, fl.y + (fr.y - fl.y) * t) for t in (a, b)]
        pts += [(rl.x + (rr.x - rl.x) * t, rl.y + (rr.y - rl.y) * t) for t in (b, a)]
        out.append(_bbox(frame, pts))
    return out


def _family(name: str) -> str:
    """A name without its numbers and one-letter words: ``Fortress wall at Weak Point 3`` -> ``Fortress wall at
    Weak Point``."""
    return " ".join(w for w in name.split() if not w.isdigit() and len(w) > 1) or name


def placed_labels(game: Game) -> list[Placed]:
    """Every name on the table where :func:`picture` puts it: terrain names (key ``terrainN``), marker names
    (the marker's id) and unit names with their Doom (the unit's id), none over another nor over a unit."""
    from skirmish_hobgoblin.scenarios import marker_name

    state = game.state
    frame = frame_of(state)
    labels: list[Label] = []
    avoid: list[tuple[float, float, float, float]] = []
    anchors: dict[str, tuple[float, float, float, float]] = {}
    named: list[tuple[str, float, float]] = []
    for i, piece in enumerate(state.pieces, 1):
        anchors[terrain_id(i)] = _bbox(frame, piece.points)
        cx = sum(x for x, _ in piece.points) / len(piece.points)
        cy = sum(y for _, y in piece.points) / len(piece.points)
        family = _family(piece.name)
        if any(f == family and math.hypot(cx - x, cy - y) < REPEAT for f, x, y in named):
            continue  # a run of like pieces (a wall's sections) is named once in a while; each has its title
        named.append((family, cx, cy))
        sx, sy = frame.to_svg(cx, cy)
        labels.append(Label(piece.name, sx, sy, text_width(piece.name, FONT - 1), FONT + 3, key=terrain_id(i)))
    for m in state.markers:
        if m.removed:
            continue
        sx, sy = frame.to_svg(m.x, m.y)
        r = max(m.radius * SCALE, 5.0)
        short = marker_name(m).split(" (")[0]
        labels.append(Label(short, sx, sy, text_width(short, FONT - 1), FONT + 3, key=m.id))
        avoid.append((sx - r, sy - r, sx + r, sy + r))
        anchors[m.id] = avoid[-1]
    for pid, name, _, x, y, _ in chaos_places(game):
        sx, sy = frame.to_svg(x, y)
        r = CHAOS_RADIUS * SCALE + 1.5
        labels.append(Label(name, sx, sy, text_width(name, FONT - 1), FONT + 3, key=pid))
        avoid.append((sx - r, sy - r, sx + r, sy + r))
        anchors[pid] = avoid[-1]
    for u in state.units.values():
        if u.status != READY:
            continue
        avoid += unit_boxes(frame, u)
        anchors[u.id] = _bbox(frame, [(c.x, c.y) for c in u.rect.corners])
        text = f"{u.id} {u.name} \u00b7 Doom {u.doom}/{stats.break_point(game, u)}"
        sx, sy = frame.to_svg(u.x, u.y)
        labels.append(Label(text, sx, sy, text_width(text, FONT), FONT + 4, key=u.id))
    tw, td = state.width * SCALE, state.depth * SCALE
    bounds = (LEFT + 1, TOP + 1, LEFT + tw + RIGHT - 2, TOP + td - 1)  # clear of the ticks and the title
    placed = place_labels(labels, avoid=avoid, bounds=bounds, gap=2.0, near=SCALE * 1.6)
    outlines = {u.id: [frame.to_svg(c.x, c.y) for c in u.rect.corners] for u in state.in_play()}
    outlines.update({terrain_id(i): [frame.to_svg(x, y) for x, y in piece.points]
                     for i, piece in enumerate(state.pieces, 1)})
    out = []
    for p in placed:
        far = _far(p, anchors[p.label.key])
        if far and p.label.key in outlines:  # the leader starts at the edge of what it names, not over its id
            x, y = _nearest_on_outline(outlines[p.label.key], p.x, p.y)
            p = attrs.evolve(p, label=attrs.evolve(p.label, x=x, y=y))
        out.append(attrs.evolve(p, leader=far))
    return out


def _nearest_on_outline(corners: list[tuple[float, float]], x: float, y: float) -> tuple[float, float]:
    """The point of a polygon's outline nearest to ``(x, y)``."""
    best, found = math.inf, corners[0]
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True):
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / ((dx * dx + dy * dy) or 1.0)))
        px, py = ax + t * dx, ay + t * dy
        d = math.hypot(px - x, py - y)
        if d < best:
            best, found = d, (px, py)
    return found


def _far(placed: Placed, anchor: tuple[float, float, float, float]) -> bool:
    """Whether a label stands far enough from what it names to need a leader line (a gap over 1.2")."""
    x0, y0, x1, y1 = placed.box
    dx = max(anchor[0] - x1, x0 - anchor[2], 0.0)
    dy = max(anchor[1] - y1, y0 - anchor[3], 0.0)
    return math.hypot(dx, dy) > SCALE * 1.2


# ----------------------------------------------------------------------------- the presentation


def present(game: Game, player: str | None) -> Presentation:
    """What ``player`` sees (``None``: everything): the table, its pieces, legend, frame, brief and panels."""
    state = game.state
    ruleset = game.ruleset
    glossary = ruleset.glossary()
    colour_of = side_colours(game)
    pieces = [unit_piece(game, u, glossary) for u in state.units.values()]
    pieces += [terrain_piece(game, i, piece, glossary) for i, piece in enumerate(state.pieces, 1)]
    pieces += [marker_piece(game, m) for m in state.markers if not m.removed]
    pieces += [chaos_piece(place) for place in chaos_places(game)]
    items = legend(game, colour_of, glossary)
    svg = picture(game, pieces, items, colour_of)  # the table hides nothing: only the panels differ by seat
    from skirmish_hobgoblin import explain
    from skirmish_hobgoblin.rules import Hobgoblin

    try:  # the browser's panel wraps long lines and draws the map (a house rule's own brief is shown as it is)
        brief = (explain.brief(game, player, screen=True) if type(ruleset).brief is Hobgoblin.brief
                 else ruleset.brief(game, player))
    except Exception:  # noqa: BLE001 - a status line is not worth a lost screen
        brief = ""
    return Presentation(svg=svg, pieces=pieces, legend=items, frame=frame_of(state), brief=brief,
                        panels=panels(game, player))


# ----------------------------------------------------------------------------- shading a selected unit


def shades(game: Game, player: str, piece: str) -> list[Any]:
    """What a selected unit can do, from the rules' own checks: the enemies it sees (``see``), may shoot now
    (``shoot``: range, sight, not engaged), could engage with the MP it has this turn (``charge``: the movement
    planner), and the footprint after its longest straight advance (``reach``). Positions are public, so every
    seat gets the same answers; nothing in the game changes."""
    from skirmish.presentation import Shade
    from skirmish_hobgoblin import moves, turns

    state = game.state
    unit = state.units.get(piece)
    if unit is None or not unit.in_play or game.over:
        return []
    out: list[Shade] = []
    enemies = state.enemies(unit)
    seen = [e.id for e in enemies if measuring.has_los(state, unit, e)]
    if seen:
        out.append(Shade("see", f"{unit.name} sees (line of sight from its front edge)", seen))
    if turns.can_shoot(game, unit):
        targets = [e.id for e, _ in turns.shooting_targets(game, unit)]
        if targets:
            out.append(Shade("shoot", f"{unit.name} may shoot (in range {stats.shot_range(game, unit):g}\" and "
                                      "sight)", targets))
    act = state.activation
    active = act is not None and act.unit == unit.id
    if active or (unit.id not in state.activated and game.phase in ("Initiative", "Magic", "Shooting", "Movement")):
        mp = act.mp if active and act is not None else float(stats.speed(unit))
        engaged = {e.id for e in measuring.engaged(state, unit)}
        reachable = [e.id for e in enemies if e.id not in engaged and measuring.gap(unit, e) <= mp + 0.01
                     and moves.plan_engage(game, unit, e, mp)]
        if reachable:
            out.append(Shade("charge", f"{unit.name} could engage with {mp:g} MP", reachable))
        far = moves.max_amount(game, unit, "advance", mp=mp)
        if far > 0:
            end = moves.shape_after(unit.rect, "advance", far).end
            out.append(Shade("reach", f"{unit.name} advancing straight {far:g}\"", shape=(
                "rect", round(end.centre.x, 4), round(end.centre.y, 4), round(end.width, 4), round(end.depth, 4),
                round(end.facing, 4))))
    return out
