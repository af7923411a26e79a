"""Security headers on every answer (registered in the app factory with one line).

* ``X-Content-Type-Options: nosniff`` everywhere: a browser must never read a JSON or YAML
  answer as HTML or script.
* ``Cache-Control``: a view that sets its own caching keeps it (the playground's pages and
  hashed assets). Swagger UI's files under ``/docs/`` may be cached for a day. Everything
  else — scores, settlements, errors, which may carry a player's hand — is ``no-store``: no
  proxy or browser cache should keep them.

Debug mode is switched off in the app factory itself, whatever ``FLASK_DEBUG`` says.
"""

from __future__ import annotations

from flask import Flask, Response, request

DOCS_ASSETS = "/docs/"  # Swagger UI assets: the only answers a shared cache may keep


def _headers(response: Response) -> Response:
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    if "Cache-Control" not in response.headers:
        cacheable = request.path.startswith(DOCS_ASSETS) and response.status_code == 200
        response.headers["Cache-Control"] = "public, max-age=86400" if cacheable \
            else "no-store"
    return response


def register(app: Flask) -> None:
    app.after_request(_headers)
