"""Settings, read from the environment once at start-up."""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Config:
    max_body_bytes: int = 64 * 1024  # larger bodies are a 413
    max_json_depth: int = 16  # deeper nesting is a 400 before any parsing work

    @classmethod
    def from_env(cls) -> Config:
        return cls(max_body_bytes=int(os.environ.get("MAX_BODY_BYTES", 64 * 1024)))
