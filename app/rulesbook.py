"""The rules book, served: ``GET /rules`` (its index) and ``GET /rules/<variant>``.

The pages are the Markdown files of ``docs/rules/`` (the container image copies them): the
same text a reader of the repository sees, so the service and its book cannot tell two
stories. ``docs/rules/zh/`` holds their Chinese translation (the English pages are the
source; tests/contract/test_rules_book.py holds both to the code's declarations).

* **Language**: ``Accept-Language`` as for every answer (a ``zh`` tag gets the Chinese page,
  ``Content-Language: zh-CN``; anything else the English one, ``en``), or ``?lang=en|zh``,
  which a link can carry and a browser cannot (the language switch of the HTML page, the
  Chinese page's link to its English original).
* **Form**: an ``Accept`` that prefers ``text/html`` (a browser) gets the page rendered as
  HTML with the playground's look; anything else (``text/markdown``, ``*/*``, no Accept)
  gets the Markdown as it is, as before. In the HTML, a link to another page of the book
  goes to ``/rules`` or ``/rules/<variant>``, an https link stays, and a link to any other
  file of the repository (which the service does not serve) is written as its text and the
  file's path in the repository: no link on the page leads nowhere.
* **Caching**: ``Vary: Accept, Accept-Language``; each representation has its own ETag
  (``no-cache``), so a deploy shows at once and an unchanged page costs a 304. A page is
  rendered again when its file, or an asset it links, changes.
"""

from __future__ import annotations

import hashlib
import html
import posixpath
import unicodedata
from pathlib import Path
from typing import NamedTuple
from urllib.parse import quote

from flask import Blueprint, Response, current_app, request
from markdown_it import MarkdownIt
from markdown_it.token import Token

import rules
from app import i18n, playground
from app.codes import HTTP_NOT_FOUND
from app.problems import TITLES, problem_response
from rules.error_codes import FIELD_NOT_ALLOWED_VALUE
from rules.text import Text, msg

ROOT = Path(__file__).resolve().parent.parent  # the repository (the image's /srv)
BOOK = ROOT / "docs" / "rules"
MARKDOWN = "text/markdown; charset=utf-8"
HTML = "text/html; charset=utf-8"
INDEX = "README"
# language → the folder of its pages, as a path of the repository
FOLDERS = {"en": "docs/rules", "zh": "docs/rules/zh"}
LANGUAGES = tuple(FOLDERS)
# Nothing but the playground's own files; no script at all.
_CSP = ("default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'self'")
_ASSETS = ("style.css", "book.css", "favicon.svg")

# The words of the HTML page around the book's text, in the reader's language.
RULES_BOOK = msg("Rules book")
PLAYGROUND = msg("Playground")
INDEX_PAGE = msg("Common rules")
BOOK_PAGES = msg("The rules book's pages")
SKIP = msg("Skip to the page")
REPOSITORY_FILE = msg("a file of the repository, not served here")

bp = Blueprint("rulesbook", __name__)


def path_of(name: str, language: str = "en") -> Path:
    """The file of the page ``name`` (a variant, or the index) in ``language``."""
    return ROOT / FOLDERS[language] / f"{name}.md"


class _Page(NamedTuple):
    key: tuple  # what it was made from: the file's mtime (and the assets' digests)
    body: bytes
    etag: str


_pages: dict[tuple[str, str, str, str | None], _Page] = {}


def _cached(name: str, language: str, form: str, chosen: str | None) -> _Page:
    """The page in one representation, made again when what it was made from changed."""
    path = path_of(name, language)
    key: tuple = (path.stat().st_mtime,)
    if form == "html":
        key += tuple(_asset_digest(a) for a in _ASSETS)
    cached = _pages.get((name, language, form, chosen))
    if cached is None or cached.key != key:
        text = path.read_bytes()
        body = text if form == "markdown" else \
            render_html(text.decode("utf-8"), name, language, chosen).encode("utf-8")
        cached = _pages[(name, language, form, chosen)] = _Page(
            key, body, hashlib.sha256(body).hexdigest()[:16])
    return cached


def _asset_digest(name: str) -> str:
    found = playground.asset(name)
    if found is None:
        raise LookupError(f"the rules book links a missing playground asset {name!r}")
    return found.digest


def _asset_url(name: str) -> str:
    return f"/playground/{name}?v={_asset_digest(name)}"


# ------------------------------------------------------------------------ Markdown → HTML
_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")


def slug(text: str) -> str:
    """A heading's anchor as GitHub makes it (so ``README.md#play-rules-post-replay`` means
    the same on the server as in the repository): lower case, letters (Chinese too), digits,
    ``_`` and ``-`` kept, spaces become ``-``, everything else dropped."""
    kept = [c for c in text.lower() if c in " -_" or unicodedata.category(c)[0] in "LMN"]
    return "".join(kept).replace(" ", "-")


def _plain(inline: Token) -> str:
    return "".join(child.content for child in inline.children or ()
                   if child.type in ("text", "code_inline"))


def link_target(href: str, language: str, chosen: str | None) -> str | None:
    """Where a link of a page in ``language`` leads on the server: a page of the book, an
    anchor of this page, an https address; None for a file the service does not serve.
    ``chosen`` is the ``lang`` the page was asked with, kept in links to pages of the same
    language (a page of the other language is linked with its own ``lang``)."""
    if href.startswith(("https://", "#")):
        return href
    path, _, fragment = href.partition("#")
    if ":" in path or not path.endswith(".md"):
        return None
    target = posixpath.normpath(posixpath.join(FOLDERS[language], path))
    folder, _, file = target.rpartition("/")
    name = file[:-3]
    target_language = next((lang for lang, f in FOLDERS.items() if f == folder), None)
    if target_language is None or (name != INDEX and name not in rules.NAMES):
        return None
    url = "/rules" if name == INDEX else f"/rules/{name}"
    if target_language != language:
        url += f"?lang={target_language}"
    elif chosen is not None:
        url += f"?lang={chosen}"
    return url + (f"#{fragment}" if fragment else "")


def repository_path(href: str, language: str) -> str:
    """A link's file as a path of the repository (what the HTML says instead of a link); a
    link of another scheme than https as it is."""
    path = href.partition("#")[0]
    if ":" in path:
        return href
    return posixpath.normpath(posixpath.join(FOLDERS[language], path))


def _rewrite_links(tokens: list[Token], language: str, chosen: str | None, note: str) -> None:
    """Each link of an inline run made to lead somewhere on the server, or made text: the
    link's text and the file's path in the repository (``note`` its title)."""
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.type != "link_open":
            i += 1
            continue
        href = str(token.attrGet("href") or "")
        target = link_target(href, language, chosen)
        close = next(j for j in range(i + 1, len(tokens)) if tokens[j].type == "link_close")
        if target is not None:
            token.attrSet("href", target)
            i = close + 1
            continue
        where = repository_path(href, language)
        label = "".join(t.content for t in tokens[i + 1:close])
        code = Token("code_inline", "code", 0, content=where,
                     attrs={"class": "repo-path", "title": note})
        if label.strip().endswith(posixpath.basename(where)):
            tokens[i:close + 1] = [code]  # "[replay.md](../replay.md)": the path says it
            i += 1
            continue
        token.tag, token.attrs = "span", {"class": "repo-file"}
        tokens[close].tag = "span"
        tokens[close + 1:close + 1] = [Token("text", "", 0, content=" ("), code,
                                       Token("text", "", 0, content=")")]
        i = close + 4


def _cjk(char: str) -> bool:
    return "\u3000" <= char <= "\u9fff" or "\uff00" <= char <= "\uffef"


def _join_chinese_lines(tokens: list[Token]) -> None:
    """A line break of the source between two Chinese characters is no space: a browser
    would show one there (Chinese has none between words)."""
    for i in range(1, len(tokens) - 1):
        before, token, after = tokens[i - 1], tokens[i], tokens[i + 1]
        if token.type == "softbreak" and before.content and after.content \
                and _cjk(before.content[-1]) and _cjk(after.content[0]):
            tokens[i] = Token("text", "", 0, content="")


def render_markdown(text: str, language: str, chosen: str | None) -> tuple[str, str]:
    """A page's Markdown as HTML, and its title (the first heading's text)."""
    note = REPOSITORY_FILE.render(current_app.extensions["catalogues"].translate(language))
    tokens = _markdown.parse(text)
    title, seen = "", set()
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            heading = _plain(tokens[i + 1])
            title = title or heading
            anchor, n = slug(heading), 1
            while anchor in seen:  # GitHub: a repeated heading's anchor gets -1, -2, …
                anchor, n = f"{slug(heading)}-{n}", n + 1
            seen.add(anchor)
            token.attrSet("id", anchor)
        elif token.type == "inline" and token.children:
            _rewrite_links(token.children, language, chosen, note)
            _join_chinese_lines(token.children)
    return _markdown.renderer.render(tokens, _markdown.options, {}), title


def render_html(text: str, name: str, language: str, chosen: str | None) -> str:
    """The whole HTML page: the playground's header and look, the rendered Markdown."""
    article, title = render_markdown(text, language, chosen)
    translate = current_app.extensions["catalogues"].translate(language)

    def say(sentence: Text) -> str:
        return html.escape(sentence.render(translate))

    here = "/rules" if name == INDEX else f"/rules/{quote(name)}"
    keep = f"?lang={chosen}" if chosen else ""
    home = f'<a href="/rules{keep}">{say(RULES_BOOK)}</a>'
    pages = f'<a href="/rules{keep}"{_current(name == INDEX)}>{say(INDEX_PAGE)}</a> ' + "".join(
        f'<a href="/rules/{v}{keep}"{_current(v == name)}>{v}</a> ' for v in rules.NAMES)
    switch = "".join(
        f'<a href="{here}?lang={lang}" lang="{i18n.CONTENT_LANGUAGE[lang]}" hreflang='
        f'"{i18n.CONTENT_LANGUAGE[lang]}"{_current(lang == language)}>{label}</a> '
        for lang, label in (("zh", "中文"), ("en", "English")))
    return f"""<!doctype html>
<html lang="{i18n.CONTENT_LANGUAGE[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)} · {say(RULES_BOOK)}</title>
<link rel="stylesheet" href="{_asset_url("style.css")}">
<link rel="stylesheet" href="{_asset_url("book.css")}">
<link rel="icon" href="{_asset_url("favicon.svg")}" type="image/svg+xml">
</head>
<body class="book">
<a class="skip" href="#page">{say(SKIP)}</a>
<header class="top">
  <h1><a href="/"><span lang="zh-CN">麻将计分</span></a> {home}</h1>
  <nav class="lang-switch" aria-label="Language 语言">{switch}</nav>
  <nav aria-label="{say(BOOK_PAGES)}"><a href="/">{say(PLAYGROUND)}</a> {pages}</nav>
</header>
<main id="page" class="book-page">
<article>
{article}</article>
</main>
</body>
</html>
"""


def _current(yes: bool) -> str:
    return ' aria-current="page"' if yes else ""


# ------------------------------------------------------------------------------ answers
def _form() -> str:
    """``html`` when the Accept header prefers text/html to text/markdown, else ``markdown``
    (also for no Accept, ``*/*``, or types the book does not have: clients that took the
    Markdown before the HTML existed keep getting it)."""
    best = request.accept_mimetypes.best_match(["text/markdown", "text/html"])
    return "html" if best == "text/html" else "markdown"


def _language() -> tuple[str, str | None] | Response:
    """The page's language and the ``lang`` it was asked with (None: Accept-Language)."""
    chosen = request.args.get("lang")
    if chosen is None:
        return i18n.language(), None
    if chosen not in LANGUAGES:
        return problem_response(400, TITLES[400],
                                msg("lang is {lang!r}: the rules book is in {languages} (or "
                                    "leave lang out to follow 'Accept-Language')", lang=chosen,
                                    languages=[repr(language) for language in LANGUAGES]),
                                kind="bad-request", code=FIELD_NOT_ALLOWED_VALUE)
    return chosen, chosen


def _answer(name: str) -> Response:
    chosen = _language()
    if isinstance(chosen, Response):
        return chosen
    language, asked = chosen
    if not path_of(name, language).is_file():  # not translated (yet): the English source
        language = "en"
    form = _form()
    found = _cached(name, language, form, asked if form == "html" else None)
    response = Response(found.body, content_type=HTML if form == "html" else MARKDOWN)
    response.set_etag(found.etag)
    headers = response.headers
    headers["Cache-Control"] = "no-cache"
    headers["Vary"] = "Accept, Accept-Language"
    headers["Content-Language"] = i18n.CONTENT_LANGUAGE[language]
    if form == "html":
        headers["Content-Security-Policy"] = _CSP
        headers["Referrer-Policy"] = "same-origin"
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
