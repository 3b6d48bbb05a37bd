"""What a seat sees, described once for every screen: the terminal, ``skirmish svg`` and the browser.

A ruleset returns a :class:`Presentation` from :meth:`Ruleset.present`: the table or board as an
SVG picture, the pieces on it with their details (profile, keywords, status, wounds), a legend,
and, for games on a table, the :class:`Frame` that maps the picture's units to inches so a screen
can turn a click into a point and measure between pieces. Everything is plain data: it goes to
JSON for the browser unchanged.

Conventions a picture follows so every screen can use it:

- the root ``<svg>`` has a ``viewBox``; each piece is drawn inside an element carrying
  ``data-piece="ID"`` (the id the rules use in decisions), and named places (spaces, shrines,
  terrain) carry ``data-place="ID"``;
- the picture is complete on its own (``skirmish svg`` writes it to a file as it is);
- ``data-role`` values inside a picture are the helpers' (``grid``, ``ticks``, ``legend``); the page keeps
  its own (``table``, ``prompt``, ``submit``, ``result``, ``log``...) outside the picture, so a picture should
  not use those.

Helpers here that a ruleset's drawing code may use: :func:`grid` (an inch grid with numbered
ticks), :func:`place_labels` (labels that never overlap one another nor the boxes to avoid) and
:func:`escape`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from skirmish.errors import IllegalAnswer, SkirmishError
from skirmish.safe import safe_text

#: the kinds of footprint a piece may carry (plain data, in inches, table coordinates)
SHAPES = ("circle", "rect", "polygon")


@attrs.frozen
class Frame:
    """How table coordinates (inches) map to the picture's user units.

    ``sx = origin_x + x * scale`` and ``sy = origin_y - y * scale`` when ``y_up`` (the table's y
    grows up the picture), else ``sy = origin_y + y * scale``.
    """

    width: float
    depth: float
    scale: float
    origin_x: float = 0.0
    origin_y: float = 0.0
    y_up: bool = True

    def to_svg(self, x: float, y: float) -> tuple[float, float]:
        sy = self.origin_y - y * self.scale if self.y_up else self.origin_y + y * self.scale
        return self.origin_x + x * self.scale, sy

    def to_table(self, sx: float, sy: float) -> tuple[float, float]:
        y = (self.origin_y - sy) / self.scale if self.y_up else (sy - self.origin_y) / self.scale
        return (sx - self.origin_x) / self.scale, y

    def contains(self, x: float, y: float) -> bool:
        return 0.0 <= x <= self.width and 0.0 <= y <= self.depth


@attrs.frozen
class Piece:
    """A piece (or a named place) as a seat sees it.

    ``details`` are ``(label, value)`` rows in the order a player reads them; ``keywords`` are
    glossary terms (a screen shows their explanation); ``shape`` is the footprint on a table:
    ``("circle", x, y, r)``, ``("rect", x, y, width, depth, facing)`` or
    ``("polygon", x0, y0, x1, y1, ...)``, in inches; ``place`` names a board space.
    """

    id: str
    name: str
    side: str = ""
    kind: str = ""
    details: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=lambda rows: tuple(
        (str(a), str(b)) for a, b in rows))
    keywords: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    status: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    shape: tuple[Any, ...] = attrs.field(default=(), converter=tuple)
    place: str = ""

    def __attrs_post_init__(self) -> None:
        if self.shape and self.shape[0] not in SHAPES:
            raise ValueError(f"piece {self.id}: unknown shape {self.shape[0]!r} (one of {', '.join(SHAPES)})")

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "side": self.side, "kind": self.kind,
                "details": [list(row) for row in self.details], "keywords": list(self.keywords),
                "status": list(self.status), "shape": list(self.shape), "place": self.place}


@attrs.frozen
class LegendItem:
    """One line of a legend: a swatch (``colour`` drawn as ``mark``: square, circle, diamond, line or ring) and a
    label."""

    label: str
    colour: str = "#888888"
    mark: str = "square"
    help: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "colour": self.colour, "mark": self.mark, "help": self.help}


@attrs.frozen
class Presentation:
    """The table or board as ``player`` sees it: a picture, its pieces, a legend, and the brief status.

    ``panels`` are ``(title, text)`` pairs shown beside the picture (a hand of cards, a score track);
    ``frame`` is set for games on a table (``None`` on a board).
    """

    svg: str | None
    pieces: tuple[Piece, ...] = attrs.field(default=(), converter=tuple)
    legend: tuple[LegendItem, ...] = attrs.field(default=(), converter=tuple)
    frame: Frame | None = None
    brief: str = ""
    panels: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=tuple)

    def piece(self, ident: str) -> Piece | None:
        return next((p for p in self.pieces if p.id == ident), None)

    def to_dict(self) -> dict[str, Any]:
        return {"svg": self.svg, "pieces": [p.to_dict() for p in self.pieces],
                "legend": [item.to_dict() for item in self.legend],
                "frame": attrs.asdict(self.frame) if self.frame is not None else None,
                "brief": self.brief, "panels": [list(p) for p in self.panels]}


# -- measuring --------------------------------------------------------------------------------

def footprint(piece: Piece) -> Any:
    """The piece's footprint as a core geometry shape (``None`` when it has none)."""
    from skirmish.geometry.shapes import Circle, Polygon, Rect
    from skirmish.geometry.vec import Vec

    s = piece.shape
    if not s:
        return None
    if s[0] == "circle":
        return Circle(Vec(float(s[1]), float(s[2])), float(s[3]))
    if s[0] == "rect":
        return Rect(Vec(float(s[1]), float(s[2])), float(s[3]), float(s[4]), float(s[5]))
    xy = [float(v) for v in s[1:]]
    return Polygon([Vec(xy[i], xy[i + 1]) for i in range(0, len(xy) - 1, 2)])


Where = str | tuple[float, float]


def measure_between(presentation: Presentation, a: Where, b: Where) -> tuple[float, str]:
    """Closest-point distance in inches between two pieces (by id) or points, and a line saying it.

    Pieces are measured edge to edge (base to base); a point is measured to a piece's nearest edge.
    """
    from skirmish.geometry.shapes import distance
    from skirmish.geometry.vec import Vec

    def resolve(where: Where) -> tuple[Any, str]:
        if isinstance(where, str):
            piece = presentation.piece(where)
            if piece is None:
                raise SkirmishError(f"no piece '{where}' on the table")
            shape = footprint(piece)
            if shape is None:
                raise SkirmishError(f"{piece.name} has no place on the table to measure from")
            return shape, piece.name
        x, y = float(where[0]), float(where[1])
        if not (math.isfinite(x) and math.isfinite(y)):
            raise SkirmishError("a point to measure from must have finite coordinates")
        return Vec(x, y), f"({x:.1f}, {y:.1f})"

    sa, na = resolve(a)
    sb, nb = resolve(b)
    d = float(distance(sa, sb))
    edge = " (closest points)" if not (isinstance(a, tuple) and isinstance(b, tuple)) else ""
    return d, f'{na} to {nb}: {d:.2f}"{edge}'


# -- drawing helpers -------------------------------------------------------------------------

def escape(text: Any) -> str:
    """``text`` safe inside SVG/XML text and attribute values (control sequences, bidi overrides and other
    control characters dropped: :func:`skirmish.safe_text`, then what XML cannot hold)."""
    out = safe_text(str(text))
    out = "".join(ch for ch in out if ch in "\t\n" or (ord(ch) >= 32 and not 0x7F <= ord(ch) < 0xA0))
    return (out.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def grid(frame: Frame, *, step: float = 1.0, major: int = 6, colour: str = "#000000") -> str:
    """SVG elements: an inch grid over the table (every ``major`` inches darker) and numbered ticks
    along its bottom and left edges, outside the table (leave a margin of about ``frame.scale * 2``)."""
    out = [f'<g data-role="grid" stroke="{colour}" pointer-events="none">']
    ticks = [f'<g data-role="ticks" font-size="{max(8.0, min(12.0, frame.scale * 0.8)):.1f}" fill="#333" '
             'pointer-events="none">']
    x0, ytop = frame.to_svg(0, frame.depth)
    x1, ybot = frame.to_svg(frame.width, 0)
    top, bottom = min(ytop, ybot), max(ytop, ybot)
    n = int(math.floor(frame.width / step + 1e-9))
    for i in range(n + 1):
        inches = i * step
        sx, _ = frame.to_svg(inches, 0)
        strong = i % major == 0
        out.append(f'<line x1="{sx:.1f}" y1="{top:.1f}" x2="{sx:.1f}" y2="{bottom:.1f}" '
                   f'stroke-opacity="{0.22 if strong else 0.07}" stroke-width="{1 if strong else 0.6}"/>')
        if strong or frame.scale * step >= 20:
            ticks.append(f'<text x="{sx:.1f}" y="{bottom + frame.scale * 0.9 + 4:.1f}" '
                         f'text-anchor="middle">{inches:g}</text>')
    m = int(math.floor(frame.depth / step + 1e-9))
    for j in range(m + 1):
        inches = j * step
        _, sy = frame.to_svg(0, inches)
        strong = j % major == 0
        out.append(f'<line x1="{x0:.1f}" y1="{sy:.1f}" x2="{x1:.1f}" y2="{sy:.1f}" '
                   f'stroke-opacity="{0.22 if strong else 0.07}" stroke-width="{1 if strong else 0.6}"/>')
        if strong or frame.scale * step >= 20:
            ticks.append(f'<text x="{x0 - 4:.1f}" y="{sy + 4:.1f}" text-anchor="end">{inches:g}</text>')
    out.append("</g>")
    ticks.append("</g>")
    return "\n".join(out + ticks)


@attrs.frozen
class Label:
    """A label to place: its text, the point it names, and its size in picture units."""

    text: str
    x: float
    y: float
    width: float
    height: float
    key: str = ""


@attrs.frozen
class Placed:
    """Where a label went: the centre of its text box, and whether it needs a leader line to its point."""

    label: Label
    x: float
    y: float
    leader: bool

    @property
    def box(self) -> tuple[float, float, float, float]:
        w, h = self.label.width / 2, self.label.height / 2
        return self.x - w, self.y - h, self.x + w, self.y + h


def text_width(text: str, size: float) -> float:
    """A generous estimate of the width of ``text`` at font size ``size`` (sans-serif)."""
    return max(1, len(text)) * size * 0.62


Box = tuple[float, float, float, float]


def _overlap(a: Box, b: Box, gap: float) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def place_labels(labels: Sequence[Label], *, avoid: Iterable[Box] = (), bounds: Box | None = None,
                 gap: float = 1.0, near: float = 0.0) -> list[Placed]:
    """Put every label near its point so that no two labels overlap and none covers a box in ``avoid``.

    Each label tries its own point first, then positions on rings further out (a leader line is
    drawn when it moved beyond ``near``); it stays inside ``bounds`` when it can. A label that
    finds no free place nearby goes to a free slot in a column to the right of everything, so
    the result never overlaps, whatever the input.
    """
    obstacles = list(avoid)
    taken: list[Box] = []

    def free(box: Box) -> bool:
        if bounds is not None and not (box[0] >= bounds[0] and box[1] >= bounds[1] and box[2] <= bounds[2]
                                       and box[3] <= bounds[3]):
            return False
        return not any(_overlap(box, t, gap) for t in taken) and not any(_overlap(box, o, 0.0) for o in obstacles)

    order = sorted(range(len(labels)), key=lambda i: (labels[i].y, labels[i].x))
    placed: list[Placed | None] = [None] * len(labels)  # in the order given, placed top to bottom
    right = max([b[2] for b in obstacles] + [lab.x + lab.width for lab in labels] + [bounds[2] if bounds else 0])
    column_y = bounds[1] if bounds is not None else min([lab.y for lab in labels], default=0.0)
    for i in order:
        lab = labels[i]
        w, h = lab.width / 2, lab.height / 2
        found: Placed | None = None
        step = max(2.0, lab.height * 0.6)
        for ring in range(0, 14):
            r = ring * step
            count = 1 if ring == 0 else 8 + 4 * ring
            for k in range(count):
                angle = (math.pi / 2) + 2 * math.pi * k / count  # below first, then around
                cx, cy = lab.x + r * math.cos(angle) * (1 + w / max(h, 1e-9)) * 0.5, lab.y + r * math.sin(angle)
                box = (cx - w, cy - h, cx + w, cy + h)
                if free(box):  # a leader line when the box ended up clear of its point
                    gap_x = max(box[0] - lab.x, 0.0, lab.x - box[2])
                    gap_y = max(box[1] - lab.y, 0.0, lab.y - box[3])
                    found = Placed(lab, cx, cy, leader=math.hypot(gap_x, gap_y) > near + lab.height)
                    break
            if found is not None:
                break
        if found is None:  # a column beside everything: always free
            cx = right + gap + w
            cy = column_y + h
            while any(_overlap((cx - w, cy - h, cx + w, cy + h), t, gap) for t in taken):
                cy += lab.height + gap
            column_y = cy + h + gap
            found = Placed(lab, cx, cy, leader=True)
        taken.append(found.box)
        placed[i] = found
    return [p for p in placed if p is not None]


def leader(p: Placed, radius: float = 0.0) -> tuple[float, float, float, float]:
    """The leader line of a moved label: from ``radius`` out of its point (the edge of a round mark drawn there)
    to the nearest point of its text box, as ``(x1, y1, x2, y2)``."""
    lab = p.label
    bx = min(max(lab.x, p.box[0]), p.box[2])
    by = min(max(lab.y, p.box[1]), p.box[3])
    d = math.hypot(bx - lab.x, by - lab.y)
    if d > radius > 0:
        return lab.x + (bx - lab.x) * radius / d, lab.y + (by - lab.y) * radius / d, bx, by
    return lab.x, lab.y, bx, by


def labels_svg(placed: Iterable[Placed], *, size: float = 11.0, colour: str = "#111", halo: str = "#ffffff",
               leader_colour: str = "#444") -> str:
    """SVG elements for placed labels: a leader line where one moved, and the text with a light halo."""
    out = []
    for p in placed:
        lab = p.label
        if p.leader:
            x1, y1, x2, y2 = leader(p)
            out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{leader_colour}" '
                       'stroke-width="0.8" pointer-events="none"/>')
        key = f' data-label="{escape(lab.key)}"' if lab.key else ""
        out.append(f'<text x="{p.x:.1f}" y="{p.y + size * 0.35:.1f}" text-anchor="middle" font-size="{size:g}" '
                   f'fill="{colour}" stroke="{halo}" stroke-width="3" paint-order="stroke" '
                   f'pointer-events="none"{key}>{escape(lab.text)}</text>')
    return "\n".join(out)


def legend_svg(items: Sequence[LegendItem], x: float, y: float, *, size: float = 11.0, width: float = 0.0) -> str:
    """The legend as SVG elements starting at ``(x, y)``; flows into columns when ``width`` is given."""
    out = ['<g data-role="legend">']
    cx, cy = x, y
    for item in items:
        w = 22 + text_width(item.label, size)
        if width and cx + w > x + width and cx > x:
            cx, cy = x, cy + size + 6
        sw = size
        if item.mark == "circle":
            out.append(f'<circle cx="{cx + sw / 2:.1f}" cy="{cy - sw / 3:.1f}" r="{sw / 2.2:.1f}" fill="{item.colour}" '
                       'stroke="#333" stroke-width="0.6"/>')
        elif item.mark == "ring":
            out.append(f'<circle cx="{cx + sw / 2:.1f}" cy="{cy - sw / 3:.1f}" r="{sw / 2.2:.1f}" fill="none" '
                       f'stroke="{item.colour}" stroke-width="2"/>')
        elif item.mark == "diamond":
            mx, my, r = cx + sw / 2, cy - sw / 3, sw / 2
            out.append(f'<polygon points="{mx:.1f},{my - r:.1f} {mx + r:.1f},{my:.1f} {mx:.1f},{my + r:.1f} '
                       f'{mx - r:.1f},{my:.1f}" fill="{item.colour}" stroke="#333" stroke-width="0.6"/>')
        elif item.mark == "line":
            out.append(f'<line x1="{cx:.1f}" y1="{cy - sw / 3:.1f}" x2="{cx + sw:.1f}" y2="{cy - sw / 3:.1f}" '
                       f'stroke="{item.colour}" stroke-width="3"/>')
        else:
            out.append(f'<rect x="{cx:.1f}" y="{cy - sw * 0.8:.1f}" width="{sw:.1f}" height="{sw * 0.9:.1f}" '
                       f'fill="{item.colour}" stroke="#333" stroke-width="0.6"/>')
        out.append(f'<text x="{cx + sw + 5:.1f}" y="{cy:.1f}" font-size="{size:g}">{escape(item.label)}'
                   + (f"<title>{escape(item.help)}</title>" if item.help else "") + "</text>")
        cx += w + 10
    out.append("</g>")
    return "\n".join(out)


def legend_height(items: Sequence[LegendItem], width: float, *, size: float = 11.0) -> float:
    """How tall :func:`legend_svg` draws ``items`` in ``width``."""
    rows, cx = 1, 0.0
    for item in items:
        w = 22 + text_width(item.label, size)
        if width and cx + w > width and cx > 0:
            rows, cx = rows + 1, 0.0
        cx += w + 10
    return rows * (size + 6) if items else 0.0


# -- previews --------------------------------------------------------------------------------

def preview_answer(game: Any, player: str, value: Any) -> tuple[Any, str | None]:
    """What ``value`` would do, on a copy that holds only what ``player`` knows: ``(copy, None)`` or
    ``(None, refusal)``. The copy's future dice and hidden cards are re-dealt, so a preview never tells
    what the real dice will do; the refusal is the engine's own check of the answer."""
    decision = game.pending
    if decision is None:
        return None, "the game is over" if game.over else "no decision is pending"
    if decision.player != player:
        return None, f"it is {decision.player}'s decision, not {player}'s"
    _, err = decision.check(game, value)
    if err:
        return None, err
    ruleset = game.ruleset
    try:
        trial = ruleset.determinize(game, player, sample=1) if not ruleset.perfect_information else game.clone(
            keep_log=True)
    except NotImplementedError:
        return None, "this game cannot show what an answer would do"
    trial.log.keep = True
    trial.rng.reseed(hash((game.seed, game.decisions, "preview")))
    try:
        trial.answer(value, player)
    except IllegalAnswer as exc:
        return None, str(exc)
    except SkirmishError as exc:
        return None, str(exc)
    return trial, None


# -- shading what a piece can do -----------------------------------------------------------------

#: option data keys that name the piece acting, and the pieces acted on
ACTOR_KEYS = ("actor", "unit", "warrior", "hero", "piece")
TARGET_KEYS = ("target", "targets", "enemy", "foe")


@attrs.frozen
class Shade:
    """Something a selected piece can do now, to shade on the table: ``kind`` (``target``, ``reach``,
    ``charge``, ``see``...), a label, the pieces it names and/or an area (a ``Piece.shape`` tuple)."""

    kind: str
    label: str = ""
    pieces: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    shape: tuple[Any, ...] = attrs.field(default=(), converter=tuple)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "pieces": list(self.pieces), "shape": list(self.shape)}


def option_shades(game: Any, player: str, piece: str) -> list[Shade]:
    """The pieces that the pending decision's options for ``piece`` name as targets, one shade per option kind."""
    decision = game.pending
    if decision is None or decision.player != player:
        return []
    acting = {str(decision.context.get(k)) for k in ACTOR_KEYS if decision.context.get(k) is not None}
    found: dict[str, list[str]] = {}
    for option in decision.options:
        data = option.data
        actor = next((str(data[k]) for k in ACTOR_KEYS if data.get(k) is not None), None)
        if (actor if actor is not None else (piece if piece in acting else None)) != piece:
            continue
        kind = str(data.get("action") or data.get("kind") or decision.kind or "target")
        for key in TARGET_KEYS:
            value = data.get(key)
            names = value if isinstance(value, list | tuple) else [value] if value is not None else []
            for name in names:
                if isinstance(name, str | int) and str(name) != piece:
                    found.setdefault(kind, [])
                    if str(name) not in found[kind]:
                        found[kind].append(str(name))
    return [Shade("target", label=kind, pieces=tuple(ids)) for kind, ids in found.items()]
