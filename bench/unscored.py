"""The shipped app with its scoring skipped: a ceiling for target 3 of issue 8.

`make bench` serves this app (``bench.unscored:create_app()``, same gunicorn.conf.py, no
answer cache) beside the real one, to show how much of the /healthz throughput a POST can
reach when everything but the domain still runs: the body read and parsed, loaded by its
schema (every field checked), the answer dumped by its schema and encoded, and the request's
log line, metrics and headers. Only the call into :mod:`rules` is answered from memory,
after the first time each body is seen. If even that falls short of 70%, no speed-up of
the scorer alone can meet the target.

Never used by the service itself: the domain's answers are kept without bound (the
benchmark's bodies are a few hundred).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask

import rules
from app import create_app as shipped_app
from app import views
from app.config import Config


class SameQuery:
    """A loader that loads every body (the cost stays), then hands back the query first
    loaded from a body with the same JSON, so that the domain's answer can be looked up
    by the query's identity instead of by a hash of the whole query."""

    def __init__(self, loader: Any):  # a request schema: anything with .load
        self.loader = loader
        self.first: dict[bytes, Any] = {}

    def load(self, data: Any) -> Any:
        query = self.loader.load(data)
        key = views.canonical(data)  # the answer cache's key
        return query if key is None else self.first.setdefault(key, query)


def remembered(score: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``score`` answered once per query object (the queries :class:`SameQuery` hands out
    live as long as it does, so an id is never reused)."""
    answers: dict[int, Any] = {}

    def answer(query: Any) -> Any:
        found = answers.get(id(query))
        if found is None:
            found = answers[id(query)] = score(query)
        return found

    return answer


def create_app(config: Config | None = None) -> Flask:
    """The shipped app, with /evaluate and /settle scoring each distinct body once."""
    views._EVALUATE_IN = SameQuery(views._EVALUATE_IN)
    views._SETTLE_IN = SameQuery(views._SETTLE_IN)
    rules.evaluate = remembered(rules.evaluate)
    rules.settle = remembered(rules.settle)
    return shipped_app(config)
