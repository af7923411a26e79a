"""deploy/ validates against the Kubernetes API schemas (kubernetes-validate, strict), and its
parts fit together and fit the image: probes, ports, selectors, workers for the CPU limit."""

from __future__ import annotations

import ast
import copy
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

from tools.memory import mib

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
FILES = sorted(DEPLOY.glob("*.yaml"))
K8S_VERSION = "1.30.0"  # oldest version we promise (sleep preStop hooks need 1.30)


def _docs():
    return [doc for path in FILES for doc in yaml.safe_load_all(path.read_text()) if doc]


def _kind(kind):
    (found,) = [d for d in _docs() if d["kind"] == kind]
    return found


def test_manifests_are_there():
    kinds = sorted(d["kind"] for d in _docs())
    # One Ingress per body limit (tests/deploy/test_edge_limits.py): "/", /match, /replay.
    assert kinds == ["Deployment", "HorizontalPodAutoscaler", "Ingress", "Ingress", "Ingress",
                     "PodDisruptionBudget", "Service"]


@pytest.mark.parametrize("version", [K8S_VERSION, kubernetes_validate.latest_version()])
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_manifest_validates(path, version):
    for doc in yaml.safe_load_all(path.read_text()):
        kubernetes_validate.validate(doc, version, strict=True)


def test_validation_catches_a_mistake():
    broken = copy.deepcopy(_kind("Deployment"))
    broken["spec"]["template"]["spec"]["containers"][0]["livenessProbe"]["httpGet"]["pth"] = "/"
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, K8S_VERSION, strict=True)


def _container():
    return _kind("Deployment")["spec"]["template"]["spec"]["containers"][0]


def test_probes_use_healthz_and_readyz_on_the_served_port():
    c = _container()
    assert c["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert c["startupProbe"]["httpGet"]["path"] == "/healthz"
    assert c["readinessProbe"]["httpGet"]["path"] == "/readyz"
    env = {e["name"]: e["value"] for e in c["env"]}
    port, _metrics = c["ports"]
    assert port["containerPort"] == int(env["PORT"]) == 8000
    for probe in ("livenessProbe", "readinessProbe", "startupProbe"):
        assert c[probe]["httpGet"]["port"] == port["name"]


def _cores(cpu: str) -> float:
    return int(cpu[:-1]) / 1000 if cpu.endswith("m") else float(cpu)


def test_workers_fit_the_cpu_limit_and_resources_are_set():
    """One worker per CPU: WEB_CONCURRENCY is the limit, and the request asks for as much
    (CPU-bound workers on a node that only promised less would take turns)."""
    c = _container()
    env = {e["name"]: e["value"] for e in c["env"]}
    limit, request = (_cores(c["resources"][k]["cpu"]) for k in ("limits", "requests"))
    assert int(env["WEB_CONCURRENCY"]) == limit == request
    assert set(c["resources"]["requests"]) == set(c["resources"]["limits"]) == {"cpu", "memory"}


def test_no_setting_the_server_does_not_read():
    """THREADS applies only to WORKER_CLASS=gthread; the shipped gevent workers ignore it."""
    env = {e["name"] for e in _container()["env"]}
    assert "THREADS" not in env and "WORKER_CLASS" not in env


def test_metrics_are_scraped_on_their_own_port_which_the_service_does_not_expose():
    c = _container()
    env = {e["name"]: e["value"] for e in c["env"]}
    ports = {p["name"]: p["containerPort"] for p in c["ports"]}
    annotations = _kind("Deployment")["spec"]["template"]["metadata"]["annotations"]
    assert ports["metrics"] == int(env["METRICS_PORT"]) == int(annotations["prometheus.io/port"])
    assert [p["targetPort"] for p in _kind("Service")["spec"]["ports"]] == ["http"]
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert f"METRICS_PORT={env['METRICS_PORT']}" in dockerfile


def test_every_ingress_buffers_requests_and_sends_them_to_the_service():
    """Each path's body limit against the app's: tests/deploy/test_edge_limits.py."""
    ingresses = [d for d in _docs() if d["kind"] == "Ingress"]
    for ingress in ingresses:
        notes = ingress["metadata"]["annotations"]
        assert notes["nginx.ingress.kubernetes.io/proxy-request-buffering"] == "on"
        (rule,) = ingress["spec"]["rules"]
        for path in rule["http"]["paths"]:  # (/replay's Ingress holds /review too)
            assert path["backend"]["service"] == {
                "name": _kind("Service")["metadata"]["name"], "port": {"name": "http"}}
    (main,) = [i for i in ingresses
               if i["spec"]["rules"][0]["http"]["paths"][0]["path"] == "/"]
    assert main["metadata"]["annotations"]["nginx.ingress.kubernetes.io/proxy-body-size"] \
        == "64k"


def test_runs_as_the_images_non_root_user_read_only():
    pod = _kind("Deployment")["spec"]["template"]["spec"]
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["runAsUser"] == 10001  # the Dockerfile's USER
    sc = _container()["securityContext"]
    assert sc["readOnlyRootFilesystem"] is True and sc["allowPrivilegeEscalation"] is False
    mounts = {m["mountPath"] for m in _container()["volumeMounts"]}
    assert "/tmp" in mounts  # gunicorn.conf.py's metrics directory and worker heartbeats


def test_graceful_shutdown_fits_the_grace_period():
    pod = _kind("Deployment")["spec"]["template"]["spec"]
    pre_stop = _container()["lifecycle"]["preStop"]["sleep"]["seconds"]
    assert pre_stop + _gunicorn_setting("graceful_timeout") < pod["terminationGracePeriodSeconds"]


# Measured (docs/RELIABILITY.md, "Memory"; `make memory`): the most a worker passed
# WORKER_MAX_RSS_MIB by (186 MiB: its last request, and those it served while the other
# worker was replaced), and the master's RSS.
OVERSHOOT_MIB = 200
MASTER_MIB = 70


def test_memory_fits_workers_replaced_past_their_limit():
    """Each worker is replaced once past WORKER_MAX_RSS_MIB after a request, which it passes
    by OVERSHOOT_MIB at most: the limit holds every worker at that peak and the master.
    The request matches the limit (as the CPU does): a pod is not placed where its
    workers' caches would not fit."""
    c = _container()
    env = {e["name"]: e["value"] for e in c["env"]}
    limit = mib(c["resources"]["limits"]["memory"])
    assert mib(c["resources"]["requests"]["memory"]) == limit
    per_worker = int(env.get("WORKER_MAX_RSS_MIB", _gunicorn_setting("DEFAULT_MAX_RSS_MIB")))
    assert per_worker > 0
    assert limit >= int(env["WEB_CONCURRENCY"]) * (per_worker + OVERSHOOT_MIB) + MASTER_MIB


def _gunicorn_setting(name: str):
    """A literal setting of gunicorn.conf.py, read without running the file."""
    tree = ast.parse((ROOT / "gunicorn.conf.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise KeyError(name)


def test_selectors_match_the_pods():
    labels = _kind("Deployment")["spec"]["template"]["metadata"]["labels"]
    assert _kind("Deployment")["spec"]["selector"]["matchLabels"].items() <= labels.items()
    assert _kind("Service")["spec"]["selector"].items() <= labels.items()
    assert _kind("PodDisruptionBudget")["spec"]["selector"]["matchLabels"].items() \
        <= labels.items()
    target = _kind("HorizontalPodAutoscaler")["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment",
                                                 _kind("Deployment")["metadata"]["name"])


def test_disruption_budget_leaves_room_to_drain():
    hpa = _kind("HorizontalPodAutoscaler")["spec"]
    pdb = _kind("PodDisruptionBudget")["spec"]
    assert pdb["minAvailable"] < hpa["minReplicas"] <= _kind("Deployment")["spec"]["replicas"]


def test_service_targets_the_named_port():
    (port,) = _kind("Service")["spec"]["ports"]
    assert port["targetPort"] == _container()["ports"][0]["name"]


def test_the_docs_name_the_kubernetes_versions_the_manifests_are_checked_against():
    newest = kubernetes_validate.latest_version().rsplit(".", 1)[0]
    oldest = K8S_VERSION.rsplit(".", 1)[0]
    for doc in ("README.md", "docs/operations.md"):
        text = " ".join((ROOT / doc).read_text().split())
        assert f"{oldest}" in text and f"{newest}" in text, doc
        assert "Kubernetes" in text
