"""A person at the table: one seat played by a person, the others by bots (``tuolaji play``).

A [`PlaySession`][tuolaji.tools.table.PlaySession] (one person's game at the table) holds the
game and everything both front ends need: the terminal (`tuolaji.tools.play_terminal`) and the
browser (`tuolaji.tools.play_server`) only show it and pass on what the person typed or clicked.
The bots act until it is the person's turn (in the public order of
[`Game.next_decision`][tuolaji.Game.next_decision], so the game is the one
[`Game.play_deal`][tuolaji.Game.play_deal] would play); the person's choice is read from card
notation (`PlaySession.read`), a hint asks a bot what it would do in the person's
place, and in practice mode a move can be taken back (the game is rebuilt from its record).

What the table shows the person is a function of that seat's
[`PlayerView`][tuolaji.PlayerView] and its own legal actions only: the bots' hidden cards and
burials, and whether another seat could have bid, never reach it.

>>> import tuolaji as tl
>>> from tuolaji.tools.table import PlaySession
>>> bots = [tl.GreedyBot(seed=s) for s in range(4)]
>>> table = PlaySession("tuolaji", 7, seat=0, bots=bots, hint=tl.GreedyBot())
>>> table.deciding  # the bots played on until seat 0 may bid or the deal went on without it
True
>>> table.view.seat
0
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice

import attrs

from tuolaji.bots.base import Bot
from tuolaji.core.cards import Card, Joker, format_hand, parse_cards
from tuolaji.core.errors import ConfigurationError, IllegalAction, cut
from tuolaji.core.legal import LegalLeads
from tuolaji.core.rules import Rules
from tuolaji.core.scoring import net_throw_penalty, take_over_points, team_of
from tuolaji.core.trump import Trump
from tuolaji.core.wording import counted
from tuolaji.game.facade import Game
from tuolaji.game.record import record_of, replay, write_record
from tuolaji.game.turns import BidTurns
from tuolaji.state.actions import (
    Action,
    ActionSet,
    AskRedeal,
    Buried,
    Bury,
    CardsDealt,
    DealerSet,
    DealScored,
    Declare,
    Declared,
    Event,
    KittyRevealed,
    Pass,
    Phase,
    Play,
    PlayActions,
    Played,
    Redeal,
    RedealAsked,
    ThrowFailed,
    TrickWon,
    TrumpRevealed,
)
from tuolaji.state.gamestate import GameState
from tuolaji.state.view import PlayerView

__all__ = [
    "FORCED_LINE",
    "MAX_INPUT",
    "SHOWN_PLAYS",
    "Choices",
    "NewsMark",
    "PlaySession",
    "Side",
    "TrickMoment",
    "card_words",
    "event_line",
    "move_text",
]

MAX_INPUT = 400
"""The most characters of one typed move (a burial of 8 cards, the largest kitty, takes about
30)."""

SHOWN_PLAYS = 12
"""The most legal plays listed at a time (a lead may have thousands: the hand says the rest)."""

NewsMark = tuple[int, int, int]
"""How far a front end has told the events: deal number, attempt and events told."""

FORCED_LINE = "your only legal play, played for you"
"""How the line told after a play of the person's that the game made itself starts (a
decision with a single legal action is taken without asking,
[`Game.next_decision`][tuolaji.Game.next_decision]); the cards follow:
``your only legal play, played for you: ♠5``."""

_PASS_WORDS = ("p", "pass", "-")
_REDEAL_WORDS = ("r", "redeal")


@attrs.frozen(slots=True)
class Choices:
    """The person's choices at one decision, grouped by what the phase asks."""

    kind: str | None
    """``"bid"`` (or counter), ``"redeal"`` (R4.7), ``"bury"``, ``"play"``; None once the
    deal is over."""
    options: tuple[str, ...]
    """The choices in card notation: the bids, or the legal follows (at most
    [`SHOWN_PLAYS`][tuolaji.tools.table.SHOWN_PLAYS]); none for a burial or a lead, where
    the hand is the choice."""
    more: int
    """How many legal plays are not in ``options``."""
    prompt: str
    """What to do, in a few words."""


@attrs.frozen(slots=True)
class _Mark:
    """Where the game stood when the person was asked: enough to come back to it."""

    deals: int
    actions: int
    turns: BidTurns
    decision: tuple[int, ActionSet]


_RANK_WORDS = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}


def card_words(card: Card) -> str:
    """A card in words, as a screen reader should say it: ``ace of spades``, ``ten of
    hearts``, ``big joker``. Raises `TypeError` for a non-card.

    >>> import tuolaji as tl
    >>> card_words(tl.parse_cards("♠A")[0]), card_words(tl.parse_cards("SJ")[0])
    ('ace of spades', 'small joker')
    """
    if not isinstance(card, Card):
        raise TypeError(f"card is a tuolaji Card, got {type(card).__name__}")
    if isinstance(card.rank, Joker):
        return "big joker" if card.rank is Joker.BIG else "small joker"
    suit = card.suit
    name = "" if suit is None else suit.name.lower()
    return f"{_RANK_WORDS[int(card.rank)]} of {name}"


@attrs.frozen(slots=True)
class Side:
    """The person's side at the table: team, partner, and what the team is after."""

    team: int
    """The person's team (0: seats 0 and 2, 1: seats 1 and 3; R1.3)."""
    partner: int
    """The partner's seat, opposite (R1.3)."""
    role: str | None
    """``"declarers"`` (the dealer's team, R1.4) or ``"attackers"``; None while no dealer
    is known (bidding, R4)."""
    target: int | None
    """The attackers' total with which they take over
    ([`take_over_points`][tuolaji.take_over_points], R9.1; None: never)."""

    def __str__(self) -> str:
        """One line, as the table shows it."""
        who = f"team {self.team} with your partner, seat {self.partner}"
        goal = (
            "the attackers never take over (R9.1)"
            if self.target is None
            else f"the attackers take over with {self.target} points (R9.1)"
        )
        if self.role is None:
            return f"{who}; no dealer yet, so no side attacks yet (R4); {goal}"
        if self.role == "attackers":
            return f"{who}; your side attacks (R1.4): {goal}"
        return f"{who}; your side declares (R1.4): {goal}"


@attrs.frozen(slots=True)
class TrickMoment:
    """The deal just after one finished trick (see
    [`PlaySession.trick_moments`][tuolaji.tools.table.PlaySession.trick_moments])."""

    number: int
    """The trick's number, from 1."""
    told: int
    """How many lines of the deal's news were told up to the trick's winner's line."""
    points: int
    """The attackers' points just after the trick (R8.1, with throw penalties, R6.5)."""


def _forced_line(event: Event) -> str:
    """`FORCED_LINE` with the cards played (``your only legal play, played for you: ♠5``)."""
    if isinstance(event, Played):
        return f"{FORCED_LINE}: {format_hand(event.cards)}"
    return FORCED_LINE


def _throw_line(event: ThrowFailed, view: PlayerView | None) -> str:
    line = (
        f"seat {event.seat}'s throw {format_hand(event.attempt)} fails (R6.4): "
        f"{format_hand(event.forced)} is forced"
    )
    if event.beaten_by:
        *others, last = map(str, event.beaten_by)
        who = f"seats {', '.join(others)} and {last}" if others else f"seat {last}"
        line += f"; {who} could beat it"
    elif view is not None and not view.rules.throw_blocker_public:
        line += "; who could beat it is not told (Rules.throw_blocker_public)"
    if view is not None and view.dealer is not None:
        penalty = net_throw_penalty((event.seat,), view.dealer, view.rules)
        if penalty:
            line += f"; attackers {penalty:+d} points (R6.5)"
    return line


def event_line(event: Event, view: PlayerView | None = None) -> str | None:
    """One line saying what a public event was, as the table tells it (None for the events
    that say nothing new: a pass, the close of bidding). With the ``view`` of the deal, a
    failed throw's line also tells its penalty (R6.5) or that who could beat it is secret.
    Raises `TypeError` for a non-event or a ``view`` that is not a view."""
    if not isinstance(event, Event):
        raise TypeError(f"event is a tuolaji event, got {type(event).__name__}")
    if view is not None and not isinstance(view, PlayerView):
        raise TypeError(f"view is None or a tuolaji PlayerView, got {type(view).__name__}")
    if isinstance(event, CardsDealt):
        return f"the cards are dealt from seat {event.first_seat}"
    if isinstance(event, Declared):
        dealt = counted(event.dealt, "card")
        return f"seat {event.seat} declares {format_hand(event.cards)} after {dealt}"
    if isinstance(event, TrumpRevealed):
        return f"nobody bid: the kitty's card {event.card.pretty} is turned up (R4.6)"
    if isinstance(event, Redeal):
        return f"the cards are thrown in ({event.reason})"
    if isinstance(event, RedealAsked):
        return f"seat {event.seat} asks for a redeal (R4.7)"
    if isinstance(event, DealerSet):
        return f"seat {event.seat} is the dealer"
    if isinstance(event, Buried):
        # The event does not say how many: the rules do (R4.1, Rules.kitty_size).
        what = "the kitty" if view is None else counted(view.rules.kitty_size, "card")
        return f"seat {event.seat} buries {what} (R5.1)"
    if isinstance(event, ThrowFailed):
        return _throw_line(event, view)
    if isinstance(event, Played):
        return f"seat {event.seat} plays {format_hand(event.cards)}"
    if isinstance(event, TrickWon):
        return f"seat {event.seat} wins trick {event.number + 1} (+{event.points} points)"
    if isinstance(event, KittyRevealed):
        cards = event.cards
        if view is not None and view.trump is not None:
            cards = tuple(view.trump.sorted(cards))  # as a hand reads: trumps, then suits
        return f"the kitty: {format_hand(cards)} (x{event.multiplier}, +{event.bonus})"
    if isinstance(event, DealScored):
        return str(event.result)
    return None


def move_text(action: Action) -> str:
    """A move as the person would type it: ``bid ♥22``, ``bury ♣2345 ♦66 ♠37``, ``play ♥KK``,
    ``pass``, ``redeal``. Raises `TypeError` for a non-action."""
    if not isinstance(action, Action):
        raise TypeError(f"action is a tuolaji action, got {type(action).__name__}")
    if isinstance(action, Declare | Bury | Play):
        verb = (
            "bid" if isinstance(action, Declare) else "bury" if isinstance(action, Bury) else "play"
        )
        return f"{verb} {format_hand(action.cards)}"
    return "redeal" if isinstance(action, AskRedeal) else "pass"


class PlaySession:
    """One person's game at the table (``tuolaji play``): a game with the person at ``seat``
    and ``bots[s]`` deciding for each other seat (``bots[seat]`` is not used: None will do);
    ``hint`` is the bot asked for hints (it sees the person's view). ``practice`` allows taking
    moves back. Raises `TypeError` and [`ConfigurationError`][tuolaji.ConfigurationError] for
    bad arguments.
    """

    def __init__(
        self,
        rules: Rules | str,
        seed: int,
        *,
        seat: int,
        bots: Sequence[Bot | None],
        hint: Bot,
        practice: bool = False,
    ) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"seat is an int, got {type(seat).__name__}")
        if not 0 <= seat <= 3:
            raise ConfigurationError(f"R1.3: seat is 0-3, got {cut(seat)}")
        if isinstance(bots, str | bytes) or not isinstance(bots, Sequence):
            raise TypeError(f"bots is a sequence of four bots, got {type(bots).__name__}")
        if len(bots) != 4:
            raise ConfigurationError(f"R1.3: bots are four, one per seat; got {len(bots)}")
        self.bots: dict[int, Bot] = {}
        for other, bot in enumerate(bots):
            if other != seat:
                if bot is None or not callable(getattr(bot, "act", None)):
                    raise TypeError(f"bots[{other}] is a bot (with act), got {type(bot).__name__}")
                self.bots[other] = bot
        if not callable(getattr(hint, "act", None)):
            raise TypeError(f"hint is a bot (with act), got {type(hint).__name__}")
        if not isinstance(practice, bool):
            raise TypeError(f"practice is a bool, got {type(practice).__name__}")
        self.game = Game(rules, seed)
        self.seat = seat
        self.hint_bot = hint
        self.practice = practice
        self.closed = False
        """True once the record was handed out before the match's end
        ([`hand_out_record`][tuolaji.tools.table.PlaySession.hand_out_record]): the record
        holds the seed, from which every later deal follows, so the game takes no more moves."""
        self._asked = 0
        self.turns = BidTurns()
        self.decision: tuple[int, ActionSet] | None = None
        self._marks: list[_Mark] = []
        self._forced: set[tuple[int, int, int]] = set()
        """Where the person's forced plays are told: (deal, attempt, index of its event)."""
        self._play_on()

    # --- what the person sees ------------------------------------------------------------

    @property
    def view(self) -> PlayerView:
        """The person's view of the deal now."""
        return self.game.state.view(self.seat)

    def hand_trump(self) -> Trump:
        """The trump that orders the person's hand: the deal's once fixed, and while cards are
        dealt the level alone (R2), so that level cards and jokers already sort as trumps."""
        view = self.view
        if view.trump is not None:
            return view.trump
        team = 0 if view.dealer is None else view.dealer % 2
        on_nt = view.dealer is not None and view.no_trump_level[team]
        return view.rules.trump(view.levels[team], None, no_trump_level=on_nt)

    def side(self) -> Side:
        """The person's side: team, partner, whether it attacks or declares (once a dealer
        is known, R1.4) and the attackers' total that takes over (R9.1)."""
        view = self.view
        role = None
        if view.dealer is not None:
            role = "declarers" if team_of(view.dealer) == team_of(self.seat) else "attackers"
        return Side(team_of(self.seat), (self.seat + 2) % 4, role, take_over_points(view.rules))

    @property
    def deciding(self) -> bool:
        """True when the person is to decide (else the deal is finished)."""
        return self.decision is not None

    @property
    def actions(self) -> ActionSet | None:
        """The person's legal actions now, or None when the deal is finished."""
        return None if self.decision is None else self.decision[1]

    @property
    def decision_number(self) -> int:
        """The number of the situation the person is asked about now (a decision, or the end
        of a deal): it changes at every move, take-back and new deal and never repeats, so a
        front end that sends it with a move has a repeated move (a double click, a retry)
        refused instead of applied to the next decision."""
        return self._asked

    @property
    def can_undo(self) -> bool:
        """True in practice mode once the person has made a move that can be taken back."""
        return self.practice and bool(self._marks) and not self.closed

    def choices(self) -> Choices:
        """The person's choices now, grouped by what the phase asks (see
        [`Choices`][tuolaji.tools.table.Choices])."""
        actions = self.actions
        if actions is None:
            return Choices(None, (), 0, "the deal is over")
        if isinstance(actions, PlayActions):
            if isinstance(actions.plays, LegalLeads):
                prompt = "lead a card, a pair, a tractor or a throw of one suit (R6)"
                return Choices("play", (), len(actions), prompt)
            # As the hand shows them: each play's cards in the hand's order, and the plays
            # by where their cards stand in the hand (trumps first, then suit by suit).
            trump = self.hand_trump()
            place = {card: i for i, card in enumerate(trump.sorted(self.view.hand))}
            plays = sorted(
                (trump.sorted(p) for p in islice(actions.plays, SHOWN_PLAYS)),
                key=lambda p: [place[c] for c in p],
            )
            shown = tuple(format_hand(p) for p in plays)
            more = len(actions) - len(shown)
            prompt = "follow with one of these (R7)" + (f", or {more} more" if more else "")
            return Choices("play", shown, more, prompt)
        if self.game.state.phase is Phase.BURYING:
            size = self.game.state.rules.kitty_size
            return Choices("bury", (), 0, f"type the {size} cards to bury (R5.1)")
        if any(isinstance(a, AskRedeal) for a in actions):
            return Choices("redeal", ("redeal",), 0, "r asks for a redeal (R4.7), p passes")
        bids = tuple(format_hand(a.cards) for a in actions if isinstance(a, Declare))
        return Choices("bid", bids, 0, "type a bid's cards, or p to pass (R4.2)")

    def news(self, since: NewsMark | None = None) -> tuple[list[str], NewsMark]:
        """The lines of the public events (see `event_line`) after the mark ``since`` (None:
        from the start of the deal), and the mark to give next time. Raises `TypeError` for
        a ``since`` that is not such a mark (three ints, as returned)."""
        if since is not None and (
            not isinstance(since, tuple)
            or len(since) != 3
            or any(isinstance(n, bool) or not isinstance(n, int) for n in since)
        ):
            raise TypeError(
                f"since is None or the mark news returned (deal, attempt, events told), "
                f"got {cut(since, 60)}"
            )
        if since is not None and min(since) < 0:
            raise ConfigurationError(f"since counts from 0, got {cut(since, 60)}")
        state = self.game.state
        events = list(self.view.events)
        key = (state.deal_number, state.attempt)
        start = since[2] if since is not None and since[:2] == key else 0
        view = self.view
        lines = []
        for index in range(start, len(events)):
            line = event_line(events[index], view)
            if line is not None:
                lines.append(line)
            if (*key, index) in self._forced:
                lines.append(_forced_line(events[index]))
        return lines, (*key, len(events))

    def trick_moments(self) -> list[TrickMoment]:
        """For each finished trick of the deal, in order, how the deal stood just after it:
        the lines of `news` told up to its winner's line and the attackers' points then
        (trick points and throw penalties, R6.5, R8.1). A front end that shows a finished
        trick again shows the deal as of that moment, not the moves made since."""
        view = self.view
        state = self.game.state
        key = (state.deal_number, state.attempt)
        moments: list[TrickMoment] = []
        told = points = 0
        for index, event in enumerate(view.events):
            if event_line(event, view) is not None:
                told += 1
            if (*key, index) in self._forced:
                told += 1
            if view.dealer is None:
                continue
            if isinstance(event, ThrowFailed):
                points += net_throw_penalty((event.seat,), view.dealer, view.rules)
            elif isinstance(event, TrickWon):
                if team_of(event.seat) != team_of(view.dealer):
                    points += event.points
                moments.append(TrickMoment(event.number + 1, told, points))
        return moments

    # --- what the person does ----------------------------------------------------------------

    def read(self, text: str) -> Action:
        """The action the person means by ``text``: cards in card notation (``♥KK``,
        ``KH KH``, ``kh kh``: a bid, the burial or a play, as the phase asks), ``p`` (pass),
        ``r`` (ask for a redeal). Raises `TypeError` for a non-str,
        [`InvalidCards`][tuolaji.InvalidCards] for cards that cannot be read and
        [`IllegalAction`][tuolaji.IllegalAction] for a move that is not legal now, with the
        rule and what to do instead."""
        if not isinstance(text, str):
            raise TypeError(f"a move is typed as a str, got {type(text).__name__}")
        if len(text) > MAX_INPUT:
            raise IllegalAction("R11", f"a move is at most {MAX_INPUT} characters; this is longer")
        if self.decision is None:
            raise IllegalAction("R11", "the deal is over: nothing to play")
        seat, actions = self.decision
        word = text.strip().lower()
        phase = self.game.state.phase
        action: Action
        if word in _PASS_WORDS:
            action = Pass(seat)
        elif word in _REDEAL_WORDS:
            action = AskRedeal(seat)
        else:
            cards = parse_cards(text)
            if phase is Phase.BURYING:
                action = Bury(seat, cards)
            elif phase is Phase.PLAYING:
                action = Play(seat, cards)
            else:
                action = Declare(seat, cards)
        if action in actions:
            return action
        self.game.state.apply(action)  # not legal: the engine's message says why and what instead
        raise IllegalAction("R11", f"{cut(text, 40)} is not one of your choices now")

    def act(self, action: Action) -> None:
        """Take the person's ``action`` (one of
        [`actions`][tuolaji.tools.table.PlaySession.actions]) and let the bots play on until the
        person's next decision or the end of the deal. Raises `TypeError` for a non-action and
        [`IllegalAction`][tuolaji.IllegalAction] for anything else (nothing changes)."""
        if not isinstance(action, Action):
            raise TypeError(f"action is a tuolaji action, got {type(action).__name__}")
        self._check_open()
        if self.decision is None:
            raise IllegalAction("R11", "the deal is over: nothing to play")
        seat, actions = self.decision
        if action not in actions:
            raise IllegalAction("R11", f"{cut(action, 60)} is not legal for seat {seat} now")
        mark = _Mark(
            len(self.game.actions), len(self.game.actions[-1]), self.turns.copy(), (seat, actions)
        )
        self.game.answer(action)
        self._marks.append(mark)
        self.decision = None
        self._play_on()

    def hint(self) -> Action:
        """What the hint bot would do in the person's place (it sees the person's view)."""
        if self.decision is None:
            raise IllegalAction("R11", "the deal is over: nothing to hint")
        seat, actions = self.decision
        return self.hint_bot.act(self.game.state.view(seat), actions)

    def undo(self) -> None:
        """Take back the person's last move and the bots' moves after it (practice mode): the
        game is rebuilt from its record up to that decision. The bots are not rewound: a bot
        that draws from its random generator may choose differently the second time."""
        if not self.practice:
            raise IllegalAction("R11", "moves can be taken back only in practice mode (--practice)")
        self._check_open()
        if not self._marks:
            raise IllegalAction("R11", "nothing to take back yet")
        mark = self._marks.pop()
        record = record_of(self.game)
        deals = record["deals"][: mark.deals]
        deals[-1] = deals[-1][: mark.actions]
        record["deals"] = deals
        self.game = replay(record, partial=True)
        # The forced plays after the mark are taken back with the rest.
        state = self.game.state
        now = (state.deal_number, state.attempt, len(state.events))
        self._forced = {f for f in self._forced if f[0] != now[0] or f < now}
        self.turns = mark.turns.copy()
        self.decision = mark.decision
        self._asked += 1

    def next_deal(self) -> None:
        """Start the next deal once this one is finished (R10); the bots play on to the
        person's first decision."""
        self._check_open()
        self.game.next_deal()
        self.turns = BidTurns()
        self._marks.clear()
        self._play_on()

    def record(self) -> str:
        """The game record so far as JSON text ([`write_record`][tuolaji.write_record]); an
        unfinished last deal is kept (``tuolaji replay --partial`` reads it)."""
        return write_record(self.game)

    def hand_out_record(self) -> str:
        """The record, handed to the person while the game may still go on (the page's
        download): [`IllegalAction`][tuolaji.IllegalAction] in the middle of a deal, and once
        handed out before the match's end the game is
        [`closed`][tuolaji.tools.table.PlaySession.closed] (no more moves, take-backs or
        deals), because the record holds the seed, from which every later deal's hands and
        kitty follow: a record never tells the person a deal still to be played."""
        if self.decision is not None:
            raise IllegalAction(
                "R11", "the record is ready at the end of the deal (it holds every hand)"
            )
        if not self.game.over:
            self.closed = True
        return self.record()

    def _check_open(self) -> None:
        if self.closed:
            raise IllegalAction(
                "R11",
                "the record was handed out, and the later deals follow from its seed: this "
                "game is over (tuolaji play starts a new one)",
            )

    def _note_forced(self, state: GameState, action: Action) -> None:
        """Called by the game before each action it takes without asking: a play of the
        person's is noted, to be told with its event (`FORCED_LINE`). A pass when no bid is
        left is no move the person would miss, and says nothing."""
        if isinstance(action, Play) and action.seat == self.seat:
            self._forced.add((state.deal_number, state.attempt, len(state.events)))

    def _play_on(self) -> None:
        """Let the bots decide until the person must (or the deal is finished)."""
        game = self.game
        self._asked += 1
        while (decision := game.next_decision(self.turns, self._note_forced)) is not None:
            seat, actions = decision
            if seat == self.seat:
                self.decision = decision
                return
            game.answer(game.ask(self.bots[seat], seat, actions))
        self.decision = None
