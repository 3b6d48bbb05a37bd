"""Response windows: optional answers from several players, asking only those who can respond.

Many rules open a moment in which players *may* act: a fortune card played "any time",
a co-op hero helping an adventure, a reaction to a charge. :func:`open_window` schedules
such a moment. Each player in turn is offered what they can play right now (the ruleset's
``offer`` function decides); a player with nothing playable is not asked at all. Every
ask offers the responses plus "pass" and "pass until the end of this phase" (after which
the player is left alone until the phase changes).

A standing pass (for agents; people and the random agent never see it): a window decision also accepts
:data:`PASS_STANDING`, which is not among its options. It passes now and, for the rest of the game, the
player is left out of every window of the same rule (``rule``, else the window's name) without being
asked, except for invitations. It is recorded like any answer, so saves and replays repeat it. An agent
that never plays in some windows answers it at its first ask there and saves every later ask
(:func:`standing_pass` says whether a decision takes it).

Two modes:

- ``"cycle"``: go round the players until every one of them has passed (or had nothing)
  in a row; a response re-opens the round, so answers can answer answers.
- ``"once"``: ask each eligible player once, in seat order (who helps?).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from skirmish.decisions import Answer, Decision, Option
from skirmish.engine import Step

if TYPE_CHECKING:
    from skirmish.engine import Game

PASS = "pass"
PASS_PHASE = "pass-phase"
#: the answer a window decision takes, though it does not list it, for a pass in every later window of its rule
PASS_STANDING = "pass-standing"
MODES = ("cycle", "once")
_STASH = "skirmish.windows"

Offer = Callable[["Game", str], Sequence[Option]]
Resolve = Callable[["Game", str, Answer], None]


def open_window(game: Game, name: str, players: Sequence[str], offer: Offer, resolve: Resolve, *, rule: str = "",
                mode: str = "cycle", context: dict[str, Any] | None = None, prompt: str = "",
                invitation: bool = False) -> None:
    """Schedule a response window named ``name`` over ``players`` (in the order given).

    ``offer(game, player)`` lists the responses ``player`` can make now (empty: not asked);
    ``resolve(game, player, value)`` applies the chosen one and may schedule more steps, which
    run before the window asks anyone else. An ``invitation`` is a question put to these players
    in particular (someone asked them): players who passed until the end of the phase are asked all
    the same, and it offers no "pass until the end of this phase".
    """
    if mode not in MODES:
        raise ValueError(f"unknown window mode {mode!r} (expected one of {', '.join(MODES)})")
    game.schedule(Window(name, tuple(players), offer, resolve, rule, mode, dict(context or {}), prompt,
                         invitation=invitation))


class WindowDecision(Decision):
    """The decision a window asks: a :class:`Decision` that also takes :data:`PASS_STANDING` (unlisted) unless it
    is an invitation."""

    __slots__ = ()

    def match(self, game: Game | None, value: Answer) -> tuple[Option | None, Answer, str | None]:
        if value == PASS_STANDING and not self.context.get("invitation"):
            return _STANDING_OPTION, PASS_STANDING, None
        return Decision.match(self, game, value)

    def check(self, game: Game | None, value: Answer) -> tuple[Answer, str | None]:
        _, value, err = self.match(game, value)
        return value, err

    def option_for(self, value: Answer) -> Option | None:
        return self.match(None, value)[0]


_STANDING_OPTION = Option(PASS_STANDING, "pass in every window of this kind for the rest of the game",
                          "play nothing and are never asked again in these windows (an invitation still asks)",
                          data={"action": "pass-standing"})


def standing_pass(decision: Decision | None) -> str | None:
    """:data:`PASS_STANDING` when ``decision`` takes a standing pass (a window's question, not an invitation),
    else ``None``."""
    if isinstance(decision, WindowDecision) and not decision.context.get("invitation"):
        return PASS_STANDING
    return None


def standing_players(game: Game, rule: str) -> list[str]:
    """Players who gave a standing pass in windows of ``rule`` (they are not asked there again this game)."""
    standing = game.stash.get(_STASH, {}).get("standing", {})
    return sorted(p for p, rules in standing.items() if rule in rules)


def quiet_players(game: Game) -> list[str]:
    """Players who said "pass until the end of this phase" in the current phase."""
    now = [game.round, game.phase]
    quiet = game.stash.get(_STASH, {}).get("quiet", {})
    return sorted(p for p, when in quiet.items() if when == now)


@attrs.define(slots=True)
class Window(Step):
    """The step behind :func:`open_window` (plain data plus the two rule functions)."""

    name: str
    players: tuple[str, ...]
    offer: Offer
    resolve: Resolve
    rule: str = ""
    mode: str = "cycle"
    context: dict[str, Any] = attrs.field(factory=dict)
    prompt: str = ""
    turn: int = 0
    passes: int = 0
    asking: str = ""
    invitation: bool = False

    def run(self, game: Game) -> Decision | None:
        count = len(self.players)
        left_out: frozenset[str] | set[str] = frozenset()
        kept = game.stash.get(_STASH)
        if kept and not self.invitation:  # who passed until the end of this phase, or standing in this rule's windows
            now = [game.round, game.phase]
            rule = self.rule or self.name
            left_out = {p for p, when in kept.get("quiet", {}).items() if when == now}
            left_out.update(p for p, rules in kept.get("standing", {}).items() if rule in rules)
        while count:
            if self.mode == "once" and self.turn >= count:
                return None
            if self.mode == "cycle" and self.passes >= count:
                return None
            player = self.players[self.turn % count]
            self.turn += 1
            options = [] if player in left_out else list(self.offer(game, player))
            if not options:
                self.passes += 1
                continue
            self.asking = player
            taken = {o.value for o in options}
            extra = [Option(PASS, "pass", "play nothing now; you are asked again at the next chance",
                            data={"action": "pass"})]
            if PASS_PHASE not in taken and game.phase and not self.invitation:
                extra.append(Option(PASS_PHASE, "pass until the end of this phase",
                                    "play nothing and are not asked again until the next phase",
                                    data={"action": "pass-phase"}))
            if PASS in taken:
                raise ValueError(f"window {self.name!r}: a response may not use the value {PASS!r}")
            context = {"window": self.name, "mode": self.mode, **self.context}
            if self.invitation:
                context["invitation"] = True
            return WindowDecision(player, "respond", self.prompt or f"{self.name}: respond?", options + extra,
                                  (), None, (), self.rule or self.name, context)
        return None

    def resume(self, game: Game, answer: Answer) -> None:
        player = self.asking
        game.schedule(self)  # the window goes on after whatever the response schedules
        if answer in (PASS, PASS_PHASE, PASS_STANDING):
            self.passes += 1
            if answer == PASS_STANDING:
                rule = self.rule or self.name
                standing = game.stash.setdefault(_STASH, {}).setdefault("standing", {}).setdefault(player, [])
                if rule not in standing:
                    standing.append(rule)
                game.emit("pass", f"{player} passes in every {rule} window for the rest of the game", rule=self.rule,
                          player=player, window=self.name, standing=True)
            elif answer == PASS_PHASE:
                quiet = game.stash.setdefault(_STASH, {}).setdefault("quiet", {})
                quiet[player] = [game.round, game.phase]
                game.emit("pass", f"{player} passes until the end of the {game.phase} phase", rule=self.rule,
                          player=player, window=self.name)
            return
        if self.mode == "cycle":
            self.passes = 0  # a response re-opens the round: everyone (the responder too) may answer it
        self.resolve(game, player, answer)
