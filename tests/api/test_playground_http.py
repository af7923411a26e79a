"""The playground's HTTP side (Flask test client): pages, static files, caching headers."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from app import playground
from rules.tiles import CODES

STATIC = Path(playground.__file__).resolve().parent / "static" / "playground"
LINK = re.compile(r'(?:href|src|data-tiles)="(/playground/([\w.-]+)\?v=(\w+))"')


@pytest.mark.parametrize("path", ["/", "/embed"])
def test_pages_link_every_asset_by_content_hash(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    assert response.headers["Cache-Control"] == "no-cache"
    links = LINK.findall(response.get_data(as_text=True))
    assert {name for _, name, _ in links} >= {"style.css", "common.js", "tiles.svg"}
    assert "{{" not in response.get_data(as_text=True)
    for url, name, digest in links:
        asset = client.get(url)
        assert asset.status_code == 200, url
        assert asset.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert asset.headers["X-Content-Type-Options"] == "nosniff"
        assert asset.get_data() == (STATIC / name).read_bytes()
        assert len(digest) == 12


def test_an_unchanged_page_is_a_304(client):
    first = client.get("/")
    etag = first.headers["ETag"]
    again = client.get("/", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.get_data() == b""


def test_an_asset_without_its_hash_is_cached_briefly(client):
    response = client.get("/playground/common.js")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == f"public, max-age={playground.SHORT}"
    assert response.mimetype == "text/javascript"
    stale = client.get("/playground/common.js?v=000000000000")
    assert stale.headers["Cache-Control"] == f"public, max-age={playground.SHORT}"
    etag = response.headers["ETag"]
    assert client.get("/playground/common.js", headers={"If-None-Match": etag}).status_code == 304


@pytest.mark.parametrize("path", ["/playground/index.html", "/playground/embed.html",
                                  "/playground/nope.js", "/playground/../views.py",
                                  "/playground/%2e%2e/views.py", "/playground/sub/x.js"])
def test_only_listed_assets_are_served(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"


def test_the_page_may_not_be_framed_by_others_but_the_widget_may(client):
    page_csp = client.get("/").headers["Content-Security-Policy"]
    assert "frame-ancestors 'self'" in page_csp
    assert "script-src 'self'" in page_csp and "connect-src 'self'" in page_csp
    widget = client.get("/embed")
    assert "frame-ancestors" not in widget.headers["Content-Security-Policy"]
    assert "X-Frame-Options" not in widget.headers


def test_no_asset_comes_from_another_site():
    for path in STATIC.iterdir():
        if path.suffix in (".html", ".js", ".css"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"(src|href)=\"(https?:)?//", text), path.name
            assert "@import" not in text and "url(http" not in text, path.name


def test_the_sprite_has_every_tile():
    sprite = (STATIC / "tiles.svg").read_text(encoding="utf-8")
    assert re.findall(r'<symbol id="t-([^"]+)"', sprite) == list(CODES)


def test_the_api_still_answers_beside_the_page(post):
    status, body = post("/evaluate", {"variant": "qinzhou", "hand": "123m456p789s111sEE"})
    assert status == 200 and body["winning"] is True


def test_a_changed_asset_gets_a_new_url_and_the_page_a_new_etag(tmp_path, monkeypatch):
    for path in STATIC.iterdir():
        (tmp_path / path.name).write_bytes(path.read_bytes())
    monkeypatch.setattr(playground, "STATIC", tmp_path)
    monkeypatch.setattr(playground, "_assets", {})
    monkeypatch.setattr(playground, "_pages", {})
    before, etag_before = playground.render("index.html")
    assert playground.render("index.html") == (before, etag_before)  # served from memory
    script = tmp_path / "common.js"
    script.write_text(script.read_text(encoding="utf-8") + "\n// changed\n", encoding="utf-8")
    stat = script.stat()
    os.utime(script, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    after, etag_after = playground.render("index.html")
    old = re.search(r"common\.js\?v=(\w+)", before).group(1)
    new = re.search(r"common\.js\?v=(\w+)", after).group(1)
    assert old != new and etag_before != etag_after
    assert re.search(r"style\.css\?v=(\w+)", before).group(1) == \
        re.search(r"style\.css\?v=(\w+)", after).group(1)


def test_a_page_that_links_a_missing_asset_fails_loudly(tmp_path, monkeypatch):
    (tmp_path / "index.html").write_text('<script src="{{ asset gone.js }}"></script>',
                                         encoding="utf-8")
    monkeypatch.setattr(playground, "STATIC", tmp_path)
    monkeypatch.setattr(playground, "_pages", {})
    with pytest.raises(LookupError, match=r"gone\.js"):
        playground.render("index.html")
