"""schemathesis's own command line against the real server, with the project's
schemathesis.toml (issue 21): every check, positive and negative data, 0 failures.

This is what anyone can rerun against `make run`, from the repository root, in both of the
forms a client uses: the served contract (`.venv/bin/st run http://localhost:8000/openapi.yaml`)
and the committed file (`.venv/bin/st run openapi.yaml --url http://localhost:8000`). st checks
some things in one form only (a response schema read from the file is applied to what the
server sends for that very file), so both run: neither can hide a failure."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ST = Path(sys.executable).parent / "st"


@pytest.mark.parametrize("form", ["served", "file"])
def test_st_run_with_every_check_finds_no_failure(server_url, form):
    where = ([f"{server_url}/openapi.yaml"] if form == "served"
             else ["openapi.yaml", "--url", server_url])
    done = subprocess.run([str(ST), "run", *where, "--checks", "all"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    summary = done.stdout[-3000:]
    assert done.returncode == 0, summary
    assert " passed" in summary and "failures" not in summary.split("SUMMARY")[-1], summary


def test_the_project_config_is_what_st_reads():
    config = (ROOT / "schemathesis.toml").read_text()
    assert 'mode = "all"' in config and 'expected-statuses = ["2xx", "422"]' in config
