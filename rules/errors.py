"""Errors of the scoring domain.

The domain never knows about HTTP. It raises :class:`InvalidInput` with one
:class:`FieldError` per problem, each naming the request field in the dotted/indexed form
clients see (``players[2].hand``); the web layer turns that into a 422 problem+json.
A hand that is valid but does not win is *not* an error: evaluations carry a reason code.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    """One thing wrong with a request: where (``field``), what in words (``message``), what
    as a stable code (``code``, from rules/codes.py) and, for a tile string, the character
    index where reading failed (``position``)."""

    field: str
    message: Sentence
    code: str
    position: int | None = None


class InvalidInput(ValueError):
    """A request that is well-formed JSON but breaks a rule (相公, five copies, …)."""

    def __init__(self, errors: list[FieldError], hint: Sentence = ""):
        super().__init__("; ".join(f"{e.field}: {e.message}" for e in errors))
        self.errors = errors
        self.hint = hint  # said once for all the errors (the valid names), not in each

    @classmethod
    def one(cls, field: str, message: Sentence, code: str) -> InvalidInput:
        return cls([FieldError(field, message, code)])
