"""Small statistics for studies: Wilson intervals, quantiles, means, least squares with standard errors."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """(rate, low, high): the Wilson score interval of a proportion (``n`` = 0 gives nan)."""
    if n <= 0:
        return math.nan, math.nan, math.nan
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else math.nan


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile by linear interpolation between order statistics."""
    if not values:
        return math.nan
    xs = sorted(values)
    pos = (len(xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def histogram(values: Sequence[int]) -> dict[int, int]:
    """Counts of each whole value, in order."""
    out: dict[int, int] = {}
    for v in values:
        out[int(v)] = out.get(int(v), 0) + 1
    return dict(sorted(out.items()))


def least_squares(rows: Sequence[Sequence[float]], y: Sequence[float],
                  ridge: float = 1e-9) -> tuple[list[float], list[float]]:
    """Ordinary least squares ``y ~ rows @ beta``: (coefficients, standard errors), by hand (normal equations)."""
    beta, cov = least_squares_cov(rows, y, ridge)
    return beta, [math.sqrt(max(0.0, cov[i][i])) for i in range(len(beta))]


def least_squares_cov(rows: Sequence[Sequence[float]], y: Sequence[float],
                      ridge: float = 1e-9) -> tuple[list[float], list[list[float]]]:
    """:func:`least_squares` with the coefficients' whole covariance matrix instead of their standard errors."""
    k = len(rows[0]) if rows else 0
    n = len(rows)
    xtx = [[sum(r[i] * r[j] for r in rows) + (ridge if i == j else 0.0) for j in range(k)] for i in range(k)]
    xty = [sum(r[i] * v for r, v in zip(rows, y, strict=True)) for i in range(k)]
    inv = invert(xtx)
    beta = [sum(inv[i][j] * xty[j] for j in range(k)) for i in range(k)]
    resid = [v - sum(b * x for b, x in zip(beta, r, strict=True)) for r, v in zip(rows, y, strict=True)]
    dof = max(1, n - k)
    sigma2 = sum(e * e for e in resid) / dof
    return beta, [[sigma2 * v for v in row] for row in inv]


def invert(m: Sequence[Sequence[float]]) -> list[list[float]]:
    """Inverse of a square matrix by Gauss-Jordan with partial pivoting (singular columns give 0)."""
    k = len(m)
    a = [list(map(float, row)) + [1.0 if i == j else 0.0 for j in range(k)] for i, row in enumerate(m)]
    for col in range(k):
        piv = max(range(col, k), key=lambda r: abs(a[r][col]))
        if abs(a[piv][col]) < 1e-12:
            continue
        a[col], a[piv] = a[piv], a[col]
        p = a[col][col]
        a[col] = [v / p for v in a[col]]
        for r in range(k):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col], strict=True)]
    return [row[k:] for row in a]
