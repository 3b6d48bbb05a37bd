"""The Chob-Noggoth ruleset: set-up, the rolled round order, and the end of the game.

Set-up: terrain and D3+2 shrines, a roll-off for Player A, Player A picks a long edge,
both sides deploy within 3" of their edges, Eager warriors move. Then rounds: a D6
picks the round type and its exact steps (``data/tables.toml``). The game ends when a
side has no warriors left on the table, or after ``max_rounds`` rounds (house rule;
then the side with the greater Finger value still standing wins).
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from skirmish import Decision, Game, Option, Phase, Rounds, Ruleset, SetupError
from skirmish_chob_noggoth import attacks, turns
from skirmish_chob_noggoth.content import Content, load_content
from skirmish_chob_noggoth.state import READY, UNDEPLOYED, ChobState, Side, Warrior
from skirmish_chob_noggoth.warband import Warband, _numbered, clean_name, find_warband, parse_warband, random_warband

if TYPE_CHECKING:
    from skirmish.presentation import Presentation, Shade

DEFAULT_PLAYERS = ["red", "blue"]
#: statuses that count a warrior as present for its side (see :func:`mercenaries.present_count`)
_PRESENT = (READY, UNDEPLOYED)
DEFAULT_WARBANDS = ["The Mudfoot Boys", "The Wandering Shrine"]
#: the longest house round limit a set-up may give (as the command line's --max-rounds)
MAX_ROUNDS = 999
OPTION_DEFAULTS: dict[str, Any] = {"max_rounds": 8, "divine_die": "2d6", "limits": False}
SETUP_KEYS = {"players", "warbands", "layout", "options", "positions"}


class ChobNoggoth(Ruleset):
    """Chob-Noggoth: a warband skirmish of single figures with a round order rolled each round."""

    name = "chob-noggoth"
    title = "Chob-Noggoth"
    version = "0.1.0"
    min_players = 2
    max_players = 2
    max_decisions = 3000
    perfect_information = True

    @cached_property
    def content(self) -> Content:
        return load_content(self.extend_content)

    @cached_property
    def warbands(self) -> dict[str, Warband]:
        """The built-in warbands, by name (parsed once)."""
        from skirmish_chob_noggoth.warband import builtin_warbands

        return builtin_warbands(self.content)

    @cached_property
    def layouts(self) -> dict[str, Any]:
        """The built-in terrain layouts, by name (parsed once)."""
        from skirmish_chob_noggoth.terrain import builtin_layouts

        return builtin_layouts(self.content)

    # -- set-up -------------------------------------------------------------------------
    def default_setup(self) -> dict[str, Any]:
        return {"players": list(DEFAULT_PLAYERS),
                "warbands": {p: w for p, w in zip(DEFAULT_PLAYERS, self._default_warbands(), strict=False)},
                "layout": "random", "options": dict(OPTION_DEFAULTS)}

    def _default_warbands(self) -> list[str]:
        names = list(self.warbands)
        wanted = [n for n in DEFAULT_WARBANDS if n in names]
        return wanted if len(wanted) == 2 else names[:2]

    def check_setup(self, setup: Any) -> dict[str, Any]:
        setup = super().check_setup({"players": list(DEFAULT_PLAYERS), **dict(setup)} if isinstance(setup, dict)
                                    else setup)
        unknown = sorted(set(setup) - SETUP_KEYS)
        if unknown:
            raise SetupError(f"unknown set-up key '{unknown[0]}' (known: {', '.join(sorted(SETUP_KEYS))})")
        given = setup.get("options", {})
        if not isinstance(given, dict):
            raise SetupError("set-up 'options' must be a table: name = value")
        options = {**OPTION_DEFAULTS, **given}
        bad = sorted(set(options) - set(OPTION_DEFAULTS))
        if bad:
            raise SetupError(f"unknown option '{bad[0]}' (known: {', '.join(OPTION_DEFAULTS)})")
        if not isinstance(options["max_rounds"], int) or isinstance(options["max_rounds"], bool) \
                or not 0 <= options["max_rounds"] <= MAX_ROUNDS:
            raise SetupError(f"option max_rounds must be a whole number from 0 to {MAX_ROUNDS} (0 = no limit)")
        if options["divine_die"] not in ("2d6", "d12"):
            raise SetupError("option divine_die must be '2d6' (as printed) or 'd12' (house)")
        if not isinstance(options["limits"], bool):
            raise SetupError(f"option limits must be true or false, not {options['limits']!r:.40}")
        setup["options"] = options
        warbands = setup.get("warbands", {})
        if not isinstance(warbands, dict):
            raise SetupError("set-up 'warbands' must be a table: player = built-in name, 'random' or a warband table")
        defaults = self._default_warbands()
        setup["warbands"] = {p: warbands.get(p, defaults[i % len(defaults)]) for i, p in enumerate(setup["players"])}
        for p in setup["players"]:
            self.warband_of(setup, p, check_only=True)
        from skirmish_chob_noggoth.terrain import parse_layout

        layout = setup.get("layout", "random")
        if isinstance(layout, str):
            if layout != "random" and layout not in self.layouts:
                raise SetupError(f"no built-in layout '{layout}' (built-in: {', '.join(self.layouts)}, or 'random')")
        else:
            parse_layout(layout, "set-up layout", content=self.content)
        setup["layout"] = layout
        self._check_positions(setup)
        return setup

    def _check_positions(self, setup: dict[str, Any]) -> None:
        """``positions`` = {player: {warrior name or id: [x, y]}}: every problem at once, before the game starts."""
        positions = setup.get("positions", {})
        if not isinstance(positions, dict):
            raise SetupError("set-up 'positions' must be a table: player = {warrior name = [x, y]}")
        width, depth = float(self.content.table.width), float(self.content.table.depth)
        problems: list[str] = []
        for player, spots in positions.items():
            if player not in setup["players"]:
                problems.append(f"no player '{clean_name(str(player)):.40}' (players: {', '.join(setup['players'])})")
                continue
            if not isinstance(spots, dict):
                problems.append(f"positions of {player} must be a table: warrior name = [x, y]")
                continue
            known = self._warrior_names(setup, player)
            for who, spot in spots.items():
                label = f"position of {clean_name(str(who)):.40}"
                if known is not None and who not in known:
                    problems.append(f"{label}: {player} has no warrior of that name or id")
                    continue
                if not isinstance(spot, list | tuple) or len(spot) != 2:
                    problems.append(f"{label}: must be [x, y], not {spot!r:.40}")
                    continue
                for axis, value, most in (("x", spot[0], width), ("y", spot[1], depth)):
                    if isinstance(value, bool) or not isinstance(value, int | float):
                        problems.append(f"{label}: {axis} must be a number, not {value!r:.40}")
                    elif isinstance(value, int) and abs(value) > 10**6 or not 0 <= float(value) <= most:
                        problems.append(f"{label}: {axis} must be between 0 and {most:g} (the table)")
        if problems:
            raise SetupError("set-up positions: " + _numbered(problems))

    def _warrior_names(self, setup: dict[str, Any], player: str) -> set[str] | None:
        """The names and ids a player's warriors will have (``None`` for a random warband: not known yet)."""
        band = self.warband_of(setup, player, check_only=True)
        if band is None:
            return None
        i = setup["players"].index(player)
        prefix = "rb"[i % 2] if len(setup["players"]) == 2 else player
        return {s.name for s in band.warriors} | {f"{prefix}{n}" for n in range(1, len(band.warriors) + 1)}

    def warband_of(self, setup: dict[str, Any], player: str, *, rng: Any = None, check_only: bool = False
                   ) -> Warband | None:
        spec = setup["warbands"][player]
        limits = bool(setup.get("options", {}).get("limits", False))
        if isinstance(spec, str):
            if spec == "random":
                return None if check_only or rng is None else random_warband(rng, self.content, limits=limits,
                                                                             name=f"{player}'s random warband")
            from skirmish_chob_noggoth.content import key_of

            known = {key_of(name): band for name, band in self.warbands.items()}
            return known.get(key_of(spec)) or find_warband(spec, self.content)
        if isinstance(spec, dict):
            return parse_warband({k: v for k, v in spec.items() if k != "positions"}, self.content,
                                 where=f"warband of {player}", limits=limits)
        raise SetupError(f"the warband of {player} must be a built-in name, 'random' or a table")

    def create(self, game: Game) -> ChobState:
        from skirmish_chob_noggoth.terrain import (
            parse_layout,
            place_shrines,
            random_layout,
            roll_shrine_count,
        )

        setup = game.setup
        c = self.content
        layout_spec = setup["layout"]
        if layout_spec == "random":
            layout = random_layout(game.rng, content=c)
        elif isinstance(layout_spec, str):
            layout = self.layouts[layout_spec]
        else:
            layout = parse_layout(layout_spec, "set-up layout", content=c)
        shrines = layout.shrines or place_shrines(game.rng, roll_shrine_count(game.rng, c), layout.pieces, content=c)
        state = ChobState(warriors={}, sides={}, width=float(c.table.width), depth=float(c.table.depth),
                          pieces=list(layout.pieces), shrines=list(shrines), contact=float(c.combat.base_contact))
        game.emit("setup", f"terrain: {layout.name}, {len(layout.pieces)} pieces and {len(shrines)} shrines",
                  rule="Set-up: terrain")
        for i, player in enumerate(game.players):
            warband = self.warband_of(setup, player, rng=game.rng)
            assert warband is not None
            state.sides[player] = Side(player, warband.name, warband_rule=warband.rule)
            for n, spec in enumerate(warband.warriors, 1):
                w = self._hire(game, f"{'rb'[i % 2] if len(game.players) == 2 else player}{n}", player, spec,
                               warband.rule)
                state.warriors[w.id] = w
            state.sides[player].starting = sum(1 for w in state.warriors.values() if w.side == player)
            game.emit("setup", f"{player} fields {warband.name} ({len(warband.warriors)} warriors)",
                      rule="Set-up: warbands", player=player)
        game.state = state
        from skirmish_chob_noggoth.melee import roll_off

        first = roll_off(game, game.players[0], game.players[1], "Set-up: roll-off")
        a, b = (game.players[0], game.players[1]) if first == 0 else (game.players[1], game.players[0])
        state.sides[a].letter, state.sides[b].letter = "A", "B"
        game.emit("setup", f"{a} is Player A, {b} is Player B", rule="Set-up: roll-off")
        return state

    def _hire(self, game: Game, wid: str, player: str, spec: Any, shared_rule: str) -> Warrior:
        c = self.content
        kind = c.types[spec.type].name if not spec.mercenary else "Monster"
        rules = {c.bonus_rules[r].name for r in spec.rules if r in c.bonus_rules}
        if shared_rule and (not spec.mercenary or c.mercenaries[spec.mercenary].free_rule):
            rules.add(c.bonus_rules[shared_rule].name)
        traits: list[str] = []
        mercenary = ""
        if spec.mercenary:
            merc = c.mercenaries[spec.mercenary].joined
            mercenary = spec.mercenary
            traits = [_trait_name(c, t) for t in merc.traits]
            wounds = merc.wounds
        elif kind == "Monster":
            traits = [_trait_name(c, t) for t in spec.traits] or roll_traits(game, c, spec.name)
            traits += [n for flag, n in ((spec.gun, "Gun"), (spec.winged, "Winged")) if flag]
            wounds = int(_roll(game, c.monster.wounds, f"{spec.name}'s wounds", "Monsters"))
        else:
            wounds = c.qualities[spec.quality].wounds
        if "Big" in rules or "Big" in traits:
            wounds += 1
        quality = "" if kind == "Monster" else spec.quality
        mounted = kind == "Monster" or spec.mounted
        diameter = c.base_diameter(spec.type if not spec.mercenary else "monster", spec.mounted)
        roles = [c.types[r].name for r in spec.roles]
        from skirmish_chob_noggoth.warband import warrior_cost

        return Warrior(wid, player, spec.name, kind, quality, roles, roles[0] if roles else "", mounted,
                       sorted(rules), sorted(dict.fromkeys(traits)), wounds, wounds, radius=diameter / 2,
                       status=UNDEPLOYED, mercenary=mercenary, cost=warrior_cost(spec, c))

    def start(self, game: Game) -> None:
        game.call(choose_edge)

    # -- rounds -------------------------------------------------------------------------
    def phases(self) -> dict[str, Phase]:
        return _PHASES

    def phase_order(self, game: Game) -> list[str]:
        c = self.content
        roll = _roll(game, c.rounds.die, "round order", "Round Order")
        kind = c.round_kind(roll)
        game.state.round_roll = roll
        game.state.round_type = kind.id
        game.emit("round-type", f"round {game.round}: rolled {roll}, {kind.name}", rule="Round Order",
                  roll=roll, kind=kind.id)
        return ["roles", *kind.steps]

    def end_of_round(self, game: Game) -> None:
        limit = game.setup["options"]["max_rounds"]
        if game.result is None and limit and game.round >= limit:
            on_points(game)

    def check_victory(self, game: Game) -> bool:
        """A side with no warriors left loses (both at once: a draw). True when the game ended."""
        if game.result is not None:
            return True
        state = game.state
        # a side is gone when it has no warrior present (mercenaries.present_count is 0): none under its
        # control or still to arrive (the Piggun's halves count as one warrior, which changes no zero)
        present = {w.side for w in state.warriors.values() if w.status in _PRESENT}
        gone = [p for p in state.sides if p not in present]
        if len(gone) == 2:
            game.finish((), "both warbands are gone", rule="Victory", draw=True)
        elif gone:
            winner = state.enemy_of(gone[0])
            game.finish((winner,), f"{gone[0]} has no warriors left", rule="Victory")
        return game.result is not None

    # -- seeing -------------------------------------------------------------------------
    def view(self, game: Game, player: str | None) -> dict[str, Any]:
        from skirmish_chob_noggoth.render import view_data

        return view_data(game)

    def last_round(self, game: Game) -> int | None:
        """The set-up's round limit (none: the game runs until a warband is beaten)."""
        return int(game.setup["options"]["max_rounds"]) or None

    def present(self, game: Game, player: str | None) -> Presentation:
        """The table as a picture with its warriors, shrines and terrain, a legend and the panels beside it
        (nothing in Chob-Noggoth is hidden: every seat sees the same)."""
        from skirmish_chob_noggoth.picture import present

        return present(game, player)

    def shades(self, game: Game, player: str, piece: str) -> list[Shade]:
        """The pending options' targets, and how far the warrior moves, whom it can charge and shoot now."""
        from skirmish_chob_noggoth.picture import shades

        return [*super().shades(game, player, piece), *shades(game, player, piece)]

    def option_labels(self, game: Game, decision: Any) -> dict[int, str]:
        """Straight moves that something stops short, saying how far they get and what stops them
        (``skirmish_chob_noggoth.turns.person_labels``; screens only)."""
        from skirmish_chob_noggoth.turns import person_labels

        return person_labels(game, decision)

    def describe(self, game: Game, player: str | None) -> str:
        from skirmish_chob_noggoth.render import describe

        return describe(game, player)

    def summary(self, game: Game) -> dict[str, float]:
        state = game.state
        return {"warriors_lost": float(sum(1 for w in state.warriors.values() if w.status not in (READY,
                                                                                                   UNDEPLOYED))),
                "fled": float(sum(1 for w in state.warriors.values() if w.status == "fled"))}

    # -- explaining ----------------------------------------------------------------------
    def glossary(self) -> dict[str, str]:
        from skirmish_chob_noggoth.explain import glossary

        return glossary(self.content)

    def odds(self, game: Game, player: str, query: str) -> list[tuple[str, dict[Any, Any]]]:
        from skirmish_chob_noggoth.explain import query_odds

        return query_odds(game, player, query)

    def measure(self, game: Game, player: str, a: str, b: str) -> str:
        from skirmish_chob_noggoth.explain import measure

        return measure(game, player, a, b)

    def brief(self, game: Game, player: str | None) -> str:
        from skirmish_chob_noggoth.explain import brief

        return brief(game, player)

    def final_summary(self, game: Game, player: str | None) -> str:
        from skirmish_chob_noggoth.explain import final_summary

        return final_summary(game, player)

    def expire_keywords(self, game: Game, scope: str) -> None:
        """Chob-Noggoth keeps no temporary keywords."""


def _trait_name(c: Content, key: str) -> str:
    spec = c.monster_traits.get(key) or c.extra_traits.get(key)
    return spec.name if spec is not None else key


def _roll(game: Game, expr: str, why: str, rule: str) -> int:
    from skirmish.dice import parse

    return int(parse(expr).roll(game.rng, rule=rule, why=why).value)


def roll_traits(game: Game, c: Content, name: str) -> list[str]:
    """Two traits on the D6 table; the same trait twice applies once."""
    out = []
    for _ in range(c.monster.traits):
        roll = _roll(game, c.monster.trait_die, f"{name}'s trait", "Monsters: traits")
        out.append(c.monster_traits[c.monster_trait_number(roll)].name)
    return list(dict.fromkeys(out))


# ----------------------------------------------------------------------------- set-up steps


def choose_edge(game: Game) -> None:
    player = game.state.player_of("A")
    depth = game.state.depth
    game.ask(Decision(player, "edge", f"{player} (Player A): choose your long table edge",
                      options=[Option("south", "south edge (y = 0)", data={"edge": "south", "y": 0.0}),
                               Option("north", f"north edge (y = {depth:g})", data={"edge": "north", "y": depth})],
                      rule="Set-up: deployment", context={"player": player, "letter": "A", "action": "edge"}),
             edge_chosen)


def edge_chosen(game: Game, answer: str) -> None:
    state = game.state
    a, b = state.side_letter("A"), state.side_letter("B")
    a.edge, b.edge = answer, ("north" if answer == "south" else "south")
    game.emit("setup", f"{a.player} takes the {a.edge} edge, {b.player} the {b.edge} edge",
              rule="Set-up: deployment")
    from skirmish import Do

    game.schedule(Do(deploy, ("A",)), Do(deploy, ("B",)), Do(eager_moves), Rounds(game.setup["options"]["max_rounds"]))


def strip_of(game: Game, w: Warrior) -> tuple[float, float]:
    """The centre heights where ``w`` may deploy: on the table, its base's nearest point within 3" of its edge
    ("within" is closest points, as everywhere in this ruleset)."""
    state = game.state
    depth = float(game.ruleset.content.table.deployment_depth)
    if state.sides[w.side].edge == "south":
        return (w.radius, depth + w.radius)
    return (state.depth - depth - w.radius, state.depth - w.radius)


DEPLOY_PLANS = {"line": "spread along the whole edge", "left": "bunched on the left", "right": "bunched on the right",
                "centre": "bunched in the centre", "manual": "place each warrior yourself"}


def deploy(game: Game, letter: str) -> None:
    state = game.state
    side = state.side_letter(letter)
    positions = game.setup.get("positions", {}).get(side.player, {})
    todo = [w for w in state.of_side(side.player, statuses=(UNDEPLOYED,)) if not w.has("Drop Troops")]
    if positions:
        for w in todo:
            spot = positions.get(w.id) or positions.get(w.name)
            if spot is None:
                continue
            problem = turns.placement_problem(state, w, float(spot[0]), float(spot[1]), strip=strip_of(game, w))
            if problem:
                raise SetupError(f"position of {w.name} ({spot[0]}, {spot[1]}): {problem}")
            turns.placed(game, {"x": float(spot[0]), "y": float(spot[1])}, w.id, "Set-up: deployment")
        todo = [w for w in todo if w.status == UNDEPLOYED]
    if not todo:
        return
    options = [Option(k, f"{k}: {v}", data={"plan": k}) for k, v in DEPLOY_PLANS.items()]
    depth = game.ruleset.content.table.deployment_depth
    context = {"player": side.player, "letter": letter, "action": "deploy", "edge": side.edge, "depth": depth,
               "warriors": [w.id for w in todo]}
    game.ask(Decision(side.player, "deploy", f"{side.player} (Player {letter}): deploy within {depth}\" of the "
                      f"{side.edge} edge", options=options, rule="Set-up: deployment", context=context),
             deploy_plan, letter)


def deploy_plan(game: Game, answer: str, letter: str) -> None:
    state = game.state
    side = state.side_letter(letter)
    todo = [w for w in state.of_side(side.player, statuses=(UNDEPLOYED,)) if not w.has("Drop Troops")]
    if answer == "manual":
        for w in reversed(todo):
            game.call(_place_one, w.id)
        return
    span = {"line": (0.0, 1.0), "left": (0.0, 0.45), "right": (0.55, 1.0), "centre": (0.28, 0.72)}[answer]
    if side.edge == "north" and answer in ("left", "right"):
        span = (1 - span[1], 1 - span[0])  # left and right as the player facing the table sees them
    auto_deploy(game, todo, span)


def _place_one(game: Game, wid: str) -> None:
    w = game.state.warriors[wid]
    game.ask(turns.placement_decision(game, w, "Set-up: deployment", strip=strip_of(game, w)), turns.placed, wid,
             "Set-up: deployment")


def auto_deploy(game: Game, todo: list[Warrior], span: tuple[float, float]) -> None:
    """Place warriors evenly over a share of the edge, big bases at the back row."""
    state = game.state
    width = state.width
    for w in sorted(todo, key=lambda w: (-w.radius, w.id)):
        low, high = strip_of(game, w)
        rows = [low, high, (low + high) / 2] if state.sides[w.side].edge == "south" else [high, low, (low + high) / 2]
        spot = None
        n = len(todo)
        index = todo.index(w)
        x0, x1 = span[0] * width + w.radius, span[1] * width - w.radius
        preferred = x0 + (x1 - x0) * (index + 0.5) / n
        candidates = sorted({round(x0 + (x1 - x0) * k / 60, 2) for k in range(61)} | {round(preferred, 2)},
                            key=lambda x: abs(x - preferred))
        candidates += [round(w.radius + (width - 2 * w.radius) * k / 70, 2) for k in range(71)]
        for y in rows:
            for x in candidates:
                if turns.placement_problem(state, w, x, y, strip=(low, high)) is None:
                    spot = (x, y)
                    break
            if spot:
                break
        if spot is None:
            raise SetupError(f"no room to deploy {w.name} on the {state.sides[w.side].edge} edge")
        turns.placed(game, {"x": spot[0], "y": spot[1]}, w.id, "Set-up: deployment")


def eager_moves(game: Game) -> None:
    """Eager warriors move 6" before the first round; with Eager on both sides, a roll-off picks who goes first."""
    state = game.state
    eager = [p for p in state.sides if any(w.has("Eager") for w in state.of_side(p))]
    if not eager:
        return
    if len(eager) == 2:
        from skirmish_chob_noggoth.melee import roll_off

        first = roll_off(game, eager[0], eager[1], "Eager")
        eager = eager if first == 0 else eager[::-1]
    for p in reversed(eager):
        game.call(_eager_side, p)


def _eager_side(game: Game, player: str) -> None:
    state = game.state
    state.activated = []
    state.fought = []
    game.emit("step", f"{player}: eager moves", rule="Set-up: Eager", player=player)
    turns.activation_loop(game, player, "eager")


# ----------------------------------------------------------------------------- round steps


def roles_step(game: Game) -> None:
    """Each Hero's player declares which of its two types it acts as this round (A first)."""
    state = game.state
    for letter in "BA":
        for w in reversed([w for w in state.of_side(state.player_of(letter)) if len(w.roles) == 2]):
            game.call(_ask_role, w.id)


def _ask_role(game: Game, wid: str) -> None:
    w = game.state.warriors[wid]
    if w.status != READY:
        return
    game.ask(Decision(w.side, "role", f"{w.name} (Hero): act as which type this round?",
                      options=[Option(r, r, _role_help(game, r), data={"role": r}) for r in w.roles],
                      rule="Heroes: role",
                      context={"actor": w.id, "action": "role", "round": game.state.round_type,
                               "roles": list(w.roles)}), _role_chosen, wid)


def _role_help(game: Game, role: str) -> str:
    from skirmish_chob_noggoth.explain import type_text

    try:
        return type_text(game.ruleset.content.profile(role))
    except SetupError:  # a house rule's own role without a profile goes unexplained
        return ""


def _role_chosen(game: Game, answer: str, wid: str) -> None:
    w = game.state.warriors[wid]
    w.role = answer
    game.emit("role", f"{w.name} acts as a {answer} this round", rule="Heroes: role", target=wid)


def bombard_step(game: Game) -> None:
    """Every warrior on the table rolls a D6; on a 6 it suffers D6 hits."""
    c = game.ruleset.content.bombardment
    for w in sorted(game.state.on_table(), key=lambda w: w.id):
        if w.status not in ("ready", "berserk"):
            continue
        roll = game.rng.roll(6, rule="Bombardment", why=f"{w.name} under the bombardment (hit on {c.trigger}+)")
        if roll >= c.trigger:
            struck = game.emit("bombard", f"{w.name} rolls {roll} under the bombardment (hit on {c.trigger}+)",
                               rule="Bombardment", target=w.id)
            with game.because(struck):
                attacks.suffer_hits(game, w, _roll(game, c.hits, f"hits on {w.name}", "Bombardment"),
                                    rule="Bombardment")
    game.ruleset.check_victory(game)


def end_step(game: Game) -> None:
    """End of the round: a warband down to half its starting number (or less) takes morale checks."""
    from skirmish_chob_noggoth.mercenaries import present_count

    state = game.state
    for letter in "AB":
        side = state.side_letter(letter)
        present = present_count(game, side.player)
        if game.ruleset.content.morale.half_strength and side.starting and present * 2 <= side.starting:
            half = game.emit("morale", f"{side.player} is down to {present} of {side.starting} (half or less): "
                             "everyone tests", rule="End of Round: Morale")
            with game.because(half):
                for w in list(state.of_side(side.player)):
                    attacks.morale_check(game, w, rule="End of Round: Morale")
    for side in state.sides.values():
        side.divine_points = 0
    for w in state.warriors.values():
        if w.roles:
            w.role = w.role or w.roles[0]
    game.ruleset.check_victory(game)


def on_points(game: Game) -> None:
    """House: after the last round, the greater Finger value still standing wins."""
    state = game.state
    score = {p: sum(w.cost for w in state.warriors.values() if w.side == p and w.status in (READY, UNDEPLOYED))
             for p in state.sides}
    best = max(score.values())
    winners = [p for p, v in score.items() if v == best]
    reason = f"after round {game.round}: " + ", ".join(f"{p} {v} Fingers standing" for p, v in score.items())
    game.finish(winners if len(winners) == 1 else (), reason, rule="Victory: round limit",
                scores={p: float(v) for p, v in score.items()}, draw=len(winners) != 1)


def divine_phase(game: Game) -> None:
    from skirmish_chob_noggoth.divine import divine_step

    divine_step(game)


_PHASES = {
    "roles": Phase("roles", roles_step, "Heroes: role"),
    "A:moves": Phase("A:moves", lambda g: turns.side_step(g, "A", "moves"), "Side A Moves"),
    "B:moves": Phase("B:moves", lambda g: turns.side_step(g, "B", "moves"), "Side B Moves"),
    "A:actions": Phase("A:actions", lambda g: turns.side_step(g, "A", "actions"), "Side A Actions"),
    "B:actions": Phase("B:actions", lambda g: turns.side_step(g, "B", "actions"), "Side B Actions"),
    "divine": Phase("divine", divine_phase, "Divine Intervention"),
    "bombard": Phase("bombard", bombard_step, "Bombardment"),
    "end": Phase("end", end_step, "End of Round"),
}

