"""The clients against the real server (gunicorn as `make run` starts it) and a fake one.

The Python client is imported from its source tree (clients/python/src) here; the pip-install
test installs it into a fresh venv instead. ``fake_server`` answers from a script, one step per
request, so retries, timeouts and headers can be checked exactly.
"""

from __future__ import annotations

import json
import re
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from app.examples import REPLAY
from tests.api.test_qinzhou_settle import EXAMPLE_B
from tests.e2e.conftest import server_url  # noqa: F401 (the fixture: one real server a session)

ROOT = Path(__file__).resolve().parents[2]
PY_CLIENT = ROOT / "clients" / "python"
TS_CLIENT = ROOT / "clients" / "typescript"
if str(PY_CLIENT / "src") not in sys.path:
    sys.path.insert(0, str(PY_CLIENT / "src"))

# The README's qinzhou 一炮多响 (example B): deltas [-12, -2, 14, 0], worked in the README as
# 南 1·2 + 1·2·2 + 1·2·2 − 1·2·6 = −2, 西 1·2 + 1·2·6 = 14, 东 pays 2 + 2 + 4 + 4 = 12.
QINZHOU_ROUND = EXAMPLE_B
QINZHOU_DELTAS = [-12, -2, 14, 0]

# The contract's /replay examples (app/examples.py), one guangdong round (seat 3 deals):
# "finished_round", its 20 actions, seat 2 winning 2 on seat 3's 北 (deltas [0, 0, 2, -2]);
# "in_progress", its first 3, seat 2 free to pung seat 0's 东; "illegal_chow", seat 1 chowing
# seat 3's 8s at actions[1] (only seat 0, the next seat, may).
REPLAYS = {name: body for name, _, body in REPLAY}
REPLAY_DELTAS = [0, 0, 2, -2]

# docs/advice.md's worked example of the expected-value model (without the model's inputs):
# throwing N leaves 46s 99s ready on 5s alone, 4 copies among the 122 tiles unseen, worth 12
# self-drawn; with no hand change every draw is the same chance, so in 10 draws
# win_probability = 1 − (118/122)^10 and expected_score = 12 × that.
EXPECTED_HAND = {"variant": "guangdong", "hand": "46s99sN", "seat_wind": "S",
                 "melds": [{"type": "chow", "tiles": "123m"}, {"type": "chow", "tiles": "456p"},
                           {"type": "pung", "tiles": "CCC"}]}
EXPECTED_CHANCE = 1 - (118 / 122) ** 10
# Log mode (docs/advice.md's example): the finished round's first 15 actions, seat 3 has just
# thrown 3p; seat 2 may pung it or pass (seat 0 draws next); the pung ranks first, and 65
# tiles left give seat 2 16 draws. (A seat one from ready: quick to value, unlike the
# "in_progress" log's seat 2, three from ready, which may take the whole time budget cold.)
LOG_REPLAY = {**REPLAYS["finished_round"], "actions": REPLAYS["finished_round"]["actions"][:15]}
LOG_SEAT = 2
LOG_ACTIONS = [{"seat": 2, "type": "pung", "tile": "3p"}, {"seat": 2, "type": "pass"}]
LOG_DRAWS = 16

# docs/replay.md "Drive a game": the two examples it links, and the lines it says both print
# for their default seed (its first ```text block after "both print this").
DRIVE_SECTION = re.search(r"^## Drive a game\n(.*?)^## ",
                          (ROOT / "docs" / "replay.md").read_text(encoding="utf-8"),
                          re.MULTILINE | re.DOTALL)
DRIVE_DOC = DRIVE_SECTION.group(1) if DRIVE_SECTION else ""
DRIVE_OUTPUT = re.findall(r"both print this:\n\n```text\n(.*?)```", DRIVE_DOC, re.DOTALL)
DRIVE_LINE = re.compile(r"(?P<variant>\w+): (?P<actions>\d+) actions, (?P<status>\w+), "
                        r"winners (?P<winners>\[[\d,]*\]), deltas (?P<deltas>\[[-\d,]*\])")
DRIVE_VARIANTS = ["xingguo", "nanchang", "qinzhou", "guangdong"]


def drive_rounds(stdout: str) -> list[dict]:
    """A drive example's lines, each read into its variant, actions, status, winners and
    deltas; a line in another form fails the test that reads it."""
    rounds = []
    for line in stdout.splitlines():
        match = DRIVE_LINE.fullmatch(line)
        assert match, f"not a drive example's line: {line!r}"
        rounds.append({"variant": match["variant"], "actions": int(match["actions"]),
                       "status": match["status"], "winners": json.loads(match["winners"]),
                       "deltas": json.loads(match["deltas"])})
    return rounds


def assert_four_settled_rounds(stdout: str) -> None:
    """One finished round of each variant, in order, with four deltas that sum to zero."""
    rounds = drive_rounds(stdout)
    assert [r["variant"] for r in rounds] == DRIVE_VARIANTS, stdout
    for r in rounds:
        assert r["status"] == "finished", r
        assert len(r["deltas"]) == 4 and sum(r["deltas"]) == 0, r
        assert set(r["winners"]) <= {0, 1, 2, 3}, r
        assert 0 < r["actions"] <= 600, r


@dataclass
class Step:
    """What the fake server does with one request: answer, hang, or drop the connection."""

    status: int = 200
    body: object = field(default_factory=dict)
    content_type: str = "application/json"
    headers: dict[str, str] = field(default_factory=dict)
    hang: float = 0.0  # seconds to wait before answering
    drop: bool = False  # close the connection without any answer


@dataclass
class Seen:
    method: str
    path: str
    headers: dict[str, str]
    body: object


class FakeServer:
    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.seen: list[Seen] = []
        self.release = threading.Event()  # ends every hang at teardown
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def script(self, *steps: Step) -> None:
        self.steps = list(steps)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                server.seen.append(Seen(self.command, self.path, dict(self.headers),
                                        json.loads(raw) if raw else None))
                step = server.steps.pop(0) if server.steps else Step(500, {"detail": "no step"})
                if step.drop:
                    self.close_connection = True
                    return
                if step.hang:
                    server.release.wait(step.hang)
                payload = (step.body if isinstance(step.body, bytes)
                           else json.dumps(step.body).encode())
                self.send_response(step.status)
                self.send_header("Content-Type", step.content_type)
                self.send_header("Content-Length", str(len(payload)))
                for name, value in step.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = _serve

        return Handler


@pytest.fixture()
def fake_server() -> Iterator[FakeServer]:
    server = FakeServer()
    thread = threading.Thread(target=server.httpd.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    yield server
    server.release.set()
    server.httpd.shutdown()
    server.httpd.server_close()
