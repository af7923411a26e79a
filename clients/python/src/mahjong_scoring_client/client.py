"""The HTTP client: one method per endpoint, problems raised as one exception type.

Why these defaults: every endpoint is a pure function of its body (nothing is stored), so
repeating a call is always safe; but only a 503 (the service is briefly unavailable, e.g. an
instance restarting behind a balancer) or a connection that failed is worth repeating. A 4xx
would fail again in exactly the same way, and a 500 is a bug to report, not to hammer. A read
that times out is not repeated either: the service is slow for that body, and would be again.
Nor is the 503 of a request the service stopped after its time budget (``server.over_budget``),
for the same reason: its detail says what smaller request to send instead (a review of one
seat, ``changes`` 0), and asking the same again cost the service the whole budget each time.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, Literal, cast

import requests

from .schema import (
    AdviceResponse,
    AdviseRequest,
    EvaluateRequest,
    EvaluateResponse,
    JingRequest,
    JingResponse,
    MatchRequest,
    MatchResponse,
    ReplayRequest,
    ReplayResponse,
    ReviewRequest,
    ReviewResponse,
    Settlement,
    SettleRequest,
    Variants,
)
from .schema import (
    ProblemError as FieldError,  # one entry of a problem's errors, as the contract names it
)

__version__ = "1.7.7"
DEFAULT_URL = "http://localhost:8000"
PROBLEM_JSON = "application/problem+json"
RETRY_STATUSES = frozenset({503})
# a 503 with one of these codes is the answer, not retried: see the module's docstring
FINAL_CODES = frozenset({"server.over_budget"})
MAX_DELAY = 10.0  # seconds: the longest wait between two tries, whatever Retry-After says

Objective = Literal["score", "win"]


def _pause(seconds: float) -> None:
    """The wait between two tries (a function of its own, so tests can record it)."""
    time.sleep(seconds)


def _final(response: requests.Response) -> bool:
    """Is this 503 the answer to give (a problem whose ``code`` is in :data:`FINAL_CODES`)?
    A body that is not such a problem (a proxy's page) is retried as before."""
    try:
        problem = response.json()
    except ValueError:
        return False
    return isinstance(problem, dict) and problem.get("code") in FINAL_CODES


class ProblemError(Exception):
    """Any answer that is not a 2xx, from its application/problem+json body (RFC 9457).

    ``code`` is the problem's stable code, or None when the server sends none; ``errors`` the
    offending fields of a 422 exactly as the server listed them (``field``, ``message``, and
    ``code``/``position`` where given), [] when there are none. An answer that is not
    problem+json (a proxy's HTML error page) is carried the same way, its text in ``detail``.
    """

    def __init__(self, status: int, title: str, detail: str, *, type: str = "about:blank",
                 code: str | None = None, errors: list[FieldError] | None = None,
                 body: Mapping[str, Any] | None = None) -> None:
        super().__init__(f"{status} {title}: {detail}")
        self.status = status
        self.title = title
        self.detail = detail
        self.type = type
        self.code = code
        self.errors = list(errors or [])
        self.body = dict(body or {})

    @classmethod
    def from_response(cls, response: requests.Response) -> ProblemError:
        body = _problem_body(response)
        if body is None:
            return cls(response.status_code, response.reason or "HTTP error",
                       response.text[:500])
        errors = body.get("errors")
        # The HTTP status is the one that counts (RFC 9457 makes the body's advisory).
        return cls(response.status_code, str(body.get("title", response.reason or "")),
                   str(body.get("detail", "")), type=str(body.get("type", "about:blank")),
                   code=body.get("code"), errors=errors if isinstance(errors, list) else None,
                   body=body)


def _problem_body(response: requests.Response) -> dict[str, Any] | None:
    if not response.headers.get("Content-Type", "").startswith(PROBLEM_JSON):
        return None
    try:
        body = response.json()
    except ValueError:
        return None
    return body if isinstance(body, dict) else None


def _with(request: Mapping[str, Any], **given: Any) -> dict[str, Any]:
    """A copy of ``request`` with each keyword given (not None) in it; a keyword that the
    request already holds with another value is refused rather than silently replaced."""
    body = dict(request)
    for name, value in given.items():
        if value is None:
            continue
        if name in body and body[name] != value:
            raise ValueError(f"{name} is given twice: {body[name]!r} in the request and "
                             f"{value!r} as a keyword")
        body[name] = value
    return body


class Client:
    """The scoring service at ``base_url``.

    ``timeout`` is requests' (connect, read) in seconds; ``retries`` how many times a 503 (but
    a request stopped after its time budget) or a failed connection is tried again, waiting
    ``backoff`` × 2ⁿ seconds (or the 503's Retry-After) between tries; ``accept_language`` is
    sent with every call unless a call gives its own. Use it as a context manager, or call
    ``close()``, to release connections.
    """

    def __init__(self, base_url: str = DEFAULT_URL, *,
                 timeout: float | tuple[float, float] = (3.05, 10.0), retries: int = 2,
                 backoff: float = 0.25, accept_language: str | None = None,
                 session: requests.Session | None = None) -> None:
        if retries < 0:
            raise ValueError("retries must be 0 or more")
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.accept_language = accept_language
        self.session = session or requests.Session()
        self.session.headers.update({
            "Accept": f"application/json, {PROBLEM_JSON}",
            "User-Agent": f"mahjong-scoring-client/{__version__} "
                          f"{requests.utils.default_user_agent()}",
        })

    def evaluate(self, request: EvaluateRequest, *,
                 accept_language: str | None = None) -> EvaluateResponse:
        """One hand: does it win, its patterns and payments; or, one tile short, its waits."""
        return cast(EvaluateResponse, self._call("POST", "/evaluate", request, accept_language))

    def settle(self, request: SettleRequest, *,
               accept_language: str | None = None) -> Settlement:
        """One finished round: each seat's zero-sum ``deltas`` and the ``ledger`` of transfers."""
        return cast(Settlement, self._call("POST", "/settle", request, accept_language))

    def jing(self, request: JingRequest, *, accept_language: str | None = None) -> JingResponse:
        """xingguo/nanchang: 正精/副精 from an indicator; with players, the jing scores."""
        return cast(JingResponse, self._call("POST", "/jing", request, accept_language))

    def match(self, request: MatchRequest, *,
              accept_language: str | None = None) -> MatchResponse:
        """A whole match: every round settled in order, with running and final totals."""
        return cast(MatchResponse, self._call("POST", "/match", request, accept_language))

    def advise(self, request: AdviseRequest, *, expected: bool | None = None,
               objective: Objective | None = None, draws_left: int | None = None,
               changes: int | None = None,
               accept_language: str | None = None) -> AdviceResponse:
        """What to discard: the hand's shanten and, per discard, its 进张 and waits.

        ``expected=True`` adds each discard's ``win_probability`` (胡牌率) and
        ``expected_score`` (期望得分) under the service's self-draw model, the discards ranked
        by ``objective`` ("score", the default, or "win"), for ``draws_left`` of the seat's
        own draws (0-40) and ``changes`` hand changes (0 or 1); the answer's ``expected``
        says the inputs used and ``best`` the discard ranked first. A keyword left out (None)
        is not sent, so the service's default applies; one given is added to ``request``
        (which is not changed), and one that ``request`` already holds with another value is
        a ValueError. The model's inputs without ``expected`` are the service's 422.
        """
        body = _with(request, expected=expected, objective=objective, draws_left=draws_left,
                     changes=changes)
        return cast(AdviceResponse, self._call("POST", "/advise", body, accept_language))

    def advise_log(self, log: ReplayRequest, seat: int, *, objective: Objective | None = None,
                   draws_left: int | None = None, changes: int | None = None,
                   accept_language: str | None = None) -> AdviceResponse:
        """Log mode of ``POST /advise``: ``log`` is a ``replay`` body whose round is in
        progress, ``seat`` (0-3) the seat to advise. The answer is that seat's own advice
        (``shanten``, and ``discards`` or ``tiles``) with every action it may take now in
        ``actions``, each with ``win_probability`` and ``expected_score``, and the one the
        objective ranks first in ``best`` (an action without its numbers, or None). The
        expected-value model is implied; ``draws_left`` defaults to what the wall left gives
        the seat."""
        body = _with({"log": log, "seat": seat}, objective=objective, draws_left=draws_left,
                     changes=changes)
        return cast(AdviceResponse, self._call("POST", "/advise", body, accept_language))

    def replay(self, request: ReplayRequest, *,
               accept_language: str | None = None) -> ReplayResponse:
        """One round played from its deal and action log, every action checked: finished, its
        ``settle_request`` and ``settlement``; in progress, the ``turn``, ``seats``, ``legal``."""
        return cast(ReplayResponse, self._call("POST", "/replay", request, accept_language))

    def review(self, request: ReviewRequest, *,
               accept_language: str | None = None) -> ReviewResponse:
        """A played round decision by decision (a /replay body, optionally ``seat``): each
        decision's played and best actions, their values and the loss, and a summary."""
        return cast(ReviewResponse, self._call("POST", "/review", request, accept_language))

    def variants(self, *, accept_language: str | None = None) -> Variants:
        """Every variant, its shapes, flags and rule options with their defaults."""
        return cast(Variants, self._call("GET", "/variants", None, accept_language))

    def close(self) -> None:
        self.session.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def retry_delay(self, attempt: int, retry_after: str | None = None) -> float:
        """Seconds to wait before try ``attempt + 2``: a 503's Retry-After (in seconds) when it
        gives one, else exponential backoff; never more than MAX_DELAY."""
        if retry_after is not None and retry_after.strip().isdigit():
            return min(float(retry_after), MAX_DELAY)
        return min(self.backoff * 2.0 ** attempt, MAX_DELAY)

    def _call(self, method: str, path: str, body: Any, accept_language: str | None) -> Any:
        headers = {}
        language = accept_language or self.accept_language
        if language:
            headers["Accept-Language"] = language
        response = self._send(method, self.base_url + path, body, headers)
        if not response.ok:
            raise ProblemError.from_response(response)
        return response.json()

    def _send(self, method: str, url: str, body: Any,
              headers: dict[str, str]) -> requests.Response:
        """The answer, after up to ``retries`` more tries on a 503 or a failed connection."""
        for attempt in range(self.retries + 1):
            last = attempt == self.retries
            try:
                response = self.session.request(method, url, json=body, headers=headers,
                                                timeout=self.timeout)
            except requests.ConnectionError:  # also a connect timeout; never a read timeout
                if last:
                    raise
                _pause(self.retry_delay(attempt))
                continue
            if response.status_code not in RETRY_STATUSES or last or _final(response):
                return response
            response.close()
            _pause(self.retry_delay(attempt, response.headers.get("Retry-After")))
        raise AssertionError("unreachable: the last try returns or raises")
