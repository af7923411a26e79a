"""How many CPUs this process may use: the default number of gunicorn workers.

``os.cpu_count()`` is the host's core count, also inside a container limited to fewer
CPUs; one worker per host core would then take turns on the container's share and each
worker's memory would be paid for nothing. The limit is read where the kernel keeps it:
the CPU affinity mask, and the cgroup v2 quota (``cpu.max``: "<quota> <period>" or "max")
or cgroup v1's ``cpu.cfs_quota_us`` / ``cpu.cfs_period_us``. A quota of 1.5 CPUs gives 2
workers (rounded up: the second one still has half a core to use).
"""

from __future__ import annotations

import math
import os
from pathlib import Path

CGROUP = Path("/sys/fs/cgroup")


def usable_cpus(cgroup: Path = CGROUP) -> int:
    """The CPUs this process can use: affinity, capped by the cgroup quota; at least 1."""
    try:
        count = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        count = os.cpu_count() or 1
    quota = cgroup_quota(cgroup)
    if quota is not None:
        count = min(count, max(1, math.ceil(quota)))
    return max(1, count)


def cgroup_quota(cgroup: Path = CGROUP) -> float | None:
    """The cgroup's CPU quota in CPUs (1.5 = one and a half), or None when unlimited."""
    v2 = _read(cgroup / "cpu.max")
    if v2 is not None:
        parts = v2.split()
        if len(parts) == 2 and parts[0] != "max":
            return _ratio(parts[0], parts[1])
        return None
    quota = _read(cgroup / "cpu" / "cpu.cfs_quota_us") or _read(cgroup / "cpu.cfs_quota_us")
    period = _read(cgroup / "cpu" / "cpu.cfs_period_us") or _read(cgroup / "cpu.cfs_period_us")
    if quota is None or period is None or quota.strip().startswith("-"):
        return None
    return _ratio(quota, period)


def _ratio(quota: str, period: str) -> float | None:
    try:
        q, p = int(quota), int(period)
    except ValueError:
        return None
    return q / p if q > 0 and p > 0 else None


def _read(path: Path) -> str | None:
    try:
        return path.read_text().strip()
    except OSError:
        return None
