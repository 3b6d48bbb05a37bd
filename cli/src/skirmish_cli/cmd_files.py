"""``skirmish show``, ``replay`` and ``svg``: reading save files (never writing them)."""

from __future__ import annotations

from typing import Any

import click


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--as", "as_player", metavar="PLAYER", help="Show only what PLAYER may see (default: everything).")
@click.option("--json", "as_json", is_flag=True, help="Print the game's view as JSON.")
def show(file: str, as_player: str | None, as_json: bool) -> int:
    """Show the state of the game saved in FILE."""
    from skirmish_cli import render
    from skirmish_cli.common import check_viewer, load_game
    from skirmish_cli.registry import get_registry

    save, game = load_game(get_registry(), file)
    check_viewer(game, as_player)
    if as_json:
        click.echo(render.to_json(game.view(as_player)))
        return 0
    click.echo(safe(render.header(game)))
    if save.agents:
        click.echo(safe(render.seats_line(save.agents)))
    click.echo(safe(render.waiting_line(game)))
    if game.result:
        click.echo(safe(render.seat_results(game, save.agents)))
    from skirmish_cli.safe import safe_text

    click.echo(safe_text(game.ruleset.describe(game, as_player)))
    return 0


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the outcome as JSON.")
@click.option("--log", "with_log", is_flag=True, help="Print the full event log too.")
@click.option("--as", "as_player", metavar="PLAYER", help="The log as PLAYER saw it (their own hidden cards only).")
@click.option("--all", "everything", is_flag=True,
              help="The log with every player's hidden information (an unfinished game hides it otherwise).")
def replay(file: str, as_json: bool, with_log: bool, as_player: str | None, everything: bool) -> int:
    """Replay the game saved in FILE, check that it ends where it was saved, and print the outcome.

    The log (--log) of a game not finished shows what an onlooker sees: hidden draws are told, not
    shown, unless --as PLAYER (what that player saw) or --all asks for them. A finished game shows all.
    """
    from skirmish_cli import render
    from skirmish_cli.common import check_viewer, load_game
    from skirmish_cli.registry import get_registry

    if as_player is not None and everything:
        raise click.UsageError("give --as PLAYER or --all, not both")
    save, game = load_game(get_registry(), file)  # a digest mismatch is an error line here
    check_viewer(game, as_player)
    result = game.result
    hidden = as_player is None and not everything and result is None
    #: whose view the log is in: a player, everything (None), or an onlooker ("" is nobody's seat)
    viewer = as_player if as_player is not None else (None if not hidden else "")
    log = game.log.for_player(viewer)
    if as_json:
        data: dict[str, Any] = {
            "file": file, "ruleset": game.ruleset.name, "ruleset_version": game.ruleset.version, "seed": game.seed,
            "players": list(game.players), "agents": save.agents, "finished": result is not None,
            "winners": list(result.winners) if result else [], "draw": bool(result and result.draw),
            "reason": result.reason if result else "",
            "outcomes": {p: render.outcome_of(game, p) for p in game.players} if result else {},
            "scores": dict(result.scores) if result else {}, "rounds": game.round, "decisions": game.decisions,
            "dice": game.rng.rolls, "events": len(game.log), "digest": game.digest(), "digest_ok": True,
            "pending": ({"player": game.pending.player, "kind": game.pending.kind, "prompt": game.pending.prompt}
                        if game.pending else {}),
        }
        if with_log:
            data["log"] = [ev.to_dict() for ev in log]
        click.echo(render.to_json(data))
        return 0
    if with_log:
        from skirmish_cli.safe import safe_text

        for ev in log:
            click.echo(safe_text(render.event_line(ev, seq=True)))
        if hidden and any(ev.seen_by(viewer) is not ev for ev in game.log.events):
            click.echo("(hidden information is left out of an unfinished game: --as PLAYER shows what PLAYER saw, "
                       "--all everything)")
    click.echo(safe(render.header(game)))
    click.echo(f"{game.rng.rolls} dice rolled, {len(game.log)} events; the replay matches the save")
    click.echo(render.result_line(game) if result else f"unfinished: {render.waiting_line(game)}")
    if result:
        click.echo(safe(render.seat_results(game, save.agents)))
    return 0


def safe(text: str) -> str:
    """Names in the text came from files: print them without control sequences."""
    from skirmish_cli.safe import safe_text

    return safe_text(text)


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Where to write the picture (default: FILE with .svg; '-' for standard output).")
@click.option("--as", "as_player", metavar="PLAYER", help="Draw only what PLAYER may see (default: everything).")
def svg(file: str, output: str | None, as_player: str | None) -> int:
    """Draw the game saved in FILE as an SVG picture (table, board, pieces), for rulesets that draw one."""
    from pathlib import Path

    from skirmish_cli.common import check_viewer, load_game
    from skirmish_cli.registry import get_registry

    _, game = load_game(get_registry(), file)
    check_viewer(game, as_player)
    text = game.ruleset.present(game, as_player).svg  # the presentation hook every screen draws from
    if text is None:
        raise click.ClickException(f"{game.ruleset.title} draws no pictures (its ruleset presents none)")
    target = output or str(Path(file).with_suffix(".svg"))
    if target == "-":
        click.echo(text, nl=False)
        return 0
    if Path(target).resolve() == Path(file).resolve():
        raise click.ClickException(f"will not write the picture over the save file {file}")
    try:
        Path(target).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise click.ClickException(f"cannot write {target}: {exc.strerror or exc}") from None
    click.echo(f"wrote {target}")
    return 0
