"""The ``human`` agent: a person answering at the keyboard.

:mod:`skirmish_cli.human_plugin` registers it (entry point ``skirmish_cli.human``) the
same way any third-party agent is. ``skirmish play`` runs its own prompt for human seats
(with undo, save, log...); :class:`HumanAgent` is the plain version for anything
else that drives a game with agents. Both take type-ahead: ``advance 3.5`` answers the option
``advance`` and keeps ``3.5`` for the next question if it is this player's, asked right away.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from skirmish.agents import AgentContext
from skirmish.answer_text import matching_options, read_answer, why_not_offered
from skirmish.errors import IllegalAnswer, SkirmishError

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
        #: words typed after an option, kept for this player's next question
        self.ahead = ""

    def decide(self, view: View, decision: Decision) -> Answer:
        from skirmish_cli import render

        self.write(view.describe())
        self.write(render.decision_text(decision))
        ahead, self.ahead = self.ahead, ""
        if ahead and _answered_last(view, self.player):  # nobody answered since the words were typed
            self.write(f"{self.player}> {ahead}  (typed ahead)")
            answer = self._read(view, decision, ahead)
            if answer is not None:
                return answer[0]
        while True:
            line = self.read(f"{self.player}> ")
            if line is None:
                raise SkirmishError(f"input ended while {self.player} must answer")
            answer = self._read(view, decision, line)
            if answer is not None:
                self.ahead = answer[1]
                return answer[0]

    def _read(self, view: View, decision: Decision, line: str) -> tuple[Answer, str] | None:
        """The answer ``line`` gives and the words it leaves for the next question, or ``None`` (said why)."""
        from skirmish_cli import render

        try:
            answer, rest = read_answer(decision, line)
        except IllegalAnswer as exc:
            found = matching_options(decision, line) if decision.options else []
            if len(found) > 1 and not why_not_offered(decision, line):  # part of a name: show what it matches
                self.write("\n".join(render.decision_text(decision, only=found).splitlines()[1:]))
            else:
                self.write(f"refused: {exc}")
            return None
        why = view.check(answer)
        if why is None:
            return answer, rest
        self.write(f"refused: {why}")
        return None


def _answered_last(view: View, player: str) -> bool:
    """Whether the latest answer in the game was ``player``'s (so this question follows it right away)."""
    for ev in reversed(view.log()):
        if ev.kind == "answer":
            return ev.data.get("player") == player
    return False


def _read_line(prompt: str) -> str | None:
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    return None if line == "" else line.rstrip("\n")


def _write_line(text: str) -> None:
    print(text)
