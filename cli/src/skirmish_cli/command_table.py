"""The table of built-in commands: which module holds each, and its short help (``--help`` imports nothing else).

Apart from :mod:`skirmish_cli.main` so that the registry (which tells plugin commands named like a built-in
one) reads it without importing the command group: the CLI's imports stay a tree.
"""

from __future__ import annotations

#: name -> (module, attribute, short help); the short help is here so ``--help`` imports nothing
BUILTIN: dict[str, tuple[str, str, str]] = {
    "rulesets": ("cmd_info", "rulesets", "List the installed rulesets."),
    "agents": ("cmd_info", "agents", "List the agents (players) that can take a seat."),
    "plugins": ("cmd_info", "plugins", "List the loaded plugins and the hooks they implement."),
    "play": ("cmd_play", "play", "Play a game (interactive, or from piped input)."),
    "resume": ("cmd_play", "resume", "Carry on a saved game."),
    "serve": ("cmd_serve", "serve", "Play in the browser: a local server for every installed ruleset."),
    "show": ("cmd_files", "show", "Show the state of a saved game."),
    "replay": ("cmd_files", "replay", "Replay a saved game, check it and print what happened."),
    "svg": ("cmd_files", "svg", "Draw a saved game as an SVG picture (table, board, pieces)."),
    "roll": ("cmd_roll", "roll", "Roll a dice expression, or print its exact odds."),
    "simulate": ("cmd_simulate", "simulate", "Play many games between agents and summarise them."),
    "odds": ("cmd_odds", "odds", "Exact odds of a ruleset's named situations (attacks, tests)."),
    "compare": ("cmd_compare", "compare", "Compare rulesets over many games: seat edge, length, skill."),
    "balance": ("cmd_balance", "balance", "Estimate what unit types and rules are worth in play."),
    "new-ruleset": ("cmd_new", "new_ruleset", "Write a working minimal ruleset package to start from."),
    "new-house-rules": ("cmd_new", "new_house_rules", "Write a house-rules plugin for an installed ruleset."),
}
