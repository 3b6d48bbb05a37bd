"""The hero's turn: 3 actions (Move 1, Rest, Interact, a guardian's active ability), free Renown spending
(Train, Rally in combat, Recruit, Commune), goblin and tribe cards, then the compulsory heroic deed.

Every choice of the turn is one decision of kind ``action`` whose options carry what they do. The heroic deed is
offered with the actions too (RULINGS GU-S6: choosing it gives up the actions left), as a lazy family of options
built only when asked for (``LazyDecision``); once the actions are used up (or given up) it is all that is left.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from skirmish import Decision, Do, LazyDecision, Option, counted, end_scope
from skirmish_goblin_uprising.bookkeeping import (
    C,
    a_name,
    ask_or_only,
    discard_goblin,
    draw_goblins,
    enemies_in,
    gain_essence,
    gain_renown,
    heal,
    hero_region,
    heroes_in,
    logging,
    lose_renown,
    move_piece,
    resolve_only,
    say,
    target_name,
    troop_in,
)
from skirmish_goblin_uprising.combat import battle_targets
from skirmish_goblin_uprising.explain import ability_text, guardian_passive_text
from skirmish_goblin_uprising.sheets import board_view, hero_view
from skirmish_goblin_uprising.state import TYRANT, Turn

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_goblin_uprising.content import Content, Effect
    from skirmish_goblin_uprising.state import GameState, Hero

TRAIN, RECRUIT, COMMUNE = 2, 1, 5
R_TURN = "Hero's turn"


def hero_turn(game: Game, hid: str) -> None:
    s: GameState = game.state
    hero = s.heroes[hid]
    if hero.removed or game.result is not None:
        return
    s.turn = Turn(hero=hid)
    if logging(game):
        game.emit("turn", f"{hid}'s hero turn ({C(game).classes[hero.cls].name}, {hero.hp}/{hero.max_hp} HP)",
                  rule=R_TURN, hero=hid)
    game.schedule(Do(ask_action, (hid,)), Do(end_turn, (hid,)))


def end_turn(game: Game, hid: str) -> None:
    from skirmish_goblin_uprising.tyranny import run_extra_moves

    game.state.turn = None
    end_scope(game, "turn")
    run_extra_moves(game)


# ----------------------------------------------------------------------------- the options of the turn


def ask_action(game: Game, hid: str, quiet: bool = False) -> None:
    """Ask the hero's next hero-turn choice. ``quiet``: only a choice that changes nothing the board sections show
    (``QUIET``) was made since the last one was asked, so the board is handed on as it was."""
    s: GameState = game.state
    hero = s.heroes[hid]
    turn = s.turn
    if hero.removed or game.result is not None or turn is None:
        return
    c = C(game)
    here = s.board.where(hid)
    space = here or ""
    options, menu = action_menu(game, hero, turn, space, c)
    if len(options) == 1:  # the deed with nothing to battle: Adventure is compulsory (GU-S1)
        resolve_only(game, hid, "action", options[0], R_TURN)
        _acted(game, options[0].value, hid)
        return
    region = c._look["space_region"].get(space, "") if here else ""
    context = {"hero": hid, "actions": turn.actions, "space": here, "region": region, "phase": "hero turn",
               "me": hero_view(hero, space, region), "board": board_view(game, unchanged=quiet), "menu": menu,
               "team": team_view(game, hid)}
    if turn.actions:  # the deed too, giving up the actions left (GU-S6): its options are built when asked for
        game.ask(HeroTurnDecision(game, hid, "action",
                                  f"{hid} at {c.space_name(space)}: {counted(turn.actions, 'action')} left "
                                  "(or a heroic deed, giving them up)", families=DEED_FAMILY, build=deed_family,
                              family_of=_family_of, fixed=options, fixed_first=True, args=(hid,), rule=R_TURN,
                              context=context), _acted, hid, menu)
    else:
        game.ask(DeedDecision(hid, "action", f"{hid}: actions used up - perform a heroic deed (Battle or Adventure)",
                              options, (), None, (), R_TURN, context), _acted, hid, menu)


DEED_FAMILY = ("deed",)
#: the free Renown choices (costing no action, scheduling nothing) that may open a chained answer (GU-S7)
RENOWN_KINDS = frozenset({"train", "recruit", "commune"})
#: the most choices one chained answer holds
MOST_CHAINED = 4
#: a hero-turn choice's kind as people read it
_KIND_TEXT = {"move": "Move 1", "leap": "Move 2", "travel": "Travel", "rest": "Rest", "interact": "Interact",
              "guardian": "the guardian's ability", "train": "Train", "recruit": "Recruit", "commune": "Commune",
              "goblin": "the goblin's effect", "tribe": "the tribe card", "end": "End your actions",
              "battle": "Battle", "adventure": "Adventure"}
#: how a chain's later choice that is not on offer yet reads (a guardian's ability after Commune, a Train unlocked)
_LATER = {"guardian": "the guardian's ability", "train": "another Train", "recruit": "Recruit",
          "commune": "Commune", "goblin": "a goblin's effect"}


def _match_chain(decision: Any, base: Any, game: Game | None, value: Any) -> tuple[Any, Any, str | None]:
    """``base.match`` (the decision class's own) for one value; a chained answer (GU-S7) checked as
    :class:`HeroTurnDecision` says."""
    if type(value) is not list and type(value) is not tuple:
        return base.match(decision, game, value)  # type: ignore[no-any-return]
    value = list(value)
    if not 2 <= len(value) <= MOST_CHAINED or not all(type(v) is str for v in value):
        return None, value, f"a chained answer is 2 to {MOST_CHAINED} choices, not {value!r}"
    if any(v.partition(":")[0] not in RENOWN_KINDS for v in value[:-1]):
        return None, value, "in a chained answer every choice but the last is Train, Recruit or Commune"
    first, _, err = base.match(decision, game, value[0])
    if err:
        return None, value, err
    labels = [first.label]
    for later in value[1:]:  # as people read it: its option's label when on offer now, else what it is
        found = base.match(decision, None, later)[0]
        labels.append(found.label if found is not None else _LATER.get(later.partition(":")[0], "another choice"))
    return Option(value, "; then ".join(labels)), value, None


class HeroTurnDecision(LazyDecision):
    """A hero-turn choice while actions are left (a lazy decision: the deed is a family built when asked for, GU-S6)
    that also takes a *chained answer* (GU-S7): a list of up to four of its values, free Renown choices (Train,
    Recruit, Commune) first and any choice last, made in order in one answer. The first must be on offer now; each
    later one is made only if it is on offer once the ones before it are made, else the rest is dropped and the hero
    is asked again."""

    __slots__ = ()

    def match(self, game: Game | None, value: Any) -> tuple[Any, Any, str | None]:
        return _match_chain(self, LazyDecision, game, value)

    def option_for(self, value: Any) -> Any:
        return self.match(None, value)[0]


class DeedDecision(Decision):
    """The hero-turn choice once the actions are used up (the deed and free choices): a plain decision that takes a
    chained answer too (GU-S7)."""

    __slots__ = ()

    def match(self, game: Game | None, value: Any) -> tuple[Any, Any, str | None]:
        return _match_chain(self, Decision, game, value)

    def check(self, game: Game | None, value: Any) -> tuple[Any, str | None]:
        _, value, err = self.match(game, value)
        return value, err

    def option_for(self, value: Any) -> Any:
        return self.match(None, value)[0]


def deed_family(game: Game, family: str, hid: str) -> list[Any]:
    """The heroic deed's options while actions are left (the hero-turn decision's lazy family "deed")."""
    hero = game.state.heroes[hid]
    return _deed_options(game, hero, C(game), early=True)[0]


def _family_of(value: Any) -> str | None:
    return "deed" if value == "adventure" or (type(value) is str and value.startswith("battle:")) else None


def team_view(game: Game, hid: str) -> tuple[tuple[str, str, str, int, int], ...]:
    """The other active heroes as the table shows them, in seat order: (hero, space, region, HP, most HP). Hero-turn
    decisions carry it so that a hero can plan with its team-mates (issue 26)."""
    s: GameState = game.state
    regions = C(game)._look["space_region"]
    where = s.board.where
    out = []
    for h in map(s.heroes.__getitem__, s.order):
        if h.id != hid and not h.removed:
            sp = where(h.id) or ""
            out.append((h.id, sp, regions.get(sp, ""), h.hp, h.max_hp))
    return tuple(out)


def action_options(game: Game, hero: Hero, turn: Turn, here: str | None = None, c: Content | None = None) -> list[Any]:
    """The options of a hero-turn decision, in a fixed order (``here``: the hero's space, when known)."""
    if c is None:
        c = C(game)
    if here is None:
        here = game.state.board.where(hero.id) or ""
    return action_menu(game, hero, turn, here, c)[0]


Part = tuple[tuple[Any, ...], tuple[str, ...]]  # options of one kind, in order, and their values


def _part(options: Any) -> Part:
    """A part of the hero-turn menu: its options and their values (kept together in the content's memo)."""
    options = tuple(options)
    return options, tuple(o.value for o in options)


def action_menu(game: Game, hero: Hero, turn: Turn, here: str,
                c: Content) -> tuple[list[Any], dict[str, tuple[str, ...]]]:
    """The options of a hero-turn decision in a fixed order, and its menu: the options' values by kind ("move",
    "rest", "goblin"...: the part of a value before its first ":"), for agents that answer by kind.

    The menu is put together from parts built once per content set and the few values each reads (moves from a
    space, rests at given HP and Essence, training at given abilities, a goblin's turn effect at a Leadership...),
    each part kept with its values, so nothing is grouped or rebuilt per decision.
    """
    s: GameState = game.state
    memo = c._look["memo"]
    out: list[Any] = []
    menu: dict[str, tuple[str, ...]] = {}
    cls = c.classes[hero.cls]
    actions = turn.actions
    if actions > 0:
        free = cls.passive == "free_first_move" and not turn.moved_free
        key: tuple[Any, ...] = ("moves", here, free)
        part = memo.get(key)
        if part is None:
            part = memo[key] = _part(
                Option(f"move:{n}", f"Move 1: {c.space_name(n)}" + (" (free: Ranger)" if free else ""),
                       "one action: step to an adjacent space",
                       data={"action": "move", "space": n, "free": free, "group": "Move 1"})
                for n in c.rmap.neighbours(here))
        out += part[0]
        menu["move"] = part[1]
        g = c.guardians.get(hero.guardian) if hero.guardian else None
        if g is not None and g.passive.effect == "long_step" and not turn.long_step:
            part = _leaps(c, here)
            out += part[0]
            menu["leap"] = part[1]
        if actions + free >= 2:
            part = _travels(c, here, actions + free, free)
            if part[0]:
                out += part[0]
                menu["travel"] = part[1]
        if not turn.rested:
            if cls.passive == "rest_both":
                key = ("rest", "both")
                part = memo.get(key)
                if part is None:
                    part = memo[key] = _part((_fixed(memo, "rest:both", "Rest: regain 2 HP and 1 Essence (Druid)",
                                                     "one action, once a turn",
                                                     action="rest"),))
            else:
                key = ("rest", hero.hp, hero.max_hp, hero.essence, hero.max_essence)
                part = memo.get(key)
                if part is None:
                    part = memo[key] = _part((
                        Option("rest:hp", f"Rest: regain 2 HP ({hero.hp}/{hero.max_hp}"
                               f"{_full(hero.hp, hero.max_hp)})", "one action, once a turn",
                               data={"action": "rest", "gain": "hp"}),
                        Option("rest:essence", f"Rest: regain 2 Essence ({hero.essence}/{hero.max_essence}"
                               f"{_full(hero.essence, hero.max_essence)})", "one action, once a turn",
                               data={"action": "rest", "gain": "essence"})))
            out += part[0]
            menu["rest"] = part[1]
        tokens, quests = s.tokens, s.quests
        if tokens or quests:
            spaces: Any = (here,)
            # mirrors interact_spaces(pet_reach=True), inlined for speed: change both together
            if hero.pet and c.pets[hero.pet].effect == "interact_adjacent":
                spaces = (here, *c.rmap.neighbours(here))
            values: list[str] = []
            for space in spaces:
                if space in quests:
                    what: tuple[str, ...] = ("quest",)
                elif space in tokens:
                    what = ("peeked", tokens[space]) if space in s.peeked else ("hidden",)
                else:
                    continue
                key = ("interact", space, what)  # what token_label reads
                found = memo.get(key)
                if found is None:
                    found = memo[key] = Option(f"interact:{space}", f"Interact: {token_label(game, space)}",
                                               "one action", data={"action": "interact", "space": space})
                out.append(found)
                values.append(found.value)
            if values:
                menu["interact"] = tuple(values)
        if g is not None and actions >= 2 and not turn.guardian_used and guardian_usable(game, hero):
            key = ("guardian", hero.guardian)
            found = memo.get(key)
            if found is None:
                found = memo[key] = Option("guardian", f"{g.name}: {guardian_text(g.active)} (2 actions)",
                                           "your guardian's ability: 2 actions, once a turn",
                                           data={"action": "guardian"})
            out.append(found)
            menu["guardian"] = _ONE["guardian"]
    # free: Renown, goblins, tribe card
    renown = hero.renown
    if renown >= TRAIN:
        key = ("train", hero.cls, tuple(hero.abilities))
        part = memo.get(key)
        if part is None:
            part = memo[key] = _part(
                Option(f"train:{a.id}", f"Train (2 Renown): learn {a.name} (level {a.level}: {ability_text(a)})",
                       f"costs no action; 'help {a.name}' explains it",
                       data={"action": "train", "ability": a.id, "level": a.level, "dice": a.dice})
                for a in cls.abilities if a.id not in hero.abilities and (a.level == 1 or a.requires in hero.abilities))
        if part[0]:
            out += part[0]
            menu["train"] = part[1]
    if renown >= RECRUIT:
        found = memo.get(("fixed", "recruit"))
        out.append(found if found is not None else
                   _fixed(memo, "recruit", "Recruit (1 Renown): draw a goblin",
                          "costs no action: 1 Renown for 1 goblin card", action="recruit"))
        menu["recruit"] = _ONE["recruit"]
    if renown >= COMMUNE and not hero.guardian:
        taken = {h.guardian for h in s.heroes.values()}
        key = ("commune", tuple(gid for gid in c.guardians if gid not in taken))
        part = memo.get(key)
        if part is None:
            part = memo[key] = _part(_commune(memo, gid, g) for gid, g in c.guardians.items() if gid not in taken)
        if part[0]:
            out += part[0]
            menu["commune"] = part[1]
    cards = hero.hand.cards
    if cards:
        goblins = c.goblins
        leadership = hero.leadership
        usable: dict[str, bool] = {}  # a turn effect's check (it reads only the effect's name), once per decision
        values = []
        for card in dict.fromkeys(cards):
            spec = goblins[card]
            e = spec.turn
            ok = usable.get(e.effect)
            if ok is None:
                ok = usable[e.effect] = turn_effect_usable(game, hero, e, here)
            if ok:
                key = ("goblin", card, leadership)
                found = memo.get(key)
                if found is None:
                    found = memo[key] = Option(f"goblin:{card}", f"{spec.name}: {turn_text(e, leadership)} "
                                               "(discard it)", "costs no action; the card goes to the discard pile",
                                               data={"action": "goblin", "card": card, "effect": e.effect})
                out.append(found)
                values.append(found.value)
        if values:
            menu["goblin"] = tuple(values)
    if hero.tribe_ready:
        tribe = c.tribes[hero.tribe]
        effect = tribe.effect  # mirrors tribe_usable: change both
        if effect in ("extra_actions", "teleport") or (effect == "full_heal" and hero.hp < hero.max_hp):
            key = ("tribe", hero.tribe)
            found = memo.get(key)
            if found is None:
                found = memo[key] = Option("tribe", f"exhaust {tribe.name}: {tribe_text(tribe)}",
                                           "costs no action; the card turns face down (exhausted)",
                                           data={"action": "tribe", "effect": effect})
            out.append(found)
            menu["tribe"] = _ONE["tribe"]
    if actions > 0:
        found = memo.get(("fixed", "end"))
        out.append(found if found is not None else
                   _fixed(memo, "end", END_LABEL, "skip your remaining actions; the heroic deed comes next",
                          action="end", confirm="your unused actions are lost"))
        menu["end"] = _ONE["end"]
    else:
        deed, values = _deed_options(game, hero, c, early=False)
        out += deed
        if values:
            menu["battle"] = values
        menu["adventure"] = _ONE["adventure"]
    return out, menu


def _deed_options(game: Game, hero: Hero, c: Content, early: bool) -> tuple[list[Any], tuple[str, ...]]:
    """The heroic deed's options (Battle each target in the hero's region, then Adventure) and the battle values.
    ``early``: chosen while actions are left, which it gives up (GU-S6): people are asked to confirm."""
    s: GameState = game.state
    memo = c._look["memo"]
    out: list[Any] = []
    values = []
    # with actions left: one line in a compact menu, and people confirm the actions they give up
    confirm = {"confirm": "your unused actions are lost", "group": "Heroic deed"} if early else {}
    for t in battle_targets(game, hero):
        key = ("battle", t, _target_state(s, t), early)  # what the option's label and help read
        found = memo.get(key)
        if found is None:
            about = _target_help(game, t)
            # the Tyrant's "it strikes first" only in the help: the label fits an 80-column menu
            short = about.partition(";")[0] if t == TYRANT else about
            found = memo[key] = Option(f"battle:{t}", f"Battle {target_name(game, t)} ({short})",
                                       PVP_HELP if t.startswith("hero:") else about,
                                       data={"action": "battle", "target": t, **confirm})
        out.append(found)
        values.append(found.value)
    found = memo.get(("deed", "adventure", early))
    if found is None:
        found = memo["deed", "adventure", early] = Option(
            "adventure", "Adventure: draw an adventure card",
            "the heroic deed: roll 5 dice for its successes (others may help) or choose a side",
            data={"action": "adventure", **confirm})
    out.append(found)
    return out, tuple(values)


_ONE = {kind: (kind,) for kind in ("guardian", "recruit", "tribe", "end", "adventure")}  # kinds with one value


def _commune(memo: dict[Any, Any], gid: str, g: Any) -> Any:
    """The Commune option for guardian ``g`` (built once per content set)."""
    found = memo.get(("fixed", f"commune:{gid}"))
    if found is None:
        label = (f"Commune (5 Renown): {g.name} (passive: {guardian_passive_text(g.passive)}; "
                 f"2 actions: {guardian_text(g.active)})")
        found = _fixed(memo, f"commune:{gid}", label, "costs no action; one guardian per hero",
                       action="commune", guardian=gid)
    return found


END_LABEL = "End your actions: heroic deed next, unused ones lost"
#: the help of a Battle against another hero (player against player, RULINGS GU-30; the set-up option pvp)
PVP_HELP = ("player against player: you strike the hero, it strikes back; one who falls goes home and the winner takes "
            "a goblin from its hand and 1 Renown ('help fellow hero')")


def _full(now: int, most: int) -> str:
    """A Rest label's note when there is nothing to regain."""
    return ": already full, gains nothing" if now >= most else ""


def _fixed(memo: dict[Any, Any], value: str, label: str, help: str, **data: Any) -> Any:
    """An option that never changes (built once per content set)."""
    found = memo.get(("fixed", value))
    if found is None:
        found = memo["fixed", value] = Option(value, label, help, data=data)
    return found


def _leaps(c: Content, here: str) -> Part:
    """The Wind Guardian's two-space moves from ``here`` (once per content set and space)."""
    key = ("leaps", here)
    found = c._look["memo"].get(key)
    if found is None:
        near = set(c.rmap.neighbours(here))
        found = c._look["memo"][key] = _part(
            Option(f"leap:{n}", f"Move 2: {c.space_name(n)} (Wind Guardian, once per turn)", "one action: two spaces",
                   data={"action": "move", "space": n, "group": "Move 2"})
            for n in c.rmap.within(here, 2) if n != here and n not in near)
    return found


def travel_path(c: Content, here: str, to: str) -> tuple[str, ...]:
    """The spaces a travel from ``here`` to ``to`` steps on, ``to`` last: a shortest path, each step to the first
    neighbour (in the map's order) one move nearer (once per content set and pair of spaces)."""
    key = ("travel-path", here, to)
    found = c._look["memo"].get(key)
    if found is None:
        dist = c._look["dist"]
        path, at = [], here
        while at != to:
            left = dist[at][to]
            at = next(n for n in c.rmap.neighbours(at) if dist[n].get(to) == left - 1)
            path.append(at)
        found = c._look["memo"][key] = tuple(path)
    return found


def _travels(c: Content, here: str, reach: int, free: bool) -> Part:
    """Travel options from ``here``: every space 2 to ``reach`` moves away, reached by that many Move 1 actions
    along ``travel_path`` (RULINGS GU-S2; once per content set, space, reach and free first move)."""
    key = ("travels", here, reach, free)
    found = c._look["memo"].get(key)
    if found is None:
        name = c.space_name
        out = []
        for to, d in sorted(c._look["dist"][here].items(), key=lambda item: item[1]):
            if not 2 <= d <= reach:
                continue
            path = travel_path(c, here, to)
            via = ", ".join(name(sp) for sp in path[:-1])
            # "Travel: X (...)": the menu shows every travel on one line (the CLI groups options by ``group``, the
            # label's head), the destination first so that line reads as a list of places
            out.append(Option(f"travel:{to}", f"Travel: {name(to)} ({d} Moves via {via}"
                              + ("; the first free: Ranger" if free else "") + ")",
                              f"{counted(d - free, 'action')}: Move 1 once per space, stepping on each space shown",
                              data={"action": "travel", "space": to, "steps": d, "path": path, "group": "Travel"}))
        found = c._look["memo"][key] = _part(out)
    return found


def _target_state(s: Any, t: str) -> tuple[Any, ...]:
    """What a battle option's label (the Tyrant's name) and help (``_target_help``) show for ``t``."""
    if t == TYRANT:
        return (s.tyrant_id, s.hp, s.max_hp, s.armor)
    kind, _, key = t.partition(":")
    if kind == "troop":
        return (s.troops[key], s.troop_damage.get(key, 0))
    if kind == "general":
        return (s.generals[key],)
    return ()


def _target_help(game: Game, t: str) -> str:
    s: GameState = game.state
    c = C(game)
    if t == TYRANT:
        return f"HP {s.hp}/{s.max_hp}, Royal Armor {s.armor}; it strikes first"
    kind, _, key = t.partition(":")
    if kind == "troop":
        spec = c.troops[key]
        left = spec.hp - s.troop_damage.get(key, 0)
        return f"{counted(s.troops[key], 'miniature')}, {left}/{spec.hp} HP left on the tile"
    if kind == "general":
        return f"HP {c.generals[key].hp - s.generals[key]}/{c.generals[key].hp}"
    return "a fellow hero, not an enemy"


def interact_spaces(game: Game, hero: Hero, pet_reach: bool, here: str | None = None) -> list[str]:
    s: GameState = game.state
    c = C(game)
    if here is None:
        here = s.board.where(hero.id) or ""
    spaces = [here]
    if pet_reach and hero.pet and c.pets[hero.pet].effect == "interact_adjacent":
        spaces += list(c.rmap.neighbours(here))
    return [sp for sp in spaces if sp in s.tokens or sp in s.quests]


def token_label(game: Game, space: str) -> str:
    s: GameState = game.state
    c = C(game)
    if space in s.quests:
        return f"resolve the Quest token on {c.space_name(space)}"
    if space in s.peeked:
        return f"take the {c.tokens[s.tokens[space]].name} on {c.space_name(space)}"
    return f"take the face-down exploration token on {c.space_name(space)}"


def _acted(game: Game, answer: Any, hid: str, menu: dict[str, tuple[str, ...]] | None = None,
           ask: bool = True) -> None:
    """Make the hero-turn choice ``answer`` (a chained answer, a list: each in turn while on offer, GU-S7; ``menu``:
    the values the decision offered, by kind); ``ask``: ask the next choice when nothing was scheduled (a chain's
    free Renown choices ask nothing)."""
    if type(answer) is list:
        _chained(game, answer, hid, menu or {})
        return
    s: GameState = game.state
    c = C(game)
    hero = s.heroes[hid]
    turn = s.turn
    assert turn is not None
    kind, _, arg = answer.partition(":")
    if kind in ("battle", "adventure") and turn.actions:  # the deed chosen with actions left gives them up (GU-S6)
        if logging(game):
            say(game, f"{hid} gives up {counted(turn.actions, 'unused action')}", R_TURN, hero=hid)
        turn.actions = 0
    if kind == "battle":
        from skirmish_goblin_uprising.combat import start_battle

        start_battle(game, hid, arg)
        return
    if kind == "adventure":
        from skirmish_goblin_uprising.adventure import start_adventure

        start_adventure(game, hid)
        return
    later = kind in _MAY_ASK
    if later:  # the effect may ask or schedule steps of its own: the next hero-turn choice comes after them
        game.call(ask_action, hid)
    if kind == "end":
        if logging(game):
            say(game, f"{hid} gives up {counted(turn.actions, 'unused action')}", R_TURN, hero=hid)
        turn.actions = 0
    elif kind in ("move", "leap"):
        free = kind == "move" and c.classes[hero.cls].passive == "free_first_move" and not turn.moved_free
        if free:
            turn.moved_free = True
        else:
            turn.actions -= 1
        if kind == "leap":
            turn.long_step = True
        move_piece(game, hid, arg, "Move 1")
    elif kind == "travel":  # several Move 1 actions in a row, one space each (GU-S2)
        path = travel_path(c, s.board.where(hid) or "", arg)
        if logging(game):
            say(game, f"{hid} travels to {c.space_name(arg)} ({len(path)} x Move 1)", R_TURN, hero=hid, space=arg)
        ranger = c.classes[hero.cls].passive == "free_first_move"
        for step in path:
            if ranger and not turn.moved_free:
                turn.moved_free = True
            else:
                turn.actions -= 1
            move_piece(game, hid, step, "Move 1")
    elif kind == "rest":
        turn.actions -= 1
        turn.rested = True
        rest(game, hero, arg)
    elif kind == "interact":
        turn.actions -= 1
        from skirmish_goblin_uprising.adventure import interact

        interact(game, hid, arg)
    elif kind == "guardian":
        turn.actions -= 2
        turn.guardian_used = True
        g = c.guardians[hero.guardian]
        if logging(game):
            say(game, f"{hid} calls on the {g.name}: {guardian_text(g.active)}", "Guardians: active ability", hero=hid)
        GUARDIAN[g.active.effect](game, hero, g.active.amount())
    elif kind == "train":
        lose_renown(game, hero, TRAIN, "Renown: Train")
        hero.abilities.append(arg)
        if logging(game):
            say(game, f"{hid} learns {c.classes[hero.cls].ability(arg).name}", "Renown: Train", hero=hid, ability=arg)
    elif kind == "recruit":
        lose_renown(game, hero, RECRUIT, "Renown: Recruit")
        draw_goblins(game, hero, 1, "Renown: Recruit")
    elif kind == "commune":
        lose_renown(game, hero, COMMUNE, "Renown: Commune")
        hero.guardian = arg
        if logging(game):
            game.emit("guardian", f"{hid} communes with the {c.guardians[arg].name}", rule="Renown: Commune", hero=hid,
                      guardian=arg)
    elif kind == "goblin":
        gob = c.goblins[arg]
        discard_goblin(game, hero, arg, "Goblin cards", "hero-turn effect")
        TURN_EFFECTS[gob.turn.effect](game, hero, gob.turn.amount(hero.leadership))
    elif kind == "tribe":
        tribe = c.tribes[hero.tribe]
        hero.tribe_ready = False
        if logging(game):
            say(game, f"{hid} exhausts the {tribe.name}", "Tribe cards", hero=hid)
        TRIBE_EFFECTS[tribe.effect](game, hero, tribe.n)
    if not later and ask:  # nothing was scheduled: ask the next hero-turn choice now (the same as a step run next)
        ask_action(game, hid, kind in QUIET)


def _chained(game: Game, answer: list[str], hid: str, menu: dict[str, tuple[str, ...]]) -> None:
    """A chained answer (GU-S7): the first choice (checked with the answer), then each later one if it is on offer
    once those before it are made; the first that is not ends the chain, and the hero is asked as usual.

    Free Renown choices take nothing away but Renown choices they no longer leave Renown for (Commune adds the
    guardian's options, Recruit a goblin's): a later choice of another kind that the decision offered is still on
    offer, and only the others are looked up again."""
    _acted(game, answer[0], hid, ask=False)
    for i, value in enumerate(answer[1:], 1):
        kind = value.partition(":")[0]
        if (kind in RENOWN_KINDS or value not in menu.get(kind, ())) and not _on_offer(game, hid, value):
            if logging(game):
                say(game, f"{hid}: {_KIND_TEXT.get(kind, kind)} is no longer on offer; the rest of the answer is "
                    "dropped", R_TURN, hero=hid)
            ask_action(game, hid, True)
            return
        _acted(game, value, hid, ask=i == len(answer) - 1)  # (all but the last are free Renown choices)


def _on_offer(game: Game, hid: str, value: str) -> bool:
    """Whether the hero-turn choice ``value`` is on offer now (what the next hero-turn decision would offer)."""
    s: GameState = game.state
    hero = s.heroes[hid]
    turn = s.turn
    if hero.removed or game.result is not None or turn is None:
        return False
    c = C(game)
    options, menu = action_menu(game, hero, turn, s.board.where(hid) or "", c)
    if value in menu.get(value.partition(":")[0], ()):
        return True
    if _family_of(value) is not None:
        return any(o.value == value for o in _deed_options(game, hero, c, early=bool(turn.actions))[0])
    return False


_MAY_ASK = frozenset({"interact", "guardian", "goblin", "tribe"})  # hero-turn choices whose effects may schedule steps
# hero-turn choices that change only the hero, its hand and the goblin deck, never what the board sections show (the
# Tyrant, scheme, troops, generals, tokens, quests): the next choice reuses the board as it was
QUIET = frozenset({"end", "move", "leap", "travel", "rest", "train", "recruit", "commune"})


def rest(game: Game, hero: Hero, what: str) -> None:
    c = C(game)
    rule = "Rest"
    if what in ("hp", "both"):
        heal(game, hero, 2, rule)
    if what == "essence":
        gain_essence(game, hero, 2, rule)
    if what == "both":
        gain_essence(game, hero, 1, rule)
    g = c.guardians.get(hero.guardian)
    if g is not None and g.passive.effect == "rest_essence":
        gain_essence(game, hero, g.passive.amount(), f"Guardians: {g.name}")
    if c.classes[hero.cls].passive == "ambush" and not hero.ambush:
        hero.ambush = True
        if logging(game):
            say(game, f"{hero.id} regains the Ambush token", "Class passive", hero=hero.id)


# ----------------------------------------------------------------------------- goblin hero-turn effects


def turn_text(e: Effect, leadership: int = 0) -> str:
    return _turn_text(e.effect, e.amount(leadership))


# a pure memo of plain values (an effect's name and number in, its text out): the same for every game, bounded
@functools.lru_cache(maxsize=1024)
def _turn_text(effect: str, n: int) -> str:
    return {
        "free_move": f"move up to {counted(n, 'space')}, free", "essence": f"gain {n} Essence",
        "interact_adjacent": "interact with a token on an adjacent space", "draw_discard": "draw 1 goblin, discard 1",
        "peek": f"look at {n} face-down exploration tokens", "renown_if_troop": f"+{n} Renown if a troop is here",
        "extra_action": f"+{counted(n, 'action')}", "heal": f"heal {n} HP",
    }.get(effect, effect)


def turn_effect_usable(game: Game, hero: Hero, e: Effect, here: str | None = None) -> bool:
    effect = e.effect
    if effect == "heal":
        return hero.hp < hero.max_hp
    if effect == "essence":
        return hero.essence < hero.max_essence
    if effect == "interact_adjacent":
        s: GameState = game.state
        if here is None:
            here = s.board.where(hero.id) or ""
        return any(n in s.tokens or n in s.quests for n in C(game).rmap.neighbours(here))
    if effect == "peek":
        s = game.state
        return any(sp not in s.peeked for sp in s.tokens)
    if effect == "renown_if_troop":
        return troop_in(game, hero_region(game, hero))
    return True


def _ask_move(game: Game, hero: Hero, n: int, rule: str) -> None:
    s: GameState = game.state
    c = C(game)
    here = s.board.where(hero.id) or ""
    options = [Option(f"space:{sp}", f"{c.space_name(sp)}", "a free move: no action spent", data={"space": sp})
               for sp in c.rmap.within(here, n) if sp != here]
    options.append(Option("stay", "stay where you are", "the free move is not used"))
    game.ask(Decision(hero.id, "free-move", f"{hero.id}: move up to {counted(n, 'space')}", options, rule=rule,
                      context={"hero": hero.id, "range": n}), _moved, hero.id, rule)


def _moved(game: Game, answer: str, hid: str, rule: str) -> None:
    if answer != "stay":
        move_piece(game, hid, answer.split(":", 1)[1], rule)


def _t_free_move(game: Game, hero: Hero, n: int) -> None:
    _ask_move(game, hero, n, "Goblin cards: move")


def _t_essence(game: Game, hero: Hero, n: int) -> None:
    gain_essence(game, hero, n, "Goblin cards")


def _t_interact_adjacent(game: Game, hero: Hero, n: int) -> None:
    s: GameState = game.state
    c = C(game)
    here = s.board.where(hero.id) or ""
    spaces = [sp for sp in c.rmap.neighbours(here) if sp in s.tokens or sp in s.quests]
    if not spaces:
        return
    options = [Option(f"interact:{sp}", token_label(game, sp), "the goblin card reaches a token next to you",
                      data={"space": sp})
               for sp in spaces]
    ask_or_only(game, Decision(hero.id, "reach", f"{hero.id}: interact with which adjacent token?", options,
                               rule="Goblin cards", context={"hero": hero.id}), _reached, hero.id)


def _reached(game: Game, answer: str, hid: str) -> None:
    from skirmish_goblin_uprising.adventure import interact

    interact(game, hid, answer.split(":", 1)[1])


def _t_draw_discard(game: Game, hero: Hero, n: int) -> None:
    from skirmish_goblin_uprising.damage import ask_discard

    draw_goblins(game, hero, 1, "Goblin cards")
    ask_discard(game, hero.id, 1, "Goblin cards")


def _t_peek(game: Game, hero: Hero, n: int) -> None:
    s: GameState = game.state
    c = C(game)
    here = s.board.where(hero.id) or ""
    dist = c.rmap.distances_from(here)
    hidden = sorted((sp for sp in s.tokens if sp not in s.peeked), key=lambda sp: (dist.get(sp, 99), sp))[:n]
    for sp in hidden:
        s.peeked.append(sp)
        if logging(game):
            game.emit("peek", f"{hero.id} looks at the token on {c.space_name(sp)}: {c.tokens[s.tokens[sp]].name}",
                      rule="Goblin cards", space=sp, token=s.tokens[sp])


def _t_renown_if_troop(game: Game, hero: Hero, n: int) -> None:
    gain_renown(game, hero, n, "Goblin cards")


def _t_extra_action(game: Game, hero: Hero, n: int) -> None:
    turn = game.state.turn
    assert turn is not None
    turn.actions += n
    if logging(game):
        say(game, f"{hero.id} gains {counted(n, 'action')}", "Goblin cards", hero=hero.id)


def _t_heal(game: Game, hero: Hero, n: int) -> None:
    heal(game, hero, n, "Goblin cards")


TURN_EFFECTS: dict[str, Callable[[Game, Any, int], None]] = {
    "free_move": _t_free_move, "essence": _t_essence, "interact_adjacent": _t_interact_adjacent,
    "draw_discard": _t_draw_discard, "peek": _t_peek, "renown_if_troop": _t_renown_if_troop,
    "extra_action": _t_extra_action, "heal": _t_heal,
}


# ----------------------------------------------------------------------------- tribe cards (hero turn)


def tribe_text(tribe: Any) -> str:
    return {
        "reroll_any": "reroll any of your dice once this turn (use it on a roll)",
        "prevent": f"prevent up to {tribe.n} damage from one attack (use it when hit)",
        "extra_actions": f"gain {tribe.n} extra actions this turn", "teleport": f"move up to {tribe.n} spaces, free",
        "full_heal": "heal to full HP", "survive_fall": "stay at 1 HP instead of falling (use it at 0 HP)",
    }.get(tribe.effect, tribe.effect)


def tribe_usable(game: Game, hero: Hero) -> bool:
    """Tribe cards usable as a free hero-turn choice (the others are offered when their moment comes)."""
    effect = C(game).tribes[hero.tribe].effect
    if effect == "full_heal":
        return hero.hp < hero.max_hp
    return effect in ("extra_actions", "teleport")


def _tr_extra_actions(game: Game, hero: Hero, n: int) -> None:
    _t_extra_action(game, hero, n)


def _tr_teleport(game: Game, hero: Hero, n: int) -> None:
    _ask_move(game, hero, n, "Tribe cards")


def _tr_full_heal(game: Game, hero: Hero, n: int) -> None:
    heal(game, hero, hero.max_hp, "Tribe cards")


TRIBE_EFFECTS: dict[str, Callable[[Game, Any, int], None]] = {
    "extra_actions": _tr_extra_actions, "teleport": _tr_teleport, "full_heal": _tr_full_heal,
}


# ----------------------------------------------------------------------------- guardian active abilities


def guardian_text(e: Effect) -> str:
    return _guardian_text(e.effect, e.amount())


# a pure memo of plain values (an effect's name and number in, its text out): the same for every game, bounded
@functools.lru_cache(maxsize=256)
def _guardian_text(effect: str, n: int) -> str:
    return {
        "blast": f"deal {n} damage to an army or general in your region (no counter-attack)",
        "heal_region": f"you and every hero in your region heal {n}", "travel": f"move up to {n} spaces",
        "pull_hero": "move any hero to your space", "heal_any": f"any hero heals {n}",
        "remove_troop": "remove a non-Champion troop in your region (no rewards)",
    }.get(effect, effect)


def guardian_usable(game: Game, hero: Hero) -> bool:
    c = C(game)
    effect = c.guardians[hero.guardian].active.effect
    if effect not in ("blast", "remove_troop"):  # the others need no target
        return True
    targets = [t for t in enemies_in(game, hero_region(game, hero)) if t != TYRANT]
    if effect == "blast":
        return bool(targets)
    return any(t.startswith("troop:") and not c.troops[t[6:]].aggressive for t in targets)


def _ga_blast(game: Game, hero: Hero, n: int) -> None:
    targets = [t for t in enemies_in(game, hero_region(game, hero)) if t != TYRANT]
    options = [Option(t, f"{target_name(game, t)}", f"your guardian deals {n} damage to it",
                      data={"target": t}) for t in targets]
    ask_or_only(game, Decision(hero.id, "blast", f"{hero.id}: the guardian strikes which enemy for {n}?", options,
                               rule="Guardians: active ability", context={"hero": hero.id, "damage": n}),
                _blasted, hero.id, n)


def _blasted(game: Game, answer: str, hid: str, n: int) -> None:
    from skirmish_goblin_uprising.combat import hit_enemy

    hit_enemy(game, hid, answer, n, False)


def _ga_heal_region(game: Game, hero: Hero, n: int) -> None:
    region = hero_region(game, hero)
    for h in heroes_in(game, region) if region else [hero]:
        heal(game, h, n, "Guardians: active ability")


def _ga_travel(game: Game, hero: Hero, n: int) -> None:
    _ask_move(game, hero, n, "Guardians: active ability")


def _ga_pull_hero(game: Game, hero: Hero, n: int) -> None:
    s: GameState = game.state
    others = [h for h in s.active_heroes() if h.id != hero.id]
    if not others:
        return
    options = [Option(f"hero:{h.id}", f"bring {h.id} to your space", "that hero moves to you at once",
                      data={"hero": h.id})
               for h in others]
    ask_or_only(game, Decision(hero.id, "pull", f"{hero.id}: which hero comes to you?", options,
                               rule="Guardians: active ability", context={"hero": hero.id}), _pulled, hero.id)


def _pulled(game: Game, answer: str, hid: str) -> None:
    s: GameState = game.state
    here = s.board.where(hid)
    assert here is not None
    move_piece(game, answer[5:], here, "Guardians: active ability")


def _ga_heal_any(game: Game, hero: Hero, n: int) -> None:
    s: GameState = game.state
    heroes = s.active_heroes()
    options = [Option(f"hero:{h.id}", f"{h.id} ({h.hp}/{h.max_hp} HP)", f"{h.id} heals {n} HP (not above its most)",
                      data={"hero": h.id}) for h in heroes]
    ask_or_only(game, Decision(hero.id, "heal", f"{hero.id}: who heals {n}?", options,
                               rule="Guardians: active ability",
                               context={"hero": hero.id, "amount": n, "hurt": {h.id: h.max_hp - h.hp for h in heroes}}),
                _healed_any, n)


def _healed_any(game: Game, answer: str, n: int) -> None:
    heal(game, game.state.heroes[answer[5:]], n, "Guardians: active ability")


def _ga_remove_troop(game: Game, hero: Hero, n: int) -> None:
    c = C(game)
    targets = [t for t in enemies_in(game, hero_region(game, hero))
               if t.startswith("troop:") and not c.troops[t[6:]].aggressive]
    options = [Option(t, f"remove {a_name(target_name(game, t))} miniature", "taken off the board: no fight, no reward",
                      data={"target": t}) for t in targets]
    ask_or_only(game, Decision(hero.id, "remove", f"{hero.id}: remove which troop?", options,
                               rule="Guardians: active ability", context={"hero": hero.id}), _removed_troop)


def _removed_troop(game: Game, answer: str) -> None:
    from skirmish_goblin_uprising.tyranny import check_scheme

    s: GameState = game.state
    key = answer[6:]
    s.troops[key] -= 1
    if not s.troops[key]:
        s.troop_damage[key] = 0
    if logging(game):
        say(game, f"{a_name(target_name(game, answer))} miniature is removed (no rewards)", "Guardians: active ability")
    check_scheme(game)


GUARDIAN: dict[str, Callable[[Game, Any, int], None]] = {
    "blast": _ga_blast, "heal_region": _ga_heal_region, "travel": _ga_travel, "pull_hero": _ga_pull_hero,
    "heal_any": _ga_heal_any, "remove_troop": _ga_remove_troop,
}
