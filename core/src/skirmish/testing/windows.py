"""Conformance check of response windows: only players with something to play are asked, and "pass until
the end of this phase" and the standing pass (:data:`skirmish.windows.PASS_STANDING`, for the rest of the
game) are honoured (an invitation, a question put to that player in particular, is asked all the same).

A window decision is one of kind ``"respond"`` whose context names the window
(``context["window"]``), as :func:`skirmish.windows.open_window` asks them.
"""

from __future__ import annotations

from skirmish.agents import AgentContext, RandomAgent, View
from skirmish.decisions import Decision
from skirmish.engine import Game
from skirmish.ruleset import Ruleset
from skirmish.runner import agent_seed
from skirmish.windows import PASS, PASS_PHASE, PASS_STANDING, standing_pass


def is_window(decision: Decision | None) -> bool:
    """A decision asked by a response window."""
    context = getattr(decision, "context", None) or {}
    return decision is not None and decision.kind == "respond" and "window" in context


def _agents(game: Game, seed: int) -> dict[str, RandomAgent]:
    return {p: RandomAgent(AgentContext(p, agent_seed(seed, i), game.ruleset, {}, game.players))
            for i, p in enumerate(game.players)}


def _play_on(game: Game, agents: dict[str, RandomAgent]) -> None:
    d = game.pending
    assert d is not None
    game.answer(agents[d.player].decide(View(game, d.player), d), d.player)


def _check_quiet(ruleset: Ruleset, game: Game, seed: int, agents: dict[str, RandomAgent]) -> None:
    """On a clone: the asked player passes for the phase; nobody asks them again until the phase changes."""
    d = game.pending
    assert d is not None
    clone = game.clone()
    when = (clone.round, clone.phase)
    clone.answer(PASS_PHASE, d.player)
    limit = clone.decisions + ruleset.max_decisions
    while clone.pending is not None and (clone.round, clone.phase) == when and clone.decisions < limit:
        again = clone.pending
        invited = is_window(again) and bool(again.context.get("invitation"))  # put to them in particular
        assert not (is_window(again) and again.player == d.player and not invited), (
            f"{ruleset.name} seed {seed}: {d.player} passed until the end of phase {when[1]!r} (round {when[0]}) "
            f"in window {d.context['window']!r}, and was asked again in window {again.context['window']!r}")
        _play_on(clone, agents)


def _check_standing(ruleset: Ruleset, game: Game, seed: int, agents: dict[str, RandomAgent]) -> None:
    """On a clone: the asked player gives a standing pass; to the end of the game no window of the same rule asks
    them again unless it is an invitation."""
    d = game.pending
    assert d is not None
    clone = game.clone()
    clone.answer(PASS_STANDING, d.player)
    limit = clone.decisions + ruleset.max_decisions
    while clone.pending is not None and clone.decisions < limit:
        again = clone.pending
        invited = is_window(again) and bool(again.context.get("invitation"))
        assert not (is_window(again) and again.player == d.player and again.rule == d.rule and not invited), (
            f"{ruleset.name} seed {seed}: {d.player} gave a standing pass in window {d.context['window']!r} "
            f"({d.rule}), and was asked again in window {again.context['window']!r} (round {clone.round})")
        _play_on(clone, agents)


def check_response_windows(ruleset: Ruleset, seed: int, *, most: int = 30) -> int:
    """In a game played at random, every window decision offers at least one response besides passing, and
    (checked on a clone, at up to ``most`` of them) a player who passes until the end of the phase is not
    asked by a window again in that phase; after a standing pass (checked on a clone at up to 3 of the window
    decisions that take it (:func:`skirmish.windows.standing_pass`), to the end of the game) no window of its rule
    asks that player again. Returns how many window decisions were seen."""
    game = Game(ruleset, seed=seed)
    agents = _agents(game, seed)
    seen = standing = 0
    while game.pending is not None and game.decisions < ruleset.max_decisions:
        d = game.pending
        if is_window(d):
            seen += 1
            values = [o.value for o in d.options]
            responses = [v for v in values if v not in (PASS, PASS_PHASE)]
            assert responses, (f"{ruleset.name} seed {seed}: window {d.context['window']!r} asked {d.player} with "
                               "nothing to play but passing (a window asks only players who can respond)")
            assert PASS in values, f"{ruleset.name} seed {seed}: window {d.context['window']!r} offers no {PASS!r}"
            if PASS_PHASE in values and seen <= most:
                _check_quiet(ruleset, game, seed, agents)
            if standing_pass(d) is not None:
                assert d.check(game, PASS_STANDING)[1] is None, (
                    f"{ruleset.name} seed {seed}: window {d.context['window']!r} says it takes the standing pass "
                    f"{PASS_STANDING!r} and refuses it")
                if standing < 3:
                    standing += 1
                    _check_standing(ruleset, game, seed, agents)
        _play_on(game, agents)
    return seen

