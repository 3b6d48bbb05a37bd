"""An opponent agent's own set-up settings (``AgentSpec.setup``) apply when it holds every seat after the first."""

from __future__ import annotations

from typing import Any

from skirmish import AgentSpec, SetupOption, SkirmishError
from skirmish_cli.common import opponent_setup


class _Registry:
    def __init__(self) -> None:
        self.specs = {"solo": AgentSpec("solo", lambda ctx: None, setup={"level": "normal"}),
                      "ai": AgentSpec("ai", lambda ctx: None)}

    def agent_spec(self, name: str, ruleset: str) -> AgentSpec:
        if name not in self.specs:  # as the real registry says it
            raise SkirmishError(f"no agent '{name}' for {ruleset}")
        return self.specs[name]


class _Ruleset:
    name = "toy"

    def setup_options(self) -> list[Any]:
        return [SetupOption("level", "a level", "choice", choices=("easy", "normal"))]


def test_the_opponent_brings_its_settings() -> None:
    assert opponent_setup(_Registry(), _Ruleset(), ["human", "solo"], {}) == {"level": "normal"}
    assert opponent_setup(_Registry(), _Ruleset(), ["human", "solo", "solo"], {}) == {"level": "normal"}


def test_a_setting_given_wins() -> None:
    assert opponent_setup(_Registry(), _Ruleset(), ["human", "solo"], {"level": "easy"}) == {"level": "easy"}


def test_no_settings_unless_that_one_agent_holds_every_other_seat() -> None:
    for names in (["solo", "human"], ["human", "solo", "ai"], ["solo", "solo"], ["human"], [], ["human", "ai"],
                  ["human", "nobody"]):
        assert opponent_setup(_Registry(), _Ruleset(), names, {}) == {}, names
