"""The playground: a page for QA and embedding sites to click tiles instead of writing JSON.

``GET /`` is the full playground, ``GET /embed`` a compact widget for an iframe, and
``GET /playground/<file>`` their static files (plain HTML/CSS/JS, no build step, no CDN).
The page only calls the public API (/variants, /evaluate, /settle, /jing, /match, /advise),
so it shows whatever the scorer answers and never scores anything itself.

Caching: the pages link every asset as ``/playground/<file>?v=<content hash>``, so such a
URL never changes meaning and is cached for a year (``immutable``); an asset fetched without
the current hash gets a short lifetime. The pages themselves are ``no-cache`` with an ETag,
so a deploy shows at once and an unchanged page costs a 304.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from flask import Blueprint, Response, abort, request, send_file

STATIC = Path(__file__).resolve().parent / "static" / "playground"
# What may be served from STATIC (the HTML templates are served rendered, never raw).
ASSET_TYPES = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml",
               ".png": "image/png", ".ico": "image/x-icon"}
YEAR = 365 * 24 * 3600
SHORT = 300  # an asset asked for without (or with an old) hash: five minutes
_ASSET_REF = re.compile(r"\{\{\s*asset\s+([\w.-]+)\s*\}\}")

# The API is same-origin; nothing is loaded from anywhere else. The full page may be framed
# only by itself; the widget by any page at all (no frame-ancestors: "*" would still refuse
# hosts on non-network schemes).
_CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'self'")

bp = Blueprint("playground", __name__)


@dataclass(frozen=True)
class _Asset:
    path: Path
    mtime: float
    digest: str


_assets: dict[str, _Asset] = {}
@dataclass(frozen=True)
class _Page:
    mtime: float  # of the template
    assets: tuple[tuple[str, str], ...]  # (name, digest) of every asset it links
    html: str
    etag: str


_pages: dict[str, _Page] = {}


def asset_names() -> list[str]:
    """Every file the playground serves as an asset (for the contract's enum)."""
    return sorted(p.name for p in STATIC.iterdir() if p.suffix in ASSET_TYPES)


def asset(name: str) -> _Asset | None:
    """A servable static file and its content hash, re-read when the file changes."""
    path = STATIC / name
    if "/" in name or path.suffix not in ASSET_TYPES or not path.is_file():
        return None
    mtime = path.stat().st_mtime
    cached = _assets.get(name)
    if cached is None or cached.mtime != mtime:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
        cached = _assets[name] = _Asset(path, mtime, digest)
    return cached


def _linked(name: str) -> _Asset:
    found = asset(name)
    if found is None:
        raise LookupError(f"a playground page links a missing asset {name!r}")
    return found


def render(template: str) -> tuple[str, str]:
    """The page with ``{{ asset app.js }}`` replaced by versioned URLs, and its ETag.

    Kept in memory; rebuilt when the template changes or one of its assets gets a new hash.
    """
    source = STATIC / template
    mtime = source.stat().st_mtime
    cached = _pages.get(template)
    if cached is not None and cached.mtime == mtime and all(
            _linked(name).digest == digest for name, digest in cached.assets):
        return cached.html, cached.etag
    text = source.read_text(encoding="utf-8")
    linked = {name: _linked(name).digest for name in _ASSET_REF.findall(text)}
    html = _ASSET_REF.sub(lambda m: f"/playground/{m.group(1)}?v={linked[m.group(1)]}", text)
    etag = hashlib.sha256(html.encode()).hexdigest()[:16]
    _pages[template] = _Page(mtime, tuple(linked.items()), html, etag)
    return html, etag


def _page(template: str, frame_ancestors: str | None) -> Response:
    html, etag = render(template)
    response = Response(html, mimetype="text/html")
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    csp = _CSP if frame_ancestors is None else f"{_CSP}; frame-ancestors {frame_ancestors}"
    response.headers["Content-Security-Policy"] = csp
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "same-origin"
    return response.make_conditional(request)


@bp.get("/")
def index() -> Response:
    """The full playground."""
    return _page("index.html", "'self'")


@bp.get("/embed")
def embed() -> Response:
    """The compact widget; any site may put it in an iframe."""
    return _page("embed.html", None)


@bp.get("/viewer")
def viewer() -> Response:
    """The replay viewer: a round's log stepped through (POST /replay at each step)."""
    return _page("viewer.html", "'self'")


@bp.get("/playground/<path:name>")
def static_file(name: str) -> Response:
    found = asset(name)
    if found is None:
        abort(404)
    response = send_file(found.path, mimetype=ASSET_TYPES[found.path.suffix],
                         conditional=True, etag=found.digest, max_age=SHORT)
    if request.args.get("v") == found.digest:
        response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
    else:
        response.headers["Cache-Control"] = f"public, max-age={SHORT}"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
