"""gunicorn.conf.py, with each worker slow to boot: a second between the worker's "Booting
worker" line and gunicorn's ``post_fork`` hook (where gunicorn opens the worker's own
sockets, under load a while). A stop sent in that second must not be lost
(tests/e2e/test_shutdown.py); the project's own ``post_fork``, if it has one, runs after it.
"""

import runpy
import time
from pathlib import Path

globals().update({name: value for name, value in runpy.run_path(
    str(Path(__file__).resolve().parents[2] / "gunicorn.conf.py")).items()
    if not name.startswith("__")})
_project_post_fork = globals().get("post_fork")


def post_fork(server, worker):
    time.sleep(1.0)
    if _project_post_fork is not None:
        _project_post_fork(server, worker)
