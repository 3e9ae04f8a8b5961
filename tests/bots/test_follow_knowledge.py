"""What follows to a tractor lead show about the follower's hand (R7.3), and sampled worlds
that keep it (issue #19)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import tuolaji as tl
from positions import played_deals
from tuolaji.bots.knowledge import follow_fact_holds, knowledge_of, shaped_follows
from tuolaji.bots.worlds import hidden_places, sample_worlds
from tuolaji.bots.worlds.samplers import deal_hidden
from tuolaji.core.cards import full_deck
from tuolaji.testing import check_state

P = tl.parse_cards
T = tl.Trump(tl.Rank.TWO, tl.Suit.DIAMONDS)
CLUBS = {c.id for c in full_deck() if T.table.suit[c.id] == T.table.suit[P("3C")[0].id]}
# Seat 0 leads the ♣ tractor 8899; seat 1 holds JJ and KK but no ♣ tractor: it follows JJ KK.
HANDS = [
    "8C 8C 9C 9C 3D 4D 5D",
    "JC JC KC KC 5H 6H 7H",
    "QC 10C 5S 6S 7S 8S 9S",
    "AC 3C 4S 3S 6D 7D 8D",
]


def dealt(rules: str | tl.Rules) -> tl.GameState:
    cards = [P(h) for h in HANDS]
    used = Counter(c for h in cards for c in h)
    rest = [c for c in full_deck() if used[c] < 2]
    return tl.GameState.for_play(
        rules, hands=cards, kitty=rest[:8], trump=T, dealer=0, levels=(tl.Rank.TWO,) * 2
    )


def followed(rules: str | tl.Rules = "tuolaji") -> tl.GameState:
    return dealt(rules).play(0, P("8C 8C 9C 9C")).play(1, P("JC JC KC KC"))


def test_r7_3_a_follow_with_separate_pairs_to_a_tractor_is_a_fact() -> None:
    view = followed().view(2)
    (fact,) = shaped_follows(view)
    assert fact.seat == 1 and tl.format_cards([tl.CARDS[c] for c in fact.play]) == "JC JC KC KC"
    assert Counter(fact.played_since) == Counter(fact.play)
    assert knowledge_of(view).follows == (fact,)


def test_r7_3_no_fact_for_a_pair_lead_or_when_rules_ask_suit_only() -> None:
    # A pair lead asks for a pair only: the follow KK shows nothing the caps do not.
    after = dealt("tuolaji").play(0, P("8C 8C")).play(1, P("KC KC"))
    assert shaped_follows(after.view(2)) == ()
    assert shaped_follows(followed(tl.Rules(follow_draw="suit_only")).view(2)) == ()


def test_r7_3_the_follow_holds_on_the_true_hand_and_not_with_a_tractor_then() -> None:
    state = followed()
    (fact,) = shaped_follows(state.view(2))
    true_then = [c for c in (*(c.id for c in state.hands[1]), *fact.played_since) if c in CLUBS]
    assert follow_fact_holds(fact, true_then, state.rules, T.table)
    for pair in ("QC QC", "AC AC", "10C 10C"):
        # JJ with QQ (or KK with AA, 10 10 with JJ) is a tractor R7.3 would have demanded.
        then = [*true_then, *(c.id for c in P(pair))]
        assert not follow_fact_holds(fact, then, state.rules, T.table), pair
    assert follow_fact_holds(fact, [*true_then, *(c.id for c in P("QC 3C"))], state.rules, T.table)


def test_r7_3_a_draw_giving_the_follower_a_tractor_then_is_refused() -> None:
    view = followed().view(2)
    slots = hidden_places(view)
    i = slots.places.index(1)
    dealt = deal_hidden(slots, random.Random(0))
    assert slots.plays_hold(dealt)
    dealt[i] = [*(c.id for c in P("QC QC")), *dealt[i][2:]]
    assert not slots.plays_hold(dealt)


@pytest.mark.parametrize("seat", [0, 2, 3])
def test_r7_3_no_world_gives_the_follower_a_tractor_then(seat: int) -> None:
    state = followed()
    view = state.view(seat)
    (fact,) = shaped_follows(view)
    for world in sample_worlds(view, random.Random(seat), 40):
        check_state(world)
        assert tl.GameState.from_json(world.to_json()) == world
        then = [c.id for c in world.hands[1]] + list(fact.played_since)
        assert follow_fact_holds(fact, then, state.rules, T.table)


def follow_views() -> list[tl.PlayerView]:
    """Views in play of 双升 games (a random then a greedy deal) with a follow to check."""
    out = []
    for preset in ("shuangsheng", "shuangsheng-super"):
        for seed in range(8):
            for state in played_deals(preset, seed):
                if state.phase is tl.Phase.PLAYING:
                    views = [state.view(seat) for seat in range(4)]
                    out.extend(v for v in views if hidden_places(v).follows)
    return out


@pytest.mark.slow
def test_r7_3_every_sampled_shuangsheng_world_is_a_valid_state() -> None:
    """Issue #19 finding 3: worlds of views after follows to tractor leads replay every
    follow legally (the JSON reader replays the deal) and pass every state check (before
    FollowFact, 202 of the 33,024 worlds of all play views of these games were refused)."""
    rng = random.Random(19)
    views = follow_views()
    assert len(views) > 100
    for view in views:
        for world in sample_worlds(view, rng, 2):
            check_state(world)
            assert tl.GameState.from_json(world.to_json()) == world


def test_r7_3_singles_to_a_tractor_show_no_missing_pair_under_tractor_on_tractor() -> None:
    """``follow_draw="tractor_on_tractor"``: a tractor lead does not oblige pairs, so seat 1
    may follow ♣8899 with singles while it holds ♣JJ and ♣KK; nobody may deduce from that
    follow that it holds no ♣ pair, and every sampled world keeps it legal."""
    rules = tl.Rules(follow_draw="tractor_on_tractor")
    cards = [P(h) for h in (HANDS[0], "JC JC KC KC 5C 6C 7H", *HANDS[2:])]
    used = Counter(c for h in cards for c in h)
    rest = [c for c in full_deck() if used[c] < 2]
    start = tl.GameState.for_play(
        rules, hands=cards, kitty=rest[:8], trump=T, dealer=0, levels=(tl.Rank.TWO,) * 2
    )
    state = start.play(0, P("8C 8C 9C 9C")).play(1, P("JC KC 5C 6C"))
    club = T.table.suit[P("3C")[0].id]
    for seat in (0, 2, 3):
        view = state.view(seat)
        assert club not in knowledge_of(view).no_pair[1]
        for world in sample_worlds(view, random.Random(seat), 20):
            check_state(world)
    # It held no ♣ tractor then (R7.3 under this rule): whole hands are checked for that.
    (fact,) = shaped_follows(state.view(2))
    assert fact.seat == 1
    held = [c.id for c in P("JC JC KC KC 5C 6C")]
    assert follow_fact_holds(fact, held, rules, T.table)
    assert not follow_fact_holds(fact, [*held, *(c.id for c in P("QC QC"))], rules, T.table)
    strict = attrs.evolve(start, rules=tl.RULESETS["tuolaji"]).play(0, P("8C 8C 9C 9C"))
    with pytest.raises(tl.IllegalAction, match="R7.3"):
        strict.play(1, P("JC KC 5C 6C"))


def test_r7_3_singles_to_a_pair_show_no_missing_pair_under_tractor_protection() -> None:
    """``tractor_protection``: a pair lead does not oblige the pairs of a tractor, so seat 1
    may follow ♣AA with ♣3 5 while it holds the tractor ♣9988; nobody may deduce that it holds
    no ♣ pair, only that it held none outside its tractors (checked on whole hands), and every
    sampled world keeps the follow legal."""
    rules = tl.Rules(tractor_protection=True)
    hands = (
        "AC AC 3D 4D 5D 6D 7D",
        "9C 9C 8C 8C 3C 5C 5H",
        "QC 10C 5S 6S 7S 8S 9S",
        "KC 4C 4S 3S 6D 7D 8D",
    )
    cards = [P(h) for h in hands]
    used = Counter(c for h in cards for c in h)
    rest = [c for c in full_deck() if used[c] < 2]
    start = tl.GameState.for_play(
        rules, hands=cards, kitty=rest[:8], trump=T, dealer=0, levels=(tl.Rank.TWO,) * 2
    )
    state = start.play(0, P("AC AC")).play(1, P("3C 5C"))
    club = T.table.suit[P("3C")[0].id]
    for seat in (0, 2, 3):
        view = state.view(seat)
        assert club not in knowledge_of(view).no_pair[1]
        (fact,) = shaped_follows(view)
        for world in sample_worlds(view, random.Random(seat), 20):
            check_state(world)
            then = [c.id for c in world.hands[1]] + list(fact.played_since)
            assert follow_fact_holds(fact, then, rules, T.table)
    (fact,) = shaped_follows(state.view(2))
    assert fact.seat == 1
    held = [c.id for c in P("9C 9C 8C 8C 3C 5C")]
    assert follow_fact_holds(fact, held, rules, T.table)
    # A pair outside the tractor (♣QQ) would have been owed.
    assert not follow_fact_holds(fact, [*held, *(c.id for c in P("QC QC"))], rules, T.table)
    strict = attrs.evolve(start, rules=tl.RULESETS["tuolaji"]).play(0, P("AC AC"))
    with pytest.raises(tl.IllegalAction, match="R7.3"):
        strict.play(1, P("3C 5C"))


@pytest.mark.slow
def test_r7_3_every_sampled_world_under_tractor_protection_is_a_valid_state() -> None:
    """``tractor_protection``: worlds of views of whole deals played under it replay every
    follow legally (the JSON reader replays the deal) and pass every state check, the views
    whose follows to pairs need a hand check among them; a PIMC bot plays a deal legally."""
    rng = random.Random(31)
    rules = tl.Rules(tractor_protection=True)
    checked = 0
    for seed in range(3):
        for state in played_deals(rules, seed):
            if state.phase is not tl.Phase.PLAYING:
                continue
            for seat in range(4):
                view = state.view(seat)
                if not hidden_places(view).follows:
                    continue
                checked += 1
                for world in sample_worlds(view, rng, 2):
                    check_state(world)
                    assert tl.GameState.from_json(world.to_json()) == world
    assert checked > 10
    game = tl.Game(rules, seed=9)
    bots = [
        tl.PIMCBot(0, worlds=2, candidates=3),
        tl.GreedyBot(1),
        tl.PIMCBot(2, worlds=2, candidates=3),
        tl.GreedyBot(3),
    ]
    game.play_deal(bots)  # Game raises IllegalAction for any illegal answer
    assert game.state.result is not None
