"""The interactive game loop behind ``skirmish play`` and ``skirmish resume``, free of click commands.

A :class:`Session` drives a game: agents answer their seats, human seats are asked at
a prompt (which also takes commands: help [TERM], odds, measure, show, map, list, log,
why, dice, undo, save, quit). The prompt screen fits 80x24: the ruleset's brief status,
what happened since the player's last turn (the latest events), and the decision with
long option lists grouped by piece. A line may answer two questions at once ("type-ahead"):
``advance 3.5`` picks the option ``advance`` and keeps ``3.5`` for the next question when it is the
same player's, asked right away (each answer is still recorded on its own). With a save file the game
is saved atomically after every answer, so no input, crash or interrupt loses more than the answer being typed.
Everything goes through a small :class:`Terminal` so tests can run a session on a list of lines.
"""

from __future__ import annotations

import contextlib
import os
import sys
import textwrap
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skirmish.agents import View, load_script
from skirmish.answer_text import matching_options, read_answer
from skirmish.errors import DiceError, IllegalAnswer, SkirmishError
from skirmish.runner import seat_agents
from skirmish.saves import Journal, SaveFile, SaveLock, catch_up, replay
from skirmish.specs import AgentContext
from skirmish_cli import render
from skirmish_cli.common import parse_dice, resume_hint
from skirmish_cli.human import HumanAgent
from skirmish_cli.render import WIDTH

if TYPE_CHECKING:
    from skirmish.engine import Game
    from skirmish.plugins import Registry


#: events not printed as play goes on (still in `log all` and `why`): shuffles and other random picks that are
#: not dice, and the record of each answer (the answer is echoed at the prompt; what it did follows it)
QUIET = frozenset({"draw", "answer"})


class SessionStop(SkirmishError):
    """The session stopped before the end of the game (input ended, interrupted, bad script); the game is saved."""


class Terminal:
    """Where a session reads lines and writes text. The default uses stdin/stdout through click."""

    def __init__(self, lines: Iterable[str] | None = None, *, pages: bool | None = None) -> None:
        self._lines = iter(lines) if lines is not None else None
        self.transcript: list[str] = []
        #: a screen a person reads: text longer than it is shown a page at a time (default: stdin and stdout are
        #: a terminal; a list of lines pages when told to, reading the key presses from the list)
        self.pages = pages if pages is not None else (lines is None and _is_tty(sys.stdin) and _is_tty(sys.stdout))
        #: words the Tab key completes at a terminal (set by the session: commands, pieces, terms)
        self.completions: Callable[[], list[str]] | None = None

    def write(self, text: str = "") -> None:
        from skirmish_cli.safe import safe_text

        text = safe_text(text)
        if self._lines is not None:
            self.transcript.append(text)
            return
        import click

        click.echo(text)

    def read(self, prompt: str) -> str | None:
        """One line without its newline, or ``None`` at the end of input."""
        if self._lines is not None:
            line = next(self._lines, None)
            self.transcript.append(prompt + (line if line is not None else ""))
            return line
        import click

        stdin = sys.stdin
        if stdin is not None and stdin.isatty():
            with contextlib.suppress(ImportError):  # line editing, history and Tab completion for input()
                import readline

                self._complete_with(readline)
            try:
                return input(prompt)
            except EOFError:
                click.echo()
                return None
        click.echo(prompt, nl=False)
        line = stdin.readline() if stdin is not None else ""
        if line == "":
            click.echo()
            return None
        line = line.rstrip("\r\n")
        click.echo(line)  # piped input: echo it so the transcript reads like a session
        return line


    def _complete_with(self, readline: Any) -> None:
        words = self.completions

        if words is None:
            return

        def complete(text: str, state: int) -> str | None:
            low = text.lower()
            found = [w for w in words() if w.lower().startswith(low)]
            return found[state] + " " if state < len(found) else None

        readline.set_completer(complete)
        readline.set_completer_delims(" ,=")
        readline.parse_and_bind("tab: complete")


def terminal_lines(fallback: int) -> int:
    """The terminal's height in lines, as :func:`shutil.get_terminal_size` finds it (``LINES``, then the standard
    output's terminal), else ``fallback`` (written out: importing :mod:`shutil` costs the first prompt more)."""
    return _terminal_size("LINES", 1, fallback)


def terminal_columns(fallback: int) -> int:
    """The terminal's width in columns (``COLUMNS``, then the standard output's terminal), else ``fallback``."""
    return _terminal_size("COLUMNS", 0, fallback)


def _terminal_size(variable: str, index: int, fallback: int) -> int:
    with contextlib.suppress(ValueError):
        size = int(os.environ.get(variable, "0"))
        if size > 0:
            return size
    try:
        size = os.get_terminal_size(sys.__stdout__.fileno())[index]  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return fallback
    return size if size > 0 else fallback


def _is_tty(stream: Any) -> bool:
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError):
        return False


#: prompt command -> (how to type it, what it does); ``help COMMAND`` reads it too
COMMANDS: dict[str, tuple[str, str]] = {
    "help": ("help [TERM]", "how to answer; help TERM explains a rule, keyword or column"),
    "odds": ("odds [QUERY]", "exact chances of the attacks on offer (or of QUERY)"),
    "measure": ("measure A B", "distance, line of sight and cover between two pieces"),
    "show": ("show", "the whole picture: map and every piece"),
    "map": ("map on|off", "the whole picture after every change (off: a brief status)"),
    "list": ("list", "every choice of this decision, numbered"),
    "more": ("more", "all that happened since your last turn, in full (or just Enter)"),
    "log": ("log [N|all]", "the last N events (10) with their numbers; all: random picks too"),
    "why": ("why [N]", "why event N (or the latest) happened: its chain of causes"),
    "dice": ("dice 6,1,4", "load the next die rolls (numbers or faces); dice clear: none"),
    "undo": ("undo", "go back to before your last answer"),
    "save": ("save [FILE]", "save now (to FILE, and there from now on; --overwrite replaces)"),
    "quit": ("quit", "save and stop; carry on later with 'skirmish resume'"),
}
ALIASES = {"?": "help", "exit": "quit"}


def commands_help() -> str:
    width = max(len(usage) for usage, _ in COMMANDS.values())
    lines = ["commands (type them at the prompt):"]
    lines += [f"  {usage:<{width}}  {what}" for usage, what in COMMANDS.values()]
    lines.append("An answer that looks like a command takes a leading '=' (e.g. '=show').")
    return "\n".join(lines)


HELP_COMMANDS = commands_help()


class _Turn(Exception):
    """Internal: the pending decision changed (answered or undone); start the turn again."""


class _Quit(Exception):
    """Internal: the player asked to stop."""


class Session:
    """Play ``game`` to its end (or until the player quits), saving to ``save_path`` after every answer.

    ``seats`` maps each player to an agent name; seats whose agent is interactive are asked
    at the prompt. ``viewer`` is whose view events are shown in (default: the only human;
    with several humans each sees their own view at their turn; with none, everything).
    ``script`` holds answers for the human seats (ScriptedAgent format), used before the terminal.
    """

    def __init__(self, registry: Registry, game: Game, seats: dict[str, str], save_path: Path | None, *,
                 terminal: Terminal | None = None, script: str | Path | None = None, viewer: str | None = None,
                 agent_options: dict[str, Any] | None = None, rows: int | None = None) -> None:
        self.registry = registry
        self.game = game
        self.seats = dict(seats)
        self.save_path = Path(save_path) if save_path is not None else None
        self.term = terminal or Terminal()
        #: lines of the screen the prompt must fit in (the terminal's, else 24)
        self.rows = rows or (terminal_lines(24) if terminal is None else 24)
        self.full_map = False  # 'map on': the whole picture after every change instead of the brief
        #: the odds of the decision on screen (player, decisions, answers) -> tables, for 'odds N'
        self.odds_shown: dict[tuple[str, int, int], list[tuple[str, Any]]] = {}
        self.journal: Journal | None = None
        #: ``--svg-dir``: a picture written after every answer that changes it (:mod:`skirmish_cli.pictures`)
        self.pictures: Any = None
        self.lock: SaveLock | None = None
        self.term.completions = self.completion_words
        ruleset = game.ruleset
        self.humans = [p for p in game.players if registry.agent_spec(self.seats[p], ruleset.name).interactive]
        #: every human seat's lines become answers through a HumanAgent (see :meth:`give`)
        self.readers = {p: self.reader_for(p) for p in self.humans}
        options = dict(agent_options or {})
        if script is not None:
            options.setdefault("script", str(script))
        self.agent_options = options
        self.agents = self.new_agents()
        catch_up(game, self.agents)  # a resumed game: the agents stand where they stood when it was saved
        self.script = str(script) if script is not None else None
        self.script_lines: dict[str, list[Any]] = {}
        if script is not None:
            for p in self.humans:
                self.script_lines[p] = load_script(Path(script), p, game.players)
        self.fixed_viewer = viewer is not None or len(self.humans) <= 1
        self.viewer: str | None = viewer if viewer is not None else (self.humans[0] if len(self.humans) == 1
                                                                     else None)
        self.shown: dict[str | None, int] = {}
        self.last_state: dict[str | None, str] = {}
        self.last_human: str | None = None
        self.saved = False
        #: stopped by an error or an interrupt, perhaps in the middle of an answer: the save is not folded
        self.midway = False
        #: player -> (words typed ahead, from the script?, the decision count they are for, the whole line)
        self.ahead: dict[str, tuple[str, bool, int, str]] = {}
        #: a line typed at a '-- more lines --' prompt instead of Enter or q: the next line read
        self.typed_at_page: str | None = None
        #: index of an answer given from words typed ahead -> the line (undone with the answer before it)
        self.one_line: dict[int, str] = {}
        #: the lines of everything shown (or cut) before the latest prompt: 'more' and Enter show them again
        self.burst: list[str] = []
        self.burst_hidden = False  # some of it was not shown (cut, or the pages skipped): Enter shows it all

    # -- output ------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.term.write(text)

    def flush(self, viewer: str | None, *, limit: int | None = None) -> None:
        """Print the events ``viewer`` has not seen yet (as ``viewer`` may see them) in at most ``limit`` rows.

        The turn of the other side matters most, so nothing is cut from the middle: at a screen the whole list is
        shown a page at a time (:meth:`page`). Elsewhere (piped input, tests) a list that does not fit shows what
        changed - every event but the dice rolls (each line after a roll says what it did) - and, when even that
        is too long, the first and the latest of them; the whole list is kept for ``more`` (or Enter).
        """
        events = self.game.log.events
        start = self.shown.get(viewer, 0)
        shown = [seen for ev in events[start:] if (seen := ev.seen_by(viewer)) is not None and seen.kind not in QUIET]
        self.shown[viewer] = len(events)
        lines = [render.event_line(ev, width=WIDTH) for ev in shown]
        if limit is not None and shown:
            self.burst = [line for text in lines for line in text.splitlines()]
            self.burst_hidden = False
        if limit is None or sum(len(x.splitlines()) for x in lines) <= limit:
            for line in lines:
                self.say(line)
            return
        if self.term.pages:
            self.burst_hidden = not self.page(self.burst, last=limit)
            return
        self.burst_hidden = True
        total = len(shown)
        kept = [line for ev, line in zip(shown, lines, strict=True) if ev.kind != "roll"]
        room = limit - 1  # one row for the note
        if sum(len(x.splitlines()) for x in kept) <= room:
            head, tail = kept, []
        else:
            head, tail, used = [], [], 0
            for line in kept[:max(1, room // 3)]:  # the start
                if used + len(line.splitlines()) > room // 3:
                    break
                head.append(line)
                used += len(line.splitlines())
            for line in reversed(kept[len(head):]):  # the end
                if used + len(line.splitlines()) > room:
                    break
                tail.insert(0, line)
                used += len(line.splitlines())
        left_out = total - len(head) - len(tail)
        for line in head:
            self.say(line)
        if left_out:
            what = "dice rolls" if len(head) == len(kept) else "events and dice rolls"
            self.say(render.style(render.clip(f"  ... ({left_out} {what} not shown: Enter or 'more' shows all "
                                              f"{total})"), dim=True))
        for line in tail:
            self.say(line)

    def page(self, lines: list[str], *, last: int | None = None,
             again: str = "'more' shows everything since your last turn") -> bool:
        """Print ``lines`` a screen at a time, waiting for Enter between screens (``q`` skips the rest); the last
        screen leaves ``last`` rows free for what follows (the question). Without a screen, all at once.
        ``False`` when the rest was skipped."""
        room = max(3, self.rows - 1)
        last = room if last is None else max(3, min(last, room))
        at = 0
        pages = -(-(len(lines) - last) // room)  # screens before the last one
        size = -(-(len(lines) - last) // pages) if pages > 0 else room  # as even as they can be
        while self.term.pages and len(lines) - at > last:
            for line in lines[at:at + size]:
                self.say(line)
            at += size
            key = self.term.read(render.style(f"-- {len(lines) - at} more lines: Enter for the next page, "
                                              "q to skip, or type your answer --", reverse=True))
            if key is None or key.strip().lower() in ("q", "quit", "s", "skip"):
                self.say(f"  ({len(lines) - at} lines skipped: {again})")
                return False
            if key.strip():  # an answer or a command: the rest of the pages give way to it
                self.typed_at_page = key
                self.say(f"  ({len(lines) - at} lines skipped: {again})")
                return False
        for line in lines[at:]:
            self.say(line)
        return True

    def mark_seen(self) -> None:
        """Everybody has seen everything so far (after a resume or an undo)."""
        n = len(self.game.log.events)
        for key in {self.viewer, *self.humans, None}:
            self.shown[key] = n

    def recent(self, viewer: str | None, n: int = 5) -> None:
        for ev in self.game.log.for_player(viewer)[-n:]:
            self.say(render.event_line(ev))

    # -- saving --------------------------------------------------------------------------
    def autosave(self) -> None:
        """Save the answers taken so far (when the game has a save file): appended to its journal, O(1)."""
        if self.save_path is None:
            return
        if self.journal is None:
            self.open_save(self.save_path)
        assert self.journal is not None
        self.saved = False
        self.journal.record(self.game)
        self.saved = True

    def open_save(self, path: Path) -> None:
        """Own ``path`` (a lock: no other game may save there meanwhile) and journal answers beside it."""
        lock = SaveLock(path).acquire()
        self.close_save()
        self.lock, self.journal, self.save_path = lock, Journal(path, self.seats), path

    def close_save(self, *, fold: bool = True) -> None:
        """Fold the journal into the TOML save and give the path up (safe to call twice).

        ``fold=False`` (stopped by an error or Ctrl-C, perhaps halfway through an answer) leaves the save
        and journal as they stand: every answer taken whole, none half-taken.
        """
        journal, lock = self.journal, self.lock
        self.journal = self.lock = None
        try:
            if journal is not None and fold:
                journal.close(self.game)
        finally:
            if lock is not None:
                lock.release()

    def saved_note(self) -> str:
        if self.save_path is None:
            return "the game was not saved (play with --save FILE to keep it)"
        return f"the game is saved in {self.save_path} (carry on with: {resume_hint(self.save_path)})"

    # -- the loop --------------------------------------------------------------------------
    def run(self, *, resumed: bool = False) -> int:
        """Play until the game ends (0) or the player quits (0); stopping early raises :class:`SessionStop`."""
        try:
            self.autosave()
            if self.pictures is not None:
                self.pictures.draw(self.game)
            if not resumed and self.fixed_viewer and not self.humans:
                self.flush(self.viewer)  # watching: everything as it happens (a human sees it before the prompt)
            if resumed:
                self.mark_seen()
                if not self.game.over:
                    self.say("recent events:")
                    self.recent(self.viewer)
            while not self.game.over:
                decision = self.game.pending
                assert decision is not None
                if decision.player in self.humans:
                    try:
                        self.human_turn(decision.player)
                    except _Turn:
                        continue
                else:
                    self.agent_turn(decision.player)
            self.finish()
            return 0
        except _Quit:
            if self.save_path is not None:
                self.say(f"saved to {self.save_path}")
                self.say(f"carry on with: {resume_hint(self.save_path)}")
            return 0
        except KeyboardInterrupt:
            self.midway = True
            raise SessionStop(f"interrupted; {self.saved_note()}") from None
        except SessionStop:
            raise
        except Exception as exc:
            self.midway = True
            if self.saved:
                exc.add_note(self.saved_note())
            raise
        finally:
            self.close_save(fold=not self.midway)

    def finish(self) -> None:
        """The end: the last events, the ruleset's summary, and the result of every seat."""
        if not self.fixed_viewer:  # hot-seat: the game is over, show the rest to everybody
            self.shown[None] = max(self.shown.get(p, 0) for p in self.humans)
        viewer = self.viewer if self.fixed_viewer else None
        self.flush(viewer)
        self.autosave()
        ruleset = self.game.ruleset
        from skirmish.ruleset import Ruleset

        if type(ruleset).final_summary is not Ruleset.final_summary:  # the default only repeats the result
            try:
                summary = ruleset.final_summary(self.game, viewer)
            except SkirmishError as exc:
                summary = f"(no summary: {exc})"
            if summary:
                self.say("")
                self.say(summary)
        self.say("")
        self.say(render.wrap(render.result_line(self.game), indent=""))
        self.say(render.seat_results(self.game, self.seats, you=self.humans))
        if self.save_path is not None:
            self.say(f"saved to {self.save_path}")

    def answer(self, value: Any, player: str) -> bool:
        """Give ``value``; ``False`` when loaded dice did not fit (the engine put the game back and dropped them)."""
        had_loaded = bool(self.game.rng.loaded)
        try:
            self.game.answer(value, player)
        except DiceError as exc:
            if not had_loaded:
                raise
            self.autosave()
            self.say(f"refused: {exc}")
            return False
        self.autosave()
        if self.pictures is not None:
            self.pictures.draw(self.game)
        if self.fixed_viewer and not self.humans:
            self.flush(self.viewer)  # watching: as it happens; a human sees it before the next prompt, fitted
        return True

    def new_agents(self) -> dict[str, Any]:
        """A fresh agent for every seat that is not a human's (each with its own seed)."""
        return seat_agents(self.registry, self.game, self.seats, skip=self.humans, **self.agent_options)

    def restore(self, n_answers: int) -> None:
        """Rebuild the game from its first ``n_answers`` recorded answers (the agents with it, as they stood)."""
        save = SaveFile.of(self.game, self.seats)
        self.agents = self.new_agents()
        self.game = replay(save, self.game.ruleset, upto=n_answers, check_version=False, agents=self.agents)
        if self.pictures is not None:
            self.pictures.draw(self.game)
        self.ahead.clear()
        self.one_line = {i: line for i, line in self.one_line.items() if i < n_answers}
        self.mark_seen()

    def agent_turn(self, player: str) -> None:
        game = self.game
        decision = game.pending
        assert decision is not None
        value = self.agents[player].decide(View(game, player), decision)
        try:
            self.answer(value, player)
        except IllegalAnswer as exc:
            raise SkirmishError(f"the agent '{self.seats[player]}' playing {player} gave an illegal answer: "
                                f"{exc}") from None

    # -- human seats --------------------------------------------------------------------------
    def completion_words(self) -> list[str]:
        """What Tab completes at the prompt: commands, the pieces and words of the choices, glossary terms."""
        words = dict.fromkeys([*COMMANDS, *ALIASES])
        d = self.game.pending
        if d is not None:
            for o in d.options:
                group = render.option_group(o)
                if group:
                    words.setdefault(group.split(" [")[0])
                words.update(dict.fromkeys(w.strip("():,\"") for w in str(o).split() if len(w) > 2))
            for p in d.params:
                words.setdefault(p.name)
                words.update(dict.fromkeys(str(c) for c in p.choices))
        words.update(dict.fromkeys(self.glossary()))
        return [w for w in words if w]

    def status(self, player: str) -> str:
        """The brief status (or with 'map on' the whole picture).

        A ruleset without a brief of its own shows its whole picture when that fits on the screen
        with the question, else a one-line header ('show' draws the picture).
        """
        from skirmish.ruleset import Ruleset

        ruleset = self.game.ruleset
        if self.full_map:
            return ruleset.describe(self.game, player)
        if type(ruleset).brief is Ruleset.brief:
            whole = ruleset.describe(self.game, player).splitlines()
            if len(whole) <= max(6, self.rows - 14) and all(len(line) <= WIDTH for line in whole):
                return "\n".join(whole)
            phase = f", {self.game.phase}" if self.game.phase else ""
            return render.clip(f"{self.title()}: round {self.game.round}{phase} ('show' draws the whole picture)")
        return ruleset.brief(self.game, player)

    def human_turn(self, player: str) -> None:
        game = self.game
        assert game.pending is not None
        decision = game.pending
        state = self.status(player)
        show_state = state != self.last_state.get(player)
        shown_state = self.changed_lines(self.last_state.get(player), state) if show_state else ""
        status_rows = len(shown_state.splitlines()) if show_state else 0
        question = self.question(decision, limit=self.option_lines(decision, status_rows),
                                 labels=render.shown_labels(game, decision))
        used = len(question.splitlines()) + 1 + status_rows
        room = max(3, self.rows - used - 1)
        if not self.fixed_viewer:
            if self.last_human != player:
                self.say(f"=== {player} to play ===")
            self.flush(player, limit=room)
        else:
            self.flush(self.viewer, limit=room)
        self.last_human = player
        self.typed_ahead(player)  # raises _Turn when the words typed ahead answer this question
        if show_state:
            self.say(shown_state)
            self.last_state[player] = state
        self.say(question)
        while True:
            line, scripted = self.next_line(player)
            if line is None:
                self.autosave()
                raise SessionStop(f"input ended while {player} must answer; {self.saved_note()}")
            self.handle(player, line, scripted)

    def changed_lines(self, before: str | None, now: str) -> str:
        """The status to print: all of it, or when a long one changed in a few lines only those lines, each indented
        one under the line it continues (a unit's Doom after an attack under its side), so the question keeps the
        screen."""
        lines, old = now.splitlines(), (before or "").splitlines()
        if self.full_map or len(lines) < 8 or len(old) != len(lines):
            return now
        changed = [i for i, (line, was) in enumerate(zip(lines, old, strict=True)) if line != was]
        if not changed or len(changed) > 3:
            return now
        shown: set[int] = set()
        for i in changed:  # an indented line is read under the line it continues: show that one too
            shown.add(i)
            head = i
            while head > 0 and lines[head][:1].isspace():
                head -= 1
            shown.add(head)
        return "\n".join(lines[i] for i in sorted(shown))

    def typed_ahead(self, player: str) -> None:
        """Give the words ``player`` typed ahead (if they are for this very question); refused, they are dropped
        and the player is asked as usual."""
        kept = self.ahead.pop(player, None)
        if kept is None:
            return
        text, scripted, count, line = kept
        if count != self.game.decisions:
            return
        self.say(f"{player}> {text}  (typed ahead)")
        at = len(self.game.answers)
        try:
            self.give(player, text, text, scripted)
        except _Turn:
            if len(self.game.answers) > at:
                self.one_line[at] = line  # 'undo' takes back both answers of the line
            raise

    def try_ahead(self, player: str, value: Any, rest: str) -> str:
        """Why ``rest`` would be refused by the question ``value`` leads to (on a copy of the game), or ``""``."""
        trial = self.game.clone()
        try:
            trial.answer(value, player)
        except SkirmishError:
            return ""  # the real answer says why
        nxt = trial.pending
        if nxt is None or nxt.player != player:
            return ""
        try:
            err = nxt.check(trial, read_answer(nxt, rest)[0])[1]
        except IllegalAnswer as exc:
            if nxt.options and len(matching_options(nxt, rest)) > 1:
                return ""  # several choices hold the words: the next question lists them
            err = str(exc)
        if not err:
            return ""
        helps = "; ".join(p.help for p in nxt.params if p.help)
        return f"{err} ({helps})" if helps else err

    def keep_ahead(self, player: str, rest: str, scripted: bool, line: str = "") -> None:
        """Keep ``rest`` for the next question if it is ``player``'s, asked right away; else say it is not used."""
        nxt = self.game.pending
        if nxt is not None and nxt.player == player:
            self.ahead[player] = (rest, scripted, self.game.decisions, line or rest)
            return
        whose = "the game is over" if nxt is None else f"the next question is {nxt.player}'s"
        self.say(render.clip(f"  ('{rest}' was not used: {whose})"))

    def next_line(self, player: str) -> tuple[Any, bool]:
        prompt = f"{player}> "
        if self.typed_at_page is not None:  # typed at a '-- more lines --' prompt: the player's next line
            line, self.typed_at_page = self.typed_at_page, None
            self.say(f"{prompt}{line}  (typed at the page prompt)")
            return line, False
        queue = self.script_lines.get(player)
        if queue:
            line = queue.pop(0)
            self.say(f"{prompt}{line if isinstance(line, str) else render.to_json(line)}  (script)")
            return line, True
        return self.term.read(prompt), False

    def handle(self, player: str, line: Any, scripted: bool) -> None:
        """Act on one line typed by ``player``; raises :class:`_Turn` when the decision changed."""
        if not isinstance(line, str):  # an answer taken from a TOML save used as a script
            self.give(player, line, line, scripted)
            return
        text = line.strip()
        if not text:
            if self.burst_hidden:
                self.burst_hidden = False
                self.cmd_more(player, "")
            return
        if text.startswith("="):
            self.give(player, text[1:], text, scripted)
            return
        word, _, rest = text.partition(" ")
        rest = rest.strip()
        command = self.commands().get(word.lower())
        if command is not None:
            handled = command(player, rest)
            if handled is not False:
                return
        self.give(player, text, text, scripted)

    @staticmethod
    def question(decision: Any, **kw: Any) -> str:
        """The decision as :func:`render.decision_text` shows it, its question wrapped to the screen."""
        text = render.decision_text(decision, **kw)
        n = len(decision.prompt.splitlines()) or 1
        lines = text.splitlines()
        asked = "\n".join(textwrap.fill(line, width=WIDTH, subsequent_indent="  ", break_on_hyphens=False)
                          if len(line) > WIDTH else line for line in lines[:n])
        return "\n".join([asked, *lines[n:]])

    def option_lines(self, decision: Any = None, status_rows: int = 0) -> int:
        """How many lines a list of options may take on the screen: fewer under a long status when the
        options fall into groups (one line per piece or card), else as many as fit a question."""
        most = max(6, min(16, self.rows - 8))
        if decision is None or not decision.options or not status_rows:
            return most
        groups = {render.option_group(o) or f"\0{i}" for i, o in enumerate(decision.options)}
        if not 1 < len(groups) < len(decision.options):
            return most  # nothing to group: a shorter list would only cut choices off
        return max(6, min(most, self.rows - 6 - status_rows))

    def give(self, player: str, text: Any, shown: Any, scripted: bool) -> None:
        """Give the answer ``text`` holds through the seat's :class:`HumanAgent` (the one path from a typed line to
        an answer); raises :class:`_Turn` when the decision changed."""
        decision = self.game.pending
        assert decision is not None
        reader = self.readers[player]
        try:
            taken = reader.take(View(self.game, player), decision, text, shown=shown, scripted=scripted,
                                preview=lambda value, rest: self.try_ahead(player, value, rest))
            if taken is None:
                return  # refused, several choices listed, or not confirmed: the next line
            value, rest = taken
            given = self.answer(value, player)
        except IllegalAnswer as exc:
            if scripted:
                raise SessionStop(f"script {self.script}: the answer {shown!r} for {player} is refused: {exc}; "
                                  f"{self.saved_note()}") from None
            reader.refused(str(exc), shown, decision)
            return
        if given and rest:
            self.keep_ahead(player, rest, scripted, str(shown))
        if given or self.game.pending is not decision:
            raise _Turn

    def reader_for(self, player: str) -> HumanAgent:
        """The :class:`HumanAgent` that reads ``player``'s lines: this session's terminal, hints and confirmations."""
        ctx = AgentContext(player, 0, self.game.ruleset, players=self.game.players)
        return HumanAgent(ctx, read=self.term.read, write=self.say, hint=self.did_you_mean,
                          confirm=self.term.read if self.term.pages else None)

    def did_you_mean(self, typed: Any) -> str:
        """`` - did you mean 'show'?`` when the first word looks like a mistyped prompt command."""
        if not isinstance(typed, str):
            return ""
        word = typed.strip().split(" ")[0].lower()
        if not word or "=" in word or "," in word or word in COMMANDS or word in ALIASES:
            return ""  # a form answer, or a command given the wrong words
        import difflib  # here: only a mistyped word needs it (start-up, issue 24)

        close = difflib.get_close_matches(word, [*COMMANDS, *ALIASES], n=1, cutoff=0.75)
        return f" - did you mean '{close[0]}'? (type help for the commands)" if close else ""

    # -- prompt commands ----------------------------------------------------------------------------
    def commands(self) -> dict[str, Callable[[str, str], bool | None]]:
        """Command word -> handler(player, rest); a handler returning ``False`` means "not a command"."""
        table: dict[str, Callable[[str, str], bool | None]] = {
            "help": self.cmd_help, "odds": self.cmd_odds, "measure": self.cmd_measure, "show": self.cmd_show,
            "map": self.cmd_map, "list": self.cmd_list, "more": self.cmd_more, "log": self.cmd_log,
            "why": self.cmd_why,
            "dice": self.cmd_dice, "undo": self.cmd_undo, "save": self.cmd_save, "quit": self.cmd_quit}
        table.update({alias: table[name] for alias, name in ALIASES.items()})
        return table

    def cmd_help(self, player: str, rest: str) -> bool | None:
        if rest:
            self.say(self.explain(rest))
            return None
        d = self.game.pending
        assert d is not None
        if d.options:
            helps = [textwrap.fill(f"  {i}. {o.label.split(' (')[0] or o}: {o.help}", width=WIDTH,
                                   subsequent_indent="      ", max_lines=2, placeholder="...")
                     for i, o in enumerate(d.options, 1) if o.help]
            if helps:
                self.say("\n".join(helps))
            self.say("answer with the number of a choice, or its name (or the start of it)")
        else:
            names = [p.name for p in d.params]
            self.say(f"answer with {' '.join(f'{n}=...' for n in names)} or the values in that order "
                     "(a position: 10,1 or x=10 y=1)")
        self.say(HELP_COMMANDS)
        terms = self.glossary()
        if terms:
            self.say(render.wrap(f"help TERM explains any of {len(terms)} terms of {self.title()}, e.g. "
                                 + ", ".join(list(terms)[:4]) + " ('help terms' lists them)"))
        return None

    def title(self) -> str:
        return self.game.ruleset.title or self.game.ruleset.name

    def glossary(self) -> dict[str, str]:
        try:
            return dict(self.game.ruleset.glossary())
        except Exception:  # noqa: BLE001 - no glossary rather than a lost game
            return {}

    def explain(self, term: str) -> str:
        """``help TERM`` wrapped to the screen (see :meth:`lookup`)."""
        import textwrap

        return "\n".join(textwrap.fill(line, width=WIDTH, subsequent_indent="  ", break_on_hyphens=False)
                         for line in self.lookup(term).splitlines())

    def lookup(self, term: str) -> str:
        """``help TERM``: the ruleset's glossary entry, a prompt command, or the terms that come close."""
        key = " ".join(term.strip().lower().split())
        terms = self.glossary()
        if key in ("terms", "glossary"):
            if not terms:
                return f"{self.title()} has no glossary"
            return f"terms of {self.title()} (help TERM explains one):\n" + render.wrap(", ".join(terms), indent="  ")
        by_lower = {t.lower(): t for t in terms}
        spaced = {t.lower().replace("-", " "): t for t in terms}
        if key in by_lower or key.replace("-", " ") in spaced:  # 'wheel-left' finds 'wheel left' and back
            name = by_lower.get(key) or spaced[key.replace("-", " ")]
            return f"{name}: {terms[name]}"
        command = ALIASES.get(key, key)
        if command in COMMANDS:
            usage, what = COMMANDS[command]
            return f"{usage}: {what}"
        partial = [t for t in terms if key in t.lower()]
        if len(partial) == 1:
            return f"{partial[0]}: {terms[partial[0]]}"
        import difflib

        close = partial or difflib.get_close_matches(key, list(by_lower), n=5, cutoff=0.6)
        names = [by_lower.get(c, c) for c in close]
        if names:
            return f"'{term}' could be: {', '.join(names[:8])} (help TERM explains one)"
        return f"no entry for '{term}' in {self.title()}'s glossary ('help terms' lists them)"

    def cmd_odds(self, player: str, rest: str) -> bool | None:
        """``odds``: the odds of what the decision on screen offers; ``odds N``: those of its choice N (numbered
        like its menu when the ruleset's titles start with the choice's number, else the Nth table);
        ``odds QUERY``: what the ruleset makes of QUERY."""
        if rest.isdigit():
            tables = self.offered_odds(player)
            if tables is None:
                return None
            n = int(rest)
            mine = [t for t in tables if _choice_number(t[0]) == n]
            if not mine and not any(_choice_number(t[0]) for t in tables) and 1 <= n <= len(tables):
                mine = [tables[n - 1]]
            if mine:
                for title, dist in mine:
                    self.say(render.histogram_text(title, dist))
                return None
            d = self.game.pending
            numbers = sorted({k for t in tables if (k := _choice_number(t[0]))})
            what = (f"choices {_spans(numbers)} have odds" if numbers else
                    f"{len(tables)} table{'s' if len(tables) != 1 else ''}" if tables else "nothing has odds")
            self.say(f"odds: no odds for {'choice' if d is not None and d.options else 'table'} {n} of this "
                     f"question ({what})")
            return None
        if rest:
            asked = self.ruleset_odds(player, rest)
            if asked is None:
                return None
            tables = asked
        else:
            found = self.offered_odds(player)
            if found is None:
                return None
            tables = found
        if not tables:
            self.say("odds: nothing to work out here" + ("" if rest else " (no attack is on offer; try odds QUERY)"))
            return None
        full = [render.histogram_text(title, dist) for title, dist in tables]
        if sum(len(t.splitlines()) for t in full) <= max(8, self.rows - 4):
            for text in full:
                self.say(text)
            return None
        numbered = all(_choice_number(title) for title, _ in tables)
        for i, (title, dist) in enumerate(tables, 1):  # too many to draw: one line each
            self.say(render.odds_line(title if numbered else f"{i}. {title}", dist))
        self.say("('odds N' draws " + ("choice N's odds" if numbered else "table N") + " in full"
                 + ("" if numbered else f", 1 to {len(tables)}") + ")")
        return None

    def offered_odds(self, player: str) -> list[tuple[str, Any]] | None:
        """The odds of what the decision on screen offers (worked out once per decision); ``None`` after saying why
        the ruleset could not."""
        key = (player, self.game.decisions, len(self.game.answers))
        if key in self.odds_shown:
            return self.odds_shown[key]
        tables = self.ruleset_odds(player, "")
        if tables is None:
            return None
        self.odds_shown = {key: tables}  # only the decision on screen's
        return tables

    def ruleset_odds(self, player: str, query: str) -> list[tuple[str, Any]] | None:
        """The ruleset's odds for ``query`` (``""``: what is on offer); ``None`` after saying why it could not."""
        try:
            return list(self.game.ruleset.odds(self.game, player, query))
        except SkirmishError as exc:
            self.say(render.wrap(f"odds: {exc}"))
        except Exception as exc:  # noqa: BLE001 - a ruleset's bug must not end the game
            self.say(render.wrap(f"odds: {self.title()} failed to work this out ({type(exc).__name__}: {exc})"))
        return None

    def cmd_measure(self, player: str, rest: str) -> bool | None:
        pairs = name_pairs(rest)
        if not pairs:
            self.say("measure needs two pieces: measure A B (or: measure Big Gutz, Sister Pike)")
            return None
        first_error = None
        for a, b in pairs:  # names may hold spaces: try each place to split them
            try:
                self.say(self.game.ruleset.measure(self.game, player, a, b))
                return None
            except SkirmishError as exc:
                first_error = first_error or exc
            except Exception as exc:  # noqa: BLE001 - a ruleset's bug must not end the game
                self.say(f"measure: {self.title()} failed to measure ({type(exc).__name__}: {exc})")
                return None
        self.say(render.wrap(f"measure: {first_error}"))
        return None

    def cmd_show(self, player: str, rest: str) -> bool | None:
        if rest:
            return False
        g = self.game
        phase = f", phase {g.phase}" if g.phase else ""
        assert self.game.pending is not None
        question = self.question(self.game.pending, limit=self.option_lines(),
                                 labels=render.shown_labels(g, self.game.pending))
        picture = [render.clip(f"{self.title()}, seed {g.seed}: round {g.round}{phase}, {g.decisions} decisions"),
                   *g.ruleset.describe(g, player).splitlines()]
        self.page(picture, last=self.rows - 1 - len(question.splitlines()),  # a screen at a time, the map first
                  again="'show' draws it again")
        self.last_state[player] = self.status(player)
        self.say(question)
        return None

    def cmd_map(self, player: str, rest: str) -> bool | None:
        word = rest.lower()
        if word not in ("", "on", "off"):
            return False
        self.full_map = (not self.full_map) if not word else word == "on"
        self.last_state.clear()
        self.say("the whole picture is shown after every change" if self.full_map
                 else "the brief status is shown (type show for the whole picture)")
        self.say(self.status(player))
        self.last_state[player] = self.status(player)
        return None

    def cmd_list(self, player: str, rest: str) -> bool | None:
        d = self.game.pending
        assert d is not None
        if rest or not d.options:
            return False
        self.say(self.question(d, only=range(len(d.options)), labels=render.shown_labels(self.game, d)))
        return None

    def cmd_more(self, player: str, rest: str) -> bool | None:
        if rest:
            return False
        if not self.burst:
            self.say("nothing has happened since your last turn")
            return None
        self.say(f"since your last turn ({len(self.burst)} lines):")
        self.page(self.burst)
        return None

    def viewer_of(self, player: str) -> str | None:
        return self.viewer if self.fixed_viewer and self.viewer is not None else player

    def cmd_log(self, player: str, rest: str) -> bool | None:
        words = rest.lower().split()
        everything = "all" in words
        words = [w for w in words if w != "all"]
        if len(words) > 1 or (words and not words[0].isdigit()):
            return False
        n = int(words[0]) if words else (0 if everything and not words else 10)
        events = [ev for ev in self.game.log.for_player(self.viewer_of(player)) if everything or ev.kind != "draw"]
        self.page([line for ev in (events[-n:] if n else events)
                   for line in render.event_line(ev, seq=True, width=WIDTH).splitlines()],
                  again="'log N' lists the last N events")
        return None

    def cmd_why(self, player: str, rest: str) -> bool | None:
        viewer = self.viewer_of(player)
        if not rest:  # the latest thing that happened
            shown = [ev for ev in self.game.log.for_player(viewer) if ev.kind not in QUIET]
            if not shown:
                self.say("nothing has happened yet")
                return None
            rest = str(shown[-1].seq)
        if not rest.lstrip("#").isdigit():
            return False
        seq = int(rest.lstrip("#"))
        chain = self.game.log.why(seq)
        if not chain or chain[0].seen_by(viewer) is None:
            self.say(f"there is no event #{seq} you can see (see 'log')")
            return None
        longest = 12
        for i, ev in enumerate(chain[:longest]):
            seen = ev.seen_by(viewer)
            if seen is None:
                text = f"#{ev.seq:<4} (hidden)"
            else:  # wrapped to the screen, 'because' lines indented under their text
                text = render.event_line(seen, seq=True, width=WIDTH if i == 0 else WIDTH - 10)
            if i:
                first, *more = text.splitlines()
                text = "\n".join([f"  because {first}"] + [" " * 10 + line for line in more])
            self.say(text)
        if len(chain) > longest:
            self.say(f"  ... and {len(chain) - longest} earlier causes (why {chain[longest].seq} goes on)")
        if len(chain) == 1:
            self.say("  (no earlier cause was recorded)")
        return None

    def cmd_dice(self, player: str, rest: str) -> bool | None:
        if not rest:
            loaded = list(self.game.rng.loaded)
            self.say(f"loaded dice: {', '.join(map(str, loaded)) if loaded else 'none'} (load: dice 6,1,4)")
            return None
        if rest.lower() == "clear":
            self.game.load_dice([], replace=True)
            self.autosave()
            self.mark_seen()
            self.say("loaded dice dropped")
            return None
        try:
            values = parse_dice(rest)
        except DiceError as exc:
            self.say(f"refused: {exc}")
            return None
        self.game.load_dice(values)
        self.autosave()
        self.mark_seen()
        self.say(f"the next dice will be: {', '.join(map(str, self.game.rng.loaded))}")
        return None

    def cmd_undo(self, player: str, rest: str) -> bool | None:
        if rest:
            return False
        answers = self.game.answers
        index = next((i for i in range(len(answers) - 1, -1, -1) if answers[i].get("player") == player), None)
        if index is None:
            self.say("nothing to undo: you have not answered yet")
            return None
        undone = self.answer_label(player, answers[index]["value"])
        if index in self.one_line and index > 0 and answers[index - 1].get("player") == player:
            index -= 1  # 'advance 3.5' was one line: undo takes back both answers
            undone = f"'{self.one_line[index + 1]}'"
        self.restore(index)
        self.autosave()
        self.last_state.clear()
        self.say(f"undone: back to before your answer {undone}")
        raise _Turn

    def answer_label(self, player: str, value: Any) -> str:
        """How the player's last answer read: its option's label (from the log), else the value as typed."""
        for ev in reversed(self.game.log.events):
            if ev.kind == "answer" and ev.data.get("player") == player:
                _, sep, shown = ev.text.partition(" -> ")
                if sep and not shown.startswith(("{", "[")):
                    return shown
                break
        return render.answer_text(value)

    def cmd_save(self, player: str, rest: str) -> bool | None:
        words = rest.split()
        overwrite = "--overwrite" in words
        words = [w for w in words if w != "--overwrite"]
        if len(words) > 1:
            self.say("save takes one file name")
            return None
        if not words and self.save_path is None:
            self.say("this game has no save file: save FILE names one")
            return None
        if words:
            path = Path(words[0]).expanduser()
            current = self.save_path.resolve() if self.save_path is not None else None
            if path.exists() and path.resolve() != current and not overwrite:
                self.say(f"refused: {path} already exists (save {path} --overwrite replaces it)")
                return None
            if path.resolve() != current:
                try:
                    self.open_save(path)
                except SkirmishError as exc:
                    self.say(f"refused: {exc}")
                    return None
        self.autosave()
        assert self.journal is not None
        self.journal.compact(self.game)  # 'save' writes the whole game into the file now
        self.say(f"saved to {self.save_path}" + (" (and saving there from now on)" if words else ""))
        return None

    def cmd_quit(self, player: str, rest: str) -> bool | None:
        if rest:
            return False
        self.autosave()
        raise _Quit



def _choice_number(title: str) -> int:
    """The menu number an odds title starts with (``"3. Nob shoots..."`` -> 3), else 0."""
    head, sep, _ = title.partition(". ")
    return int(head) if sep and head.isdigit() else 0


def _spans(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers)) if len(numbers) <= 8 else f"{numbers[0]} to {numbers[-1]}"


def name_pairs(text: str) -> list[tuple[str, str]]:
    """The ways to read two piece names in ``text``: split at a comma, ' to ' or ' and ', or quoted,
    else at each space (``"Nib Sister Pike"`` -> ``("Nib", "Sister Pike")``, ``("Nib Sister", "Pike")``)."""
    import shlex

    text = text.strip()
    for sep in (",", " to ", " and "):
        if sep in text:
            a, _, b = text.partition(sep)
            return [(a.strip(), b.strip())] if a.strip() and b.strip() else []
    try:
        words = shlex.split(text)
    except ValueError:
        return []
    return [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
