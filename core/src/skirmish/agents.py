"""Agents answer decisions from their player's view. Built-in: ``random``, ``first``, ``scripted``.

They are registered by the plugin module :mod:`skirmish.builtin_agents` (entry point
``skirmish.agents``), the same way any third-party agent is. A ruleset registers its
own AI as ``ai`` scoped to its name.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from skirmish.answer_text import parse_answer
from skirmish.decisions import Answer, Decision, LazyDecision, Option, Param
from skirmish.errors import IllegalAnswer, SkirmishError
from skirmish.specs import AgentContext, AgentSpec
from skirmish.textfiles import MAX_SAVE_BYTES, parse_toml, read_text

__all__ = ["Agent", "AgentContext", "AgentSpec", "View", "RandomAgent", "FirstAgent", "ScriptedAgent"]

if TYPE_CHECKING:
    from skirmish.engine import Game
    from skirmish.events import Event


_UNSET = object()


class View:
    """What one player knows when deciding: the ruleset's view, the visible log, the decision.

    ``check`` tests an answer against the real game without revealing it;
    ``sandbox`` gives a clone holding only what this player knows, for look-ahead.
    """

    __slots__ = ("player", "game_round", "phase", "decision", "_game", "_state")

    def __init__(self, game: Game, player: str) -> None:
        self._game = game
        self.player = player
        self.game_round = game.round
        self.phase = game.phase
        self.decision = game.pending
        self._state: Any = _UNSET

    @property
    def state(self) -> Any:
        """The ruleset's view of the state for this player (built on first use)."""
        if self._state is _UNSET:
            self._state = self._game.ruleset.view(self._game, self.player)
        return self._state

    @property
    def ruleset(self) -> Any:
        return self._game.ruleset

    @property
    def players(self) -> tuple[str, ...]:
        return self._game.players

    def log(self) -> list[Event]:
        return self._game.log.for_player(self.player)

    def check(self, answer: Answer) -> str | None:
        """Why ``answer`` would be refused, or ``None`` when it is legal."""
        assert self.decision is not None
        return self.decision.check(self._game, answer)[1]

    def describe(self) -> str:
        """The state as this player reads it (the ruleset's text)."""
        return self._game.ruleset.describe(self._game, self.player)

    def option_labels(self) -> dict[int, str]:
        """Labels to show a person for some of the decision's options (:meth:`skirmish.Ruleset.option_labels`):
        for screens; an agent reads the options themselves and never needs them."""
        if self.decision is None:
            return {}
        return self._game.ruleset.option_labels(self._game, self.decision)

    def sandbox(self, sample: int = 0) -> Game:
        """A clone of the game as this player knows it (hidden information re-dealt; ``sample`` varies the deal)."""
        return self._game.ruleset.determinize(self._game, self.player, sample=sample)


class Agent(Protocol):
    """Anything with ``decide(view, decision) -> answer``."""

    def decide(self, view: View, decision: Decision) -> Answer: ...


def sample_param(rng: random.Random, p: Param) -> Any:
    """A random legal value of one form field (ends of the range a little more often)."""
    kind = p.kind
    if kind == "choice":
        return rng.choice(p.choices)
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "subset":
        most = int(p.high) or len(p.choices)
        return rng.sample(list(p.choices), rng.randint(int(p.low), most))
    if kind == "assign":
        return _sample_assignment(rng, p)
    if kind in ("point", "pose"):
        x0, y0, x1, y1 = p.bounds if len(p.bounds) == 4 else (0.0, 0.0, 0.0, 0.0)
        out = {"x": _on_step(rng.uniform(x0, x1), p.step), "y": _on_step(rng.uniform(y0, y1), p.step)}
        if kind == "pose":
            out["facing"] = _on_step(rng.uniform(0, 360), p.step) % 360
        return out
    roll = rng.random()
    if kind == "int":
        low, high = int(p.low), int(p.high)
        return low if roll < 0.1 else high if roll < 0.2 else rng.randint(low, high)
    value = p.low if roll < 0.1 else p.high if roll < 0.2 else rng.uniform(p.low, p.high)
    return _on_step(value, p.step)


def _on_step(value: float, step: float) -> float:
    return round(round(value / step) * step, 6)


def _sample_assignment(rng: random.Random, p: Param) -> dict[str, int]:
    """``p.total`` shared at random over ``p.choices`` (each at most ``p.high`` when set)."""
    keys = [str(c) for c in p.choices]
    out = dict.fromkeys(keys, 0)
    cap = int(p.high) or p.total
    for _ in range(p.total):
        open_keys = [k for k in keys if out[k] < cap]
        if not open_keys:
            break
        out[rng.choice(open_keys)] += 1
    return out


class RandomAgent:
    """Any legal answer, chosen uniformly (forms: random values checked by the validator)."""

    tries = 40

    def __init__(self, ctx: AgentContext) -> None:
        self.rng = random.Random(ctx.seed)

    def decide(self, view: View, decision: Decision) -> Answer:
        if isinstance(decision, LazyDecision):
            return draw_family_first(self.rng, decision)
        if decision.options:
            return self.rng.choice(decision.options).value
        for _ in range(self.tries):
            answer = {p.name: sample_param(self.rng, p) for p in decision.params}
            if view.check(answer) is None:
                return answer
        if decision.examples:
            return self.rng.choice(decision.examples)
        raise SkirmishError(f"random agent found no legal answer to '{decision.prompt}' (the decision has no examples)")


def draw_family_first(rng: random.Random, decision: LazyDecision) -> Answer:
    """A random answer to a lazy decision that builds one family: a family or a fixed option drawn uniformly,
    then one of the family's options (a family with none is left out and the draw made again)."""
    choices: list[Any] = [*decision.fixed, *decision.families]
    while choices:
        pick = choices[rng.randrange(len(choices))]
        if isinstance(pick, Option):
            return pick.value
        opts = decision.options_of(pick)
        if opts:
            return rng.choice(opts).value
        choices.remove(pick)
    raise SkirmishError(f"random agent found no option in '{decision.prompt}'")


class FirstAgent:
    """Always the first option (or the first example of a form): predictable, for tests."""

    def __init__(self, ctx: AgentContext) -> None:
        pass

    def decide(self, view: View, decision: Decision) -> Answer:
        if decision.options:
            return decision.options[0].value
        if decision.examples:
            return decision.examples[0]
        return {p.name: _first_value(p) for p in decision.params}


def _first_value(p: Param) -> Any:
    """The smallest legal-looking value of a form field (``FirstAgent`` without examples)."""
    if p.kind == "choice":
        return p.choices[0]
    if p.kind == "bool":
        return False
    if p.kind == "subset":
        return list(p.choices[:int(p.low)])
    if p.kind == "assign":
        return {str(p.choices[0]): p.total} if p.choices else {}
    if p.kind in ("point", "pose"):
        x0, y0 = (p.bounds[0], p.bounds[1]) if len(p.bounds) == 4 else (0.0, 0.0)
        return {"x": x0, "y": y0, "facing": 0.0} if p.kind == "pose" else {"x": x0, "y": y0}
    return p.low


class ScriptExhausted(SkirmishError):
    """A scripted agent was asked more than its script holds."""


class ScriptedAgent:
    """Answers read from a file, one per line (as typed at the prompt), ``#`` comments allowed.

    The file is named by ``options["script"]``. A TOML save file works too: its answers
    for this player are used in order. Lines may be prefixed with ``player:`` to keep
    several players' answers in one file.
    """

    def __init__(self, ctx: AgentContext) -> None:
        path = ctx.options.get("script")
        if not path:
            raise SkirmishError("the scripted agent needs a script file (agent option 'script')")
        self.player = ctx.player
        self.lines = load_script(Path(path), ctx.player, ctx.players)
        self.used = 0

    def decide(self, view: View, decision: Decision) -> Answer:
        if self.used >= len(self.lines):
            raise ScriptExhausted(f"the script for {self.player} ran out after {self.used} answers")
        line = self.lines[self.used]
        self.used += 1
        if not isinstance(line, str):
            return line
        try:
            return parse_answer(decision, line)
        except IllegalAnswer as exc:
            raise IllegalAnswer(f"script answer {self.used} for {self.player} ('{line}'): {exc}") from None


def load_script(path: Path, player: str, players: tuple[str, ...] = ()) -> list[Any]:
    """The answers for ``player`` in a script file (text lines or a TOML save's answers)."""
    text = read_text(path, limit=MAX_SAVE_BYTES, what="script", error=SkirmishError)
    if path.suffix == ".toml":
        data = parse_toml(text, f"script {path}", error=SkirmishError)
        answers = data.get("answers", [])
        return [a["value"] for a in answers if isinstance(a, dict) and a.get("player") == player and "value" in a] \
            if isinstance(answers, list) else []
    out: list[Any] = []
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        who, sep, rest = line.partition(":")
        if sep and who.strip() in (players or (player,)):
            if who.strip() == player:
                out.append(rest.strip())
            continue
        out.append(line)
    return out
