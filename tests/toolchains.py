"""Tests that need a tool from outside Python: chromium (tests/browser), node with npm (the
TypeScript client, tests/clients/test_typescript.py), and a C compiler for the compiled core
(tests/unit/test_compiled_core.py).

On a machine without the tool they are **skipped, with the reason printed**: `make test` runs
pytest with ``-ra``, so the summary lists each skip and why, and ends with which tools were
found (:func:`report`). Where the tools are required they **fail** instead: .ci/run
installs them and sets ``REQUIRE_BROWSER_TESTS=1``, ``REQUIRE_NODE_TESTS=1`` and
``REQUIRE_COMPILED=1``, so in CI a missing tool can never pass unseen.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
REQUIRED = {"browser": "REQUIRE_BROWSER_TESTS", "node": "REQUIRE_NODE_TESTS",
            "compiled": "REQUIRE_COMPILED"}
INSTALL = {"browser": "bash .ci/browser-deps (apt-get install chromium)",
           "node": "bash .ci/node-deps (apt-get install nodejs npm)",
           "compiled": "make compile (Cython and a C compiler: apt-get install gcc)"}


def required(kind: str) -> bool:
    return os.environ.get(REQUIRED[kind]) == "1"


def unavailable(kind: str, reason: str) -> None:
    """Skip the test (fail it where ``kind`` is required), saying why and how to install."""
    message = f"{reason}; install it with {INSTALL[kind]}"
    if required(kind):
        pytest.fail(f"{message} ({REQUIRED[kind]}=1 makes these tests required)",
                    pytrace=False)
    pytest.skip(message)


def missing_node() -> list[str]:
    return [tool for tool in ("node", "npm") if shutil.which(tool) is None]


def report() -> list[str]:
    """The summary's last lines: which optional tools this run has."""
    from tools import compile_core

    lines = []
    compiled = len(compile_core.compiled())
    for kind, present, what in (("browser", CHROMIUM.exists(), f"chromium ({CHROMIUM})"),
                                ("node", not missing_node(), "node and npm"),
                                ("compiled", compiled == len(compile_core.MODULES),
                                 f"the core compiled ({compiled} of "
                                 f"{len(compile_core.MODULES)} modules)")):
        state = "found" if present else "NOT FOUND: those tests are skipped" \
            if not required(kind) else "NOT FOUND: those tests fail (required)"
        lines.append(f"{kind} tests: {what} {state}"
                     + (f" [{REQUIRED[kind]}=1]" if required(kind) else ""))
    return lines
