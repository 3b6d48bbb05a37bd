"""Running summaries of a study, folded game by game and merged chunk by chunk.

A study of a million games never holds its games: each chunk's records are folded into a
:class:`Tally` (counts, exact sums, histograms, per-seat tallies) as the chunk finishes, and tallies
of chunks finished in any order merge into the same result as one pass over the games in seed order:
counts and histograms are integers, sums of floats are kept exactly (:class:`ExactSum`, Shewchuk's
partials as in ``math.fsum``), and the failures shown are the lowest seeds. Quantiles come from the
histograms (rounds, decisions and dice are whole numbers), equal to those of the sorted values.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from skirmish.runner import GameRecord

#: how many failed games a summary lists in full
MAX_FAILURES_SHOWN = 20


class ExactSum:
    """A sum of floats kept without rounding (non-overlapping partials), so the order of adding and merging
    does not change :meth:`value` (the correctly rounded sum, as ``math.fsum`` of every value)."""

    __slots__ = ("partials",)

    def __init__(self, values: Iterable[float] = ()) -> None:
        self.partials: list[float] = []
        for v in values:
            self.add(v)

    def add(self, x: float) -> None:
        x = float(x)
        i = 0
        partials = self.partials
        for y in partials:
            if abs(x) < abs(y):
                x, y = y, x
            hi = x + y
            lo = y - (hi - x)
            if lo:
                partials[i] = lo
                i += 1
            x = hi
        partials[i:] = [x]

    def merge(self, other: ExactSum) -> None:
        for p in other.partials:
            self.add(p)

    def value(self) -> float:
        return math.fsum(self.partials)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ExactSum) and self.value() == other.value()

    def __repr__(self) -> str:
        return f"ExactSum({self.value()!r})"


def natural_key(text: str) -> tuple[Any, ...]:
    """Sort key reading runs of digits as numbers: "round 2" before "round 10"."""
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text))


def hist_quantile(hist: dict[int, int], q: float) -> float:
    """The ``q`` quantile of the values a histogram counts, by linear interpolation between order statistics
    (the same number as :func:`skirmish.studies.stats.quantile` of the values themselves)."""
    n = sum(hist.values())
    if not n:
        return math.nan
    pos = (n - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, n - 1)
    xs = _order_stats(hist, (lo, hi))
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def _order_stats(hist: dict[int, int], wanted: tuple[int, ...]) -> dict[int, int]:
    out: dict[int, int] = {}
    seen = 0
    for value in sorted(hist):
        seen += hist[value]
        for w in wanted:
            if w not in out and w < seen:
                out[w] = value
    return out


class Tally:
    """Everything ``simulate`` and ``compare`` report about a set of games, mergeable in any order."""

    def __init__(self) -> None:
        self.games = 0
        self.finished = 0
        self.draws = 0
        self.no_winner = 0
        self.errors = 0
        self.by_side: Counter[str] = Counter()
        self.by_agent: Counter[str] = Counter()
        self.seats: dict[str, Counter[str]] = {}
        self.scores: dict[str, list[Any]] = {}  # seat -> [ExactSum, count]
        self.extra: dict[str, list[Any]] = {}  # figure -> [ExactSum, games that have it]
        self.rounds: Counter[int] = Counter()
        self.decisions: Counter[int] = Counter()
        self.dice: Counter[int] = Counter()
        self.played_rounds: Counter[int] = Counter()  # rounds of finished games
        self.known_last = 0  # finished games whose ruleset says when they would have ended
        self.ended_early = 0  # ... and that ended before that round
        self.agent_played: Counter[str] = Counter()  # seats of finished games, per agent
        self.agent_won: Counter[str] = Counter()
        self.seconds = ExactSum()
        self.failures: list[tuple[int, tuple[str, ...], str]] = []  # the lowest seeds that failed
        self.first: tuple[int, tuple[str, ...]] | None = None  # (seed, players) of the lowest seed

    def add(self, r: GameRecord) -> None:
        """Fold one game in."""
        self.games += 1
        if self.first is None or r.seed < self.first[0]:
            self.first = (r.seed, tuple(r.players))
        if r.finished:
            self.finished += 1
            self.played_rounds[r.rounds] += 1
            if r.draw:
                self.draws += 1
            elif not r.winners:
                self.no_winner += 1
            if r.last_round:
                self.known_last += 1
                self.ended_early += r.rounds < r.last_round
        for w in r.winners:
            self.by_side[w] += 1
        for seat in r.winning_seats:
            if seat in r.players:
                self.by_agent[r.agents[r.players.index(seat)]] += 1
        for seat, agent in zip(r.players, r.agents, strict=False):
            outcome = r.outcome(seat)
            if outcome != "none":
                self.seats.setdefault(seat, Counter({"win": 0, "loss": 0, "draw": 0}))[outcome] += 1
                self.agent_played[agent] += 1
                self.agent_won[agent] += outcome == "win"
        for key, value in r.extra.items():
            slot = self.extra.setdefault(key, [ExactSum(), 0])
            slot[0].add(value)
            slot[1] += 1
        for seat, points in r.scores.items():
            slot = self.scores.setdefault(seat, [ExactSum(), 0])
            slot[0].add(points)
            slot[1] += 1
        self.rounds[r.rounds] += 1
        self.decisions[r.decisions] += 1
        self.dice[r.dice] += 1
        self.seconds.add(r.seconds)
        if r.error:
            self.errors += 1
            self._keep_failures([(r.seed, tuple(r.agents), r.error)])

    def add_all(self, records: Iterable[GameRecord]) -> Tally:
        for r in records:
            self.add(r)
        return self

    def _keep_failures(self, more: list[tuple[int, tuple[str, ...], str]]) -> None:
        self.failures = sorted(self.failures + more)[:MAX_FAILURES_SHOWN]

    def merge(self, other: Tally) -> Tally:
        """Add another tally's games (of other seeds) to this one; returns this one."""
        for name in ("games", "finished", "draws", "no_winner", "errors", "known_last", "ended_early"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("by_side", "by_agent", "rounds", "decisions", "dice", "played_rounds", "agent_played",
                     "agent_won"):
            getattr(self, name).update(getattr(other, name))
        for seat, c in other.seats.items():
            self.seats.setdefault(seat, Counter({"win": 0, "loss": 0, "draw": 0})).update(c)
        for mine, theirs in ((self.extra, other.extra), (self.scores, other.scores)):
            for key, (total, count) in theirs.items():
                slot = mine.setdefault(key, [ExactSum(), 0])
                slot[0].merge(total)
                slot[1] += count
        self.seconds.merge(other.seconds)
        if other.failures:
            self._keep_failures(other.failures)
        if other.first is not None and (self.first is None or other.first[0] < self.first[0]):
            self.first = other.first
        return self

    # -- what the reports read ---------------------------------------------------------------------
    def summary(self, ruleset: str, seconds: float, workers: int,
                sides: dict[str, list[str]] | None = None) -> Summary:
        """The ``simulate`` summary of these games."""
        n = max(self.games, 1)
        return Summary(
            ruleset, self.games, self.finished, self.draws, dict(sorted(self.by_side.items())),
            dict(sorted(self.by_agent.items())), _hist_sum(self.rounds) / n, _hist_sum(self.decisions) / n,
            _hist_sum(self.dice) / n, seconds, workers,
            {k: v[0].value() / n for k, v in sorted(self.extra.items(), key=lambda kv: natural_key(kv[0]))},
            self.no_winner, {seat: dict(c) for seat, c in sorted(self.seats.items())},
            {seat: v[0].value() / v[1] for seat, v in sorted(self.scores.items())}, self.errors,
            [{"seed": s, "agents": list(a), "error": e} for s, a, e in self.failures], dict(sides or {}))

    def extra_means(self, prefix: str = "") -> dict[str, float]:
        """Mean of each figure over the games that have it (those whose name starts with ``prefix``)."""
        return {k: v[0].value() / v[1] for k, v in sorted(self.extra.items(), key=lambda kv: natural_key(kv[0]))
                if k.startswith(prefix) and v[1]}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tally) and vars(self) == vars(other)

    __hash__ = None  # type: ignore[assignment]


def _hist_sum(hist: Counter[int]) -> int:
    return sum(k * v for k, v in hist.items())


def tally(records: Iterable[GameRecord]) -> Tally:
    """One pass over ``records``."""
    return Tally().add_all(records)


class RegressionTally:
    """The sufficient statistics of ``balance``'s least squares, folded row by row, merged in any order.

    For the games that finished: ``X'X``, ``X'y`` and ``y'y`` of the first seat's result (1 win, 0.5 draw,
    0 loss) on ``[1, content difference per feature]``; for every army: the same of its printed cost on its
    content (to price features when the model gives no prices); the spread of the cost gaps. Matrices are
    numpy arrays (a million rows fold in seconds), indexed by feature in order of first appearance; a
    merge or :meth:`aligned` puts them in name order. With whole-number contents and costs every sum is
    an exact integer, so the order of rows and chunks does not change a bit.
    """

    def __init__(self) -> None:
        import numpy as np

        self.names: list[str] = []
        self.index: dict[str, int] = {}
        self.games = 0
        self.used = 0
        self.xtx = np.zeros((1, 1))
        self.xty = np.zeros(1)
        self.yty = 0.0
        self.atx = np.zeros((0, 0))  # armies: content' content
        self.aty = np.zeros(0)  # content' cost
        self.gap_low = math.inf
        self.gap_high = -math.inf

    def _grow(self, names: Iterable[str]) -> None:
        import numpy as np

        new = [f for f in names if f not in self.index]
        if not new:
            return
        for f in sorted(new):
            self.index[f] = len(self.names)
            self.names.append(f)
        k = len(self.names)
        xtx, atx = np.zeros((k + 1, k + 1)), np.zeros((k, k))
        xtx[:self.xtx.shape[0], :self.xtx.shape[1]] = self.xtx
        atx[:self.atx.shape[0], :self.atx.shape[1]] = self.atx
        self.xtx, self.atx = xtx, atx
        self.xty = np.concatenate([self.xty, np.zeros(k + 1 - len(self.xty))])
        self.aty = np.concatenate([self.aty, np.zeros(k - len(self.aty))])

    def add_rows(self, rows: Iterable[dict[str, Any]]) -> RegressionTally:
        """Fold ``balance`` game rows in (see :func:`skirmish.studies.balance.game_row`)."""
        import numpy as np

        rows = list(rows)
        self.games += len(rows)
        used = [g for g in rows if g.get("outcome") is not None]
        if not used:
            return self
        for g in used:
            self._grow(g["first"])
            self._grow(g["second"])
        k = len(self.names)
        x = np.zeros((len(used), k + 1))
        armies = np.zeros((2 * len(used), k))
        costs = np.zeros(2 * len(used))
        y = np.zeros(len(used))
        x[:, 0] = 1.0
        for i, g in enumerate(used):
            for f, v in g["first"].items():
                j = self.index[f]
                x[i, j + 1] += v
                armies[2 * i, j] = v
            for f, v in g["second"].items():
                j = self.index[f]
                x[i, j + 1] -= v
                armies[2 * i + 1, j] = v
            costs[2 * i], costs[2 * i + 1] = g["first_cost"], g["second_cost"]
            y[i] = {"win": 1.0, "draw": 0.5}.get(g["outcome"], 0.0)
            gap = g["first_cost"] - g["second_cost"]
            self.gap_low, self.gap_high = min(self.gap_low, gap), max(self.gap_high, gap)
        self.used += len(used)
        self.xtx += x.T @ x
        self.xty += x.T @ y
        self.yty += float(y @ y)
        self.atx += armies.T @ armies
        self.aty += armies.T @ costs
        return self

    def aligned(self) -> RegressionTally:
        """This tally with its features in name order."""
        import numpy as np

        order = sorted(range(len(self.names)), key=lambda i: self.names[i])
        out = RegressionTally()
        out.names = [self.names[i] for i in order]
        out.index = {f: i for i, f in enumerate(out.names)}
        ext = np.array([0] + [i + 1 for i in order], dtype=int)
        out.xtx, out.xty = self.xtx[np.ix_(ext, ext)], self.xty[ext]
        arm = np.array(order, dtype=int)
        out.atx, out.aty = self.atx[np.ix_(arm, arm)], self.aty[arm]
        out.games, out.used, out.yty, out.gap_low, out.gap_high = (self.games, self.used, self.yty, self.gap_low,
                                                                   self.gap_high)
        return out

    def merge(self, other: RegressionTally) -> RegressionTally:
        """Add another tally's games to this one (features matched by name); returns this one."""
        self._grow(other.names)
        ext = [0] + [self.index[f] + 1 for f in other.names]
        arm = [self.index[f] for f in other.names]
        import numpy as np

        self.xtx[np.ix_(ext, ext)] += other.xtx
        self.xty[ext] += other.xty
        if arm:
            self.atx[np.ix_(arm, arm)] += other.atx
            self.aty[arm] += other.aty
        self.games += other.games
        self.used += other.used
        self.yty += other.yty
        self.gap_low, self.gap_high = min(self.gap_low, other.gap_low), max(self.gap_high, other.gap_high)
        return self

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RegressionTally):
            return False
        a, b = self.aligned(), other.aligned()
        return (a.names == b.names and (a.games, a.used, a.yty, a.gap_low, a.gap_high)
                == (b.games, b.used, b.yty, b.gap_low, b.gap_high)
                and (a.xtx == b.xtx).all() and (a.xty == b.xty).all() and (a.atx == b.atx).all()
                and (a.aty == b.aty).all())

    __hash__ = None  # type: ignore[assignment]


@attrs.frozen
class Summary:
    """What ``skirmish simulate`` reports.

    ``wins_by_side`` counts games won by each side (seats, teams, or a side with no seat such as
    a co-op game's Tyrant); ``wins_by_agent`` counts seats won by each agent; ``draws`` are games
    the rules called a draw; ``no_winner`` games ended with every seat losing and no side named;
    ``seat_outcomes`` gives wins, losses and draws per seat.
    """

    ruleset: str
    games: int
    finished: int
    draws: int
    wins_by_side: dict[str, int]
    wins_by_agent: dict[str, int]
    mean_rounds: float
    mean_decisions: float
    mean_dice: float
    seconds: float
    workers: int
    extra: dict[str, float] = attrs.field(factory=dict)
    no_winner: int = 0
    seat_outcomes: dict[str, dict[str, int]] = attrs.field(factory=dict)
    mean_scores: dict[str, float] = attrs.field(factory=dict)
    #: games that raised, and the first few of them (seed, agents, error)
    errors: int = 0
    failures: list[dict[str, Any]] = attrs.field(factory=list)
    #: the sides of the simulated set-up and the seats on each (a side with none: not a seat, e.g. the Tyrant)
    sides: dict[str, list[str]] = attrs.field(factory=dict)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else math.inf

    def to_dict(self) -> dict[str, Any]:
        out = attrs.asdict(self)
        out["games_per_second"] = round(self.games_per_second, 2)
        return out
