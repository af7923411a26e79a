'''A fifth variant added the way docs/ARCHITECTURE.md ("Add a variant") says: one package
of the modules every variant has, and one entry in a registry (here a temporary one).

The toy's rules, worked by hand below: 底分 1 point for any win, 七对 +2, 自摸 +1; a
self-drawn hand is paid by each of the three others, a discarded one by the discarder
alone; melds are refused (concealed hands only). Its round is played as its play.py declares
(no lock on a passed win, no 诈胡), and POST /replay plays it with no more than that.
'''

from __future__ import annotations

import importlib
import textwrap

import pytest

import rules
from rules import places as at
from rules.model import EvaluateRequest, Meld, PlayerTiles, Result, SettleRequest
from rules.tiles import parse_tiles

PACKAGE = {
    "__init__.py": '''
        """The toy variant (a test's): patterns, payments, checks and the variant."""

        from toy_variant.variant import Toy

        __all__ = ["Toy"]
    ''',
    "patterns.py": '''
        """The toy's table: one PatternRule per row, in table order."""

        from rules.analysis import SEVEN_PAIRS
        from rules.model import DISCARD
        from rules.patterns import PatternRule

        PATTERNS = (
            PatternRule("di_fen", "底分", "Base point", 1, "points", seed="toy 1",
                        holds=lambda win: True),
            PatternRule("qi_dui", "七对", "Seven pairs", 2, "points", seed="toy 2",
                        holds=lambda win: win.shape == SEVEN_PAIRS),
            PatternRule("zi_mo", "自摸", "Self-drawn", 1, "points", seed="toy 3",
                        holds=lambda win: win.win_type != DISCARD),
        )
    ''',
    "payments.py": '''
        """Who pays the toy's hand: each of the three on a self-draw, else the discarder."""

        from rules.model import DISCARD, Payment


        def payments(points: int, win_type: str) -> list[Payment]:
            payer = "discarder" if win_type == DISCARD else "each"
            return [Payment(payer, points, f"{points} points")]
    ''',
    "play.py": '''
        """How the toy's round is played: what rules.play reads of it."""

        from rules.play.declaration import Earthly, PassLock, PlayRules, Rule

        PLAY = PlayRules(pass_lock=PassLock.NONE, lock_rule=None,
                         earthly=Earthly.DEALER_FIRST_DISCARD,
                         earthly_rule=Rule("地胡", "toy 4"), shape_is_win=True)
    ''',
    "checks.py": '''
        """What the toy refuses beyond the checks every variant makes."""

        from rules import places as at
        from rules.error_codes import FIELD_NOT_USED
        from rules.errors import FieldError
        from rules.model import SettleRequest


        def settle_errors(request: SettleRequest) -> list[FieldError]:
            return [FieldError(at.melds(seat), "the toy plays concealed hands only",
                               FIELD_NOT_USED)
                    for seat, player in enumerate(request.players) if player.melds]
    ''',
    "variant.py": '''
        """The toy variant: its declaration, and scoring put together."""

        from typing import NamedTuple

        from rules.analysis import ShapeRules
        from rules.hand import present
        from rules.ledger import Ledger
        from rules.model import DISCARD, EvaluateRequest, Evaluation, Settlement, SettleRequest
        from rules.model import WinnerResult
        from rules.validation import raise_if
        from rules.variant import Context, Variant, not_complete
        from toy_variant import checks
        from toy_variant.patterns import PATTERNS
        from toy_variant.play import PLAY
        from toy_variant.payments import payments


        class Win(NamedTuple):
            shape: str
            win_type: str


        class Toy(Variant):
            name = "toy"
            title_zh = "玩具"
            title_en = "Toy"
            seed = "toy seed"
            shapes = ShapeRules(seven_pairs=True)
            scored = True
            pattern_rules = PATTERNS
            play_rules = PLAY

            def score(self, ctx: Context) -> Evaluation:
                found = ctx.hand.readings(self.shapes)
                if not found:
                    return not_complete()
                scored = [(self._points(r, ctx.win_type), r) for r in found]
                (points, patterns), reading = max(scored, key=lambda s: s[0][0])
                paid = payments(points, ctx.win_type)
                return Evaluation(
                    winning=True, shape=reading.shape, patterns=patterns,
                    decomposition=present(reading, (), ctx.hand.melds), payments=paid,
                    total=points * (1 if ctx.win_type == DISCARD else 3))

            def _points(self, reading, win_type: str) -> tuple[int, list]:
                win = Win(reading.shape, win_type)
                patterns = [r.pattern() for r in PATTERNS if r.holds(win)]
                return sum(p.value for p in patterns), patterns

            def validate_settle(self, request: SettleRequest) -> list[str]:
                raise_if(checks.settle_errors(request))
                return super().validate_settle(request)

            def settle(self, request: SettleRequest) -> Settlement:
                result = request.result
                ledger = Ledger()
                seat = result.winners[0]
                query = EvaluateRequest(self.name, request.players[seat], result.win_tile,
                                        result.win_type, dealer=seat == request.dealer)
                evaluation = self._evaluate(query)
                points = sum(p.value for p in evaluation.patterns)
                if result.win_type == DISCARD:
                    ledger.pay(result.discarder, seat, points, "hu")
                else:
                    ledger.each_pays(seat, points, "hu")
                return ledger.settlement(winners=[WinnerResult(seat, evaluation)])
    ''',
}


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """The package written out, importable, and registered in a registry of the test's own
    (the real rules.VARIANTS, with one more entry for this test only)."""
    package = tmp_path / "toy_variant"
    package.mkdir()
    for name, text in PACKAGE.items():
        (package / name).write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in [m for m in list(importlib.sys.modules) if m.startswith("toy_variant")]:
        monkeypatch.delitem(importlib.sys.modules, name)
    variant = importlib.import_module("toy_variant").Toy()
    monkeypatch.setitem(rules.VARIANTS, variant.name, variant)
    return variant


def _hand(text: str, melds: tuple[Meld, ...] = ()) -> PlayerTiles:
    return PlayerTiles(tuple(parse_tiles(text)), melds)


def test_the_toy_is_listed_with_its_patterns(toy):
    described = {v["name"]: v for v in rules.describe_variants()}["toy"]
    assert described["patterns"] == ["di_fen", "qi_dui", "zi_mo"]
    assert described["scored"] is True


def test_a_self_drawn_seven_pairs_is_scored_through_rules_evaluate(toy):
    answer = rules.evaluate(EvaluateRequest("toy", _hand("11m22m33m44p55p66s77s"),
                                            win_type="self_draw"))
    # 底分 1 + 七对 2 + 自摸 1 = 4 points, paid by each of the three others: 3 × 4 = 12
    assert [p.id for p in answer.patterns] == ["di_fen", "qi_dui", "zi_mo"]
    assert (answer.shape, answer.total) == ("seven_pairs", 12)


def test_a_discarded_plain_hand_is_settled_through_rules_settle(toy):
    players = (_hand("19m19p19sESWNCFP"), _hand("123m456m789m123p55p"),
               _hand("234s567s888sWWWN"), _hand("345p678p66sCCCFF"))
    request = SettleRequest("toy", 0, players,
                            Result((1,), parse_tiles("5p")[0], "discard", 3))
    settled = rules.settle(request)
    # 底分 1 only (no seven pairs, not self-drawn): seat 3, the discarder, pays seat 1 one
    assert settled.deltas == [0, 1, 0, -1]
    assert [p.id for p in settled.winners[0].evaluation.patterns] == ["di_fen"]


def test_the_toy_checks_refuse_a_meld(toy):
    pung = Meld("pung", tuple(parse_tiles("999m")))
    players = (_hand("19m19p19sESWNCFP"), _hand("123m456m123p55p", (pung,)),
               _hand("234s567s888sWWWN"), _hand("345p678p66sCCCFF"))
    request = SettleRequest("toy", 0, players, Result((1,), parse_tiles("5p")[0], "discard", 3))
    with pytest.raises(rules.InvalidInput) as refused:
        rules.settle(request)
    assert [(e.place, e.message) for e in refused.value.errors] == \
        [(at.melds(1), "the toy plays concealed hands only")]


def test_a_round_of_the_toy_is_replayed_from_its_log(toy):
    """The dealer throws 7s and seat 1, waiting on it for its seventh pair, wins: 底分 1 + 七对 2
    = 3 points, paid by the discarder alone; the next seat could not also win (one winner)."""
    from rules.play import Action, ReplayRequest

    deal = (parse_tiles("7s147m258p369sESWN"), parse_tiles("11m22m33m44p55p66s7s"),
            parse_tiles("258m369p147sSWNC"), parse_tiles("369m147p258sESWF"))
    seven = parse_tiles("7s")[0]
    answer = rules.replay(ReplayRequest("toy", 0, deal, (Action(0, "discard", seven),
                                                          Action(1, "win")), wall_size=20))
    assert answer.status == "finished"
    assert answer.settle_request.result == Result((1,), seven, "discard", 0)
    assert answer.settlement.deltas == [-3, 3, 0, 0]
