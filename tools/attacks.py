"""The attacks of docs/RELIABILITY.md ("The public edge"), run against a real server.

Each attack is what a hostile client on the open internet can do with a socket: dribble a
request a byte a second, open connections and say nothing, send made-up methods, send a
chunked body past the limit. ``make attacks`` runs every one against each serving model
(the former gthread workers and the shipped gevent workers), started as `make run` starts
the server, and prints the table docs/RELIABILITY.md shows. tests/e2e/test_public_edge.py
holds the shipped model to the same attacks.

    .venv/bin/python -m tools.attacks
"""

from __future__ import annotations

import json
import random
import re
import socket
import string
import sys
import threading
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

EVALUATE = {"variant": "qinzhou", "hand": "123m456p789s111sEE"}
ANSWER_WITHIN = 3.0  # seconds: what "still serving" means in issue 23


def raw_exchange(port: int, data: bytes, timeout: float = 10) -> bytes:
    """Send ``data`` on a fresh connection; read the answer until it is whole or closed."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
        conn.sendall(data)
        answer = b""
        try:
            while chunk := conn.recv(65536):
                answer += chunk
                if _complete(answer):
                    break
        except (ConnectionResetError, TimeoutError):
            pass
    return answer


def _complete(answer: bytes) -> bool:
    head, gap, body = answer.partition(b"\r\n\r\n")
    length = re.search(rb"(?im)^content-length:\s*(\d+)", head)
    return bool(gap) and bool(length) and len(body) >= int(length.group(1))


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


def body_of(answer: bytes) -> dict:
    return json.loads(answer.partition(b"\r\n\r\n")[2])


def normal_requests_answered(url: str, seconds: float) -> list[float]:
    """/healthz then /evaluate, again and again for ``seconds``: how long each pair took
    (a pair that failed or took longer than ANSWER_WITHIN counts as infinity)."""
    took = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        started = time.monotonic()
        try:
            ok = requests.get(f"{url}/healthz", timeout=ANSWER_WITHIN).ok and requests.post(
                f"{url}/evaluate", json=EVALUATE, timeout=ANSWER_WITHIN).ok
        except requests.RequestException:
            ok = False
        took.append(time.monotonic() - started if ok else float("inf"))
        time.sleep(0.2)
    return took


class Attackers:
    """``count`` connections held open in the background: each sends ``opening``, then one
    byte of ``dribble`` per second (with no dribble it just stays silent)."""

    def __init__(self, port: int, count: int, opening: bytes, dribble: bytes = b""):
        self.port, self.opening, self.dribble = port, opening, dribble
        self.stop = threading.Event()
        self.connected = 0
        self._lock = threading.Lock()
        self.threads = [threading.Thread(target=self._hold, daemon=True) for _ in range(count)]

    def _hold(self) -> None:
        try:
            conn = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        except OSError:
            return
        with self._lock:
            self.connected += 1
        try:
            if self.opening:
                conn.sendall(self.opening)
            index = 0
            while not self.stop.wait(1.0):
                if self.dribble:
                    conn.sendall(self.dribble[index % len(self.dribble):][:1])
                    index += 1
        except OSError:
            pass  # the server closed it: what it may do to a dribbler
        finally:
            conn.close()

    def __enter__(self) -> Attackers:
        for thread in self.threads:
            thread.start()
        time.sleep(1.5)  # every connection made and its first bytes read
        return self

    def __exit__(self, *_: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=5)


DRIBBLE_OPENING = b"GET /healthz HTTP/1.1\r\n"
DRIBBLE = b"X-Slow: " + b"a" * 64


def made_up_methods(port: int, count: int, seed: int = 23) -> list[bytes]:
    """``count`` requests with random method names on random paths; their answers."""
    rng = random.Random(seed)
    answers = []
    for _ in range(count):
        method = "".join(rng.choices(string.ascii_uppercase, k=rng.randint(3, 12)))
        path = "/" + "".join(rng.choices(string.ascii_lowercase + "/", k=rng.randint(1, 30)))
        answers.append(raw_exchange(port, f"{method} {path} HTTP/1.1\r\nHost: x\r\n"
                                    f"Connection: close\r\n\r\n".encode()))
    return answers


def chunked(body: bytes, size: int = 8192) -> bytes:
    parts = [b"%x\r\n%s\r\n" % (len(body[i:i + size]), body[i:i + size])
             for i in range(0, len(body), size)]
    return b"".join(parts) + b"0\r\n\r\n"


CHUNKED_HEAD = (b"POST /evaluate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n")


def _worst(took: list[float]) -> str:
    worst = max(took) if took else float("inf")
    failed = sum(t == float("inf") for t in took)
    return (f"{failed} of {len(took)} pairs failed or took > {ANSWER_WITHIN:g} s" if failed
            else f"all {len(took)} answered, slowest pair {worst * 1000:.0f} ms")


def attack_table(url: str, port: int) -> list[tuple[str, str]]:
    """Every attack against one server: (attack, what the normal client saw)."""
    rows = []
    for count in (8, 64):
        with Attackers(port, count, DRIBBLE_OPENING, DRIBBLE):
            rows.append((f"{count} clients dribbling header bytes, 1 byte/s",
                         _worst(normal_requests_answered(url, 6))))
    for count in (20, 200):
        with Attackers(port, count, b""):
            rows.append((f"{count} idle connections", _worst(normal_requests_answered(url, 4))))
    before = len(requests.get(f"{url}/metrics", timeout=10).content)
    made_up_methods(port, 400)
    after = len(requests.get(f"{url}/metrics", timeout=10).content)
    rows.append(("400 requests with made-up methods", f"/metrics {before:,} → {after:,} bytes "
                 f"(+{after - before:,})"))
    padded = json.dumps(EVALUATE).encode() + b" " * 2_000_000
    answer = raw_exchange(port, CHUNKED_HEAD + chunked(padded))
    rows.append(("2 MB chunked body (valid JSON, then padding)", f"status {status_of(answer)}"))
    return rows


def main() -> None:
    from bench.http import SERVING_MODELS, server

    results = {}
    for name, env in SERVING_MODELS:
        with server(**env) as srv:
            port = int(srv.url.rsplit(":", 1)[1])
            results[name] = dict(attack_table(srv.url, port))
            print(f"{name}: done", file=sys.stderr, flush=True)
    names = list(results)
    print("| attack | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for attack in results[names[0]]:
        print(f"| {attack} | " + " | ".join(results[n][attack] for n in names) + " |")


if __name__ == "__main__":
    main()
