"""`make test` on a machine without chromium or node: those tests are skipped with the reason
printed; where they are required (REQUIRE_BROWSER_TESTS=1 / REQUIRE_NODE_TESTS=1, as .ci/run
sets them) they fail. Checked by running pytest itself on one test of each kind with the tool
hidden (CHROMIUM pointing nowhere; a PATH without node)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CASES = {
    "browser": ("tests/browser/test_playground.py", {"CHROMIUM": "/nonexistent/chromium"},
                "the browser tests need chromium, not found at /nonexistent/chromium"),
    "node": ("tests/clients/test_typescript.py", {"PATH": str(Path(sys.executable).parent)},
             "the TypeScript client's checks need node and npm, not found"),
}


def _pytest(target: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("REQUIRE_BROWSER_TESTS", "REQUIRE_NODE_TESTS", "SKIP_BROWSER_TESTS")}
    return subprocess.run([sys.executable, "-m", "pytest", "-ra", "-x", "-p", "no:cacheprovider",
                           target], cwd=ROOT, env={**clean, **env}, capture_output=True,
                          text=True, timeout=300)


@pytest.mark.parametrize("kind", CASES)
def test_a_missing_tool_skips_its_tests_and_says_why(kind):
    target, hide, reason = CASES[kind]
    done = _pytest(target, hide)
    assert done.returncode == 0, done.stdout[-2000:]
    assert "SKIPPED" in done.stdout and reason in done.stdout, done.stdout[-2000:]
    assert "NOT FOUND: those tests are skipped" in done.stdout  # the summary's last lines


@pytest.mark.parametrize("kind", CASES)
def test_where_required_a_missing_tool_fails_its_tests(kind):
    target, hide, reason = CASES[kind]
    variable = f"REQUIRE_{'BROWSER' if kind == 'browser' else 'NODE'}_TESTS"
    done = _pytest(target, {**hide, variable: "1"})
    assert done.returncode != 0
    assert reason in done.stdout and f"{variable}=1 makes these tests required" in done.stdout


def test_ci_requires_both():
    run = (ROOT / ".ci" / "run").read_text()
    assert "REQUIRE_BROWSER_TESTS=1" in run and "REQUIRE_NODE_TESTS=1" in run
