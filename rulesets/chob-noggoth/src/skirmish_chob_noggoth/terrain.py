"""Terrain and shrines: layouts for the 36" x 24" table, random ground, and shrine placement.

Coordinates are inches from the table's corner: ``x`` runs 0..36 along the long edges,
``y`` runs 0..24 between them; the long edges (where the sides deploy) are ``y = 0`` and
``y = 24``. A piece is "blocking" (impassable, blocks sight) or "area" (passable, gives
cover), a circle (``w`` across) or an axis-aligned rectangle (``w`` along x by ``h``
along y), centred on ``(x, y)``. A shrine is a small passable marker centred on ``(x, y)``.

A layout file::

    name = "Bog Crossing"

    [[pieces]]
    id = "rock"
    name = "Big Rock"
    kind = "blocking"
    shape = "circle"
    x = 8
    y = 12
    w = 4

    [[shrines]]          # optional: no shrines means roll D3+2 and place them at random
    x = 18
    y = 12
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from skirmish import SetupError, load_toml, package_names
from skirmish.dice import parse as parse_dice
from skirmish.geometry import Circle, Rect, Table, Terrain, Vec, distance, overlaps
from skirmish_chob_noggoth.content import PACKAGE, Content, Randomish, dice_range, load_content, suggest
from skirmish_chob_noggoth.warband import _numbered, clean_name

KINDS = ("blocking", "area")
SHAPES = ("circle", "rect")
PIECE_KEYS = ("id", "name", "kind", "shape", "x", "y", "w", "h")
SHRINE_KEYS = ("id", "x", "y")
LAYOUT_KEYS = ("name", "pieces", "shrines")
#: a layout with more pieces or shrines than this is refused before any is checked
MAX_PIECES = 200
MAX_SHRINES = 50
#: Random pieces keep at least this gap between them, so a 2" base can pass.
PIECE_GAP = 2.0
_GRID_STEP = 0.5


@attrs.frozen
class TerrainPiece:
    """One terrain piece (see the module docstring for the coordinates)."""

    id: str
    name: str
    kind: str
    shape: str
    x: float
    y: float
    w: float
    h: float

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        return (self.x - self.w / 2, self.y - self.h / 2, self.x + self.w / 2, self.y + self.h / 2)

    @property
    def blocking(self) -> bool:
        return self.kind == "blocking"


@attrs.frozen
class Shrine:
    id: str
    x: float
    y: float


@attrs.frozen
class Layout:
    """Terrain for one game: ``shrines`` empty means roll D3+2 and place them at random."""

    name: str
    pieces: tuple[TerrainPiece, ...] = attrs.field(default=(), converter=tuple)
    shrines: tuple[Shrine, ...] = attrs.field(default=(), converter=tuple)


# ------------------------------------------------------------------------- geometry


def piece_shape(piece: TerrainPiece) -> Circle | Rect:
    """The footprint of a piece as a :mod:`skirmish.geometry` circle or rect."""
    if piece.shape == "circle":
        return Circle(Vec(piece.x, piece.y), piece.w / 2)
    # A Rect's depth runs along its facing: facing 90 degrees (+y) puts w along x and h along y.
    return Rect(Vec(piece.x, piece.y), piece.w, piece.h, 90.0)


def to_geometry(piece: TerrainPiece) -> Terrain:
    """The piece as a :class:`skirmish.geometry.Terrain` with the keyword ``blocking`` or ``area``."""
    return Terrain(piece_shape(piece), {piece.kind}, name=piece.id)


def shrine_shape(shrine: Shrine, content: Content | None = None) -> Circle:
    """A shrine's marker as a circle (1" across unless the content says otherwise)."""
    diameter = 1.0 if content is None else float(content.table.shrine_diameter)
    return Circle(Vec(shrine.x, shrine.y), diameter / 2)


def to_table(pieces: Iterable[TerrainPiece], content: Content | None = None) -> Table:
    """A :class:`skirmish.geometry.Table` of the table's size holding these pieces (shrines are not terrain)."""
    width, depth = (36, 24) if content is None else (content.table.width, content.table.depth)
    return Table(width, depth, tuple(to_geometry(p) for p in pieces))


# --------------------------------------------------------------------------- checks


def _table_numbers(content: Content | None) -> Content:
    return load_content() if content is None else content


def _off_table(bounds: tuple[float, float, float, float], content: Content) -> bool:
    x0, y0, x1, y1 = bounds
    eps = 1e-9
    return x0 < -eps or y0 < -eps or x1 > content.table.width + eps or y1 > content.table.depth + eps


def _in_strip(bounds: tuple[float, float, float, float], content: Content) -> bool:
    """True when the footprint reaches into either deployment strip."""
    strip = content.table.deployment_depth
    eps = 1e-9
    return bounds[1] < strip - eps or bounds[3] > content.table.depth - strip + eps


def _piece_overlap(a: TerrainPiece, b: TerrainPiece, gap: float = 0.0) -> bool:
    sa, sb = piece_shape(a), piece_shape(b)
    if gap <= 0:
        return overlaps(sa, sb)
    return distance(sa, sb) < gap - 1e-9


def piece_problems(pieces: Sequence[TerrainPiece], content: Content) -> list[str]:
    """What is wrong with a set of pieces: off the table, blocking the deployment strips, overlapping."""
    problems = []
    for p in pieces:
        if _off_table(p.bounds, content):
            problems.append(f"piece '{p.id}' runs off the {content.table.width}\" x {content.table.depth}\" table")
        elif p.blocking and _in_strip(p.bounds, content):
            problems.append(f"piece '{p.id}' is blocking terrain inside a {content.table.deployment_depth}\" "
                            "deployment strip")
    for i, j in _near_pairs([p.bounds for p in pieces], 0.0):
        a, b = pieces[i], pieces[j]
        if _piece_overlap(a, b):
            problems.append(f"pieces '{a.id}' and '{b.id}' overlap")
    return problems


def _near_pairs(boxes: Sequence[tuple[float, float, float, float]], margin: float) -> list[tuple[int, int]]:
    """Index pairs (i < j, in order) of boxes that come within ``margin`` of each other along x and y: a sweep
    along x, so only neighbours are compared (every pair that can overlap or be too close is among them)."""
    order = sorted(range(len(boxes)), key=lambda k: boxes[k][0])
    pairs = []
    for n, i in enumerate(order):
        x1, y0, y1 = boxes[i][2] + margin, boxes[i][1] - margin, boxes[i][3] + margin
        for j in order[n + 1:]:
            b = boxes[j]
            if b[0] > x1:
                break
            if b[1] <= y1 and b[3] >= y0:
                pairs.append((min(i, j), max(i, j)))
    return sorted(pairs)


def shrine_problems(shrines: Sequence[Shrine], pieces: Sequence[TerrainPiece], content: Content) -> list[str]:
    """What is wrong with shrine positions: off the table, in a strip, in blocking terrain, too close."""
    problems = []
    spacing = content.table.shrine_spacing
    low, high = _shrine_count_range(content)
    if shrines and not low <= len(shrines) <= high:
        problems.append(f"{len(shrines)} shrines given; the table needs {content.table.shrine_count} "
                        f"({low}-{high}), or none to roll for them")
    blocking = [piece_shape(p) for p in pieces if p.blocking]
    for s in shrines:
        marker = shrine_shape(s, content)
        if _off_table(marker.bounds, content):
            problems.append(f"shrine '{s.id}' is off the table")
        elif _in_strip(marker.bounds, content):
            problems.append(f"shrine '{s.id}' is inside a {content.table.deployment_depth}\" deployment strip")
        if any(overlaps(marker, b) for b in blocking):
            problems.append(f"shrine '{s.id}' is inside blocking terrain")
    for i, j in _near_pairs([(s.x, s.y, s.x, s.y) for s in shrines], spacing):
        a, b = shrines[i], shrines[j]
        gap = math.hypot(a.x - b.x, a.y - b.y)
        if gap < spacing - 1e-9:
            problems.append(f"shrines '{a.id}' and '{b.id}' are {gap:.1f}\" apart (at least {spacing:g}\")")
    return problems


def _shrine_count_range(content: Content) -> tuple[int, int]:
    results = dice_range(content.table.shrine_count)
    return results[0], results[-1]


# -------------------------------------------------------------------------- parsing


def _number(row: Mapping[str, Any], key: str, problems: list[str], label: str) -> float:
    value = row.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        problems.append(f"{label}: '{key}' must be a number" + ("" if value is None else f", not {value!r}"))
        return 0.0
    return float(value)


def _parse_piece(row: Any, i: int, problems: list[str]) -> TerrainPiece | None:
    label = f"piece {i}"
    if not isinstance(row, Mapping):
        problems.append(f"{label}: is not a table of keys")
        return None
    if isinstance(row.get("id"), str):
        label += f" '{row['id']}'"
    for key in row:
        if key not in PIECE_KEYS:
            problems.append(f"{label}: unknown key {str(key)!r}{suggest(str(key), PIECE_KEYS)}")
    before = len(problems)
    pid = row.get("id", f"t{i}")
    name = row.get("name", pid)
    kind = str(row.get("kind", "")).strip().lower()
    shape = str(row.get("shape", "")).strip().lower()
    if kind not in KINDS:
        problems.append(f"{label}: kind must be blocking or area, not {row.get('kind')!r}")
    if shape not in SHAPES:
        problems.append(f"{label}: shape must be circle or rect, not {row.get('shape')!r}")
    numbers = len(problems)
    x, y, w = (_number(row, k, problems, label) for k in ("x", "y", "w"))
    h = _number(row, "h", problems, label) if "h" in row or shape == "rect" else w
    if shape == "circle" and "h" in row and h != w:
        problems.append(f"{label}: a circle is w across; leave out 'h' or make it equal to w")
    if len(problems) == numbers and (w <= 0 or h <= 0):
        problems.append(f"{label}: w and h must be more than 0")
    if len(problems) > before:
        return None
    return TerrainPiece(clean_name(str(pid)), clean_name(str(name)), kind, shape, x, y, w, h if shape == "rect" else w)


def parse_layout(data: Any, where: str = "layout.toml", *, content: Content | None = None) -> Layout:
    """Check a layout (as parsed TOML) and build it; all problems in one numbered SetupError line."""
    content = _table_numbers(content)
    if not isinstance(data, Mapping):
        raise SetupError(f"{where}: a layout must be a table of keys")
    problems: list[str] = []
    for key in data:
        if key not in LAYOUT_KEYS:
            problems.append(f"unknown key {str(key)!r}{suggest(str(key), LAYOUT_KEYS)}")
    name = data.get("name", "")
    if not isinstance(name, str) or not clean_name(name):
        problems.append("the layout needs a name")
        name = ""
    rows = data.get("pieces", [])
    if not isinstance(rows, list):
        problems.append("'pieces' must be a list of tables ([[pieces]])")
        rows = []
    shrine_rows = data.get("shrines", [])
    if not isinstance(shrine_rows, list):
        problems.append("'shrines' must be a list of tables ([[shrines]])")
        shrine_rows = []
    if len(rows) > MAX_PIECES or len(shrine_rows) > MAX_SHRINES:
        raise SetupError(f"{where}: {len(rows)} terrain pieces and {len(shrine_rows)} shrines; a layout has at most "
                         f"{MAX_PIECES} pieces and {MAX_SHRINES} shrines")
    pieces = [p for i, row in enumerate(rows, 1) if (p := _parse_piece(row, i, problems)) is not None]
    shrines = []
    for i, row in enumerate(shrine_rows, 1):
        label = f"shrine {i}"
        if not isinstance(row, Mapping):
            problems.append(f"{label}: is not a table of keys")
            continue
        for key in row:
            if key not in SHRINE_KEYS:
                problems.append(f"{label}: unknown key {str(key)!r}{suggest(str(key), SHRINE_KEYS)}")
        before = len(problems)
        x, y = _number(row, "x", problems, label), _number(row, "y", problems, label)
        if len(problems) == before:
            shrines.append(Shrine(clean_name(str(row.get("id", f"s{i}"))), x, y))
    ids = Counter([p.id for p in pieces] + [s.id for s in shrines])
    for dup in sorted(i for i, n in ids.items() if n > 1):
        problems.append(f"the id '{dup}' is used more than once")
    problems += piece_problems(pieces, content)
    problems += shrine_problems(shrines, pieces, content)
    if problems:
        raise SetupError(f"{where}: {_numbered(problems)}")
    return Layout(clean_name(name), pieces, shrines)


def layout_to_dict(layout: Layout) -> dict[str, Any]:
    """A layout as TOML-ready tables; :func:`parse_layout` reads it back."""
    out: dict[str, Any] = {"name": layout.name, "pieces": []}
    for p in layout.pieces:
        row: dict[str, Any] = {"id": p.id, "name": p.name, "kind": p.kind, "shape": p.shape, "x": p.x, "y": p.y,
                               "w": p.w}
        if p.shape == "rect":
            row["h"] = p.h
        out["pieces"].append(row)
    if layout.shrines:
        out["shrines"] = [{"id": s.id, "x": s.x, "y": s.y} for s in layout.shrines]
    return out


def builtin_layout_files() -> list[str]:
    return [name for name in package_names(PACKAGE, "data/layouts") if name.endswith(".toml")]


def builtin_layouts(content: Content | None = None) -> dict[str, Layout]:
    """The packaged layouts by name, in file order."""
    content = _table_numbers(content)
    out = {}
    for file in builtin_layout_files():
        resource = f"data/layouts/{file}"
        layout = parse_layout(load_toml(PACKAGE, resource), f"{PACKAGE}/{resource}", content=content)
        out[layout.name] = layout
    return out


# --------------------------------------------------------------------------- random

_BLOCKING_NAMES = ("Boulder", "Ruined Hut", "Dead Tree", "Standing Stone", "Troll Bones", "Rock Spire",
                   "Collapsed Tower", "Giant Skull")
_AREA_NAMES = ("Bog", "Thicket", "Mushroom Grove", "Rubble", "Tall Grass", "Fungus Patch", "Scree", "Bramble")


def _snap(value: float, low: float, high: float) -> float:
    """``value`` on the half-inch grid, kept within ``low``..``high`` when the grid allows."""
    first, last = math.ceil(low * 2 - 1e-9) / 2, math.floor(high * 2 + 1e-9) / 2
    if first > last:
        return value
    return min(max(round(value * 2) / 2, first), last)


def random_layout(rng: Randomish, *, content: Content | None = None, count: int | None = None,
                  name: str = "Random ground", shrines: bool = False) -> Layout:
    """``count`` (default 6) random pieces 3"-6" across, spread over the middle of the table.

    The open ground between the deployment strips is cut into a grid of cells (3 x 2 for
    six pieces) and each piece sits inside its own cell, so pieces are spread evenly,
    never overlap (they keep a 2" gap), and never touch a deployment strip. Half the pieces
    (rounded down) block; the rest are area terrain. With ``shrines`` the D3+2 shrines are
    rolled and placed too (otherwise the layout leaves them to be rolled at game start).
    """
    content = _table_numbers(content)
    t = content.table
    count = t.terrain_pieces if count is None else count
    if count < 0:
        raise SetupError(f"a layout cannot have {count} pieces")
    top = t.depth - t.deployment_depth
    bottom = t.deployment_depth
    rows = 1 if count <= 3 else 2
    cols = max(1, math.ceil(count / rows))
    cell_w = t.width / cols
    cell_h = (top - bottom) / rows
    cells = [(c, r) for r in range(rows) for c in range(cols)]
    chosen = cells[:]
    while len(chosen) > count:
        chosen.remove(rng.choice(chosen))
    kinds = ["blocking"] * (count // 2) + ["area"] * (count - count // 2)
    rng_shuffle(rng, kinds)
    pieces: list[TerrainPiece] = []
    for i, ((c, r), kind) in enumerate(zip(chosen, kinds, strict=True), 1):
        margin = PIECE_GAP / 2
        room_w, room_h = cell_w - 2 * margin, cell_h - 2 * margin
        biggest = min(t.terrain_max_size, room_w, room_h)
        smallest = min(t.terrain_min_size, biggest)
        shape = rng.choice(SHAPES)
        w = _size(rng, smallest, biggest)
        h = w if shape == "circle" else _size(rng, smallest, biggest)
        x0 = c * cell_w + margin + w / 2
        y0 = bottom + r * cell_h + margin + h / 2
        x = _snap(x0 + _fraction(rng) * max(0.0, room_w - w), x0, x0 + max(0.0, room_w - w))
        y = _snap(y0 + _fraction(rng) * max(0.0, room_h - h), y0, y0 + max(0.0, room_h - h))
        names = _BLOCKING_NAMES if kind == "blocking" else _AREA_NAMES
        pieces.append(TerrainPiece(f"t{i}", rng.choice(names), kind, shape, x, y, w, h))
    placed = place_shrines(rng, roll_shrine_count(rng, content), pieces, content=content) if shrines else ()
    return Layout(name, pieces, placed)


def _fraction(rng: Randomish) -> float:
    return rng.randint(0, 100) / 100


def _size(rng: Randomish, low: float, high: float) -> float:
    """A size from low to high in half inches."""
    steps = int((high - low) * 2 + 1e-9)
    return low + rng.randint(0, max(0, steps)) / 2


def rng_shuffle(rng: Randomish, items: list[Any]) -> None:
    """Shuffle with only ``randint`` (works for any Randomish rng)."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.randint(0, i)
        items[i], items[j] = items[j], items[i]


def roll_shrine_count(rng: Randomish, content: Content | None = None) -> int:
    """Roll D3+2 (or the content's shrine count) for how many shrines the table gets."""
    content = _table_numbers(content)
    expr = content.table.shrine_count
    if hasattr(rng, "rolls_of"):  # a GameRNG: roll the dice, logged
        value = parse_dice(expr).roll(rng, rule="setup", why=f"shrines ({expr})").value
        return int(value)  # type: ignore[arg-type]
    low, high = _shrine_count_range(content)
    return rng.randint(low, high)


def _shrine_spot_ok(x: float, y: float, blocking: Sequence[Circle | Rect], radius: float) -> bool:
    marker = Circle(Vec(x, y), radius)
    return not any(overlaps(marker, b) for b in blocking)


def place_shrines(rng: Randomish, count: int, pieces: Iterable[TerrainPiece], *,
                  content: Content | None = None) -> tuple[Shrine, ...]:
    """``count`` shrines at random spots at least 6" apart (centre to centre), clear of blocking
    terrain and of the deployment strips, on a half-inch grid.

    Random tries come first. If they keep failing (a crowded table), the shrines are placed
    without chance: each goes to the free grid spot farthest from those already placed, so
    the spacing is kept whenever the table allows it and is relaxed only as much as needed.
    """
    content = _table_numbers(content)
    t = content.table
    if count <= 0:
        return ()
    radius = t.shrine_diameter / 2
    blocking = [piece_shape(p) for p in pieces if p.blocking]
    x_lo, x_hi = radius, t.width - radius
    y_lo, y_hi = t.deployment_depth + radius, t.depth - t.deployment_depth - radius
    xs = _grid(x_lo, x_hi)
    ys = _grid(y_lo, y_hi)
    spacing = t.shrine_spacing
    for _attempt in range(30):
        placed: list[tuple[float, float]] = []
        for _ in range(count):
            for _try in range(60):
                x, y = rng.choice(xs), rng.choice(ys)
                if all(math.hypot(x - a, y - b) >= spacing - 1e-9 for a, b in placed) and \
                        _shrine_spot_ok(x, y, blocking, radius):
                    placed.append((x, y))
                    break
            else:
                break
        if len(placed) == count:
            return tuple(Shrine(f"s{i}", x, y) for i, (x, y) in enumerate(placed, 1))
    return _spread_shrines(count, xs, ys, blocking, radius)


def _grid(lo: float, hi: float) -> list[float]:
    start = math.ceil(lo / _GRID_STEP) * _GRID_STEP
    out = []
    v = start
    while v <= hi + 1e-9:
        out.append(round(v, 3))
        v += _GRID_STEP
    return out or [round((lo + hi) / 2, 3)]


def _spread_shrines(count: int, xs: Sequence[float], ys: Sequence[float], blocking: Sequence[Circle | Rect],
                    radius: float) -> tuple[Shrine, ...]:
    """Farthest-point placement on the grid: deterministic, and as spread out as the table allows."""
    spots = [(x, y) for y in ys for x in xs if _shrine_spot_ok(x, y, blocking, radius)]
    if not spots:  # the whole middle is blocked: fall back to every grid spot
        spots = [(x, y) for y in ys for x in xs]
    cx = (xs[0] + xs[-1]) / 2
    cy = (ys[0] + ys[-1]) / 2
    placed = [min(spots, key=lambda p: (math.hypot(p[0] - cx, p[1] - cy), p))]
    while len(placed) < count:
        best = max(spots, key=lambda p: (min(math.hypot(p[0] - a, p[1] - b) for a, b in placed), -p[1], -p[0]))
        placed.append(best)
    return tuple(Shrine(f"s{i}", x, y) for i, (x, y) in enumerate(placed, 1))
