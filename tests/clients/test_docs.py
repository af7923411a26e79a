"""docs/clients.md shows code that works: its Python blocks run against the real server, the
first printing the settled round's deltas, the replay section's what its `# →` comments say; its
TypeScript blocks are excerpts of examples/settle.ts and examples/replay.ts, which
test_typescript.py compiles and runs. (Its curl block is run by tests/contract/test_doc_curls.)
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
import yaml

from tests.clients.conftest import (
    EXPECTED_CHANCE,
    PY_CLIENT,
    QINZHOU_DELTAS,
    REPLAY_DELTAS,
    ROOT,
    TS_CLIENT,
)

DOC = ROOT / "docs" / "clients.md"
SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
# One method per POST endpoint, named after it, and variants() for GET /variants.
METHODS = sorted([path.removeprefix("/") for path, operations in SPEC["paths"].items()
                  if "post" in operations] + ["variants"])


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", DOC.read_text(encoding="utf-8"),
                      re.MULTILINE | re.DOTALL)


def run_block(code: str, server_url: str) -> str:
    assert "http://localhost:8000" in code
    done = subprocess.run([sys.executable, "-c", code.replace("http://localhost:8000",
                                                              server_url)],
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(PY_CLIENT / "src")})
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_doc_has_a_settle_a_replay_and_an_advise_block_in_each_language():
    assert [".settle(" in code for code in blocks("python")] == [True, False, False]
    assert [".replay(" in code for code in blocks("python")] == [False, True, False]
    assert [".advise_log(" in code for code in blocks("python")] == [False, False, True]
    assert [".replay(" in code for code in blocks("ts")] == [False, True, False]
    assert [".adviseLog(" in code for code in blocks("ts")] == [False, False, True]


@pytest.mark.e2e
def test_the_python_block_settles_the_round(server_url):
    code = blocks("python")[0]
    assert run_block(code, server_url).strip() == str(QINZHOU_DELTAS)


@pytest.mark.e2e
def test_the_python_replay_block_prints_what_its_comments_say(server_url):
    """In progress (seat 2 may pung the 东), finished (the deltas), refused at actions[1]: each
    line as the block shows it after a `# →`."""
    code = blocks("python")[1]
    printed = run_block(code, server_url).splitlines()
    assert printed == ["in_progress 1 [{'seat': 2, 'type': 'pung', 'tile': 'E'}]",
                       f"finished {REPLAY_DELTAS}", "422 actions[1] action.chow_not_next"]
    assert [line.split("# → ", 1)[1] for line in code.splitlines() if "# → " in line] == printed


@pytest.mark.e2e
def test_the_python_advise_block_prints_what_its_comments_say(server_url):
    """The worked example's best discard with the formula's numbers (docs/advice.md), then
    seat 2's best action and each action's expected score: each line as its `# →` says."""
    code = blocks("python")[2]
    printed = run_block(code, server_url).splitlines()
    assert printed == [f"N {EXPECTED_CHANCE:.4f} {12 * EXPECTED_CHANCE:.4f}",
                       "{'seat': 2, 'type': 'pung', 'tile': '3p'} "
                       "[('pung', '4.17'), ('pass', '3.23')]"]
    assert [line.split("# → ", 1)[1] for line in code.splitlines() if "# → " in line] == printed


@pytest.mark.parametrize(("index", "example"), [(0, "settle.ts"), (1, "replay.ts"),
                                                (2, "advise.ts")])
def test_each_typescript_block_is_its_example(index, example):
    code = blocks("ts")[index]
    lines = iter((TS_CLIENT / "examples" / example).read_text(encoding="utf-8").splitlines())
    missing = [line for line in code.splitlines() if line.strip() and line not in lines]
    assert not missing, f"lines of the doc's block not in examples/{example}, in order: {missing}"


def test_every_method_is_listed_where_the_methods_are_listed():
    """The method lists (the Python README, its package description, docs/clients.md for each
    client) name every method, so one added with an endpoint is not left out of them."""
    readme = (PY_CLIENT / "README.md").read_text(encoding="utf-8").split("\n\n")[1]
    (description,) = re.findall(r'^description = "[^"(]*\(([^)]*)\)"$',
                                (PY_CLIENT / "pyproject.toml").read_text(encoding="utf-8"),
                                re.MULTILINE)
    doc = DOC.read_text(encoding="utf-8")
    (python_list,) = re.findall(r"one\s+method per endpoint \(([^)]*)\)", doc)
    (typescript_list,) = re.findall(r"`ScoringClient` has ([^;]*);", doc)
    assert sorted(re.findall(r"`(\w+)`", readme.split("(", 1)[1].split(")")[0])) == METHODS
    assert sorted(description.split(", ")) == METHODS
    assert sorted(re.findall(r"`(\w+)`", python_list)) == METHODS
    assert sorted(re.findall(r"`(\w+)`", typescript_list)) == METHODS


def test_every_public_method_of_the_python_client_is_named_in_its_readme():
    """Not only the endpoints: what a user may call on a Client (close, retry_delay, …) is in
    the README, so a method added to the client is documented where users read first."""
    import inspect

    from mahjong_scoring_client import Client

    public = sorted(name for name, _ in inspect.getmembers(Client, inspect.isfunction)
                    if not name.startswith("_"))
    readme = (PY_CLIENT / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(\w+)(?:\(|`)", readme))
    assert {"advise", "replay", "close", "retry_delay"} <= set(public)
    assert [name for name in public if name not in named] == []
