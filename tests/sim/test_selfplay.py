"""A small sample of `make selfplay` (tools/selfplay.py) in `make test`: duplicate deals
played with the expected-value bot in each seat, every round through the engine's legal
actions, each ending settled and zero-sum, the bot's model asked at its decisions."""

from __future__ import annotations

import json

import pytest

from rules.play.replay import answer as replay_answer
from tests.sim.players import EXPECTED, GREEDY, Player
from tools import selfplay


@pytest.mark.parametrize("variant", ["xingguo"])  # jing wild; guangdong below
def test_the_bot_dealing_or_not_ends_the_round_settled_and_zero_sum(variant):
    """The bot as dealer and opposite it (the run below seats it in all four, guangdong):
    two rounds of a xingguo deal, to keep make test's time."""
    hands, wall, jing, dealer, options = selfplay.deal(variant, 42_000)
    for bot_seat in (dealer, (dealer + 2) % 4):
        players = [Player(EXPECTED if s == bot_seat else GREEDY) for s in range(4)]
        seats = selfplay.play(variant, [list(h) for h in hands], list(wall), jing, dealer,
                              options, players)
        assert sum(s.score for s in seats) == 0
        assert [s.kind for s in seats].count(EXPECTED) == 1
        assert players[bot_seat].decisions > 0
        assert players[bot_seat].fallbacks <= players[bot_seat].decisions


def test_a_run_compares_each_seat_with_greedy_in_the_same_seat():
    tally = selfplay.run("guangdong", 1, 42_001)
    assert tally.deals == 1 and len(tally.bot) == 4 and len(tally.greedy) == 12
    bot = sum(s.score for s in tally.bot) / 4
    greedy = sum(s.score for s in tally.greedy) / 12
    assert tally.differences == [pytest.approx(bot - greedy)]
    text = selfplay.report({"guangdong": tally}, selfplay.Setting(1, 42_001))
    assert "| guangdong | 1 |" in text and "SELFPLAY_DEALS=1 SELFPLAY_SEED=42001" in text


def _stub_deal(variant: str, seed: int, objective: str = "score",
               horizon: int | None = None) -> selfplay.DealResult:
    """A deal's result made up from its seed (no play): what run's bookkeeping sees."""
    rounds = [[selfplay.Seat(EXPECTED if s == bot else GREEDY, (seed * 7 + 3 * bot + s) % 11
                             - 5, s == (seed + bot) % 4, (seed + s) % 3, s == (seed + bot + 1) % 4,
                             ("self_draw", "discard")[seed % 2] if s == (seed + bot) % 4 else None,
                             (seed + 2 * s) % 9)
               for s in range(4)]
              for bot in range(4)]
    return selfplay.DealResult(rounds, decisions=seed % 5 + 1, fallbacks=seed % 2, seconds=0.5)


def test_deals_played_side_by_side_add_up_as_one_after_another(monkeypatch):
    """SELFPLAY_JOBS: each deal is its own, results are added in deal order, so two
    processes give the tally one gives; progress is told after every deal."""
    monkeypatch.setattr(selfplay, "play_deal", _stub_deal)
    told: list[int] = []
    alone = selfplay.run("guangdong", 7, 500)
    both = selfplay.run("guangdong", 7, 500, jobs=2,
                        progress=lambda tally: told.append(tally.deals))
    assert both == alone and both.deals == 7 and told == list(range(1, 8))
    assert both.decisions == sum(s % 5 + 1 for s in range(500, 507))
    assert both.seconds == pytest.approx(3.5)


def test_a_report_written_part_way_says_so(monkeypatch):
    monkeypatch.setattr(selfplay, "play_deal", _stub_deal)
    tally = selfplay.run("guangdong", 3, 500)
    assert "Part of a run" in selfplay.report({"guangdong": tally}, selfplay.Setting(10, 500))
    assert "Part of a run" not in selfplay.report({"guangdong": tally}, selfplay.Setting(3, 500))


def test_the_bot_plays_for_the_objective_the_run_names(monkeypatch):
    """SELFPLAY_OBJECTIVE reaches every deal's bot, and the report's command says it."""
    asked: list[str] = []

    def deal(variant: str, seed: int, objective: str = "score",
             horizon: int | None = None) -> selfplay.DealResult:
        asked.append(objective)
        return _stub_deal(variant, seed)

    monkeypatch.setattr(selfplay, "play_deal", deal)
    tally = selfplay.run("qinzhou", 2, 500, objective="win")
    assert asked == ["win", "win"]
    text = selfplay.report({"qinzhou": tally}, selfplay.Setting(2, 500, "win"))
    assert "SELFPLAY_OBJECTIVE=win make selfplay" in text and "objective `win`" in text
    assert "SELFPLAY_OBJECTIVE" not in selfplay.report({"qinzhou": tally}, selfplay.Setting(2, 500))


def test_the_difference_is_called_above_below_or_neither_by_its_interval():
    """Above greedy only when the whole 95% interval is above zero, below when it is below."""
    for scores, said in (((5, 5, 6, 7), "**above**"), ((-5, -6, -5, -7), "**below**"),
                         ((-5, 5, -4, 6), "neither shown")):
        tally = selfplay.Tally(deals=4, differences=[float(x) for x in scores],
                               bot=[selfplay.Seat(EXPECTED, 0, False)] * 2,
                               greedy=[selfplay.Seat(GREEDY, 0, False)] * 2)
        assert f"({said})" in selfplay._row("qinzhou", tally)


def _counting(played: list[int]):
    def deal(variant: str, seed: int, objective: str = "score",
             horizon: int | None = None) -> selfplay.DealResult:
        played.append(seed)
        return _stub_deal(variant, seed)
    return deal


def test_a_record_spares_a_run_started_again_the_deals_it_played(monkeypatch, tmp_path):
    """SELFPLAY_RECORDS: each deal played is a line of the record; a run started again with
    the same code reads those deals and plays only the others, and its tally is the one a
    run without a record gives."""
    played: list[int] = []
    monkeypatch.setattr(selfplay, "play_deal", _counting(played))
    record = tmp_path / "score-guangdong.jsonl"
    selfplay.run("guangdong", 3, 500, record=record)
    assert played == [500, 501, 502]
    assert len(record.read_text().splitlines()) == 3
    again = selfplay.run("guangdong", 5, 500, record=record)
    assert played == [500, 501, 502, 503, 504]
    assert again == selfplay.run("guangdong", 5, 500)
    assert len(record.read_text().splitlines()) == 5


def test_a_line_cut_short_or_of_other_code_is_played_again(monkeypatch, tmp_path):
    """A run stopped while writing leaves half a line; a record made by other code (the
    rules or the players changed) says another fingerprint: neither is read and both deals
    are played again; the cut line is dropped, the other code's moves to a file of its
    own beside the record."""
    played: list[int] = []
    monkeypatch.setattr(selfplay, "play_deal", _counting(played))
    record = tmp_path / "score-qinzhou.jsonl"
    selfplay.run("qinzhou", 3, 500, record=record)
    lines = record.read_text().splitlines()
    other = lines[1].replace(selfplay.fingerprint(), "0" * 16)
    record.write_text(f"{lines[0]}\n{other}\n{lines[2][:40]}\n")
    played.clear()
    tally = selfplay.run("qinzhou", 3, 500, record=record)
    assert played == [501, 502]
    assert tally == selfplay.run("qinzhou", 3, 500)
    assert [json.loads(line)["seed"] for line in record.read_text().splitlines()] == \
        [500, 501, 502]
    assert (tmp_path / f"score-qinzhou.{'0' * 16}.jsonl").read_text() == f"{other}\n"


def test_the_record_holds_what_the_report_adds_up(monkeypatch, tmp_path):
    """Each line: the four rounds' [score, won, claims, dealt_in, win_type, draws] per seat,
    the bot in seat k in round k."""
    monkeypatch.setattr(selfplay, "play_deal", _stub_deal)
    record = tmp_path / "win-xingguo.jsonl"
    selfplay.run("xingguo", 1, 507, objective="win", record=record)
    line = json.loads(record.read_text())
    made = _stub_deal("xingguo", 507)
    assert line["seed"] == 507 and line["decisions"] == made.decisions
    assert line["rounds"] == [[[s.score, s.won, s.claims, s.dealt_in, s.win_type, s.draws]
                               for s in seats] for seats in made.rounds]


def test_the_report_names_the_records(monkeypatch, tmp_path):
    monkeypatch.setattr(selfplay, "play_deal", _stub_deal)
    tally = selfplay.run("guangdong", 1, 500)
    inside = selfplay.report({"guangdong": tally},
                             selfplay.Setting(1, 500, records=selfplay.RECORDS))
    assert "`docs/strength/score-<variant>.jsonl`" in inside
    assert "jsonl" not in selfplay.report({"guangdong": tally}, selfplay.Setting(1, 500))


def test_how_the_rounds_went_is_counted_seat_by_seat():
    """Claims a round (mean), the share of wins self-drawn, the deal-in rate, each side."""
    bot = [selfplay.Seat(EXPECTED, 4, True, 2, False, "self_draw"),
           selfplay.Seat(EXPECTED, -1, False, 0, True, None)]
    greedy = [selfplay.Seat(GREEDY, 3, True, 1, False, "discard"),
              selfplay.Seat(GREEDY, 2, True, 1, False, "kong_replacement"),
              selfplay.Seat(GREEDY, -1, False, 1, False, None),
              selfplay.Seat(GREEDY, -1, False, 1, False, None)]
    row = selfplay._play_row("qinzhou", selfplay.Tally(deals=1, bot=bot, greedy=greedy))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[0] == "qinzhou"
    assert cells[1].startswith("1.00 [") and cells[2] == "1.00 [1.00, 1.00]"
    assert cells[3] == "100% of 1" and cells[4] == "50% of 2"
    assert cells[5].startswith("50.0% [") and cells[6] == "0.0% [0.0%, 0.0%]"


def test_a_round_says_who_claimed_won_and_dealt_in(monkeypatch):
    """A real guangdong round (seat 2 wins on seat 1's discard): the claims counted are the
    log's chows, pungs and kongs, the winner's win type is the settlement's, and only the
    seat whose discard was won on dealt in."""
    asked = []

    def answer(board, request):
        found = replay_answer(board, request)
        asked.append((request, found))
        return found

    monkeypatch.setattr(selfplay, "answer", answer)
    hands, wall, jing, dealer, options = selfplay.deal("guangdong", 42_002)
    seats = selfplay.play("guangdong", [list(h) for h in hands], list(wall), jing, dealer,
                          options, [Player(GREEDY) for _ in range(4)])
    (request, found), = asked
    result = found.settle_request.result
    assert result.win_type == "discard" and result.winners == (2,) and result.discarder == 1
    assert [s.won for s in seats] == [False, False, True, False]
    assert [s.win_type for s in seats] == [None, None, "discard", None]
    assert [s.dealt_in for s in seats] == [False, True, False, False]
    assert [s.claims for s in seats] == [
        sum(1 for a in request.actions if a.seat == seat and a.type in ("chow", "pung", "kong"))
        for seat in range(4)]
    assert sum(s.claims for s in seats) > 0


def test_a_horizon_caps_the_draws_the_bot_counts_on(monkeypatch):
    """SELFPLAY_HORIZON: the bot asks log mode with draws_left at most the horizon (the
    wall's draws when fewer); the greedy players are not affected."""
    import tests.sim.players as players

    asked: list[int] = []
    real = players.value_actions

    def spy(variant, board, seat, used, rules, actions=None, budget=None):
        asked.append(used.draws_left)
        return real(variant, board, seat, used, rules, actions, budget)

    monkeypatch.setattr(players, "value_actions", spy)
    hands, wall, jing, dealer, options = selfplay.deal("guangdong", 42_000)
    bot = Player(EXPECTED, horizon=3)
    selfplay.play("guangdong", [list(h) for h in hands], list(wall), jing, dealer, options,
                  [bot if s == dealer else Player(GREEDY) for s in range(4)])
    assert asked and max(asked) == 3 and bot.decisions == len(asked)


def test_the_table_horizon_is_the_greedy_rounds_mean_length():
    """A seat's draws in rounds of four greedy players, on deals apart from the runs'."""
    length = selfplay.round_length("guangdong", rounds=4)
    drew, unwon = [], 0
    for seed in range(selfplay.TABLE_SEED, selfplay.TABLE_SEED + 4):
        hands, wall, jing, dealer, options = selfplay.deal("guangdong", seed)
        seats = selfplay.play("guangdong", [list(h) for h in hands], list(wall), jing, dealer,
                              options, [Player(GREEDY) for _ in range(4)])
        drew += [s.draws for s in seats]
        unwon += not any(s.won for s in seats)
    assert length.mean == pytest.approx(sum(drew) / 16) and length.rounds == 4
    assert length.unwon == unwon
    assert length.horizon == max(1, round(sum(drew) / 16)) < length.wall
    assert 18 <= length.wall <= 21  # 83 or so tiles left at the deal, a quarter each


def test_a_horizon_run_says_so_and_keeps_its_own_record(monkeypatch, tmp_path):
    setting = selfplay.Setting(2, 500, horizon="table", records=tmp_path)
    setting.lengths["qinzhou"] = selfplay.RoundLength(200, 7.7, 7.0, 20.8, 3)
    assert setting.horizon_of("qinzhou") == 8
    assert setting.record("qinzhou") == tmp_path / "score-horizon8-qinzhou.jsonl"
    assert selfplay.Setting(2, 500, records=tmp_path).record("qinzhou") == \
        tmp_path / "score-qinzhou.jsonl"
    monkeypatch.setattr(selfplay, "play_deal", _stub_deal)
    text = selfplay.report({"qinzhou": selfplay.run("qinzhou", 2, 500)}, setting)
    assert "SELFPLAY_HORIZON=table make selfplay" in text
    assert "| qinzhou | 7.70 | 7 | 20.8 | 3 of 200 | 8 |" in text
    assert f"`{tmp_path.as_posix()}/score-horizon<N>-<variant>.jsonl`" in text


def test_a_report_is_written_again_from_a_record_without_playing(monkeypatch, tmp_path):
    """from_record: the deals of a record, whatever code made them, tally as the run did;
    a line of five fields a seat (before records kept the draws) reads with no draws."""
    monkeypatch.setattr(selfplay, "play_deal", _stub_deal)
    record = tmp_path / "score-guangdong.jsonl"
    played = selfplay.run("guangdong", 4, 500, record=record)
    lines = record.read_text().splitlines()
    old = json.loads(lines[3])
    old["code"] = "0" * 16
    old["rounds"] = [[seat[:5] for seat in seats] for seats in old["rounds"]]
    record.write_text("\n".join([*lines[:3], json.dumps(old), "{cut"]) + "\n")
    tally, codes = selfplay.from_record(record)
    assert codes == {selfplay.fingerprint(), "0" * 16}
    assert tally.differences == played.differences and tally.deals == 4
    assert [s.score for s in tally.bot] == [s.score for s in played.bot]
    assert [s.draws for s in tally.bot[-4:]] == [0, 0, 0, 0]
    assert selfplay.from_record(record, 2)[0].deals == 2


STRENGTH = selfplay.OUT
RECORDS = sorted(selfplay.RECORDS.glob("*.jsonl"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: path.name)
def test_strength_md_shows_what_its_committed_records_add_up_to(path):
    """docs/STRENGTH.md's rows are read from the committed records (the table's-horizon
    runs, for the score and guangdong's for the win chance, at the 500 deals the issue
    set; the wall's-draws replay whole): a row edited by hand, or records changed without
    the page, fail here."""
    name = path.name.split(".")[0].rsplit("-", 1)[1]
    deals = 500 if "-horizon" in path.name else None
    tally, _codes = selfplay.from_record(path, deals)
    assert deals is None or tally.deals == deals
    text = STRENGTH.read_text(encoding="utf-8")
    assert selfplay._row(name, tally) in text
    assert selfplay._play_row(name, tally) in text


def test_the_drift_test_reads_all_nine_committed_records():
    """The four wall's-draws replays, the four table's-horizon runs and guangdong's
    win-chance run: a record moved or renamed would otherwise just drop out of the test
    above, unnoticed."""
    assert len(RECORDS) == 9


def test_the_check_finds_a_deal_played_differently_and_only_that_one(monkeypatch, tmp_path):
    """tools/selfplay_check.py: a record of another code's fingerprint whose deals this code
    plays alike passes; one line changed (a seat's score) is named by its seed; a record's
    name gives the variant, objective and horizon the deals are played with; the deals other
    code kept aside beside it are not records."""
    from tools import selfplay_check

    asked: list[tuple[str, str, int | None]] = []

    def deal(variant: str, seed: int, objective: str = "score",
             horizon: int | None = None) -> selfplay.DealResult:
        asked.append((variant, objective, horizon))
        return _stub_deal(variant, seed)

    monkeypatch.setattr(selfplay, "play_deal", _stub_deal)
    path = tmp_path / "win-horizon8-guangdong.jsonl"
    selfplay.run("guangdong", 5, 500, record=path)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    for line in lines:
        line["code"] = "0" * 16
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    (tmp_path / "score-guangdong.0123456789abcdef.jsonl").write_text(path.read_text())
    monkeypatch.setattr(selfplay, "play_deal", deal)
    assert selfplay_check.records(tmp_path) == [(path, "guangdong", "win", 8)]
    for setting in (selfplay.Setting(1, 1, "win", "8", tmp_path),
                    selfplay.Setting(1, 1, "score", "", tmp_path)):
        made = setting.record("nanchang")  # the names a run gives its records are read back
        assert made is not None and selfplay.RECORD_NAME.match(made.name)
    assert selfplay_check.check(path, "guangdong", "win", 8, 4) == (4, [], {"0" * 16})
    assert asked == [("guangdong", "win", 8)] * 4
    lines[2]["rounds"][1][3][0] += 1  # the fourth seat's score, the second round
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert selfplay_check.check(path, "guangdong", "win", 8, 5)[:2] == (5, [502])
    monkeypatch.setenv("SELFPLAY_RECORDS", str(tmp_path))
    monkeypatch.setenv("SELFPLAY_CHECK_DEALS", "3")
    assert selfplay_check.main() == 1
