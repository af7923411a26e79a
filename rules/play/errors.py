"""An action the round's play rules refuse: a domain error naming the action, the rule and the
seed line (python-chess's ``IllegalMoveError``, in the domain's words)."""

from __future__ import annotations

from typing import NamedTuple

from rules import places as at
from rules.errors import FieldError, InvalidInput
from rules.play.declaration import Rule
from rules.text import Sentence, msg


class Refusal(NamedTuple):
    """Why an action may not be played now: a stable ``code`` (``action.*``), the reason in
    words, and the rule it breaks."""

    code: str
    why: Sentence
    rule: Rule

    def sentence(self) -> Sentence:
        """The reason, the rule and its seed line in one sentence; a rule no line of the
        variant's seed states is said to be the common ruling, so no reader takes another
        variant's text for this one's."""
        if self.rule.seed:
            return msg("{why} ({rule}; seed {seed})", why=self.why, rule=self.rule.name,
                       seed=self.rule.seed)
        return msg("{why} ({rule}; common ruling)", why=self.why, rule=self.rule.name)


class IllegalAction(InvalidInput):
    """Action ``index`` of the log breaks a play rule: one error at ``actions[index]``."""

    def __init__(self, index: int, refusal: Refusal):
        super().__init__([FieldError(at.action(index), refusal.sentence(), refusal.code)])
        self.index = index
        self.refusal = refusal

    @property
    def code(self) -> str:
        return self.refusal.code
