"""Hypothesis strategies for tuolaji values (needs the ``testing`` extra: ``hypothesis``).

Every strategy builds valid values directly rather than filtering, and shrinks towards small,
simple values: the first preset, small hands, few random actions.

[`register_type_strategies`][tuolaji.testing.strategies.register_type_strategies] registers them
for ``st.from_type`` (``Card``, ``Trump``, ``Rules``, ``GameState``); hypothesis calls it through
the ``hypothesis`` entry point of the installed package, so a user's tests need no import for
``st.from_type(tl.Card)``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import assume
from hypothesis import strategies as st

from tuolaji.core._args import expect_type
from tuolaji.core.cards import CARDS, Card, Rank, Suit, full_deck
from tuolaji.core.rules import RULESETS, Rules, as_rules
from tuolaji.core.trump import Trump
from tuolaji.state.actions import Action, Phase
from tuolaji.state.gamestate import GameState
from tuolaji.testing.driver import advance, build_rules

__all__ = [
    "actions",
    "card_multisets",
    "cards",
    "deck_deals",
    "game_states",
    "hands",
    "play_positions",
    "register_type_strategies",
    "rules",
    "trumps",
]

_SEEDS = st.integers(0, 2**32 - 1)


def cards() -> st.SearchStrategy[Card]:
    """Any one of the 54 distinct cards (R1.1)."""
    return st.sampled_from(CARDS)


def _trump_context(
    level: Rank, suit: Suit | None, permanent_twos: bool, tractor_min_pairs: int, plain: bool
) -> Trump:
    """A trump context; ``plain`` with no trump suit: the no-trump level of
    ``Rules.no_trump_trumps="jokers"``, whose level rank's cards are not trump (R9.2)."""
    return Trump(
        level,
        suit,
        permanent_twos=permanent_twos,
        tractor_min_pairs=tractor_min_pairs,
        level_cards=not (plain and suit is None),
    )


def trumps(
    *,
    permanent_twos: bool | None = None,
    levels: Sequence[Rank] | None = None,
    tractor_min_pairs: int | None = None,
    level_cards: bool | None = None,
) -> st.SearchStrategy[Trump]:
    """Any trump context (R2): a level from ``levels`` (default all 13) and a suit or no
    trump, with or without permanent 2s (``permanent_twos=None`` draws both, R2.5), with
    tractors of 2 or 3 pairs at least (``tractor_min_pairs=None`` draws both, R3.2), and with
    no trump suit, with or without level cards (``level_cards=None`` draws both; False is the
    no-trump level of ``Rules.no_trump_trumps="jokers"``, R9.2; True always has them)."""
    twos = st.booleans() if permanent_twos is None else st.just(permanent_twos)
    shortest = st.sampled_from((2, 3)) if tractor_min_pairs is None else st.just(tractor_min_pairs)
    plain = st.booleans() if level_cards is None else st.just(not level_cards)
    return st.builds(
        _trump_context,
        level=st.sampled_from(list(Rank) if levels is None else list(levels)),
        suit=st.sampled_from([*Suit, None]),
        permanent_twos=twos,
        tractor_min_pairs=shortest,
        plain=plain,
    )


def card_multisets(min_size: int = 0, max_size: int = 108) -> st.SearchStrategy[tuple[Card, ...]]:
    """A hand drawn from one real 108-card deck (no card more than twice, R1.1), in random
    order."""
    deck = full_deck()
    return st.lists(
        st.sampled_from(range(len(deck))), min_size=min_size, max_size=max_size, unique=True
    ).map(lambda idx: tuple(deck[i] for i in idx))


@st.composite
def deck_deals(
    draw: st.DrawFn, sizes: tuple[int, ...] = (25, 25, 25, 25)
) -> tuple[tuple[Card, ...], ...]:
    """Disjoint hands of the given sizes drawn from one shuffled 108-card deck."""
    deck = list(draw(st.permutations(full_deck())))
    out: list[tuple[Card, ...]] = []
    start = 0
    for n in sizes:
        out.append(tuple(deck[start : start + n]))
        start += n
    return tuple(out)


def hands(
    count: int = 4, *, min_size: int = 1, max_size: int = 25
) -> st.SearchStrategy[tuple[tuple[Card, ...], ...]]:
    """``count`` disjoint hands of one drawn size (``min_size``..``max_size``) from one real
    deck: hands that could be dealt together."""
    return st.integers(min_size, max_size).flatmap(lambda n: deck_deals((n,) * count))


def rules(*, presets_only: bool = False) -> st.SearchStrategy[Rules]:
    """A preset (R12) or, unless ``presets_only``, valid custom rules: a preset with random
    changes to its fields (see `tuolaji.testing.driver.build_rules`). Shrinks to the
    ``"tuolaji"`` preset."""
    if presets_only:
        return st.sampled_from([RULESETS[name] for name in RULESETS])

    @st.composite
    def custom(draw: st.DrawFn) -> Rules:
        return build_rules(lambda options: draw(st.sampled_from(options)))

    return custom()


def _no_trump_level(draw: st.DrawFn, rules: Rules, levels: tuple[Rank, Rank]) -> tuple[bool, bool]:
    """Drawn no-trump flags (R9.2): a team on the last level may stand past it when the rules
    have the no-trump level."""
    if not rules.has_no_trump_level:
        return False, False
    flags = [level == rules.last_level and draw(st.booleans()) for level in levels]
    return flags[0], flags[1]


@st.composite
def play_positions(
    draw: st.DrawFn,
    rules: Rules | str | st.SearchStrategy[Rules] | None = None,
    *,
    min_size: int = 1,
    max_size: int = 27,
    max_plays: int = 3,
) -> GameState:
    """A deal in its play phase (``GameState.for_play``): four hands of one size
    (``min_size``..``max_size``, at most the rules' [`hand_size`][tuolaji.Rules.hand_size])
    and a kitty of the rules' [`kitty_size`][tuolaji.Rules.kitty_size] from one real deck, a
    drawn dealer, levels from the rules' sequence and a trump at the dealer's team's level
    (R1.4); then up to ``max_plays`` random legal plays, so the position may be in the middle
    of a trick."""
    chosen = _draw_rules(draw, rules)
    size = draw(st.integers(min_size, max(min_size, min(max_size, chosen.hand_size))))
    # Cards go out one at a time (R4.1) and the kitty is the last cards: a smaller size keeps
    # the first cards of every hand, which helps hypothesis shrink a position.
    deck = draw(st.permutations(full_deck()))
    dealt = (*(deck[seat : 4 * size : 4] for seat in range(4)), deck[chosen.dealt_cards :])
    dealer = draw(st.integers(0, 3))
    levels = (draw(st.sampled_from(chosen.levels)), draw(st.sampled_from(chosen.levels)))
    no_trump = _no_trump_level(draw, chosen, levels)
    suit = None if no_trump[dealer % 2] else draw(st.sampled_from([*Suit, None]))
    trump = chosen.trump(levels[dealer % 2], suit, no_trump_level=no_trump[dealer % 2])
    state = GameState.for_play(
        chosen,
        hands=dealt[:4],
        kitty=dealt[4],
        trump=trump,
        dealer=dealer,
        levels=levels,
        no_trump_level=no_trump,
    )
    for _ in range(draw(st.integers(0, max_plays))):
        if state.phase is not Phase.PLAYING:
            break
        state = state.apply(draw(actions(state)))
    return state


def _draw_rules(draw: st.DrawFn, given: Rules | str | st.SearchStrategy[Rules] | None) -> Rules:
    if given is None:
        return draw(rules())
    if isinstance(given, (str, Rules)):
        return as_rules(given)
    return draw(given)


@st.composite
def game_states(
    draw: st.DrawFn,
    rules: Rules | str | st.SearchStrategy[Rules] | None = None,
    *,
    phase: Phase | None = None,
) -> GameState:
    """A state reached from ``GameState.new`` by random legal actions (a first deal or a
    later one): in any phase, or in ``phase`` when given. The actions come from a drawn seed
    (see `tuolaji.testing.driver`); the state shrinks towards fewer actions."""
    chosen = _draw_rules(draw, rules)
    dealer = draw(st.sampled_from([None, 0, 1, 2, 3]))
    if phase is Phase.FIRST_COUNTERS:
        dealer = None  # R5.2: first-deal counters
    elif phase is Phase.COUNTERS and dealer is None:
        dealer = 0  # R5.2: counters after the burial are a later deal's
    seed = draw(_SEEDS)
    levels = (chosen.first_level, chosen.first_level)
    if dealer is not None and chosen.has_no_trump_level and draw(st.booleans()):
        levels = (chosen.last_level, chosen.last_level)  # either team may be on NT (R9.2)
    state = GameState.new(
        chosen,
        seed,
        dealer=dealer,
        deal_number=int(dealer is not None),
        levels=levels,
        no_trump_level=_no_trump_level(draw, chosen, levels),
    )
    rng = random.Random(draw(_SEEDS))
    if phase is None:
        return advance(state, rng, steps=draw(st.integers(0, 400)))
    reached = state
    for attempt in range(4):
        # A bid during the deal skips the closing round of joker bidding (R4.4): later
        # attempts deal without bids.
        reached = advance(state, rng, until=phase, bid_rate=0.15 if attempt == 0 else 0.0)
        if reached.phase is phase:
            break
    # Some rules never pass some phases (no weak-hand offer without R4.7, no counters
    # without R5.2): such draws are rejected, not replaced by another phase.
    assume(reached.phase is phase)
    if phase is Phase.DEALING or phase is Phase.PLAYING:
        # Somewhere inside the phase, not only at its start.
        for _ in range(draw(st.integers(0, 99))):
            after = advance(reached, rng, steps=1)
            if after.phase is not phase:
                break
            reached = after
    return reached


def actions(state: GameState) -> st.SearchStrategy[Action]:
    """A legal action of ``state``: drawn from the list when there are few, otherwise
    sampled (uniformly, see ``ActionSet.sample``) from a drawn seed. Nothing when the deal is
    scored."""
    expect_type(state, GameState, "state")
    legal = state.legal_actions()
    if state.phase is Phase.FINISHED:
        return st.nothing()
    if state.phase is not Phase.BURYING and len(legal) <= 64:
        return st.sampled_from(list(legal))
    return _SEEDS.map(lambda seed: legal.sample(random.Random(seed)))


def register_type_strategies() -> None:
    """Register the strategies for ``st.from_type``: ``Card``, ``Trump``, ``Rules`` and
    ``GameState``. The ``hypothesis`` entry point of the installed package calls it when
    hypothesis is imported; call it yourself where the package is not installed."""
    st.register_type_strategy(Card, cards())
    st.register_type_strategy(Trump, trumps())
    st.register_type_strategy(Rules, rules())
    st.register_type_strategy(GameState, game_states())
