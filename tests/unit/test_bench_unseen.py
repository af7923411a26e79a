"""bench/unseen.py and bench/once.lua: never-seen bodies are different hands, each sent once."""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from bench import unseen
from bench.http import Run


def test_a_run_needs_its_seconds_at_the_rate_with_the_margin_and_wrks_connections():
    # 3 s × 2,000 req/s × 1.25 = 7,500, plus 32 requests in flight when the run ends
    assert unseen.needed(3, 2000) == 7532
    assert unseen.needed(2, 1001, margin=1.0) == 2034


def test_tile_order_and_seat_order_do_not_make_a_hand_new():
    body = {"variant": "xingguo", "hand": "123m456m789m123p5s", "jing": {"indicator": "5s"}}
    shuffled = {**body, "hand": "5s321p987m654m321m", "dealer": True, "win_tile": "5s"}
    other = {**body, "hand": "123m456m789m123p6s"}
    assert unseen.evaluate_key(body) == unseen.evaluate_key(shuffled)
    assert unseen.evaluate_key(body) != unseen.evaluate_key(other)
    players = [{"hand": "11m"}, {"hand": "22m", "melds": [{"type": "pung", "tiles": "333m"}]}]
    round_ = {"variant": "qinzhou", "players": players, "dealer": 0}
    rotated = {"variant": "qinzhou", "players": [players[1], {"hand": "11m"}], "dealer": 1}
    assert unseen.settle_key(round_) == unseen.settle_key(rotated)
    assert unseen.settle_key(round_) != unseen.settle_key({**round_, "jing": {"indicator": "C"}})


def test_the_summary_of_once_lua_is_read_and_a_missing_one_stops_the_benchmark():
    run = Run("/settle", 900.0, 5.0, 20.0, 2700, 0)
    once = unseen.parse_once(run, "Requests/sec: 900\nonce: handed out 2733 of 9000 bodies; "
                                  "0 of 2 threads ran out\n")
    assert (once.handed, once.bodies, once.ran_out) == (2733, 9000, 0)
    with pytest.raises(SystemExit):
        unseen.parse_once(run, "Requests/sec: 900\n")


class _Recorder(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the server under test
    wbufsize = 1 << 16  # the answer in one write (flushed after each request), no Nagle wait
    seen: Counter = Counter()
    lock = threading.Lock()

    def do_POST(self):  # the name http.server calls
        body = self.rfile.read(int(self.headers["Content-Length"]))
        with self.lock:
            self.seen[(self.path, body)] += 1
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args):
        pass


@pytest.mark.skipif(not shutil.which("wrk"), reason="needs the load generator wrk")
def test_once_lua_sends_every_body_at_most_once_split_over_the_threads(tmp_path):
    lines = tmp_path / "bodies.jsonl"
    lines.write_text("".join(f'/settle {{"n":{i}}}\n' for i in range(300)), encoding="utf-8")
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        out = subprocess.run(
            ["wrk", "-t2", "-c4", "-d2s", "-s", str(unseen.ONCE_LUA),
             f"http://127.0.0.1:{server.server_port}"],
            env={**os.environ, "BODIES": str(lines), "WRK_THREADS": "2"},
            capture_output=True, text=True, check=True).stdout
    finally:
        server.shutdown()
    assert "once: handed out 300 of 300 bodies; 2 of 2 threads ran out" in out
    assert max(_Recorder.seen.values()) == 1  # never twice
    # wrk asks the first thread for one request to check the script before the run: that
    # body is handed out and never sent, so 299 of the 300 arrive
    assert len(_Recorder.seen) == 299
    assert all(path == "/settle" for path, _ in _Recorder.seen)


def test_make_bench_sizes_the_files_from_the_repeating_runs_without_the_answer_cache(
        monkeypatch, tmp_path):
    import bench.__main__ as main

    asked = {}
    monkeypatch.setattr(unseen, "prepare", lambda workdir, wanted: asked.update(wanted))
    monkeypatch.setattr(unseen, "sessions", lambda files, warm, seconds, count: {"n": count})
    monkeypatch.setattr(unseen, "profile", lambda files: {})
    repeating = {"runs": {"/evaluate": [Run("/evaluate", x, 1, 2, 9, 0) for x in (900, 2000, 1900)],
                          "/settle": [Run("/settle", 1600.0, 1, 2, 9, 0)]}}
    files = main.http.Bodies(tmp_path / "e", tmp_path / "s", tmp_path / "m")
    result = main.never_seen(tmp_path, files, repeating, seconds=3, sessions=5)
    # the median /evaluate run is 1,900/s: 3 × 1,900 × 1.25 + 32 = 7,157; /settle
    # 3 × 1,600 × 1.25 + 32 = 6,032
    # /advise has no repeating run: as many as /evaluate
    assert asked == {"/evaluate": 7157, "/settle": 6032, "/advise": 7157}
    assert result == {"n": 5, "profile": {}}
