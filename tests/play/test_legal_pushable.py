"""A driver can follow ``legal`` (issue 41 §2, §3): every listed action is accepted as
written, or says in ``missing`` what it lacks; after a win on a discard the further wins are
listed while they are possible; a log that stops owing a ``must_win`` win is in progress.

The property test plays simulated rounds (tests/sim/engine.py, whose players choose among
the engine's ``legal``) under every rule option that changes what is legal, with the wall
given and with only its size, and at sampled states pushes *every* listed action of every
seat into a copy of the round: none may be refused, and the answer after it must be one a
driver can go on from (no error at the end of the log).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from app import create_app
from app.config import Config
from app.schemas.requests import ReplaySchema
from rules.play import Action, IllegalAction, Round, start
from rules.play.replay import answer
from rules.variants import VARIANTS
from tests.play.logs import actions
from tests.sim.engine import Simulator

# ---------------------------------------------------------------------------- 一炮多响

# The dealer's first discard, 4p (action 0), completes seats 1, 2 and 3 (each ready on 4p 7p).
THREE_DEAL = ["4p2m5m8m3s6sSWNCFPP1p", "123m456m789m56p11s", "123s456s789s56pEE",
              "234m567s999p56pNN"]
# Seat 3 is not ready here: two seats can win on the 4p.
TWO_DEAL = THREE_DEAL[:3] + ["234m567s999p58pNN"]


@pytest.fixture(scope="module")
def client():
    return create_app(Config(log_requests=False)).test_client()


def drive_wins(client, variant: str, deal: list[str], rules: dict[str, Any]
               ) -> list[dict[str, Any]]:
    """A driver that follows ``legal`` until it is empty, taking every win offered: the
    answers it saw, one per action pushed, the last one included."""
    body = {"variant": variant, "dealer": 0, "deal": deal, "wall_size": 40,
            "actions": actions("0d4p"), "rules": rules}
    seen = []
    while True:
        reply = client.post("/replay", json=body)
        assert reply.status_code == 200, reply.get_json()
        got = reply.get_json()
        seen.append(got)
        offered = [a for seat in got["legal"] for a in seat]
        if not offered:
            return seen
        assert {a["type"] for a in offered} == {"win"} or got["status"] == "in_progress"
        body["actions"].append(offered[0])


@pytest.mark.parametrize(("variant", "rules"), [("qinzhou", {}), ("guangdong", {})])
def test_a_driver_following_legal_gets_every_winner_of_a_three_way_discard(client, variant,
                                                                           rules):
    """一炮多响 (seed 003 基本規則 5 「有一炮多響」; seed 004 五 「允许一炮多响」). After the
    dealer's 4p, seats 1, 2 and 3 may each win. Each answer after a win is ``finished`` with
    the settlement of the log as it stands, and ``legal`` lists exactly the wins still open (in
    seat order); the driver stops when it is empty, with three winners and a zero-sum
    settlement."""
    seen = drive_wins(client, variant, THREE_DEAL, rules)
    assert [a["status"] for a in seen] == ["in_progress", "finished", "finished", "finished"]
    wins_listed = [[a["seat"] for seat in got["legal"] for a in seat if a["type"] == "win"]
                   for got in seen]
    assert wins_listed == [[1, 2, 3], [2, 3], [3], []]
    assert [got["settle_request"]["result"]["winners"] for got in seen[1:]] == [
        [1], [1, 2], [1, 2, 3]]
    for got in seen[1:]:
        assert {a["type"] for seat in got["legal"] for a in seat} <= {"win"}
        assert sum(got["settlement"]["deltas"]) == 0
        assert "turn" not in got and "seats" not in got


def test_a_driver_following_legal_gets_both_winners_of_a_two_way_discard(client):
    """The same with two seats ready (guangdong): after seat 1's win the answer is finished
    and offers seat 2's; after seat 2's, nothing."""
    seen = drive_wins(client, "guangdong", TWO_DEAL, {})
    assert [[a["seat"] for s in got["legal"] for a in s] for got in seen][1:] == [[2], []]
    assert seen[-1]["settle_request"]["result"]["winners"] == [1, 2]


def test_one_winner_variants_list_nothing_after_the_win(client):
    """胡前不胡后 (guangdong with ``yi_pao_duo_xiang`` false): the first seat in turn order
    that wins takes the discard; the answer after it lists no further win."""
    seen = drive_wins(client, "guangdong", THREE_DEAL, {"yi_pao_duo_xiang": False})
    assert len(seen) == 2 and seen[-1]["status"] == "finished"
    assert seen[-1]["legal"] == [[], [], [], []]
    assert seen[-1]["settle_request"]["result"]["winners"] == [1]


def test_a_draw_without_a_wall_says_it_lacks_its_tile(client):
    """With ``wall_size`` only the table knows the next tile: the listed draw carries
    ``missing: ["tile"]``; pushed as written it is refused (``action.tile_required``), with
    the tile it is accepted. With ``wall`` the draw is listed with its tile and no
    ``missing``."""
    body = {"variant": "qinzhou", "dealer": 0, "deal": TWO_DEAL, "wall_size": 40,
            "actions": actions("0dF")}
    got = client.post("/replay", json=body).get_json()
    assert got["legal"][1][-1] == {"seat": 1, "type": "draw", "missing": ["tile"]}
    pushed = client.post("/replay", json={**body, "actions": [
        *body["actions"], {"seat": 1, "type": "draw"}]}).get_json()
    assert pushed["errors"][0]["code"] == "action.tile_required"
    filled = client.post("/replay", json={**body, "actions": [
        *body["actions"], {"seat": 1, "type": "draw", "tile": "9p"}]})
    assert filled.status_code == 200
    walled = {**body, "wall": "9p1m2m"}
    del walled["wall_size"]
    listed = client.post("/replay", json=walled).get_json()["legal"][1][-1]
    assert listed == {"seat": 1, "type": "draw", "tile": "9p"}


# ---------------------------------------------------------------------------- property

ROUNDS = int(os.environ.get("PUSHABLE_ROUNDS", 6))
EVERY = 7  # push every listed action at one state in EVERY (and at every state near the end)
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "xingguo": [{}],
    "nanchang": [{}],
    "qinzhou": [{"must_win": m, "no_wait_change": w} for m in (False, True)
                for w in (True, False)],
    "guangdong": [{"yi_pao_duo_xiang": True}, {"yi_pao_duo_xiang": False}],
}
CASES = [(variant, options, walled) for variant, table in OPTIONS.items()
         for options in table for walled in (True, False)]


def _as_request(log: dict[str, Any], walled: bool):
    """The simulated round's /replay body, with its wall or with only the wall's size (the
    draws name their tiles in both)."""
    body = dict(log)
    if not walled:
        body["wall_size"] = len(ReplaySchema().load(log).wall or ())
        del body["wall"]
    return ReplaySchema().load(body)


def _filled(board: Round, action: Action, rng: random.Random) -> Action:
    """A listed action with what it says it lacks filled in (a draw's tile: any tile of
    which a copy is left, as the table's wall might give)."""
    if not action.missing:
        return action
    assert action.missing == ("tile",) and action.type == "draw", action
    left = [t for t in range(34) if board.seen[t] < 4]
    return Action(action.seat, action.type, rng.choice(left))


def _check_every_listed(board: Round, request, rng: random.Random) -> int:
    pushed = 0
    for seat in range(4):
        for listed in board.legal_actions(seat):
            trial = board.copy()
            try:
                trial.push(_filled(board, listed, rng))
            except IllegalAction as error:  # pragma: no cover - the failure being tested
                raise AssertionError(f"listed {listed} refused: {error.refusal}") from error
            answer(trial, request)  # the log may stop here: no error at its end
            pushed += 1
    return pushed


@pytest.mark.parametrize(("variant", "options", "walled"), CASES,
                         ids=[f"{v}-{'-'.join(f'{k}={w}' for k, w in o.items()) or 'default'}"
                              f"-{'wall' if w else 'wall_size'}" for v, o, w in CASES])
def test_every_listed_action_can_be_pushed(variant, options, walled):
    """At sampled states of simulated rounds (and every state of a round's last actions),
    every seat's every listed action is pushed into a copy of the round: each is accepted
    (a draw that says it lacks its tile, once given the tile), and the answer after it
    raises nothing. A ``legal`` list that is empty while the round is in progress never
    happens."""
    rng = random.Random(41)
    pushed = 0
    for n in range(ROUNDS):
        simulator = Simulator(variant, 9000 + 97 * n + len(str(options)), dict(options))
        played = simulator.play()
        request = _as_request(played.log, walled)
        board = start(VARIANTS[variant], request, simulator.rules)
        total = len(request.actions)
        for i, action in enumerate(request.actions):
            if i % EVERY == rng.randrange(EVERY) or i >= total - 3:
                pushed += _check_every_listed(board, request, rng)
                now = answer(board, request)
                if now.status == "in_progress":
                    assert any(now.legal or []), (i, now)
            board.push(action)
        final = answer(board, request)
        assert final.status == "finished"
    assert pushed > 20 * ROUNDS
