"""The ``human`` agent: a person answering at the keyboard.

This module is a plugin (entry point ``skirmish_cli.human``), registered the same
way any third-party agent is. ``skirmish play`` runs its own prompt for human seats
(with undo, save, log...); :class:`HumanAgent` is the plain version for anything
else that drives a game with agents.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from skirmish.agents import AgentContext, AgentSpec
from skirmish.answer_text import matching_options, parse_answer
from skirmish.errors import IllegalAnswer, SkirmishError
from skirmish.markers import hookimpl

if TYPE_CHECKING:
    from skirmish.agents import View
    from skirmish.decisions import Answer, Decision


class HumanAgent:
    """Shows the state and the decision, then reads answers from standard input until one is legal."""

    def __init__(self, ctx: AgentContext, *, read: Callable[[str], str | None] | None = None,
                 write: Callable[[str], None] | None = None) -> None:
        self.player = ctx.player
        self.read = read or _read_line
        self.write = write or _write_line

    def decide(self, view: View, decision: Decision) -> Answer:
        from skirmish_cli import render

        self.write(view.describe())
        self.write(render.decision_text(decision))
        while True:
            line = self.read(f"{self.player}> ")
            if line is None:
                raise SkirmishError(f"input ended while {self.player} must answer")
            try:
                answer = parse_answer(decision, line)
            except IllegalAnswer as exc:
                found = matching_options(decision, line) if decision.options else []
                if len(found) == 1:
                    answer = decision.options[found[0]].value
                elif found:  # part of a name: show the choices it matches
                    self.write("\n".join(render.decision_text(decision, only=found).splitlines()[1:]))
                    continue
                else:
                    self.write(f"refused: {exc}")
                    continue
            why = view.check(answer)
            if why is None:
                return answer
            self.write(f"refused: {why}")


def _read_line(prompt: str) -> str | None:
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    return None if line == "" else line.rstrip("\n")


def _write_line(text: str) -> None:
    print(text)


@hookimpl
def skirmish_register_agents() -> list[AgentSpec]:
    return [AgentSpec("human", HumanAgent, "you, at the keyboard (the CLI asks you)", interactive=True)]
