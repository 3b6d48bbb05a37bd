"""One game held by the web server: its seats and links, its save and journal, and what each seat may see.

A :class:`GameHost` is plain synchronous Python (the server calls it from worker threads under the
host's lock): it answers for human seats, lets AI seats play one decision at a time, undoes, resigns,
saves, previews an answer on a re-dealt copy and replays the game to any earlier answer (time travel).
Everything it hands out for a seat is already filtered to what that seat may see.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skirmish.errors import DiceError, IllegalAnswer, SkirmishError

if TYPE_CHECKING:
    from skirmish.decisions import Decision, Option
    from skirmish.engine import Game
    from skirmish.plugins import Registry

#: the viewer a spectator's link sees the game as: no seat, so only what every player may see
SPECTATOR = "(spectator)"
#: events not listed as play goes on (random picks that are not dice; kept for "why")
QUIET = frozenset({"draw"})


class Refused(SkirmishError):
    """A request the game refuses (stale, wrong seat, illegal answer); ``status`` is the HTTP status."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.status = status


class Access:
    """What a link may do: ``seats`` it answers for (all human seats for the table link), and whose eyes it has."""

    def __init__(self, kind: str, seats: tuple[str, ...]) -> None:
        self.kind = kind  # "table", "seat" or "spectator"
        self.seats = seats


class GameHost:
    """A game on the server: the game, who sits where, links, save file and journal."""

    def __init__(self, registry: Registry, game: Game, seats: Mapping[str, str], save_path: Path, *,
                 tokens: Mapping[str, Any] | None = None, game_id: str = "") -> None:
        from skirmish_cli.registry import is_interactive

        self.registry = registry
        self.game = game
        self.seats = dict(seats)
        self.save_path = save_path
        self.id = game_id or save_path.stem
        self.humans = tuple(p for p in game.players if is_interactive(registry, self.seats[p], game.ruleset.name))
        tokens = dict(tokens or {})
        self.table_token: str = str(tokens.get("table") or secrets.token_urlsafe(18))
        seat_tokens = tokens.get("seats") if isinstance(tokens.get("seats"), dict) else {}
        self.seat_tokens: dict[str, str] = {p: str(seat_tokens.get(p) or secrets.token_urlsafe(18))
                                            for p in self.humans}
        self.lock = threading.RLock()
        self.version = 0  # bumped after every change; pages re-read the game when it moves
        self.epoch = 0  # bumped when the game goes back (undo): a page's log must be read again whole
        self.busy = False  # an AI is deciding
        self.error = ""  # why the game stopped (a ruleset or agent failure), shown to every page
        self.closed = False
        self.agents: dict[str, Any] = {}
        self.last_human: str | None = None
        self._journal: Any = None
        self._lock_file: Any = None
        self._odds: tuple[int, str, list[dict[str, Any]]] | None = None
        self._make_agents()

    # -- links ---------------------------------------------------------------------------
    def tokens(self) -> dict[str, Any]:
        return {"table": self.table_token, "seats": dict(self.seat_tokens)}

    def access(self, token: str | None) -> Access:
        """The access a link's token gives (no token: a spectator); an unknown token is refused."""
        if not token:
            return Access("spectator", ())
        if secrets.compare_digest(token, self.table_token):
            return Access("table", self.humans)
        for seat, known in self.seat_tokens.items():
            if secrets.compare_digest(token, known):
                return Access("seat", (seat,))
        raise Refused("this link's key is not one of this game's (ask for a fresh link)", 403)

    def viewer(self, access: Access) -> str | None:
        """Whose eyes a link sees through: its seat; the table link sees as the human to play (hot-seat),
        the only human, or everything when no human sits; a spectator sees what every player may see."""
        if access.kind == "seat":
            return access.seats[0]
        if access.kind == "spectator":
            return SPECTATOR
        if not self.humans:
            return None
        if len(self.humans) == 1:
            return self.humans[0]
        pending = self.game.pending
        if pending is not None and pending.player in self.humans:
            return pending.player
        return self.last_human or self.humans[0]

    # -- saving ----------------------------------------------------------------------------
    def open_save(self) -> None:
        """Own the save path (a lock, so a terminal cannot play the same game meanwhile) and journal answers."""
        from skirmish.saves import Journal, SaveLock

        if self._lock_file is None:
            self._lock_file = SaveLock(self.save_path).acquire()
        if self._journal is None:
            self._journal = Journal(self.save_path, self.seats)
        self._journal.record(self.game)

    def autosave(self) -> None:
        if self._journal is None:
            self.open_save()
        else:
            self._journal.record(self.game)

    def save_now(self) -> None:
        """Write the whole game into its TOML save (the journal folded in)."""
        self.autosave()
        self._journal.compact(self.game)

    def close(self) -> None:
        """Fold the journal into the save and give the path up (a terminal may now resume it)."""
        journal, lock = self._journal, self._lock_file
        self._journal = self._lock_file = None
        self.closed = True
        try:
            if journal is not None:
                journal.close(self.game)
        finally:
            if lock is not None:
                lock.release()

    # -- playing -----------------------------------------------------------------------------
    def _make_agents(self) -> None:
        from skirmish.runner import seat_agents
        from skirmish.saves import catch_up

        self.agents = seat_agents(self.registry, self.game, self.seats, skip=self.humans)
        catch_up(self.game, self.agents)  # resumed or undone: the agents stand where they stood

    def state_word(self, access: Access) -> str:
        """``waiting`` (this link must answer), ``thinking`` (someone else is to play) or ``finished``."""
        game = self.game
        if game.over:
            return "finished"
        if self.error:
            return "stopped"
        pending = game.pending
        if pending is not None and pending.player in access.seats and not self.busy:
            return "waiting"
        return "thinking"

    def ai_to_play(self) -> bool:
        pending = self.game.pending
        return pending is not None and pending.player not in self.humans and not self.error and not self.closed

    def ai_step(self) -> bool:
        """Let the AI seat that must answer play one decision; ``False`` when no AI is to play."""
        with self.lock:
            if not self.ai_to_play():
                return False
            game = self.game
            decision = game.pending
            assert decision is not None
            from skirmish.agents import View

            try:
                value = self.agents[decision.player].decide(View(game, decision.player), decision)
                game.answer(value, decision.player)
            except Exception as exc:  # noqa: BLE001 - one game's failure must not take the server down
                self.error = (f"the agent '{self.seats[decision.player]}' playing {decision.player} failed: "
                              f"{type(exc).__name__}: {exc}")
                self.version += 1
                return False
            self._changed()
            return True

    def answer(self, access: Access, version: int | None, value: Any) -> None:
        """Answer the pending decision for a seat this link holds; stale, wrong-seat and illegal answers are refused."""
        with self.lock:
            self._check_turn(access, version)
            game = self.game
            decision = game.pending
            assert decision is not None
            had_loaded = bool(game.rng.loaded)
            try:
                game.answer(value, decision.player)
            except IllegalAnswer as exc:
                raise Refused(f"refused: {exc}", 422) from None
            except DiceError as exc:
                if not had_loaded:
                    self._failed(exc)
                raise Refused(f"refused: {exc}", 422) from None
            except Exception as exc:  # noqa: BLE001 - a ruleset's bug stops this game only, saved
                self._failed(exc)
                raise Refused(self.error, 500) from None
            self.last_human = decision.player
            self._changed()

    def _check_turn(self, access: Access, version: int | None) -> None:
        game = self.game
        if self.error:
            raise Refused(self.error, 409)
        if game.over:
            raise Refused("the game is over", 409)
        if version is not None and version != self.version:
            raise Refused("the game moved on since this page last looked (it has been refreshed)", 409)
        pending = game.pending
        if pending is None or self.busy:
            raise Refused("wait: the game is not asking anything right now", 409)
        if pending.player not in access.seats:
            who = "a spectator cannot play" if access.kind == "spectator" else f"it is {pending.player}'s turn"
            raise Refused(f"refused: {who}", 403)

    def _failed(self, exc: BaseException) -> None:
        self.error = f"the rules failed ({type(exc).__name__}: {exc}); the game is saved up to the last answer"
        self.version += 1

    def _changed(self) -> None:
        self.version += 1
        self._odds = None
        try:
            self.autosave()
        except SkirmishError as exc:
            self.error = f"the game could not be saved: {exc}"

    def undo(self, access: Access) -> str:
        """Go back to before the last answer a seat of this link gave; returns what was undone."""
        from skirmish.saves import SaveFile, replay

        with self.lock:
            if self.busy:
                raise Refused("wait for the AI to finish its move", 409)
            answers = self.game.answers
            index = next((i for i in range(len(answers) - 1, -1, -1)
                          if answers[i].get("player") in access.seats or answers[i].get("resign") in access.seats),
                         None)
            if index is None:
                raise Refused("nothing to undo: you have not answered yet", 409)
            save = SaveFile.of(self.game, self.seats)
            self.game = replay(save, self.game.ruleset, upto=index, check_version=False)
            self.epoch += 1
            self.error = ""
            self._make_agents()
            self._changed()
            return f"back to before answer {index + 1}"

    def resign(self, access: Access, seat: str | None) -> None:
        with self.lock:
            if self.game.over:
                raise Refused("the game is over", 409)
            who = seat or (access.seats[0] if len(access.seats) == 1 else None)
            if who is None and self.game.pending is not None and self.game.pending.player in access.seats:
                who = self.game.pending.player
            if who is None or who not in access.seats:
                raise Refused("say which of your seats resigns", 422)
            self.game.resign(who)
            self._changed()

    # -- seeing ------------------------------------------------------------------------------
    def presentation(self, game: Game, viewer: str | None) -> dict[str, Any]:
        try:
            return game.ruleset.present(game, viewer).to_dict()
        except Exception as exc:  # noqa: BLE001 - no picture rather than a lost page
            return {"svg": None, "pieces": [], "legend": [], "frame": None, "panels": [],
                    "brief": f"(the picture failed: {type(exc).__name__}: {exc})"}

    def snapshot(self, access: Access, after: int = 0, epoch: int | None = None) -> dict[str, Any]:
        """Everything a page shows, as this link may see it: picture, pieces, decision, log since ``after``
        (all of it when the page's ``epoch`` is not the game's: it went back meanwhile)."""
        from skirmish_cli.render import result_line, shown_labels

        with self.lock:
            game = self.game
            viewer = self.viewer(access)
            reset = after > len(game.log.events) or (epoch is not None and epoch != self.epoch)
            events = game.log.events[0 if reset else after:]
            shown = [event_dict(seen) for e in events if (seen := e.seen_by(viewer)) is not None
                     and seen.kind not in QUIET]
            pending = game.pending
            out: dict[str, Any] = {
                "id": self.id, "ruleset": game.ruleset.name, "title": game.ruleset.title or game.ruleset.name,
                "version": self.version, "state": self.state_word(access), "viewer": viewer,
                "access": access.kind, "seats": [{"seat": p, "agent": self.seats[p], "human": p in self.humans}
                                                  for p in game.players],
                "round": game.round, "phase": game.phase, "decisions": game.decisions,
                "answers": len(game.answers), "seed": game.seed,
                "presentation": self.presentation(game, viewer), "events": shown, "log_length": len(game.log.events),
                "reset": reset or after == 0, "epoch": self.epoch,
                "to_play": pending.player if pending is not None else None, "error": self.error,
                "save": str(self.save_path), "result": None, "decision": None,
            }
            if game.result is not None:
                out["result"] = {**game.result.to_dict(), "line": result_line(game),
                                 "outcomes": {p: game.result.outcome(p) for p in game.players}}
            if pending is not None and pending.player in access.seats and not self.busy:
                out["decision"] = decision_dict(pending, shown_labels(game, pending))
            return out

    def odds(self, access: Access) -> list[dict[str, Any]]:
        """Exact odds of what the pending decision offers (for the seat that must answer), kept until it changes."""
        with self.lock:
            game = self.game
            pending = game.pending
            if pending is None or pending.player not in access.seats:
                return []
            key = (game.decisions, pending.player)
            if self._odds is not None and self._odds[:2] == key:
                return self._odds[2]
            try:
                tables = game.ruleset.odds(game, pending.player, "")
            except Exception:  # noqa: BLE001 - odds are a help, not the game (a SkirmishError says "none here")
                tables = []
            out = [odds_dict(title, dist) for title, dist in tables]
            self._odds = (key[0], key[1], out)
            return out

    def preview(self, access: Access, value: Any) -> dict[str, Any]:
        """What an answer would do (on a re-dealt copy): the picture after it and its events, or why it is refused."""
        from skirmish.presentation import preview_answer

        with self.lock:
            game = self.game
            pending = game.pending
            if pending is None or pending.player not in access.seats or self.busy:
                return {"ok": False, "error": "nothing of yours to answer now"}
            try:
                trial, err = preview_answer(game, pending.player, value)
            except Exception as exc:  # noqa: BLE001 - a preview that fails tells why, the game goes on
                return {"ok": False, "error": f"cannot preview this ({type(exc).__name__}: {exc})"}
            if trial is None:
                return {"ok": False, "error": err or "refused"}
            viewer = pending.player
            start = len(game.log.events)
            happened = [seen.text for e in trial.log.events[start:]
                        if (seen := e.seen_by(viewer)) is not None and seen.kind not in ("roll", "answer", "draw")]
            return {"ok": True, "presentation": self.presentation(trial, viewer), "events": happened[:12]}

    def at(self, access: Access, n: int) -> dict[str, Any]:
        """The game as it stood after its first ``n`` entries (answers), replayed, as this link may see it."""
        from skirmish.saves import SaveFile, replay

        with self.lock:
            total = len(self.game.answers)
            save = SaveFile.of(self.game, self.seats)
            viewer = self.viewer(access)
        if not 0 <= n <= total:
            raise Refused(f"no such moment: 0 to {total}", 422)
        past = replay(save, self.game.ruleset, upto=n, check_version=False, check_digest=False)
        shown = [event_dict(seen) for e in past.log.events if (seen := e.seen_by(viewer)) is not None
                 and seen.kind not in QUIET]
        return {"n": n, "of": total, "round": past.round, "phase": past.phase,
                "presentation": self.presentation(past, viewer), "events": shown[-40:]}

    def why(self, access: Access, seq: int) -> list[dict[str, Any]]:
        with self.lock:
            viewer = self.viewer(access)
            chain = self.game.log.why(seq)
            if not chain or chain[0].seen_by(viewer) is None:
                raise Refused(f"there is no event #{seq} you can see", 404)
            out = []
            for e in chain[:16]:
                seen = e.seen_by(viewer)
                out.append(event_dict(seen) if seen is not None else {"seq": e.seq, "text": "(hidden)", "rule": ""})
            return out

    def measure(self, access: Access, a: str | tuple[float, float], b: str | tuple[float, float]) -> str:
        with self.lock:
            viewer = self.viewer(access)
            try:
                return self.game.ruleset.measure_between(self.game, viewer or self.game.players[0], a, b)
            except SkirmishError as exc:
                raise Refused(str(exc), 422) from None

    def shades(self, access: Access, piece: str) -> list[dict[str, Any]]:
        with self.lock:
            viewer = self.viewer(access)
            if viewer is None or viewer == SPECTATOR:
                return []
            try:
                return [s.to_dict() for s in self.game.ruleset.shades(self.game, viewer, piece)]
            except Exception:  # noqa: BLE001 - shading is a help, not the game
                return []

    def glossary(self) -> dict[str, str]:
        try:
            return dict(self.game.ruleset.glossary())
        except Exception:  # noqa: BLE001 - no glossary rather than a lost page
            return {}


# -- plain data for the page ------------------------------------------------------------------------

def event_dict(e: Any) -> dict[str, Any]:
    return {"seq": e.seq, "kind": e.kind, "text": e.text, "rule": e.rule, "cause": e.cause}


def decision_dict(d: Decision, labels: dict[int, str] | None = None) -> dict[str, Any]:
    """The decision for the page; ``labels`` replace some options' labels, by index (``render.shown_labels``)."""
    from skirmish_cli.render import option_group

    labels = labels or {}
    out: dict[str, Any] = {"player": d.player, "kind": d.kind, "prompt": d.prompt, "rule": d.rule,
                           "options": [option_dict(i, o, option_group(o), labels.get(i - 1))
                                       for i, o in enumerate(d.options, 1)],
                           "params": [param_dict(p) for p in d.params], "prefill": None}
    if d.params:
        out["prefill"] = d.examples[0] if d.examples else None
    return out


def option_dict(index: int, o: Option, group: str, label: str | None = None) -> dict[str, Any]:
    data = {k: v for k, v in (o.data or {}).items() if isinstance(v, str | int | float | bool)
            or (isinstance(v, list) and all(isinstance(x, str | int | float) for x in v))}
    return {"n": index, "value": o.value, "label": label or o.label or str(o.value), "help": o.help, "group": group,
            "data": data}


def param_dict(p: Any) -> dict[str, Any]:
    return {"name": p.name, "kind": p.kind, "low": p.low, "high": p.high, "choices": list(p.choices),
            "step": p.step, "help": p.help, "total": p.total, "bounds": list(p.bounds), "describe": p.describe()}


def odds_dict(title: str, dist: Mapping[Any, Any]) -> dict[str, Any]:
    from skirmish_cli.render import outcome_text

    items = [(o, Fraction(p)) for o, p in dist.items()]
    numbers = all(isinstance(o, int | float | Fraction) and not isinstance(o, bool) for o, _ in items)
    if numbers:
        items.sort(key=lambda kv: kv[0])
    rows = [{"outcome": outcome_text(o), "chance": float(p)} for o, p in items]
    mean = float(sum((Fraction(o) * p for o, p in items), Fraction(0))) if numbers and items else None
    some = float(sum((p for o, p in items if o > 0), Fraction(0))) if numbers and items else None
    number, dot, rest = title.partition(". ")  # "3. ..." is the odds of choice 3 of the menu
    choice = int(number) if dot and number.isdigit() else None
    return {"title": title, "rows": rows, "mean": mean, "some": some, "choice": choice,
            "what": rest if choice is not None else title}


__all__ = ["GameHost", "Refused", "Access", "SPECTATOR"]
