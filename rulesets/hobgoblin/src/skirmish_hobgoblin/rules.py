"""The Hobgoblin ruleset: set-up, the six-phase battle round, five rounds and victory.

Set-up (``default_setup`` plays with no files): two armies (built-in names, ``"random"`` or army
tables), the table size, a terrain layout, the scenario, optional exact unit positions. Then the
set-up steps as printed: First Player by an odd/even call, the First Player picks a half, units
deploy one at a time fully within 8" of the centreline's far side, and each player draws 4
Fortune Cards.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from skirmish import Game, Hand, Keyword, KeywordSet, Phase, Rounds, Ruleset, SetupError
from skirmish_hobgoblin import expansions, turns
from skirmish_hobgoblin.state import REMOVED, RESERVE, HobState, Side, Unit

DEFAULT_PLAYERS = ["red", "blue"]
DEFAULT_ARMIES = ["iron-grudge-hold", "red-howl-horde"]
SETUP_KEYS = {"players", "armies", "points", "table", "layout", "scenario", "first", "positions", "him",
              "options", "markers", "chaos", "attacker", "teams", "objectives"}


class Hobgoblin(Ruleset):
    """Hobgoblin: mass battles of rectangular units, six phases a round, hidden Fortune Cards."""

    name = "hobgoblin"
    title = "Hobgoblin"
    version = "0.2.0"  # 0.2: magic, artefacts, Chaos of War, narrative and team play; saves of 0.1 do not replay
    min_players = 2
    max_players = 6  # 3 to 6 play Unlikely Allies in two teams (skirmish_hobgoblin.teams)
    max_decisions = 6000
    perfect_information = False

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without what it keeps of the expansions' code (their hook relay, kept answers): rebuilt on use."""
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_hobgoblin_")}

    # -- content ---------------------------------------------------------------------------
    @cached_property
    def content(self) -> Any:
        from skirmish_hobgoblin.content import load_content

        return load_content(self.extend_content, army_rules=reversed(expansions.ask(self, "hobgoblin_army_rules",
                                                                                       ruleset=self)))

    @cached_property
    def _tables(self) -> Any:
        from skirmish_hobgoblin.tables import load_rules

        return load_rules(self.extend_content)

    @property
    def rules(self) -> Any:
        return self._tables[0]

    @property
    def chart(self) -> Any:
        return self._tables[1]

    @cached_property
    def fortune(self) -> Any:
        from skirmish_hobgoblin.fortune import load_cards

        return load_cards(self.extend_content)

    @cached_property
    def scenarios(self) -> Any:
        from skirmish_hobgoblin.scenarios import load_scenarios

        return load_scenarios(self.extend_content, reversed(expansions.ask(self, "hobgoblin_scenarios")),
                              self.scenario_rules)

    @cached_property
    def scenario_rules(self) -> dict[str, dict[str, Any]]:
        """The scenarios' rule functions by kind: the battle scenarios' and the expansions'
        (``hobgoblin_scenario_rules``)."""
        from skirmish_hobgoblin.scenarios import rule_tables

        return rule_tables(reversed(expansions.ask(self, "hobgoblin_scenario_rules")))

    # -- set-up ----------------------------------------------------------------------------
    def default_setup(self) -> dict[str, Any]:
        return {"players": list(DEFAULT_PLAYERS), "armies": dict(zip(DEFAULT_PLAYERS, DEFAULT_ARMIES, strict=True)),
                "points": 3000, "layout": "cavern-crossing", "scenario": "roll"}

    def check_setup(self, setup: Any) -> dict[str, Any]:
        if isinstance(setup, dict):
            seats = [p for ps in setup["teams"].values() for p in ps] if isinstance(setup.get("teams"), dict) \
                and all(isinstance(ps, list) for ps in setup["teams"].values()) else []
            setup = {"players": seats or list(DEFAULT_PLAYERS), **setup}
        setup = super().check_setup(setup)
        unknown = sorted(set(setup) - SETUP_KEYS)
        if unknown:
            raise SetupError(f"unknown set-up key '{unknown[0]}' (known: {', '.join(sorted(SETUP_KEYS))})")
        players = setup["players"]
        armies = setup.get("armies", {})
        if not isinstance(armies, dict):
            raise SetupError("set-up 'armies' must be a table: player = built-in army, 'random' or an army table")
        setup["armies"] = {p: armies.get(p, DEFAULT_ARMIES[i % 2]) for i, p in enumerate(players)}
        points = setup.get("points", 3000)
        each = list(points.values()) if isinstance(points, dict) and setup.get("teams") else [points]  # team play
        most = self.content.building.max_points
        if not all(isinstance(n, int) and not isinstance(n, bool) and 500 <= n <= most for n in each):
            raise SetupError(f"set-up 'points' must be a whole number from 500 to {most} (team play: or a table "
                             "of player = points)")
        if isinstance(points, dict) and set(points) - set(players):
            raise SetupError(f"set-up 'points' names '{sorted(set(points) - set(players))[0]}', who is not a player")
        setup["points"] = points
        table = setup.get("table", {})
        if not isinstance(table, dict):
            raise SetupError("set-up 'table' must be a table with width and depth (inches)")
        r = self.rules.table
        from skirmish import bounded_number

        width, depth = (float(bounded_number(table.get(side, getattr(r, side)), f"set-up table {side}",
                                             low=0, high=r.max_size)) for side in ("width", "depth"))
        if width < r.min_size or depth < r.min_size:
            raise SetupError(f"the table must be at least {r.min_size:g}\" x {r.min_size:g}\" "
                             f"(got {width:g} x {depth:g})")
        if depth / 2 - r.deploy_gap < 4:
            raise SetupError(f"a table {depth:g}\" deep leaves no room to deploy {r.deploy_gap:g}\" from the "
                             "centreline")
        setup["table"] = {"width": width, "depth": depth}
        for p in players:
            self.army_of(setup, p, check_only=True)
        scenario = setup.get("scenario", "roll")
        if scenario != "roll" and scenario not in self.scenarios:
            raise SetupError(f"unknown scenario '{scenario}' (known: {', '.join(self.scenarios)}, or 'roll')")
        setup["scenario"] = scenario
        first = setup.get("first", "")
        if first and first not in players:
            raise SetupError(f"set-up 'first' names '{first}', who is not a player")
        him = setup.get("him", "")
        if him and him not in players:
            raise SetupError(f"set-up 'him' names '{him}', who is not a player")
        if him and first and first != him:
            raise SetupError("set-up 'first' cannot be used with 'him': He always starts with the First Player token")
        layout = setup.get("layout", "cavern-crossing")
        if isinstance(layout, str) and layout != "random":
            from skirmish_hobgoblin.terrain import builtin_layouts

            if layout not in builtin_layouts():
                raise SetupError(f"no built-in layout '{layout}' (built-in: {', '.join(builtin_layouts())}, "
                                 "or 'random')")
        elif isinstance(layout, dict):
            from skirmish_hobgoblin.terrain import parse_pieces

            parse_pieces(list(layout.get("pieces", [])), self.content, "set-up layout")
        setup["layout"] = layout
        positions = setup.get("positions", {})
        if not isinstance(positions, dict):
            raise SetupError("set-up 'positions' must be a table: player = {unit name = {x, y, facing}}")
        for p in positions:
            if p not in players:
                raise SetupError(f"set-up 'positions' names '{p}', who is not a player")
        opts = setup.get("options", {})
        if not isinstance(opts, dict) or set(opts) - {"magic"}:
            raise SetupError("set-up 'options' takes only magic = true, false or a list of players")
        setup["positions"] = positions
        markers = setup.get("markers", [])
        if not isinstance(markers, list) or not all(isinstance(m, dict) and {"x", "y"} <= set(m) for m in markers):
            raise SetupError("set-up 'markers' must be a list of tables with x and y (and kind, owner)")
        for i, m in enumerate(markers, 1):
            for axis, most in (("x", width), ("y", depth)):
                bounded_number(m[axis], f"set-up marker {i}: {axis}", low=0, high=most)
            if m.get("owner") and m["owner"] not in players:
                raise SetupError(f"set-up marker owner '{m['owner']}' is not a player")
        if setup.get("attacker") and setup["attacker"] not in players:  # narrative scenarios: who attacks
            raise SetupError(f"set-up 'attacker' names '{setup['attacker']}', who is not a player")
        if setup.get("attacker") and scenario != "roll" and not setup.get("chaos") and \
                self.scenarios[scenario].prepare in ("none", "pendulum", "wages", "tides", "altars"):
            raise SetupError(f"set-up 'attacker': the scenario '{scenario}' has no Attacker or Defender")
        expansions.ask(self, "hobgoblin_check_setup", ruleset=self, setup=setup)  # (Chaos of War, team play)
        return setup

    def sides(self, setup: Any) -> dict[str, tuple[str, ...]]:
        """The two teams in team play (Unlikely Allies), else each player."""
        if setup.get("teams"):
            return {t: tuple(ps) for t, ps in setup["teams"].items()}
        return super().sides(setup)

    def setup_options(self) -> list[Any]:
        """The expansions' options (``hobgoblin_setup_options``), e.g. ``--chaos roll`` (Chaos of War) and
        ``--teams 2v2`` (team play)."""
        return [o for options in reversed(expansions.ask(self, "hobgoblin_setup_options")) for o in options]

    def apply_options(self, setup: dict[str, Any], options: Any) -> dict[str, Any]:
        out = dict(setup)
        expansions.ask(self, "hobgoblin_apply_options", ruleset=self, setup=out, options=options)
        return out

    def army_of(self, setup: dict[str, Any], player: str, *, rng: Any = None, check_only: bool = False) -> Any:
        from skirmish_hobgoblin.army import check_army, find_army, parse_army

        spec = setup["armies"][player]
        points = points_of(setup, player)
        if spec == "random":
            if check_only or rng is None:
                return None
            from skirmish_hobgoblin.army_random import random_army

            return random_army(self.content, points, _RngAdapter(rng), name=f"{player}'s random army")
        if isinstance(spec, str):
            army = find_army(spec, self.content)
        elif isinstance(spec, dict):
            army = parse_army(spec, where=f"army of {player}")
        else:
            raise SetupError(f"the army of {player} must be a built-in name, 'random' or an army table")
        return check_army(army, self.content, where=f"army of {player}")

    # -- the game ------------------------------------------------------------------------------
    def create(self, game: Game) -> HobState:
        from skirmish_hobgoblin import fortune
        from skirmish_hobgoblin.terrain import layout_pieces

        setup = game.setup
        width, depth = setup["table"]["width"], setup["table"]["depth"]
        name, pieces = layout_pieces(setup["layout"], self.content, game.rng, width, depth)
        from skirmish_hobgoblin.state import layout_key

        state = HobState(units={}, sides={}, deck=fortune.new_deck(game), pieces=pieces, width=width, depth=depth,
                         layout_key=layout_key(width, depth, pieces),
                         elevated_share=float(self.content.keywords["elevated"].params["footprint_fraction"]))
        game.state = state
        game.emit("setup", f"table {width:g}\" x {depth:g}\", terrain: {name} ({len(pieces)} pieces)",
                  rule="Set up the battlefield")
        letters = _letters(game.players)
        for i, player in enumerate(game.players):
            army = self.army_of(setup, player, rng=game.rng)
            state.sides[player] = Side(player, army.name, Hand(player), points_limit=points_of(setup, player))
            for n, au in enumerate(army.units, 1):
                unit = self.build_unit(au, f"{letters[i]}{n}", player)
                state.units[unit.id] = unit
                if getattr(au, "allegiance", ""):  # Abyssal Sorcery: the Wizard's allegiance
                    game.stash.setdefault("hobgoblin-magic", {}).setdefault("allegiance", {})[unit.id] = au.allegiance
            game.emit("setup", f"{player} reveals {army.name}: {len(army.units)} units", rule="Reveal army lists",
                      player=player)
            expansions.call(game, "hobgoblin_side_revealed", player=player)  # (team play's teams, His side)
        state.deck.shuffle(game.rng, game.log, rule="Fortune Cards")
        return state

    def build_unit(self, au: Any, uid: str, player: str) -> Unit:
        from skirmish_hobgoblin.army import build_unit

        built = build_unit(au, self.content)
        kws = KeywordSet(str(getattr(au, "name", "") or uid))  # events name the unit as players know it
        for kid, value in built.keywords.items():
            kdef = self.content.keywords[kid]
            traits = tuple(t.title() for t in kdef.traits)
            kws.add(Keyword(kdef.name, value, "set", traits=traits) if value is not None
                    else Keyword(kdef.name, traits=traits))
        kind = built.type
        return Unit(uid, player, au.name or kind.name, kind.id, kind.name, round(built.width_in, 6),
                    round(built.depth_in, 6), kind.speed, kind.strikes, kind.courage, built.points, kws)

    def start(self, game: Game) -> None:
        from skirmish_hobgoblin import deployment

        game.schedule(Rounds())
        deployment.begin(game)

    def phases(self) -> dict[str, Phase]:
        return _PHASES

    def end_of_round(self, game: Game) -> None:
        from skirmish_hobgoblin import scenarios

        scenarios.end_of_round(game)

    def expire_keywords(self, game: Game, scope: str) -> None:
        for u in game.state.units.values():
            u.keywords.expire(scope, log=game.log, rule=f"End of {scope}")

    def out_of_steps(self, game: Game) -> None:
        pass

    # -- seeing -----------------------------------------------------------------------------
    def view(self, game: Game, player: str | None) -> dict[str, Any]:
        from skirmish_hobgoblin.render import view_data

        return view_data(game, player)

    def last_round(self, game: Game) -> int | None:
        """Five rounds (the rules' number), plus any a Chaos of War twist added."""
        return self.rules.game.rounds + int(game.state.notes.get("extra-rounds", 0))

    def present(self, game: Game, player: str | None) -> Any:
        """The table as ``player`` sees it (``None``: everything) for every screen: the picture, each unit,
        terrain piece and marker with its details, the legend, the frame, the brief, and beside the table the
        seat's own Fortune Cards, the score, the scenario and the units removed (``skirmish_hobgoblin.picture``)."""
        from skirmish_hobgoblin.picture import present

        return present(game, player)

    def shades(self, game: Game, player: str, piece: str) -> list[Any]:
        """The pending decision's targets for ``piece``, then what the unit sees, may shoot, could engage and
        how far it advances, from the rules' own checks (``skirmish_hobgoblin.picture.shades``)."""
        from skirmish_hobgoblin.picture import shades

        return [*super().shades(game, player, piece), *shades(game, player, piece)]

    def option_labels(self, game: Game, decision: Any) -> dict[int, str]:
        """The movement question's manoeuvres and moves that the rules would refuse at any distance, saying so
        (``skirmish_hobgoblin.turns.person_labels``; screens only)."""
        from skirmish_hobgoblin.turns import person_labels

        return person_labels(game, decision)

    def describe(self, game: Game, player: str | None) -> str:
        from skirmish_hobgoblin.render import describe

        return describe(game, player)

    def glossary(self) -> dict[str, str]:
        from skirmish_hobgoblin.explain import glossary

        return glossary(self)

    def odds(self, game: Game, player: str, query: str) -> list[tuple[str, dict[Any, Any]]]:
        from skirmish_hobgoblin.explain import odds

        return odds(game, player, query)

    def measure(self, game: Game, player: str, a: str, b: str) -> str:
        from skirmish_hobgoblin.explain import measure

        return measure(game, player, a, b)

    def brief(self, game: Game, player: str | None) -> str:
        from skirmish_hobgoblin.explain import brief

        return brief(game, player)

    def final_summary(self, game: Game, player: str | None) -> str:
        from skirmish_hobgoblin.explain import final_summary

        return final_summary(game, player)

    def secrets(self, game: Game, player: str) -> list[str]:
        side = game.state.sides.get(player)
        if side is None or side.hand.public:
            return []
        return list(side.hand.cards)

    def determinize(self, game: Game, player: str, *, sample: int = 0) -> Game:
        import random

        clone = game.clone()
        state = clone.state
        unseen = list(state.deck.draw_pile)
        for p, side in state.sides.items():
            if p != player and not side.hand.public:
                unseen += side.hand.cards
        unseen.sort(key=repr)  # the re-deal may not depend on where the hidden cards really are
        random.Random(hash((game.seed, game.decisions, sample)) & 0xFFFFFFFF).shuffle(unseen)
        for p, side in state.sides.items():
            if p != player and not side.hand.public:
                side.hand.cards = [unseen.pop() for _ in side.hand.cards]
        state.deck.draw_pile = unseen
        clone.rng.reseed(hash((game.seed, game.decisions, sample)) & 0xFFFFFFFF)
        return clone

    def summary(self, game: Game) -> dict[str, float]:
        state = game.state
        out: dict[str, float] = {}
        for p in state.sides:
            out[f"lost_{p}"] = float(sum(1 for u in state.units.values() if u.side == p and u.status == REMOVED))
        out["rounds"] = float(game.round)
        return out


def points_of(setup: dict[str, Any], player: str) -> int:
    """The player's points limit (team play may give each player their own)."""
    points = setup.get("points", 3000)
    return int(points.get(player, 3000)) if isinstance(points, dict) else int(points)


class _RngAdapter:
    """The army generator's ``randint``/``choice`` over the game's rng (logged draws)."""

    def __init__(self, rng: Any) -> None:
        self.rng = rng

    def randint(self, a: int, b: int) -> int:
        return self.rng.randint(a, b, rule="Random army")

    def choice(self, items: Any) -> Any:
        items = list(items)
        return items[self.rng.randint(0, len(items) - 1, rule="Random army")]


def _letters(players: tuple[str, ...]) -> list[str]:
    first = [p[0].lower() for p in players]
    if len(set(first)) == len(first) and all(c.isalpha() for c in first):
        return first
    return [chr(ord("a") + i) for i in range(len(players))]  # a, b (team play: up to f)


_PHASES = {
    "Initiative": Phase("Initiative", turns.initiative_phase, "Initiative Phase"),
    "Magic": Phase("Magic", turns.magic_phase, "Magic Phase"),
    "Shooting": Phase("Shooting", turns.shooting_phase, "Shooting Phase"),
    "Movement": Phase("Movement", turns.movement_phase, "Movement Phase"),
    "Combat": Phase("Combat", turns.combat_phase, "Combat Phase"),
    "Doom": Phase("Doom", turns.doom_phase, "Doom Phase"),
}
_ = RESERVE
