"""``conformance_suite(...)``: a pytest test class running every check on one ruleset."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from skirmish.ruleset import Ruleset
from skirmish.testing import checks

_REGISTRY: Any = None


def installed_registry() -> Any:
    """The registry of installed plugins, built once per test session."""
    global _REGISTRY
    if _REGISTRY is None:
        from skirmish.plugins import Registry

        _REGISTRY = Registry()
    return _REGISTRY


def conformance_suite(ruleset: str | type[Ruleset] | Callable[[], Ruleset], *, seeds: int = 200,
                      deep_seeds: int = 5, cross_process: bool = True) -> type:
    """A pytest class (assign it to a ``Test...`` name) checking ``ruleset``.

    ``ruleset`` is an installed ruleset's name or a Ruleset class/factory (importable
    at module level, for the cross-process check). ``seeds`` games must end; the
    deeper checks (determinism, save/resume, clone, answers, hidden information)
    run on ``deep_seeds`` seeds each.
    """
    if isinstance(ruleset, str):
        target = ruleset

        def build() -> Ruleset:
            return installed_registry().ruleset(ruleset)
    else:
        target = f"{ruleset.__module__}:{ruleset.__qualname__}"
        factory = ruleset

        def build() -> Ruleset:
            return factory()

    deep = list(range(deep_seeds))

    class Conformance:
        """Conformance of one ruleset to the skirmish engine contract."""

        ruleset_target = target

        def _r(self) -> Ruleset:
            return build()

        def test_plays_to_end_with_random_agents(self) -> None:
            checks.check_plays_to_end(self._r(), range(seeds))

        def test_same_seed_same_game(self) -> None:
            for s in deep:
                checks.check_deterministic(self._r(), s)

        def test_save_load_continue(self) -> None:
            for s in deep:
                checks.check_save_resume(self._r(), s)

        def test_every_offered_answer_is_accepted(self) -> None:
            for s in deep:
                checks.check_offered_answers(self._r(), s)

        def test_illegal_answer_refused_and_changes_nothing(self) -> None:
            for s in deep:
                checks.check_illegal_refused(self._r(), s)

        def test_hidden_information_stays_hidden(self) -> None:
            for s in deep:
                checks.check_hidden_information(self._r(), s)

        def test_clone_continues_like_original(self) -> None:
            for s in deep:
                checks.check_clone(self._r(), s)

        if cross_process:

            def test_same_game_in_another_process(self) -> None:
                checks.check_cross_process(target, 0)

    Conformance.__name__ = Conformance.__qualname__ = f"Conformance[{target}]"
    return Conformance
