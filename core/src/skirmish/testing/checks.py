"""The conformance checks. Each takes a ruleset (instance) and raises AssertionError on failure."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterable
from typing import Any

from skirmish.agents import AgentContext, RandomAgent, View
from skirmish.decisions import Decision, LazyDecision
from skirmish.engine import Game
from skirmish.errors import IllegalAnswer
from skirmish.ruleset import Ruleset
from skirmish.runner import agent_seed
from skirmish.saves import SaveFile, parse_save, replay


def _agents(game: Game, seed: int) -> dict[str, RandomAgent]:
    return {p: RandomAgent(AgentContext(p, agent_seed(seed, i), game.ruleset, {}, game.players))
            for i, p in enumerate(game.players)}


def play_random(ruleset: Ruleset, seed: int, *, keep_log: bool = True, stop_at: int | None = None,
                setup: dict[str, Any] | None = None) -> Game:
    """A game from the default set-up played by random agents (stopping after ``stop_at`` decisions)."""
    game = Game(ruleset, setup, seed=seed, keep_log=keep_log)
    agents = _agents(game, seed)
    while game.pending is not None:
        if stop_at is not None and game.decisions >= stop_at:
            break
        if game.decisions >= ruleset.max_decisions:
            raise AssertionError(f"{ruleset.name} seed {seed}: no end within {ruleset.max_decisions} decisions "
                                 f"(round {game.round}, phase {game.phase!r})")
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    return game


def _walk(ruleset: Ruleset, seed: int, visit: Callable[[Game], None], every: int = 1) -> Game:
    """Play a random game, calling ``visit`` at every ``every``-th decision."""
    game = Game(ruleset, seed=seed)
    agents = _agents(game, seed)
    while game.pending is not None and game.decisions < ruleset.max_decisions:
        if game.decisions % every == 0:
            visit(game)
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    return game


def _fingerprint(game: Game) -> list[tuple[Any, ...]]:
    return [(e.kind, e.text, e.rule, json.dumps(e.data, sort_keys=True, default=repr), e.visible_to)
            for e in game.log]


def check_plays_to_end(ruleset: Ruleset, seeds: Iterable[int]) -> dict[str, float]:
    """Games from the default set-up end, with random agents, within ``ruleset.max_decisions``."""
    decisions = []
    for seed in seeds:
        game = play_random(ruleset, seed, keep_log=False)
        assert game.result is not None, f"{ruleset.name} seed {seed}: stopped with no decision and no result"
        decisions.append(game.decisions)
    return {"games": len(decisions), "max_decisions": max(decisions, default=0),
            "mean_decisions": sum(decisions) / max(len(decisions), 1)}


def check_deterministic(ruleset: Ruleset, seed: int) -> None:
    """Same seed and answers: the same log and the same digest (also when replayed from the answers)."""
    first = play_random(ruleset, seed)
    second = play_random(ruleset, seed)
    assert _fingerprint(first) == _fingerprint(second), (
        f"{ruleset.name} seed {seed}: two games with the same seed and answers logged different events "
        "(randomness outside game.rng?)")
    assert first.digest() == second.digest(), f"{ruleset.name} seed {seed}: same game, different digests"
    again = replay(SaveFile.of(first), ruleset)
    assert _fingerprint(again) == _fingerprint(first), f"{ruleset.name} seed {seed}: a replay logs other events"


def check_save_resume(ruleset: Ruleset, seed: int) -> None:
    """Saving at a random decision, loading (through TOML) and going on ends as not saving does."""
    full = play_random(ruleset, seed)
    n = len(full.answers)
    cut = random.Random(seed).randint(0, max(n - 1, 0))
    part = play_random(ruleset, seed, stop_at=cut)
    data = tomllib.loads(SaveFile.of(part).to_toml())
    loaded = replay(parse_save(data), ruleset)
    assert loaded.digest() == part.digest(), f"{ruleset.name} seed {seed}: loading a save at decision {cut} " \
        "gives another state"
    for entry in full.answers[cut:]:
        if loaded.pending is None:
            raise AssertionError(f"{ruleset.name} seed {seed}: resumed game ended early")
        loaded.answer(entry["value"], entry["player"])
    assert loaded.result == full.result, f"{ruleset.name} seed {seed}: resumed game ended differently " \
        f"({loaded.result} vs {full.result})"
    assert loaded.digest() == full.digest(), f"{ruleset.name} seed {seed}: resumed game ends in another state"


def _illegal_candidates(decision: Decision) -> list[Any]:
    out: list[Any] = ["\u00a7not-an-answer\u00a7", 987654321, [["nested"]], {"no": "such field"}]
    if decision.params:
        first = decision.params[0]
        base = decision.examples[0] if decision.examples else {p.name: p.low for p in decision.params}
        if isinstance(base, dict):
            missing = dict(base)
            missing.pop(first.name, None)
            out.append(missing)
            if first.kind in ("int", "float"):
                out.append({**base, first.name: first.high + 1})
                out.append({**base, first.name: "many"})
    return out


def _edge_candidates(decision: Decision) -> list[dict[str, Any]]:
    """Form answers at the ends of each range: legal for the fields, maybe refused by the validator."""
    if not decision.params:
        return []
    base = decision.examples[0] if decision.examples and isinstance(decision.examples[0], dict) else \
        {p.name: (p.choices[0] if p.kind == "choice" else p.low) for p in decision.params}
    out = []
    for p in decision.params:
        if p.kind in ("int", "float"):
            out += [{**base, p.name: p.low}, {**base, p.name: p.high}]
    return out


def _state_of(game: Game) -> tuple[Any, ...]:
    return (game.digest(), game.decisions, len(game.log), len(game.answers), game.pending)


def check_illegal_refused(ruleset: Ruleset, seed: int, every: int = 3) -> None:
    """An illegal answer (or one from the wrong player) is refused with a message and changes nothing."""

    def refuse(game: Game, value: Any, player: str | None, d: Decision, maybe_legal: bool = False) -> None:
        before = _state_of(game)
        try:
            game.answer(value, player)
        except IllegalAnswer as exc:
            assert str(exc).strip(), f"{ruleset.name}: an illegal answer was refused with no message"
        else:
            if maybe_legal:
                return
            raise AssertionError(f"{ruleset.name} seed {seed}: illegal answer {value!r} to {d.kind!r} was accepted")
        assert _state_of(game) == before, f"{ruleset.name} seed {seed}: refusing {value!r} to {d.kind!r} " \
            "changed the game"

    def visit(game: Game) -> None:
        d = game.pending
        assert d is not None
        for value in _illegal_candidates(d):
            if not (d.options and any(o.value == value for o in d.options)):
                refuse(game, value, None, d)
        wrong = [p for p in game.players if p != d.player]
        if wrong:
            legal = d.options[0].value if d.options else (d.examples[0] if d.examples else {})
            refuse(game, legal, wrong[0], d)
        for value in _edge_candidates(d):
            refuse(game.clone(keep_log=True), value, None, d, maybe_legal=True)

    _walk(ruleset, seed, visit, every)


def check_offered_answers(ruleset: Ruleset, seed: int, every: int = 5, most: int = 12) -> None:
    """Every answer a decision offers (each option, each example of a form) is accepted."""

    def visit(game: Game) -> None:
        d = game.pending
        assert d is not None
        values = [o.value for o in d.options] or list(d.examples)
        assert values or not d.options, f"{ruleset.name}: decision {d.kind!r} offers nothing"
        if d.params:
            assert d.examples, f"{ruleset.name}: form decision {d.kind!r} gives no example answers"
        for value in values[:most]:
            clone = game.clone()
            try:
                clone.answer(value, d.player)
            except IllegalAnswer as exc:
                raise AssertionError(f"{ruleset.name} seed {seed}: offered answer {value!r} to {d.kind!r} "
                                     f"was refused: {exc}") from None

    _walk(ruleset, seed, visit, every)


def check_lazy_decisions(ruleset: Ruleset, seed: int, every: int = 1) -> int:
    """A lazy decision's families add up to its whole list, and an answer checked through its family is accepted
    exactly when the whole list holds it (each option, and answers that are not one); returns how many lazy
    decisions were checked. Each check starts from a copy that has built nothing."""
    seen = 0

    def visit(game: Game) -> None:
        nonlocal seen
        d = game.pending
        if not isinstance(d, LazyDecision):
            return
        seen += 1
        where = f"{ruleset.name} seed {seed}, decision {game.decisions} ({d.kind!r})"
        whole = d.unbuilt().options
        per = d.unbuilt()
        lists = [o for f in per.families for o in per.options_of(f)]
        joined = [*d.fixed, *lists] if d.fixed_first else [*lists, *d.fixed]
        assert [(o.value, o.label) for o in joined] == [(o.value, o.label) for o in whole], \
            f"{where}: the families' options are not the whole list"
        values = [o.value for o in whole]
        for opt in whole:
            found, _, err = d.unbuilt().match(game, opt.value)
            assert err is None and found == opt, f"{where}: {opt.value!r} is offered but its family refuses it: {err}"
        for value in [*_illegal_candidates(d), *(_altered(v) for v in values[:20])]:
            if value in values:
                continue
            _, _, err = d.unbuilt().match(game, value)
            assert err, f"{where}: {value!r} is not offered but its family accepts it"

    _walk(ruleset, seed, visit, every)
    return seen


def _altered(value: Any) -> Any:
    """An answer near an offered one (a family's name with another tail), for the refusal checks."""
    return f"{value}|x" if isinstance(value, str) else [value, "x"]


def _secrets(game: Game) -> dict[str, list[str]]:
    return {p: [s for s in game.ruleset.secrets(game, p) if s] for p in game.players}


def check_hidden_information(ruleset: Ruleset, seed: int, every: int = 1) -> int:
    """No player's view, pending decision or log shows another player's secrets (``Ruleset.secrets``).

    Views are checked at decisions; each event is checked as it is logged, against the
    secrets of that moment (a card seen face up earlier may be hidden later).
    """
    checked = 0
    game = Game(ruleset, seed=seed)
    agents = _agents(game, seed)

    def on_event(event: Any) -> None:
        nonlocal checked
        for owner, secrets in _secrets(game).items():
            for other in game.players:
                seen = event.seen_by(other) if other != owner else None
                if seen is None:
                    continue
                text = json.dumps([seen.text, seen.data], default=repr)
                leaked = next((s for s in secrets if s in text), None)
                assert leaked is None, (f"{ruleset.name} seed {seed}: {owner}'s secret {leaked!r} shows in the "
                                        f"log as {other} sees it: {seen.text!r}")
                checked += 1

    game.log.listeners.append(on_event)
    while game.pending is not None and game.decisions < ruleset.max_decisions:
        if game.decisions % every == 0:
            secrets = _secrets(game)
            for other in game.players:
                view_text = json.dumps(game.view(other))  # views are plain data
                for owner, owned in secrets.items():
                    if owner == other:
                        continue
                    leaked = next((s for s in owned if s in view_text), None)
                    assert leaked is None, f"{ruleset.name} seed {seed}: {owner}'s secret {leaked!r} shows in " \
                        f"{other}'s view"
                    checked += 1
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    return checked


def check_presentation(ruleset: Ruleset, seed: int, every: int = 7) -> int:
    """What every screen draws from (``Ruleset.present``) holds to its contract, all through a random game.

    For every seat, everything (``None``) and a spectator: plain data that goes to JSON; a picture,
    when there is one, is one SVG document; piece ids are unique, each drawn in the picture as
    ``data-piece`` when the picture marks pieces at all; footprints lie where the frame says; and no
    seat's presentation shows another's secrets.
    """
    import re

    checked = 0

    def visit(game: Game) -> None:
        nonlocal checked
        secrets = _secrets(game)
        for viewer in (*game.players, None, "(spectator)"):
            shown = ruleset.present(game, viewer)
            data = shown.to_dict()
            text = json.dumps(data)  # plain data all through (raises on anything else)
            where = f"{ruleset.name} seed {seed}, decision {game.decisions}, as {viewer}"
            if shown.svg is not None:
                assert shown.svg.lstrip().startswith(("<svg", "<?xml")) and shown.svg.rstrip().endswith("</svg>"), \
                    f"{where}: the picture is not one SVG document"
            ids = [p.id for p in shown.pieces]
            assert len(ids) == len(set(ids)), f"{where}: a piece id is given twice"
            if shown.svg is not None and "data-piece=" in shown.svg:
                drawn = set(re.findall(r'data-(?:piece|place)="([^"]*)"', shown.svg))
                missing = [p.id for p in shown.pieces if p.shape and p.id not in drawn]
                assert not missing, (f"{where}: pieces {missing[:3]} are not marked data-piece (or, for places, "
                                     "data-place) in the picture")
            for owner, owned in secrets.items():
                if viewer == owner or viewer is None:
                    continue
                leaked = next((x for x in owned if x in text), None)
                assert leaked is None, f"{where}: {owner}'s secret {leaked!r} shows in the presentation"
            checked += 1

    _walk(ruleset, seed, visit, every)
    return checked


def check_clone(ruleset: Ruleset, seed: int) -> None:
    """A clone taken at a random decision, given the same answers, continues exactly as the original."""
    full = play_random(ruleset, seed)
    cut = random.Random(seed + 1).randint(0, max(len(full.answers) - 1, 0))
    part = play_random(ruleset, seed, stop_at=cut)
    clone = part.clone(keep_log=True)
    rest = full.answers[cut:]
    for entry in rest:
        part.answer(entry["value"], entry["player"])
    for entry in rest:
        if clone.pending is None:
            raise AssertionError(f"{ruleset.name} seed {seed}: the clone ended early")
        clone.answer(entry["value"], entry["player"])
    assert clone.result == part.result, f"{ruleset.name} seed {seed}: the clone ended differently"
    assert clone.digest() == part.digest(), f"{ruleset.name} seed {seed}: the clone ends in another state"
    assert _fingerprint(clone)[-20:] == _fingerprint(part)[-20:], f"{ruleset.name} seed {seed}: the clone " \
        "logged other events"


_CHILD = """
import json, sys
from skirmish.testing.checks import play_random, _load_factory
ruleset = _load_factory(sys.argv[1])
game = play_random(ruleset, int(sys.argv[2]))
print(json.dumps([game.digest(), len(game.log)]))
"""


def _load_factory(target: str) -> Ruleset:
    """``module:attr`` (a Ruleset class or factory) or an installed ruleset name."""
    if ":" in target:
        import importlib

        module, _, attr = target.partition(":")
        return getattr(importlib.import_module(module), attr)()
    from skirmish.plugins import Registry

    return Registry().ruleset(target)


def check_cross_process(target: str, seed: int, hash_seeds: Iterable[int] = (1, 2)) -> None:
    """Two processes with different string-hash seeds play the same game (no set-order dependence)."""
    results = set()
    for hs in hash_seeds:
        env = {**os.environ, "PYTHONHASHSEED": str(hs)}
        out = subprocess.run([sys.executable, "-c", _CHILD, target, str(seed)], capture_output=True, text=True,
                             env=env, timeout=300)
        assert out.returncode == 0, f"{target}: the child process failed: {out.stderr.strip().splitlines()[-1:]}"
        results.add(out.stdout.strip())
    assert len(results) == 1, f"{target} seed {seed}: the game depends on the process's hash seed " \
        "(iterating a set or dict of strings in rules code?)"
