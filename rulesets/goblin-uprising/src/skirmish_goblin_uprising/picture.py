"""Goblin Uprising's presentation: the board as an SVG picture, its pieces with their details, a legend, panels.

One description for every screen (DESIGN rule 10): ``skirmish svg``, ``play --svg-dir`` and the browser draw it.
The board is laid out from the content's region map, so a content directory with its own board gets a picture
too: outer regions in a ring round the castle, each region's spaces further out the more moves they are from the
Throne, villages beyond the space they touch. Every space is a ``<g data-place="SPACE-ID">``; every hero, general,
troop group, the Tyrant, guardian and token a ``<g data-piece="ID">`` with the ids the rules use in options
(``hero1``, ``tyrant``, ``general:ID``, ``troop:TYPE``, ``guardian:ID``, ``token:SPACE``, ``quest:SPACE``).

What no hero knows (the face-down behavior card, face-down exploration tokens, the decks' order) is never
shown, to any player nor to ``None``: nobody at the table knows it. Goblin hands are open (co-operative table
talk), unless a hand is not public: then only its owner (and ``None``) reads its cards.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import attrs

from skirmish import LegendItem, Piece, Presentation, counted
from skirmish.presentation import Label, Placed, escape, legend_height, legend_svg, place_labels, text_width
from skirmish_goblin_uprising.bookkeeping import C, tyrant
from skirmish_goblin_uprising.state import TYRANT

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_goblin_uprising.content import Content
    from skirmish_goblin_uprising.state import GameState, Hero

# -- sizes and colours (picture units: a pixel when a browser shows the picture 1100 wide; the board is compact so
# that its names stay readable when a page shrinks the picture to fit beside its panels) ------------------------

WIDTH = 1100.0
BOARD = 800.0  # the board's square; the roster and the legend stand right of it
HEAD = 92.0  # the title, the track and the scheme above the board
CX, CY = BOARD / 2, HEAD + BOARD / 2
R_INNER, R_OUTER = 132.0, 340.0  # the innermost and outermost rings of an outer region's spaces
CASTLE = 92.0  # the castle's disc
NODE = 20.0  # a space's radius
MARK = 11.0  # a hero's, general's or the Tyrant's mark
NAME_SIZE = 14.0
REGION_SIZE = 16.0
BADGE_SIZE = 13.0
LEGEND_SIZE = 12.5
PAPER = "#f6f1e3"
HERO_COLOURS = ("#1f5fbf", "#d4551a", "#1d8a3a", "#8e3bbf", "#0f9aa8", "#c2186b")
REGION_COLOURS = ("#8fb3d9", "#a89078", "#e0b85c", "#a8c65a", "#3f8f4f", "#e08a8a", "#9a8fbf", "#d9a441")
CASTLE_COLOUR = "#9e9e9e"
TYRANT_COLOUR = "#7a0c0c"
GENERAL_COLOUR = "#2b2b2b"
VILLAGE_FILL = "#f3e6b5"
SPAWN_FILL = "#d9c29b"
SPACE_FILL = "#ffffff"
TOKEN_FILL = "#5b6b8c"
QUEST_FILL = "#e0a800"

Box = tuple[float, float, float, float]


@attrs.frozen
class Layout:
    """Where everything on the board goes: each space's centre, the boxes the marks cover, the labels placed."""

    pos: dict[str, tuple[float, float]]
    regions: dict[str, tuple[float, float]]  # outer region -> (angle in radians, half its width in radians)
    nodes: dict[str, Box]  # space -> the box its circle and the marks on it cover
    labels: list[Placed]  # space names, region names and troop badges, none over another nor over a node


def hero_colour(game: Game, hid: str) -> str:
    order = game.state.order
    return HERO_COLOURS[order.index(hid) % len(HERO_COLOURS)] if hid in order else "#666666"


def _region_colours(c: Content) -> dict[str, str]:
    out: dict[str, str] = {}
    for i, r in enumerate(r for r in c.board.regions if r.id != c.board.castle):
        out[r.id] = REGION_COLOURS[i % len(REGION_COLOURS)]
    out[c.board.castle] = CASTLE_COLOUR
    return out


def troop_colour(c: Content, troop: str) -> str:
    return _region_colours(c).get(c.region_of_troop(troop), CASTLE_COLOUR)


def _shade(colour: str, k: float) -> str:
    """``colour`` darkened (``k`` < 1) or lightened towards white (``k`` > 1)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    if k <= 1:
        r, g, b = (int(v * k) for v in (r, g, b))
    else:
        r, g, b = (int(v + (255 - v) * (k - 1)) for v in (r, g, b))
    return f"#{min(255, r):02x}{min(255, g):02x}{min(255, b):02x}"


# -- the layout ---------------------------------------------------------------------------------------------------

def _positions(c: Content) -> tuple[dict[str, tuple[float, float]], dict[str, tuple[float, float]]]:
    """Each space's centre, and each outer region's angle and half width (built once per content set)."""
    memo = c.memo
    found = memo.get(("picture", "positions"))
    if found is not None:
        return found
    rmap, castle, throne = c.rmap, c.board.castle, c.board.throne
    outer = [r.id for r in c.board.regions if r.id != castle]
    n = max(1, len(outer))
    half = math.pi / n
    angles = {rid: -math.pi / 2 + 2 * math.pi * i / n for i, rid in enumerate(outer)}
    hops = c.hops(throne) if throne in rmap else {}
    region_of = c._look["space_region"]
    depth = [hops.get(s, 0) for s in rmap.space_ids if region_of.get(s) in angles]
    near, far = (min(depth), max(depth)) if depth else (2, 4)
    villages = set(c.villages)
    far_all = max([far] + [hops.get(v, far) for v in villages])

    def radius(d: int) -> float:
        return R_INNER + (R_OUTER - R_INNER) * (d - near) / max(1, far_all - near)

    pos: dict[str, tuple[float, float]] = {}
    for rid, ang in angles.items():
        rings: dict[int, list[str]] = {}
        for sid in rmap.spaces_in(rid):
            rings.setdefault(hops.get(sid, far), []).append(sid)
        for d, ids in rings.items():
            for k, sid in enumerate(ids):  # several spaces one ring: spread across the region's width
                a = ang + (k - (len(ids) - 1) / 2) * half * 0.55
                pos[sid] = (CX + radius(d) * math.cos(a), CY + radius(d) * math.sin(a))
    loose = [s for s in rmap.space_ids if s not in pos and region_of.get(s) != castle]
    for sid in loose:  # villages (and other spaces of no outer region): beyond the region they touch
        touching = [region_of.get(nb) for nb in rmap.neighbours(sid) if region_of.get(nb) in angles]
        if touching:
            ang = angles[touching[0]]
            same = [s for s in loose if s in pos and math.isclose(math.atan2(pos[s][1] - CY, pos[s][0] - CX),
                                                                   ang, abs_tol=1e-6)]
            ang += len(same) * half * 0.4
            r = radius(hops.get(sid, far_all)) if hops.get(sid) else R_OUTER
            pos[sid] = (CX + r * math.cos(ang), CY + r * math.sin(ang))
    rest = [s for s in rmap.space_ids if s not in pos and region_of.get(s) != castle]
    for i, sid in enumerate(rest):  # nothing to go by: a ring of their own outside everything
        a = 2 * math.pi * i / max(1, len(rest))
        pos[sid] = (CX + (R_OUTER + 40) * math.cos(a), CY + (R_OUTER + 40) * math.sin(a))
    castle_ids = [s for s in rmap.space_ids if region_of.get(s) == castle and s != throne]
    for i, sid in enumerate(castle_ids):  # the Gate in the middle, any other castle space round it
        if i == 0:
            pos[sid] = (CX, CY)
        else:
            a = -math.pi / 2 + half + 2 * math.pi * i / max(2, len(castle_ids))
            pos[sid] = (CX + 78 * math.cos(a), CY + 78 * math.sin(a))
    if throne in rmap:  # between two regions' spokes, so no line to an inner space crosses it
        a = -math.pi / 2 + half
        pos[throne] = (CX + 78 * math.cos(a), CY + 78 * math.sin(a)) if castle_ids else (CX, CY)
    found = memo["picture", "positions"] = (pos, {rid: (a, half) for rid, a in angles.items()})
    return found


def _marks(game: Game, sid: str, x: float, y: float) -> list[tuple[str, float, float]]:
    """The pieces standing on space ``sid`` (centred at ``x, y``) and where their marks go: one in the middle, two
    side by side, more round a ring clear of one another (the Tyrant keeps the middle)."""
    who = list(game.state.board.occupants(sid))
    middle = TYRANT in who and len(who) > 1
    if middle:
        who.remove(TYRANT)
    k = len(who)
    if k <= 1 and not middle:
        spots = [(x, y)][:k]
    elif k == 2 and not middle:
        spots = [(x - MARK * 1.3, y), (x + MARK * 1.3, y)]
    else:
        ring = max(NODE + (MARK * 0.55 if middle else -1), MARK * 1.3 / math.sin(math.pi / max(k, 2)))
        start = -math.pi / 2 if k > 1 or not middle else math.pi / 4
        spots = [(x + ring * math.cos(start + 2 * math.pi * i / k), y + ring * math.sin(start + 2 * math.pi * i / k))
                 for i in range(k)]
    out = [(w, px, py) for w, (px, py) in zip(who, spots, strict=True)]
    return [(TYRANT, x, y), *out] if middle else out


def _reach(marks: list[tuple[str, float, float]], x: float, y: float) -> float:
    """How far from a space's centre its circle and the marks on it reach."""
    return max([NODE] + [math.hypot(px - x, py - y) + MARK * 1.4 for _, px, py in marks])


def _token_spot(x: float, y: float) -> tuple[float, float]:
    return x + NODE * 0.95, y - NODE * 0.95


def layout(game: Game) -> Layout:
    """The board's layout for the state now: spaces, the boxes marks cover, and every label placed."""
    s: GameState = game.state
    c = C(game)
    pos, regions = _positions(c)
    nodes: dict[str, Box] = {}
    for sid, (x, y) in pos.items():
        reach = _reach(_marks(game, sid, x, y), x, y)
        box = [x - reach, y - reach, x + reach, y + reach]
        if sid in s.tokens or sid in s.quests:
            tx, ty = _token_spot(x, y)
            box = [min(box[0], tx - 9), min(box[1], ty - 9), max(box[2], tx + 9), max(box[3], ty + 9)]
        nodes[sid] = (box[0], box[1], box[2], box[3])
    bounds = (6.0, HEAD + 4, BOARD - 6, HEAD + BOARD - 4)
    avoid = list(nodes.values())
    # troop badges first, beside their spawn space (outward side), then the spaces' names, then the regions'
    badges: list[Label] = []
    for troop, n in s.troops.items():
        spawn = c._look["spawn"].get(c.region_of_troop(troop)) if n else None
        if spawn not in pos:
            continue
        x, y = pos[spawn]
        text = _badge_text(c, troop, n, s.troop_damage.get(troop, 0))
        w = text_width(text, BADGE_SIZE) * 0.92 + 20
        side = 0.0 if abs(x - CX) < 1 else 1.0 if x > CX else -1.0
        bx, by = (x + side * (nodes[spawn][2] - x + w / 2 + 3), y) if side else (x, nodes[spawn][3] + BADGE_SIZE)
        badges.append(Label(text, bx, by, w, BADGE_SIZE + 8, key=f"troop:{troop}"))
    placed = place_labels(badges, avoid=avoid, bounds=bounds, gap=2.0, near=2.0)
    avoid += [p.box for p in placed]
    names: list[Label] = []
    h = NAME_SIZE + 3
    for sid, (x, y) in pos.items():
        name = c.space_name(sid)
        w = text_width(name, NAME_SIZE) * 0.92
        far = math.hypot(x - CX, y - CY)
        if far >= R_OUTER - 1:  # the rim (villages): the name outside, away from the board
            ux, uy = (x - CX) / far, (y - CY) / far
            lx, ly = x + ux * (nodes[sid][2] - x + w / 2 * abs(ux) + 2), y + uy * (nodes[sid][3] - y + h / 2 + 1)
        else:
            lx, ly = x, nodes[sid][3] + h / 2 + 1
        names.append(Label(name, lx, ly, w, h, key=f"name:{sid}"))
    more = place_labels(names, avoid=avoid, bounds=bounds, gap=2.0, near=2.0)
    avoid += [p.box for p in more]
    placed += more
    areas: list[Label] = []
    for rid, (ang, half) in regions.items():
        name = c.region_name(rid)
        r = (R_INNER + R_OUTER) / 2 + 10
        a = ang + half * 0.55
        areas.append(Label(name, CX + r * math.cos(a), CY + r * math.sin(a),
                           text_width(name, REGION_SIZE) * 0.95, REGION_SIZE + 4, key=f"region:{rid}"))
    castle_name = c.region_name(c.board.castle)
    areas.append(Label(castle_name, CX, CY + CASTLE + 4, text_width(castle_name, REGION_SIZE) * 0.95, REGION_SIZE + 4,
                       key=f"region:{c.board.castle}"))
    placed += place_labels(areas, avoid=avoid, bounds=bounds, gap=2.0, near=1000.0)
    return Layout(pos, regions, nodes, placed)


def _badge_text(c: Content, troop: str, n: int, damage: int) -> str:
    name = c.troops[troop].name
    hurt = f", {damage}/{c.troops[troop].hp} dmg" if damage else ""
    return f"{n}\u00d7 {name}{hurt}"


# -- drawing ------------------------------------------------------------------------------------------------------

def _title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def _hero_mark(game: Game, hid: str, x: float, y: float, pieces: dict[str, Piece]) -> str:
    h = game.state.heroes[hid]
    colour = hero_colour(game, hid)
    number = str(game.state.order.index(hid) + 1) if hid in game.state.order else "?"
    tip = _tip(pieces.get(hid))
    return (f'<g data-piece="{escape(hid)}" data-kind="hero">{tip}'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{MARK:.1f}" fill="{colour}" stroke="#ffffff" stroke-width="2.2"/>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{MARK + 1.8:.1f}" fill="none" stroke="#222" stroke-width="0.8"/>'
            f'<text x="{x:.1f}" y="{y + 4.3:.1f}" text-anchor="middle" font-size="12" font-weight="bold" '
            f'fill="#ffffff" pointer-events="none">{number}</text>'
            + ("" if not h.guardian else _guardian_mark(game, h, x, y, pieces)) + "</g>")


def _guardian_mark(game: Game, h: Hero, x: float, y: float, pieces: dict[str, Piece]) -> str:
    gx, gy = x - MARK * 0.8, y + MARK * 0.8
    ident = f"guardian:{h.guardian}"
    letter = C(game).guardians[h.guardian].name[:1]
    return (f'<g data-piece="{escape(ident)}" data-kind="guardian">{_tip(pieces.get(ident))}'
            f'<circle cx="{gx:.1f}" cy="{gy:.1f}" r="6" fill="#f2f2ff" stroke="#3b3b8f" stroke-width="1.3"/>'
            f'<text x="{gx:.1f}" y="{gy + 3:.1f}" text-anchor="middle" font-size="8" font-weight="bold" '
            f'fill="#3b3b8f" pointer-events="none">{escape(letter)}</text></g>')


def _tyrant_mark(x: float, y: float, tip: str, defeated: bool = False) -> str:
    w, hh = MARK * 1.35, MARK * 1.1
    crown = (f"{x - w:.1f},{y + hh:.1f} {x - w:.1f},{y - hh * 0.4:.1f} {x - w * 0.5:.1f},{y + hh * 0.1:.1f} "
             f"{x:.1f},{y - hh:.1f} {x + w * 0.5:.1f},{y + hh * 0.1:.1f} {x + w:.1f},{y - hh * 0.4:.1f} "
             f"{x + w:.1f},{y + hh:.1f}")
    faded = ' opacity="0.45"' if defeated else ""
    return (f'<g data-piece="{TYRANT}" data-kind="tyrant"{faded}>{tip}'
            f'<polygon points="{crown}" fill="{TYRANT_COLOUR}" stroke="#f5d36b" stroke-width="2" '
            'stroke-linejoin="round"/>'
            f'<text x="{x:.1f}" y="{y + hh - 2:.1f}" text-anchor="middle" font-size="10" font-weight="bold" '
            'fill="#f5d36b" pointer-events="none">T</text></g>')


def _general_mark(c: Content, gid: str, x: float, y: float, tip: str) -> str:
    d = MARK * 1.2
    spec = c.generals.get(gid)
    fill = _shade(_region_colours(c).get(spec.region, CASTLE_COLOUR), 0.55) if spec else GENERAL_COLOUR
    return (f'<g data-piece="general:{escape(gid)}" data-kind="general">{tip}'
            f'<polygon points="{x:.1f},{y - d:.1f} {x + d:.1f},{y:.1f} {x:.1f},{y + d:.1f} {x - d:.1f},{y:.1f}" '
            f'fill="{fill}" stroke="{GENERAL_COLOUR}" stroke-width="2"/>'
            f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="11" font-weight="bold" '
            'fill="#ffffff" pointer-events="none">G</text></g>')


def _tip(piece: Piece | None) -> str:
    """A ``<title>`` for plain SVG viewers: the piece's name, status and details on separate lines."""
    if piece is None:
        return ""
    lines = [piece.name + (f" ({', '.join(piece.status)})" if piece.status else "")]
    lines += [f"{a}: {b}" for a, b in piece.details]
    return _title("\n".join(lines))


def picture(game: Game, player: str | None, pieces: dict[str, Piece], legend: list[LegendItem]) -> str:
    """The board as a complete SVG document (``pieces`` give the tooltips; ``legend`` is drawn beneath)."""
    s: GameState = game.state
    c = C(game)
    lay = layout(game)
    pos = lay.pos
    colours = _region_colours(c)
    roster, legend_top = _roster(game, player)
    legend_h = legend_height(legend, WIDTH - BOARD - 20, size=LEGEND_SIZE)
    height = max(HEAD + BOARD, legend_top + legend_h + 12)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:g}" height="{height:.0f}" '
           f'viewBox="0 0 {WIDTH:g} {height:.0f}" font-family="DejaVu Sans, Verdana, sans-serif">',
           f"<title>{escape(c.board.name)}: {escape(tyrant(game).name)}'s realm, round {game.round}</title>",
           f'<rect x="0" y="0" width="{WIDTH:g}" height="{height:.0f}" fill="{PAPER}"/>']
    out.append(_header(game))
    # regions: a wedge of colour each, the castle a disc in the middle
    out.append('<g data-role="regions" pointer-events="none">')
    for rid, (ang, half) in lay.regions.items():
        a0, a1 = ang - half * 0.96, ang + half * 0.96
        r0, r1 = CASTLE + 8, R_OUTER + 38
        pts = [(CX + r0 * math.cos(a0), CY + r0 * math.sin(a0)), (CX + r1 * math.cos(a0), CY + r1 * math.sin(a0)),
               (CX + r1 * math.cos(a1), CY + r1 * math.sin(a1)), (CX + r0 * math.cos(a1), CY + r0 * math.sin(a1))]
        path = (f"M{pts[0][0]:.1f},{pts[0][1]:.1f} L{pts[1][0]:.1f},{pts[1][1]:.1f} "
                f"A{r1:.0f},{r1:.0f} 0 0 1 {pts[2][0]:.1f},{pts[2][1]:.1f} L{pts[3][0]:.1f},{pts[3][1]:.1f} "
                f"A{r0:.0f},{r0:.0f} 0 0 0 {pts[0][0]:.1f},{pts[0][1]:.1f} Z")
        out.append(f'<path d="{path}" fill="{colours[rid]}" fill-opacity="0.28" stroke="{colours[rid]}" '
                   f'stroke-opacity="0.7" stroke-width="1.5" data-region="{escape(rid)}"/>')
    out.append(f'<circle cx="{CX}" cy="{CY}" r="{CASTLE:g}" fill="{CASTLE_COLOUR}" fill-opacity="0.25" '
               f'stroke="{CASTLE_COLOUR}" stroke-width="1.5" data-region="{escape(c.board.castle)}"/>')
    out.append("</g>")
    # paths between spaces
    out.append('<g data-role="paths" stroke="#7d7564" stroke-width="3" stroke-linecap="round" pointer-events="none">')
    for a, b in c.board.adjacency:
        if a in pos and b in pos:
            out.append(f'<line x1="{pos[a][0]:.1f}" y1="{pos[a][1]:.1f}" x2="{pos[b][0]:.1f}" y2="{pos[b][1]:.1f}"/>')
    out.append("</g>")
    # spaces
    homes = {h.village: hid for hid, h in s.heroes.items() if h.village}
    out.append('<g data-role="spaces">')
    for sid, (x, y) in pos.items():
        sp = c.rmap.space(sid)
        fill = VILLAGE_FILL if "village" in sp.tags else SPAWN_FILL if "spawn" in sp.tags else SPACE_FILL
        ring = ""
        if sid in homes:
            ring = (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{NODE + 3.5:.1f}" fill="none" '
                    f'stroke="{hero_colour(game, homes[sid])}" stroke-width="3" stroke-dasharray="5 3"/>')
        stroke = "#333" if sid != c.board.throne else TYRANT_COLOUR
        width = "1.5" if sid != c.board.throne else "3"
        out.append(f'<g data-place="{escape(sid)}" data-kind="space">{_tip(pieces.get(sid))}{ring}'
                   f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{NODE:.1f}" fill="{fill}" stroke="{stroke}" '
                   f'stroke-width="{width}"/></g>')
    out.append("</g>")
    # labels: names of spaces and regions, troop badges (placed so that none covers another or a space)
    out.append(_labels(game, lay, pieces))
    # tokens and pieces on the spaces
    out.append('<g data-role="pieces">')
    for sid, (x, y) in pos.items():
        if sid in s.quests or sid in s.tokens:
            out.append(_token_mark(game, sid, x, y, pieces))
        for who, mx, my in _marks(game, sid, x, y):
            if who == TYRANT:
                out.append(_tyrant_mark(mx, my, _tip(pieces.get(TYRANT)), s.hp <= 0))
            elif who.startswith("general:"):
                out.append(_general_mark(c, who[8:], mx, my, _tip(pieces.get(who))))
            elif who in s.heroes:
                out.append(_hero_mark(game, who, mx, my, pieces))
    out.append("</g>")
    out.append(roster)
    out.append(f'<text x="{BOARD + 10:g}" y="{legend_top - 6:.0f}" font-size="16" font-weight="bold">Key</text>')
    out.append(legend_svg(legend, BOARD + 10, legend_top + LEGEND_SIZE + 6, size=LEGEND_SIZE, width=WIDTH - BOARD - 20))
    out.append("</svg>")
    return "\n".join(out)


def _token_mark(game: Game, sid: str, x: float, y: float, pieces: dict[str, Piece]) -> str:
    s: GameState = game.state
    tx, ty = _token_spot(x, y)
    if sid in s.quests:
        ident = f"quest:{sid}"
        return (f'<g data-piece="{escape(ident)}" data-kind="quest">{_tip(pieces.get(ident))}'
                f'<rect x="{tx - 8:.1f}" y="{ty - 8:.1f}" width="16" height="16" rx="3" fill="{QUEST_FILL}" '
                f'stroke="#5a4300" stroke-width="1.2"/><text x="{tx:.1f}" y="{ty + 4:.1f}" text-anchor="middle" '
                'font-size="11" font-weight="bold" fill="#2b2000" pointer-events="none">Q</text></g>')
    ident = f"token:{sid}"
    letter = "?" if sid not in s.peeked else C(game).tokens[s.tokens[sid]].name[:1]
    hexagon = " ".join(f"{tx + 8.5 * math.cos(math.pi / 6 + k * math.pi / 3):.1f},"
                       f"{ty + 8.5 * math.sin(math.pi / 6 + k * math.pi / 3):.1f}" for k in range(6))
    return (f'<g data-piece="{escape(ident)}" data-kind="token">{_tip(pieces.get(ident))}'
            f'<polygon points="{hexagon}" fill="{TOKEN_FILL}" stroke="#1f2a40" stroke-width="1.2"/>'
            f'<text x="{tx:.1f}" y="{ty + 4:.1f}" text-anchor="middle" font-size="11" font-weight="bold" '
            f'fill="#ffffff" pointer-events="none">{escape(letter)}</text></g>')


def _labels(game: Game, lay: Layout, pieces: dict[str, Piece]) -> str:
    c = C(game)
    out = ['<g data-role="labels">']
    for p in lay.labels:
        lab = p.label
        kind, _, key = lab.key.partition(":")
        if p.leader:  # from the edge of what it names to the nearest point of the label's box
            bx = min(max(lab.x, p.box[0]), p.box[2])
            by = min(max(lab.y, p.box[1]), p.box[3])
            if kind in ("name", "troop"):
                sid = key if kind == "name" else c._look["spawn"].get(c.region_of_troop(key), "")
                ax, ay = lay.pos.get(sid, (lab.x, lab.y))
                d = math.hypot(bx - ax, by - ay) or 1.0
                out.append(f'<line x1="{ax + (bx - ax) * NODE / d:.1f}" y1="{ay + (by - ay) * NODE / d:.1f}" '
                           f'x2="{bx:.1f}" y2="{by:.1f}" stroke="#555" stroke-width="1" stroke-dasharray="3 2" '
                           'pointer-events="none"/>')
        if kind == "troop":
            ident = f"troop:{key}"
            colour = troop_colour(c, key)
            x0, y0, x1, y1 = p.box
            out.append(f'<g data-piece="{escape(ident)}" data-kind="troop">{_tip(pieces.get(ident))}'
                       f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{x1 - x0:.1f}" height="{y1 - y0:.1f}" rx="4" '
                       f'fill="#ffffff" stroke="{_shade(colour, 0.6)}" stroke-width="1.6"/>'
                       f'<rect x="{x0 + 4:.1f}" y="{p.y - 6:.1f}" width="12" height="12" fill="{colour}" '
                       f'stroke="{_shade(colour, 0.5)}"/>'
                       f'<text x="{x0 + 20:.1f}" y="{p.y + BADGE_SIZE * 0.36:.1f}" font-size="{BADGE_SIZE:g}" '
                       f'fill="#1a1a1a" pointer-events="none">{escape(lab.text)}</text></g>')
        elif kind == "region":
            colour = _region_colours(c).get(key, CASTLE_COLOUR)
            out.append(f'<text x="{p.x:.1f}" y="{p.y + REGION_SIZE * 0.35:.1f}" text-anchor="middle" '
                       f'font-size="{REGION_SIZE:g}" font-weight="bold" font-style="italic" '
                       f'fill="{_shade(colour, 0.45)}" stroke="{PAPER}" stroke-width="3" paint-order="stroke" '
                       f'pointer-events="none" data-label="{escape(lab.key)}">{escape(lab.text)}</text>')
        else:  # a space's name: a click on it picks the space, as a click on its circle does
            out.append(f'<g data-place="{escape(key)}" data-kind="name"><text x="{p.x:.1f}" '
                       f'y="{p.y + NAME_SIZE * 0.35:.1f}" text-anchor="middle" font-size="{NAME_SIZE:g}" '
                       f'fill="#1a1a1a" stroke="#ffffff" stroke-width="3" paint-order="stroke" '
                       f'data-label="{escape(lab.key)}">{escape(lab.text)}</text></g>')
    out.append("</g>")
    return "\n".join(out)


def _header(game: Game) -> str:
    s: GameState = game.state
    c = C(game)
    t = tyrant(game)
    out = ['<g data-role="header">']
    where = s.board.where(TYRANT)
    state = ", ".join(x for x in ("AGGRESSIVE" if s.aggressive else "", "OPPRESS" if s.oppress else "") if x)
    out.append(f'<text x="20" y="30" font-size="19" font-weight="bold" fill="{TYRANT_COLOUR}">{escape(t.name)}'
               f'<tspan font-weight="normal" fill="#222" font-size="15">  HP {s.hp}/{s.max_hp} \u00b7 Royal Armor '
               f'{s.armor} \u00b7 damage {s.damage}  \u00b7  round {game.round}</tspan></text>')
    # the destruction track: a box per space, those passed filled
    n = len(t.track)
    out.append('<text x="20" y="58" font-size="13" fill="#222">Destruction track</text>')
    x0 = 150.0
    for i in range(n):
        passed = i < s.marker
        fill = "#8c1d1d" if passed else "#ffffff"
        out.append(f'<rect x="{x0 + i * 24:.0f}" y="45" width="20" height="17" rx="2" fill="{fill}" stroke="#444" '
                   f'stroke-width="1"><title>space {i + 1}: {counted(t.track[i].rolls, "reinforcement roll")}'
                   '</title></rect>'
                   f'<text x="{x0 + i * 24 + 10:.0f}" y="58" font-size="10" text-anchor="middle" '
                   f'fill="{"#ffffff" if passed else "#444"}" pointer-events="none">{i + 1}</text>')
    spot = f"on the {c.space_name(where)}" if where else "off the board"
    loud = f' \u00b7 <tspan font-weight="bold" fill="#8c1d1d">{state}</tspan>' if state else ""
    out.append(f'<text x="{x0 + n * 24 + 8:.0f}" y="58" font-size="13" fill="#222">marker {s.marker}/{n} '
               f'\u00b7 the Tyrant {escape(spot)}{loud}</text>')
    if s.scheme:
        from skirmish_goblin_uprising.tyranny import goal_text

        sc = t.scheme(s.scheme)
        progress = s.kills_round if sc.goal.condition == "kills_in_round" else s.progress
        text = f"Scheme: {sc.name} \u2013 {goal_text(game, sc.goal)} (progress {progress})"
    else:
        text = "No scheme active"
    out.append(f'<text x="20" y="82" font-size="13" fill="#222">{escape(text[:150])}</text>')
    out.append("</g>")
    return "\n".join(out)


def _roster(game: Game, player: str | None) -> tuple[str, float]:
    """The column right of the board: the result once there is one, each hero's mark, class, HP and where it
    stands, who is acting; and how far down it reaches."""
    s: GameState = game.state
    c = C(game)
    x = BOARD + 10
    out = ['<g data-role="roster">']
    y = HEAD + 22
    result = game.result
    if result is not None:
        who = "the heroes win" if "heroes" in result.winners else "the Tyrant wins"
        out.append(f'<text x="{x:.0f}" y="{y:.0f}" font-size="17" font-weight="bold" fill="#8c1d1d" '
                   f'data-role="outcome">Game over: {who}</text>')
        for line in _wrap(result.reason, 34):
            y += 17
            out.append(f'<text x="{x:.0f}" y="{y:.0f}" font-size="13" fill="#222">{escape(line)}</text>')
        y += 36
    out.append(f'<text x="{x:.0f}" y="{y:.0f}" font-size="16" font-weight="bold">Heroes</text>')
    y += 28
    acting = s.turn.hero if s.turn and game.result is None else ""
    for i, hid in enumerate(s.order):
        h = s.heroes[hid]
        colour = hero_colour(game, hid)
        cls = c.classes[h.cls].name if h.cls else "choosing a class"
        where = s.board.where(hid)
        place = ("removed from the game" if h.removed else f"at {c.space_name(where)}" if where
                 else "not on the board yet") + (f" \u00b7 {counted(len(h.hand), 'goblin')}" if h.cls else "")
        you = " (you)" if hid == player else ""
        out.append(f'<circle cx="{x + 11:.0f}" cy="{y - 5:.0f}" r="{MARK:.1f}" fill="{colour}" stroke="#fff" '
                   'stroke-width="2"/>'
                   f'<text x="{x + 11:.0f}" y="{y - 0.5:.0f}" text-anchor="middle" font-size="12" font-weight="bold" '
                   f'fill="#fff">{i + 1}</text>'
                   f'<text x="{x + 28:.0f}" y="{y:.0f}" font-size="14" font-weight="bold" fill="{colour}">'
                   f'{escape(hid)}{escape(you)} \u00b7 {escape(cls)}</text>')
        if hid == acting:
            out.append(f'<text x="{x + 28:.0f}" y="{y + 17:.0f}" font-size="12" fill="#8c1d1d" font-weight="bold">'
                       f'acting now ({counted(s.turn.actions if s.turn else 0, "action")} left)</text>')
            y += 15
        if h.cls:
            out.append(f'<text x="{x + 28:.0f}" y="{y + 17:.0f}" font-size="12" fill="#222">HP {h.hp}/{h.max_hp} '
                       f'\u00b7 Ess {h.essence}/{h.max_essence} \u00b7 Ren {h.renown} \u00b7 L{h.leadership}</text>')
            y += 16
        out.append(f'<text x="{x + 28:.0f}" y="{y + 17:.0f}" font-size="12" fill="#444">{escape(place)}</text>')
        y += 42
    out.append("</g>")
    return "\n".join(out), y + 14


def _wrap(text: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width) or [""]


# -- the pieces as data --------------------------------------------------------------------------------------------

def _hand_visible(h: Hero, player: str | None) -> bool:
    return bool(h.hand.visible_to(player))


def hero_piece(game: Game, hid: str, player: str | None) -> Piece:
    from skirmish_goblin_uprising.explain import passive_text

    s: GameState = game.state
    c = C(game)
    h = s.heroes[hid]
    cls = c.classes.get(h.cls) if h.cls else None
    where = s.board.where(hid) or ""
    rows: list[tuple[str, str]] = [("class", cls.name if cls else "not chosen yet")]
    if h.tribe:
        rows.append(("tribe card", f"{c.tribes[h.tribe].name} ({'ready' if h.tribe_ready else 'exhausted'})"))
    rows += [("HP", f"{h.hp}/{h.max_hp}"), ("Essence", f"{h.essence}/{h.max_essence}"), ("Renown", str(h.renown)),
             ("Leadership", str(h.leadership))]
    if cls is not None:
        rows.append(("abilities", ", ".join(cls.ability(a).name for a in h.abilities) or "none"))
        rows.append(("passive", passive_text(cls.passive)))
    if _hand_visible(h, player):
        names = [c.goblins[g].name for g in h.hand.cards]
        rows.append(("hand", f"{len(names)}: {', '.join(names)}" if names else "0"))
    else:
        rows.append(("hand", f"{counted(len(h.hand), 'goblin card')}"))
    if h.guardian:
        rows.append(("guardian", c.guardians[h.guardian].name))
    if h.pet:
        rows.append(("pet", c.pets[h.pet].name))
    if cls is not None and cls.passive == "fury":
        rows.append(("Fury", str(h.fury)))
    if cls is not None and cls.passive == "ambush":
        rows.append(("Ambush", "token held" if h.ambush else "token spent"))
    rows.append(("village", c.space_name(h.village) if h.village else "not chosen yet"))
    rows.append(("enemies defeated", str(h.kills)))
    rows.append(("falls", str(h.falls)))
    keywords = ["HP", "Essence", "Renown", "Leadership", "hand"]
    if cls is not None:
        keywords += [cls.name, *(cls.ability(a).name for a in h.abilities)]
    if h.tribe:
        keywords += [c.tribes[h.tribe].name, "tribe card"]
    if h.guardian:
        keywords += [c.guardians[h.guardian].name, "guardian"]
    if h.pet:
        keywords += [c.pets[h.pet].name, "pet"]
    if cls is not None and cls.passive in ("fury", "ambush"):
        keywords.append(cls.passive.capitalize())
    status = []
    if h.removed:
        status.append("removed from the game")
    if s.turn is not None and s.turn.hero == hid:
        status.append(f"acting now: {counted(s.turn.actions, 'action')} left")
    if h.hp <= 0 and not h.removed:
        status.append("fallen")
    if h.tribe and not h.tribe_ready:
        status.append("tribe card exhausted")
    name = f"{hid}: {cls.name}" if cls else hid
    return Piece(hid, name, side="heroes", kind="hero", details=rows, keywords=_known(c, keywords), status=status,
                 place=where)


def tyrant_piece(game: Game) -> Piece:
    s: GameState = game.state
    c = C(game)
    t = tyrant(game)
    rows = [("HP", f"{s.hp}/{s.max_hp}"), ("Royal Armor", str(s.armor)), ("damage", str(s.damage)),
            ("Tyrannical Ability", f"{t.ability.name}: {t.pressure}"),
            ("behavior card", t.behavior(s.behavior).name if s.revealed else "face down"),
            ("destruction track", f"marker {s.marker}/{len(t.track)}")]
    if t.ability.effect == "crown_on_spawn" or s.crowns:
        rows.append(("Crowns", str(s.crowns)))
    if s.countdown > 0:
        rows.append(("countdown", str(s.countdown)))
    status = [x for x, on in (("Aggressive", s.aggressive), ("Oppress", s.oppress), ("fled", s.flight),
                              ("must fall twice", s.undying and not s.defeated_once)) if on]
    if s.hp <= 0:
        status.append("defeated")
    keywords = [t.name, t.ability.name, "Royal Armor", "Tyrannical Ability", "behavior card", "destruction track"]
    if s.aggressive:
        keywords.append("Aggressive")
    if s.oppress:
        keywords.append("Oppress")
    if any(r[0] == "Crowns" for r in rows):
        keywords.append("Crowns")
    return Piece(TYRANT, f"the Tyrant: {t.name}", side="Tyrant", kind="tyrant", details=rows,
                 keywords=_known(c, keywords), status=status, place=s.board.where(TYRANT) or "")


def troop_piece(game: Game, troop: str) -> Piece:
    s: GameState = game.state
    c = C(game)
    spec = c.troops[troop]
    region = c.region_of_troop(troop)
    n = s.troops.get(troop, 0)
    damage = s.troop_damage.get(troop, 0)
    rows = [("miniatures", f"{n} of {spec.count}"), ("HP each", str(spec.hp)),
            ("damage on the tile", f"{damage}/{spec.hp}"), ("damage", str(spec.damage)),
            ("region", c.region_name(region))]
    keywords = [spec.name, "troop", "army", "tile", "miniature"]
    status = []
    if spec.aggressive:
        keywords.append("Aggressive")
        status.append("Aggressive")
    if region == c.board.castle:
        keywords.append("Champion")
    return Piece(f"troop:{troop}", f"{n}\u00d7 {spec.name}", side="Tyrant", kind="troop", details=rows,
                 keywords=_known(c, keywords), status=status, place=c._look["spawn"].get(region, ""))


def general_piece(game: Game, gid: str) -> Piece:
    s: GameState = game.state
    c = C(game)
    spec = c.generals[gid]
    damage = s.generals.get(gid, 0)
    rows = [("HP", f"{spec.hp - damage}/{spec.hp}"), ("damage", str(spec.damage)),
            ("region", c.region_name(spec.region))]
    keywords = [spec.name, "general"] + (["Aggressive"] if spec.aggressive else [])
    return Piece(f"general:{gid}", spec.name, side="Tyrant", kind="general", details=rows,
                 keywords=_known(c, keywords), status=["Aggressive"] if spec.aggressive else [],
                 place=s.board.where(f"general:{gid}") or "")


def guardian_piece(game: Game, hid: str) -> Piece:
    from skirmish_goblin_uprising.explain import guardian_passive_text
    from skirmish_goblin_uprising.turns import guardian_text

    s: GameState = game.state
    c = C(game)
    h = s.heroes[hid]
    g = c.guardians[h.guardian]
    rows = [("with", hid), ("passive", guardian_passive_text(g.passive)), ("2 actions", guardian_text(g.active))]
    status = ["used this turn"] if s.turn is not None and s.turn.hero == hid and s.turn.guardian_used else []
    return Piece(f"guardian:{h.guardian}", g.name, side="heroes", kind="guardian", details=rows,
                 keywords=_known(c, [g.name, "guardian"]), status=status, place=s.board.where(hid) or "")


def token_piece(game: Game, sid: str) -> Piece:
    s: GameState = game.state
    c = C(game)
    if sid in s.quests:
        kind, _, key = s.quests[sid].partition(":")
        schemes = {sc.id: sc.name for sc in tyrant(game).schemes}
        named = (c.adventures[key].name if kind == "adventure" and key in c.adventures
                 else schemes.get(key, key) if kind == "scheme" else key)
        rows = [("placed by", f"{kind} {named}".strip())]
        return Piece(f"quest:{sid}", f"Quest token on {c.space_name(sid)}", side="", kind="quest", details=rows,
                     keywords=_known(c, ["Quest", "Interact"]), place=sid)
    if sid in s.peeked:
        spec = c.tokens[s.tokens[sid]]
        from skirmish_goblin_uprising.adventure import gain_text

        rows = [("token", spec.name), ("effect", "; ".join(gain_text(e) for e in spec.effects))]
        return Piece(f"token:{sid}", f"{spec.name} on {c.space_name(sid)}", kind="token", details=rows,
                     keywords=_known(c, ["exploration token", "Interact"]), status=["looked at"], place=sid)
    return Piece(f"token:{sid}", f"exploration token on {c.space_name(sid)}", kind="token",
                 details=[("token", "face down")], keywords=_known(c, ["exploration token", "Interact"]),
                 status=["face down"], place=sid)


def space_piece(game: Game, sid: str) -> Piece:
    s: GameState = game.state
    c = C(game)
    sp = c.rmap.space(sid)
    region = c._look["space_region"].get(sid, "")
    kind = "village" if "village" in sp.tags else "spawn space" if "spawn" in sp.tags else "space"
    rows: list[tuple[str, str]] = [("kind", kind), ("region", c.region_name(region) if region else "none")]
    here = []
    for o in s.board.occupants(sid):
        here.append(tyrant(game).name if o == TYRANT else c.generals[o[8:]].name if o.startswith("general:")
                    and o[8:] in c.generals else o)
    troop = c.region_spec(region).troop if region and "spawn" in sp.tags else ""
    if troop and s.troops.get(troop):
        here.append(f"{s.troops[troop]}\u00d7 {c.troops[troop].name}")
    rows.append(("here", ", ".join(here) or "nobody"))
    if sid in s.quests:
        rows.append(("token", "Quest"))
    elif sid in s.tokens:
        rows.append(("token", c.tokens[s.tokens[sid]].name if sid in s.peeked else "exploration token, face down"))
    home = [hid for hid, h in s.heroes.items() if h.village == sid]
    if home:
        rows.append(("home of", ", ".join(home)))
    rows.append(("next to", ", ".join(c.space_name(n) for n in c.rmap.neighbours(sid))))
    keywords = []
    if kind == "village":
        keywords.append("village")
    if kind == "spawn space":
        keywords.append("spawn")
    if sid in s.tokens:
        keywords.append("exploration token")
    if sid in s.quests:
        keywords.append("Quest")
    keywords.append(c.space_name(sid))
    return Piece(sid, c.space_name(sid), kind="space", details=rows, keywords=_known(c, keywords), place=sid)


def _known(c: Content, words: list[str]) -> list[str]:
    """The words the glossary explains (as the glossary spells them), once each, in order."""
    gloss = _glossary_keys(c)
    out: list[str] = []
    for w in words:
        key = gloss.get(w.lower())
        if key is not None and key not in out:
            out.append(key)
    return out


def _glossary_keys(c: Content) -> dict[str, str]:
    found = c.memo.get(("picture", "glossary"))
    if found is None:
        from skirmish_goblin_uprising.explain import glossary

        found = c.memo["picture", "glossary"] = {k.lower(): k for k in glossary(c)}
    return found


def pieces(game: Game, player: str | None) -> list[Piece]:
    """Every piece on the board as ``player`` sees it: heroes, the Tyrant, generals, troops, guardians, tokens and
    the spaces themselves."""
    s: GameState = game.state
    c = C(game)
    out = [hero_piece(game, hid, player) for hid in s.order]
    out.append(tyrant_piece(game))
    out += [general_piece(game, g) for g in s.generals]
    out += [troop_piece(game, t) for t, n in s.troops.items() if n]
    out += [guardian_piece(game, hid) for hid in s.order if s.heroes[hid].guardian]
    out += [token_piece(game, sp) for sp in (*s.quests, *(t for t in s.tokens if t not in s.quests))]
    out += [space_piece(game, sid) for sid in c.rmap.space_ids]
    return out


# -- legend and panels ----------------------------------------------------------------------------------------------

def legend(game: Game) -> list[LegendItem]:
    s: GameState = game.state
    c = C(game)
    items = [LegendItem("space", SPACE_FILL, "circle", "a space of the board: Move 1 steps to a neighbour"),
             LegendItem("spawn space", SPAWN_FILL, "circle", "where the region's troops stand and appear"),
             LegendItem("village", VILLAGE_FILL, "circle", "a hero's home (dashed ring in its colour)"),
             LegendItem("exploration token ?", TOKEN_FILL, "square", "face down: take it with Interact"),
             LegendItem("Quest token Q", QUEST_FILL, "square", "resolve it with Interact"),
             LegendItem("the Tyrant (crown)", TYRANT_COLOUR, "square", tyrant(game).name),
             LegendItem("general (G diamond)", GENERAL_COLOUR, "square", "a strong single enemy")]
    for hid in s.order:
        h = s.heroes[hid]
        cls = c.classes[h.cls].name if h.cls else "hero"
        items.append(LegendItem(f"{s.order.index(hid) + 1} {hid} {cls}", hero_colour(game, hid), "circle",
                                f"{hid}'s mark on the board"))
    for r in c.board.regions:
        if r.troop in c.troops:
            items.append(LegendItem(c.troops[r.troop].name, troop_colour(c, r.troop), "square",
                                    f"troops of {r.name}, on its spawn space"))
    return items


def panels(game: Game, player: str | None) -> list[tuple[str, str]]:
    from skirmish_goblin_uprising.render import track_preview
    from skirmish_goblin_uprising.turns import COMMUNE, RECRUIT, TRAIN

    s: GameState = game.state
    t = tyrant(game)
    out: list[tuple[str, str]] = []
    track = [f"marker {s.marker}/{len(t.track)}; next:", *track_preview(game)]
    out.append(("Destruction track", "\n".join(track)))
    if s.scheme:
        from skirmish_goblin_uprising.tyranny import goal_text

        sc = t.scheme(s.scheme)
        progress = s.kills_round if sc.goal.condition == "kills_in_round" else s.progress
        scheme = (f"{sc.name}: {goal_text(game, sc.goal)}\nprogress {progress}; foiled {len(s.foiled)}; "
                  f"{len(s.schemes)} more in the deck")
    else:
        scheme = f"none active; foiled {len(s.foiled)}"
    out.append(("Scheme", scheme))
    tyr = [f"{t.name} ({t.race} Tyrant): HP {s.hp}/{s.max_hp}, Royal Armor {s.armor}, damage {s.damage}",
           f"{t.ability.name}: {t.pressure}",
           "behavior card: " + (t.behavior(s.behavior).name if s.revealed else "face down")]
    state = [x for x, on in (("Aggressive", s.aggressive), ("Oppress active", s.oppress),
                             (f"Crowns {s.crowns}", s.crowns > 0), (f"countdown {s.countdown}", s.countdown > 0)) if on]
    if state:
        tyr.append(", ".join(state))
    out.append(("Tyrant", "\n".join(tyr)))
    for hid in s.order if player is None else [player] if player in s.heroes else []:
        h = s.heroes[hid]
        if not _hand_visible(h, player):
            continue
        out.append((f"{hid}'s hand" if player is None else "Your hand", _hand_text(game, h)))
    renown = [f"{hid}: {s.heroes[hid].renown}" for hid in s.order]
    out.append(("Renown", "; ".join(renown) + f"\nspend on: Recruit {RECRUIT}, Train {TRAIN}, Commune {COMMUNE}"))
    return out


def _hand_text(game: Game, h: Hero) -> str:
    from skirmish_goblin_uprising.combat import effect_text
    from skirmish_goblin_uprising.turns import turn_text

    c = C(game)
    if not h.hand.cards:
        return "no goblin cards"
    lines = []
    for card in h.hand.cards:
        g = c.goblins[card]
        lines.append(f"{g.name}: turn - {turn_text(g.turn, h.leadership)}; uprising - "
                     f"{effect_text(g.uprising, h.leadership)}")
    return "\n".join(lines)


def _wrapped(panels: list[tuple[str, str]], width: int = 52) -> list[tuple[str, str]]:
    """Panels with their lines wrapped for a narrow column (continuations indented)."""
    import textwrap

    out = []
    for title, text in panels:
        lines = []
        for line in text.splitlines():
            lead = len(line) - len(line.lstrip())
            lines += textwrap.wrap(line, width, subsequent_indent=" " * (lead + 2)) or [""]
        out.append((title, "\n".join(lines)))
    return out


def present(game: Game, player: str | None) -> Presentation:
    """What ``player`` sees (``None``: what the table shows; nobody sees face-down things)."""
    shown = pieces(game, player)
    items = legend(game)
    by_id = {p.id: p for p in shown}
    svg = picture(game, player, by_id, items)
    brief = game.ruleset.brief(game, player)
    return Presentation(svg=svg, pieces=shown, legend=items, brief=brief, panels=_wrapped(panels(game, player)))


def reach(game: Game, player: str, piece: str) -> list[str]:
    """The spaces the pending decision lets ``piece`` (a hero) go to now, from the options the rules offer."""
    d = game.pending
    if d is None or d.player != player or d.context.get("hero", d.player) != piece:
        return []
    out: list[str] = []
    for o in d.options:
        data: dict[str, Any] = dict(o.data)
        if data.get("action") == "interact" or str(o.value).startswith("interact:"):
            continue
        where = data.get("space") or data.get("village")
        if isinstance(where, str) and where not in out and where in C(game).rmap:
            out.append(where)
    return out
