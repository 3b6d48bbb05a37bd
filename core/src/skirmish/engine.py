"""The game engine: a stack of steps that runs until a decision is pending.

Rules are written as small :class:`Step` objects (or plain functions wrapped by
:class:`Do` and :class:`Ask`). The engine pops the top step and runs it; a step
may schedule more steps, or return a :class:`~skirmish.decisions.Decision`, at
which point the engine stops until :meth:`Game.answer` is called. Everything a
step holds is plain data, so a game clones with ``copy.deepcopy`` and never
needs replaying to branch.
"""

from __future__ import annotations

import copy
import warnings
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import attrs

from skirmish.decisions import Answer, Decision
from skirmish.errors import DiceError, IllegalAnswer, PluginFailed, PluginWarning
from skirmish.events import CURRENT, Event, EventLog
from skirmish.rng import GameRNG
from skirmish.textfiles import check_setup_numbers

if TYPE_CHECKING:
    from skirmish.ruleset import Ruleset


class Step:
    """One unit of rules work. Subclasses are attrs classes of plain data.

    :meth:`run` does the work; it may schedule further steps with
    :meth:`Game.schedule` and may return a Decision. When that decision is
    answered the engine calls :meth:`resume` with the (validated) answer.
    """

    def run(self, game: Game) -> Decision | None:
        raise NotImplementedError

    def resume(self, game: Game, answer: Answer) -> None:
        raise NotImplementedError(f"{type(self).__name__} asked a decision but cannot take an answer")


@attrs.define(slots=True)
class Do(Step):
    """Call ``fn(game, *args)``; the function may schedule steps or ask (via :meth:`Game.ask`)."""

    fn: Callable[..., Any]
    args: tuple[Any, ...] = ()

    def run(self, game: Game) -> Decision | None:
        self.fn(game, *self.args)
        return None


@attrs.define(slots=True)
class Ask(Step):
    """Ask ``decision``; on the answer, call ``then(game, answer, *args)``."""

    decision: Decision
    then: Callable[..., Any]
    args: tuple[Any, ...] = ()

    def run(self, game: Game) -> Decision | None:
        return self.decision

    def resume(self, game: Game, answer: Answer) -> None:
        self.then(game, answer, *self.args)


OUTCOMES = ("win", "loss", "draw")


@attrs.frozen(slots=True)
class Result:
    """How a game ended.

    ``winners`` names the winning sides (see :meth:`Ruleset.sides`): seats, teams, or sides
    that are no seat at all (a co-op game lost to the Tyrant has ``winners == ("Tyrant",)``).
    ``winning_seats`` are the seats that won. A draw is only ever said (``draw``); no winners
    without a draw means every seat lost. ``scores`` are points per seat (VP), when the rules
    keep them; ``reason`` says why the game ended and ``rule`` which rule ended it.
    """

    winners: tuple[str, ...]
    reason: str
    rule: str = ""
    scores: dict[str, float] = attrs.field(factory=dict)
    draw: bool = False
    winning_seats: tuple[str, ...] = ()

    def outcome(self, seat: str) -> str:
        """``"win"``, ``"loss"`` or ``"draw"`` for ``seat``."""
        if self.draw:
            return "draw"
        return "win" if seat in self.winning_seats else "loss"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"winners": list(self.winners), "winning_seats": list(self.winning_seats),
                               "draw": self.draw, "reason": self.reason}
        if self.rule:
            out["rule"] = self.rule
        if self.scores:
            out["scores"] = dict(self.scores)
        return out


class Game:
    """One game in progress: ruleset, set-up, seeded RNG, log, state and step stack.

    ``state`` is the ruleset's plain attrs data. ``answers`` records every answer
    (and every mid-game load of dice) so the game can be saved and replayed.
    """

    def __init__(
        self,
        ruleset: Ruleset,
        setup: dict[str, Any] | None = None,
        *,
        seed: int = 0,
        dice: Iterable[int | str] = (),
        hooks: Any = None,
        keep_log: bool = True,
        observed: bool = True,
    ) -> None:
        self.ruleset = ruleset
        self.setup: dict[str, Any] = ruleset.check_setup(copy.deepcopy(setup) if setup is not None
                                                          else ruleset.default_setup())
        if setup is not None:  # whatever the ruleset checked, no set-up number is nan, inf or absurd
            check_setup_numbers(self.setup)
        self.seed = seed
        self.players: tuple[str, ...] = tuple(ruleset.players(self.setup))
        self.log = EventLog(keep=keep_log)
        self.rng = GameRNG(seed, log=self.log)
        dice = list(dice)
        self.rng.load(dice)
        self.stack: list[Step] = []
        self.pending: Decision | None = None
        self._waiting: Step | None = None
        # dice loaded at creation are recorded first (marked "start") so a replay loads them before set-up rolls
        self.answers: list[dict[str, Any]] = [{"dice": dice, "start": True}] if dice else []
        self.result: Result | None = None
        self.round = 0
        self.phase = ""
        self.decisions = 0
        #: per-game plugin data, plain data namespaced by plugin id (copied with clones)
        self.stash: dict[str, Any] = {}
        #: the cause recorded for each scheduled step (parallel to ``stack``)
        self._step_causes: list[int | None] = []
        self._waiting_cause: int | None = None
        self.hooks = hooks if hooks is not None else ruleset.hooks
        #: clones (and games rebuilt only to bring agents up to date) are not observed: no game-start/end or event hooks
        self.observed = observed
        if observed and self.hooks is not None and _has_impls(self.hooks, "skirmish_event"):
            self.log.listeners.append(self._observe)
        self.state: Any = None
        self.emit("start", f"{ruleset.title} begins (seed {seed})", rule="Set-up", players=list(self.players))
        self.state = ruleset.create(self)
        if self.hooks is not None and observed:
            self.notify("skirmish_game_start", game=self)
        ruleset.start(self)
        self.advance()

    # -- running -----------------------------------------------------------
    def schedule(self, *steps: Step) -> None:
        """Run ``steps`` next (before anything already scheduled), first one first.

        Each step remembers the current cause: events it emits are caused by it.
        """
        causes = self.log._causes
        cause = causes[-1] if causes else None
        if len(steps) == 1:
            self.stack.append(steps[0])
            self._step_causes.append(cause)
            return
        self.stack.extend(reversed(steps))
        self._step_causes.extend([cause] * len(steps))

    def call(self, fn: Callable[..., Any], *args: Any) -> None:
        """Schedule ``fn(game, *args)`` to run next."""
        causes = self.log._causes
        self.stack.append(Do(fn, args))
        self._step_causes.append(causes[-1] if causes else None)

    def ask(self, decision: Decision, then: Callable[..., Any], *args: Any) -> None:
        """Schedule ``decision``; its answer goes to ``then(game, answer, *args)``."""
        causes = self.log._causes
        self.stack.append(Ask(decision, then, args))
        self._step_causes.append(causes[-1] if causes else None)

    def because(self, cause: Event | int | None) -> Any:
        """Context manager: events emitted and steps scheduled inside it are caused by ``cause``."""
        return self.log.caused_by(cause)

    def run(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(game, *args)`` now, then carry on until a decision is pending (for tests and tools).

        A decision already pending is put back and asked again once ``fn``'s work is done
        (this suits decisions asked through :meth:`ask`).
        """
        if self.pending is not None and self._waiting is not None:
            self.schedule(self._waiting)
        self.pending = self._waiting = None
        self.schedule(Do(fn, args))
        self.advance()

    def advance(self) -> None:
        """Run steps until a decision is pending or the game is over."""
        stack = self.stack
        causes = self._step_causes
        if len(causes) != len(stack):  # steps pushed on the stack by hand have no recorded cause
            causes[:] = ([None] * (len(stack) - len(causes)) + causes)[-len(stack):] if stack else []
        context = self.log._causes
        while self.pending is None and self.result is None:
            if not stack:
                self.ruleset.out_of_steps(self)
                if len(causes) != len(stack):
                    causes[:] = [None] * (len(stack) - len(causes)) + causes
                if not stack and self.result is None:
                    self.finish((), "the rules have nothing left to do", rule="End of game", draw=True)
                continue
            step = stack.pop()
            cause = causes.pop()
            context.append(cause)
            try:
                decision = step.run(self)
            finally:
                context.pop()
            if decision is not None and self.result is None:
                self.pending = decision
                self._waiting = step
                self._waiting_cause = cause

    def answer(self, value: Answer, player: str | None = None) -> None:
        """Answer the pending decision. An illegal answer raises :class:`IllegalAnswer` and changes nothing."""
        decision = self.pending
        if decision is None:
            raise IllegalAnswer("the game is over" if self.result else "no decision is pending")
        if player is not None and player != decision.player:
            raise IllegalAnswer(f"it is {decision.player}'s decision, not {player}'s")
        # one look-up finds the option and checks the answer (``Decision.check`` does the same)
        option, value, err = decision.match(self, value)
        if err:
            raise IllegalAnswer(err)
        # loaded dice may not fit the die they meet: keep a copy to put back if they do not
        backup = self._backup() if self.rng.loaded else None
        self.answers.append({"player": decision.player, "value": value})
        self.decisions += 1
        log = self.log
        if log.keep or log.listeners:
            shown = option.label if option is not None and option.label else _short(value)
            public = f"{decision.player} decided" + (f" ({decision.rule})" if decision.rule else "")
            answered = log.emit("answer", f"{decision.player}: {decision.kind} -> {shown}", rule=decision.rule,
                                visible_to=(decision.player,), public_text=public, cause=self._waiting_cause,
                                player=decision.player, decision=decision.kind).seq
        else:  # nobody keeps or reads the event: count it (the same numbers follow) and build nothing
            answered = log.count
            log.count = answered + 1
        step, self.pending, self._waiting = self._waiting, None, None
        assert step is not None
        causes = log._causes
        try:
            causes.append(answered)
            try:
                step.resume(self, value)
            finally:
                causes.pop()
            self.advance()
        except DiceError as exc:
            if backup is None:
                raise
            self.__dict__.update(backup)
            self.load_dice([], replace=True)  # recorded, so the save still replays
            raise DiceError(f"{exc}; the answer was not taken and the loaded dice were cleared") from None

    def _shared_memo(self) -> dict[int, Any]:
        """A deepcopy memo that keeps the ruleset and the hook relay shared, never copied."""
        memo: dict[int, Any] = {id(self.ruleset): self.ruleset}
        if self.hooks is not None:
            memo[id(self.hooks)] = self.hooks
        return memo

    def _backup(self) -> dict[str, Any]:
        """Everything an answer can change, copied (used only while loaded dice are pending)."""
        memo = self._shared_memo()
        saved = {key: copy.deepcopy(self.__dict__[key], memo) for key in _COPIED}
        saved["log"].listeners = self.log.listeners
        saved.update(_step_causes=list(self._step_causes), _waiting_cause=self._waiting_cause)
        saved.update(pending=self.pending, answers=list(self.answers), decisions=self.decisions, round=self.round,
                     phase=self.phase, result=self.result)
        return saved

    def load_dice(self, values: Iterable[int | str], *, replace: bool = False) -> None:
        """Force the next die results; recorded with the answers so a replay repeats it.

        ``replace`` first drops any loaded results not yet rolled (``load_dice([], replace=True)`` clears them).
        """
        values = list(values)
        entry: dict[str, Any] = {"dice": values}
        if replace:
            entry["replace"] = True
            self.rng.loaded.clear()
        self.answers.append(entry)
        self.rng.load(values)
        shown = ", ".join(map(str, values)) if values else "none"
        self.emit("dice", f"next dice {'set to' if replace else 'loaded'}: {shown}", rule="Loaded dice")

    def finish(self, winners: Iterable[str], reason: str, *, rule: str = "", scores: dict[str, float] | None = None,
               draw: bool = False) -> None:
        """End the game (the engine stops at once).

        ``winners`` names winning sides (:meth:`Ruleset.sides`) or seats; a side need not hold a
        seat (the Tyrant). No winners means every seat lost, unless ``draw`` says it is a draw.
        """
        if self.result is not None:
            return
        winners = tuple(winners)
        if draw and winners:
            raise ValueError("a drawn game has no winners")
        sides = self.ruleset.sides(self.setup)
        seats: list[str] = []
        for name in winners:
            if name in sides:
                members = sides[name]
            elif name in self.players:
                members = (name,)
            else:
                raise ValueError(f"unknown winner {name!r}: not a side ({', '.join(sides)}) nor a seat")
            seats.extend(m for m in members if m not in seats)
        self.result = Result(winners, reason, rule, dict(scores or {}), draw, tuple(seats))
        self.pending = None
        self._waiting = None
        if draw:
            text = f"game over: a draw - {reason}"
        elif winners:
            text = f"game over: {' and '.join(winners)} {'wins' if len(winners) == 1 else 'win'} - {reason}"
        else:
            text = f"game over: nobody wins - {reason}"
        self.emit("end", text, rule=rule or "End of game", winners=list(winners), draw=draw,
                  winning_seats=list(seats))
        if self.hooks is not None and self.observed:
            self.notify("skirmish_game_end", game=self, result=self.result)

    def resign(self, player: str) -> None:
        """``player`` gives the game up: every side without them wins (a co-operative side's opponent, the
        Tyrant, when the heroes give up). Recorded with the answers, so a save replays it."""
        if self.result is not None:
            raise IllegalAnswer("the game is over")
        if player not in self.players:
            raise IllegalAnswer(f"no player '{player}' in this game")
        sides = self.ruleset.sides(self.setup)
        mine = [name for name, seats in sides.items() if player in seats] or [player]
        winners = [name for name in sides if name not in mine]
        self.answers.append({"resign": player})
        self.decisions += 1
        self.emit("resign", f"{player} resigns", rule="Resignation", player=player)
        self.finish(winners, f"{player} resigned", rule="Resignation")

    @property
    def over(self) -> bool:
        return self.result is not None

    # -- events --------------------------------------------------------------
    def emit(self, kind: str, text: str, /, *, rule: str = "", visible_to: Any = None, public_text: str = "",
             cause: Any = CURRENT, **data: Any) -> Event:
        """Log an event (see :meth:`EventLog.emit`); ``cause`` defaults to the current cause."""
        return self.log.add(kind, text, rule, visible_to, public_text, cause, data)

    def _observe(self, event: Event) -> None:
        self.notify("skirmish_event", game=self, event=event)

    def notify(self, hook: str, **kwargs: Any) -> None:
        """Call an observer hook, each plugin on its own: one that raises is reported once and left out.

        Observers only read the game, so a broken one must not stop it: its error becomes a
        warning naming the plugin, and the plugin is not called again by this game.
        """
        caller = getattr(self.hooks, hook, None)
        if caller is None:
            return
        broken = self.stash.setdefault("skirmish.broken-observers", [])
        for impl in reversed(caller.get_hookimpls()):
            if impl.plugin_name in broken:
                continue
            try:
                impl.function(*(kwargs[name] for name in impl.argnames))
            except KeyboardInterrupt:
                raise
            except BaseException as exc:  # noqa: BLE001 - an observer's bug (sys.exit too) must not end the game
                broken.append(impl.plugin_name)
                why = str(exc) if isinstance(exc, PluginFailed) else \
                    f"skirmish plugin '{impl.plugin_name}' failed in {hook} ({type(exc).__name__}: {exc})"
                warnings.warn(f"{why}; it observes no more of this game", PluginWarning, stacklevel=2)

    # -- views, digest, cloning ---------------------------------------------------
    def view(self, player: str | None) -> dict[str, Any]:
        """What ``player`` may see, as plain data (``None``: everything)."""
        pending = None
        if self.pending is not None:
            if player is None or player == self.pending.player:
                pending = {"player": self.pending.player, "kind": self.pending.kind, "prompt": self.pending.prompt,
                           "options": [{"value": o.value, "label": o.label} for o in self.pending.options],
                           "params": [p.name for p in self.pending.params]}
            else:
                pending = {"player": self.pending.player, "kind": self.pending.kind}
        out: dict[str, Any] = {
            "ruleset": self.ruleset.name, "players": list(self.players), "viewer": player or "",
            "round": self.round, "phase": self.phase, "decisions": self.decisions,
            "state": self.ruleset.view(self, player), "pending": pending or {},
        }
        if self.result is not None:
            out["result"] = self.result.to_dict()
        return out

    def digest(self) -> str:
        """A hash of everything that decides how the game goes on, to detect a changed ruleset or an edited save.

        It covers the state, the round and phase, the result, the dice rolled so far, dice still
        loaded and the number of entries (answers and loaded dice) the game has taken.
        """
        data = {"state": self.ruleset.digest_data(self), "round": self.round, "phase": self.phase,
                "result": ([list(self.result.winners), self.result.reason, self.result.draw] if self.result
                           else []),
                "rng": self.rng.rolls, "loaded": list(self.rng.loaded), "entries": len(self.answers)}
        import json  # here, not at the top: a player's first prompt needs none (start-up, issue 24)

        from skirmish.digests import sha256

        blob = json.dumps(canonical(data), sort_keys=True, separators=(",", ":"), default=repr)
        return sha256(blob.encode()).hexdigest()[:32]

    def clone(self, *, keep_log: bool = False) -> Game:
        """An independent copy that continues exactly like this game given the same answers.

        The clone shares the ruleset, hooks and past events but notifies no observers;
        with ``keep_log=False`` it counts new events without storing them (fast look-ahead).
        """
        memo = self._shared_memo()
        new = Game.__new__(Game)
        d = self.__dict__
        new.__dict__.update({k: v for k, v in d.items() if k in _SHARED})
        for key in _COPIED:
            new.__dict__[key] = copy.deepcopy(d[key], memo)
        new.answers = list(self.answers)
        new._step_causes = list(self._step_causes)
        new.log.keep = keep_log
        if not keep_log:
            new.log.events = []
        new.hooks = self.hooks
        new.observed = False
        return new


_SHARED = ("ruleset", "setup", "seed", "players", "round", "phase", "decisions", "result", "pending",
           "_waiting_cause")
_COPIED = ("log", "rng", "stack", "_waiting", "state", "stash")


def _short(value: Any) -> str:
    import json

    text = json.dumps(value, separators=(",", ":")) if not isinstance(value, str) else value
    return text if len(text) <= 60 else text[:57] + "..."


def _has_impls(hooks: Any, name: str) -> bool:
    """True when some plugin implements hook ``name`` (a relay that cannot say is taken to implement it)."""
    caller = getattr(hooks, name, None)
    if caller is None:
        return False
    impls = getattr(caller, "get_hookimpls", None)
    return True if impls is None else bool(impls())


def canonical(value: Any) -> Any:
    """Plain data with a stable order: sets sorted, tuples as lists, attrs classes unstructured."""
    if isinstance(value, dict):
        return {str(k): canonical(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [canonical(v) for v in value]
    if isinstance(value, set | frozenset):
        import json

        items = [canonical(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True, default=repr))
    if attrs.has(type(value)):
        return {f.name: canonical(getattr(value, f.name)) for f in attrs.fields(type(value))}
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, float):
        return round(value, 9)
    return value
