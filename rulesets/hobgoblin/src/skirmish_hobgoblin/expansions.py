"""How the base rules reach the expansions: Hobgoblin's own hooks (:mod:`.hookspecs`), never an import.

A game built by the registry calls its ruleset's hook relay (every installed plugin that serves Hobgoblin).
A ruleset built directly (``Hobgoblin()``, as tests and benchmarks do) has no relay: it calls the built-in
plugins (:data:`skirmish_hobgoblin.hookspecs.BUILTIN`) through a plugin manager of its own, so both play the same.
"""

from __future__ import annotations

import importlib
import operator
from typing import Any

import pluggy

#: the ruleset attribute that keeps the built-in plugins' relay of a ruleset built without the registry
_OWN = "_hobgoblin_builtin_hooks"
#: the built-in plugins' relay for an AI view made without a game (code only, no game's data)
_DEFAULT: list[Any] = []


def relay(ruleset: Any) -> Any:
    """The hook relay Hobgoblin's hooks are called through for ``ruleset``."""
    hooks = ruleset.hooks
    if hooks is not None:
        return hooks
    own = getattr(ruleset, _OWN, None)
    if own is None:
        own = _builtin_relay()
        setattr(ruleset, _OWN, own)
    return own


def _builtin_relay() -> Any:
    from skirmish_hobgoblin import hookspecs

    pm = pluggy.PluginManager("skirmish")
    pm.add_hookspecs(hookspecs)
    for name, module in sorted(hookspecs.BUILTIN):  # the registry's order: entry points sorted by name
        pm.register(importlib.import_module(module), name=name)
    return pm.hook


def call(game: Any, name: str, **kwargs: Any) -> Any:
    """Call hook ``name`` with ``game`` and ``kwargs``: the answers that are not None (a ``firstresult`` hook:
    the first one, or None).

    Plain implementations (no wrappers, no keyword defaults) are called here as pluggy calls them (last registered
    first, each with its own arguments, stopping at the first answer of a ``firstresult`` hook): a game makes about
    1,300 of these calls, and pluggy's own path costs about three times as much."""
    hooks = game.hooks
    caller = getattr(relay(game.ruleset) if hooks is None else hooks, name)
    impls = caller.get_hookimpls()
    plans = _plans(game.ruleset)
    plan = plans.get(name)
    if plan is None or plan[0] is not caller or len(plan[1]) != len(impls) or \
            not all(map(operator.is_, plan[1], impls)):
        plan = plans[name] = _plan(caller, impls)
    steps = plan[2]
    if steps is None:
        return caller(game=game, **kwargs)
    kwargs["game"] = game
    try:
        calls = [(function, [kwargs[a] for a in names]) for function, names in steps]
    except KeyError:
        return caller(**kwargs)  # (pluggy's own error for a missing argument)
    if plan[3]:  # firstresult
        for function, args in calls:
            answer = function(*args)
            if answer is not None:
                return answer
        return None
    out = []
    for function, args in calls:
        answer = function(*args)
        if answer is not None:
            out.append(answer)
    return out


def _plans(ruleset: Any) -> dict[str, Any]:
    """:func:`call`'s plans by hook name, kept on the ruleset (code only: the relay's callers and implementations,
    never a game's data): (the caller, its implementations then, the plain calls in pluggy's order or None, whether
    it is a ``firstresult`` hook)."""
    plans = getattr(ruleset, "_hobgoblin_plans", None)
    if plans is None:
        plans = ruleset._hobgoblin_plans = {}
    return plans  # type: ignore[no-any-return]


def _plan(caller: Any, impls: list[Any]) -> tuple[Any, list[Any], list[tuple[Any, tuple[str, ...]]] | None, bool]:
    """How :func:`call` calls ``caller``'s implementations: None (through pluggy) for wrappers, keyword arguments,
    spec defaults or a historic hook."""
    spec = getattr(caller, "spec", None)
    plain = spec is not None and not spec.kwargdefaults and not caller.is_historic() and all(
        not (i.hookwrapper or getattr(i, "wrapper", False) or i.kwargnames) for i in impls)
    steps = [(i.function, tuple(i.argnames)) for i in reversed(impls)] if plain else None
    return caller, impls, steps, bool(spec.opts.get("firstresult")) if spec is not None else False


first = call  # for ``firstresult`` hooks: reads as what it returns


def solo(game: Any, player: str) -> Any:
    """The rules that play ``player``'s side (the solo opponent: ``hobgoblin_solo``), or None."""
    return call(game, "hobgoblin_solo", player=player)


def ask(of: Any, name: str, **kwargs: Any) -> Any:
    """Call a hook that takes no game (content, set-up checks) for the ruleset ``of``."""
    return getattr(relay(of), name)(**kwargs)


def builtin(name: str, **kwargs: Any) -> Any:
    """Call a hook of the built-in plugins alone (content built without a ruleset, an AI view without a game)."""
    if not _DEFAULT:
        _DEFAULT.append(_builtin_relay())
    return getattr(_DEFAULT[0], name)(**kwargs)


def view_hook(view: Any, name: str, *, keep: Any = None, **kwargs: Any) -> Any:
    """Call an AI hook (``hobgoblin_ai_*``) with ``view``, through its ruleset's relay (the built-in plugins for a
    view made without a game, as the AI's own tests do). With ``keep`` (a key the answer depends on alone, e.g. the
    scenario), the answer is asked once per key and ruleset: the AI asks for its goals a thousand times a game."""
    ruleset = getattr(view, "ruleset", None)
    if keep is not None:
        kept = _kept(ruleset)
        key = (name, keep)
        if key not in kept:
            kept[key] = view_hook(view, name, **kwargs)
        return kept[key]
    if ruleset is None:
        return builtin(name, view=view, **kwargs)
    return getattr(relay(ruleset), name)(view=view, **kwargs)


def _kept(ruleset: Any) -> dict[Any, Any]:
    """The AI hooks' answers kept on ``ruleset`` (code chosen by key, never a game's data; a view without a ruleset
    keeps nothing)."""
    if ruleset is None:
        return {}
    kept = getattr(ruleset, "_hobgoblin_kept", None)
    if kept is None:
        kept = ruleset._hobgoblin_kept = {}
    return kept
