"""The Game facade, bots and game records (R4-R10 end to end)."""

from __future__ import annotations

import json

import attrs
import pytest

import tuolaji as tl
from tuolaji import InvalidRecord
from tuolaji.bots import GreedyBot, PIMCBot, RandomBot
from tuolaji.game.facade import Game
from tuolaji.game.record import replay, write_record
from tuolaji.state import codec
from tuolaji.state.actions import ActionSet, Phase, Play
from tuolaji.state.view import PlayerView


def bots(kind: str = "mixed", seed: int = 0) -> list[tl.Bot]:
    if kind == "random":
        return [RandomBot(seed * 4 + s) for s in range(4)]
    if kind == "greedy":
        return [GreedyBot(seed * 4 + s) for s in range(4)]
    return [GreedyBot(seed), RandomBot(seed + 1), GreedyBot(seed + 2), RandomBot(seed + 3)]


def test_same_seed_same_match_different_seeds_differ() -> None:
    a, b, c = Game("tuolaji", 7), Game("tuolaji", 7), Game("tuolaji", 8)
    for game in (a, b, c):
        for _ in range(3):
            game.play_deal(bots())
    assert a.results == b.results and a.history == b.history and a.actions == b.actions
    assert a.actions != c.actions


def test_play_deal_runs_a_whole_deal() -> None:
    game = Game("shuangsheng", 3)
    result = game.play_deal(bots("random"))
    assert game.state.phase is Phase.FINISHED and game.state.result == result
    assert len(game.history) == sum(len(a) for a in game.actions) + 1
    assert sum(t.points for t in game.state.tricks) + tl.points(game.state.kitty) == 200
    second = game.play_deal(bots("random"))
    assert len(game.results) == 2 and game.results[1] == second
    assert game.state.deal_number == 1


@pytest.mark.parametrize("preset", list(tl.RULESETS))
def test_a_whole_match_of_each_preset(preset: str) -> None:
    game = Game(preset, 11)
    rules = tl.RULESETS[preset]
    limit = 30 if rules.wrap else None
    match = game.play_match(bots("greedy", 11), max_deals=limit)
    assert match.deals == len(match.results) >= 1
    for r in match.results:
        assert r.levels[0] in rules.levels and r.levels[1] in rules.levels
    if rules.wrap:
        assert match.winner is None and match.deals == 30
    else:
        assert match.winner in (0, 1)
        last = match.results[-1]
        assert last.match_winner == match.winner and last.outcome.declarers_keep
        with pytest.raises(tl.IllegalAction) as info:
            game.play_deal(bots("greedy"))
        assert info.value.rule == "R9.5"


def test_wrap_match_needs_a_deal_limit() -> None:
    with pytest.raises(tl.IllegalAction) as info:
        Game("shuangsheng", 1).play_match(bots())
    assert info.value.rule == "R9.5" and "max_deals" in str(info.value)


def test_a_bot_answering_an_illegal_action_is_named() -> None:
    class Cheat:
        def act(self, view: PlayerView, actions: ActionSet) -> tl.Action:
            if view.phase is Phase.PLAYING:
                return Play(view.seat, view.hand[:1] * 3)
            return actions.sample(__import__("random").Random(0))

    game = Game("tuolaji", 2)
    with pytest.raises(tl.IllegalAction) as info:
        game.play_deal([Cheat(), Cheat(), Cheat(), Cheat()])
    assert "the bot of seat" in str(info.value) and "not legal" in str(info.value)


def test_four_bots_are_needed() -> None:
    with pytest.raises(tl.IllegalAction, match="four bots"):
        Game("tuolaji", 2).play_deal(bots()[:3])


def test_record_replays_to_the_same_states() -> None:
    game = Game("tuolaji-tournament", 5)
    game.play_match(bots("mixed", 5), max_deals=3)
    text = write_record(game)
    again = replay(text)
    assert again.history == game.history and again.results == game.results
    assert write_record(again) == text


def test_a_tampered_record_names_the_first_action_that_fails() -> None:
    game = Game("tuolaji", 5)
    game.play_deal(bots())
    data = json.loads(write_record(game))
    plays = [i for i, a in enumerate(data["deals"][0]) if a["type"] == "Play"]
    index = plays[3]
    data["deals"][0][index]["seat"] = (data["deals"][0][index]["seat"] + 1) % 4
    with pytest.raises(InvalidRecord) as info:
        replay(json.dumps(data))
    assert f"deal 1, action {index + 1}" in str(info.value) and "does not apply" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_a_truncated_record_is_refused_unless_partial() -> None:
    game = Game("tuolaji", 5)
    game.play_deal(bots())
    data = json.loads(write_record(game))
    data["deals"][0] = data["deals"][0][:-10]
    with pytest.raises(InvalidRecord, match="truncated"):
        replay(data)
    partial = replay(data, partial=True)
    assert partial.state.phase is Phase.PLAYING


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "JSON"),
        (
            '{"format": "tuolaji-record", "version": 1, "seed": 1, "rules": '
            + json.dumps(codec.to_data(tl.Rules, tl.RULESETS["tuolaji"]))
            + ', "deals": [[{"type": "Nope"}]]}',
            "deal 1, action 1 cannot be read",
        ),
        ('{"format": "other"}', "not a game record"),
        ('{"format": "tuolaji-record", "version": 9}', "version"),
        (
            '{"format": "tuolaji-record", "version": 1, "seed": 1, "deals": [], "rules": {}}',
            "rules",
        ),
        (
            '{"format": "tuolaji-record", "version": 1, "seed": 1, "rules": null,'
            ' "deals": [[{"type": "Nope"}]]}',
            "rules",
        ),
    ],
)
def test_unreadable_records(text: str, message: str) -> None:
    with pytest.raises(InvalidRecord, match=message):
        replay(text)


def test_greedy_bot_beats_random_bots_more_often_than_not() -> None:
    """A sanity check on a handful of deals (the benchmark measures the real share)."""
    wins = 0
    for seed in range(12):
        game = Game("tuolaji", seed)
        result = game.play_deal(bots("mixed", seed))
        assert game.state.dealer is not None
        greedy_declares = game.state.dealer % 2 == 0
        wins += result.outcome.declarers_keep == greedy_declares
    assert wins >= 8


def test_random_bot_reaches_every_legal_action() -> None:
    s = tl.GameState.for_play(
        "tuolaji",
        hands=[tl.parse_cards(h) for h in ("AH KH QH", "2C 3C 4C", "5D 8D 9D", "8S 9S JS")],
        kitty=tl.parse_cards("3D 3D 4D 4D 6D 6D 7D 7D"),
        trump=tl.Trump(tl.Rank.TEN, tl.Suit.SPADES),
        dealer=0,
        levels=(tl.Rank.TEN, tl.Rank.TWO),
    )
    bot = RandomBot(1)
    seen = {bot.act(s.view(0), s.legal_actions()) for _ in range(300)}
    assert seen == set(s.legal_actions()) and len(seen) == 7


@pytest.mark.parametrize("size", [0, 4, 8])
def test_r4_1_kitty_size_bots_play_deals_and_the_record_replays(size: int) -> None:
    """R4.1 with Rules.kitty_size: greedy, random and searching bots (their sampled worlds
    hold a kitty of the rules' size, none without one) play three deals through Game to
    their scores, and the record replays to the same states."""
    rules = attrs.evolve(
        tl.RULESETS["shuangsheng"],
        kitty_size=size,
        no_bid_reveal=min(2, size),
        counter_bids=size > 0,  # R5.2: a counter takes the kitty
    )
    game = Game(rules, 7)
    seats: list[tl.Bot] = [GreedyBot(1), PIMCBot(2, worlds=2, candidates=2), RandomBot(3)]
    seats.append(GreedyBot(4))
    hand = (108 - size) // 4
    for _ in range(3):
        result = game.play_deal(seats)
        state = game.state
        assert state.result == result and len(state.kitty) == size
        played = sum(len(t.plays[0]) for t in state.tricks)
        assert played == hand
        assert sum(t.points for t in state.tricks) + tl.points(state.kitty) == 200
        buried = [a for a in game.actions[-1] if isinstance(a, tl.Bury)]
        assert all(len(a.cards) == size for a in buried) and bool(buried) == bool(size)
        if game.over:
            break
    again = replay(write_record(game))
    assert again.history == game.history and again.results == game.results


def _one_card_deal(
    rules: tl.Rules,
    dealer: int,
    no_trump_level: tuple[bool, bool],
    trump: tl.Trump,
) -> tl.GameState:
    """A last trick the dealer wins with a big joker: the attackers score 0 (R9.1: the
    declarers keep the deal, +3). Team 0 on A, team 1 on 2."""
    hands = [tl.parse_cards(c) for c in ("3C", "4C", "6C", "7C")]
    hands[dealer] = tl.parse_cards("BJ")
    state = tl.GameState.for_play(
        rules,
        hands=hands,
        kitty=tl.parse_cards("2D 3D 4D 6D 7D 8D 9D JD"),
        trump=trump,
        dealer=dealer,
        levels=(tl.Rank.ACE, tl.Rank.TWO),
        no_trump_level=no_trump_level,
    )
    for i in range(4):
        seat = (dealer + i) % 4
        state = state.play(seat, state.hands[seat])
    return state


def test_r9_2_a_team_winning_on_a_goes_to_no_trump_and_wins_the_match_there() -> None:
    """top_level="no_trump" (the online app's rank after A): team 0 keeps the deal on A and
    goes to the no-trump level; the next deal it declares has no bids and is played as
    Trump(A, None); keeping the deal there wins the match (R9.5)."""
    rules = tl.Rules(top_level="no_trump")
    ace, two = tl.Rank.ACE, tl.Rank.TWO
    on_a = _one_card_deal(rules, 0, (False, False), rules.trump(ace, tl.Suit.SPADES))
    result = on_a.result
    assert result is not None and result.outcome.declarers_keep
    assert result.levels == (ace, two) and result.no_trump_level == (True, False)
    assert result.match_winner is None and result.next_dealer == 2
    # The next deal: team 0 declares on NT; nobody may bid (R9.2), not even with an A.
    state = on_a.next_deal()
    assert state.no_trump_level == (True, False) and state.no_trump_deal
    assert "levels NT/2" in str(state).splitlines()[0]
    refused = False
    while state.phase is Phase.DEALING:
        assert not state.may_act
        holder = next((s for s in range(4) if any(c.rank == ace for c in state.hands[s])), None)
        if holder is not None and not refused:
            ace_card = next(c for c in state.hands[holder] if c.rank == ace)
            with pytest.raises(tl.IllegalAction) as info:
                state.declare(holder, [ace_card])
            assert info.value.rule == "R9.2"
            refused = True
        state = state.deal_card()
    assert refused
    assert state.trump == rules.trump(ace, None) and state.dealer == 2
    assert state.phase is Phase.BURYING  # no closing round, no weak hand in these rules
    # The bots play the deal to its end; its result follows R9.2 and R9.5.
    import random  # noqa: PLC0415

    from tuolaji.testing.driver import advance  # noqa: PLC0415

    played = advance(state, random.Random(5))
    assert played.result is not None
    keep = played.result.outcome.declarers_keep
    assert (played.result.match_winner == 0) == keep
    tl.GameState.from_json(played.to_json())  # consistent, and round-trips
    # Team 0 keeps a deal on NT: it wins the match, and no deal follows.
    won = _one_card_deal(rules, 2, (True, False), rules.trump(ace, None))
    assert won.result is not None and won.result.match_winner == 0
    with pytest.raises(tl.IllegalAction) as over:
        won.next_deal()
    assert over.value.rule == "R9.5"
    # A trump suit on NT, or the NT flag without the house rule, is refused.
    with pytest.raises(tl.IllegalAction) as suit:
        _one_card_deal(rules, 2, (True, False), rules.trump(ace, tl.Suit.SPADES))
    assert suit.value.rule == "R9.2"
    with pytest.raises(tl.IllegalAction) as flag:
        tl.GameState.new("tuolaji", 1, levels=(ace, two), dealer=0, no_trump_level=(True, False))
    assert flag.value.rule == "R9.2"


def test_r9_2_no_trump_level_needs_a_dealer() -> None:
    """The first deal's dealer comes from bidding (R4.5) and NT has none: refused."""
    rules = tl.Rules(top_level="no_trump")
    with pytest.raises(tl.IllegalAction) as info:
        tl.GameState.new(rules, 1, levels=(tl.Rank.ACE, tl.Rank.TWO), no_trump_level=(True, False))
    assert info.value.rule == "R9.2" and "dealer" in str(info.value)


def test_r9_2_a_match_with_the_no_trump_level_ends_on_it() -> None:
    """A whole match of greedy bots under top_level="no_trump": every result stays on a place
    of the ladder, and the match ends only by keeping a deal on NT (R9.5)."""
    rules = tl.Rules(top_level="no_trump")
    game = Game(rules, 11)
    match = game.play_match(bots("greedy", 11))
    assert match.winner in (0, 1)
    last = match.results[-1]
    before = game.state
    assert before.no_trump_level[match.winner] and before.dealer is not None
    assert before.trump == rules.trump(rules.last_level, None)
    assert last.match_winner == match.winner and last.outcome.declarers_keep
    assert any(any(r.no_trump_level) for r in match.results)
    replayed = replay(write_record(game))
    assert replayed.results == game.results


def test_r9_2_the_online_app_goes_to_nt_on_a_plus_2_and_plays_it_with_jokers_only() -> None:
    """The online preset (issue 42): team 0 keeps the deal on A and lands on NT, as the app's
    test pins A + 2 = NT; the NT deal is played with only the jokers as trump (the app's NT
    rank has no level card), and it round-trips through JSON, position text and records."""
    import random  # noqa: PLC0415

    from tuolaji.testing.driver import advance  # noqa: PLC0415

    online = tl.Rules.preset("online")
    ace, two = tl.Rank.ACE, tl.Rank.TWO
    on_a = _one_card_deal(online, 0, (False, False), online.trump(ace, tl.Suit.SPADES))
    assert on_a.result is not None and on_a.result.outcome.declarers_keep
    assert on_a.result.outcome.steps >= 2
    assert on_a.result.levels == (ace, two) and on_a.result.no_trump_level == (True, False)
    state = on_a.next_deal()
    while state.phase is Phase.DEALING:
        state = state.deal_card()
    assert state.trump == online.trump(ace, None, no_trump_level=True)
    assert state.trump is not None and not state.trump.level_cards
    assert not state.trump.is_trump(tl.Card.parse("AS"))
    played = advance(state, random.Random(7))
    assert played.result is not None
    assert tl.GameState.from_json(played.to_json()) == played
    assert tl.GameState.from_text(played.to_text()) == played
