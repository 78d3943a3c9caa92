"""The round review's analysis: at each real choice of one seat, the expert's move and what the
move actually played is expected to cost.

A choice is a turn action of the seat where it had more than one legal action. For each, the
expert level decides from that seat's view and redacted history at the time (never a hidden
card); when it would have played otherwise, both moves are scored on the same guesses and
rollouts, and the cost is how much worse the played move's mean relative score is (in points,
never below 0). Everything is fixed by the match seed, so a review gives the same verdicts on
any machine and every time.

    review = analyse_round(Replay(save), seat=0, round_index=3)     # at once (tests, the CLI)
    analysis = RoundAnalysis(replay, 0, 3); analysis.poll(worker)    # a job at a time (the UI)

The jobs (``choice_jobs``) are small, picklable, one per choice, for the workbench (``craits.work``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from craits.ai.plausible import UNREAD
from craits.ai.profiles import Profile
from craits.engine.events import CardsDrawn, PileReshuffled
from craits.engine.refusal import normalized
from craits.work import Job, Shared, inline_job

from .chance import Chance, Jump, value_in_log
from .judging import REVIEW_LEVEL as REVIEW_LEVEL
from .judging import Choice, ChoiceJob, Verdict, judge_in_log
from .judging import ReviewLevel as ReviewLevel
from .judging import as_level as as_level
from .judging import judge as judge
from .judging import review_level as review_level
from .messages import Message, declare
from .replay import Replay
from .thinking import read_as

SLICE = 256  # steps looked through per poll
# Events of earlier rounds' log made in a slice, per step a slice looks at: redacting an event
# costs a fraction of making a seat's view.
EVENTS_A_STEP = 16
FIRST_SLICES = 4  # at most, when an analysis is made


@dataclass(frozen=True, slots=True)
class RoundReview:
    """A seat's choices in one round, judged, the chance events that dealt it cards, valued
    (the deal first: ``review.luck``), and the round's summary line."""

    round: int
    seat: int
    verdicts: tuple[Verdict, ...]
    jumps: tuple[Jump, ...] = ()

    @property
    def choices(self) -> int:
        return len(self.verdicts)

    @property
    def differed(self) -> int:
        return sum(1 for v in self.verdicts if v.differs)

    @property
    def cost(self) -> int:
        """Expected points lost over the round, against the expert's moves."""
        return round(sum(v.cost for v in self.verdicts))

    def verdict_at(self, number: int) -> Verdict | None:
        return next((v for v in self.verdicts if v.number == number), None)

    @property
    def summary(self) -> Message:
        """"3 choices differed; expected cost 41 points" (``review.summary*``)."""
        if not self.verdicts:
            return Message("review.summary_no_choices")
        if not self.differed:
            return Message("review.summary_agreed", {"count": self.choices})
        return Message("review.summary", {
            "count": self.differed, "cost": Message("review.summary_cost", {"count": self.cost}),
        })


def choices(replay: Replay, seat: int, round_index: int) -> list[int]:
    """The steps of round ``round_index`` at which ``seat`` had a real choice."""
    scan = ChoiceScan(replay, seat, round_index)
    while not scan.done:
        scan.run(SLICE)
    return [c.number for c in scan.found]


class ChoiceScan:
    """Finds a seat's choices in a round a slice of steps at a time (``run``): a round of a
    record at the format's limit is looked through over many frames, never in one."""

    def __init__(self, replay: Replay, seat: int, round_index: int) -> None:
        self.replay = replay
        self.seat = seat
        self.steps = replay.rounds[round_index].steps
        self.found: list[Choice] = []
        self.chances: list[Chance] = []  # the deal of the seat's hand, then each draw of it
        self.players = read_as([s.kind for s in replay.seats])
        self.looked = 0  # steps looked at

    @property
    def done(self) -> bool:
        return self.looked >= len(self.steps)

    def run(self, limit: int) -> None:
        """Look at up to ``limit`` more steps, or first make up to ``limit`` steps' worth of
        the seat's log of earlier rounds."""
        replay, seat = self.replay, self.seat
        made = len(replay.seat_log(seat, 0))
        start = replay.history_end(self.steps[0].number)
        if made < start:
            replay.seat_log(seat, min(start, made + limit * EVENTS_A_STEP))
            return
        stop = min(len(self.steps), self.looked + limit)
        for step in self.steps[self.looked:stop]:
            if step.is_deal:
                continue
            if step is self.steps[1]:  # the hand as dealt, seen just before the first step
                # Nothing has been played: every unseen card is as likely in any hand. The
                # learned reader, fitted on hands later in rounds, would tilt the guesses
                # (15 % fewer 8s, 15 % more 3s in a hand just dealt).
                self.chances.append(Chance(
                    step.number, replay.view_before(step.number, seat),
                    replay.history_end(step.number), None, None, 0,
                    replay.view_before(step.number, seat).hand,
                    f"{replay.seed}:luck:deal:{step.round}:{seat}",
                    (UNREAD,) * len(self.players)))  # fmt: skip
            drawn = _drawn(step.events, seat)
            if drawn is not None:
                self.chances.append(Chance(
                    step.number, replay.view_before(step.number, seat),
                    replay.history_end(step.number), step.action, step.player, *drawn,
                    f"{replay.seed}:luck:{step.index}:{seat}", self.players))  # fmt: skip
            if step.player != seat or not step.is_turn:
                continue
            before = replay.before(step.number)
            assert before is not None and step.action is not None  # a turn action
            view = replay.view_before(step.number, seat)
            if len(view.legal) > 1:
                self.found.append(Choice(
                    step.number, view, replay.history_end(step.number),
                    normalized(before, step.action),
                    f"{replay.seed}:review:{step.index}:{seat}"))  # fmt: skip
        self.looked = stop
        # The seat's log as far as the steps looked at: every choice found can be judged.
        replay.seat_log(seat, replay.history_end(self.steps[stop - 1].number + 1))


def _drawn(events: Sequence[object], seat: int) -> tuple[int, tuple[int, ...]] | None:
    """How many cards left the pile in a step's ``events`` before ``seat`` drew, and the
    cards it drew; None when it drew none, after a reshuffle in the step (the cards then came
    in an order no guess lines up with: that draw is not valued), or twice around another's."""
    offset, after = 0, False
    cards: list[int] = []
    for event in events:
        if isinstance(event, PileReshuffled):
            if not cards:
                return None
            after = True
        if not isinstance(event, CardsDrawn) or event.cards is None:
            continue
        if event.player == seat:
            if after:
                return None
            cards.extend(event.cards)
        elif cards:
            after = True
        else:
            offset += event.count
    return (offset, tuple(cards)) if cards else None


def choice_jobs(replay: Replay, seat: int, round_index: int,
                level: ReviewLevel | Profile | None = None) -> list[ChoiceJob]:
    """One self-contained job per choice of ``seat`` in the round, in order (each holds its
    own history: for a few choices; a round's analysis shares one log)."""
    review = as_level(level)
    log = replay.seat_log(seat)
    scan = ChoiceScan(replay, seat, round_index)
    while not scan.done:
        scan.run(SLICE)
    return [ChoiceJob(review, c, tuple(log[:c.end])) for c in scan.found]


def analyse_round(replay: Replay, seat: int, round_index: int,
                  level: ReviewLevel | Profile | None = None) -> RoundReview:
    """The whole round's review, computed here and now."""
    return analyse_rounds(replay, seat, [round_index], level)[0]


def analyse_rounds(replay: Replay, seat: int, rounds: Sequence[int],
                   level: ReviewLevel | Profile | None = None,
                   pool: Job | None = None) -> list[RoundReview]:
    """The reviews of ``rounds``, judged by ``pool``'s workers (default: here and now); the
    same verdicts wherever they are judged, as every choice has its own seed."""
    own = pool is None
    runner = pool if pool is not None else inline_job()
    analyses = [RoundAnalysis(replay, seat, index, level) for index in rounds]
    try:
        while not all(a.finished for a in analyses):
            moved = False
            for analysis in analyses:
                moved = analysis.poll(runner) or moved
            if not moved:
                runner.wait(0.05)
    finally:
        if own:
            runner.drop()
    out = []
    for analysis in analyses:
        if analysis.error is not None:
            raise ValueError(analysis.error)
        result = analysis.result
        assert result is not None
        out.append(result)
    return out


class RoundAnalysis:
    """A round's review, judged by a workbench job a slice at a time, for progress and
    cancelling: call ``poll(pool)`` every frame until ``finished``, read ``progress``; ``cancel`` drops what is
    in hand. On the caller's thread only a slice of steps is looked through per poll (and, on
    a job run in place, one choice judged). ``kept``: the review already made (from the cache)."""

    def __init__(self, replay: Replay, seat: int, round_index: int,
                 level: ReviewLevel | Profile | None = None,
                 kept: RoundReview | None = None) -> None:
        self.round = round_index
        self.seat = seat
        self.level = as_level(level)
        self.replay = replay
        self.kept = kept
        self.scan = ChoiceScan(replay, seat, round_index)
        self.key = f"{replay.key}:{seat}"  # the seat's log, for the workers
        self.judged: dict[int, Verdict] = {}  # by the choice's place in ``choices``
        self.valued: dict[int, Jump] = {}  # by the chance's place in ``scan.chances``
        self.submitted = 0
        self.submitted_chances = 0
        self.cancelled = False
        self.error: str | None = None
        self._tickets: dict[int, int] = {}  # ticket -> the choice's place
        self._chance_tickets: dict[int, int] = {}  # ticket -> the chance's place
        self._pool: Job | None = None
        # A round of a game is looked through at once (the earlier rounds' log first), so the
        # total is known from the start; a longer one goes on a slice per poll.
        for _ in range(FIRST_SLICES if kept is None else 0):
            if self.scan.done:
                break
            self.scan.run(SLICE)

    @property
    def progress(self) -> tuple[int, int]:
        """(choices judged and chance events valued, those found so far: all once the whole
        round is looked at)."""
        if self.kept is not None:
            done = self.kept.choices + len(self.kept.jumps)
            return done, done
        return (len(self.judged) + len(self.valued),
                len(self.scan.found) + len(self.scan.chances))

    @property
    def finished(self) -> bool:
        if self.kept is not None or self.cancelled or self.error is not None:
            return True
        return self.scan.done and len(self.judged) == len(self.scan.found) \
            and len(self.valued) == len(self.scan.chances)

    @property
    def result(self) -> RoundReview | None:
        """The review once every choice is judged (None before, or when cancelled)."""
        if self.kept is not None:
            return self.kept
        if self.cancelled or self.error is not None or not self.finished:
            return None
        return RoundReview(self.round, self.seat,
                           tuple(self.judged[i] for i in range(len(self.scan.found))),
                           tuple(self.valued[i] for i in range(len(self.scan.chances))))

    def verdict_at(self, number: int) -> Verdict | None:
        """The verdict at step ``number`` once that choice is judged (the rest may not be)."""
        if self.kept is not None:
            return self.kept.verdict_at(number)
        if self.cancelled or self.error is not None:
            return None
        return next((v for v in self.judged.values() if v.number == number), None)

    def poll(self, pool: Job) -> bool:
        """Look through a slice of the round, collect ready verdicts and hand the job the
        choices it has room for; whether anything moved."""
        if self.finished:
            return False
        self._pool = pool
        moved = False
        if not self.scan.done:
            self.scan.run(SLICE)
            moved = True
        for done in pool.take([*self._tickets, *self._chance_tickets]):
            value = done.value
            if done.ticket in self._tickets and isinstance(value, Verdict):
                self.judged[self._tickets.pop(done.ticket)] = value
            elif done.ticket in self._chance_tickets and isinstance(value, Jump):
                self.valued[self._chance_tickets.pop(done.ticket)] = value
            else:
                self.error = done.error or "no verdict"
                self._drop()
                return True
            moved = True
        found, chances = self.scan.found, self.scan.chances
        log = self.replay.seat_log(self.seat, 0)
        # The choices first (their verdicts are shown as they come), then the chances.
        while self.submitted < len(found) and pool.room() > 0:
            choice = found[self.submitted]
            shared = Shared(self.key, log, choice.end)  # the log goes to a worker once
            self._tickets[pool.submit(judge_in_log, (self.level, choice), shared)] = \
                self.submitted
            self.submitted += 1
            moved = True
        # One a poll: a frame never starts several workers for them at once.
        if self.submitted == len(found) and self.submitted_chances < len(chances) \
                and pool.room() > 0:
            chance = chances[self.submitted_chances]
            shared = Shared(self.key, log, chance.end)
            self._chance_tickets[pool.submit(value_in_log, (self.level, chance), shared)] = \
                self.submitted_chances
            self.submitted_chances += 1
            moved = True
        return moved

    def cancel(self) -> None:
        self.cancelled = True
        self._drop()

    def _drop(self) -> None:
        if self._pool is not None and (self._tickets or self._chance_tickets):
            self._pool.drop([*self._tickets, *self._chance_tickets])
        self._tickets, self._chance_tickets = {}, {}


declare("", "review.expert_agrees", "review.summary_no_choices")
declare("move", "review.expert_other_even")
declare("move count", "review.expert_other")
declare("count", "review.summary_agreed", "review.summary_cost")
declare("count cost", "review.summary")
