"""docs/replay.md "Drive a game" and the Python client's examples/drive.py, which plays a round
of each variant against the real server by following `legal` until it is empty: the section
links both examples, which exist, and shows what they print; the Python one prints exactly
that, settles four rounds for another seed too, and says in one line when no server answers.
The TypeScript example is run in test_typescript.py (it needs node), against the same lines.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys

import pytest

from tests.clients.conftest import (
    DRIVE_DOC,
    DRIVE_OUTPUT,
    PY_CLIENT,
    ROOT,
    TS_CLIENT,
    assert_four_settled_rounds,
)

PY_EXAMPLE = PY_CLIENT / "examples" / "drive.py"
TS_EXAMPLE = TS_CLIENT / "examples" / "drive.ts"


def run_python_example(*args: str) -> subprocess.CompletedProcess:
    """examples/drive.py with the client imported from its source tree."""
    return subprocess.run([sys.executable, str(PY_EXAMPLE), *args], capture_output=True,
                          text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(PY_CLIENT / "src")})


def test_the_section_links_both_examples_and_they_exist():
    linked = re.findall(r"\]\(\.\./(clients/[^)]+)\)", DRIVE_DOC)
    assert linked == ["clients/python/examples/drive.py",
                      "clients/typescript/examples/drive.ts"], DRIVE_DOC[:500]
    assert all((ROOT / path).is_file() for path in linked)


def test_the_section_shows_one_settled_round_of_each_variant():
    assert len(DRIVE_OUTPUT) == 1, "the section has no (or several) 'both print this' blocks"
    assert_four_settled_rounds(DRIVE_OUTPUT[0])


def test_the_section_names_the_examples_seed_and_npm_script():
    """The default seed the section gives is both examples', and `npm run example:drive` is
    package.json's script that runs the compiled examples/drive.ts."""
    (seed,) = re.findall(r"one seed \((\d+) unless given\)", DRIVE_DOC)
    assert f"\nSEED = {seed}\n" in PY_EXAMPLE.read_text(encoding="utf-8")
    assert f"\nconst SEED = {seed};\n" in TS_EXAMPLE.read_text(encoding="utf-8")
    scripts = json.loads((TS_CLIENT / "package.json").read_text(encoding="utf-8"))["scripts"]
    assert scripts["example:drive"].endswith("node build/examples/drive.js")
    assert "npm run example:drive" in " ".join(DRIVE_DOC.split())


@pytest.mark.e2e
def test_the_python_example_prints_what_the_section_shows(server_url):
    done = run_python_example(server_url)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr[-3000:]
    assert done.stdout == DRIVE_OUTPUT[0]


@pytest.mark.e2e
def test_the_python_example_settles_four_rounds_for_another_seed(server_url):
    done = run_python_example(server_url, "7")
    assert (done.returncode, done.stderr) == (0, ""), done.stderr[-3000:]
    assert_four_settled_rounds(done.stdout)
    assert done.stdout != DRIVE_OUTPUT[0]  # the seed is used: other walls, other rounds


def test_the_python_example_without_a_server_says_so_in_one_line():
    with socket.socket() as s:  # a port just found free: nothing answers there
        s.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{s.getsockname()[1]}"
    done = run_python_example(url)
    line = f"no server at {url} — start one with `make run` (or set SCORING_URL)\n"
    assert (done.returncode, done.stdout, done.stderr) == (1, "", line)


def test_the_python_example_refuses_a_seed_that_is_not_a_whole_number():
    done = run_python_example("http://127.0.0.1:1", "-3")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == 'the seed is a whole number from 0 to 999999999, not "-3"\n'
