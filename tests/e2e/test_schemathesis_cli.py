"""schemathesis's own command line against the real server, with the project's
schemathesis.toml (issue 21): every check, positive and negative data, 0 failures.

This is what anyone can rerun against `make run`: `.venv/bin/st run
http://localhost:8000/openapi.yaml` from the repository root."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ST = Path(sys.executable).parent / "st"


def test_st_run_with_every_check_finds_no_failure(server_url):
    done = subprocess.run([str(ST), "run", f"{server_url}/openapi.yaml", "--checks", "all"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    summary = done.stdout[-3000:]
    assert done.returncode == 0, summary
    assert " passed" in summary and "failures" not in summary.split("SUMMARY")[-1], summary


def test_the_project_config_is_what_st_reads():
    config = (ROOT / "schemathesis.toml").read_text()
    assert 'mode = "all"' in config and 'expected-statuses = ["2xx", "422"]' in config
