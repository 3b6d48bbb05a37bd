"""2-D vectors and units of length.

Table coordinates are inches: ``x`` runs along the table's width, ``y`` along its
depth, and angles are degrees counter-clockwise from the ``+x`` axis (so a facing
of 90 points towards ``+y``).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import attrs

MM_PER_INCH = 25.4
#: Tolerance in inches for "touching", "within" and overlap tests.
EPS = 1e-6


def mm(value: float) -> float:
    """Convert millimetres to inches (footprints and base sizes are given in mm)."""
    return value / MM_PER_INCH


@attrs.frozen(slots=True, init=False)
class Vec:
    """An immutable point or direction in inches."""

    x: float
    y: float

    def __init__(self, x: float, y: float) -> None:
        # attrs' generated __init__ with the slots set through their descriptors (geometry makes many vectors)
        _set_x(self, x)
        _set_y(self, y)

    @classmethod
    def polar(cls, degrees: float, length: float = 1.0) -> Vec:
        """The vector of ``length`` pointing at ``degrees``."""
        rad = math.radians(degrees)
        return cls(length * math.cos(rad), length * math.sin(rad))

    def __add__(self, other: Vec) -> Vec:
        return Vec(self.x + other.x, self.y + other.y)

    def __sub__(self, other: Vec) -> Vec:
        return Vec(self.x - other.x, self.y - other.y)

    def __mul__(self, k: float) -> Vec:
        return Vec(self.x * k, self.y * k)

    __rmul__ = __mul__

    def __truediv__(self, k: float) -> Vec:
        return Vec(self.x / k, self.y / k)

    def __neg__(self) -> Vec:
        return Vec(-self.x, -self.y)

    def __iter__(self) -> Iterator[float]:
        yield self.x
        yield self.y

    def dot(self, other: Vec) -> float:
        return self.x * other.x + self.y * other.y

    def cross(self, other: Vec) -> float:
        """z of the 3-D cross product: > 0 when ``other`` is counter-clockwise of ``self``."""
        return self.x * other.y - self.y * other.x

    def length(self) -> float:
        return math.hypot(self.x, self.y)

    def distance_to(self, other: Vec) -> float:
        return math.hypot(self.x - other.x, self.y - other.y)

    def normalized(self) -> Vec:
        """Unit vector in the same direction; raises ``ValueError`` for the zero vector."""
        n = math.hypot(self.x, self.y)
        if n == 0.0:
            raise ValueError("cannot normalize the zero vector")
        return Vec(self.x / n, self.y / n)

    def rotated(self, degrees: float, about: Vec | None = None) -> Vec:
        """Rotate counter-clockwise by ``degrees`` about the origin (or ``about``)."""
        rad = math.radians(degrees)
        c, s = math.cos(rad), math.sin(rad)
        ox, oy = (about.x, about.y) if about is not None else (0.0, 0.0)
        dx, dy = self.x - ox, self.y - oy
        return Vec(ox + dx * c - dy * s, oy + dx * s + dy * c)

    def angle(self) -> float:
        """Direction in degrees in ``(-180, 180]`` (0 for the zero vector)."""
        return math.degrees(math.atan2(self.y, self.x))

    def as_tuple(self) -> tuple[float, float]:
        return (self.x, self.y)


_set_x, _set_y = Vec.__dict__["x"].__set__, Vec.__dict__["y"].__set__


def as_vec(value: Vec | tuple[float, float] | list[float]) -> Vec:
    """Accept a ``Vec`` or an ``(x, y)`` pair (attrs converter for positions)."""
    if isinstance(value, Vec):
        return value
    x, y = value
    return Vec(x, y)


ORIGIN = Vec(0.0, 0.0)
