"""`pip install ./clients/python` into a fresh venv, then its example settles a round against
the real server: what a team embedding the scorer does first. requests comes from PyPI."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.clients.conftest import PY_CLIENT, QINZHOU_DELTAS

pytestmark = pytest.mark.e2e


def run(*command: str, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, **kwargs)
    assert done.returncode == 0, f"{' '.join(command)}\n{done.stdout}\n{done.stderr}"
    return done


def test_pip_install_then_settle_a_round(tmp_path, server_url):
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", str(venv))  # no --system-site-packages: nothing leaks in
    python = str(venv / "bin" / "python")
    run(python, "-m", "pip", "install", "-q", "--disable-pip-version-check", str(PY_CLIENT))
    # Run from elsewhere, so the source tree cannot be what is imported.
    where = run(python, "-c", "import mahjong_scoring_client as m; print(m.__file__)",
                cwd=tmp_path).stdout.strip()
    assert where.startswith(str(venv)), where
    example = run(python, str(PY_CLIENT / "examples" / "settle_round.py"), server_url,
                  cwd=tmp_path)
    assert json.loads(example.stdout) == QINZHOU_DELTAS
