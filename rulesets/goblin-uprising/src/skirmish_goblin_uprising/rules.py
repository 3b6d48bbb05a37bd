"""The Goblin Uprising ruleset: set-up in the printed order, the round (heroes, then the Tyrant), views.

Seats are heroes; the Tyrant is a side with no seat. A game ends with ``["heroes"]`` or ``["Tyrant"]`` winning.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from skirmish import Decision, Do, Game, Option, Phase, Presentation, Rounds, Ruleset, SetupError, SetupOption, Shade
from skirmish_goblin_uprising.bookkeeping import C, draw_cards, place_piece, say, tyrant
from skirmish_goblin_uprising.content import Content, load_content
from skirmish_goblin_uprising.explain import passive_short, passive_text
from skirmish_goblin_uprising.state import TYRANT, GameState, Hero

SETUP_KEYS = {"players", "tyrant", "difficulty", "heroes", "content", "options"}
HERO_KEYS = {"class", "tribe", "ability", "village"}
#: the longest house round limit a set-up may give (as the command line's --max-rounds)
MAX_ROUNDS = 999
OPTION_DEFAULTS: dict[str, Any] = {"max_rounds": 0, "pvp": True, "quiet_failed_spawns": False}
#: the house rules a set-up may switch on (each off by default; RULINGS.md names the ruling and the measured reason)
HOUSE_SWITCHES = ("quiet_failed_spawns",)
DEFAULT_PLAYERS = ["hero1", "hero2", "hero3"]


class GoblinUprising(Ruleset):
    """Goblin Uprising: 1-6 goblin heroes against an automated Tyrant on a map of regions (co-operative)."""

    name = "goblin-uprising"
    title = "Goblin Uprising"
    version = "0.1.0"
    min_players = 1
    max_players = 6
    max_decisions = 20_000
    perfect_information = False

    def __init__(self) -> None:
        super().__init__()
        self._contents: dict[str, Content] = {}

    @cached_property
    def content(self) -> Content:
        """The built-in (house) content, through the content hook."""
        return load_content(None, self.extend_content)

    def content_for(self, setup: dict[str, Any]) -> Content:
        """The content a set-up plays with (``content`` = a directory, else the built-in set)."""
        directory = setup.get("content", "")
        found = self._contents.get(directory)
        if found is None:
            found = self._contents[directory] = (load_content(directory, self.extend_content) if directory
                                                 else self.content)
        return found

    def expire_keywords(self, game: Game, scope: str) -> None:
        """Goblin Uprising keeps no temporary keywords (nothing to expire)."""

    # -- set-up ---------------------------------------------------------------------------
    def default_setup(self) -> dict[str, Any]:
        return {"players": list(DEFAULT_PLAYERS), "tyrant": "dwarf", "difficulty": "normal"}

    def setup_options(self) -> list[SetupOption]:
        """``--heroes``, ``--tyrant``, ``--difficulty``, ``--content``, ``--max-rounds`` and ``--pvp``."""
        c = self.content
        return [
            SetupOption("heroes", "how many goblin heroes (seats hero1..heroN)", "int", low=1, high=self.max_players,
                        metavar="N", seats=True),
            SetupOption("tyrant", "which Tyrant the heroes face", "choice", choices=(*c.tyrants, "random")),
            SetupOption("difficulty", "how hard the Tyrant is (difficulty.toml)", "choice",
                        choices=tuple(c.difficulties)),
            SetupOption("content", "a content directory (the box's cards, sheets and board) instead of the house set",
                        "path", metavar="DIR"),
            SetupOption("max-rounds", "house round limit: still undecided after N rounds, the heroes lose (0 = none)",
                        "int", low=0, high=999, metavar="N"),
            SetupOption("pvp", "battles between heroes allowed (as printed; the AI never starts one)", "bool"),
            SetupOption("quiet-failed-spawns", "house rule (off: as printed): a failed spawn's marker move rolls no "
                        "reinforcements, at most 12 such moves a round (RULINGS GU-34)", "bool"),
        ]

    def study_axes(self) -> dict[str, tuple[str, ...]]:
        """Hero count and difficulty: what makes this co-operative game easier or harder."""
        return {"heroes": tuple(str(n) for n in range(1, self.max_players + 1)),
                "difficulty": tuple(self.content.difficulties)}

    def apply_options(self, setup: dict[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        out = dict(setup)
        if "heroes" in options:
            n = int(options["heroes"])
            players = list(out.get("players", DEFAULT_PLAYERS))[:n]
            k = 1
            while len(players) < n:
                if f"hero{k}" not in players:
                    players.append(f"hero{k}")
                k += 1
            out["players"] = players
            chosen = out.get("heroes")
            if isinstance(chosen, dict):
                out["heroes"] = {seat: spec for seat, spec in chosen.items() if seat in players}
        for key in ("tyrant", "difficulty", "content"):
            if key in options:
                out[key] = options[key]
        house = {key.replace("-", "_"): options[key] for key in ("max-rounds", "pvp", "quiet-failed-spawns")
                 if key in options}
        if house:
            out["options"] = {**dict(out.get("options", {})), **house}
        return out

    def sides(self, setup: dict[str, Any]) -> dict[str, tuple[str, ...]]:
        return {"heroes": tuple(setup["players"]), "Tyrant": ()}

    def check_setup(self, setup: Any) -> dict[str, Any]:
        if isinstance(setup, dict) and "players" not in setup:
            setup = {"players": list(DEFAULT_PLAYERS), **setup}
        setup = super().check_setup(setup)
        unknown = sorted(set(setup) - SETUP_KEYS)
        if unknown:
            raise SetupError(f"unknown set-up key '{unknown[0]}' (known: {', '.join(sorted(SETUP_KEYS))})")
        content = setup.get("content", "")
        if not isinstance(content, str):
            raise SetupError("set-up 'content' must be the path of a content directory")
        c = self.content_for(setup)
        tyrant_id = setup.setdefault("tyrant", "dwarf" if "dwarf" in c.tyrants else next(iter(c.tyrants)))
        for key in ("tyrant", "difficulty"):
            if key in setup and not isinstance(setup[key], str):
                raise SetupError(f"set-up '{key}' must be a name (a string)")
        if tyrant_id != "random" and tyrant_id not in c.tyrants:
            raise SetupError(f"unknown Tyrant '{tyrant_id}' (known: {', '.join(c.tyrants)}, random)")
        level = setup.setdefault("difficulty", c.default_difficulty)
        if level not in c.difficulties:
            raise SetupError(f"unknown difficulty '{level}' (known: {', '.join(c.difficulties)})")
        given = setup.get("options", {})
        if not isinstance(given, dict):
            raise SetupError("set-up 'options' must be a table (max_rounds, pvp, quiet_failed_spawns)")
        options = {**OPTION_DEFAULTS, **given}
        bad = sorted(set(options) - set(OPTION_DEFAULTS))
        if bad:
            raise SetupError(f"unknown option '{bad[0]}' (known: {', '.join(OPTION_DEFAULTS)})")
        if not isinstance(options["max_rounds"], int) or isinstance(options["max_rounds"], bool) \
                or not 0 <= options["max_rounds"] <= MAX_ROUNDS:
            raise SetupError(f"option max_rounds must be a whole number from 0 to {MAX_ROUNDS} (0 = no limit)")
        for key in ("pvp", *HOUSE_SWITCHES):
            if not isinstance(options[key], bool):
                raise SetupError(f"option {key} must be true or false")
        setup["options"] = options
        heroes = setup.get("heroes", {})
        if not isinstance(heroes, dict):
            raise SetupError("set-up 'heroes' must be a table: seat = {class, tribe, ability, village}")
        seen: dict[str, set[str]] = {"class": set(), "tribe": set(), "village": set()}
        for seat, spec in heroes.items():
            if seat not in setup["players"]:
                raise SetupError(f"set-up heroes names '{seat}', who is not a player")
            if not isinstance(spec, dict):
                raise SetupError(f"set-up heroes.{seat} must be a table")
            extra = sorted(set(spec) - HERO_KEYS)
            if extra:
                known = ", ".join(sorted(HERO_KEYS))
                raise SetupError(f"set-up heroes.{seat}: unknown key '{extra[0]}' (known: {known})")
            for key in HERO_KEYS:
                if not isinstance(spec.get(key, ""), str):
                    raise SetupError(f"set-up heroes.{seat}.{key} must be a name (a string)")
            for key, pool in (("class", c.classes), ("tribe", c.tribes), ("village", c.villages)):
                value = spec.get(key, "")
                if value in ("", "choose", "random"):
                    continue
                if value not in pool:
                    raise SetupError(f"set-up heroes.{seat}: unknown {key} '{value}' (known: {', '.join(pool)})")
                if value in seen[key]:
                    raise SetupError(f"set-up heroes.{seat}: {key} '{value}' is taken by another hero")
                seen[key].add(value)
            ability = spec.get("ability", "")
            if ability not in ("", "choose", "random"):
                cls = spec.get("class", "")
                owners = [k for k, spec_ in c.classes.items() if ability in [a.id for a in spec_.abilities
                                                                            if a.level == 1]]
                if cls in c.classes and cls not in owners:
                    raise SetupError(f"set-up heroes.{seat}: '{ability}' is not a level 1 ability of {cls}")
                if cls not in c.classes and not owners:
                    raise SetupError(f"set-up heroes.{seat}: unknown level 1 ability '{ability}'")
                if cls not in c.classes:  # a class chosen at the table or at random might not have it
                    raise SetupError(f"set-up heroes.{seat}: ability '{ability}' needs its class set too "
                                     f"(class = \"{owners[0]}\")")
        if len(setup["players"]) > min(len(c.classes), len(c.tribes), len(c.villages)):
            raise SetupError("more heroes than classes, tribes or villages in the content")
        return setup

    def create(self, game: Game) -> GameState:
        c = self.content_for(game.setup)
        setup = game.setup
        tid = setup["tyrant"]
        if tid == "random":
            tid = game.rng.choice(sorted(c.tyrants), rule="Set-up 2: the Tyrant", why="random Tyrant")
        t = c.tyrants[tid]
        level = c.difficulties[setup["difficulty"]]
        state = GameState(tyrant_id=tid, difficulty=setup["difficulty"], order=list(game.players))
        game.state = state
        # 1. the board (content); 2. the Tyrant's sheet, its scheme deck, the "!" scheme revealed
        n = len(game.players)
        percent = c.scale_hp[n - 1] if n <= len(c.scale_hp) else 100
        armor_scale = c.scale_armor[n - 1] if n <= len(c.scale_armor) else 0
        state.max_hp = state.hp = max(1, round(t.hp * percent * level.hp_percent / 10000) + level.hp)
        state.armor = max(0, min(10, t.armor + level.armor + armor_scale))
        state.damage = t.damage
        state.board.place(TYRANT, c.board.throne)
        game.emit("setup", f"{t.name} ({t.race} Tyrant) on the {c.space_name(c.board.throne)}: "
                  f"HP {state.hp}, Royal Armor {state.armor}, damage {state.damage} ({level.name})",
                  rule="Set-up 2: the Tyrant", tyrant=tid)
        first = next(s for s in t.schemes if s.first)
        state.schemes.draw_pile = [s.id for s in t.schemes if not s.first]
        state.schemes.shuffle(game.rng, rule="Set-up 2: the scheme deck")
        state.scheme = first.id
        from skirmish_goblin_uprising.tyranny import goal_text

        game.emit("scheme", f"first scheme: {first.name} - {goal_text(game, first.goal)}", rule="Set-up 2: the Tyrant",
                  scheme=first.id)
        # the goblin deck is shuffled before the heroes draw their hands (set-up 3 before 5)
        state.goblins.draw_pile = [g for g, spec in c.goblins.items() for _ in range(spec.copies)]
        state.goblins.shuffle(game.rng, rule="Set-up 5: decks")
        state.adventures.draw_pile = list(c.adventures)
        state.adventures.shuffle(game.rng, rule="Set-up 5: decks")
        for seat in game.players:
            state.heroes[seat] = Hero(seat)
            state.heroes[seat].hand.owner = seat
        return state

    def start(self, game: Game) -> None:
        steps: list[Any] = []
        for seat in game.players:
            steps.append(Do(choose_class, (seat,)))
        steps.append(Do(setup_tokens_and_behavior))
        for seat in game.players:
            steps.append(Do(choose_village, (seat,)))
        steps.append(Do(place_troops))
        steps.append(Rounds(0))
        game.schedule(*steps)

    # -- rounds -------------------------------------------------------------------------------
    def phases(self) -> dict[str, Phase]:
        return _PHASES

    def end_of_round(self, game: Game) -> None:
        s = game.state
        s.kills_round = 0
        s.moves_this_round = 0
        s.life_used = []
        limit = game.setup["options"]["max_rounds"]
        if game.result is None and limit and game.round >= limit:
            game.finish(["Tyrant"], f"the Tyrant still rules after {limit} rounds (house round limit)",
                   rule="House: round limit")

    # -- seeing ---------------------------------------------------------------------------------
    def view(self, game: Game, player: str | None) -> dict[str, Any]:
        from skirmish_goblin_uprising.render import view_data

        return view_data(game, player)

    def present(self, game: Game, player: str | None) -> Presentation:
        """The board as ``player`` sees it: the picture, every piece and space with its details, legend, panels."""
        from skirmish_goblin_uprising.picture import present

        return present(game, player)

    def shades(self, game: Game, player: str, piece: str) -> list[Shade]:
        """The battle targets the pending options name for ``piece``, and the spaces a hero may go to now."""
        from skirmish_goblin_uprising.picture import reach

        out = super().shades(game, player, piece)
        spaces = reach(game, player, piece)
        if spaces:
            out.append(Shade("reach", label="move", pieces=tuple(spaces)))
        return out

    def describe(self, game: Game, player: str | None) -> str:
        from skirmish_goblin_uprising.render import describe

        return describe(game, player)

    def brief(self, game: Game, player: str | None) -> str:
        from skirmish_goblin_uprising.render import brief

        return brief(game, player)

    def final_summary(self, game: Game, player: str | None) -> str:
        from skirmish_goblin_uprising.render import final_summary

        return final_summary(game, player)

    def measure(self, game: Game, player: str, a: str, b: str) -> str:
        """Moves between two pieces or spaces (heroes, ``tyrant``, ``general:ID``, ``troop:ID``, space ids)."""
        from skirmish_goblin_uprising.render import measure

        return measure(game, a, b)

    def glossary(self) -> dict[str, str]:
        """``help TERM``: the rules' words, then every card, class and piece of the content set."""
        from skirmish_goblin_uprising.explain import glossary

        return glossary(self.content)

    def odds(self, game: Game, player: str, query: str) -> list[tuple[str, dict[Any, Any]]]:
        from skirmish_goblin_uprising.odds import odds

        return odds(game, player, query)

    def digest_data(self, game: Game) -> Any:
        return game.state

    def determinize(self, game: Game, player: str, *, sample: int = 0) -> Game:
        """A clone where what no hero knows (deck orders, the behavior card, face-down tokens) is re-dealt."""
        clone = game.clone()
        clone.rng.reseed(hash((game.seed, game.decisions, sample, player)))
        s = clone.state
        for deck in (s.goblins, s.adventures, s.schemes):  # sorted first: the re-deal may not follow the real order
            deck.draw_pile.sort(key=repr)
            clone.rng.shuffle(deck.draw_pile)
        if not s.revealed:
            s.behavior = clone.rng.choice([b.id for b in tyrant(clone).behaviors])
        hidden = [sp for sp in s.tokens if sp not in s.peeked]
        tokens = sorted((s.tokens[sp] for sp in hidden), key=repr)
        clone.rng.shuffle(tokens)
        for sp, tok in zip(hidden, tokens, strict=True):
            s.tokens[sp] = tok
        return clone

    def summary(self, game: Game) -> dict[str, float]:
        s = game.state
        return {"rounds": float(game.round), "marker": float(s.marker), "schemes_foiled": float(len(s.foiled)),
                "tyrant_hp": float(s.hp), "falls": float(sum(h.falls for h in s.heroes.values())),
                "removed": float(sum(1 for h in s.heroes.values() if h.removed)),
                "heroes_won": 1.0 if game.result is not None and "heroes" in game.result.winners else 0.0}


# ----------------------------------------------------------------------------- set-up steps


def _preset(game: Game, seat: str, key: str) -> str:
    return str(game.setup.get("heroes", {}).get(seat, {}).get(key, ""))


def choose_class(game: Game, seat: str) -> None:
    """Set-up 3: a class (unique), one level 1 ability, the class's components, a tribe card; draw Leadership."""
    c, s = C(game), game.state
    taken = {h.cls for h in s.heroes.values()}
    free = [k for k in c.classes if k not in taken]
    preset = _preset(game, seat, "class")
    if preset == "random":
        preset = game.rng.choice(free, rule="Set-up 3", why=f"{seat}'s class")
    if preset in free:
        _class_chosen(game, f"class:{preset}", seat)
        return
    options = [Option(f"class:{k}", f"{cl.name}: HP {cl.hp}, Leadership {cl.leadership}, Essence {cl.essence}; "
                      f"{passive_short(cl.passive)}",
                      f"{passive_text(cl.passive)}; level 1 abilities: "
                      f"{', '.join(a.name for a in cl.abilities if a.level == 1)} ('help NAME' explains one)",
                      data={"cls": k, "hp": cl.hp,
                            "leadership": cl.leadership, "essence": cl.essence})
               for k, cl in c.classes.items() if k in free]
    game.ask(Decision(seat, "class", f"{seat}: choose your class", options, rule="Set-up 3: heroes",
                      context={"hero": seat, "phase": "setup"}), _class_chosen, seat)


def _class_chosen(game: Game, answer: str, seat: str) -> None:
    c, s = C(game), game.state
    key = answer.split(":", 1)[1]
    cl = c.classes[key]
    h = s.heroes[seat]
    h.cls, h.max_hp, h.hp, h.leadership, h.max_essence = key, cl.hp, cl.hp, cl.leadership, cl.essence
    h.essence = min(1, cl.essence)
    h.pet = cl.pet if cl.pet and all(o.pet != cl.pet for o in s.heroes.values()) else ""
    h.ambush = cl.passive == "ambush"
    game.emit("setup", f"{seat} is the {cl.name}" + (f" with the {c.pets[h.pet].name}" if h.pet else ""),
              rule="Set-up 3: heroes", hero=seat, cls=key)
    game.schedule(Do(choose_ability, (seat,)), Do(choose_tribe, (seat,)), Do(draw_hand, (seat,)))


def choose_tribe(game: Game, seat: str) -> None:
    c, s = C(game), game.state
    taken = {h.tribe for h in s.heroes.values()}
    free = [k for k in c.tribes if k not in taken]
    preset = _preset(game, seat, "tribe")
    if preset == "random":
        preset = game.rng.choice(free, rule="Set-up 3", why=f"{seat}'s tribe")
    if preset in free:
        _tribe_chosen(game, f"tribe:{preset}", seat)
        return
    from skirmish_goblin_uprising.turns import tribe_text

    options = [Option(f"tribe:{k}", f"{c.tribes[k].name}: {tribe_text(c.tribes[k])}",
                      "your tribe card: used once, then face down (exhausted)", data={"tribe": k}) for k in free]
    game.ask(Decision(seat, "tribe", f"{seat}: choose your home tribe", options, rule="Set-up 3: heroes",
                      context={"hero": seat, "phase": "setup"}), _tribe_chosen, seat)


def _tribe_chosen(game: Game, answer: str, seat: str) -> None:
    key = answer.split(":", 1)[1]
    game.state.heroes[seat].tribe = key
    game.emit("setup", f"{seat} comes from the {C(game).tribes[key].name}", rule="Set-up 3: heroes", hero=seat)


def choose_ability(game: Game, seat: str) -> None:
    c, s = C(game), game.state
    h = s.heroes[seat]
    firsts = [a for a in c.classes[h.cls].abilities if a.level == 1]
    preset = _preset(game, seat, "ability")
    if preset == "random":
        preset = game.rng.choice([a.id for a in firsts], rule="Set-up 3", why=f"{seat}'s ability")
    if preset in [a.id for a in firsts]:
        _ability_chosen(game, f"ability:{preset}", seat)
        return
    from skirmish_goblin_uprising.combat import effect_text

    options = [Option(f"ability:{a.id}", f"{a.name}: {a.dice} dice" + (", piercing" if a.piercing else "")
                      + "".join(f"; {effect_text(e, h.leadership)}" for e in a.effects),
                      "your first ability: Train (2 Renown) learns the next ones of its tree",
                      data={"ability": a.id, "dice": a.dice})
               for a in firsts]
    game.ask(Decision(seat, "start-ability", f"{seat}: choose your level 1 ability", options,
                      rule="Set-up 3: heroes", context={"hero": seat, "phase": "setup", "class": h.cls,
                                                         "leadership": h.leadership,
                                                         "content": str(game.setup.get("content", ""))}),
             _ability_chosen, seat)


def _ability_chosen(game: Game, answer: str, seat: str) -> None:
    c, s = C(game), game.state
    h = s.heroes[seat]
    key = answer.split(":", 1)[1]
    h.abilities = [key]
    game.emit("setup", f"{seat} starts with {c.classes[h.cls].ability(key).name}", rule="Set-up 3: heroes", hero=seat)


def draw_hand(game: Game, seat: str) -> None:
    h = game.state.heroes[seat]
    draw_cards(game, "goblins", h.leadership, "Set-up 3: starting goblins", h)


def setup_tokens_and_behavior(game: Game) -> None:
    """Set-up 4: exploration tokens face down on the numbered spots; 6: a hidden behavior card."""
    c, s = C(game), game.state
    tokens = [t for t, spec in c.tokens.items() for _ in range(spec.copies)]
    game.rng.shuffle(tokens, rule="Set-up 4: exploration tokens", why="shuffle the exploration tokens")
    for spot, token in zip(c.spots, tokens, strict=False):
        s.tokens[spot] = token
    game.emit("setup", f"{len(s.tokens)} exploration tokens face down on spots 1-{len(s.tokens)}",
              rule="Set-up 4: exploration tokens")
    behaviors = [b.id for b in tyrant(game).behaviors]
    game.rng.shuffle(behaviors, rule="Set-up 6: behavior card", why="shuffle the behavior cards")
    s.behavior = behaviors[0]
    game.emit("setup", "a behavior card is placed face down on the Tyrant's sheet",
              rule="Set-up 6: behavior card")


def choose_village(game: Game, seat: str) -> None:
    """Set-up 7: each hero's miniature on a village of its own, chosen in player order."""
    c, s = C(game), game.state
    taken = {h.village for h in s.heroes.values()}
    free = [v for v in c.villages if v not in taken]
    preset = _preset(game, seat, "village")
    if preset == "random":
        preset = game.rng.choice(free, rule="Set-up 7", why=f"{seat}'s village")
    if preset in free:
        _village_chosen(game, f"village:{preset}", seat)
        return
    options = []
    for v in free:
        outer = c.rmap.neighbours(v)
        near = c.region_name(c.rmap.space(outer[0]).region) if outer else ""
        options.append(Option(f"village:{v}", f"{c.space_name(v)} (next to {near})",
                               "you start here and come back here after falling (one hero per village)",
                               data={"village": v}))
    game.ask(Decision(seat, "village", f"{seat}: choose your village", options, rule="Set-up 7: villages",
                      context={"hero": seat, "phase": "setup", "tyrant": s.tyrant_id,
                               "content": str(game.setup.get("content", ""))}), _village_chosen, seat)


def _village_chosen(game: Game, answer: str, seat: str) -> None:
    _c, s = C(game), game.state
    v = answer.split(":", 1)[1]
    h = s.heroes[seat]
    h.village = v
    place_piece(game, seat, v, "Set-up 7: villages")


def place_troops(game: Game) -> None:
    """Set-up 8: one troop of its own type in each region; 9: one more in the Tyrant's home region."""
    c, s = C(game), game.state
    for r in c.board.regions:
        s.troops[r.troop] = s.troops.get(r.troop, 0) + 1
    t = tyrant(game)
    home = c.region_spec(t.home).troop
    s.troops[home] += 1
    game.emit("setup", f"one troop in each region, one more {c.troops[home].name[:-1]} in "
              f"{c.region_name(t.home)}", rule="Set-up 8: troops")
    level = c.difficulties[s.difficulty]
    if level.start:
        s.marker = min(level.start, len(t.track))
        say(game, f"{level.name}: the destruction marker starts above space {s.marker + 1}", "Difficulty")


# ----------------------------------------------------------------------------- phases


def heroes_phase(game: Game) -> None:
    from skirmish_goblin_uprising.turns import hero_turn

    game.schedule(*[Do(hero_turn, (seat,)) for seat in game.state.order])


def _upkeep(game: Game) -> None:
    from skirmish_goblin_uprising.tyranny import upkeep_phase

    upkeep_phase(game)


def _tyranny(game: Game) -> None:
    from skirmish_goblin_uprising.tyranny import tyranny_phase

    tyranny_phase(game)


def _attack(game: Game) -> None:
    from skirmish_goblin_uprising.tyranny import attack_phase

    attack_phase(game)


_PHASES = {
    "heroes": Phase("heroes", heroes_phase, "Hero's turn"),
    "upkeep": Phase("upkeep", _upkeep, "Tyrant's turn: Upkeep"),
    "tyranny": Phase("tyranny", _tyranny, "Tyrant's turn: Tyranny"),
    "attack": Phase("attack", _attack, "Tyrant's turn: Attack"),
}

