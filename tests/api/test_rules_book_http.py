"""GET /rules and GET /rules/<variant>: the rules book's pages, as Markdown (the files as they
are) or, for a browser, as HTML whose every link leads somewhere on the server; in English,
or in Chinese under Accept-Language: zh (or ?lang=zh)."""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from app import rulesbook
from rules import NAMES

BOOK = Path(__file__).resolve().parents[2] / "docs" / "rules"
PAGES = [("/rules", "README"), *((f"/rules/{n}", n) for n in NAMES)]
BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"  # Firefox's
MARKDOWN = "text/markdown; charset=utf-8"
HTML = "text/html; charset=utf-8"


class _Page(HTMLParser):
    """The hrefs, ids, <title> and <html lang> of an HTML page."""

    def __init__(self, text: str):
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()
        self.title, self.lang, self._in_title = "", None, False
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if "href" in found:
            self.hrefs.append(found["href"])
        if "id" in found:
            self.ids.add(found["id"])
        if tag == "html":
            self.lang = found.get("lang")
        self._in_title = tag == "title"

    def handle_endtag(self, tag):
        self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.title += data


def first_heading(markdown: str) -> str:
    return next(line[2:].strip() for line in markdown.splitlines() if line.startswith("# "))


# ------------------------------------------------------------------------------ Markdown
@pytest.mark.parametrize(("path", "page"), PAGES)
@pytest.mark.parametrize("accept", [None, "*/*", "text/markdown", "text/plain",
                                    "text/markdown, text/html;q=0.5"])
def test_each_page_is_the_books_markdown(client, path, page, accept):
    response = client.get(path, headers={"Accept": accept} if accept else {})
    assert response.status_code == 200
    assert response.headers["Content-Type"] == MARKDOWN
    assert response.get_data() == (BOOK / f"{page}.md").read_bytes()
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Vary"] == "Accept, Accept-Language"
    assert response.headers["Content-Language"] == "en"


def test_a_variant_page_starts_with_its_name(client):
    for name in NAMES:
        assert client.get(f"/rules/{name}").get_data(as_text=True).startswith(f"# {name} — ")


def test_an_unchanged_page_is_a_304(client):
    first = client.get("/rules/qinzhou")
    again = client.get("/rules/qinzhou", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""
    other = client.get("/rules/guangdong", headers={"If-None-Match": first.headers["ETag"]})
    assert other.status_code == 200  # each page has its own ETag


# ---------------------------------------------------------------------------------- HTML
@pytest.mark.parametrize(("path", "page"), PAGES)
def test_a_browser_gets_the_page_as_html(client, path, page):
    response = client.get(path, headers={"Accept": BROWSER})
    assert response.status_code == 200
    assert response.headers["Content-Type"] == HTML
    assert response.headers["Vary"] == "Accept, Accept-Language"
    assert response.headers["Content-Language"] == "en"
    assert response.headers["Cache-Control"] == "no-cache"
    assert "script-src" not in response.headers["Content-Security-Policy"]  # none at all
    assert "default-src 'none'" in response.headers["Content-Security-Policy"]
    text = response.get_data(as_text=True)
    parsed = _Page(text)
    heading = first_heading((BOOK / f"{page}.md").read_text(encoding="utf-8"))
    assert parsed.title.startswith(heading) and parsed.lang == "en"
    assert '<header class="top">' in text and '<a href="/">' in text  # back to the playground
    assert re.search(r'href="/playground/style\.css\?v=\w+"', text)  # the playground's look
    assert "<table>" in text and "<pre><code" in text  # the Markdown rendered


def test_the_html_is_html_for_any_accept_that_prefers_it(client):
    for accept in ("text/html", "text/html, text/markdown;q=0.9", "text/*;q=0.5, text/html"):
        assert client.get("/rules", headers={"Accept": accept}).mimetype == "text/html", accept
    for accept in ("text/html;q=0.5, text/markdown", "text/*", "application/json"):
        assert client.get("/rules", headers={"Accept": accept}).mimetype == "text/markdown"


def _every_href(client, language: str | None = None, lang: str | None = None):
    headers = {"Accept": BROWSER, **({"Accept-Language": language} if language else {})}
    for path, _ in PAGES:
        url = f"{path}?lang={lang}" if lang else path
        parsed = _Page(client.get(url, headers=headers).get_data(as_text=True))
        for href in parsed.hrefs:
            yield url, parsed, href


@pytest.mark.parametrize(("language", "lang"), [(None, None), ("zh", None), (None, "en"),
                                               (None, "zh"), ("zh", "en")])
def test_every_link_of_the_html_resolves_on_the_server(client, language, lang):
    """Each href is an https address or answers 200 here; an anchor names an id of its page
    (in the language the link leads to)."""
    headers = {"Accept": BROWSER, **({"Accept-Language": language} if language else {})}
    pages: dict[str, _Page] = {}
    for where, parsed, href in _every_href(client, language, lang):
        if href.startswith("https://"):
            continue
        parts = urlsplit(href)
        assert not parts.scheme and not parts.netloc, f"{where}: {href}"
        target = parts.path or urlsplit(where).path
        url = target + (f"?{parts.query}" if parts.query else "")
        if url not in pages:
            response = client.get(url, headers=headers)
            assert response.status_code == 200, f"{where} links {href}: {response.status_code}"
            pages[url] = _Page(response.get_data(as_text=True)) \
                if response.mimetype == "text/html" else None
        if parts.fragment:
            page = parsed if not parts.path else pages[url]
            assert page is not None and unquote(parts.fragment) in page.ids, \
                f"{where} links {href}: no such anchor"


def test_links_to_pages_of_the_book_go_to_rules(client):
    hrefs = {href for _, _, href in _every_href(client)}
    assert "/rules#common-to-all-four-variants" in hrefs
    assert "/rules#play-rules-post-replay" in hrefs
    assert {f"/rules/{n}" for n in NAMES} <= hrefs
    assert not [h for h in hrefs if ".md" in h]


def test_a_link_to_a_file_the_service_does_not_serve_is_its_repository_path(client):
    text = client.get("/rules", headers={"Accept": BROWSER}).get_data(as_text=True)
    assert re.search(r'<code class="repo-path" title="[^"]+">docs/replay\.md</code>', text)
    assert re.search(r'<span class="repo-file">What to discard: shanten and 进张</span> '
                     r'\(<code class="repo-path" title="[^"]+">docs/advice\.md</code>\)', text)


def test_the_lang_parameter_is_kept_in_the_links_it_came_with(client):
    page = _Page(client.get("/rules/xingguo?lang=en", headers={"Accept": BROWSER})
                 .get_data(as_text=True))
    book = [h for h in page.hrefs if h.startswith("/rules")]
    assert book and all("lang=" in h for h in book), book


def test_each_representation_has_its_own_etag_and_304(client):
    markdown = client.get("/rules/xingguo")
    html = client.get("/rules/xingguo", headers={"Accept": BROWSER})
    assert markdown.headers["ETag"] != html.headers["ETag"]
    for response, accept in ((markdown, "*/*"), (html, BROWSER)):
        again = client.get("/rules/xingguo", headers={"Accept": accept,
                                                      "If-None-Match": response.headers["ETag"]})
        assert again.status_code == 304 and again.get_data() == b""
        assert again.headers["Vary"] == "Accept, Accept-Language"
    crossed = client.get("/rules/xingguo", headers={"Accept": BROWSER,
                                                    "If-None-Match": markdown.headers["ETag"]})
    assert crossed.status_code == 200 and crossed.mimetype == "text/html"


def test_a_changed_page_is_rendered_again(client, tmp_path, monkeypatch):
    copy = tmp_path / "docs" / "rules"
    copy.mkdir(parents=True)  # the English pages only: no Chinese translation
    for path in BOOK.glob("*.md"):
        (copy / path.name).write_bytes(path.read_bytes())
    monkeypatch.setattr(rulesbook, "ROOT", tmp_path)
    monkeypatch.setattr(rulesbook, "_pages", {})
    before = client.get("/rules/qinzhou", headers={"Accept": BROWSER})
    page = copy / "qinzhou.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nA new line.\n", encoding="utf-8")
    stat = page.stat()
    os.utime(page, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    after = client.get("/rules/qinzhou", headers={"Accept": BROWSER})
    assert before.headers["ETag"] != after.headers["ETag"]
    assert "<p>A new line.</p>" in after.get_data(as_text=True)
    zh = client.get("/rules/qinzhou", headers={"Accept-Language": "zh"})
    assert zh.headers["Content-Language"] == "en"  # an untranslated page: the English one


@pytest.mark.parametrize("lang", ["fr", "", "ZH", "zh-CN"])
def test_a_lang_the_book_is_not_in_is_a_400_problem(client, lang):
    response = client.get(f"/rules/xingguo?lang={lang}")
    assert response.status_code == 400
    assert response.mimetype == "application/problem+json"
    assert response.get_json()["code"] == "field.not_allowed_value"


# ------------------------------------------------------------------------------- Chinese
ZH = BOOK / "zh"


@pytest.mark.parametrize(("path", "page"), PAGES)
@pytest.mark.parametrize("asked", [{"Accept-Language": "zh"},
                                   {"Accept-Language": "en;q=0.5, zh-CN"},
                                   {"Accept-Language": "en", "lang": "zh"}])
def test_chinese_readers_get_the_chinese_markdown(client, path, page, asked):
    headers = dict(asked)
    lang = headers.pop("lang", None)
    response = client.get(path + (f"?lang={lang}" if lang else ""), headers=headers)
    assert response.status_code == 200 and response.headers["Content-Type"] == MARKDOWN
    assert response.headers["Content-Language"] == "zh-CN"
    assert response.headers["Vary"] == "Accept, Accept-Language"
    assert response.get_data() == (ZH / f"{page}.md").read_bytes()


@pytest.mark.parametrize(("path", "page"), PAGES)
def test_chinese_readers_get_the_chinese_html(client, path, page):
    response = client.get(path, headers={"Accept": BROWSER, "Accept-Language": "zh-CN,zh;q=0.9"})
    assert response.status_code == 200 and response.headers["Content-Type"] == HTML
    assert response.headers["Content-Language"] == "zh-CN"
    text = response.get_data(as_text=True)
    parsed = _Page(text)
    assert parsed.lang == "zh-CN"
    assert parsed.title.startswith(first_heading((ZH / f"{page}.md").read_text(encoding="utf-8")))
    assert "规则书" in parsed.title and ">试玩页</a>" in text  # the header in Chinese too
    english = "/rules?lang=en" if page == "README" else f"/rules/{page}?lang=en"
    assert english in parsed.hrefs  # the note at the top links the English original


@pytest.mark.parametrize("accept", [None, BROWSER])
def test_english_stays_english_and_lang_overrides_accept_language(client, accept):
    base = {"Accept": accept} if accept else {}
    for headers, url, language in (({}, "/rules/qinzhou", "en"),
                                   ({"Accept-Language": "fr, de"}, "/rules/qinzhou", "en"),
                                   ({"Accept-Language": "zh"}, "/rules/qinzhou?lang=en", "en"),
                                   ({}, "/rules/qinzhou?lang=zh", "zh-CN")):
        response = client.get(url, headers={**base, **headers})
        assert response.headers["Content-Language"] == language, (headers, url)


def test_each_language_has_its_own_etag_and_304(client):
    etags = set()
    for accept in ("text/markdown", BROWSER):
        for language in ("en", "zh"):
            headers = {"Accept": accept, "Accept-Language": language}
            first = client.get("/rules/nanchang", headers=headers)
            again = client.get("/rules/nanchang",
                               headers={**headers, "If-None-Match": first.headers["ETag"]})
            assert again.status_code == 304, (accept, language)
            etags.add(first.headers["ETag"])
    assert len(etags) == 4  # Markdown/HTML × en/zh
    english = client.get("/rules/nanchang").headers["ETag"]
    chinese = client.get("/rules/nanchang", headers={"Accept-Language": "zh",
                                                     "If-None-Match": english})
    assert chinese.status_code == 200 and chinese.headers["Content-Language"] == "zh-CN"


# ------------------------------------------------------------------------ the renderer
@pytest.mark.parametrize(("heading", "anchor"), [
    ("Common to all four variants", "common-to-all-four-variants"),
    ("Play rules (`POST /replay`)", "play-rules-post-replay"),
    ("Who deals next (the /match rotation)", "who-deals-next-the-match-rotation"),
    ("guangdong — 广东鸡平和 (Guangdong Jipinghu)", "guangdong--广东鸡平和-guangdong-jipinghu"),
    ("Worked example: 冲关 (F组 2 「7精4倍冲关： 28+28+28=84」)",
     "worked-example-冲关-f组-2-7精4倍冲关-28282884"),
])
def test_anchors_are_githubs(heading, anchor):
    assert rulesbook.slug(heading.replace("`", "")) == anchor


@pytest.mark.parametrize(("href", "language", "chosen", "target"), [
    ("xingguo.md", "en", None, "/rules/xingguo"),
    ("README.md#words", "en", None, "/rules#words"),
    ("README.md", "en", "en", "/rules?lang=en"),
    ("#payments", "en", None, "#payments"),
    ("https://example.org/x", "en", None, "https://example.org/x"),
    ("../replay.md", "en", None, None),
    ("../../README.md", "en", None, None),
    ("riichi.md", "en", None, None),
    ("../xingguo.md", "zh", None, "/rules/xingguo?lang=en"),
    ("../README.md#words", "zh", "zh", "/rules?lang=en#words"),
    ("nanchang.md", "zh", "zh", "/rules/nanchang?lang=zh"),
    ("../../match.md", "zh", None, None),
    ("http://example.org", "en", None, None),
    ("mailto:someone@example.org", "en", None, None),
])
def test_where_a_link_leads(href, language, chosen, target):
    assert rulesbook.link_target(href, language, chosen) == target


# -------------------------------------------------------------------------- refusals
@pytest.mark.parametrize("variant", ["riichi", "XINGGUO", "README", "xingguo.md", ".."])
def test_an_unknown_variant_is_a_404_problem_naming_the_known_ones(client, variant):
    response = client.get(f"/rules/{variant}", headers={"Accept": BROWSER})
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert problem["status"] == 404 and problem["type"].endswith(":not-found")
    assert all(name in problem["detail"] for name in NAMES)


@pytest.mark.parametrize("path", ["/rules/..%2Fapp", "/rules/../app/views.py",
                                  "/rules/xingguo/more", "/rules/", "/rules/zh/xingguo"])
def test_no_path_leads_out_of_the_book(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"


def test_no_other_method(client):
    response = client.post("/rules/xingguo", json={})
    assert response.status_code == 405
    assert response.mimetype == "application/problem+json"
