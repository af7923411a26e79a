"""GET /rules and GET /rules/<variant>: the rules book's Markdown pages, served as they are."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import NAMES

BOOK = Path(__file__).resolve().parents[2] / "docs" / "rules"


@pytest.mark.parametrize(("path", "page"), [("/rules", "README"),
                                            *((f"/rules/{n}", n) for n in NAMES)])
def test_each_page_is_the_books_markdown(client, path, page):
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/markdown; charset=utf-8"
    assert response.get_data() == (BOOK / f"{page}.md").read_bytes()
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_a_variant_page_starts_with_its_name(client):
    for name in NAMES:
        assert client.get(f"/rules/{name}").get_data(as_text=True).startswith(f"# {name} — ")


def test_an_unchanged_page_is_a_304(client):
    first = client.get("/rules/qinzhou")
    again = client.get("/rules/qinzhou", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""
    other = client.get("/rules/guangdong", headers={"If-None-Match": first.headers["ETag"]})
    assert other.status_code == 200  # each page has its own ETag


@pytest.mark.parametrize("variant", ["riichi", "XINGGUO", "README", "xingguo.md", ".."])
def test_an_unknown_variant_is_a_404_problem_naming_the_known_ones(client, variant):
    response = client.get(f"/rules/{variant}")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert problem["status"] == 404 and problem["type"].endswith(":not-found")
    assert all(name in problem["detail"] for name in NAMES)


@pytest.mark.parametrize("path", ["/rules/..%2Fapp", "/rules/../app/views.py",
                                  "/rules/xingguo/more", "/rules/"])
def test_no_path_leads_out_of_the_book(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"


def test_no_other_method(client):
    response = client.post("/rules/xingguo", json={})
    assert response.status_code == 405
    assert response.mimetype == "application/problem+json"
