"""The itemised, zero-sum record of a settlement.

Every point moves by :meth:`Ledger.pay` from one seat to another, so the deltas sum to zero
by construction and the ledger always adds up to them.
"""

from __future__ import annotations

from rules.model import Settlement, Transfer
from rules.text import Sentence

SEATS = 4


class Ledger:
    def __init__(self) -> None:
        self.transfers: list[Transfer] = []

    def pay(self, payer: int, payee: int, amount: int, reason: str,
            detail: Sentence = "") -> None:
        """Record ``payer`` → ``payee``; zero amounts and self-payments are dropped."""
        if amount < 0:
            payer, payee, amount = payee, payer, -amount
        if amount and payer != payee:
            self.transfers.append(Transfer(payer, payee, amount, reason, detail))

    def each_pays(self, payee: int, amount: int, reason: str, detail: Sentence = "") -> None:
        """Every other seat pays ``payee`` the same amount."""
        for seat in range(SEATS):
            if seat != payee:
                self.pay(seat, payee, amount, reason, detail)

    def deltas(self) -> list[int]:
        out = [0] * SEATS
        for t in self.transfers:
            out[t.payer] -= t.amount
            out[t.payee] += t.amount
        return out

    def settlement(self, **extra) -> Settlement:
        return Settlement(deltas=self.deltas(), ledger=list(self.transfers), **extra)
