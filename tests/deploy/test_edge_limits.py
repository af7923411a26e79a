"""The edge admits what the service admits: each path's body limit in deploy/ingress.yaml
(ingress-nginx's ``proxy-body-size``) is the app's own limit for that path (app/config.py,
app/views.py), and the Ingresses that carry the different limits share everything else.

ingress-nginx applies ``proxy-body-size`` to every path of one Ingress object, so each limit
has its own Ingress; a path's limit is that of the Ingress whose rule routes it, chosen as
ingress-nginx does: an Exact path first, else the longest Prefix path.
"""

from __future__ import annotations

import copy
import dataclasses
import os
import re
from pathlib import Path
from unittest import mock

import pytest
import yaml

from app import create_app
from app.config import Config

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
BODY_SIZE = "nginx.ingress.kubernetes.io/proxy-body-size"

# The routes with their own body limit (app/views.py); every other path has max_body_bytes.
OWN_LIMIT = {"/match": "max_match_body_bytes", "/replay": "max_replay_body_bytes",
             "/review": "max_replay_body_bytes"}
POSTS = ("/evaluate", "/settle", "/match", "/replay", "/advise", "/jing", "/review")


def _docs(name: str) -> list[dict]:
    return [d for d in yaml.safe_load_all((DEPLOY / name).read_text()) if d]


def _ingresses() -> list[dict]:
    ingresses = [d for d in _docs("ingress.yaml") if d["kind"] == "Ingress"]
    assert ingresses
    return ingresses


def _deployed_config() -> Config:
    """The settings the pods run with: ``Config.from_env()`` under the Deployment's
    environment and nothing else (it sets no body limit, so Config()'s defaults)."""
    (deployment,) = _docs("deployment.yaml")
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    env = {e["name"]: e["value"] for e in container.get("env", []) if "value" in e}
    with mock.patch.dict(os.environ, env, clear=True):
        return Config.from_env()


def app_limit(config: Config, path: str) -> int:
    """The most bytes the app takes in a body sent to ``path``."""
    return getattr(config, OWN_LIMIT.get(path, "max_body_bytes"))


def _app_paths() -> list[str]:
    """One concrete path for each of the app's routes (``<name>`` filled in)."""
    app = create_app(Config())
    return sorted({re.sub(r"<[^>]*>", "x", rule.rule) for rule in app.url_map.iter_rules()})


def nginx_bytes(size: str | None) -> int | None:
    """An nginx size as bytes: ``64k`` is 64 KiB, ``1m`` 1 MiB (nginx's k, m and g are
    powers of 1024); None when it is missing or not a size."""
    found = re.fullmatch(r"(\d+)([kKmMgG]?)", size or "")
    if not found:
        return None
    power = {"": 0, "k": 1, "m": 2, "g": 3}[found[2].lower()]
    return int(found[1]) * 1024 ** power


def _prefix_matches(prefix: str, path: str) -> bool:
    """Kubernetes' Prefix match, element by element: ``/match`` takes ``/match`` and
    ``/match/x``, not ``/matches``; ``/`` takes every path."""
    base = prefix.rstrip("/")
    return path == base or path.startswith(base + "/")


def route(ingresses: list[dict], path: str, host: str | None = None) -> tuple[dict, dict]:
    """The Ingress and path entry that route ``path`` on ``host``: an Exact path equal to
    it, else the longest Prefix path that takes it (ingress-nginx's order)."""
    entries = [(ingress, entry) for ingress in ingresses
               for rule in ingress["spec"].get("rules", []) if rule.get("host") == host
               for entry in rule.get("http", {}).get("paths", [])]
    exact = [(i, e) for i, e in entries if e["pathType"] == "Exact" and e["path"] == path]
    if exact:
        return exact[0]
    prefix = [(i, e) for i, e in entries
              if e["pathType"] == "Prefix" and _prefix_matches(e["path"], path)]
    if not prefix:
        raise LookupError(f"no Ingress routes {path}")
    return max(prefix, key=lambda found: len(found[1]["path"].rstrip("/")))


def body_limit_mismatches(ingresses: list[dict], config: Config, paths) -> list[str]:
    """Each path whose edge limit is not the app's, said in a sentence."""
    wrong = []
    for path in paths:
        try:
            ingress, entry = route(ingresses, path)
        except LookupError as missing:
            wrong.append(str(missing))
            continue
        size = ingress["metadata"].get("annotations", {}).get(BODY_SIZE)
        if nginx_bytes(size) != app_limit(config, path):
            wrong.append(f"{path}: the edge ({ingress['metadata']['name']}, "
                         f"{entry['pathType']} {entry['path']}) takes {size!r}, "
                         f"the app {app_limit(config, path)} bytes")
    return wrong


def split_differences(ingresses: list[dict], service: dict) -> list[str]:
    """What one Ingress sets differently from the first, other than its body limit, and any
    path that does not go to the Service's http port or that two Ingresses both claim."""
    def shared(ingress):
        notes = dict(ingress["metadata"].get("annotations", {}))
        notes.pop(BODY_SIZE, None)
        spec = ingress["spec"]
        return {"annotations": notes, "labels": ingress["metadata"].get("labels"),
                "ingressClassName": spec.get("ingressClassName"), "tls": spec.get("tls"),
                "hosts": sorted(str(r.get("host")) for r in spec.get("rules", [])),
                "defaultBackend": spec.get("defaultBackend")}

    differences, claimed = [], {}
    first = shared(ingresses[0])
    backend = {"name": service["metadata"]["name"], "port": {"name": "http"}}
    for ingress in ingresses:
        name = ingress["metadata"]["name"]
        mine = shared(ingress)
        differences += [f"{name}: {key} {mine[key]!r}, not {first[key]!r}"
                        for key in first if mine[key] != first[key]]
        if BODY_SIZE not in ingress["metadata"].get("annotations", {}):
            differences.append(f"{name}: no {BODY_SIZE} (ingress-nginx's default is 1m)")
        for rule in ingress["spec"].get("rules", []):
            for entry in rule["http"]["paths"]:
                where = (rule.get("host"), entry["path"], entry["pathType"])
                if entry["pathType"] not in ("Exact", "Prefix"):
                    differences.append(f"{name}: {entry['path']} is {entry['pathType']}")
                if where in claimed:
                    differences.append(f"{name}: {entry['path']} is {claimed[where]}'s too")
                claimed[where] = name
                if entry["backend"].get("service") != backend:
                    differences.append(f"{name}: {entry['path']} goes to "
                                       f"{entry['backend']}, not {backend}")
    return differences


def _service() -> dict:
    (service,) = _docs("service.yaml")
    assert [p["name"] for p in service["spec"]["ports"]] == ["http"]
    return service


# The routes and the app's limits.

def test_the_body_limits_checked_are_those_of_the_apps_routes():
    """The POST routes are the six checked, and each takes exactly its Config field's bytes:
    a body of that many is read, one byte more is a 413 (distinct limits, so a route that
    read another field, or a number of its own, would show)."""
    config = dataclasses.replace(Config(), max_body_bytes=3000, max_match_body_bytes=7000,
                                 max_replay_body_bytes=5000)
    app = create_app(config)
    posts = {rule.rule for rule in app.url_map.iter_rules() if "POST" in rule.methods}
    assert posts == set(POSTS)
    client = app.test_client()
    for path in POSTS:
        most = app_limit(config, path)
        for size, refused in ((most, False), (most + 1, True)):
            answer = client.post(path, data=b"{}" + b" " * (size - 2),
                                 content_type="application/json")
            assert (answer.status_code == 413) is refused, (path, size, answer.status_code)


def test_the_deployment_runs_the_configs_default_limits():
    """deployment.yaml sets no body limit, so the edge is held to Config()'s defaults (an
    operator who sets one there changes this test and that path's Ingress with it)."""
    deployed, default = _deployed_config(), Config()
    assert {p: app_limit(deployed, p) for p in POSTS} == {p: app_limit(default, p) for p in POSTS}
    assert app_limit(default, "/match") == 1024 * 1024
    assert app_limit(default, "/replay") == 128 * 1024
    assert app_limit(default, "/settle") == 64 * 1024


# The edge against the app.

def test_each_path_is_admitted_at_the_edge_as_the_app_admits_it():
    paths = sorted({*POSTS, *_app_paths()})
    assert body_limit_mismatches(_ingresses(), _deployed_config(), paths) == []
    sizes = {p: _size_for(p) for p in POSTS}
    assert sizes == {"/evaluate": "64k", "/settle": "64k", "/advise": "64k", "/jing": "64k",
                     "/match": "1m", "/replay": "128k", "/review": "128k"}


def _size_for(path: str) -> str:
    ingress, _entry = route(_ingresses(), path)
    return ingress["metadata"]["annotations"][BODY_SIZE]


def test_the_split_keeps_every_protection_on_every_ingress():
    assert split_differences(_ingresses(), _service()) == []
    assert len(_ingresses()) == len({app_limit(_deployed_config(), p) for p in POSTS})
    for ingress in _ingresses():
        notes = ingress["metadata"]["annotations"]
        assert notes["nginx.ingress.kubernetes.io/proxy-request-buffering"] == "on"
        assert notes["nginx.ingress.kubernetes.io/limit-connections"] == "20"
        assert notes["nginx.ingress.kubernetes.io/limit-rps"] == "50"
        assert ingress["spec"]["ingressClassName"] == "nginx"


# The checks can fail.

def test_an_edge_limit_other_than_the_apps_is_caught():
    ingresses = copy.deepcopy(_ingresses())
    match, _entry = route(ingresses, "/match")
    match["metadata"]["annotations"][BODY_SIZE] = "64k"  # what the edge said before
    (wrong,) = body_limit_mismatches(ingresses, _deployed_config(), POSTS)
    assert wrong.startswith("/match: ") and "'64k'" in wrong and str(1024 * 1024) in wrong


def test_an_app_limit_the_edge_does_not_follow_is_caught():
    config = dataclasses.replace(_deployed_config(), max_replay_body_bytes=256 * 1024)
    replay, review = body_limit_mismatches(_ingresses(), config, POSTS)  # (one limit, two paths)
    assert replay.startswith("/replay: ") and "'128k'" in replay
    assert review.startswith("/review: ") and "'128k'" in review


def test_a_path_that_falls_back_to_the_default_ingress_is_caught():
    """Without its own Ingress, /replay (and /review beside it) goes to the "/" Ingress and
    its 64k."""
    replay = route(_ingresses(), "/replay")[0]["metadata"]["name"]
    ingresses = [i for i in _ingresses() if i["metadata"]["name"] != replay]
    wrongs = body_limit_mismatches(ingresses, _deployed_config(), POSTS)
    assert [w.split(":")[0] for w in wrongs] == ["/replay", "/review"]
    assert all("'64k'" in w and "Prefix /)" in w for w in wrongs)


def test_a_protection_dropped_or_changed_in_one_ingress_is_caught():
    ingresses = copy.deepcopy(_ingresses())
    replay, _entry = route(ingresses, "/replay")
    del replay["metadata"]["annotations"]["nginx.ingress.kubernetes.io/limit-rps"]
    replay["spec"]["ingressClassName"] = "other"
    match, entry = route(ingresses, "/match")
    entry["backend"]["service"]["port"] = {"number": 8000}
    wrong = split_differences(ingresses, _service())
    assert len(wrong) == 3
    assert any("limit-rps" in w and w.startswith(replay["metadata"]["name"]) for w in wrong)
    assert any("ingressClassName" in w for w in wrong)
    assert any("goes to" in w and w.startswith(match["metadata"]["name"]) for w in wrong)


def test_a_path_claimed_twice_is_caught():
    ingresses = copy.deepcopy(_ingresses())
    main, entry = route(ingresses, "/settle")
    main["spec"]["rules"][0]["http"]["paths"].append({**copy.deepcopy(entry), "path": "/match",
                                                      "pathType": "Exact"})
    assert any("/match is" in w for w in split_differences(ingresses, _service()))


# The route choice itself, as ingress-nginx makes it.

def _ingress(name: str, size: str, *paths: tuple[str, str]) -> dict:
    return {"metadata": {"name": name, "annotations": {BODY_SIZE: size}},
            "spec": {"rules": [{"http": {"paths": [
                {"path": p, "pathType": t, "backend": {}} for p, t in paths]}}]}}


@pytest.mark.parametrize(("path", "chosen"), [
    ("/match", "exact"), ("/match/", "long"), ("/match/x", "long"), ("/matches", "root"),
    ("/m", "root"), ("/settle", "root"), ("/a/b", "long"), ("/a/b/c", "ab"),
    ("/a/b/c/d", "ab"), ("/a/b/cd", "long"), ("/a/bc", "root"), ("/", "root")])
def test_exact_before_prefix_and_the_longest_prefix_wins(path, chosen):
    ingresses = [_ingress("root", "1k", ("/", "Prefix")),
                 _ingress("long", "2k", ("/match", "Prefix"), ("/a/b/", "Prefix")),
                 _ingress("exact", "3k", ("/match", "Exact")),
                 _ingress("ab", "4k", ("/a/b/c", "Prefix"))]
    assert route(ingresses, path)[0]["metadata"]["name"] == chosen


@pytest.mark.parametrize(("size", "expected"), [
    ("64k", 65536), ("512K", 524288), ("1m", 1048576), ("100", 100), ("1g", 1024 ** 3),
    ("", None), ("64kb", None), (None, None), ("1.5m", None)])
def test_nginx_sizes(size, expected):
    assert nginx_bytes(size) == expected
