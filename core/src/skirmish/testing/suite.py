"""``conformance_suite(...)``: a pytest test class running every check on one ruleset."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from skirmish.ruleset import Ruleset
from skirmish.testing import checks
from skirmish.testing.agents import AgentFactory, check_agents_play
from skirmish.testing.content import check_content_extended
from skirmish.testing.windows import check_response_windows


def installed_registry() -> Any:
    """The registry of installed plugins, built once per test session (the process's, as a worker's)."""
    from skirmish.plugins import worker_registry

    return worker_registry()


def conformance_suite(ruleset: str | type[Ruleset] | Callable[[], Ruleset], *, seeds: int = 200,
                      deep_seeds: int = 5, cross_process: bool = True,
                      agents: Mapping[str, AgentFactory] | None = None, agent_seeds: int = 2,
                      content: bool = True) -> type:
    """A pytest class (assign it to a ``Test...`` name) checking ``ruleset``.

    ``ruleset`` is an installed ruleset's name or a Ruleset class/factory (importable
    at module level, for the cross-process check). ``seeds`` games must end; the
    deeper checks (determinism, save/resume, clone, answers, hidden information,
    response windows) run on ``deep_seeds`` seeds each.

    The ruleset's own agents (every non-interactive agent registered for an installed
    ruleset by name, e.g. its ``ai``, plus ``agents``: name -> factory) each play
    ``agent_seeds`` games against random players and one against themselves; any
    illegal answer fails.
    ``content=False`` skips the check that content goes through ``extend_content``
    (for a ruleset with no content at all).
    """
    if isinstance(ruleset, str):
        target = ruleset
        name = ruleset

        def build() -> Ruleset:
            return installed_registry().ruleset(ruleset)

        def own_agents() -> dict[str, AgentFactory]:
            registry = installed_registry()
            specs = [registry.agent_spec(n, name) for n in registry.agents_for(name)]
            found = {spec.name: spec.factory for spec in specs if not spec.interactive}  # (people play those)
            return {**found, **(agents or {})}
    else:
        target = f"{ruleset.__module__}:{ruleset.__qualname__}"
        factory = ruleset

        def build() -> Ruleset:
            return factory()

        def own_agents() -> dict[str, AgentFactory]:
            return dict(agents or {})

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

        def test_lazy_decisions_accept_what_the_whole_list_holds(self) -> None:
            for s in deep:
                checks.check_lazy_decisions(self._r(), s)

        def test_hidden_information_stays_hidden(self) -> None:
            for s in deep:
                checks.check_hidden_information(self._r(), s)

        def test_presentation_holds_to_its_contract(self) -> None:
            for s in deep[:2]:
                checks.check_presentation(self._r(), s)

        def test_clone_continues_like_original(self) -> None:
            for s in deep:
                checks.check_clone(self._r(), s)

        def test_own_agents_play_only_legal_answers(self) -> None:
            found = own_agents()
            if not found:
                import pytest

                pytest.skip(f"{target}: no agents registered for this ruleset")
            check_agents_play(self._r(), found, range(agent_seeds))

        def test_response_windows_ask_only_who_can_respond(self) -> None:
            for s in deep:
                check_response_windows(self._r(), s)

        if content:

            def test_content_goes_through_extend_content(self) -> None:
                check_content_extended(ruleset if not isinstance(ruleset, str) else target)

        if cross_process:

            def test_same_game_in_another_process(self) -> None:
                checks.check_cross_process(target, 0)

    Conformance.__name__ = Conformance.__qualname__ = f"Conformance[{target}]"
    return Conformance
