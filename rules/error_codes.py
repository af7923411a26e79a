"""The stable codes of the domain's errors: what a client branches on, never the prose.

Each code is a dotted lower-case ``area.what`` string, declared here once with a one-line
meaning; :data:`CODES` is the list the contract (openapi.yaml), docs/errors.md and the tests
read. A released code is never renamed or given another meaning; new ones may be added.
The web layer adds its own (malformed JSON, unknown fields, …) in ``app/codes.py``.
"""

from __future__ import annotations

CODES: dict[str, str] = {}


def _code(name: str, meaning: str) -> str:
    CODES[name] = meaning
    return name


VARIANT_UNKNOWN = _code("variant.unknown", "The variant is not one of GET /variants.")
VARIANT_NOT_SUPPORTED = _code("variant.not_supported",
                              "The variant has no such thing (e.g. /jing for a variant "
                              "without jing).")
FIELD_REQUIRED = _code("field.required", "A field this request needs is missing.")
FIELD_WRONG_TYPE = _code("field.wrong_type", "A value has the wrong JSON type (a number where "
                                             "a string is expected, null, …).")
FIELD_NOT_USED = _code("field.not_used", "A field is given that this variant or this "
                                         "situation does not use: leave it out.")
FIELD_NOT_ALLOWED_VALUE = _code("field.not_allowed_value",
                                "The value is not one of the values allowed here.")
FIELD_WRONG_LENGTH = _code("field.wrong_length", "An array or string is longer or shorter "
                                                 "than allowed (more than 4 melds, …).")
TILE_UNKNOWN = _code("tile.unknown", "A tile string cannot be read; `position` is the "
                                     "character index where reading failed.")
TILE_NOT_ONE = _code("tile.not_one", "Exactly one tile is expected here.")
TILE_TOO_MANY = _code("tile.too_many", "More tiles than this field holds.")
TILE_TOO_MANY_COPIES = _code("tile.too_many_copies",
                             "More than the 4 copies of a tile that exist.")
TILE_NOT_A_WIND = _code("tile.not_a_wind", "A wind (E, S, W, N) is expected here.")
TILE_NOT_HELD = _code("tile.not_held", "The tile named is not among the tiles it must be in "
                                       "(a winning tile not in the hand, a claimed tile "
                                       "not in its meld).")
HAND_WRONG_TILE_COUNT = _code("hand.wrong_tile_count",
                              "A hand holds the wrong number of tiles (相公).")
HAND_NOT_WINNING = _code("hand.not_winning", "A winner's tiles do not form a winning hand.")
MELD_INVALID = _code("meld.invalid", "A meld's tiles do not make its type.")
MELD_BAD_CLAIM = _code("meld.bad_claim", "A meld's `from`, `claimed` or `claim_order` is "
                                         "wrong, or missing where a liability needs it.")
WIN_INCONSISTENT = _code("win.inconsistent", "The result (winners, win_type, discarder) "
                                             "contradicts itself or the hands.")
WIN_IMPOSSIBLE_ROB = _code("win.impossible_rob", "The robbed kong (rob_kong) cannot be so.")
FLAGS_INCONSISTENT = _code("flags.inconsistent", "A flag (天胡, 地胡, 海底, kong chain, …) "
                                                 "contradicts the hand or how it was won.")
WIND_INCONSISTENT = _code("wind.inconsistent",
                          "A seat or round wind contradicts the rest of the request.")
RULES_UNKNOWN_OPTION = _code("rules.unknown_option", "The variant has no such rule option "
                                                     "(the problem's detail lists them).")
RULES_BAD_VALUE = _code("rules.bad_value", "A rule option's value has the wrong type or is "
                                           "out of its range or choices.")
RULES_OPTION_OFF = _code("rules.option_off", "A rule option that is off forbids this input.")
MATCH_INCONSISTENT = _code("match.inconsistent", "A round of a match states what contradicts "
                                                 "what the match derives (dealer, round "
                                                 "wind, carried jing).")
MATCH_UNFINISHED_ROUND = _code("match.unfinished_round", "A round of a match given as its log "
                                                         "does not end (no win, tiles still to "
                                                         "draw).")

# POST /replay: an action of the log that the round's play rules refuse (rules/play). The
# problem's errors[0] names the action (``actions[i]``); its message names the rule and the
# seed line.
ACTION_NOT_YOUR_TURN = _code("action.not_your_turn", "The seat may not act now: it is another "
                                                     "seat's turn, or this seat must do "
                                                     "something else first (draw, discard).")
ACTION_TILE_NOT_HELD = _code("action.tile_not_held", "The action uses a tile the seat does "
                                                     "not hold (a discard, a kong, the two "
                                                     "tiles of a chow or pung).")
ACTION_WRONG_DRAW = _code("action.wrong_draw", "A draw names a tile other than the wall's "
                                               "next (an ordinary draw takes the first tile "
                                               "left, a kong's replacement the last).")
ACTION_TILE_REQUIRED = _code("action.tile_required", "The action needs its tile: a draw when "
                                                     "no wall is given, a discard, a kong.")
ACTION_TILE_UNAVAILABLE = _code("action.tile_unavailable", "The tile drawn would be a fifth "
                                                           "copy: every copy is already in "
                                                           "the deal, drawn or out of play.")
ACTION_WALL_EMPTY = _code("action.wall_empty", "No tile is left to draw: a draw, or a kong "
                                               "(which needs a replacement tile), after the "
                                               "wall's last tile.")
ACTION_CHOW_NOT_NEXT = _code("action.chow_not_next", "Only the next seat (下家) may chow a "
                                                     "discard.")
ACTION_BAD_MELD = _code("action.bad_meld", "The chow's tiles are not a chow holding the "
                                           "discard, or a pung or kong names another tile.")
ACTION_NO_CLAIM = _code("action.no_claim", "Nothing can be claimed now: no discard is open, or "
                                           "the discard is the wall's last tile (only a win "
                                           "may take it).")
ACTION_CLAIM_AFTER_WIN = _code("action.claim_after_win", "A chow, pung or kong of a discard "
                                                         "that a seat has won on (胡 before "
                                                         "碰/杠 before 吃).")
ACTION_SECOND_WINNER = _code("action.second_winner", "A second win on one discard where the "
                                                     "variant allows one winner (胡前不胡后), "
                                                     "or more winners than it allows.")
ACTION_WIN_LOCKED = _code("action.win_locked", "The seat passed a win and may not win on a "
                                               "discard yet (胡先不胡后, 漏胡, 漏和).")
ACTION_NOT_A_WIN = _code("action.not_a_win", "The seat's tiles with the tile offered are not a "
                                             "win the variant accepts (and it has no 诈胡 "
                                             "payment).")
ACTION_NOTHING_TO_WIN = _code("action.nothing_to_win", "A win where no tile is offered to the "
                                                       "seat (not its own draw, the last "
                                                       "discard or an added kong just "
                                                       "declared).")
ACTION_ROB_NOT_ALLOWED = _code("action.rob_not_allowed", "A win on a kong that cannot be "
                                                         "robbed: only an added kong (加杠) "
                                                         "can.")
ACTION_KONG_NOT_ALLOWED = _code("action.kong_not_allowed", "A kong the seat may not make now "
                                                           "(right after a chow or pung, "
                                                           "outside its own turn).")
ACTION_WAIT_CHANGED = _code("action.wait_changed", "A ready seat's discard or kong changes "
                                                   "its waits (qinzhou 聽牌後不允許換聽).")
ACTION_MUST_WIN = _code("action.must_win", "A seat that could win did not (qinzhou 能胡必胡, "
                                           "rule option must_win).")
ACTION_AFTER_END = _code("action.after_end", "An action after the round has ended (a win, "
                                             "or a drawn round).")
EXPECTED_TOO_LARGE = _code("expected.too_large",
                           "The expected-value model would have to work out more hand states "
                           "than one request may (a hand far from ready, a review of many "
                           "seats): ask less at once (one seat, `changes` 0, a hand nearer "
                           "ready).")
EXPECTED_ROUND_OVER = _code("expected.round_over",
                            "Log mode advises a round in progress; the log given has ended.")
