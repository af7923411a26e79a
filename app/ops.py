"""Operations endpoints: readiness, Prometheus metrics and the clickable docs (Swagger UI).

Swagger UI's assets come from the ``swagger-ui-bundle-v2`` package (no CDN), so /docs works
behind a firewall and shows the same contract as GET /openapi.yaml.
"""

from __future__ import annotations

from pathlib import Path

import orjson
from flask import Blueprint, Response, abort, send_from_directory, url_for
from swagger_ui_bundle import swagger_ui_path

from app import metrics
from app.codes import SERVER_NOT_READY
from app.problems import TITLES, problem_response
from rules.analysis import ShapeRules, shapes_of, waits
from rules.text import msg
from rules.tiles import parse_tiles, to_counts

bp = Blueprint("ops", __name__)

SWAGGER_DIR = Path(str(swagger_ui_path))
DOCS_ASSETS = ("swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js",
               "favicon-32x32.png", "favicon-16x16.png")
DOCS_FILES = (*DOCS_ASSETS, "init.js")  # init.js is ours: it starts Swagger UI on /docs
DOCS_CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; connect-src 'self'; font-src 'self' data:; "
            "frame-ancestors 'none'; base-uri 'none'; form-action 'none'")

# A known hand and what the core must say about it: 九莲宝灯 waits on every character tile.
_PROBE_HAND = "1112345678999m"
_PROBE_WAITS = tuple(parse_tiles("123456789m"))
_PROBE_WIN = "123m456p789s111sEE"


def core_answers() -> bool:
    """Does the hand-analysis core give the known answers for two known hands?"""
    rules = ShapeRules()
    complete = shapes_of(to_counts(parse_tiles(_PROBE_WIN)), 0, rules, 0)
    found = waits(to_counts(parse_tiles(_PROBE_HAND)), 0, rules, 0)
    return "standard" in complete and found == _PROBE_WAITS


@bp.get("/readyz")
def readyz() -> Response:
    try:
        ok = core_answers()
    except Exception:  # a broken core is "not ready", never a 500
        ok = False
    if not ok:
        return problem_response(503, TITLES[503],
                                msg("the scoring core does not answer a known hand correctly"),
                                code=SERVER_NOT_READY)
    return Response(orjson.dumps({"status": "ready"}), mimetype="application/json")


@bp.get("/metrics")
def prometheus() -> Response:
    return Response(metrics.render(), content_type=metrics.CONTENT_TYPE)


_DOCS_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Mahjong scoring service: API</title>
<link rel="stylesheet" href="{css}">
<link rel="icon" type="image/png" href="{icon}">
</head>
<body>
<div id="swagger-ui" data-spec="{spec}"></div>
<script src="{bundle}"></script>
<script src="{preset}"></script>
<script src="{init}"></script>
</body>
</html>
"""

_DOCS_INIT = """window.addEventListener("load", function () {
  var root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: root.getAttribute("data-spec"),
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: "StandaloneLayout"
  });
});
"""


@bp.get("/docs")
def docs() -> Response:
    def asset(name: str) -> str:
        return url_for("ops.docs_asset", asset=name)

    page = _DOCS_PAGE.format(css=asset("swagger-ui.css"), icon=asset("favicon-32x32.png"),
                             spec=url_for("api.openapi"), bundle=asset("swagger-ui-bundle.js"),
                             preset=asset("swagger-ui-standalone-preset.js"),
                             init=asset("init.js"))
    response = Response(page, mimetype="text/html")
    response.headers["Content-Security-Policy"] = DOCS_CSP
    return response


@bp.get("/docs/<asset>")
def docs_asset(asset: str) -> Response:
    if asset == "init.js":
        return Response(_DOCS_INIT, mimetype="text/javascript")
    if asset not in DOCS_ASSETS:
        abort(404)
    return send_from_directory(SWAGGER_DIR, asset, max_age=86400)
