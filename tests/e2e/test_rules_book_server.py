"""End to end: the real gunicorn server serves the rules book as a browser and a client ask
for it, in English and in Chinese, with a 304 per representation."""

from __future__ import annotations

import re

import requests

BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


def test_a_browser_gets_the_page_and_every_link_on_it_answers(server_url):
    response = requests.get(f"{server_url}/rules/guangdong", timeout=5,
                            headers={"Accept": BROWSER, "Accept-Language": "zh-CN,zh;q=0.9"})
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/html; charset=utf-8"
    assert response.headers["Content-Language"] == "zh-CN"
    assert response.headers["Vary"] == "Accept, Accept-Language"
    text = response.text
    assert "<title>guangdong — 广东鸡平和" in text and '<html lang="zh-CN">' in text
    hrefs = set(re.findall(r'href="([^"#]+)', text))
    assert "/rules/guangdong?lang=en" in hrefs  # the English original
    for href in hrefs:
        assert requests.get(f"{server_url}{href}", timeout=5, headers={
            "Accept": BROWSER}).status_code == 200, href
    again = requests.get(f"{server_url}/rules/guangdong", timeout=5, headers={
        "Accept": BROWSER, "Accept-Language": "zh", "If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


def test_a_client_still_gets_the_markdown(server_url):
    response = requests.get(f"{server_url}/rules", timeout=5)  # requests sends Accept: */*
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/markdown; charset=utf-8"
    assert response.headers["Content-Language"] == "en"
    assert response.text.startswith("# The rules book")
    chinese = requests.get(f"{server_url}/rules", timeout=5,
                           headers={"Accept": "text/markdown", "Accept-Language": "zh"})
    assert chinese.text.startswith("# 规则书")
    assert chinese.headers["ETag"] != response.headers["ETag"]
