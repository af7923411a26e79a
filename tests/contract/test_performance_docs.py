"""The README's performance table says what docs/PERFORMANCE.md (written by `make bench`)
measured: the same run, the same targets in the same order, each figure of a row found in
that target's row, and the same verdict. Edited by hand, the README would otherwise drift
from the run it quotes."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PERFORMANCE = (ROOT / "docs" / "PERFORMANCE.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
FIGURE = re.compile(r"\d[\d,]*(?:\.\d+)?")


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _section(text: str, heading: str) -> str:
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    return text[start:end if end > 0 else None]


def _rows(section: str, header_start: str) -> list[list[str]]:
    lines = section.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith(header_start))
    rows = []
    for line in lines[header + 2:]:
        if not line.startswith("|"):
            break
        rows.append(_cells(line))
    return rows


def _verdict(cell: str) -> str:
    return "not met" if "not met" in cell else "met" if "met" in cell else cell


def _measured_targets() -> list[list[str]]:
    """(from, target, measured, verdict) of each target of the run."""
    return _rows(_section(PERFORMANCE, "## Targets"), "| from |")


def _readme_targets() -> list[list[str]]:
    """(target (issue), measured, verdict) of each row of the README's table."""
    return _rows(_section(README, "## Performance"), "| target (issue) |")


def test_the_readme_quotes_the_last_run():
    run = re.search(r"^- run: (\d{4}-\d\d-\d\d \d\d:\d\d UTC)", PERFORMANCE, re.M)
    assert run, "docs/PERFORMANCE.md names its run"
    header = re.search(r"\| measured \(`make bench`, ([^)]*)\)", README)
    assert header and header[1] == run[1], (header and header[1], run[1])


def test_the_readme_has_each_target_of_the_run_in_its_order():
    measured, readme = _measured_targets(), _readme_targets()
    assert len(readme) == len(measured) >= 10
    for (issue, *_), (target, *_) in zip(measured, readme, strict=True):
        number = issue.removeprefix("issue ").strip()
        assert target.endswith(f"({number})"), (target, issue)


def test_each_readme_figure_and_verdict_is_the_runs():
    for (_, _target, figures, verdict), (short, quoted, said) in zip(
            _measured_targets(), _readme_targets(), strict=True):
        assert _verdict(said) == _verdict(verdict), (short, said, verdict)
        missing = [f for f in FIGURE.findall(quoted) if f not in figures]
        assert not missing, f"{short}: {missing} are not in the run's row: {figures}"
