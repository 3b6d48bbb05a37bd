"""Lazy references, so that registering a plugin imports nothing heavy.

A plugin module is imported whenever skirmish lists what is installed (``skirmish
rulesets``, ``--help``). It should only declare what it offers; the rules, content
and AI load when a game of that ruleset starts. ``Lazy("package.module:name")`` is a
callable stand-in for ``name`` in that module: calling it imports the module then and
calls the real thing, so it fits wherever a factory is expected
(:class:`~skirmish.RulesetSpec`, :class:`~skirmish.AgentSpec`, :class:`~skirmish.CommandSpec`)::

    RulesetSpec("my-game", "My Game", "0.1.0", Lazy("my_game.rules:MyGame"))
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from skirmish.errors import PluginError


class Lazy:
    """A callable reference to ``"module:attribute"`` (dotted attributes allowed), imported on first use."""

    __slots__ = ("target", "_value")

    def __init__(self, target: str) -> None:
        module, sep, attr = target.partition(":")
        if not sep or not module or not attr:
            raise ValueError(f"a lazy reference is 'module:attribute', not {target!r}")
        self.target = target
        self._value: Any = None

    def resolve(self) -> Any:
        """The object referred to (imported once)."""
        if self._value is None:
            module, _, attr = self.target.partition(":")
            try:
                value: Any = import_module(module)
                for part in attr.split("."):
                    value = getattr(value, part)
            except (ImportError, AttributeError) as exc:
                raise PluginError(f"cannot load {self.target} ({type(exc).__name__}: {exc})") from None
            self._value = value
        return self._value

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.resolve()(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Lazy({self.target!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Lazy) and other.target == self.target

    def __hash__(self) -> int:
        return hash(self.target)

    def __getstate__(self) -> str:
        return self.target

    def __setstate__(self, state: str) -> None:
        self.target = state
        self._value = None


def resolve(value: Any) -> Any:
    """``value`` itself, or what it refers to when it is a :class:`Lazy`."""
    return value.resolve() if isinstance(value, Lazy) else value


def lazy_exports(module: str, names: tuple[str, ...] | list[str], namespace: dict[str, Any]) -> Any:
    """A module ``__getattr__`` that loads ``names`` from ``module`` on first use and keeps them in ``namespace``.

    For a package module that a plugin imports (so it must stay light) but that offers heavier names::

        __getattr__ = lazy_exports("my_game.catalogue", ("tables", "Entry"), globals())
    """
    wanted = frozenset(names)

    def __getattr__(name: str) -> Any:
        if name not in wanted:
            raise AttributeError(f"module {namespace.get('__name__')!r} has no attribute {name!r}")
        value = getattr(import_module(module), name)
        namespace[name] = value
        return value

    return __getattr__
