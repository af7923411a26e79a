"""Security headers on every answer (registered in the app factory with one line).

* ``X-Content-Type-Options: nosniff`` everywhere: a browser must never read a JSON or YAML
  answer as HTML or script.
* ``Cache-Control: no-store`` on the API's answers and on every error: scores and
  settlements are computed per request and may carry a player's hand; no proxy or browser
  cache should keep them. Pages that set their own caching (the playground) keep it.

Headers already set by a view or another hook are left as they are (``setdefault``), so this
module and the operations layer can both add them without clashing.

The app also refuses to run in Flask debug mode, even when ``FLASK_DEBUG`` is set in the
environment: debug mode is the Werkzeug debugger's switch, and this service is only ever
served by gunicorn.
"""

from __future__ import annotations

from flask import Flask, Response, request

from app.problems import PROBLEM_JSON

API_BLUEPRINT = "api"


def _headers(response: Response) -> Response:
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    if request.blueprint == API_BLUEPRINT or response.mimetype == PROBLEM_JSON:
        response.headers.setdefault("Cache-Control", "no-store")
    return response


def register(app: Flask) -> None:
    app.debug = False
    app.after_request(_headers)
