"""``POST /advise`` in log mode (API.md "Expected value", **Log mode**): a seat's next move
from a ``/replay`` log in progress, through the HTTP API.

* what the seat sees and nothing else: two logs that differ only in the wall's tiles not yet
  drawn and in another seat's concealed tiles answer the same;
* ``draws_left`` derived from the log, worked by hand on a small log, and overridden;
* each action's value as the contract defines it, against the brute force (tests/ev_brute.py,
  exact fractions) on states of simulated rounds (tests/sim/engine.py), ``draws_left`` 1:
  what the seat sees is read off ``POST /replay`` here, apart from the service's own code;
* the 422s of log mode, and the seat's own advice beside its actions.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from rules.analysis import shanten
from rules.hand import HandView
from rules.model import Jing, Meld, PlayerTiles
from rules.options import resolve
from rules.play import Round
from rules.tiles import CODES, WINDS, read_tiles, to_counts
from rules.variants import VARIANTS
from tests.ev_brute import (
    Context,
    best_of,
    exact_discards,
    exact_draw,
    exact_value,
    out_counts,
)
from tests.expected.client import post
from tests.sim.engine import Simulator

TOLERANCE = 1e-9
NUMBERS = ("win_probability", "expected_score")
JING_FIELDS = ("indicator", "lower_indicator", "previous_indicator",
               "previous_lower_indicator")


def advise(body: dict) -> dict:
    status, answer = post("/advise", body)
    assert status == 200, answer
    return answer


def replayed(log: dict) -> dict:
    status, answer = post("/replay", log)
    assert status == 200 and answer["status"] == "in_progress", answer
    return answer


def plain(action: dict) -> dict:
    """An action of the answer without its numbers: as a log writes it."""
    return {k: v for k, v in action.items() if k not in NUMBERS}


def tiles_of(codes: list[str] | str | None) -> list[int]:
    return list(read_tiles("".join(codes))) if codes else []


# ------------------------------------------------------------------ simulated states


@dataclass
class State:
    """A simulated round stopped before action ``k``: its log so far, and the board there
    (the play engine's: which seat may do what, who holds what)."""

    variant: str
    seed: int
    k: int
    full: dict[str, Any]  # the whole round's log
    board: Round

    @property
    def log(self) -> dict[str, Any]:
        return {**self.full, "actions": self.full["actions"][:self.k]}

    def shanten(self, seat: int) -> int:
        state = self.board.seats[seat]
        view = HandView.of(PlayerTiles(state.concealed(), tuple(state.melds)),
                           self.board.kinds)
        return shanten(view.natural, view.wilds, VARIANTS[self.variant].shapes,
                       len(state.melds))


def states(variant: str, seeds: range) -> Iterator[State]:
    """Every in-progress state of the simulated rounds ``seeds``, in play order."""
    for seed in seeds:
        sim = Simulator(variant, seed)
        played = sim.play()
        log = played.log
        board = Round(sim.variant, sim.rules, sim.dealer, sim.deal,
                      wall=tiles_of(log["wall"]), jing=sim.jing,
                      round_wind=sim.board.round_wind)
        for k, action in enumerate(sim.log):
            if board.outcome() is None:
                yield State(variant, seed, k, log, board)
            board.push(action)


# ------------------------------------------------------------------ what the seat sees


def meld_of(m: dict) -> Meld:
    claimed = m.get("claimed")
    return Meld(m["type"], tuple(tiles_of(m["tiles"])), m.get("from"),
                tiles_of(claimed)[0] if claimed else None, m.get("claim_order"))


def jing_of(log: dict) -> Jing:
    given = log.get("jing") or {}
    return Jing(*(tiles_of(given[f])[0] if given.get(f) else None for f in JING_FIELDS))


def context(log: dict, seat: int) -> Context:
    """What /evaluate is told of the seat: dealer, seat wind (the dealer East, then in
    turn), the round wind, the jing, the rule options."""
    variant = VARIANTS[log["variant"]]
    round_wind = log.get("round_wind")
    return Context(seat == log["dealer"], WINDS[(seat - log["dealer"]) % 4],
                   tiles_of(round_wind)[0] if round_wind else None, jing_of(log),
                   resolve(variant.options, log.get("rules") or {}, variant.name))


def sight(log: dict, seat: int) -> tuple[tuple[int, ...], tuple[Meld, ...], tuple[int, ...]]:
    """The seat's concealed counts, its melds, and ``out`` as *Seen* says, from what
    ``/replay`` shows of the log: every seat's discards (the open one among them), the
    other seats' melds but their concealed kongs, the seat's own melds, the flipped
    indicators (tests/ev_brute.py ``out_counts``). An added kong just declared (open to
    robbing) still shows as its pung: its fourth tile is face up, seen by every seat, and
    for its owner the meld is the kong it declared."""
    answer = replayed(log)
    elsewhere: list[int] = []
    for other, view in enumerate(answer["seats"]):
        elsewhere += tiles_of(view["discards"])
        if other != seat:
            elsewhere += [t for m in view["melds"] if m["type"] != "concealed_kong"
                          for t in tiles_of(m["tiles"])]
    mine = answer["seats"][seat]
    melds = tuple(meld_of(m) for m in mine["melds"])
    last = log["actions"][-1] if log["actions"] else {}
    if last.get("type") == "added_kong":
        tile = tiles_of(last["tile"])[0]
        if last["seat"] == seat:
            melds = _added(melds, tile)
        else:
            elsewhere.append(tile)
    return (to_counts(tiles_of(mine["hand"])), melds,
            out_counts(log["variant"], melds, jing_of(log), elsewhere))


def _added(melds: tuple[Meld, ...], tile: int) -> tuple[Meld, ...]:
    """The seat's melds with its pung of ``tile`` made the added kong."""
    return tuple(Meld("added_kong", (tile,) * 4, m.source, m.claimed, m.order)
                 if m.kind == "pung" and m.tiles[0] == tile else m for m in melds)


def after(log: dict, action: dict) -> dict:
    return {**log, "actions": [*log["actions"], action]}


def win_total(log: dict, seat: int) -> int:
    """``/evaluate``'s total of the seat's win now, with the win type the log implies: on
    the open discard (or the added kong's tile: robbing it), or on the tile it drew (a
    kong's replacement after a kong); the discarder's being the dealer said as the log
    shows it; no flags."""
    actions = log["actions"]
    last = actions[-1]
    hand = list(replayed(log)["seats"][seat]["hand"])
    ctx = context(log, seat)
    body: dict[str, Any] = {"variant": log["variant"], "dealer": ctx.dealer,
                            "seat_wind": CODES[ctx.seat_wind],
                            "melds": replayed(log)["seats"][seat]["melds"],
                            "rules": log.get("rules") or {}}
    for name in ("jing", "round_wind"):
        if log.get(name):
            body[name] = log[name]
    if last["type"] in ("discard", "added_kong"):
        body["win_type"] = "discard" if last["type"] == "discard" else "rob_kong"
        body["win_tile"] = last["tile"]
        hand.append(last["tile"])
        if not ctx.dealer:
            body["discarder_is_dealer"] = last["seat"] == log["dealer"]
    else:
        assert last["type"] == "draw" and last["seat"] == seat
        kong = len(actions) > 1 and actions[-2]["type"] in ("kong", "concealed_kong",
                                                            "added_kong")
        body["win_type"] = "kong_replacement" if kong else "self_draw"
        body["win_tile"] = last["tile"]
    status, answer = post("/evaluate", {**body, "hand": hand})
    assert status == 200 and answer["winning"], answer
    return answer["total"]


def reference(log: dict, seat: int, action: dict, draws_left: int, changes: int
              ) -> tuple[Fraction, Fraction] | None:
    """The contract's value after ``action``, by the brute force:
    ``discard`` d: V_0(H14 − d), d seen; ``pass``: V_0(H); ``draw``: Σ_x r/R · C(H + x);
    ``chow``/``pung``: the max over discards of V_0(H' − d); a kong: Σ_x r'/R' · C(H' + x)
    over its replacement; ``win``: 1 and its total. H' and what the seat sees after a
    claim or a kong are /replay's after the action (:func:`sight`)."""
    variant, ctx = log["variant"], context(log, seat)
    kind = action["type"]
    if kind == "win":
        return Fraction(1), Fraction(win_total(log, seat))
    if kind in ("chow", "pung", "kong", "concealed_kong", "added_kong"):
        hand, melds, out = sight(after(log, action), seat)
    else:
        hand, melds, out = sight(log, seat)
    if kind == "discard":
        return exact_discards(variant, hand, melds, out, draws_left, changes,
                              ctx)[tiles_of(action["tile"])[0]]
    if kind == "pass":
        return exact_value(variant, hand, melds, out, draws_left, changes, ctx)
    if kind in ("chow", "pung"):
        return best_of(exact_discards(variant, hand, melds, out, draws_left, changes,
                                      ctx).values())
    assert kind in ("draw", "kong", "concealed_kong", "added_kong"), kind
    return exact_draw(variant, hand, melds, out, draws_left, changes, ctx)


def agrees(got: dict, want: tuple[Fraction, Fraction] | None) -> bool:
    if want is None:
        return (got["win_probability"], got["expected_score"]) == (None, None)
    return all(got[name] is not None and abs(got[name] - float(w)) <= TOLERANCE
               for name, w in zip(NUMBERS, want, strict=True))


# ------------------------------------------------------------------ each action


# Which action types each variant's sample checks in ``make test``, and so which states it
# may ask about (the engine values every action listed for the seat): a draw or a kong asks
# C of every hand of 14 it may lead to, each with all its discards; cheap without jing, but
# with them the engine takes many seconds for one such question. A chow is only ever
# offered to the next drawer, so it comes with a draw: the jing variants leave both out.
CHEAP = ("discard", "pass", "pung", "win")
SAMPLE = {"guangdong": (*CHEAP, "chow", "draw", "kong", "concealed_kong", "added_kong"),
          "qinzhou": (*CHEAP, "chow", "draw"), "xingguo": CHEAP, "nanchang": CHEAP}
SEEDS = range(60)


def _cases(variant: str) -> Iterator[tuple[State, int]]:
    """States of simulated rounds where a seat near ready (a waiting hand one from ready or
    better, a hand of 14 ready after a discard) may take an action of the sample not met
    yet, and none outside the sample."""
    allowed = set(SAMPLE[variant])
    wanted = allowed - {"draw"}  # a draw comes with every chow and claimed kong
    for state in states(variant, SEEDS):
        for seat in range(4):
            legal = _types(state, seat)
            held = state.board.seats[seat]
            holds = sum(held.counts) + 3 * len(held.melds)
            if not legal & wanted or not legal <= allowed \
                    or state.shanten(seat) > (0 if holds == 14 or "draw" in legal else 1):
                continue
            wanted -= legal
            yield state, seat
            if not wanted:
                return
    raise AssertionError(f"{variant}: no simulated state with {sorted(wanted)}")


def _types(state: State, seat: int) -> set[str]:
    """The types of the seat's actions, ``pass`` among them where the contract lists it:
    the seat may claim the open tile and is not the next drawer."""
    legal = {a.type for a in state.board.legal_actions(seat)}
    if legal & {"win", "chow", "pung", "kong"} and not legal & {"draw", "discard"}:
        legal.add("pass")
    return legal


def _inputs(state: State, seat: int, jing: bool, n: int) -> tuple[int, int]:
    """``draws_left`` and ``changes`` of a case: the brute force's cost grows as (34 ×
    discards) ** draws_left, and the engine's with a budget of changes. 2 draws where the
    seat holds 13 and draws nothing (pass, pung, a win on a discard), a budget of 1 every
    other time but with jing; 1 draw, no budget, where it draws (a draw, a kong) or holds
    14 (one brute force per discard). At one draw the budget does not matter."""
    held = state.board.seats[seat]
    drawing = _types(state, seat) & {"draw", "kong", "concealed_kong", "added_kong"}
    if drawing or sum(held.counts) + 3 * len(held.melds) == 14:
        return 1, 0
    return 2, 0 if jing else n % 2


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_each_action_is_the_brute_force(variant):
    """Each action listed for the seat carries the contract's value for it, to 1e-9, both
    numbers (the brute force: :func:`reference`; inputs by :func:`_inputs`); the actions
    are /replay's ``legal`` for the seat (a draw without its tile) and ``pass`` where the
    seat may claim and does not draw next; ``best`` is the action the objective ranks
    first (its number, then the other, then the order of ``actions``). One state per
    action type of the sample (:data:`SAMPLE`)."""
    seen_types: set[str] = set()
    nonzero = 0
    jing = bool(VARIANTS[variant].jing_fields)
    for n, (state, seat) in enumerate(_cases(variant)):
        log = state.log
        draws_left, changes = _inputs(state, seat, jing, n)
        answer = advise({"log": log, "seat": seat, "draws_left": draws_left,
                         "changes": changes})
        assert answer["expected"] == {"draws_left": draws_left, "changes": changes,
                                      "objective": "score"}
        listed = [{k: v for k, v in a.items() if not (a["type"] == "draw" and k == "tile")}
                  for a in replayed(log)["legal"][seat]]
        passes = [{"seat": seat, "type": "pass"}] if "pass" in _types(state, seat) else []
        assert [plain(a) for a in answer["actions"]] == listed + passes
        for action in answer["actions"]:
            want = reference(log, seat, plain(action), draws_left, changes)
            assert agrees(action, want), (state.seed, state.k, seat, action, want and
                                          tuple(map(float, want)))
            seen_types.add(action["type"])
            nonzero += bool(action["win_probability"])
        ranked = [a for a in answer["actions"] if a["expected_score"] is not None]
        order = {id(a): i for i, a in enumerate(answer["actions"])}
        if ranked:
            first = min(ranked, key=lambda a: (-a["expected_score"], -a["win_probability"],
                                               order[id(a)]))
            assert answer["best"] == plain(first)
    assert set(SAMPLE[variant]) <= seen_types and nonzero


def test_the_replacement_after_an_added_kong():
    """An added kong declared, open to robbing: its owner's one action is the replacement
    ``draw``. Its value is the ``added_kong`` action's the move before (the contract's
    kong formula: Σ_x r'/R' · C(H' + x), H' the waiting hand after the kong, the fourth tile
    seen) and the brute force's (guangdong, ``draws_left`` 1; two such states where the
    owner is ready after the kong, so the numbers are not 0)."""
    found = 0
    for state in states("guangdong", range(40)):
        actions = state.log["actions"]
        if not actions or actions[-1]["type"] != "added_kong":
            continue
        owner = actions[-1]["seat"]
        if state.shanten(owner) != 0:
            continue
        answer = advise({"log": state.log, "seat": owner, "draws_left": 1, "changes": 0})
        (draw,) = answer["actions"]
        assert plain(draw) == {"seat": owner, "type": "draw"}
        assert agrees(draw, reference(state.log, owner, plain(draw), 1, 0))
        before = advise({"log": {**state.log, "actions": actions[:-1]}, "seat": owner,
                         "draws_left": 1, "changes": 0})
        (kong,) = [a for a in before["actions"] if plain(a) == actions[-1]]
        assert (kong["win_probability"], kong["expected_score"]) == \
            (draw["win_probability"], draw["expected_score"])
        assert draw["win_probability"] > 0
        found += 1
        if found == 2:
            return
    raise AssertionError(f"{found} added kongs of a ready hand in the simulated rounds")


# A guangdong round dealt to rob a kong: seat 1 pungs the dealer's 5s, later draws the
# fourth 5s and adds it to the pung; seat 3, 123p 456p 789p 46s EE, waits on 5s alone.
ROB = {"variant": "guangdong", "dealer": 0,
       "deal": ["123m456m789m33mEN5s", "55s111p999pCCFFP", "2468m2468p3679sS",
                "123p456p789p46sEE"],
       "wall": "WNS5s1m2m9m7s8s",
       "actions": [{"seat": 0, "type": "discard", "tile": "5s"},
                   {"seat": 1, "type": "pung", "tile": "5s"},
                   {"seat": 1, "type": "discard", "tile": "P"},
                   {"seat": 2, "type": "draw"}, {"seat": 2, "type": "discard", "tile": "W"},
                   {"seat": 3, "type": "draw"}, {"seat": 3, "type": "discard", "tile": "N"},
                   {"seat": 0, "type": "draw"}, {"seat": 0, "type": "discard", "tile": "S"},
                   {"seat": 1, "type": "draw"},
                   {"seat": 1, "type": "added_kong", "tile": "5s"}]}


def test_robbing_an_added_kong():
    """Seat 3 may rob seat 1's added kong of 5s (its only wait), or pass. ``win``: 1 and
    /evaluate's total of the hand with the 5s, ``win_type: rob_kong``. ``pass``: V_0 of its
    13 tiles, and every 5s is seen: the dealer's discard (now in seat 1's pung), seat 1's
    two, and the fourth it declares face up, so r(5s) = 0 and nothing ever wins: 0 and 0,
    whatever the draws. Seat 1's replacement draw is the brute force's (draws_left 1)."""
    robber = advise({"log": ROB, "seat": 3, "draws_left": 2})
    win, passed = robber["actions"]
    assert plain(win) == {"seat": 3, "type": "win"} and win["win_probability"] == 1
    assert win["expected_score"] == win_total(ROB, 3) > 0
    assert plain(passed) == {"seat": 3, "type": "pass"}
    assert (passed["win_probability"], passed["expected_score"]) == (0, 0)
    assert robber["best"] == plain(win)
    hand, _, out = sight(ROB, 3)
    assert out[tiles_of("5s")[0]] + hand[tiles_of("5s")[0]] == 4
    owner = advise({"log": ROB, "seat": 1, "draws_left": 1})
    (draw,) = owner["actions"]
    assert plain(draw) == {"seat": 1, "type": "draw"} and draw["win_probability"] > 0
    assert agrees(draw, reference(ROB, 1, plain(draw), 1, 0))


# ------------------------------------------------------------------ hidden tiles


def _hidden_swap(state: State, seat: int) -> dict | None:
    """The state's log with another seat's concealed tile swapped for a tile of the wall
    not yet drawn that the seat would like to draw, and the tiles not yet drawn put in the
    other order; None if no such swap replays."""
    board, log = state.board, state.log
    wall = tiles_of(log["wall"])
    # ordinary draws come off the front (``head`` of them so far), replacements off the
    # back: what is left to draw lies between
    undrawn = range(board.head, board.head + board.left)
    useful = _useful(log, seat)
    for other in [s for s in range(4) if s != seat]:
        used = {t for a in log["actions"] if a["seat"] == other
                for t in tiles_of(a.get("tile")) + tiles_of(a.get("tiles"))}
        dealt = tiles_of(log["deal"][other])
        held = board.seats[other].counts
        # a dealt kind the other seat still holds and never showed (no discard, no claim)
        mine = [t for t in sorted(set(dealt)) if held[t] and t not in used]
        for i in undrawn:
            if not mine or wall[i] not in useful or wall[i] in mine:
                continue
            hand = list(dealt)
            hand[hand.index(mine[0])] = wall[i]
            deal = [*log["deal"][:other], "".join(CODES[t] for t in sorted(hand)),
                    *log["deal"][other + 1:]]
            new_wall = list(wall)
            new_wall[i] = mine[0]
            new_wall[undrawn.start:undrawn.stop] = new_wall[undrawn.start:undrawn.stop][::-1]
            swapped = {**log, "deal": deal, "wall": "".join(CODES[t] for t in new_wall)}
            status, answer = post("/replay", swapped)
            if status == 200 and answer["status"] == "in_progress":
                return swapped
    return None


def _useful(log: dict, seat: int) -> set[int]:
    """The kinds that bring the seat's hand closer (hand-mode /advise's ``tiles``)."""
    view = replayed(log)["seats"][seat]
    ctx = context(log, seat)
    body = {"variant": log["variant"], "hand": view["hand"], "melds": view["melds"],
            "dealer": ctx.dealer, "seat_wind": CODES[ctx.seat_wind]}
    if log.get("jing"):
        body["jing"] = log["jing"]
    answer = advise(body)
    rows = answer["tiles"] or [t for d in answer["discards"] for t in d["tiles"]]
    return {tiles_of(t["tile"])[0] for t in rows}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_wall_and_hidden_tiles_do_not_change_the_answer(variant):
    """*Log mode*: the seat's question is built from what it sees, "never the wall or
    another seat's concealed tiles: two logs that differ only there get the same answer".
    A simulated round stopped where a seat holding 14 is ready after a discard; the second
    log deals another seat one tile the seat would like to draw (taken from the wall not
    yet drawn, where the first log had it) for one it never showed, and turns the wall not
    yet drawn around. The seat's answers (derived ``draws_left``, every action, its own
    advice) are the same, byte for byte; /replay shows the hidden tiles did change."""
    for state in states(variant, range(40)):
        seat = state.board.turn
        if sum(state.board.seats[seat].counts) + 3 * len(state.board.seats[seat].melds) \
                != 14 or state.shanten(seat) != 0 or state.board.left < 12:
            continue
        swapped = _hidden_swap(state, seat)
        if swapped is None:
            continue
        first = advise({"log": state.log, "seat": seat})
        second = advise({"log": swapped, "seat": seat})
        assert first == second
        assert any(a["win_probability"] for a in first["actions"])
        shown, hidden = replayed(state.log), replayed(swapped)
        assert shown["seats"][seat] == hidden["seats"][seat]
        for field in ("discards", "melds"):
            assert [s[field] for s in shown["seats"]] == [s[field] for s in hidden["seats"]]
        assert [s["hand"] for s in shown["seats"]] != [s["hand"] for s in hidden["seats"]]
        assert state.log["wall"] != swapped["wall"]
        return
    raise AssertionError(f"{variant}: no state to swap hidden tiles in")


# ------------------------------------------------------------------ draws_left

# A small guangdong round, dealt by hand: the dealer (seat 0) holds 14 and throws N; seat 1
# draws the wall's first tile (its fourth 9s) and declares a concealed kong of 9s, whose
# replacement (the wall's last tile, 3s) is then pending. Nine tiles in the wall.
SMALL = {"variant": "guangdong", "dealer": 0,
         "deal": ["123m456m789m13pEEN", "999s123p456p78sWW", "11s22s33s44s55s66sF",
                  "2468m2468p246sSP"],
         "wall": "9s1s7s7pF5m5m6p3s"}
SMALL_ACTIONS = [{"seat": 0, "type": "discard", "tile": "N"}, {"seat": 1, "type": "draw"},
                 {"seat": 1, "type": "concealed_kong", "tile": "9s"}]


@pytest.mark.parametrize(("played", "want"), [
    # before any action: the dealer holds 14; nine draws from seat 1 on: seats 1 2 3 0 1 2
    # 3 0 1 → seat 0 two, seat 1 three, seats 2 and 3 two
    (0, [2, 3, 2, 2]),
    # N thrown: seat 0 the last discarder, so again from seat 1, nine left: the same
    (1, [2, 3, 2, 2]),
    # seat 1 drew (8 left) and holds 14: from seat 2: 2 3 0 1 2 3 0 1 → two each
    (2, [2, 2, 2, 2]),
    # seat 1's kong: its replacement is pending, so 8 − 1 = 7, from seat 2 (after the
    # kong's owner): 2 3 0 1 2 3 0 → seat 1 one, the others two
    (3, [2, 1, 2, 2]),
])
def test_draws_left_is_derived_from_the_log(played, want):
    """``draws_left`` left out: "the remaining draws of the wall (less a kong's pending
    replacement) that fall to this seat in turn order from the seat that draws next if
    nobody claims" (worked above, seat by seat); ``wall_size`` in place of ``wall`` gives
    the same; a ``draws_left`` given is used as given."""
    log = {**SMALL, "actions": SMALL_ACTIONS[:played]}
    sized = {**{k: v for k, v in log.items() if k != "wall"},
             "wall_size": len(tiles_of(SMALL["wall"])),
             "actions": [{**a, "tile": "9s"} if a["type"] == "draw" else a
                         for a in log["actions"]]}
    for seat in range(4):
        assert advise({"log": log, "seat": seat})["expected"]["draws_left"] == want[seat]
        assert advise({"log": sized, "seat": seat})["expected"]["draws_left"] == want[seat]
        given = advise({"log": log, "seat": seat, "draws_left": 7})
        assert given["expected"]["draws_left"] == 7


def test_the_derived_draws_left_is_the_one_used():
    """The dealer, before its first discard, derives 2 draws (above): each discard action's
    numbers are those of ``draws_left: 2`` given, and not those of 1 or 3. Its discard of N
    leaves 123m 456m 789m 13p EE ready on 2p (r 4 − 0 − 0 = 4; seat 1's 2p is unseen)
    and… nothing else, so (R = 136 − 13 − 1 (N seen) = 122, no change possible on a
    ready hand with changes 0): 1 − (118/122)^2 for N, by the closed form."""
    log = {**SMALL, "actions": []}
    derived = advise({"log": log, "seat": 0})
    assert derived["expected"]["draws_left"] == 2
    for draws in (1, 2, 3):
        given = advise({"log": log, "seat": 0, "draws_left": draws})
        assert (given["actions"] == derived["actions"]) == (draws == 2)
    n = next(a for a in derived["actions"] if a["type"] == "discard" and a["tile"] == "N")
    assert abs(n["win_probability"] - float(1 - Fraction(118, 122) ** 2)) <= TOLERANCE


# ------------------------------------------------------------------ the seat's own advice


@pytest.mark.parametrize("variant", ["guangdong", "nanchang"])
def test_the_seats_discards_are_its_discard_actions(variant):
    """A seat holding 14 in log mode: its own advice's ``discards`` carry, discard by
    discard, the numbers of its ``discard`` actions (the same question: V_0 of the hand
    left, the discard seen), and its ``best`` among them is the best discard action."""
    for state in states(variant, range(10)):
        seat = state.board.turn
        held = state.board.seats[seat]
        if sum(held.counts) + 3 * len(held.melds) != 14 or state.shanten(seat) != 0:
            continue
        answer = advise({"log": state.log, "seat": seat, "draws_left": 3})
        actions = {a["tile"]: (a["win_probability"], a["expected_score"])
                   for a in answer["actions"] if a["type"] == "discard"}
        entries = {e["discard"]: (e["win_probability"], e["expected_score"])
                   for e in answer["discards"]}
        assert entries == actions and any(p for p, _ in entries.values())
        ranked = sorted(entries.items(), key=lambda item: (-item[1][1], -item[1][0]))
        assert answer["discards"][0]["discard"] == ranked[0][0]
        return
    raise AssertionError(f"{variant}: no ready seat holding 14")


# ------------------------------------------------------------------ 422s


def _problem(body: dict) -> list[str]:
    status, answer = post("/advise", body)
    assert status == 422, answer
    return [e["field"] for e in answer["errors"]]


def _finished_log() -> tuple[dict, int]:
    """A simulated round's log up to and including its first win, and the winner."""
    for state in states("guangdong", range(5)):
        win = next((a for a in state.board.legal_actions() if a.type == "win"), None)
        if win is not None:
            log = after(state.log, {"seat": win.seat, "type": "win"})
            status, finished = post("/replay", log)
            assert status == 200 and finished["status"] == "finished"
            return log, win.seat
    raise AssertionError("no win in the simulated rounds")


def test_a_finished_log_is_422():
    """Log mode advises a round in progress: a log that has ended (here, a win) is a 422
    naming ``log``. Request: a simulated guangdong round's log up to its first ``win``,
    ``seat`` the winner."""
    log, seat = _finished_log()
    assert _problem({"log": log, "seat": seat}) == ["log"]


def test_a_variant_other_than_the_logs_is_422():
    """``variant`` beside ``log`` must be left out or be the log's: another is a 422 naming
    ``variant``. Request: SMALL (guangdong) after N thrown, seat 1, ``variant: qinzhou``."""
    log = {**SMALL, "actions": SMALL_ACTIONS[:1]}
    assert _problem({"log": log, "seat": 1, "variant": "qinzhou"}) == ["variant"]


def test_an_illegal_action_of_the_log_is_named_by_its_path():
    """A log whose first action is illegal (seat 1 throws before the dealer): /replay's
    422 names ``actions[0]``; inside ``/advise``'s body that action is ``log.actions[0]``."""
    log = {**SMALL, "actions": [{"seat": 1, "type": "discard", "tile": "9s"}]}
    status, answer = post("/replay", log)
    assert status == 422 and answer["errors"][0]["field"] == "actions[0]"
    assert _problem({"log": log, "seat": 1}) == ["log.actions[0]"]


def test_log_mode_422s():
    """``log`` without ``seat``; ``hand`` (or ``melds``, ``visible``) beside ``log``; and
    ``expected: false`` with ``log``: each a 422 naming the field."""
    log = {**SMALL, "actions": SMALL_ACTIONS[:1]}
    assert _problem({"log": log}) == ["seat"]
    assert _problem({"log": log, "seat": 1, "hand": "123456789m123p5p"}) == ["hand"]
    assert _problem({"log": log, "seat": 1, "melds": []}) == ["melds"]
    assert _problem({"log": log, "seat": 1, "visible": "5p"}) == ["visible"]
    assert _problem({"log": log, "seat": 1, "expected": False}) == ["expected"]
    assert advise({"log": log, "seat": 2})["seat"] == 2
    assert advise({"log": log, "seat": 2, "variant": "guangdong", "expected": True})[
        "seat"] == 2  # the log's own variant, and expected true, may be said


def test_the_refused_cases_are_what_they_say():
    """The requests of the 422 tests above are what their docstrings say: the
    finished log does finish (/replay), the log with an illegal first action is refused
    by /replay at ``actions[0]`` (so only /advise's answers to them are under test)."""
    log, seat = _finished_log()
    status, answer = post("/replay", log)
    assert status == 200 and answer["status"] == "finished"
    assert answer["settle_request"]["result"]["winners"] == [seat]
    status, answer = post("/replay", {**SMALL, "actions": [
        {"seat": 1, "type": "discard", "tile": "9s"}]})
    assert status == 422 and answer["errors"][0]["field"] == "actions[0]"
