"""The server's memory under expected values and reviews (`make memory`).

1. Builds distinct bodies from simulated rounds of every variant: ``POST /review`` of one
   seat, ``POST /advise`` in log mode at a seat's turn, and hand mode with ``expected``.
   Every body is new to the server, so the core's caches fill as a busy server's do.
2. Starts `make run`'s gunicorn (2 workers, ``WORKER_MAX_RSS_MIB`` as given) on MEMORY_PORT.
3. Two clients send the bodies, one at a time each (a new connection for each, so both
   workers are loaded), for MEMORY_SECONDS, while every
   MEMORY_SAMPLE_SECONDS the master's and workers' memory is read from
   ``/proc/<pid>/smaps_rollup``: RSS per process, and the sum of their PSS (shared pages
   counted once, split between the processes sharing them): what the pod's memory limit
   counts, near enough.
4. Stops the server and prints the figures as Markdown: the peak of the summed PSS, each
   process's peak RSS, the answers by status and how many workers were replaced. Exits 1
   when the peak passes the memory limit of deploy/deployment.yaml, or an answer was an
   error: no answer at all, or a 5xx other than the time budget's 503
   ``server.over_budget`` (a request past its budget, answered as documented: in runs of
   2026-12-07 one /advise body of 240, a nanchang hand at changes 1, took 2.01 s of CPU);
   a failed run prints the first tracebacks the server logged, as its log goes with it.

Environment: MEMORY_SECONDS (240), MEMORY_SAMPLE_SECONDS (0.5), MEMORY_PORT (8766),
WORKER_MAX_RSS_MIB (gunicorn.conf.py's default when unset; 0: never replace a worker).
"""

from __future__ import annotations

import json
import os
import re
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from app.codes import SERVER_OVER_BUDGET  # noqa: E402
from tests.e2e.conftest import server_log, start_server, stop_server  # noqa: E402

REPLACED = re.compile(r"uses \d+ MiB, more than WORKER_MAX_RSS_MIB")


def mib(quantity: str) -> int:
    """A Kubernetes memory quantity in ``Mi`` or ``Gi``, in MiB."""
    found = re.fullmatch(r"(\d+)(Mi|Gi)", quantity)
    if not found:
        raise ValueError(f"memory {quantity!r}: write it in Mi or Gi")
    return int(found.group(1)) * (1024 if found.group(2) == "Gi" else 1)


def limit_mib(manifest: Path = ROOT / "deploy" / "deployment.yaml") -> int:
    """The memory limit of the Deployment's container in ``manifest``, in MiB."""
    import yaml

    (deployment,) = [doc for doc in yaml.safe_load_all(manifest.read_text())
                     if doc and doc.get("kind") == "Deployment"]
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    return mib(container["resources"]["limits"]["memory"])


def bodies(seed: int = 4_242_000, rounds: int = 30) -> list[tuple[str, dict[str, Any]]]:
    """(path, body): for each simulated round, a one-seat review, a log-mode question at a
    seat's turn and the same seat's hand asked with ``expected`` (two hand changes' worth
    of questions: ``changes`` 1 for the hand-mode one); every third round, a review of all
    four seats as well (each seat has a review's budget of states: the largest request)."""
    from rules.variants import VARIANTS
    from tests.sim.engine import Simulator

    found: list[tuple[str, dict[str, Any]]] = []
    for i in range(rounds):
        for k, name in enumerate(VARIANTS):
            played = Simulator(name, seed + 10 * i + k).play()
            log = played.log
            seat = (i + k) % 4
            found.append(("/review", {**log, "seat": seat}))
            if i % 3 == 0:
                found.append(("/review", log))
            cut = {**log, "actions": log["actions"][:max(len(log["actions"]) // 2, 1)]}
            found.append(("/advise", {"log": cut, "seat": seat}))
            hand = played.request["players"][seat]
            found.append(("/advise", {
                "variant": name, "hand": hand["hand"], "melds": hand.get("melds", []),
                "dealer": seat == played.request["dealer"],
                "seat_wind": "ESWN"[(seat - played.request["dealer"]) % 4],
                **({"jing": played.request["jing"]} if "jing" in played.request else {}),
                "expected": True, "changes": 1}))
    return found


def _children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _memory(pid: int) -> tuple[int, int] | None:
    """(RSS, PSS) in KiB of a live process."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return None
    rss = re.search(r"^Rss:\s+(\d+) kB", text, re.M)
    pss = re.search(r"^Pss:\s+(\d+) kB", text, re.M)
    return (int(rss.group(1)), int(pss.group(1))) if rss and pss else None


class Sampler(threading.Thread):
    """The summed PSS of the master and its workers, and each process's RSS, every
    ``every`` seconds until stopped; keeps the peaks."""

    def __init__(self, master: int, every: float):
        super().__init__(daemon=True)
        self.master, self.every = master, every
        self.peak_pss = 0
        self.peak_rss: dict[int, int] = {}
        self.samples = 0
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            total = 0
            for pid in [self.master, *_children(self.master)]:
                found = _memory(pid)
                if found:
                    rss, pss = found
                    total += pss
                    self.peak_rss[pid] = max(self.peak_rss.get(pid, 0), rss)
            self.peak_pss = max(self.peak_pss, total)
            self.samples += 1
            self.done.wait(self.every)


OVER_BUDGET = SERVER_OVER_BUDGET  # the time budget's 503: an answer, not an error


def _code(answer: requests.Response) -> str | None:
    """The problem's ``code`` of a JSON answer, if any."""
    try:
        found = answer.json()
    except ValueError:
        return None
    return found.get("code") if isinstance(found, dict) else None


def failures(statuses: Counter) -> int:
    """The answers that were errors: no answer (an exception's name), or a 5xx other than
    the time budget's 503."""
    return sum(n for (_, status), n in statuses.items()
               if status != f"503 {OVER_BUDGET}"
               and (isinstance(status, str) or status >= 500))


def tracebacks(log: str, most: int = 3) -> list[str]:
    """The first ``most`` tracebacks the server logged: the ``exc`` of its JSON log lines
    (app/observability.py; a 500 is logged with one), or a plain one (gunicorn's own: from
    its first line to the exception's)."""
    found: list[str] = []
    plain = False  # in a plain traceback: its indented lines, then the exception's
    for line in log.splitlines():
        if plain:
            found[-1] += "\n" + line
            plain = line.startswith(" ")
        elif line.startswith("Traceback (most recent call last):"):
            found.append(line)
            plain = True
        elif line.startswith("{"):
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if isinstance(entry, dict) and entry.get("exc"):
                found.append(str(entry["exc"]))
    return found[:most]


def _client(url: str, work: list[tuple[str, dict[str, Any]]], until: float,
            statuses: Counter, lock: threading.Lock) -> None:
    session = requests.Session()
    for path, body in work:
        if time.monotonic() > until:
            return
        try:
            # a new connection each time: the kernel picks a worker's socket by a hash of
            # the client's port, and one kept-alive connection would load one worker only
            answer = session.post(url + path, json=body, timeout=60,
                                  headers={"Connection": "close"})
            status: int | str = answer.status_code
            if status == 503 and _code(answer) == OVER_BUDGET:
                status = f"503 {OVER_BUDGET}"
        except requests.RequestException as exc:  # named in the answers: what failed, how
            status = type(exc).__name__
        with lock:
            statuses[path, status] += 1


def main() -> int:
    seconds = float(os.environ.get("MEMORY_SECONDS", 240))
    every = float(os.environ.get("MEMORY_SAMPLE_SECONDS", 0.5))
    port = int(os.environ.get("MEMORY_PORT", 8766))
    limit = limit_mib()
    work = bodies()
    env = {"WEB_CONCURRENCY": "2"}
    if "WORKER_MAX_RSS_MIB" in os.environ:
        env["WORKER_MAX_RSS_MIB"] = os.environ["WORKER_MAX_RSS_MIB"]
    server = start_server(port, **env)
    sampler = Sampler(server.pid, every)
    sampler.start()
    statuses: Counter = Counter()
    lock = threading.Lock()
    until = time.monotonic() + seconds
    clients = [threading.Thread(target=_client, args=(f"http://127.0.0.1:{port}", work[k::2],
                                                     until, statuses, lock))
               for k in range(2)]
    for client in clients:
        client.start()
    for client in clients:
        client.join()
    sampler.done.set()
    sampler.join()
    log = server_log(server)
    stop_server(server)
    replaced = len(REPLACED.findall(log))
    peak = sampler.peak_pss / 1024
    workers = sorted((rss / 1024 for pid, rss in sampler.peak_rss.items()
                      if pid != server.pid), reverse=True)
    failed = failures(statuses)
    print(f"## `make memory` ({seconds:.0f} s, WORKER_MAX_RSS_MIB "
          f"{env.get('WORKER_MAX_RSS_MIB', 'default')})\n")
    print(f"- peak of the summed PSS (master and workers): **{peak:.0f} MiB** "
          f"(deploy/deployment.yaml's limit: {limit} MiB; {sampler.samples} samples)")
    print(f"- master's peak RSS: {sampler.peak_rss.get(server.pid, 0) / 1024:.0f} MiB; "
          f"workers' peak RSS, largest first: "
          + ", ".join(f"{rss:.0f}" for rss in workers[:6]) + " MiB")
    print(f"- workers replaced past WORKER_MAX_RSS_MIB: {replaced}")
    print("- answers: " + ", ".join(f"{path} {status}: {n}"
                                    for (path, status), n in sorted(statuses.items(), key=str)))
    if failed:
        print(f"FAILED: {failed} answers were errors")
        for trace in tracebacks(log):  # the server's own account (its log goes with it)
            print(f"\n```\n{trace}\n```")
    if peak > limit:
        print(f"FAILED: the peak ({peak:.0f} MiB) passes the memory limit ({limit} MiB)")
    return 1 if failed or peak > limit else 0


if __name__ == "__main__":
    sys.exit(main())
