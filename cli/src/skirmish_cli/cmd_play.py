"""``skirmish play`` and ``skirmish resume``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click


def _complete_ruleset(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    from skirmish_cli.common import complete_ruleset

    return complete_ruleset(ctx, param, incomplete)

if TYPE_CHECKING:
    from skirmish.engine import Game
    from skirmish.plugins import Registry


def _seat_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    fn = click.option("--as", "as_player", metavar="PLAYER",
                      help="Play (or watch) as PLAYER: the human sits there, events are shown as PLAYER sees them.")(fn)
    fn = click.option("--script", type=click.Path(dir_okay=False), metavar="FILE",
                      help="Answers for the human seats, one per line as typed at the prompt "
                           "('player: answer' lines for one player); the prompt takes over when it runs out.")(fn)
    fn = click.option("--svg-dir", "svg_dir", type=click.Path(file_okay=False), metavar="DIR",
                      help="Write an SVG picture of the table to DIR after every answer that changes it "
                           "(0001.svg, 0002.svg... and latest.svg), for rulesets that draw one.")(fn)
    fn = click.option("--players", "players", multiple=True, metavar="A,B",
                      help="Agents seated in player order, e.g. human,ai; a short list cycles, unless the "
                           "ruleset lets it set how many play (Goblin Uprising: human,human is 2 heroes).")(fn)
    return fn


@click.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.argument("ruleset", shell_complete=lambda *a: _complete_ruleset(*a))
@click.option("--seed", type=int, help="Seed of the game's dice (default: random, and printed).")
@_seat_options
@click.option("--vs", "vs", metavar="AGENT", help="Shorthand for --players human,AGENT.")
@click.option("--setup", "setup_file", type=click.Path(dir_okay=False), metavar="FILE.toml",
              help="A set-up file (armies, scenario, options) instead of the ruleset's default.")
@click.option("--dice", "dice", metavar="6,1,4", help="Load the next die rolls (numbers or face names).")
@click.option("--save", "save", type=click.Path(dir_okay=False), metavar="FILE",
              help="Save here after every answer (default: an autosave file, printed at the start).")
@click.option("--autosave", is_flag=True,
              help="Autosave a game without humans too (games with a human seat always autosave).")
@click.option("--overwrite", is_flag=True, help="Let --save replace an existing file.")
@click.option("--web", is_flag=True,
              help="Play in the browser: start a local server for this game and print its address.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="With --web: the port to listen on (0: any free one).")
@click.option("--open/--no-open", "open_browser", default=True, show_default=True,
              help="With --web: open the page in a browser when one is there to open.")
@click.pass_context
def play(ctx: click.Context, ruleset: str, seed: int | None, players: Sequence[str], vs: str | None,
         setup_file: str | None, dice: str | None, save: str | None, autosave: bool, overwrite: bool,
         script: str | None, as_player: str | None, svg_dir: str | None, web: bool = False, port: int = 8000,
         open_browser: bool = True) -> int:
    """Play a game of RULESET: interactive at a terminal, or line by line from piped input.

    A game with a human seat is saved after every answer (a game between AIs only with
    --save or --autosave). At the prompt type 'help' for the commands (help TERM, odds,
    measure, show, undo, log, why, dice, save, quit). A ruleset may take settings of its
    own after the options (e.g. --heroes 4); 'skirmish rulesets RULESET' lists them.
    """
    from skirmish.errors import SkirmishError
    from skirmish_cli.common import autosave_path, load_setup, new_game, parse_dice, split_names
    from skirmish_cli.registry import get_registry

    registry = get_registry()
    from skirmish_cli.common import get_ruleset

    rs = get_ruleset(registry, ruleset)  # an unknown name fails before anything else
    from skirmish_cli.common import opponent_setup, ruleset_options, seats_from_players, with_options

    options = ruleset_options(rs, ctx.args)
    names = split_names(players)
    if vs and names:
        raise click.UsageError("give --players or --vs, not both")
    if names and setup_file is None:
        options = seats_from_players(rs, options, len(names))
    if setup_file is None:
        options = opponent_setup(registry, rs, ["human", vs] if vs else names, options)
    setup = with_options(rs, load_setup(setup_file), options)
    loaded = parse_dice(dice) if dice else []
    path: Path | None = None
    if save:
        path = Path(save).expanduser()
        if path.exists() and not overwrite:
            raise SkirmishError(f"{path} already exists: carry on with 'skirmish resume {path}', "
                                "or add --overwrite to replace it")
    if seed is None:
        import random

        seed = random.SystemRandom().randrange(1_000_000)  # not secrets: it imports hmac, base64...
    game = new_game(registry, ruleset, setup, setup_file, seed, loaded)
    if vs:
        names = ["human"] + [vs] * (len(game.players) - 1)
    seats = _seats(registry, game, names, as_player)
    from skirmish_cli.registry import is_interactive

    has_human = any(is_interactive(registry, a, ruleset) for a in seats.values())
    if web:
        if script is not None or svg_dir is not None:
            raise click.UsageError("--web plays in the browser: --script and --svg-dir are for the terminal")
        return _play_web(registry, game, seats, path, port, open_browser)
    if path is None and (has_human or autosave or script is not None):
        path = autosave_path(ruleset)
    return _run(registry, game, seats, path, script, as_player, svg_dir, resumed=False)


def _play_web(registry: Registry, game: Game, seats: dict[str, str], path: Path | None, port: int,
              open_browser: bool) -> int:
    """``play --web``: hold this one game on a local server; print its link (and each seat's when several play)."""
    from skirmish_cli.cmd_serve import default_folder, run_server
    from skirmish_cli.web.app import links

    folder = path.parent if path is not None else default_folder()

    def start(app: Any) -> tuple[str, list[tuple[str, str]]]:
        host = app.state.server.hub.adopt(game, seats, path)
        made = links(host)
        more = [(f"{seat}'s own link", link) for seat, link in made["seats"].items()] if len(made["seats"]) > 1 else []
        return made["table"], more

    return run_server(registry, folder, "127.0.0.1", port, open_browser, pace=0.4, first_page="/", start=start)


@click.command()
@click.argument("file", type=click.Path(dir_okay=False), required=False)
@_seat_options
def resume(file: str | None, players: Sequence[str], script: str | None, as_player: str | None,
           svg_dir: str | None) -> int:
    """Carry on the game saved in FILE (saving back to FILE after every answer).

    Without FILE: pick one of the latest autosaved games that are not finished (at a
    terminal; otherwise they are listed). The players sit as they did when the game was
    saved, unless --players says otherwise.
    """
    from skirmish_cli import render
    from skirmish_cli.common import load_game, split_names
    from skirmish_cli.registry import get_registry

    if file is None:
        file = _pick_autosave()
    registry = get_registry()
    save, game = load_game(registry, file)  # any problem stops here, with the file untouched
    if game.over:
        _tidy_finished(file, game, save)
        click.echo(safe(render.header(game)))
        click.echo(safe(render.result_line(game)))
        return 0
    from skirmish_cli.common import saved_seats

    names = split_names(players)
    seats = (saved_seats(registry, save, game) if not names else None) or _seats(registry, game, names, as_player)
    return _run(registry, game, seats, Path(file), script, as_player, svg_dir, resumed=True)


def _tidy_finished(file: str, game: Game, save: Any) -> None:
    """Finish the final save a kill cut short: a save whose last answers are still in its journal (or that
    does not say it is finished) is written whole and marked finished, then the journal and the temporary
    copies left beside it go (only when no live game holds the save)."""
    import contextlib

    from skirmish.errors import SaveError
    from skirmish.saves import SaveFile, SaveLock, clear_stale_temporaries, journal_path, write_save

    lock = SaveLock(file)
    try:
        lock.acquire()
    except (SaveError, OSError):
        return
    try:
        journal = journal_path(file)
        if not save.finished or save.digest_at is not None:
            write_save(SaveFile.of(game, save.agents), file)
        with contextlib.suppress(OSError):
            journal.unlink()
        clear_stale_temporaries(file)
    finally:
        lock.release()


def _interactive() -> bool:
    import sys

    return bool(sys.stdin is not None and sys.stdin.isatty())


def _pick_autosave() -> str:
    """Ask which of the latest unfinished autosaves to resume (or list them and stop when not at a terminal)."""
    from skirmish.errors import SkirmishError
    from skirmish_cli.common import data_dir, latest_autosaves

    games = latest_autosaves()
    folder = data_dir() / "autosave"
    if not games:
        raise SkirmishError(f"no unfinished autosaved game in {folder}; give a save file: skirmish resume FILE")
    click.echo("unfinished games, latest first:")
    for i, line in enumerate(games, 1):
        click.echo(f"  {i}. {line.describe()}")
    if not _interactive():
        raise click.UsageError("no FILE given and no terminal to pick one at: "
                               f"run skirmish resume {games[0].path} (or another file listed above)")
    choice = click.prompt("resume which game", type=click.IntRange(1, len(games)), default=1)
    return str(games[choice - 1].path)


def _seats(registry: Registry, game: Game, names: list[str], as_player: str | None) -> dict[str, str]:
    from skirmish_cli.common import check_agents, check_viewer, seat
    from skirmish_cli.registry import ai_or_random

    rs = game.ruleset.name
    check_viewer(game, as_player)
    if names:
        seats = seat(names, game.players)
    elif as_player is not None:
        other = ai_or_random(registry, rs)
        seats = {p: "human" if p == as_player else other for p in game.players}
    else:  # one human in the first seat, the default opponent in every other
        seats = seat(["human"] + [ai_or_random(registry, rs)] * (len(game.players) - 1), game.players)
    check_agents(registry, sorted(set(seats.values())), rs)
    return seats


def _run(registry: Registry, game: Game, seats: dict[str, str], path: Path | None, script: str | None,
         as_player: str | None, svg_dir: str | None = None, *, resumed: bool) -> int:
    from skirmish_cli import render
    from skirmish_cli.registry import is_interactive
    from skirmish_cli.session import Session

    rs = game.ruleset.name
    humans = [p for p, a in seats.items() if is_interactive(registry, a, rs)]
    if as_player is not None and humans and as_player not in humans:
        raise click.BadParameter(f"{as_player} is played by '{seats[as_player]}'; --as names a human seat "
                                 "(or watches a game without humans)", param_hint="'--as'")
    if script is not None and not humans and "scripted" not in seats.values():
        raise click.BadParameter("no human seat to answer from the script", param_hint="'--script'")
    pictures = None
    if svg_dir is not None:
        from skirmish_cli.pictures import Pictures

        pictures = Pictures(Path(svg_dir).expanduser(), as_player)
        pictures.check(game)  # before anything is saved
    session = Session(registry, game, seats, path, script=script, viewer=as_player)
    session.pictures = pictures
    click.echo(safe(render.header(game)) if resumed else
               f"{game.ruleset.title or rs} ({rs} {game.ruleset.version}), seed {game.seed}")
    click.echo(safe(render.seats_line(seats)))
    if path is not None:
        said = f"saving to {path} after every answer"
        # a long path: the note on a line of its own rather than cut by the terminal mid-word
        click.echo(said if len(said) <= render.WIDTH else f"saving to {path}\n  (after every answer)")
    else:
        click.echo("not saved (a game between AIs: add --autosave or --save FILE to keep it)")
    if pictures is not None:
        click.echo(f"drawing the table in {pictures.folder} (latest.svg is always the newest)")
    if humans:
        click.echo("type 'help' at the prompt for the commands and 'help TERM' for the rules")
    return session.run(resumed=resumed)


def safe(text: str) -> str:
    """Names in the text came from files: print them without control sequences."""
    from skirmish_cli.safe import safe_text

    return safe_text(text)
