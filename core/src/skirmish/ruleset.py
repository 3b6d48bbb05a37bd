"""The base class every ruleset subclasses, and the record it registers with."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from skirmish.engine import canonical
from skirmish.errors import SetupError, SkirmishError
from skirmish.keywords import expire_all
from skirmish.pipeline import Rounds
from skirmish.specs import RulesetSpec  # noqa: F401 - re-exported: ``skirmish.ruleset.RulesetSpec`` still works

if TYPE_CHECKING:
    from skirmish.decisions import Decision
    from skirmish.engine import Game
    from skirmish.pipeline import Phase
    from skirmish.presentation import Presentation, Shade


class Ruleset:
    """A whole game. Subclass it, fill the class attributes, and override the hooks below.

    Required: :meth:`create` (the initial state) and :meth:`start` (the first steps;
    :class:`skirmish.pipeline.Rounds` runs rounds of :meth:`phases`). The engine stops
    whenever a step asks a decision, and the game ends when a step calls
    :meth:`Game.finish`.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    version: ClassVar[str] = "0.0.0"
    #: how many players a set-up may name (inclusive)
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: a game from the default set-up always ends within this many decisions
    max_decisions: ClassVar[int] = 10_000
    #: True when no player has hidden information (agents may then look ahead on a clone)
    perfect_information: ClassVar[bool] = True

    def __init__(self) -> None:
        self.hooks: Any = None  # the plugin manager's hook relay, set by the registry

    def extend_content(self, content: dict[str, Any]) -> dict[str, Any]:
        """Let plugins change raw content (``skirmish_extend_content``) before it is built; returns it.

        Load content lazily (e.g. in a ``functools.cached_property``): the registry sets
        ``hooks`` after building the ruleset.
        """
        if self.hooks is not None:
            self.hooks.skirmish_extend_content(ruleset=self.name, content=content)
        return content

    # -- set-up ----------------------------------------------------------------
    def default_setup(self) -> dict[str, Any]:
        """A complete set-up that starts a demo game with no files."""
        return {"players": [f"player{i + 1}" for i in range(self.min_players)]}

    def check_setup(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        """Validate and complete ``setup``; raise :class:`SetupError` with one clear line."""
        if not isinstance(setup, Mapping):
            raise SetupError("the set-up must be a table of settings")
        players = setup.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
            raise SetupError("set-up 'players' must be a list of player names")
        if len(set(players)) != len(players):
            raise SetupError("set-up 'players' names a player twice")
        if not self.min_players <= len(players) <= self.max_players:
            wanted = (str(self.min_players) if self.min_players == self.max_players
                      else f"{self.min_players} to {self.max_players}")
            raise SetupError(f"{self.name} is played by {wanted} players, the set-up names {len(players)}")
        return dict(setup)

    def players(self, setup: Mapping[str, Any]) -> list[str]:
        """The players (seats) of a checked set-up, in seat order."""
        return list(setup["players"])

    def sides(self, setup: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
        """The sides that can win, each with the seats on it (default: every seat on its own).

        Teams list several seats; a side may hold no seat at all (a co-op game's Tyrant).
        :meth:`Game.finish` names winners by side or by seat.
        """
        return {p: (p,) for p in self.players(setup)}

    def setup_options(self) -> list[SetupOption]:
        """Settings a player may give on the command line (``skirmish play RULESET --heroes 4``).

        Each becomes ``--NAME VALUE``; :meth:`apply_options` folds the given values into the
        default set-up (or a set-up file's), and :meth:`check_setup` then checks the result.
        """
        return []

    def apply_options(self, setup: dict[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """``setup`` with the command-line ``options`` applied (default: each value under its own key)."""
        out = dict(setup)
        out.update(options)
        return out

    def study_axes(self) -> dict[str, tuple[str, ...]]:
        """Settings (names of :meth:`setup_options`) whose every combination a study plays by default, each
        with the values to try as typed on the command line: a co-operative game names what makes it harder
        (``{"heroes": ("1", "2"), "difficulty": ("easy", "hard")}``), so ``skirmish compare`` reports the win
        rate per set-up rather than one figure for the default. Default: none."""
        return {}

    # -- play --------------------------------------------------------------------
    def create(self, game: Game) -> Any:
        """Build the initial state (plain attrs data) from ``game.setup``; may roll ``game.rng``."""
        raise NotImplementedError

    def start(self, game: Game) -> None:
        """Schedule the first steps of the game."""
        game.schedule(Rounds())

    def phases(self) -> Mapping[str, Phase]:
        """The phases of a round by name, in their usual order."""
        return {}

    def phase_order(self, game: Game) -> list[str]:
        """The phases of this round, in order (override to roll or choose it)."""
        return list(self.phases())

    def expire_keywords(self, game: Game, scope: str) -> None:
        """Remove keywords that last until the end of ``scope``; the default finds every KeywordSet in the state.

        Override to visit only where keywords live when the state is large.
        """
        expire_all(game.state, scope, log=game.log, rule=f"End of {scope}")

    def end_of_round(self, game: Game) -> None:
        """Called after every round (check victory here, call ``game.finish``)."""

    def out_of_steps(self, game: Game) -> None:
        """Called when nothing is scheduled and the game has not ended."""

    # -- seeing -------------------------------------------------------------------
    def view(self, game: Game, player: str | None) -> Any:
        """What ``player`` may see of the state as plain data (``None``: everything)."""
        return canonical(game.state)

    def describe(self, game: Game, player: str | None) -> str:
        """The state as a person reads it."""
        import json

        return json.dumps(self.view(game, player), indent=1, sort_keys=True)

    def last_round(self, game: Game) -> int | None:
        """The round ``game`` ends after if nothing decides it sooner (``None``: no fixed length).

        ``skirmish compare`` counts the games decided before it.
        """
        return None

    def present(self, game: Game, player: str | None) -> Presentation:
        """What ``player`` sees (``None``: everything): the table or board as SVG, its pieces with their
        details, a legend and the brief status (:class:`skirmish.presentation.Presentation`).

        The one presentation hook: the browser, ``skirmish svg`` and ``play --svg-dir`` all draw from it,
        so a ruleset that implements it gets every screen. The default wraps :meth:`svg` (for rulesets
        written before this hook) and gives no picture when there is none.
        """
        from skirmish.presentation import Presentation  # (loaded for screens only, not to play at a prompt)

        picture = self.svg(game, player) if type(self).svg is not Ruleset.svg else None
        try:
            brief = self.brief(game, player) if player is not None else self.describe(game, None)
        except Exception:  # noqa: BLE001 - a status line is not worth a lost screen
            brief = ""
        return Presentation(svg=picture, brief=brief)

    def svg(self, game: Game, player: str | None) -> str | None:
        """The state as an SVG picture (a complete document), as ``player`` may see it; ``None``: no picture.

        The default draws :meth:`present`'s picture; rulesets override :meth:`present`, not this.
        """
        if type(self).present is Ruleset.present:
            return None
        return self.present(game, player).svg

    def option_labels(self, game: Game, decision: Decision) -> dict[int, str]:
        """Labels a person should see instead of some options' own, by index in ``decision.options``: what costs
        too much to work out for every option an agent reads (how far a move really gets before something stops
        it; a manoeuvre that the rules would refuse at any distance). Only screens call it (the terminal and the
        browser, when they show a person the question), so agents and studies never pay for it. Default: none."""
        return {}

    def shades(self, game: Game, player: str, piece: str) -> list[Shade]:
        """What ``piece`` can reach, charge, see or target now, as ``player`` may know it, from the rules' own
        checks; a screen shades them when the piece is selected.

        The default reads the pending decision: the pieces its options for ``piece`` (option data
        ``actor``/``unit``/``warrior``/``hero``) name as ``target``. Override to add areas (a move's reach).
        """
        from skirmish.presentation import option_shades

        return option_shades(game, player, piece)

    def measure_between(self, game: Game, player: str, a: str | tuple[float, float],
                        b: str | tuple[float, float]) -> str:
        """Distance between two pieces (ids) or points on the table as the rules measure it, for a screen's tape.

        The default measures closest points between the footprints :meth:`present` gives, after asking
        :meth:`measure` (line of sight, cover, facing) when both are pieces and the ruleset measures them.
        """
        from skirmish.presentation import measure_between

        shown = self.present(game, player)
        if shown.frame is None:
            raise SkirmishError(f"{self.title or self.name} is played on a board: nothing to measure")
        _, text = measure_between(shown, a, b)
        if isinstance(a, str) and isinstance(b, str) and type(self).measure is not Ruleset.measure:
            pa, pb = shown.piece(a), shown.piece(b)
            try:
                return self.measure(game, player, pa.name if pa else a, pb.name if pb else b)
            except SkirmishError:
                try:
                    return self.measure(game, player, a, b)
                except SkirmishError:
                    return text
        return text

    def digest_data(self, game: Game) -> Any:
        """What the state digest covers (default: the whole state)."""
        return game.state

    def determinize(self, game: Game, player: str, *, sample: int = 0) -> Game:
        """A clone of ``game`` holding only what ``player`` knows (hidden parts re-dealt at random).

        ``sample`` numbers different re-deals for the same position (for averaging).
        The default suits perfect-information games; rulesets with hidden cards override it.
        """
        if not self.perfect_information:
            raise NotImplementedError(f"{self.name} hides information; it must override determinize()")
        clone = game.clone()
        clone.rng.reseed(hash((game.seed, game.decisions, sample)))  # the future dice are unknown too
        return clone

    def secrets(self, game: Game, player: str) -> list[str]:
        """Strings naming what only ``player`` may know now (e.g. ids of the cards in their hand).

        The conformance suite checks that no other player's view or log shows any of them,
        so make them unique (card instance ids rather than card names).
        """
        return []

    def summary(self, game: Game) -> dict[str, float]:
        """Extra per-game figures for ``skirmish simulate`` (e.g. units lost)."""
        return {}

    # -- explaining ---------------------------------------------------------------
    def glossary(self) -> dict[str, str]:
        """Term -> short explanation (rules, keywords, statuses, columns), from the ruleset's content.

        ``help TERM`` at a prompt reads it; look terms up case-insensitively.
        """
        return {}

    def odds(self, game: Game, player: str, query: str) -> list[tuple[str, dict[Any, Any]]]:
        """Exact outcome distributions ``(title, {outcome: Fraction})`` computed by the rules code.

        An empty ``query`` means the attacks or tests the pending decision offers. Raise
        :class:`SkirmishError` with one line when ``query`` names nothing this ruleset can work out.
        """
        raise SkirmishError(f"{self.title or self.name} does not work out odds")

    def measure(self, game: Game, player: str, a: str, b: str) -> str:
        """Distance, line of sight, cover and facing between two pieces named as ``player`` sees them."""
        raise SkirmishError(f"{self.title or self.name} has nothing to measure")

    def brief(self, game: Game, player: str | None) -> str:
        """A compact status that fits above a prompt on an 80x24 screen (default: the full description)."""
        return self.describe(game, player)

    def final_summary(self, game: Game, player: str | None) -> str:
        """What a player reads when the game ends: result, final picture, casualties, key moments."""
        result = game.result
        if result is None:
            return ""
        lines = [f"Result: {result.reason}"]
        for seat in game.players:
            score = f" ({result.scores[seat]:g} points)" if seat in result.scores else ""
            lines.append(f"  {seat}: {result.outcome(seat)}{score}")
        return "\n".join(lines)


@attrs.frozen
class SetupOption:
    """A set-up setting offered on the command line: ``--name VALUE``.

    ``kind`` is ``"int"`` (within ``low``..``high``), ``"str"``, ``"choice"`` (one of ``choices``),
    ``"path"`` (an existing file or directory) or ``"bool"`` (a flag taking yes/no). ``seats`` marks the
    ``int`` setting that says how many players sit: ``play --players a,b`` without it sets it to 2.
    """

    name: str
    help: str
    kind: str = attrs.field(default="str", validator=attrs.validators.in_(("int", "str", "choice", "path", "bool")))
    choices: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    low: int = 0
    high: int = 0
    metavar: str = ""
    seats: bool = False

    def parse(self, text: str) -> Any:
        """The value of ``--name text``; a bad one raises :class:`SetupError` with one line."""
        flag = f"--{self.name}"
        if self.kind == "int":
            try:
                value = int(text)
            except ValueError:
                raise SetupError(f"{flag} takes a whole number, not {text!r}") from None
            if (self.low or self.high) and not self.low <= value <= self.high:
                raise SetupError(f"{flag} must be {self.low} to {self.high}, not {value}")
            return value
        if self.kind == "choice":
            for c in self.choices:
                if c.lower() == text.lower():
                    return c
            raise SetupError(f"{flag} must be one of {', '.join(self.choices)}, not {text!r}")
        if self.kind == "bool":
            low = text.lower()
            if low in ("yes", "y", "true", "on", "1"):
                return True
            if low in ("no", "n", "false", "off", "0"):
                return False
            raise SetupError(f"{flag} takes yes or no, not {text!r}")
        if self.kind == "path":
            from pathlib import Path

            if not Path(text).exists():
                raise SetupError(f"{flag}: no file or directory at {text}")
            return str(Path(text).resolve())
        return text
