"""The command line: ``python -m tuolaji deal --seed 7`` (and the ``tuolaji`` script)."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from .cards import Card, Rank, Suit, points
from .deal import deal_cards, shuffled_deck
from .errors import InvalidCards
from .shapes import units
from .trump import Trump, effective_suit_name


def _level(text: str) -> Rank:
    try:
        return Rank.parse(text)
    except InvalidCards as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _trump_suit(text: str) -> Suit | None:
    key = text.strip().upper()
    if key in ("NONE", "NT", "NO"):
        return None
    for suit in Suit:
        if key in (suit.letter, suit.symbol, suit.name):
            return suit
    raise argparse.ArgumentTypeError(
        f"R2.1: {text!r} is not a trump suit; use S, H, C, D (or ♠ ♥ ♣ ♦) or none"
    )


def _card_text(cards: Sequence[Card], pretty: bool) -> str:
    return " ".join(card.pretty if pretty else str(card) for card in cards)


def render_hand(hand: Sequence[Card], trump: Trump, *, pretty: bool = True) -> list[str]:
    """One line per effective suit, strongest first: tractors in ``[...]``, pairs in ``(...)``
    (R3.2-R3.3)."""
    by_suit: dict[int, list[str]] = {}
    for unit in sorted(units(hand, trump), key=lambda u: (u.suit, -u.top, -u.pairs)):
        text = _card_text(unit.cards, pretty)
        if unit.kind == "tractor":
            text = f"[{text}]"
        elif unit.kind == "pair":
            text = f"({text})"
        by_suit.setdefault(unit.suit, []).append(text)
    order = sorted(by_suit, key=lambda s: -1 if s == 4 else s)
    return [f"{effective_suit_name(s):>5}: {' '.join(by_suit[s])}" for s in order]


def _cmd_deal(args: argparse.Namespace) -> int:
    trump = Trump(args.level, args.trump, permanent_twos=args.permanent_twos)
    hands, kitty = deal_cards(shuffled_deck(random.Random(args.seed)), args.dealer)
    pretty = not args.ascii
    print(f"Seed {args.seed}: dealer seat {args.dealer}, {trump}")
    print("Tractors in [ ], pairs in ( ).")
    for seat, hand in enumerate(hands):
        print(f"\nSeat {seat} (team {seat % 2}): {len(hand)} cards, {points(hand)} points")
        for line in render_hand(hand, trump, pretty=pretty):
            print("  " + line)
    print(f"\nKitty: {_card_text(trump.sorted(kitty), pretty)} ({points(kitty)} points)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m tuolaji``."""
    parser = argparse.ArgumentParser(
        prog="tuolaji", description="Rules engine for Tractor (拖拉机 / 升级 / 双升)."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    deal = sub.add_parser(
        "deal",
        help="shuffle with a seed, deal four hands and a kitty, show them sorted (R4.1)",
        description="Shuffle with the seed, deal four hands of 25 and a kitty of 8 (R4.1), "
        "and print each hand sorted by suit and strength under the given trump, with its "
        "pairs and tractors marked (R3).",
    )
    deal.add_argument("--seed", type=int, default=0, help="shuffle seed (default 0)")
    deal.add_argument(
        "--level", type=_level, default=Rank.TWO, help="level rank: 2-10, J, Q, K, A (default 2)"
    )
    deal.add_argument(
        "--trump",
        type=_trump_suit,
        default=None,
        help="trump suit: S, H, C, D or none (default none: only jokers and level cards)",
    )
    deal.add_argument(
        "--dealer", type=int, choices=range(4), default=0, help="seat dealt first (default 0)"
    )
    deal.add_argument("--permanent-twos", action="store_true", help="every 2 is trump too (R2.5)")
    deal.add_argument("--ascii", action="store_true", help="print 10H rather than ♥10")
    deal.set_defaults(func=_cmd_deal)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (2 for usage errors)."""
    args = build_parser().parse_args(argv)
    try:
        result: int = args.func(args)
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, like other command-line tools.
        sys.stderr.close()
        return 0
    return result


if __name__ == "__main__":
    sys.exit(main())
