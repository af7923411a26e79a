"""Dependency audit (`make audit`): pip-audit over the pinned runtime requirements.

pip-audit asks PyPI about each exact pin (``/pypi/<name>/<version>/json``). Where that
per-version endpoint is not served (some registry mirrors and proxies serve only the project
endpoint, as this project's sandbox does), pip-audit skips the package. For each skipped
package this script asks the project endpoint (``/pypi/<name>/json``) instead: its
``vulnerabilities`` list is PyPI's advisory data for the latest release, so it answers for
our pin exactly when the pin is the latest release. A pin that is neither audited by
pip-audit nor the latest release is reported as unaudited, and the audit fails.

    .venv/bin/python -m tools.audit [requirements.txt]
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYPI = "https://pypi.org/pypi/{name}/json"


def pins(requirements: Path) -> dict[str, str]:
    out = {}
    for line in requirements.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, version = line.split("==", 1)
            out[name.strip()] = version.strip()
    return out


def pip_audit(requirements: Path) -> dict[str, Any]:
    """pip-audit's JSON answer (packages it could not look up carry a skip_reason)."""
    tool = Path(sys.executable).parent / "pip-audit"
    run = subprocess.run([str(tool), "--no-deps", "--disable-pip", "-r", str(requirements),
                          "-f", "json", "--progress-spinner", "off"],
                         capture_output=True, text=True, check=False)
    try:
        return json.loads(run.stdout)
    except json.JSONDecodeError:
        raise SystemExit(f"pip-audit failed:\n{run.stderr}") from None


def project_advisories(name: str) -> tuple[str, list[dict[str, Any]]]:
    """(latest release, advisories for it) from PyPI's project endpoint."""
    with urllib.request.urlopen(PYPI.format(name=name), timeout=30) as answer:
        data = json.load(answer)
    return data["info"]["version"], data.get("vulnerabilities") or []


def audit(requirements: Path) -> tuple[list[str], bool]:
    """Report lines, and whether the audit passed (no advisory, nothing unaudited)."""
    result = pip_audit(requirements)
    pinned = pins(requirements)
    lines, ok = [], True
    for dep in result.get("dependencies", []):
        name, version = dep["name"], dep.get("version") or pinned.get(dep["name"], "?")
        if "skip_reason" not in dep:
            vulns = dep.get("vulns", [])
            ok &= not vulns
            lines.append(f"{name}=={version}: {len(vulns)} known vulnerabilities "
                         f"(pip-audit){_ids(vulns, 'id')}")
            continue
        version = _pinned_version(pinned, name)
        latest, vulns = project_advisories(name)
        if latest != version:
            ok = False
            lines.append(f"{name}=={version}: UNAUDITED (pip-audit: {dep['skip_reason']}; "
                         f"latest release is {latest})")
            continue
        ok &= not vulns
        lines.append(f"{name}=={version}: {len(vulns)} known vulnerabilities (PyPI advisories "
                     f"of the latest release){_ids(vulns, 'id')}")
    if not result.get("dependencies"):
        ok = False
        lines.append("pip-audit listed no dependencies")
    return lines, ok


def _pinned_version(pinned: dict[str, str], name: str) -> str:
    wanted = _normal(name)
    for pin, version in pinned.items():
        if _normal(pin) == wanted:
            return version
    return "?"


def _normal(name: str) -> str:
    """PEP 503: runs of -, _ and . are one -, case-insensitive."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _ids(vulns: list[dict[str, Any]], key: str) -> str:
    return (": " + ", ".join(v.get(key, "?") for v in vulns)) if vulns else ""


def main() -> int:
    requirements = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "requirements.txt"
    lines, ok = audit(requirements)
    print(f"audit of {requirements.name} ({len(lines)} pinned packages):")
    for line in lines:
        print(f"  {line}")
    print("result: no known vulnerabilities" if ok else "result: FAILED (see above)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
