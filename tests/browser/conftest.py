"""Browser tests: the real app on a live local server, driven by Debian's chromium.

Playwright's own browser downloads are never used (``playwright install`` is not run): the
tests launch the system chromium through ``executable_path``. Without it (or without the
playwright package) they are skipped with the reason printed, and fail where
``REQUIRE_BROWSER_TESTS=1`` (.ci/run sets it): see tests/toolchains.py.
``SKIP_BROWSER_TESTS=1`` skips them even where chromium is installed.
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from werkzeug.serving import make_server

from app import create_app
from tests.toolchains import CHROMIUM, unavailable

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ROOT = Path(__file__).resolve().parents[2]
VIEWPORT = {"width": 1400, "height": 1000}


@pytest.fixture(scope="session")
def live_server() -> Iterator[str]:
    """The real app, served by werkzeug on a free port of 127.0.0.1 in a background thread."""
    server = make_server("127.0.0.1", 0, create_app(), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def gunicorn_server() -> Iterator[SimpleNamespace]:
    """The app under gunicorn, started as `make run` starts it (tests/e2e/conftest.py), with
    its limits (a request line over 4,096 bytes is a 414) and its access log on: ``.url``,
    and ``.request_lines()``, the request lines it has received so far, as the browser sent
    them."""
    from tests.e2e.conftest import free_port, server_log, start_server, stop_server

    port = free_port()
    process = start_server(port, WEB_CONCURRENCY="1", ACCESS_LOG="-")

    def request_lines() -> list[str]:
        lines = []
        for line in server_log(process).splitlines():
            if '"logger": "gunicorn.access"' in line:
                found = re.search(r'"([A-Z]+ \S+ HTTP/1\.[01])"', json.loads(line)["msg"])
                lines += [found[1]] if found else []
        return lines

    try:
        yield SimpleNamespace(url=f"http://127.0.0.1:{port}", request_lines=request_lines)
    finally:
        stop_server(process)


@pytest.fixture(scope="session")
def browser():
    if os.environ.get("SKIP_BROWSER_TESTS") == "1":
        pytest.skip("SKIP_BROWSER_TESTS=1")
    if not CHROMIUM.exists():
        unavailable("browser", f"the browser tests need chromium, not found at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("browser", "the browser tests need the playwright package "
                               "(make dev installs requirements-dev.txt)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                              args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture()
def page(browser, live_server):
    """A fresh page on the live server that fails the test on any script error.

    The browser speaks English (en-US), whatever the machine's locale: the page follows
    navigator.languages, and these tests read its English labels.
    """
    context = browser.new_context(viewport=VIEWPORT, base_url=live_server, locale="en-US")
    new_page = context.new_page()
    new_page.set_default_timeout(10_000)
    errors: list[str] = []
    new_page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield new_page
    context.close()
    assert not errors, f"script errors on the page: {errors}"


@pytest.fixture()
def open_page(browser, live_server) -> Iterator:
    """open_page(viewport, locale) → a fresh page in its own browser profile, at that size and
    language; any script error on any of them fails the test."""
    contexts, errors = [], []

    def make(viewport: dict | None = None, locale: str = "en-US"):
        context = browser.new_context(viewport=viewport or VIEWPORT, base_url=live_server,
                                      locale=locale)
        contexts.append(context)
        new_page = context.new_page()
        new_page.set_default_timeout(10_000)
        new_page.on("pageerror", lambda exc: errors.append(str(exc)))
        return new_page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"script errors on the page: {errors}"


def open_playground(page, fragment: str = "") -> None:
    """Load GET / (optionally with a shared case) and wait until the page is ready."""
    page.goto("/" + fragment)
    page.wait_for_selector("body[data-ready=true]")


def answers(page) -> int:
    """How many answers the page has shown (it counts them in body[data-answers])."""
    return int(page.evaluate("document.body.dataset.answers || 0"))


def wait_for_answer(page, seen: int = 0) -> None:
    """Wait until the page has shown more than ``seen`` answers."""
    page.wait_for_function("n => Number(document.body.dataset.answers || 0) > n", arg=seen)


def score(page) -> None:
    """Press the form's submit button and wait for its answer."""
    seen = answers(page)
    page.click("#submit")
    wait_for_answer(page, seen)


def example(page) -> None:
    """Load the tab's example and wait for its answer."""
    seen = answers(page)
    page.click("#example")
    wait_for_answer(page, seen)


def save_screenshot(page, name: str, element=None, full_page: bool = True) -> Path:
    """Save a PNG of the page (or of one element) under build/screenshots/, and into docs/
    when UPDATE_SCREENSHOTS=1 (how the README's pictures are made; see docs/playground.md).
    """
    out = ROOT / "build" / "screenshots" / name
    out.parent.mkdir(parents=True, exist_ok=True)
    targets = [out] + ([ROOT / "docs" / name] if os.environ.get("UPDATE_SCREENSHOTS") == "1"
                       else [])
    for path in targets:
        if element is not None:
            element.screenshot(path=str(path))
        else:
            page.screenshot(path=str(path), full_page=full_page)
    return out
