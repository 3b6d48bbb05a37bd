"""The kill tally: who removed whom, counted from the log's events.

One counter (:class:`KillTally`) reads events one at a time and serves twice:

- as an **observer** (``skirmish_event`` / ``skirmish_game_end`` in ``plugin.py``): it
  keeps a live tally per game of the variant, held in a ``WeakKeyDictionary`` keyed by
  the game object (a game dropped before its end leaves nothing behind, and look-ahead
  clones are never observed). At the end the finished tally moves to :data:`FINISHED`
  for tools running games in this process. Observers only read: the tally never writes
  to the game, its log or the terminal.
- in the ``chob-tally`` **command**, which replays a save file and recounts its log.

How a death is credited: the last ``attack`` on the victim names its attacker. Hits that
come from no attack (spells, bombardment, explosions, a Last Stand) clear that, and so
does every answer and every new phase (an attack resolves at once, with no decision in
between), so a later wound from elsewhere (a Divine Jab) is credited to nobody. A Parry
wound is credited to the warrior who parried.
"""

from __future__ import annotations

import collections
import weakref
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from skirmish import Event, Game


#: events after which no earlier attack is to blame for a death
_MOVES_ON = frozenset({"answer", "phase", "round"})


@attrs.define
class KillTally:
    """Kills per warrior id, fed one event at a time (``feed``)."""

    kills: dict[str, list[str]] = attrs.field(factory=dict)  # killer id -> victim ids, in order
    uncredited: list[str] = attrs.field(factory=list)  # victims no warrior is credited with
    _blame: dict[str, str] = attrs.field(factory=dict)  # victim id -> who struck it last ("" = no one)
    _defender: str = ""  # the target of the last attack (who parries answers it)

    def feed(self, event: Event) -> None:
        kind, data = event.kind, event.data
        if kind in _MOVES_ON:
            self._blame.clear()
            return
        target = str(data.get("target", ""))
        if kind == "attack":
            self._blame[target] = str(data.get("attacker", ""))
            self._defender = target
        elif kind == "parry":
            self._blame[target] = self._defender
        elif kind == "hits":
            self._blame[target] = ""
        elif kind == "death":
            killer = self._blame.pop(target, "")
            if killer and killer != target:
                self.kills.setdefault(killer, []).append(target)
            else:
                self.uncredited.append(target)

    def feed_all(self, events: Iterable[Event]) -> KillTally:
        for event in events:
            self.feed(event)
        return self

    def counts(self) -> dict[str, int]:
        """Kills per killer id, most first."""
        return dict(sorted(((k, len(v)) for k, v in self.kills.items()), key=lambda kv: (-kv[1], kv[0])))


@attrs.frozen
class Finished:
    """The tally of one finished game, kept for tools (see :data:`FINISHED`)."""

    ruleset: str
    seed: int
    winners: tuple[str, ...]
    kills: dict[str, int]
    uncredited: int


#: live tallies of the games being played now (the observer's; clones are never in it)
LIVE: weakref.WeakKeyDictionary[Game, KillTally] = weakref.WeakKeyDictionary()
#: the tallies of the last games that ended in this process, newest last
FINISHED: collections.deque[Finished] = collections.deque(maxlen=100)


def observe(game: Game, event: Event) -> None:
    """The observer's work for one event (``plugin.skirmish_event`` calls it for the variant)."""
    tally = LIVE.get(game)
    if tally is None:
        tally = LIVE[game] = KillTally()
    tally.feed(event)


def finish(game: Game) -> None:
    """The game ended: move its tally to :data:`FINISHED`."""
    tally = LIVE.pop(game, None) or KillTally()
    result = game.result
    FINISHED.append(Finished(game.ruleset.name, game.seed, result.winners if result else (), tally.counts(),
                             len(tally.uncredited)))


def live(game: Game) -> dict[str, int]:
    """Kills so far in ``game`` by warrior id (empty for games this plugin does not observe)."""
    tally = LIVE.get(game)
    return tally.counts() if tally is not None else {}


# ------------------------------------------------------------------------------ the command


def report(game: Game) -> dict[str, Any]:
    """The tally of a game as plain data: every warrior with its kills, and the uncredited deaths."""
    tally = KillTally().feed_all(game.log)
    warriors = game.state.warriors
    rows = [{"id": w.id, "name": w.name, "side": w.side, "status": w.status, "kills": len(tally.kills.get(w.id, [])),
             "victims": [warriors[v].name if v in warriors else v for v in tally.kills.get(w.id, [])]}
            for w in warriors.values()]
    rows.sort(key=lambda r: (-r["kills"], r["side"], r["id"]))
    return {"ruleset": game.ruleset.name, "seed": game.seed, "round": game.round, "warriors": rows,
            "uncredited": [warriors[v].name if v in warriors else v for v in tally.uncredited]}


def render(data: dict[str, Any]) -> str:
    lines = [f"Kill tally: {data['ruleset']} (seed {data['seed']}), after round {data['round']}"]
    width = max((len(r["name"]) for r in data["warriors"]), default=4)
    for r in data["warriors"]:
        victims = f"  ({', '.join(r['victims'])})" if r["victims"] else ""
        lines.append(f"  {r['name']:<{width}}  {r['side']:<6} {r['status']:<10} {r['kills']}{victims}")
    if data["uncredited"]:
        lines.append(f"  not credited to a warrior: {len(data['uncredited'])} ({', '.join(data['uncredited'])})")
    return "\n".join(lines)


def tally_command_spec() -> Any:
    """The ``skirmish chob-tally SAVE [--json]`` command (click is imported only here)."""
    import click

    from skirmish import CommandSpec

    @click.command("chob-tally")
    @click.argument("save", type=click.Path(dir_okay=False))
    @click.option("--json", "as_json", is_flag=True, help="Print the tally as JSON.")
    def chob_tally(save: str, as_json: bool) -> None:
        """Replay a saved Chob-Noggoth game (bundled or house rules) and print each warrior's kills."""
        data = report(replay_save(save, click.ClickException))
        if as_json:
            import json

            click.echo(json.dumps(data, indent=2))
        else:
            click.echo(render(data))

    return CommandSpec("chob-tally", chob_tally, "replay a saved Chob-Noggoth game and count each warrior's kills")


def replay_save(path: str, error: type[Exception]) -> Game:
    """The game in the save file ``path``, replayed with the installed ruleset it names."""
    import skirmish
    from skirmish_chob_noggoth.rules import ChobNoggoth

    try:
        save = skirmish.read_save(path)
        ruleset = skirmish.Registry().ruleset(save.ruleset)
        if not isinstance(ruleset, ChobNoggoth):
            raise error(f"{path} is a {save.ruleset} game, not Chob-Noggoth")
        return skirmish.replay(save, ruleset, where=path)
    except skirmish.SkirmishError as exc:
        raise error(str(exc)) from None
