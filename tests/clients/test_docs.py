"""docs/clients.md shows code that works: its Python block runs against the real server and
prints the round's deltas; its TypeScript block is an excerpt of examples/settle.ts, which
test_typescript.py compiles and runs. (Its curl block is run by tests/contract/test_doc_curls.)
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.clients.conftest import PY_CLIENT, QINZHOU_DELTAS, ROOT, TS_CLIENT

DOC = ROOT / "docs" / "clients.md"


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", DOC.read_text(encoding="utf-8"),
                      re.MULTILINE | re.DOTALL)


@pytest.mark.e2e
def test_the_python_block_settles_the_round(server_url):
    (code,) = blocks("python")
    assert "http://localhost:8000" in code
    done = subprocess.run([sys.executable, "-c", code.replace("http://localhost:8000",
                                                              server_url)],
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(PY_CLIENT / "src")})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(QINZHOU_DELTAS)


def test_the_typescript_block_is_the_example():
    (code,) = blocks("ts")
    example = (TS_CLIENT / "examples" / "settle.ts").read_text(encoding="utf-8").splitlines()
    lines = iter(example)
    missing = [line for line in code.splitlines() if line.strip() and line not in lines]
    assert not missing, f"lines of the doc's block not in examples/settle.ts, in order: {missing}"
