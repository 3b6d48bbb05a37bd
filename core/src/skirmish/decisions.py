"""Decisions: what the engine asks, who must answer, and which answers are legal.

A decision offers either a finite list of :class:`Option` s, or a parametric form
of :class:`Param` s (e.g. "advance N inches") checked by a validator that explains
a refusal. Answers are plain data (str, int, float, bool, lists and string-keyed
tables of those) so they can be written to a save file.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from skirmish.errors import IllegalAnswer

if TYPE_CHECKING:
    from skirmish.engine import Game

Answer = Any  # str | int | float | bool | list[Answer] | dict[str, Answer]
Validator = Callable[["Game", dict[str, Any]], "str | None"]


def normalize(value: Any) -> Any:
    """Canonical plain-data form of an answer (tuples become lists, as after TOML)."""
    if isinstance(value, tuple | list):
        return [normalize(v) for v in value]
    if isinstance(value, dict):
        return {str(k): normalize(v) for k, v in value.items()}
    if value is None:
        raise IllegalAnswer("an answer cannot be empty (None)")
    return value


@attrs.frozen(slots=True)
class Option:
    """One legal answer: its value (what is saved) and a label for people."""

    value: Answer = attrs.field(converter=normalize)
    label: str = ""
    help: str = ""

    def __str__(self) -> str:
        return self.label or str(self.value)


@attrs.frozen(slots=True)
class Param:
    """One field of a parametric form.

    ``kind`` is ``"int"``, ``"float"``, ``"bool"``, or ``"choice"`` (one of ``choices``).
    Numbers must lie within ``[low, high]``; floats are rounded to ``step``.
    """

    name: str
    kind: str = "int"
    low: float = 0
    high: float = 0
    choices: tuple[Any, ...] = ()
    step: float = attrs.field(default=0.01, validator=attrs.validators.gt(0))
    help: str = ""

    def check(self, value: Any) -> tuple[Any, str | None]:
        """Coerce ``value``; return ``(value, None)`` or ``(value, refusal message)``."""
        if self.kind == "choice":
            for c in self.choices:
                if str(c) == str(value):
                    return c, None
            return value, f"{self.name} must be one of {', '.join(map(str, self.choices))}"
        if self.kind == "bool":
            if isinstance(value, bool):
                return value, None
            text = str(value).lower()
            if text in ("yes", "y", "true", "1"):
                return True, None
            if text in ("no", "n", "false", "0"):
                return False, None
            return value, f"{self.name} must be yes or no"
        try:
            number = float(value)
        except (TypeError, ValueError):
            return value, f"{self.name} must be a number"
        if not math.isfinite(number):
            return value, f"{self.name} must be a finite number"
        if self.kind == "int":
            if number != int(number):
                return value, f"{self.name} must be a whole number"
            number = int(number)
        else:
            number = round(round(number / self.step) * self.step, 6)
        if not self.low <= number <= self.high:
            return value, f"{self.name} must be between {_fmt(self.low)} and {_fmt(self.high)}"
        return number, None


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


@attrs.frozen(slots=True)
class Decision:
    """A pending question for one player.

    ``kind`` names the decision for agents and scripts ("target", "move"...),
    ``rule`` the rule that asks it. For a form, ``examples`` are known-legal
    answers (random agents fall back on them, the conformance suite checks them).
    """

    player: str
    kind: str
    prompt: str
    options: tuple[Option, ...] = attrs.field(default=(), converter=tuple)
    params: tuple[Param, ...] = attrs.field(default=(), converter=tuple)
    validator: Validator | None = attrs.field(default=None, eq=False)
    examples: tuple[Answer, ...] = attrs.field(default=(), converter=lambda xs: tuple(normalize(x) for x in xs))
    rule: str = ""

    def __attrs_post_init__(self) -> None:
        if bool(self.options) == bool(self.params):
            raise ValueError(f"decision {self.kind!r} needs options or params (exactly one of them)")

    @property
    def is_form(self) -> bool:
        return bool(self.params)

    def check(self, game: Game | None, value: Answer) -> tuple[Answer, str | None]:
        """Normalise ``value`` and say why it is refused (``None`` when legal)."""
        try:
            value = normalize(value)
        except IllegalAnswer as exc:
            return value, str(exc)
        if self.options:
            for opt in self.options:
                if opt.value == value:
                    return opt.value, None
            return value, f"{value!r} is not one of the answers to '{self.prompt}'"
        if not isinstance(value, dict):
            return value, f"'{self.prompt}' wants {', '.join(p.name for p in self.params)}"
        extra = set(value) - {p.name for p in self.params}
        if extra:
            return value, f"unknown field {sorted(extra)[0]!r} (expected {', '.join(p.name for p in self.params)})"
        out: dict[str, Any] = {}
        for p in self.params:
            if p.name not in value:
                return value, f"missing {p.name}"
            out[p.name], err = p.check(value[p.name])
            if err:
                return value, err
        if self.validator is not None and game is not None:
            err = self.validator(game, out)
            if err:
                return out, err
        return out, None

    def option_for(self, value: Answer) -> Option | None:
        value = normalize(value)
        return next((o for o in self.options if o.value == value), None)

    def describe(self) -> str:
        """A short text of what is asked and how to answer."""
        if self.options:
            lines = [self.prompt] + [f"  {i}. {o}" for i, o in enumerate(self.options, 1)]
        else:
            fields = []
            for p in self.params:
                if p.kind == "choice":
                    fields.append(f"{p.name} in {{{', '.join(map(str, p.choices))}}}")
                elif p.kind == "bool":
                    fields.append(f"{p.name}=yes|no")
                else:
                    fields.append(f"{p.name}={_fmt(p.low)}..{_fmt(p.high)}")
            lines = [self.prompt, "  answer with " + " ".join(fields)]
        return "\n".join(lines)


def choose(player: str, kind: str, prompt: str, options: Sequence[Option | tuple[Any, str] | Any], *,
           rule: str = "") -> Decision:
    """Shorthand for a finite decision; options may be Options, (value, label) pairs or bare values."""
    opts = []
    for o in options:
        if isinstance(o, Option):
            opts.append(o)
        elif isinstance(o, tuple) and len(o) == 2 and isinstance(o[1], str):
            opts.append(Option(o[0], o[1]))
        else:
            opts.append(Option(o, str(o)))
    return Decision(player, kind, prompt, options=tuple(opts), rule=rule)
