"""Conformance check of a ruleset's own agents (its AIs): they play whole games and answer only legally."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from skirmish.agents import AgentContext, RandomAgent, View
from skirmish.engine import Game
from skirmish.ruleset import Ruleset
from skirmish.runner import agent_seed

AgentFactory = Callable[[AgentContext], Any]


def _state(game: Game, deep: bool) -> tuple[Any, ...]:
    return game.digest() if deep else "", game.decisions, len(game.log), len(game.answers), game.pending


def play_with_agents(ruleset: Ruleset, seed: int, seats: Mapping[str, tuple[str, AgentFactory]],
                     default: tuple[str, AgentFactory] = ("random", RandomAgent), *, digest_every: int = 4) -> Game:
    """A game from the default set-up, each seat played by ``seats[player]`` (``default`` for the others).

    Every answer is checked before the game takes it: an illegal answer, an agent that
    fails, changes the game while deciding (the state digest is compared at every
    ``digest_every``-th decision of a seat in ``seats``, the log and answers at every
    decision) or never ends the game
    raises AssertionError naming the agent, the seed and the decision.
    """
    game = Game(ruleset, seed=seed)
    agents: dict[str, tuple[str, Any]] = {}
    for i, player in enumerate(game.players):
        name, factory = seats.get(player, default)
        ctx = AgentContext(player, agent_seed(seed, i), ruleset, {}, game.players)
        try:
            agents[player] = (name, factory(ctx))
        except Exception as exc:  # noqa: BLE001 - report any failure as the agent's
            raise AssertionError(f"{ruleset.name}: agent {name!r} could not be made for {player}: "
                                 f"{type(exc).__name__}: {exc}") from exc
    while game.pending is not None:
        if game.decisions >= ruleset.max_decisions:
            raise AssertionError(f"{ruleset.name} seed {seed}: no end within {ruleset.max_decisions} decisions with "
                                 f"agents {[agents[p][0] for p in game.players]}")
        d = game.pending
        name, agent = agents[d.player]
        where = f"{ruleset.name} seed {seed}, decision {game.decisions + 1} ({d.kind!r} for {d.player})"
        deep = d.player in seats and game.decisions % digest_every == 0  # (the default agent is core's own)
        before = _state(game, deep)
        try:
            answer = agent.decide(View(game, d.player), d)
        except Exception as exc:  # noqa: BLE001
            raise AssertionError(f"{where}: agent {name!r} failed: {type(exc).__name__}: {exc}") from exc
        assert _state(game, deep) == before, f"{where}: agent {name!r} changed the game while deciding " \
            "(look ahead on view.sandbox(), never on the game)"
        value, err = d.check(game, answer)
        if err:
            raise AssertionError(f"{where}: agent {name!r} gave an illegal answer {answer!r}: {err}")
        game.answer(value, d.player)
    return game


def check_agents_play(ruleset: Ruleset, agents: Mapping[str, AgentFactory], seeds: Iterable[int]) -> dict[str, int]:
    """Each agent plays a game per seed (in seat ``seed % players``, random players elsewhere) and one game
    in every seat at once; every answer must be legal and every game must end. Returns decisions per agent."""
    played: dict[str, int] = {}
    seeds = list(seeds)
    for name, factory in sorted(agents.items()):
        decisions = 0
        players = tuple(ruleset.players(ruleset.check_setup(ruleset.default_setup())))
        for seed in seeds:
            seat = players[seed % len(players)]
            decisions += play_with_agents(ruleset, seed, {seat: (name, factory)}).decisions
        everyone = {p: (name, factory) for p in players}
        decisions += play_with_agents(ruleset, seeds[0] if seeds else 0, everyone).decisions
        played[name] = decisions
    return played


def _seated(ruleset: Ruleset, seed: int, factory: AgentFactory, setup: Mapping[str, Any] | None) -> tuple[Game, dict]:
    game = Game(ruleset, dict(setup) if setup is not None else None, seed=seed)
    agents = {p: factory(AgentContext(p, agent_seed(seed, i), ruleset, {}, game.players))
              for i, p in enumerate(game.players)}
    return game, agents


def _step(game: Game, agents: Mapping[str, Any]) -> None:
    d = game.pending
    assert d is not None
    game.answer(agents[d.player].decide(View(game, d.player), d), d.player)


def check_interleaved(ruleset: Ruleset | Callable[[], Ruleset], seeds: Iterable[int], factory: AgentFactory,
                      setups: Iterable[Mapping[str, Any] | None] = (None,)) -> int:
    """Games in one process do not share state: every (seed, set-up) game played with ``factory`` in
    every seat alone, then all of them at once, one answer each in turn, log the same events, end in
    the same state and digest. ``ruleset`` may be a builder, called once per game (as a server does).
    Caches of a game kept in module globals, keyed by ``id()``, or shared content changed by a game
    fail it. Returns the number of games compared."""
    build = ruleset if callable(ruleset) and not isinstance(ruleset, Ruleset) else (lambda: ruleset)
    cases = [(seed, setup) for setup in list(setups) for seed in seeds]
    alone = []
    for seed, setup in cases:
        game, agents = _seated(build(), seed, factory, setup)
        while game.pending is not None and game.decisions < game.ruleset.max_decisions:
            _step(game, agents)
        alone.append((_events(game), game.digest(), game.result))
    together = [_seated(build(), seed, factory, setup) for seed, setup in cases]
    moving = True
    while moving:
        moving = False
        for game, agents in together:
            if game.pending is not None and game.decisions < game.ruleset.max_decisions:
                _step(game, agents)
                moving = True
    for (seed, setup), (events, digest, result), (game, _) in zip(cases, alone, together, strict=True):
        where = f"{game.ruleset.name} seed {seed} set-up {dict(setup or {})}"
        mine = _events(game)
        if mine != events:
            pairs = enumerate(zip(events, mine, strict=False))
            first = next((i for i, (a, b) in pairs if a != b), min(len(events), len(mine)))
            raise AssertionError(f"{where}: played beside other games, it logs otherwise from event {first} "
                                 f"(alone {events[first:first + 1]}, beside others {mine[first:first + 1]}); "
                                 "is some game state kept outside the game?")
        assert game.digest() == digest and game.result == result, f"{where}: ends in another state beside others"
    return len(cases)


def _events(game: Game) -> list[tuple[Any, ...]]:
    return [(e.kind, e.text, e.rule, e.visible_to) for e in game.log]


def _module_state(prefixes: tuple[str, ...]) -> dict[str, Any]:
    """Size of every mutable module-level value (dict, list, set, functools cache) in the named packages."""
    import sys

    out: dict[str, Any] = {}
    for modname, module in list(sys.modules.items()):
        if module is None or not modname.startswith(prefixes):
            continue
        for attr, value in list(vars(module).items()):
            if isinstance(value, dict | list | set | bytearray):
                out[f"{modname}.{attr}"] = (len(value), _shallow(value))
            elif callable(getattr(value, "cache_info", None)) and getattr(value, "__module__", None) == modname:
                out[f"{modname}.{attr}"] = (value.cache_info().currsize, None)
    return out


def _shallow(value: Any) -> Any:
    try:
        return hash(tuple(sorted(map(repr, value.items() if isinstance(value, dict) else value))))
    except Exception:  # noqa: BLE001 - an unorderable or unprintable value: compare sizes only
        return None


def check_no_module_state(ruleset: Ruleset | Callable[[], Ruleset], packages: Iterable[str], factory: AgentFactory,
                          seeds: Iterable[int] = (0, 1), allow: Iterable[str] = ()) -> list[str]:
    """No game writes to module globals: after a first game (which may load content once), each further
    game leaves every mutable module-level value of ``packages`` (dicts, lists, sets, ``functools``
    caches) as it found it. ``allow`` names globals that may change (``"package.module.NAME"``); the
    check returns the sorted list of those that did."""
    build = ruleset if callable(ruleset) and not isinstance(ruleset, Ruleset) else (lambda: ruleset)
    prefixes = tuple(packages)
    seeds = list(seeds)
    allowed = set(allow)
    moved: set[str] = set()
    for i, seed in enumerate(seeds):
        before = _module_state(prefixes)
        game, agents = _seated(build(), seed, factory, None)
        while game.pending is not None and game.decisions < game.ruleset.max_decisions:
            _step(game, agents)
        if i == 0:
            continue
        after = _module_state(prefixes)
        changed = sorted(k for k in after.keys() | before.keys() if after.get(k) != before.get(k))
        moved.update(changed)
        bad = [k for k in changed if k not in allowed]
        assert not bad, (f"a game of {game.ruleset.name} (seed {seed}) changed module-level values: "
                         f"{', '.join(bad[:8])}{' ...' if len(bad) > 8 else ''} (keep a game's data in the game)")
    return sorted(moved)
