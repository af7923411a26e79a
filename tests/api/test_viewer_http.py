"""GET /viewer, the replay viewer's page, and its example logs: the script the page loads is
app/viewer.py's list (regenerate with `python -m app.viewer`), every example replays as its
name says, and the docs' worked logs it shows are the docs' own."""

from __future__ import annotations

import json
import re
from pathlib import Path

from app import viewer
from app.config import Config
from tests.contract.curls import commands

ROOT = Path(__file__).resolve().parents[2]


def test_the_page_is_served_like_the_playground(client):
    response = client.get("/viewer")
    assert response.status_code == 200 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    for asset in ("viewer.js", "viewer.css", "viewer-examples.js", "common.js"):
        assert f"/playground/{asset}?v=" in page
    assert "frame-ancestors 'self'" in response.headers["Content-Security-Policy"]


def test_the_examples_script_is_the_generated_one():
    assert viewer.SCRIPT.read_text(encoding="utf-8") == viewer.script(), \
        "run `python -m app.viewer` to regenerate viewer-examples.js"


def test_each_example_replays_as_its_name_says(client):
    outcomes = {}
    for example in viewer.EXAMPLES:
        response = client.post("/replay", json=example["log"])
        outcomes[example["name"]] = response.status_code, \
            response.get_json().get("status"), response.get_json().get("facts")
    assert outcomes["finished_round"][:2] == (200, "finished")
    assert outcomes["in_progress"][:2] == (200, "in_progress")
    assert outcomes["illegal_chow"][0] == outcomes["passed_win_locked"][0] == 422
    assert {f["code"] for f in outcomes["qinzhou_last_tile"][2]} >= {"wait_locked", "last_tile"}
    assert {f["code"] for f in outcomes["nanchang_follow_dealer"][2]} == {"follow_dealer"}


def test_the_docs_logs_are_the_docs_own():
    documented = [json.loads(c.body) for c in commands(ROOT / "docs" / "replay.md")
                  if c.path == "/replay"]
    for example in viewer.EXAMPLES:
        assert example["log"] in documented, example["name"]


def test_a_link_s_log_is_held_to_the_replay_limit_the_docs_say():
    """The viewer unpacks a link's log no further than POST /replay's body limit (a small
    fragment must not inflate to gigabytes): its constant, the config and docs/replay.md
    say the same number."""
    script = (viewer.SCRIPT.parent / "viewer.js").read_text(encoding="utf-8")
    kib = int(re.search(r"const REPLAY_KIB = (\d+);", script)[1])
    assert kib * 1024 == Config().max_replay_body_bytes
    docs = " ".join((ROOT / "docs" / "replay.md").read_text(encoding="utf-8").split())
    assert f"a log larger than the {kib} KiB `POST /replay` takes" in docs
