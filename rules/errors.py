"""Errors of the scoring domain.

The domain never knows about HTTP. It raises :class:`InvalidInput` with one
:class:`FieldError` per problem, each saying where it lies in the domain's words (a
:class:`rules.places.Place`: seat 2's hand, meld 1's claimed seat, the winning tile); the web
layer writes that as the field path of the request it came in (``players[2].hand``) and
answers a 422 problem+json.
A hand that is valid but does not win is *not* an error: evaluations carry a reason code.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.places import Place
from rules.text import Sentence


class TileError(ValueError):
    """A tile string that cannot be read; ``index`` is the 0-based character position and
    ``code`` the stable code (rules/codes.py) of what is wrong."""

    def __init__(self, message: Sentence, index: int | None, code: str):
        super().__init__(message)
        self.message = message
        self.index = index
        self.code = code


@dataclass(frozen=True)
class FieldError:
    """One thing wrong with a request: where (``place``), what in words (``message``), what
    as a stable code (``code``, from rules/error_codes.py) and, for a tile string, the
    character index where reading failed (``position``)."""

    place: Place
    message: Sentence
    code: str
    position: int | None = None


class InvalidInput(ValueError):
    """A request that is well-formed JSON but breaks a rule (相公, five copies, …)."""

    def __init__(self, errors: list[FieldError], hint: Sentence = ""):
        super().__init__("; ".join(f"{e.place}: {e.message}" for e in errors))
        self.errors = errors
        self.hint = hint  # said once for all the errors (the valid names), not in each

    @classmethod
    def one(cls, place: Place, message: Sentence, code: str) -> InvalidInput:
        return cls([FieldError(place, message, code)])
