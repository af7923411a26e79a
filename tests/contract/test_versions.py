"""One version story (README, "Versions: one number for everything"): every copy of the
product's version in the repository says the same, and the changelog's newest entry is it.
A release bumps them together or this test names the copy left behind."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import yaml

import rules
from app.version import CONTRACT_VERSION

ROOT = Path(__file__).resolve().parents[2]
SEMVER = re.compile(r"\d+\.\d+\.\d+")


def _text(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


def _one(pattern: str, path: str) -> str:
    """The single version ``pattern`` (one group) finds in ``path``; several different ones
    would be drift inside the file itself."""
    found = set(re.findall(pattern, _text(path)))
    assert len(found) == 1, f"{path}: expected one version by {pattern!r}, found {found}"
    return found.pop()


def _changelog_versions() -> list[str]:
    return re.findall(r"^## \[(\d+\.\d+\.\d+)\]", _text("CHANGELOG.md"), re.MULTILINE)


def copies(client) -> dict[str, str]:
    """Where the version is written or said, and what each place says."""
    served = client.get("/variants")
    python_client = tomllib.loads(_text("clients/python/pyproject.toml"))["project"]
    return {
        "app/version.py": CONTRACT_VERSION,
        "X-API-Version": served.headers["X-API-Version"],
        "openapi.yaml info.version": str(yaml.safe_load(_text("openapi.yaml"))["info"]["version"]),
        "rules.RULES_VERSION": rules.RULES_VERSION,
        "GET /variants rules_version": served.get_json()["rules_version"],
        "ruleset.version of an answer": client.post("/evaluate", json={
            "variant": "qinzhou", "hand": "123m456p789s111sEE"}).get_json()["ruleset"]["version"],
        "pyproject.toml": tomllib.loads(_text("pyproject.toml"))["project"]["version"],
        "clients/python/pyproject.toml": python_client["version"],
        "clients/python __version__": _one(r'__version__ = "([^"]+)"',
                                           "clients/python/src/mahjong_scoring_client/client.py"),
        "clients/typescript/package.json": json.loads(
            _text("clients/typescript/package.json"))["version"],
        "clients/typescript/package-lock.json": json.loads(
            _text("clients/typescript/package-lock.json"))["packages"][""]["version"],
        "README.md": _one(r"The service has one version, \*\*([\d.]+)\*\*", "README.md"),
        "README.md ruleset example": _one(r'"version": "([\d.]+)"', "README.md"),
        "docs/operations.md image tag": _one(r"mahjong-scoring:([\d.]+)", "docs/operations.md"),
        "docs/operations.md ruleset example": _one(r'"version": "([\d.]+)"',
                                                  "docs/operations.md"),
        "deploy/deployment.yaml image tag": _one(r"mahjong-scoring:([\d.]+)",
                                                 "deploy/deployment.yaml"),
        "Dockerfile image version label": _one(
            r'org\.opencontainers\.image\.version="([^"]+)"', "Dockerfile"),
        "CHANGELOG.md newest entry": _changelog_versions()[0],
    }


def test_every_copy_of_the_version_agrees(client):
    found = copies(client)
    assert all(SEMVER.fullmatch(v) for v in found.values()), found
    disagree = {where: v for where, v in found.items() if v != CONTRACT_VERSION}
    assert not disagree, f"the version is {CONTRACT_VERSION} but {disagree} say otherwise"


def test_the_rules_books_ruleset_examples_say_the_version():
    pages = sorted((ROOT / "docs").rglob("*.md"))
    said = {str(p.relative_to(ROOT)): set(re.findall(r'"version": "([\d.]+)"',
                                                      p.read_text(encoding="utf-8")))
            for p in pages}
    stale = {page: v for page, v in said.items() if v - {CONTRACT_VERSION}}
    assert not stale, f"ruleset examples with another version than {CONTRACT_VERSION}: {stale}"


def test_the_readme_names_every_released_contract():
    """The compatibility section lists the snapshots the test compares with."""
    released = sorted((p.stem.removeprefix("openapi-")
                       for p in (ROOT / "tests/contract/released").glob("openapi-*.yaml")),
                      key=lambda v: tuple(map(int, v.split("."))))
    said = re.search(r"`tests/contract/released/` \(([^)]*) today\)", _text("README.md"))
    assert re.findall(r"\d+\.\d+\.\d+", said[1]) == released


def test_the_changelog_has_every_release_newest_first():
    """Every released contract kept for the compatibility test has its entry, and the
    entries go down from the newest (Keep a Changelog's order)."""
    entries = _changelog_versions()
    released = {p.stem.removeprefix("openapi-")
                for p in (ROOT / "tests/contract/released").glob("openapi-*.yaml")}
    missing = released - set(entries)
    assert not missing, f"released without a changelog entry: {missing}"
    as_numbers = [tuple(map(int, v.split("."))) for v in entries]
    assert as_numbers == sorted(as_numbers, reverse=True), entries
    assert "## [Unreleased]" in _text("CHANGELOG.md")
