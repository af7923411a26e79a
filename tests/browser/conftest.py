"""Browser tests: the real app on a live local server, driven by Debian's chromium.

Playwright's own browser downloads are never used (``playwright install`` is not run): the
tests launch the system chromium through ``executable_path``. Without it (or without the
playwright package) they are skipped with the reason printed, and fail where
``REQUIRE_BROWSER_TESTS=1`` (.ci/run sets it): see tests/toolchains.py.
``SKIP_BROWSER_TESTS=1`` skips them even where chromium is installed.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

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
