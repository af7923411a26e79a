"""The TypeScript client: its types are openapi.yaml's (regenerated with the pinned
openapi-typescript, byte for byte the committed src/schema.d.ts), it compiles (`tsc --noEmit`),
and its example settles the README round against the real server.

They need node and npm: skipped with the reason printed on a machine without them, a failure
where ``REQUIRE_NODE_TESTS=1`` (.ci/run installs them and sets it): see tests/toolchains.py.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shlex
import socket
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.clients.conftest import (
    DRIVE_OUTPUT,
    EXPECTED_CHANCE,
    EXPECTED_HAND,
    LOG_ACTIONS,
    LOG_DRAWS,
    LOG_REPLAY,
    LOG_SEAT,
    PY_CLIENT,
    QINZHOU_DELTAS,
    REPLAY_DELTAS,
    REPLAYS,
    ROOT,
    TS_CLIENT,
    assert_four_settled_rounds,
)
from tests.toolchains import missing_node, unavailable

SCHEMA = TS_CLIENT / "src" / "schema.d.ts"
BIN = TS_CLIENT / "node_modules" / ".bin"
OUTPUT = ["-o", "src/schema.d.ts"]


def run(*command: str, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(command, capture_output=True, text=True, timeout=300,
                          cwd=kwargs.pop("cwd", TS_CLIENT), **kwargs)
    assert done.returncode == 0, f"{' '.join(command)}\n{done.stdout[-3000:]}\n" \
                                 f"{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="module", autouse=True)
def toolchain() -> None:
    """node and npm, and the pinned packages of package-lock.json in node_modules."""
    missing = missing_node()
    if missing:
        unavailable("node", f"the TypeScript client's checks need {' and '.join(missing)}, "
                            "not found")
    installed = TS_CLIENT / "node_modules" / ".package-lock.json"
    lock = TS_CLIENT / "package-lock.json"
    if not installed.exists() or installed.stat().st_mtime < lock.stat().st_mtime:
        run("npm", "ci", "--no-audit", "--no-fund")


def generate_command() -> list[str]:
    """package.json's `generate` script (what `make clients` runs), less its output file."""
    script = json.loads((TS_CLIENT / "package.json").read_text())["scripts"]["generate"]
    words = shlex.split(script)
    assert words[0] == "openapi-typescript" and words[-2:] == OUTPUT, script
    return [str(BIN / words[0]), *words[1:-2]]


def test_the_committed_types_are_the_contract_regenerated():
    expected = run(*generate_command()).stdout  # no -o: the types on stdout
    committed = SCHEMA.read_text(encoding="utf-8")
    diff = "".join(difflib.unified_diff(committed.splitlines(True), expected.splitlines(True),
                                        "committed schema.d.ts", "from openapi.yaml", n=1))
    assert committed == expected, f"run `make clients`: the TypeScript types drift\n" \
                                  f"{diff[:3000]}"


def test_the_client_and_the_example_compile():
    run(str(BIN / "tsc"), "--noEmit", "-p", ".")


def test_every_post_endpoint_has_a_method():
    """POST /x is ScoringClient's x(), typed by RequestOf/AnswerOf: an endpoint added to the
    contract without its method fails here."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    posts = sorted(path for path, operations in spec["paths"].items() if "post" in operations)
    source = (TS_CLIENT / "src" / "client.ts").read_text(encoding="utf-8")
    methods = dict(re.findall(r'^  (\w+)\(body: \w+, options\?: CallOptions\)[^{]*\{\n'
                              r'    return this\.call\("POST", "(/\w+)"', source, re.MULTILINE))
    assert {path: f"/{name}" for name, path in methods.items()} == \
        {path: path for path in posts}
    (post_path,) = re.findall(r"^type PostPath = (.*);$", source, re.MULTILINE)
    assert sorted(json.loads(f"[{post_path.replace(' | ', ', ')}]")) == posts


@pytest.fixture(scope="module")
def build(tmp_path_factory) -> Path:
    """The client and the example compiled to JavaScript."""
    out = tmp_path_factory.mktemp("ts") / "build"
    run(str(BIN / "tsc"), "-p", ".", "--outDir", str(out))
    # The compiled files are ES modules, as package.json says for the sources.
    (out / "package.json").write_text('{"type": "module"}\n')
    return out


def _nowhere() -> str:
    """A URL nothing answers at: a port just found free."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}"


def _no_server_line(url: str) -> str:
    return f"no server at {url} — start one with `make run` (or set SCORING_URL)"


@pytest.mark.parametrize("example", ["settle.js", "replay.js", "drive.js", "advise.js"])
def test_an_example_without_a_server_says_so_in_one_line(build, example):
    """No Node stack trace: one line naming the URL and how to start a server, status 1."""
    url = _nowhere()
    done = subprocess.run(["node", str(build / "examples" / example)], capture_output=True,
                          text=True, timeout=60, cwd=build, env={**os.environ, "SCORING_URL": url})
    assert (done.returncode, done.stdout, done.stderr) == (1, "", _no_server_line(url) + "\n")


@pytest.mark.parametrize("script", ["example", "example:drive"])
def test_npm_run_example_without_a_server_says_so_in_one_line(script):
    """`npm run example` (and `example:drive`) as the docs give it (it compiles to build/
    first)."""
    url = _nowhere()
    done = subprocess.run(["npm", "run", "--silent", script], capture_output=True, text=True,
                          timeout=300, cwd=TS_CLIENT, env={**os.environ, "SCORING_URL": url})
    assert done.returncode != 0
    assert done.stderr.strip() == _no_server_line(url), done.stderr[-2000:]


@pytest.mark.e2e
def test_the_example_settles_the_readme_round(build, server_url):
    done = run("node", str(build / "examples" / "settle.js"), cwd=build,
               env={**os.environ, "SCORING_URL": server_url})
    assert json.loads(done.stdout) == QINZHOU_DELTAS


@pytest.mark.e2e
def test_a_bad_request_throws_problem_error(build, server_url):
    """The README's unknown tile: a 422 naming `hand`, thrown as ProblemError."""
    script = f"""
        import {{ ProblemError, ScoringClient }} from "./src/client.js";
        const client = new ScoringClient({{ baseUrl: {json.dumps(server_url)} }});
        try {{
          await client.evaluate({{ variant: "qinzhou", hand: "123m456p789s111sEX" }});
        }} catch (error) {{
          const {{ status, code, errors, problem }} = error;
          console.log(JSON.stringify({{ problem: error instanceof ProblemError, status, code,
                                        errors, body: problem }}));
        }}"""
    done = run("node", "--input-type=module", "-e", script, cwd=build)
    thrown = json.loads(done.stdout)
    assert thrown["problem"] is True and thrown["status"] == 422
    assert [e["field"] for e in thrown["errors"]] == ["hand"]
    assert thrown["code"] == thrown["body"].get("code")  # null while the server sends none


@pytest.mark.e2e
def test_accept_language_gives_a_chinese_problem(build, server_url):
    """acceptLanguage on the client: the same 422, its title and messages in Chinese."""
    script = f"""
        import {{ ScoringClient }} from "./src/client.js";
        const client = new ScoringClient({{ baseUrl: {json.dumps(server_url)},
                                           acceptLanguage: "zh-CN" }});
        try {{
          await client.evaluate({{ variant: "qinzhou", hand: "123m456p789s111sEX" }});
        }} catch (error) {{
          console.log(JSON.stringify({{ code: error.code, body: error.problem }}));
        }}"""
    done = run("node", "--input-type=module", "-e", script, cwd=build)
    thrown = json.loads(done.stdout)
    assert thrown["code"] == "request.invalid"
    assert thrown["body"]["title"] == "请求无效"
    assert thrown["body"]["errors"][0]["message"] == "位置 17 的字符 'X' 不是牌"


@pytest.mark.e2e
def test_advise_answers_the_typed_advice(build, server_url):
    """client.advise: the best discard first, its waits with both values."""
    script = f"""
        import {{ ScoringClient }} from "./src/client.js";
        const client = new ScoringClient({{ baseUrl: {json.dumps(server_url)} }});
        const advice = await client.advise({{ variant: "guangdong",
                                              hand: "123m456p789s11sEEN", seat_wind: "S" }});
        const best = advice.discards?.[0];
        console.log(JSON.stringify({{ shanten: advice.shanten, discard: best?.discard,
                                      waits: best?.waits?.map((w) => w.tile) }}));"""
    done = run("node", "--input-type=module", "-e", script, cwd=build)
    assert json.loads(done.stdout) == {"shanten": 0, "discard": "N", "waits": ["1s", "E"]}


@pytest.mark.e2e
def test_advise_expected_and_log_mode(build, server_url):
    """adviseExpected: docs/advice.md's worked example, its numbers the formula's, ranked by
    the chance to win when asked; the same body through advise(). adviseLog: seat 2's pung
    and pass after seat 3's 3p, with the model's inputs as asked."""
    script = f"""
        import {{ ScoringClient }} from "./src/client.js";
        const client = new ScoringClient({{ baseUrl: {json.dumps(server_url)} }});
        const hand = {json.dumps(EXPECTED_HAND)};
        const log = {json.dumps(LOG_REPLAY)};
        const advice = await client.adviseExpected(hand, {{ draws_left: 10, changes: 0 }});
        const byWin = await client.adviseExpected(hand, {{ objective: "win", draws_left: 10 }});
        const same = await client.advise({{ ...hand, expected: true, draws_left: 10,
                                            changes: 0 }});
        const seat = await client.adviseLog(log, {LOG_SEAT});
        const short = await client.adviseLog(log, {LOG_SEAT}, {{ objective: "win",
                                                                 draws_left: 6 }});
        console.log(JSON.stringify({{ advice, byWin, same: JSON.stringify(same) ===
                                      JSON.stringify(advice), seat, short }}));"""
    out = json.loads(run("node", "--input-type=module", "-e", script, cwd=build).stdout)
    advice, by_win, seat, short = out["advice"], out["byWin"], out["seat"], out["short"]
    assert out["same"] is True
    assert advice["expected"] == {"draws_left": 10, "changes": 0, "objective": "score"}
    first = advice["discards"][0]
    assert advice["best"] == first["discard"] == "N"
    assert first["win_probability"] == pytest.approx(EXPECTED_CHANCE, rel=1e-12)
    assert first["expected_score"] == pytest.approx(12 * EXPECTED_CHANCE, rel=1e-12)
    assert by_win["expected"]["objective"] == "win"
    chances = [d["win_probability"] for d in by_win["discards"]]
    assert chances == sorted(chances, reverse=True)
    assert seat["seat"] == LOG_SEAT and seat["best"] == LOG_ACTIONS[0]
    assert [{k: a[k] for k in ("seat", "type", "tile") if k in a} for a in seat["actions"]] \
        == LOG_ACTIONS
    assert all(0 < a["win_probability"] < 1 for a in seat["actions"])
    assert seat["expected"] == {"draws_left": LOG_DRAWS, "changes": 0, "objective": "score"}
    assert short["expected"] == {"draws_left": 6, "changes": 0, "objective": "win"}


@pytest.mark.e2e
def test_the_advise_example_prints_the_worked_example_and_the_seats_actions(build, server_url):
    """examples/advise.ts (npm run example:advise): the worked example's N with the formula's
    numbers, then seat 2's best action and each action's expected score."""
    done = run("node", str(build / "examples" / "advise.js"), cwd=build,
               env={**os.environ, "SCORING_URL": server_url})
    assert done.stdout.splitlines() == [
        f"N {EXPECTED_CHANCE:.4f} {12 * EXPECTED_CHANCE:.4f}",
        '{"seat":2,"type":"pung","tile":"3p"} [["pung","4.17"],["pass","3.23"]]',
    ]
    header = (TS_CLIENT / "examples" / "advise.ts").read_text(encoding="utf-8")
    assert all(f" *   {line}\n" in header for line in done.stdout.splitlines())


def replay_script(server_url: str, body: dict, then: str) -> str:
    """A module that replays ``body`` and runs ``then`` on the answer, ``answer``."""
    return f"""
        import {{ ProblemError, ScoringClient }} from "./src/client.js";
        const client = new ScoringClient({{ baseUrl: {json.dumps(server_url)} }});
        const body = {json.dumps(body)};
        {then}"""


@pytest.mark.e2e
def test_replay_a_finished_round(build, server_url):
    """client.replay: the settlement, and its settle_request settles the same via settle()."""
    script = replay_script(server_url, REPLAYS["finished_round"], """
        const answer = await client.replay(body);
        const again = await client.settle(answer.settle_request);
        console.log(JSON.stringify({ status: answer.status, deltas: answer.settlement?.deltas,
                                     same: JSON.stringify(again) ===
                                           JSON.stringify(answer.settlement) }));""")
    done = run("node", "--input-type=module", "-e", script, cwd=build)
    assert json.loads(done.stdout) == {"status": "finished", "deltas": REPLAY_DELTAS,
                                       "same": True}


@pytest.mark.e2e
def test_replay_a_round_in_progress(build, server_url):
    script = replay_script(server_url, REPLAYS["in_progress"], """
        const answer = await client.replay(body);
        console.log(JSON.stringify({ status: answer.status, turn: answer.turn,
                                     legal: answer.legal, settled: "settlement" in answer }));""")
    done = run("node", "--input-type=module", "-e", script, cwd=build)
    assert json.loads(done.stdout) == {
        "status": "in_progress", "turn": 1, "settled": False,
        "legal": [[], [{"seat": 1, "type": "draw", "missing": ["tile"]}],
                  [{"seat": 2, "type": "pung", "tile": "E"}], []]}


@pytest.mark.e2e
def test_replay_an_illegal_action_throws_problem_error_at_it(build, server_url):
    script = replay_script(server_url, REPLAYS["illegal_chow"], """
        try {
          await client.replay(body);
          console.log("null");
        } catch (error) {
          const { status, code, errors } = error;
          console.log(JSON.stringify({ problem: error instanceof ProblemError, status, code,
                                       errors }));
        }""")
    done = run("node", "--input-type=module", "-e", script, cwd=build)
    thrown = json.loads(done.stdout)
    assert thrown is not None, "the illegal chow was not refused"
    assert (thrown["problem"], thrown["status"], thrown["code"]) == (True, 422, "request.invalid")
    assert thrown["errors"][0]["field"] == "actions[1]"
    assert thrown["errors"][0]["code"].startswith("action.")


@pytest.mark.e2e
def test_the_replay_example_prints_each_state(build, server_url):
    """examples/replay.ts (npm run example:replay): in progress, finished, refused."""
    done = run("node", str(build / "examples" / "replay.js"), cwd=build,
               env={**os.environ, "SCORING_URL": server_url})
    assert done.stdout.splitlines() == [
        'in_progress 1 [{"seat":2,"type":"pung","tile":"E"}]',
        f"finished {json.dumps(REPLAY_DELTAS, separators=(',', ':'))}",
        "422 actions[1] action.chow_not_next",
    ]


def run_drive(build: Path, server_url: str, *args: str) -> str:
    """examples/drive.ts, compiled, against the server: what it prints (status 0)."""
    done = run("node", str(build / "examples" / "drive.js"), *args, cwd=build,
               env={**os.environ, "SCORING_URL": server_url})
    assert done.stderr == "", done.stderr[-3000:]
    return done.stdout


@pytest.mark.e2e
def test_the_drive_example_prints_what_replay_md_shows(build, server_url):
    """examples/drive.ts (npm run example:drive): a round of each variant, followed through
    `legal` until it is empty, as docs/replay.md "Drive a game" shows it."""
    assert DRIVE_OUTPUT, "docs/replay.md has no 'both print this' block"
    assert run_drive(build, server_url) == DRIVE_OUTPUT[0]


@pytest.mark.e2e
def test_the_drive_example_plays_the_python_ones_rounds(build, server_url):
    """One seed, one table: the TypeScript and Python examples deal the same walls and make
    the same choices (their shared generator), so they print the same lines."""
    python = subprocess.run([sys.executable, str(PY_CLIENT / "examples" / "drive.py"),
                             server_url, "7"], capture_output=True, text=True, timeout=300,
                            env={**os.environ, "PYTHONPATH": str(PY_CLIENT / "src")})
    assert python.returncode == 0, python.stderr[-3000:]
    typescript = run_drive(build, server_url, "7")
    assert_four_settled_rounds(typescript)
    assert typescript == python.stdout
