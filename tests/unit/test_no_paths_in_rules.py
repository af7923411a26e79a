"""rules/ says where a problem is in the domain's words (rules.places.Place); only app/ writes
the request's JSON path (issue 30). This test reads every string the code of rules/ holds
(docstrings aside) and fails on one that is, or builds, a request path: an index into a
request list (``players[2]``, ``melds[{i}]``), or a dotted name into a request section
(``result.win_tile``, ``flags.heavenly``, ``jing.indicator``, ``rules.floor``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The stable error codes read like paths (``flags.inconsistent``) and are not ones.
CODES = ROOT / "rules" / "error_codes.py"
SECTIONS = r"players|melds|rounds|events|result|flags|jing|rules|dealt|winners"
PATH = re.compile(rf"\b({SECTIONS})\[(\d|\{{)|\b({SECTIONS})\.[a-z_{{]|\]\.[a-z_]")


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def paths_built(source: str) -> list[tuple[int, str]]:
    """(line, text) of every string of ``source`` that is or builds a request path."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    out = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.JoinedStr):
            text = ast.unparse(node)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if PATH.search(text):
            out.append((node.lineno, text))
    return out


def test_no_request_path_is_built_in_rules():
    found = [f"{path.relative_to(ROOT)}:{line}: {text!r}"
             for path in sorted((ROOT / "rules").rglob("*.py")) if path != CODES
             for line, text in paths_built(path.read_text(encoding="utf-8"))]
    assert not found, "\n".join(found)


def test_the_path_check_can_fail():
    assert paths_built('f"players[{seat}].hand"')
    assert paths_built('x = "result.win_tile"')
    assert paths_built('msg("turn it off (rules.floor)")')
    assert paths_built('msg("fed melds[{meld}]")')
    assert not paths_built('msg("fed {meld}", meld=at.meld(2))')
    assert not paths_built('def f():\n    """``players[i].flags`` in a docstring."""')
