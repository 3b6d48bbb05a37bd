"""Terrain layouts: the built-in ones (``data/layouts.toml``), layouts given in a set-up, and random ones."""

from __future__ import annotations

import copy
import functools
import math
from typing import TYPE_CHECKING, Any

from skirmish import SetupError, load_toml
from skirmish.geometry import Polygon, Rect
from skirmish_hobgoblin.state import Piece

if TYPE_CHECKING:
    from skirmish_hobgoblin.content import Content


def builtin_layouts() -> dict[str, dict[str, Any]]:
    """The built-in layouts by name (the file is read once per process; each call gets its own copy)."""
    return copy.deepcopy(_read_layouts())


@functools.lru_cache(maxsize=1)
def _read_layouts() -> dict[str, dict[str, Any]]:
    return dict(load_toml("skirmish_hobgoblin.data", "layouts.toml")["layouts"])


def _shape_points(spec: dict[str, Any], where: str) -> list[tuple[float, float]]:
    try:
        if "rect" in spec:
            x, y, w, d, a = (float(v) for v in spec["rect"])
            return [(p.x, p.y) for p in Rect((x, y), w, d, 90.0 + a).corners]
        if "circle" in spec:
            x, y, r = (float(v) for v in spec["circle"])
            return [(x + r * math.cos(math.radians(k * 30)), y + r * math.sin(math.radians(k * 30))) for k in range(12)]
        if "points" in spec:
            pts = [(float(p[0]), float(p[1])) for p in spec["points"]]
            Polygon(pts)
            return pts
    except (TypeError, ValueError, IndexError) as exc:
        raise SetupError(f"{where}: bad shape ({exc})") from None
    raise SetupError(f"{where}: a piece needs rect = [x, y, width, depth, angle], circle = [x, y, r] or points")


def parse_pieces(specs: list[Any], content: Content, where: str = "layout") -> list[Piece]:
    pieces = []
    for i, spec in enumerate(specs, 1):
        at = f"{where} piece {i}"
        if not isinstance(spec, dict):
            raise SetupError(f"{at} must be a table")
        kind = str(spec.get("kind", ""))
        if kind and kind not in content.terrain:
            raise SetupError(f"{at}: unknown terrain kind '{kind}' (known: {', '.join(content.terrain)})")
        default = content.terrain[kind].keywords if kind else ()
        keywords = spec.get("keywords", default)
        if not isinstance(keywords, list | tuple):
            raise SetupError(f"{at}: keywords must be a list")
        keywords = [_terrain_keyword(content, k, at) for k in keywords]
        name = str(spec.get("name", "") or (content.terrain[kind].name if kind else f"terrain {i}"))
        pieces.append(Piece(name, kind, _shape_points(spec, at), keywords))
    return pieces


def _terrain_keyword(content: Content, text: str, where: str) -> str:
    try:
        kid = content.keyword_id(str(text))
    except SetupError:
        raise SetupError(f"{where}: unknown terrain keyword '{text}'") from None
    return kid


def layout_pieces(spec: Any, content: Content, rng: Any, width: float, depth: float) -> tuple[str, list[Piece]]:
    """The layout's name and pieces: a built-in id, "random", or a table with ``pieces``."""
    if isinstance(spec, str):
        if spec == "random":
            return "random", random_pieces(content, rng, width, depth)
        layouts = builtin_layouts()
        if spec not in layouts:
            raise SetupError(f"no built-in layout '{spec}' (built-in: {', '.join(layouts)}, or 'random')")
        entry = layouts[spec]
        return str(entry.get("name", spec)), _scaled(parse_pieces(entry["pieces"], content, f"layout {spec}"),
                                                     width, depth)
    if isinstance(spec, dict):
        return str(spec.get("name", "set-up layout")), parse_pieces(list(spec.get("pieces", [])), content,
                                                                     "set-up layout")
    raise SetupError("set-up 'layout' must be a built-in name, 'random' or a table with pieces")


def _scaled(pieces: list[Piece], width: float, depth: float) -> list[Piece]:
    """Built-in layouts are drawn for 72" x 48"; other tables stretch the positions (not the sizes)."""
    if (width, depth) == (72.0, 48.0):
        return pieces
    out = []
    for p in pieces:
        cx = sum(x for x, _ in p.points) / len(p.points)
        cy = sum(y for _, y in p.points) / len(p.points)
        dx, dy = cx * width / 72.0 - cx, cy * depth / 48.0 - cy
        out.append(Piece(p.name, p.kind, [(x + dx, y + dy) for x, y in p.points], p.keywords))
    return out


def random_pieces(content: Content, rng: Any, width: float, depth: float) -> list[Piece]:
    """Five to eight pieces of random kinds scattered over the table, none touching another."""
    kinds = list(content.terrain)
    n = rng.randint(5, 8, rule="Set-up: terrain", why="number of terrain pieces")
    pieces: list[Piece] = []
    shapes: list[Polygon] = []
    for _ in range(n * 4):
        if len(pieces) >= n:
            break
        kind = kinds[rng.randint(0, len(kinds) - 1, rule="Set-up: terrain", why="kind of piece")]
        w = rng.randint(3, 10, rule="Set-up: terrain", why="piece width")
        d = rng.randint(2, 6, rule="Set-up: terrain", why="piece depth")
        x = rng.randint(6, int(width) - 6, rule="Set-up: terrain", why="piece x")
        y = rng.randint(6, int(depth) - 6, rule="Set-up: terrain", why="piece y")
        pts = [(p.x, p.y) for p in Rect((x, y), w, d, 90.0).corners]
        poly = Polygon(pts)
        from skirmish.geometry import distance

        if any(distance(poly, s) < 3.0 for s in shapes):
            continue
        shapes.append(poly)
        pieces.append(Piece(content.terrain[kind].name, kind, pts, list(content.terrain[kind].keywords)))
    return pieces


def quarter_turn(state: Any) -> None:
    """Turn the table a quarter turn (width and depth swap; pieces and markers turn with it): the halves are
    then divided the other way (Chaos of War Tunnel Fighting, The Chasm played lengthwise)."""
    w = state.width
    state.pieces = [Piece(p.name, p.kind, tuple((y, w - x) for x, y in p.points), p.keywords) for p in state.pieces]
    for m in state.markers:
        m.x, m.y = m.y, w - m.x
    state.width, state.depth = state.depth, state.width
    from skirmish_hobgoblin.state import layout_key

    state.layout_key = layout_key(state.width, state.depth, state.pieces)


def box_piece(name: str, kind: str, x0: float, y0: float, x1: float, y1: float, keywords: tuple[str, ...]) -> Piece:
    """An axis-aligned rectangular piece (walls, chasms, bridges)."""
    return Piece(name, kind, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), keywords)
