"""What nanchang asks of a request beyond the Jiangxi checks."""

from __future__ import annotations

from typing import Any

from rules import places as at
from rules.error_codes import RULES_OPTION_OFF
from rules.errors import FieldError
from rules.text import msg


def rule_errors(rules: dict[str, Any]) -> list[FieldError]:
    """A floor other than the first needs 爬楼梯 on."""
    if rules["pa_lou_ti"] == "off" and rules["floor"] != 1:
        return [FieldError(at.rule("floor"), msg("爬楼梯 is off: set {option} to "
                                                 "man_shang_man_xia or die_zhi_di_ceng to play "
                                                 "floors", option=at.rule("pa_lou_ti")),
                           RULES_OPTION_OFF)]
    return []
