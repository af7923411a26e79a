"""Settings, read from the environment once at start-up."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass


def _origins(raw: str) -> tuple[str, ...]:
    """CORS_ORIGINS: origins separated by commas or spaces; ``*`` allows any origin."""
    return tuple(o.rstrip("/") for o in re.split(r"[,\s]+", raw.strip()) if o)


@dataclass(frozen=True)
class Config:
    max_body_bytes: int = 64 * 1024  # larger bodies are a 413
    # POST /match takes up to 64 rounds: some 45 KiB settled and 250 KiB logged as compact
    # strings, 700 KiB logged with every tile an array item and the JSON indented
    # (docs/match.md measures them).
    max_match_body_bytes: int = 1024 * 1024
    # POST /replay: one round's log, at most 600 actions (docs/replay.md measures them).
    max_replay_body_bytes: int = 128 * 1024
    max_json_depth: int = 16  # deeper nesting is a 400 before any parsing work
    cors_origins: tuple[str, ...] = ()  # browser origins allowed to call the API; none by default
    cors_methods: str = "GET, POST, OPTIONS"  # what a preflight allows
    cors_headers: str = "Content-Type, Accept-Language, X-Request-ID, traceparent"
    cors_max_age: int = 600  # seconds a browser may keep a preflight's answer
    log_requests: bool = True  # one JSON line per request on stderr
    # A scoring request stopped past this many seconds is a 503 with Retry-After; 0: none.
    request_budget_seconds: float = 2.0
    # POST /review values every decision of a round: its own budget, under the edge's read
    # timeout (10 s, deploy/ingress.yaml); past it, a 503 (ask for one seat).
    review_budget_seconds: float = 8.0
    metrics_port: int | None = None  # when set, /metrics is served on this port only
    response_cache: int = 1024  # answers kept per worker for repeated requests; 0: none

    @classmethod
    def from_env(cls) -> Config:
        return cls(max_body_bytes=int(os.environ.get("MAX_BODY_BYTES", 64 * 1024)),
                   max_match_body_bytes=int(os.environ.get("MAX_MATCH_BODY_BYTES",
                                                           1024 * 1024)),
                   max_replay_body_bytes=int(os.environ.get("MAX_REPLAY_BODY_BYTES",
                                                            128 * 1024)),
                   cors_origins=_origins(os.environ.get("CORS_ORIGINS", "")),
                   cors_methods=os.environ.get("CORS_METHODS", cls.cors_methods),
                   cors_headers=os.environ.get("CORS_HEADERS", cls.cors_headers),
                   cors_max_age=int(os.environ.get("CORS_MAX_AGE", cls.cors_max_age)),
                   log_requests=os.environ.get("LOG_REQUESTS", "1") not in ("0", "false", ""),
                   request_budget_seconds=float(os.environ.get("REQUEST_BUDGET_SECONDS", 2.0)),
                   review_budget_seconds=float(os.environ.get("REVIEW_BUDGET_SECONDS", 8.0)),
                   metrics_port=int(os.environ["METRICS_PORT"])
                   if os.environ.get("METRICS_PORT") else None,
                   response_cache=int(os.environ.get("RESPONSE_CACHE", 1024)))
