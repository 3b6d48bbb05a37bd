"""Thin adapters over core names that are landing now (issue 6): decision context, option data, windows.

Each falls back to what core already has, so the ruleset runs with the core of either side of the change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from skirmish import Decision, Option

if TYPE_CHECKING:
    from skirmish import Game

_OPTION_DATA = "data" in attrs.fields_dict(Option)
_DECISION_CONTEXT = "context" in attrs.fields_dict(Decision)


_OPTIONS: dict[tuple[Any, ...], Option] = {}  # options are frozen: the same one is handed out again
_MAX_OPTIONS = 20_000


def opt(value: str, label: str, help: str = "", **data: Any) -> Option:
    """An option carrying structured ``data`` (when core supports it); equal options are built once and shared.

    Nobody may change an option's ``data`` (agents copy it), so sharing is safe.
    """
    try:
        key = (value, label, help, *data.items())
        found = _OPTIONS.get(key)
    except TypeError:  # unhashable data: build it every time
        key, found = (), None
    if found is not None:
        return found
    made = Option(value, label, help, data=data) if _OPTION_DATA else Option(value, label, help)  # type: ignore[call-arg]
    if key:
        if len(_OPTIONS) >= _MAX_OPTIONS:
            _OPTIONS.clear()
        _OPTIONS[key] = made
    return made


def decision(player: str, kind: str, prompt: str, options: Sequence[Option], *, rule: str = "",
             context: dict[str, Any] | None = None) -> Decision:
    """A finite decision with structured ``context`` (when core supports it)."""
    if _DECISION_CONTEXT:  # (positional: a third quicker than keywords, and one is made per decision)
        return Decision(player, kind, prompt, tuple(options), (), None, (), rule,  # type: ignore[call-arg]
                        context if context is not None else {})
    return Decision(player, kind, prompt, options=tuple(options), rule=rule)


def ask_or_only(game: Game, d: Decision, then: Callable[..., Any], *args: Any) -> None:
    """Ask ``d``, unless it offers a single option: then the rules leave no choice and it is resolved at once,
    ``then`` getting that option's value as an answer would (RULINGS GU-S1; the log says so when kept)."""
    if len(d.options) == 1:
        resolve_only(game, d.player, d.kind, d.options[0], d.rule)
        then(game, d.options[0].value, *args)
        return
    game.ask(d, then, *args)


def resolve_only(game: Game, player: str, kind: str, option: Option, rule: str) -> None:
    """Log a choice the rules made for ``player`` because only ``option`` was possible (GU-S1)."""
    log = game.log
    if log.keep or log.listeners:
        game.emit("rule", f"{player}: {kind} -> {option.label or option.value} (the only choice: not asked)",
                  rule=rule, hero=player, decision=kind, value=option.value)


def open_once_window(game: Game, name: str, players: Sequence[str], offer: Callable[..., list[Option]],
                     resolve: Callable[..., None], *, rule: str = "", context: dict[str, Any] | None = None,
                     prompt: str = "") -> None:
    """Ask each player who can respond once, in order (core ``open_window(mode="once")`` when present); ``prompt``
    is the question each is asked (default: the window's name)."""
    import skirmish

    open_window = getattr(skirmish, "open_window", None)  # core's window, once the public API exports it
    if open_window is not None:
        open_window(game, name, list(players), offer, resolve, rule=rule, mode="once", context=context, prompt=prompt)
        return
    for player in reversed(list(players)):
        game.call(_ask_once, name, player, offer, resolve, rule, dict(context or {}), prompt)


def _ask_once(game: Game, name: str, player: str, offer: Callable[..., list[Option]],
              resolve: Callable[..., None], rule: str, context: dict[str, Any], prompt: str = "") -> None:
    options = offer(game, player)
    if not options:
        return
    options = [*options, opt("pass", "pass", "do not respond")]
    game.ask(decision(player, "respond", f"{player}: {prompt or name + '?'}", options, rule=rule,
                      context={**context, "window": name}), _answered, player, resolve)


def _answered(game: Game, answer: str, player: str, resolve: Callable[..., None]) -> None:
    if answer != "pass":
        resolve(game, player, answer)


def end_scope(game: Game, scope: str) -> None:
    """Expire keywords of ``scope`` (core ``end_scope`` once the public API exports it)."""
    import skirmish

    fn = getattr(skirmish, "end_scope", None)
    if fn is not None:
        fn(game, scope)


def finish(game: Game, side: str, reason: str, *, rule: str = "") -> None:
    """End the game with ``side`` ("heroes" or "Tyrant") winning."""
    game.finish([side], reason, rule=rule)
