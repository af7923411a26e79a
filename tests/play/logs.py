"""Hand-worked round logs, written short: ``"3d8s 0D5s 0dE 2pE 2d2m 3c123m"``.

Each token is one action: the seat (0-3), a letter for its type, and its tile(s):

====  ================  ==========================================
 D    draw              ``0D5s`` (the tile may be left out with a wall: ``0D``)
 d    discard           ``0dE``
 c    chow              ``3c123m`` (its three tiles, the discard among them)
 p    pung              ``2pE`` (the tile may be left out)
 k    kong (claimed)    ``2k3p``
 a    added_kong        ``1a5m``
 x    concealed_kong    ``0xC``
 h    win (胡)          ``2h``
====  ================  ==========================================

:func:`body` writes a /replay body from them, :func:`replay` plays it through the domain;
the other helpers read an answer the way the hand-worked tests compare it.
"""

from __future__ import annotations

from typing import Any

import rules
from app.schemas import answers
from app.schemas.requests import ReplaySchema
from rules.play import IllegalAction, ReplayAnswer

TYPES = {"D": "draw", "d": "discard", "c": "chow", "p": "pung", "k": "kong",
         "a": "added_kong", "x": "concealed_kong", "h": "win"}


def actions(text: str) -> list[dict[str, Any]]:
    """The actions of ``text`` (tokens separated by spaces), as a /replay body lists them."""
    out = []
    for token in text.split():
        seat, kind, rest = int(token[0]), TYPES[token[1]], token[2:]
        action: dict[str, Any] = {"seat": seat, "type": kind}
        if rest:
            action["tiles" if kind == "chow" else "tile"] = rest
        out.append(action)
    return out


def body(variant: str, dealer: int, deal: list[str], text: str, **more: Any) -> dict[str, Any]:
    """A /replay body: ``more`` adds ``wall`` or ``wall_size`` (default: a wall of 40 that
    the draws name), ``jing``, ``rules``, ``horses``, ``round_wind``."""
    out: dict[str, Any] = {"variant": variant, "dealer": dealer, "deal": deal,
                           "actions": actions(text)}
    if "wall" not in more:
        more.setdefault("wall_size", 40)
    out.update(more)
    return out


def replay(variant: str, dealer: int, deal: list[str], text: str, **more: Any) -> ReplayAnswer:
    """The domain's answer to :func:`body` (raises ``IllegalAction`` / ``InvalidInput``)."""
    return rules.replay(ReplaySchema().load(body(variant, dealer, deal, text, **more)))


def said(error: IllegalAction) -> str:
    """The refusal in English: the reason, the rule and its seed line."""
    return str(error.refusal.sentence())


def facts(answer: ReplayAnswer) -> list[tuple[int, str, int | None]]:
    """(action, code, seat) of each fact."""
    return [(f.action, f.code, f.seat) for f in answer.facts]


def request(answer: ReplayAnswer) -> dict[str, Any]:
    """The /settle body the log implies, as the API writes it."""
    assert answer.settle_request is not None
    return answers.settle_request(answer.settle_request)


def deltas(answer: ReplayAnswer) -> list[int]:
    assert answer.settlement is not None
    return list(answer.settlement.deltas)


def ledger(answer: ReplayAnswer) -> list[tuple[int, int, int, str]]:
    """(from, to, amount, reason) of each transfer."""
    assert answer.settlement is not None
    return [(t.payer, t.payee, t.amount, t.reason) for t in answer.settlement.ledger]
