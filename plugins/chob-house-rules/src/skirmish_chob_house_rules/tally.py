"""The kill tally: who removed whom, counted from the log's events.

One counter (:class:`KillTally`) reads events one at a time and serves three ways:

- as an **observer** (``skirmish_event`` in ``plugin.py``, called only for games of the
  variant): it keeps the tally of each game in the game's own stash,
  ``game.stash["chob-house-rules"]``, as plain data. The stash is copied with the game
  (a look-ahead clone starts with the tally so far; clones are never observed, so it
  stays there), and nothing is kept in this module: games played side by side, or in
  ``skirmish simulate --workers`` processes, each count their own.
- as **figures for** ``skirmish simulate`` (``skirmish_simulate_figures``): credited kills
  and uncredited deaths per game, averaged by simulate.
- in the ``chob-tally`` **command**, which replays a save file and recounts its log.

How a death is credited: the last ``attack`` on the victim names its attacker. Hits that
come from no attack (spells, bombardment, explosions, a Last Stand) clear that, and so
does every answer and every new phase (an attack resolves at once, with no decision in
between), so a later wound from elsewhere (a Divine Jab) is credited to nobody. A Parry
wound is credited to the warrior who parried.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skirmish import Event, Game

#: this plugin's key in ``game.stash`` (its entry-point name)
STASH = "chob-house-rules"
#: events after which no earlier attack is to blame for a death
_MOVES_ON = frozenset({"answer", "phase", "round"})


def _new() -> dict[str, Any]:
    # killer id -> victim ids in order; victims credited to nobody; victim -> who struck it last; last target
    return {"kills": {}, "uncredited": [], "blame": {}, "defender": ""}


class KillTally:
    """Kills per warrior id, fed one event at a time (``feed``). ``data`` is plain data (it lives in a stash)."""

    __slots__ = ("data",)

    def __init__(self, data: dict[str, Any] | None = None) -> None:
        self.data = data if data is not None else _new()

    @property
    def kills(self) -> dict[str, list[str]]:
        return self.data["kills"]

    @property
    def uncredited(self) -> list[str]:
        return self.data["uncredited"]

    def feed(self, event: Event) -> None:
        kind, data, d = event.kind, event.data, self.data
        if kind in _MOVES_ON:
            d["blame"].clear()
            return
        target = str(data.get("target", ""))
        if kind == "attack":
            d["blame"][target] = str(data.get("attacker", ""))
            d["defender"] = target
        elif kind == "parry":
            d["blame"][target] = d["defender"]
        elif kind == "hits":
            d["blame"][target] = ""
        elif kind == "death":
            killer = d["blame"].pop(target, "")
            if killer and killer != target:
                d["kills"].setdefault(killer, []).append(target)
            else:
                d["uncredited"].append(target)

    def feed_all(self, events: Iterable[Event]) -> KillTally:
        for event in events:
            self.feed(event)
        return self

    def counts(self) -> dict[str, int]:
        """Kills per killer id, most first."""
        return dict(sorted(((k, len(v)) for k, v in self.kills.items()), key=lambda kv: (-kv[1], kv[0])))


def of_game(game: Game) -> KillTally:
    """The tally kept in ``game``'s stash (created empty on first use)."""
    data = game.stash.get(STASH)
    if data is None:
        data = game.stash[STASH] = _new()
    return KillTally(data)


def observe(game: Game, event: Event) -> None:
    """The observer's work for one event (``plugin.skirmish_event`` calls it for the variant's games)."""
    of_game(game).feed(event)


def live(game: Game) -> dict[str, int]:
    """Kills so far in ``game`` by warrior id (empty for games this plugin does not observe)."""
    data = game.stash.get(STASH)
    return KillTally(data).counts() if data is not None else {}


def figures(game: Game) -> dict[str, float]:
    """What ``skirmish simulate`` averages: credited kills and deaths credited to nobody, per game."""
    data = game.stash.get(STASH) or _new()
    return {f"{STASH}: credited kills": float(sum(len(v) for v in data["kills"].values())),
            f"{STASH}: uncredited deaths": float(len(data["uncredited"]))}


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
