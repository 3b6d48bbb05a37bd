"""Operations per second for the table-geometry core (a plain script: ``python benchmarks/bench_geometry.py``)."""

from __future__ import annotations

import os
import platform
import random
import statistics
import sys
import timeit
from collections.abc import Callable

from skirmish.geometry import (
    Circle,
    Polygon,
    Rect,
    Table,
    Terrain,
    Vec,
    area_fraction,
    contact_edges,
    distance,
    line_of_sight,
    max_advance,
    overlaps,
    path_clear,
    wheel,
)


def rate(fn: Callable[[], object], repeats: int = 5) -> float:
    """Median operations per second over ``repeats`` timed batches of about 0.2 s each."""
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    times = timer.repeat(repeat=repeats, number=number)
    return number / statistics.median(times)


def machine() -> str:
    uname = platform.uname()
    cpu = platform.processor() or uname.machine
    return (
        f"{uname.system} {uname.release} {uname.machine} | cpu: {cpu} | cpus: {os.cpu_count()} | "
        f"python {platform.python_version()} | shapely {__import__('shapely').__version__}"
    )


def build_table(rng: random.Random) -> tuple[Table, list[Rect]]:
    """A 72" x 48" table with 10 terrain pieces and 20 units spread over the middle."""
    pieces = []
    for i in range(10):
        cx, cy = rng.uniform(8, 64), rng.uniform(14, 34)
        outline = [Vec.polar(a + rng.uniform(-20, 20), rng.uniform(2, 4)) for a in range(0, 360, 60)]
        shape = Polygon([p + Vec(cx, cy) for p in outline])
        keywords = ("blocking", "impassable") if i % 3 == 0 else ("obscuring", "rough")
        pieces.append(Terrain(shape, keywords, f"piece {i}"))
    units: list[Rect] = []
    while len(units) < 20:
        centre = Vec(rng.uniform(6, 66), rng.uniform(10, 38))
        r = Rect(centre, rng.uniform(3, 8), rng.uniform(1.6, 4), rng.uniform(0, 360))
        if not any(overlaps(r, u) for u in units) and not any(overlaps(r, t.shape) for t in pieces):
            units.append(r)
    return Table(72, 48, tuple(pieces)), units


def main() -> None:
    print(machine())
    print("table: 72x48 inches, 10 hexagonal terrain pieces (4 blocking + impassable), 20 units")
    print(f"{'operation':58} {'ops/s':>12} {'us/op':>9}")
    rng = random.Random(1)
    table, units = build_table(rng)
    a, b = Rect(Vec(10, 10), 6, 2, 90), Rect(Vec(14, 16), 4, 3, 200)
    c1, c2 = Circle(Vec(0, 0), 0.5), Circle(Vec(3, 4), 1)
    shooter = Rect(Vec(36, 4), 6, 2, 90)
    pairs = [(u.front_centre, t) for u in units for t in units if t is not u]
    seen = sum(line_of_sight(table, o, t, units) for o, t in pairs)
    far_targets = [Rect(Vec(x, 44), 6, 2, 270) for x in (8, 20, 30, 42, 54, 66)]
    hidden = [shooter, *units]
    assert not any(line_of_sight(table, shooter.front_centre, t, hidden) for t in far_targets)
    hill = table.terrain[1]
    on_hill = Rect(hill.shape.centroid + Vec(1.5, 0), 4, 2, 30)
    shapely_a, shapely_b = a.to_shapely(), b.to_shapely()

    cases: list[tuple[str, Callable[[], object]] | tuple[str, Callable[[], object], int]] = [
        ("rect-rect distance", lambda: distance(a, b)),
        ("rect-rect distance, new rects each time (moving units)", lambda: distance(a.moved(0.1), b.moved(0.1))),
        ("circle-circle distance", lambda: distance(c1, c2)),
        ("rect-rect overlap", lambda: overlaps(a, b)),
        ("contact_edges rect-rect", lambda: contact_edges(a, b)),
        (
            f"line of sight, each unit to each other ({seen}/{len(pairs)} seen)",
            lambda: [line_of_sight(table, o, t, units) for o, t in pairs],
            len(pairs),
        ),
        (
            "line of sight, far target hidden (worst case: all samples)",
            lambda: [line_of_sight(table, shooter.front_centre, t, hidden) for t in far_targets],
            len(far_targets),
        ),
        ("wheel 45 deg (new rect + swept parts)", lambda: wheel(a, 4.6)),
        ("wheel + swept area (shapely union)", lambda: wheel(a, 4.6).swept.area),
        ("wheel + path_clear vs 20 units and the table", lambda: path_clear(wheel(a, 4.6), units, table)),
        ("max_advance vs 20 units + table terrain/edges", lambda: max_advance(shooter, units, 12, table)),
        ("area_fraction rect over terrain polygon", lambda: area_fraction(on_hill, hill)),
        ("(reference) shapely distance, prebuilt polygons", lambda: shapely_a.distance(shapely_b)),
        ("(reference) shapely distance, building both polygons", lambda: a.to_shapely().distance(b.to_shapely())),
    ]
    for name, fn, *batch in cases:
        per_second = rate(fn) * (batch[0] if batch else 1)  # batches report single operations
        print(f"{name:58} {per_second:12,.0f} {1e6 / per_second:9.2f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
