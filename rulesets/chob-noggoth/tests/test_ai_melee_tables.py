"""The AI's exact melee tables (``ai.odds.play_melee``) keep every float of the plain loops they were written from:
the same end states in the same order with the same chances, for every melee of two AI games."""

from __future__ import annotations

from skirmish import Game, Registry, View
from skirmish.runner import agent_seed
from skirmish_chob_noggoth.ai import evaluation
from skirmish_chob_noggoth.ai import odds as ai_odds


def reference_play_melee(sa, sd, impact: bool, a_first: bool) -> dict[tuple[int, int, int, int], float]:
    """``play_melee`` as it was before its shortcut for strikes that send nobody to a last-wound table."""
    states: dict[tuple[int, int, int, int], float] = {}
    if impact:
        pf = ai_odds.fail_save(sd, sd.wounds)
        pd = sd.p_die if sd.wounds <= 1 else 0.0
        ai_odds._add(states, (0, 0, 0, 1), pf * pd)
        ai_odds._add(states, (0, 1, 0, 0), pf * (1 - pd))
        ai_odds._add(states, (0, 0, 0, 0), 1 - pf)
    else:
        states[(0, 0, 0, 0)] = 1.0
    for a_strikes in ((True, False) if a_first else (False, True)):
        striker, target = (sa, sd) if a_strikes else (sd, sa)
        new: dict[tuple[int, int, int, int], float] = {}
        modifier = striker.accurate - target.obscured
        scared = target.terrifying and not striker.monster and striker.hold < 1
        for (wa, wd, fa, fd), p in states.items():
            if fa or fd:
                ai_odds._add(new, (wa, wd, fa, fd), p)
                continue
            ws, wt = (wa, wd) if a_strikes else (wd, wa)
            if scared:
                ai_odds._add(new, (0, wd, 2, 0) if a_strikes else (wa, 0, 0, 2), p * (1 - striker.hold))
                p *= striker.hold
            n = striker.dice_at(max(1, striker.wounds - ws))
            t_last = max(wt, target.wounds - 1)
            s_last = max(ws, striker.wounds - 1)
            table = ai_odds.attack_table(striker, target, n, striker.hit_m, modifier, target.wounds - wt,
                                         parry=target.parry)
            for x, z, px in table:
                nt, ns = wt + x, ws + z
                pt = 1 - (1 - target.p_die) ** (nt - t_last) if nt > t_last else 0.0
                ps = 1 - (1 - striker.p_die) ** (ns - s_last) if ns > s_last else 0.0
                pp = p * px
                for dt, qt in ((1, pt), (0, 1 - pt)):
                    if qt <= 0.0:
                        continue
                    for ds, qs in ((1, ps), (0, 1 - ps)):
                        if qs <= 0.0:
                            continue
                        key = (0 if ds else ns, 0 if dt else nt, ds, dt) if a_strikes else \
                            (0 if dt else nt, 0 if ds else ns, dt, ds)
                        ai_odds._add(new, key, pp * qt * qs)
        states = new
    return states


def test_melee_tables_equal_the_plain_loops_bit_for_bit(monkeypatch) -> None:
    asked = []
    play = ai_odds.play_melee

    def recording(sa, sd, impact, a_first):
        asked.append((sa, sd, impact, a_first))
        return play(sa, sd, impact, a_first)

    monkeypatch.setattr(ai_odds, "play_melee", recording)
    ai_odds.melee_table.cache_clear()  # nothing kept from other games: every table is played out below
    ai_odds.ends_table.cache_clear()
    evaluation.melee_weights.cache_clear()  # (the weights are kept per pair of numbers too)
    registry = Registry()
    rs = registry.ruleset("chob-noggoth")
    for seed in (1000, 1001):
        game = Game(rs, seed=seed, keep_log=False)
        seats = {p: registry.make_agent("ai", rs, p, agent_seed(seed, i), game.players)
                 for i, p in enumerate(game.players)}
        while game.pending is not None and game.decisions < rs.max_decisions:
            d = game.pending
            game.answer(seats[d.player].decide(View(game, d.player), d), d.player)
    assert len(asked) > 20
    for sa, sd, impact, a_first in asked:
        got, want = play(sa, sd, impact, a_first), reference_play_melee(sa, sd, impact, a_first)
        assert list(got.items()) == list(want.items())
