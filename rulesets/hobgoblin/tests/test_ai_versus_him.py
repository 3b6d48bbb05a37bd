"""The battle AI's choices that lost games against Him (the solo opponent, who charges whatever He can reach):
the First Player token (it moves second, seeing where the enemy went, unless a charge of its own is in reach)
and the Command that holds a friend from breaking. Views are built by hand, as in ``test_ai_choices.py``."""

from __future__ import annotations

import pytest
from test_ai_choices import ai, unit, view

from skirmish import Decision, Option
from skirmish_hobgoblin.ai import initiative


def _initiative(player: str = "red") -> object:
    return Decision(player, "initiative", "keep or pass?",
                    options=[Option(player, "keep", data={"action": "keep", "player": player}),
                             Option("blue", "pass", data={"action": "pass", "player": "blue"})],
                    context={"phase": "Initiative", "action": "first-player", "roll": 5})


def test_the_ai_passes_the_first_player_token_when_no_charge_is_in_reach():
    mine = unit("k", "red", "heavy-infantry", 36, 10, speed=6)
    theirs = unit("t", "blue", "monster", 36, 36, facing=270.0, speed=10)
    v = view([mine, theirs], first="red")
    assert not initiative.wants_first(v, "red")
    assert ai().decide(v, _initiative()) == "blue"


def test_the_ai_keeps_the_first_player_token_when_a_charge_it_would_win_is_in_reach():
    mine = unit("k", "red", "heavy-cavalry", 36, 10, speed=12, keywords="Devastating Charge", points=450)
    theirs = unit("t", "blue", "light-infantry", 36, 20, facing=270.0)  # 8" apart: the Knights reach
    v = view([mine, theirs], first="red")
    assert initiative.wants_first(v, "red")
    assert ai().decide(v, _initiative()) == "red"


def test_the_ai_passes_the_token_when_the_only_charge_in_reach_is_one_it_would_lose():
    """Against Him the AI kept the token whenever a unit could reach an enemy (45 times in 61 lost games of 200,
    and 26 Carpe Diems to take it), moved first without charging, and His units charged whatever it had left in
    reach. Moving first pays only for a fight worth making: Heavy Infantry reaching a Monster passes."""
    mine = unit("k", "red", "heavy-infantry", 36, 10, speed=6)
    theirs = unit("t", "blue", "monster", 36, 20, facing=270.0, speed=10)  # 8" apart: the Monster reaches
    v = view([mine, theirs], first="red")
    assert not initiative.wants_first(v, "red")
    assert ai().decide(v, _initiative()) == "blue"


def test_carpe_diem_gives_the_token_away_when_the_ai_would_rather_move_second():
    mine = unit("k", "red", "heavy-infantry", 36, 10, speed=6)
    theirs = unit("t", "blue", "monster", 36, 36, facing=270.0, speed=10)
    v = view([mine, theirs], first="red")
    d = Decision("red", "first-player", "Carpe Diem: who takes it?",
                 options=[Option("red", "red takes it", data={"action": "take", "player": "red"}),
                          Option("blue", "blue takes it", data={"action": "give", "player": "blue"})],
                 context={"phase": "Initiative", "action": "first-player"})
    assert ai().decide(v, d) == "blue"


def test_the_general_does_not_leave_behind_a_friend_that_only_its_command_keeps_from_breaking():
    """Fragile Chariots with 5 Doom hold at Courage 12 (the General's Command [2] within 8"): Courage 10 breaks
    them at 5. The General's move away costs their points; staying by them costs nothing."""
    from skirmish_hobgoblin.ai.movement import Planner

    general = unit("g", "red", "heavy-cavalry", 30, 10, keywords="Command [2], Hero [3], Fragile", courage=12,
                   points=900)
    chariots = unit("c", "red", "chariot", 36, 10, keywords="Narrow Footprint, Devastating Charge, Fragile",
                    courage=12, doom=5, width=3.0, depth=5.0, points=350)
    foe = unit("t", "blue", "monster", 30, 44, facing=270.0)
    v = view([general, chariots, foe])
    plan = Planner(v, "red", {u["id"]: u for u in (general, chariots, foe)}, moves_after=False)
    assert plan.command_cost(general, (30, 12)) == 0
    assert plan.command_cost(general, (30, 24)) == pytest.approx(350)
    assert plan.command_cost(chariots, (36, 24)) == pytest.approx(350)  # it walks out of the Command itself
    assert plan.command_cost(chariots, (34, 12)) == 0


def test_a_unit_does_not_walk_into_the_reach_of_enemies_that_move_after_it():
    """Seed 25 against Him, round 1: the Wolf Riders move first and a weak Rock Lobber behind the Cave Troll and
    Guruk's Mob lures them forward, to end 5" from both; He moves next and charges them. What the enemies that move
    after it this round would gain counts in full, so the Riders stay out of reach."""
    from skirmish_hobgoblin.ai.board import gap
    from skirmish_hobgoblin.ai.movement import Planner

    riders = unit("w", "red", "light-cavalry", 61.67, 13.93, width=5.906, depth=3.15, speed=14, points=400,
                  keywords="Wide Footprint, Skirmishers, Nimble, Ranged [8], Despised, Unruly")
    troll = unit("t", "blue", "monster", 50.575, 34.362, facing=270.0, width=3.15, depth=4.724, speed=10,
                 points=700, courage=12, keywords="Narrow Footprint, Wild, Large, Terrifying, Undistractable")
    mob = unit("m", "blue", "light-infantry", 57.172, 34.362, facing=270.0, width=7.087, depth=4.724, courage=22,
               points=450, keywords="Horde, General, Battle Standard, Hero [4], Command [2], Undistractable")
    lobber = unit("l", "blue", "artillery", 45.819, 45.375, facing=270.0, width=2.362, depth=3.15, doom=1, speed=0,
                  keywords="Narrow Footprint, Immobile, Ranged [48], Fragile, Self-Destructive, Undistractable")
    units = [riders, troll, mob, lobber]
    v = view(units, rnd=1, first="red")
    plan = Planner(v, "red", {u["id"]: u for u in units}, moves_after=True)
    best = plan.choose(riders, [], lambda o: o.data, 14.0)
    assert best.end is not None
    assert gap(riders, troll, best.end) > 10.5 and gap(riders, mob, best.end) > 8.5


def _knights(x: float, y: float, facing: float = 90.0, **extra: object) -> dict:
    return unit("k", "red", "heavy-cavalry", x, y, facing=facing, width=5.9, depth=3.9, speed=12, points=750,
                keywords="Flying, Fragile, General, Command [2]", **extra)


def _pool(x0: float, y0: float, x1: float, y1: float) -> dict:
    return {"name": "Noxious Pools", "keywords": ["perilous"], "points": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}


def test_a_flyer_does_not_land_in_perilous_terrain():
    """Seed 63 against Him: the Lance Knights flew 12" into the Noxious Pools; next round every way out cost a
    die per MP. The landing steps back (still 12" or more) until the footprint is clear of the pools."""
    from skirmish_hobgoblin.ai.board import boxed, obstacles
    from skirmish_hobgoblin.ai.movement import Planner

    knights = _knights(36.0, 10.0)
    enemy = unit("e", "blue", "heavy-infantry", 36.0, 44.0, facing=270.0)
    for terrain, want in (([], 30.0), ([_pool(30.0, 26.0, 42.0, 32.0)], 24.0)):
        v = view([knights, enemy], terrain=terrain)
        plan = Planner(v, "red", {"k": knights, "e": enemy}, moves_after=False)
        polys = boxed(obstacles(v, knights))
        assert plan._landing(knights, (36.0, 10.0), (36.0, 30.0), 90.0, polys) == pytest.approx((36.0, want))


def test_the_turn_before_a_fly_pays_for_the_perilous_terrain_it_is_made_in():
    """Seed 63 against Him: the Lance Knights (Fragile General, 4 Doom) stood in the Noxious Pools and chose a Fly
    away, counted free of terrain; the turn they made first on the ground rolled a Perilous die per MP and broke
    them. A fly's value now pays for the wheel before it."""
    from skirmish_hobgoblin.ai import steering
    from skirmish_hobgoblin.ai.movement import Planner, path_cost

    knights = _knights(36.0, 20.0, doom=4)
    enemy = unit("e", "blue", "heavy-infantry", 56.0, 40.0, facing=225.0)
    end, facing, _go, turned, flew = steering.predict(knights, (56.0, 40.0), 12.0)
    assert flew and turned != (36.0, 20.0)  # a wheel, then a Fly
    values = {}
    for name, terrain in (("open", []), ("pools", [_pool(30.0, 17.0, 42.0, 26.0)])):
        v = view([knights, enemy], terrain=terrain)
        plan = Planner(v, "red", {"k": knights, "e": enemy}, moves_after=False)
        flights = [c for c in plan.ranked(knights, [], lambda o: o.data, 12.0) if c.why == "towards e, flying"]
        assert flights, name
        values[name] = flights[0].value
    cost = path_cost(view([knights, enemy], terrain=[_pool(30.0, 17.0, 42.0, 26.0)]), knights, turned, facing, turned)
    assert cost > 0
    assert values["pools"] == pytest.approx(values["open"] - cost)


def _deploy_decision(actor: str) -> object:
    from skirmish import Param

    spots = [{"x": x, "y": y} for y in (13.9, 4.0) for x in (20.0, 36.0, 52.0)]  # south: 13.9 is the front row
    return Decision("red", "position", "where?", params=[Param("x", "float", 0, 72), Param("y", "float", 0, 16)],
                    examples=spots, context={"phase": "Set-up", "action": "position", "actor": actor})


def test_a_shooting_army_deploys_at_the_table_edge_against_him():
    """Iron Grudge Hold (38% of its points in Ranged units) won 86 of 100 games against Him at Normal deployed at the
    table edge of its zone (HIM_BACK_EDGE), 64 on the rows the rules suggest: His units come to it through its
    volleys, strung out. A unit 2" deep stands with its centre 1.5" from the edge, at the x of a suggested spot. An army
    with less shooting, or facing another opponent (random play need not come forward), keeps its fighters on the
    front row."""
    him = "Undistractable"  # His solo rules make all His units so

    def army(ranged: bool, foe_keywords: str = him) -> list[dict]:
        fighters = unit("f", "red", "heavy-infantry", 0, 0, status="undeployed", points=600)
        shooters = unit("s", "red", "ranged-infantry", 0, 0, status="undeployed", points=400,
                        keywords="Ranged [24]" if ranged else "")
        foe = unit("t", "blue", "monster", 0, 0, status="undeployed", points=1000, keywords=foe_keywords)
        return [fighters, shooters, foe]

    spot = ai().decide(view(army(ranged=True), rnd=0), _deploy_decision("f"))
    assert spot["y"] == 1.5 and spot["x"] in (20.0, 36.0, 52.0)
    assert ai().decide(view(army(ranged=False), rnd=0), _deploy_decision("f"))["y"] == 13.9
    assert ai().decide(view(army(ranged=True, foe_keywords=""), rnd=0), _deploy_decision("f"))["y"] == 13.9


def _him(uid: str, kind: str, x: float, y: float, **extra: object) -> dict:
    keywords = str(extra.pop("keywords", ""))
    return unit(uid, "blue", kind, x, y, facing=270.0, keywords=", ".join(k for k in (keywords, "Undistractable")
                                                                           if k), **extra)


def test_a_charge_at_one_of_his_units_that_reaches_first_is_no_prospect():
    """Against Him a unit 18" from His Light Infantry (Speed 6; the Heavy Cavalry's Speed 12 reaches after a
    move) may charge it next round: a prospect. 8" away, His unit reaches first (He charges whatever He can reach,
    and moves first next round), so the fight is His and counts as danger, never as a chance of mine too. Against
    an ordinary enemy the prospect stays."""
    from skirmish_hobgoblin.ai.movement import Planner

    mine = unit("k", "red", "heavy-cavalry", 36.0, 10.0, speed=12, keywords="Devastating Charge", points=450)
    for keywords, near_counts in (("Undistractable", False), ("", True)):
        theirs = unit("t", "blue", "light-infantry", 36.0, 30.0, facing=270.0, speed=6, keywords=keywords)
        v = view([mine, theirs])
        plan = Planner(v, "red", {"k": mine, "t": theirs}, moves_after=False)
        assert plan.chances(mine, (36.0, 10.0)) > 0  # 18" off: out of its reach
        assert (plan.chances(mine, (36.0, 20.0)) > 0) == near_counts, keywords


def test_his_ranged_infantry_and_artillery_are_no_charge_danger():
    """His Ranged Infantry move by Cautious Behaviour (back off and shoot) and His Artillery is Immobile: neither
    ever charges, so standing within their Speed costs nothing in the danger of charges."""
    from skirmish_hobgoblin.ai.movement import Planner

    mine = unit("k", "red", "light-infantry", 36.0, 10.0, doom=8)  # any charge may break it
    for kind, feared in (("ranged-infantry", False), ("light-infantry", True)):
        theirs = _him("t", kind, 36.0, 16.0)
        v = view([mine, theirs])
        plan = Planner(v, "red", {"k": mine, "t": theirs}, moves_after=True)
        assert (plan.danger(mine, (36.0, 10.0)) > 0) == feared, kind


def test_a_unit_backs_off_facing_the_enemy_rather_than_turning_its_back():
    """Seed 1 against Him, round 1: the Wolf Riders, in reach of His Ogres, fell back by a Reform and an advance to
    their own table edge, facing it; they stood there, facing away, for the rest of the game. A Retreat keeps the
    front to the enemy (out of reach as well): the AI backs off and its plan is one Retreat."""
    from skirmish_hobgoblin.ai.movement import Planner

    riders = unit("w", "red", "light-cavalry", 36.0, 14.0, width=5.9, depth=3.15, speed=14, points=400,
                  keywords="Wide Footprint, Skirmishers, Nimble, Ranged [8]")
    ogres = _him("o", "monstrous-infantry", 36.0, 26.0, width=5.9, depth=3.15, speed=10, points=650,
                 keywords="Wild, Brutal")
    v = view([riders, ogres], rnd=1)
    plan = Planner(v, "red", {"w": riders, "o": ogres}, moves_after=False)
    ranked = plan.ranked(riders, [], lambda o: o.data, 14.0)
    backs = [c for c in ranked if c.retreat]
    assert backs and backs[0].retreat == 7.0 and backs[0].end == pytest.approx((36.0, 7.0))
    best = ranked[0]
    assert best.retreat, best.why  # not a fall back that turns round
    d = _move(riders["id"], 14.0, ["advance", "retreat", "reform", "wheel-left", "wheel-right", "end"])
    assert ai().decide(v, d) == "retreat"
    other = dict(ogres, keywords="Wild, Brutal")  # not Him: no back-off (general play is left as it was)
    v = view([riders, other], rnd=1)
    plan = Planner(v, "red", {"w": riders, "o": other}, moves_after=False)
    assert not [c for c in plan.ranked(riders, [], lambda o: o.data, 14.0) if c.retreat]


def _move(actor: str, mp: float, kinds: list[str]) -> object:
    from skirmish import Option

    return Decision("red", "move", "manoeuvre?", options=[Option(k, k, data={"action": k}) for k in kinds],
                    context={"phase": "Movement", "actor": actor, "mp": mp, "action": "move"})


def test_against_him_breaking_one_of_his_units_is_worth_its_points_and_no_more():
    """Bloodbath's first enemy unit broken wins the game, so there the AI adds a share of a VP to every enemy it may
    break while it is not ahead. Against Him (Bloodbath's table, won on points of units in play) that made it trade
    its units for His cheapest: His units are worth their points alone."""
    from skirmish_hobgoblin.ai import objectives

    mine = unit("k", "red", "heavy-infantry", 36.0, 10.0, points=600)
    for keywords, worth in (("Undistractable", 0.0), ("", objectives.VP * objectives.EDGE)):
        theirs = unit("t", "blue", "war-wagon", 36.0, 30.0, facing=270.0, points=275, keywords=keywords)
        v = view([mine, theirs])
        assert objectives.unit_worth(v, "red", theirs) == pytest.approx(worth), keywords


def test_against_him_the_army_packs_on_the_right_flank():
    """Against Him the whole army deploys towards the right table edge (Normal, seeds 0-199: 63 wins against 50
    spread out): that flank rests on the edge, and His units from the far sections of His zone wheel and come
    across late, one at a time. Against another opponent the AI spreads its units about the middle as before."""
    fighters = unit("f", "red", "heavy-infantry", 0, 0, status="undeployed", points=600)
    for keywords, x in (("Undistractable", 52.0), ("", 36.0)):
        foe = unit("t", "blue", "monster", 0, 0, status="undeployed", points=1000, keywords=keywords)
        spot = ai().decide(view([fighters, foe], rnd=0), _deploy_decision("f"))
        assert (spot["x"], spot["y"]) == (x, 13.9), keywords


def test_a_second_unit_into_one_of_his_units_counts_the_doom_the_first_gives_it(monkeypatch):
    """His Ogres are already fighting my Heavy Infantry: a second unit charging them shares in a fight where the
    Ogres also take the first unit's hits (and split their dice), so they break far more often than the charge
    alone says. The planner adds the friend's expected hits to the Ogres' Doom before it values the charge."""
    from skirmish_hobgoblin.ai import movement
    from skirmish_hobgoblin.ai.movement import Planner

    friend = unit("f", "red", "heavy-infantry", 30.0, 20.0, engaged=["o"], points=350)
    mine = unit("k", "red", "light-infantry", 42.0, 20.0, points=300)
    ogres = _him("o", "monstrous-infantry", 30.0, 23.0, engaged=["f"], points=650, keywords="Wild, Brutal")
    v = view([friend, mine, ogres])
    units = {u["id"]: u for u in (friend, mine, ogres)}
    data = {"action": "engage", "target": "o", "edge": "side", "advance": 4.0}
    plan = Planner(v, "red", units, moves_after=False)
    assert plan._ganged(ogres, mine)["doom"] >= 3  # 10 dice hitting on 4+ or so
    ganged = plan.engage_value(mine, data)
    monkeypatch.setattr(movement, "HIM_GANG", False)
    alone = Planner(v, "red", units, moves_after=False).engage_value(mine, data)
    assert ganged > alone + 50


def test_against_him_no_fall_back_turns_the_unit_round():
    """Seed 7 against Him, round 1: the Lance Knights reformed to face their own table edge and walked 7" back; for
    two rounds they could not turn back to the fight. Against Him a fall back that leaves the unit turned more than
    90 degrees is left out (a back-off, facing Him, takes its place); against another enemy it stays a choice."""
    from skirmish_hobgoblin.ai.movement import Planner

    knights = unit("k", "red", "heavy-infantry", 36.0, 14.0, width=5.9, depth=3.9, speed=12, points=750)
    for keywords, offered in (("Undistractable", False), ("", True)):
        foe = unit("o", "blue", "monster", 36.0, 28.0, facing=270.0, speed=10, points=700, keywords=keywords)
        v = view([knights, foe], rnd=1)
        plan = Planner(v, "red", {"k": knights, "o": foe}, moves_after=False)
        goals = [why for _g, why, _t in plan.goals(knights)]
        assert "fall back" in goals
        whys = [c.why for c in plan.ranked(knights, [], lambda o: o.data, 12.0)]
        assert ("fall back" in whys) == offered, (keywords, whys)


def test_against_him_the_flank_spot_weighs_terrain_that_hurts_only_as_asked(monkeypatch):
    """Seed 7 against Him: packed on the right flank, the Berserk Scythe Chariots were set down by the Noxious Pools
    and rolled Perilous dice on their way out. Weighing such terrain in full spread the army out again and lost games
    (60 wins of 200 against 75), so by default the flank spot goes by its distance from the edge alone; with
    HIM_FLANK_HURT the terrain weighs as for the usual spots."""
    from skirmish_hobgoblin import agents

    fighters = unit("f", "red", "heavy-infantry", 0, 0, status="undeployed", points=600)
    foe = unit("t", "blue", "monster", 0, 0, status="undeployed", points=1000, keywords="Undistractable")
    pools = {"name": "Noxious Pools", "keywords": ["perilous"],
             "points": [[50.0, 12.0], [54.0, 12.0], [54.0, 16.0], [50.0, 16.0]]}
    spot = ai().decide(view([fighters, foe], rnd=0, terrain=[pools]), _deploy_decision("f"))
    assert (spot["x"], spot["y"]) == (52.0, 13.9)
    monkeypatch.setattr(agents, "HIM_FLANK_HURT", 1.0)
    spot = ai().decide(view([fighters, foe], rnd=0, terrain=[pools]), _deploy_decision("f"))
    assert (spot["x"], spot["y"]) == (36.0, 13.9)


def test_the_him_first_switch_passes_the_token_to_him(monkeypatch):
    """HIM_FIRST (an experiment's switch; on by default) off: against Him the AI never wants the First Player token,
    even with a charge it would win in reach (42 games at Normal measured no gain). Other opponents are unchanged."""
    mine = unit("k", "red", "heavy-cavalry", 36, 10, speed=12, keywords="Devastating Charge", points=450)
    him = _him("t", "light-infantry", 36, 20)
    plain = unit("t", "blue", "light-infantry", 36, 20, facing=270.0)
    assert initiative.wants_first(view([mine, him], first="red"), "red")
    monkeypatch.setattr(initiative, "HIM_FIRST", False)
    assert not initiative.wants_first(view([mine, him], first="red"), "red")
    assert initiative.wants_first(view([mine, plain], first="red"), "red")


def test_against_him_next_rounds_charges_count_as_the_chance_that_he_moves_first():
    """The holder of the First Player token keeps it on a D6 above the next round's number, else it passes; He always
    keeps it. So after round 1, with His token, He moves first in round 2 with 4 chances in 6; after round 4 with 1
    in 6; with my token after round 2, when my roll fails (3 in 6); after the last round never. His charges next
    round count in that measure (HIM_TOKEN; a flat half before)."""
    from skirmish_hobgoblin.ai.movement import Planner

    mine = unit("k", "red", "light-infantry", 36.0, 10.0, doom=6)
    theirs = _him("t", "heavy-cavalry", 36.0, 20.0, speed=12, points=450, keywords="Devastating Charge")
    units = {"k": mine, "t": theirs}
    chance = {}
    for rnd, first, want in ((1, "blue", 4 / 6), (4, "blue", 1 / 6), (2, "red", 3 / 6), (5, "blue", 0.0)):
        plan = Planner(view([mine, theirs], rnd=rnd, first=first), "red", units, moves_after=False)
        assert plan.him_first() == pytest.approx(want), (rnd, first)
        chance[(rnd, first)] = plan.danger(mine, (36.0, 10.0))
    assert chance[(1, "blue")] > 0
    assert chance[(1, "blue")] == pytest.approx(4 * chance[(4, "blue")])
    assert chance[(5, "blue")] == 0.0


def test_against_him_a_unit_may_stand_where_one_of_his_units_would_charge_it_into_a_losing_fight(monkeypatch):
    """He charges whatever He reaches, whatever the odds: my Monster 4" from His Light Infantry is a fight the
    infantry loses, so standing there gains (the danger is negative: bait). With a second of His units in
    reach (they gang up) the place counts no gain, and against another enemy, who need not charge, none either."""
    from skirmish_hobgoblin.ai import movement
    from skirmish_hobgoblin.ai.movement import Planner

    mine = unit("m", "red", "monster", 36.0, 10.0, width=5.5, depth=5.5, speed=10, points=600, courage=10)
    mob = _him("w", "light-infantry", 36.0, 17.0, points=300)
    plan = Planner(view([mine, mob], rnd=1), "red", {"m": mine, "w": mob}, moves_after=True)
    assert plan.danger(mine, (36.0, 10.0)) < 0
    shields = _him("g", "heavy-infantry", 44.0, 18.0, speed=6, points=350, keywords="Tough [1]")
    plan = Planner(view([mine, mob, shields], rnd=1), "red", {"m": mine, "w": mob, "g": shields}, moves_after=True)
    assert plan.danger(mine, (36.0, 10.0)) >= 0
    plain = dict(mob, keywords="")
    plan = Planner(view([mine, plain], rnd=1), "red", {"m": mine, "w": plain}, moves_after=True)
    assert plan.danger(mine, (36.0, 10.0)) == 0
    monkeypatch.setattr(movement, "HIM_BAIT", 0.0)
    plan = Planner(view([mine, mob], rnd=1), "red", {"m": mine, "w": mob}, moves_after=True)
    assert plan.danger(mine, (36.0, 10.0)) == 0


def test_against_him_a_berserk_fragile_unit_deploys_apart_from_the_pack(monkeypatch):
    """Sky Lancers against Him: the Scythe Chariots (Berserk, Fragile: they must run at His units and 6 Doom breaks
    them) were lost in rounds 1-2 in 32 of 40 games, and their Panic broke the Fragile General beside them. Packed on
    the right flank with the rest, they now deploy more than 8" from every friend, and friends deployed after them
    keep as far from them; a unit that is not Berserk and Fragile packs as before."""
    from skirmish_hobgoblin import agents

    friend = unit("f", "red", "heavy-cavalry", 52.0, 13.9, points=750)
    chariots = unit("c", "red", "chariot", 0, 0, status="undeployed", points=500,
                    keywords="Narrow Footprint, Devastating Charge, Fragile, Berserk, Brutal")
    foe = unit("t", "blue", "monster", 0, 0, status="undeployed", points=1000, keywords="Undistractable")
    spot = ai().decide(view([friend, chariots, foe], rnd=0), _deploy_decision("c"))
    assert (spot["x"], spot["y"]) == (36.0, 13.9)
    placed = dict(chariots, x=52.0, y=13.9, status="ready")
    spear = unit("s", "red", "light-infantry", 0, 0, status="undeployed", points=600)
    spot = ai().decide(view([placed, spear, foe], rnd=0), _deploy_decision("s"))
    assert (spot["x"], spot["y"]) == (36.0, 13.9)  # not beside the Chariots
    monkeypatch.setattr(agents, "HIM_LONER", 0.0)
    spot = ai().decide(view([friend, chariots, foe], rnd=0), _deploy_decision("c"))
    assert (spot["x"], spot["y"]) == (52.0, 13.9)


def test_against_him_a_fight_in_the_last_round_is_one_round_of_combat(monkeypatch):
    """His game is won on points of units in play after round 5: a fight begun then has one round of combat left,
    and Doom on a unit that stands counts for nothing. My Heavy Infantry charging His Light Infantry breaks it over
    two rounds far more often than in one; in the last round the planner values the charge on the one round (and
    against another enemy, or before the last round, on two)."""
    from skirmish_hobgoblin.ai import combat, movement
    from skirmish_hobgoblin.ai.movement import Planner

    mine = unit("k", "red", "heavy-infantry", 36.0, 10.0, keywords="Tough [1]", points=350)
    theirs = _him("t", "light-infantry", 36.0, 13.0, points=300)
    v = view([mine, theirs], rnd=5)
    two, one = combat.fight(v, mine, theirs), combat.fight(v, mine, theirs, last=True)
    assert one.theirs_break < two.theirs_break and one.mine_wear == one.theirs_wear == 0.0
    data = {"action": "engage", "target": "t", "edge": "front", "advance": 2.0}
    units = {"k": mine, "t": theirs}
    last = Planner(v, "red", units, moves_after=False)
    assert last.last_fight()
    assert not Planner(view([mine, theirs], rnd=4), "red", units, moves_after=False).last_fight()
    plain = dict(theirs, keywords="")
    assert not Planner(view([mine, plain], rnd=5), "red", {"k": mine, "t": plain}, moves_after=False).last_fight()
    short = last.engage_value(mine, data)
    monkeypatch.setattr(movement, "HIM_LAST", False)
    assert Planner(v, "red", units, moves_after=False).engage_value(mine, data) - short == \
        pytest.approx(two.value - one.value)


def test_against_him_his_charges_at_my_general_or_a_fragile_unit_count_more(monkeypatch):
    """The Sky Lancers' General is Fragile Heavy Cavalry (750 of 3,000 points): lost in 27 of 40 games at Normal.
    With HIM_PRECIOUS the charges He may make at my General or at a Fragile unit count that many times; another
    unit's danger, and any danger against another enemy, is unchanged."""
    from skirmish_hobgoblin.ai import movement
    from skirmish_hobgoblin.ai.movement import Planner

    theirs = _him("t", "heavy-cavalry", 36.0, 20.0, speed=12, points=450, keywords="Devastating Charge")
    plain = dict(theirs, keywords="Devastating Charge")

    def danger(keywords: str, foe: dict) -> float:
        mine = unit("k", "red", "heavy-cavalry", 36.0, 10.0, points=750, keywords=keywords, doom=2)
        return Planner(view([mine, foe], rnd=1), "red", {"k": mine, "t": foe}, moves_after=True).danger(
            mine, (36.0, 10.0))

    monkeypatch.setattr(movement, "HIM_PRECIOUS", 1.0)
    base = {k: danger(k, theirs) for k in ("General", "Fragile", "Hero [2]")}
    other = danger("General", plain)
    monkeypatch.setattr(movement, "HIM_PRECIOUS", 2.0)
    assert base["General"] > 0 and base["Fragile"] > 0
    assert danger("General", theirs) == pytest.approx(2 * base["General"])
    assert danger("Fragile", theirs) == pytest.approx(2 * base["Fragile"])
    assert danger("Hero [2]", theirs) == pytest.approx(base["Hero [2]"])
    assert danger("General", plain) == pytest.approx(other)


def test_against_him_an_army_with_a_quarter_of_its_points_shooting_deploys_at_the_edge(monkeypatch):
    """Bog Coven (26% of its points in Ranged units: the Bog Archers and the Skull Catapult) won 60 of 100 games against
    Him at Normal at the table edge of its zone, 32 on the suggested rows; the Sky Lancers (20%: the Outriders) lost
    more there, 11 wins of 85 against 18. HIM_BACK_EDGE is the share: 26% deploys at the edge, 20% on the front row,
    and with the switch off the 26% army stays on the front row too (below SHOOTING_ARMY's 30%)."""
    from skirmish_hobgoblin.ai import spots

    def army(share: float) -> list[dict]:
        fighters = unit("f", "red", "heavy-infantry", 0, 0, status="undeployed", points=1000 * (1 - share))
        shooters = unit("s", "red", "ranged-infantry", 0, 0, status="undeployed", points=1000 * share,
                        keywords="Ranged [18]")
        foe = _him("t", "monster", 0, 0, status="undeployed", points=1000)
        return [fighters, shooters, foe]

    assert ai().decide(view(army(0.26), rnd=0), _deploy_decision("f"))["y"] == 1.5
    assert ai().decide(view(army(0.20), rnd=0), _deploy_decision("f"))["y"] == 13.9
    monkeypatch.setattr(spots, "HIM_BACK_EDGE", 0.0)
    assert ai().decide(view(army(0.26), rnd=0), _deploy_decision("f"))["y"] == 13.9
