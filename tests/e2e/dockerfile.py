"""Just enough of a Dockerfile reader to replay its steps outside a container.

The image cannot be built on every machine (no engine, no base image), so the e2e test runs
the Dockerfile's own RUN, COPY, ENV, CMD and HEALTHCHECK lines in a temporary directory
instead: a step that breaks in the Dockerfile breaks the test.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Stage:
    name: str
    instructions: list[tuple[str, str]] = field(default_factory=list)

    def all(self, keyword: str) -> list[str]:
        return [args for kw, args in self.instructions if kw == keyword]

    def one(self, keyword: str) -> str:
        found = self.all(keyword)
        assert len(found) == 1, f"stage {self.name}: expected one {keyword}, found {found}"
        return found[0]


def stages(path: Path) -> list[Stage]:
    """The Dockerfile's stages in order, each with its (KEYWORD, arguments) instructions."""
    found: list[Stage] = []
    for keyword, args in _instructions(path.read_text(encoding="utf-8")):
        if keyword == "FROM":
            words = args.split()
            name = words[2] if len(words) > 2 and words[1].upper() == "AS" else str(len(found))
            found.append(Stage(name))
        elif found:
            found[-1].instructions.append((keyword, args))
    return found


def _instructions(text: str):
    pending = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        line = pending + line
        pending = ""
        keyword, _, args = line.partition(" ")
        yield keyword.upper(), args.strip()


def env_of(args: str) -> dict[str, str]:
    """``ENV A=1 B=2`` → {"A": "1", "B": "2"}."""
    return dict(word.split("=", 1) for word in shlex.split(args))


def exec_form(args: str) -> list[str]:
    """``CMD ["gunicorn", ...]`` → the argv list (exec form only: no shell in between)."""
    argv = json.loads(args)
    assert isinstance(argv, list) and all(isinstance(a, str) for a in argv), args
    return argv


def healthcheck_command(args: str) -> list[str]:
    """``HEALTHCHECK --interval=... CMD [...]`` → the CMD's argv."""
    _, _, command = args.partition("CMD ")
    return exec_form(command)


def copies_from(stage: Stage) -> list[tuple[str, list[str], str]]:
    """COPY instructions from another stage: (that stage, sources, destination)."""
    out = []
    for args in stage.all("COPY"):
        words = shlex.split(args)
        named = [w.split("=", 1)[1] for w in words if w.startswith("--from=")]
        if named:
            words = [w for w in words if not w.startswith("--")]
            out.append((named[0], words[:-1], words[-1]))
    return out


def copies(stage: Stage) -> list[tuple[list[str], str]]:
    """COPY instructions from the build context (not ``--from``): (sources, destination)."""
    out = []
    for args in stage.all("COPY"):
        words = shlex.split(args)
        if any(w.startswith("--from") for w in words):
            continue
        words = [w for w in words if not w.startswith("--")]
        out.append((words[:-1], words[-1]))
    return out
