"""The interactive game loop behind ``skirmish play`` and ``skirmish resume``, free of click commands.

A :class:`Session` drives a game: agents answer their seats, human seats are asked at
a prompt (which also takes commands: help, undo, show, log, why, dice, save, quit).
The game is saved atomically after every answer, so no input, crash or interrupt
loses more than the answer being typed. Everything goes through a small :class:`Terminal`
so tests can run a session on a list of lines.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skirmish.agents import View, load_script
from skirmish.answer_text import parse_answer
from skirmish.errors import DiceError, IllegalAnswer, SkirmishError
from skirmish.runner import agent_seed
from skirmish.saves import SaveFile, replay, write_save
from skirmish_cli import render
from skirmish_cli.common import parse_dice, resume_hint

if TYPE_CHECKING:
    from skirmish.engine import Game
    from skirmish.plugins import Registry


#: events not printed as play goes on (still in `log` and `why`): shuffles and other non-dice draws
QUIET = frozenset({"draw"})


class SessionStop(SkirmishError):
    """The session stopped before the end of the game (input ended, interrupted, bad script); the game is saved."""


class Terminal:
    """Where a session reads lines and writes text. The default uses stdin/stdout through click."""

    def __init__(self, lines: Iterable[str] | None = None) -> None:
        self._lines = iter(lines) if lines is not None else None
        self.transcript: list[str] = []

    def write(self, text: str = "") -> None:
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
            with contextlib.suppress(ImportError):  # line editing and history for input()
                import readline  # noqa: F401
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


HELP_COMMANDS = """\
commands (type them at the prompt):
  help          what this decision wants, and these commands
  show          the state of the game
  log [N]       the last N events (default 10) with their numbers
  why N         why event N happened: its chain of causes
  dice 6,1,4    load the next die rolls (numbers or face names); 'dice clear' drops them
  undo          go back to before your last answer
  save [FILE]   save now (to FILE: and keep saving there; add --overwrite to replace a file)
  quit          save and stop; carry on later with 'skirmish resume FILE'
An answer that looks like a command can be given with a leading '=' (e.g. '=show')."""


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

    def __init__(self, registry: Registry, game: Game, seats: dict[str, str], save_path: Path, *,
                 terminal: Terminal | None = None, script: str | Path | None = None, viewer: str | None = None,
                 agent_options: dict[str, Any] | None = None) -> None:
        self.registry = registry
        self.game = game
        self.seats = dict(seats)
        self.save_path = Path(save_path)
        self.term = terminal or Terminal()
        ruleset = game.ruleset
        self.humans = [p for p in game.players if registry.agent_spec(self.seats[p], ruleset.name).interactive]
        options = dict(agent_options or {})
        if script is not None:
            options.setdefault("script", str(script))
        self.agents = {p: registry.make_agent(self.seats[p], ruleset, p, agent_seed(game.seed, i), game.players,
                                              **options)
                       for i, p in enumerate(game.players) if p not in self.humans}
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

    # -- output ------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.term.write(text)

    def flush(self, viewer: str | None) -> None:
        """Print the events ``viewer`` has not seen yet (as ``viewer`` may see them)."""
        events = self.game.log.events
        start = self.shown.get(viewer, 0)
        for ev in events[start:]:
            seen = ev.seen_by(viewer)
            if seen is not None and seen.kind not in QUIET:
                self.say(render.event_line(seen))
        self.shown[viewer] = len(events)

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
        self.saved = False
        write_save(SaveFile.of(self.game, self.seats), self.save_path)
        self.saved = True

    def saved_note(self) -> str:
        return f"the game is saved in {self.save_path} (carry on with: {resume_hint(self.save_path)})"

    # -- the loop --------------------------------------------------------------------------
    def run(self, *, resumed: bool = False) -> int:
        """Play until the game ends (0) or the player quits (0); stopping early raises :class:`SessionStop`."""
        try:
            self.autosave()
            if not resumed and self.fixed_viewer:
                self.flush(self.viewer)
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
            self.say(f"saved to {self.save_path}")
            self.say(f"carry on with: {resume_hint(self.save_path)}")
            return 0
        except KeyboardInterrupt:
            raise SessionStop(f"interrupted; {self.saved_note()}") from None
        except SessionStop:
            raise
        except Exception as exc:
            if self.saved:
                exc.add_note(self.saved_note())
            raise

    def finish(self) -> None:
        if not self.fixed_viewer:  # hot-seat: the game is over, show the rest to everybody
            self.shown[None] = max(self.shown.get(p, 0) for p in self.humans)
        self.flush(self.viewer if self.fixed_viewer else None)
        self.autosave()
        self.say(render.result_line(self.game))
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
        if self.fixed_viewer:
            self.flush(self.viewer)
        return True

    def restore(self, n_answers: int) -> None:
        """Rebuild the game from its first ``n_answers`` recorded answers."""
        save = SaveFile.of(self.game, self.seats)
        self.game = replay(save, self.game.ruleset, upto=n_answers, check_version=False)
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
    def human_turn(self, player: str) -> None:
        game = self.game
        if not self.fixed_viewer:
            if self.last_human != player:
                self.say(f"=== {player} to play ===")
            self.flush(player)
        self.last_human = player
        state = game.ruleset.describe(game, player)
        if state != self.last_state.get(player):
            self.say(state)
            self.last_state[player] = state
        assert game.pending is not None
        self.say(game.pending.describe())
        while True:
            line, scripted = self.next_line(player)
            if line is None:
                self.autosave()
                raise SessionStop(f"input ended while {player} must answer; {self.saved_note()}")
            self.handle(player, line, scripted)

    def next_line(self, player: str) -> tuple[Any, bool]:
        prompt = f"{player}> "
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

    def give(self, player: str, text: Any, shown: Any, scripted: bool) -> None:
        decision = self.game.pending
        assert decision is not None
        try:
            value = parse_answer(decision, text) if isinstance(text, str) else text
            given = self.answer(value, player)
        except IllegalAnswer as exc:
            if scripted:
                raise SessionStop(f"script {self.script}: the answer {shown!r} for {player} is refused: {exc}; "
                                  f"{self.saved_note()}") from None
            self.say(f"refused: {exc}")
            return
        if given or self.game.pending is not decision:
            raise _Turn

    # -- prompt commands ----------------------------------------------------------------------------
    def commands(self) -> dict[str, Callable[[str, str], bool | None]]:
        """Command word -> handler(player, rest); a handler returning ``False`` means "not a command"."""
        return {"help": self.cmd_help, "?": self.cmd_help, "undo": self.cmd_undo, "show": self.cmd_show,
                "log": self.cmd_log, "why": self.cmd_why, "dice": self.cmd_dice, "save": self.cmd_save,
                "quit": self.cmd_quit, "exit": self.cmd_quit}

    def cmd_help(self, player: str, rest: str) -> bool | None:
        if rest:
            return False
        d = self.game.pending
        assert d is not None
        self.say(d.describe())
        if d.options:
            helps = [f"  {i}. {o}: {o.help}" for i, o in enumerate(d.options, 1) if o.help]
            if helps:
                self.say("\n".join(helps))
            self.say("answer with the number, the label (or its start) or the value of an answer")
        else:
            for p in d.params:
                if p.help:
                    self.say(f"  {p.name}: {p.help}")
            names = [p.name for p in d.params]
            self.say(f"answer with {' '.join(f'{n}=...' for n in names)} or the values in that order")
            if d.examples:
                self.say("for example: " + ", ".join(render.answer_text(e) for e in d.examples[:3]))
        self.say(HELP_COMMANDS)
        return None

    def cmd_show(self, player: str, rest: str) -> bool | None:
        if rest:
            return False
        self.say(render.header(self.game))
        state = self.game.ruleset.describe(self.game, player)
        self.last_state[player] = state
        self.say(state)
        assert self.game.pending is not None
        self.say(self.game.pending.describe())
        return None

    def viewer_of(self, player: str) -> str | None:
        return self.viewer if self.fixed_viewer and self.viewer is not None else player

    def cmd_log(self, player: str, rest: str) -> bool | None:
        if rest and not rest.isdigit():
            return False
        n = int(rest) if rest else 10
        events = self.game.log.for_player(self.viewer_of(player))
        for ev in events[-n:] if n else []:
            self.say(render.event_line(ev, seq=True))
        return None

    def cmd_why(self, player: str, rest: str) -> bool | None:
        if not rest.lstrip("#").isdigit():
            if not rest:
                self.say("why needs an event number: see 'log' for them")
                return None
            return False
        seq = int(rest.lstrip("#"))
        viewer = self.viewer_of(player)
        chain = self.game.log.why(seq)
        if not chain or chain[0].seen_by(viewer) is None:
            self.say(f"there is no event #{seq} you can see (see 'log')")
            return None
        for i, ev in enumerate(chain):
            seen = ev.seen_by(viewer)
            text = render.event_line(seen, seq=True) if seen is not None else f"#{ev.seq:<4} (hidden)"
            self.say(text if i == 0 else f"  because {text.strip()}")
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
        undone = answers[index]["value"]
        self.restore(index)
        self.autosave()
        self.last_state.clear()
        self.say(f"undone: back to before your answer {render.answer_text(undone)}")
        raise _Turn

    def cmd_save(self, player: str, rest: str) -> bool | None:
        words = rest.split()
        overwrite = "--overwrite" in words
        words = [w for w in words if w != "--overwrite"]
        if len(words) > 1:
            self.say("save takes one file name")
            return None
        if words:
            path = Path(words[0]).expanduser()
            if path.exists() and path.resolve() != self.save_path.resolve() and not overwrite:
                self.say(f"refused: {path} already exists (save {path} --overwrite replaces it)")
                return None
            self.save_path = path
        self.autosave()
        self.say(f"saved to {self.save_path}" + (" (and saving there from now on)" if words else ""))
        return None

    def cmd_quit(self, player: str, rest: str) -> bool | None:
        if rest:
            return False
        self.autosave()
        raise _Quit

