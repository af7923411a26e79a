"""The rules book, served: ``GET /rules`` (its index) and ``GET /rules/<variant>``.

The pages are the Markdown files of ``docs/rules/`` (the container image copies them), sent as
they are, as ``text/markdown``: the same text a reader of the repository sees, so the service
and its book cannot tell two stories. The playground links to the page of the variant it
shows. A page is re-read when its file changes; answers carry an ETag (``no-cache``), so a
deploy shows at once and an unchanged page costs a 304.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import NamedTuple

from flask import Blueprint, Response, request

import rules
from app.codes import HTTP_NOT_FOUND
from app.problems import TITLES, problem_response
from rules.text import msg

BOOK = Path(__file__).resolve().parent.parent / "docs" / "rules"
MARKDOWN = "text/markdown; charset=utf-8"
INDEX = "README"

bp = Blueprint("rulesbook", __name__)


class _Page(NamedTuple):
    mtime: float
    text: bytes
    etag: str


_pages: dict[str, _Page] = {}


def page(name: str) -> _Page:
    """The page ``name`` (a variant, or the index), read again when its file changed."""
    path = BOOK / f"{name}.md"
    mtime = path.stat().st_mtime
    cached = _pages.get(name)
    if cached is None or cached.mtime != mtime:
        text = path.read_bytes()
        cached = _pages[name] = _Page(mtime, text, hashlib.sha256(text).hexdigest()[:16])
    return cached


def _answer(name: str) -> Response:
    found = page(name)
    response = Response(found.text, content_type=MARKDOWN)
    response.set_etag(found.etag)
    response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)


@bp.get("/rules")
def index() -> Response:
    """The book's index: the common rules and a link to each variant's page."""
    return _answer(INDEX)


@bp.get("/rules/<variant>")
def variant_page(variant: str) -> Response:
    """One variant's page; an unknown variant is a 404 that names the known ones."""
    if variant not in rules.NAMES:
        return problem_response(404, TITLES[404],
                                msg("no rules page for {variant!r}: the rules book has "
                                    "{variants} (GET /rules/<variant>)", variant=variant,
                                    variants=", ".join(rules.NAMES)),
                                code=HTTP_NOT_FOUND)
    return _answer(variant)
