"""The ``human`` agent: a person answering at the keyboard, and the one way typed lines become answers.

:mod:`skirmish_cli.human_plugin` registers it (entry point ``skirmish_cli.human``) the
same way any third-party agent is. :meth:`HumanAgent.take` is the one path from a typed line
to an answer (names and their starts, a unique match, several matches listed, refusals that say
why, a confirmation, words typed ahead): ``skirmish play`` (:class:`skirmish_cli.session.Session`)
puts every human seat's lines through it and adds its screen and prompt commands (undo, save,
odds...) around it; :meth:`HumanAgent.decide` is the plain prompt for anything else that drives
a game with agents. Both take type-ahead: ``advance 3.5`` answers the option ``advance`` and keeps
``3.5`` for the next question if it is this player's, asked right away.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from skirmish.answer_text import matching_options, read_answer, why_not_offered
from skirmish.errors import IllegalAnswer, SkirmishError
from skirmish_cli import render

if TYPE_CHECKING:
    from skirmish.agents import View
    from skirmish.decisions import Answer, Decision
    from skirmish.specs import AgentContext


class HumanAgent:
    """Shows the state and the decision, then reads answers from standard input until one is legal.

    ``hint(typed)`` adds words to a refusal (the session's "did you mean 'show'?"); ``confirm(question)``
    asks a yes/no question before a choice that gives something up (``None``: never asked, as with piped input).
    """

    def __init__(self, ctx: AgentContext, *, read: Callable[[str], str | None] | None = None,
                 write: Callable[[str], None] | None = None, hint: Callable[[Any], str] | None = None,
                 confirm: Callable[[str], str | None] | None = None) -> None:
        self.player = ctx.player
        self.read = read or _read_line
        self.write = write or _write_line
        self.hint = hint
        self.confirm = confirm
        #: words typed after an option, kept for this player's next question
        self.ahead = ""

    def decide(self, view: View, decision: Decision) -> Answer:
        self.write(view.describe())
        self.write(render.decision_text(decision, labels=render.shown_labels(view)))
        ahead, self.ahead = self.ahead, ""
        if ahead and _answered_last(view, self.player):  # nobody answered since the words were typed
            self.write(f"{self.player}> {ahead}  (typed ahead)")
            answer = self.take(view, decision, ahead)
            if answer is not None:
                return answer[0]
        while True:
            line = self.read(f"{self.player}> ")
            if line is None:
                raise SkirmishError(f"input ended while {self.player} must answer")
            answer = self.take(view, decision, line)
            if answer is not None:
                self.ahead = answer[1]
                return answer[0]

    def take(self, view: View, decision: Decision, text: Any, *, shown: Any = None, scripted: bool = False,
             preview: Callable[[Answer, str], str] | None = None) -> tuple[Answer, str] | None:
        """The answer typed ``text`` gives and the words it leaves for the next question, or ``None`` when it
        gives none (refused with the reason, several choices listed, or not confirmed).

        A line that is not text (a TOML save's answer) is the answer itself. ``scripted`` lines (from a script
        file) are neither narrowed nor confirmed, and their refusal raises :class:`IllegalAnswer`. ``preview(answer,
        rest)`` says why the words left over would be refused by the next question (``""``: they would not), so
        a line is taken whole or not at all. ``shown`` is the line as typed, for the refusal's hint.
        """
        shown = text if shown is None else shown
        rest = ""
        try:
            value, rest = read_answer(decision, text) if isinstance(text, str) else (text, "")
        except IllegalAnswer as exc:
            if not isinstance(text, str) or scripted or not decision.options or why_not_offered(decision, text):
                return self._refuse(str(exc), shown, decision, scripted)
            found = matching_options(decision, text)
            if not found:
                return self._refuse(str(exc), shown, decision, scripted)
            if len(found) > 1:  # part of a name: show what it matches and ask again
                self.write(f"{len(found)} choices match '{text}':")
                listed = render.decision_text(decision, only=found, labels=render.shown_labels(view))
                self.write("\n".join(listed.splitlines()[1:]))
                return None
            value = decision.options[found[0]].value
        if not scripted and not self.confirmed(decision, value):
            return None
        if rest and preview is not None:
            refusal = preview(value, rest)
            if refusal:  # all or nothing: the first answer is not given either
                self.write(render.wrap(f"refused: {text}: {refusal}"))
                return None
        why = view.check(value)
        if why is not None:
            return self._refuse(why, shown, decision, scripted)
        return value, rest

    def refused(self, why: str, shown: Any, decision: Decision) -> None:
        """Say why the answer typed as ``shown`` is refused, with a hint when one helps."""
        hint = self.hint(shown) if self.hint is not None else ""
        if not hint and decision.params and decision.examples:
            hint = f" (an answer looks like: {render.answer_text(decision.examples[0])})"
        self.write(render.wrap(f"refused: {why}{hint}"))

    def _refuse(self, why: str, shown: Any, decision: Decision, scripted: bool) -> None:
        if scripted:
            raise IllegalAnswer(why)
        self.refused(why, shown, decision)

    def confirmed(self, decision: Decision, value: Answer) -> bool:
        """Whether to give ``value``: a choice that gives something up (its option's ``data["confirm"]`` says what:
        "your unused actions are lost") is asked about once when there is someone to ask; else yes."""
        if self.confirm is None or not decision.options:
            return True
        option = next((o for o in decision.options if o.value == value), None)
        lost = (option.data or {}).get("confirm") if option is not None else None
        if not lost:
            return True
        reply = self.confirm(f"{option.label.split(' (')[0]}: {lost}. Sure? (y/n) ")
        if reply is not None and reply.strip().lower() in ("y", "yes"):
            return True
        self.write("  not given: choose again")
        return False


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
