"""deploy/ validates against the Kubernetes API schemas (kubernetes-validate, strict), and its
parts fit together and fit the image: probes, ports, selectors, workers for the CPU limit."""

from __future__ import annotations

import ast
import copy
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

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
    assert kinds == ["Deployment", "HorizontalPodAutoscaler", "PodDisruptionBudget", "Service"]


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
    (port,) = c["ports"]
    assert port["containerPort"] == int(env["PORT"]) == 8000
    for probe in ("livenessProbe", "readinessProbe", "startupProbe"):
        assert c[probe]["httpGet"]["port"] == port["name"]


def test_workers_fit_the_cpu_limit_and_resources_are_set():
    c = _container()
    env = {e["name"]: e["value"] for e in c["env"]}
    cpu = c["resources"]["limits"]["cpu"]
    cores = int(cpu[:-1]) / 1000 if cpu.endswith("m") else float(cpu)
    assert 1 <= int(env["WEB_CONCURRENCY"]) <= max(1, cores)
    assert set(c["resources"]["requests"]) == set(c["resources"]["limits"]) == {"cpu", "memory"}


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
