"""The reader's language: ``Accept-Language`` picks a message catalogue, and every sentence of
an answer (a :class:`rules.text.Text`) is rendered with it as the answer is written.

* **Catalogues** are gettext's: ``app/translations/<lang>/LC_MESSAGES/messages.po``, extracted
  from the code (``make messages``: every ``msg(...)`` of rules/ and ``Message(...)`` of app/)
  and compiled to ``messages.mo`` at install and image build (``make translations``). A
  checkout whose ``.mo`` is missing or older than its ``.po`` compiles it in memory at start-up
  and logs a warning, so a Chinese reader never silently gets English.
* **Negotiation** follows RFC 9110's Accept-Language: the highest q wins, q=0 refuses, ``*``
  is any language. Any ``zh`` tag (zh-CN, zh-Hans, zh, zh-TW, …) gets the simplified-Chinese
  catalogue, the only Chinese one; ``en`` and anything else get English, the default. The
  answer says which with ``Content-Language`` (``en`` or ``zh-CN``) and ``Vary:
  Accept-Language``.
* **Rendering** happens in orjson's ``default`` hook (:func:`dumps`): an answer is built from
  the domain's objects as usual and a Text is turned into a string only when it is written,
  so no view knows about languages and nothing is rendered twice. A place a sentence names
  (:class:`rules.places.Place`) is written as the request's field path (app/places.py).
"""

from __future__ import annotations

import functools
import gettext
import io
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
from flask import Flask, Response, current_app, g, has_app_context, request

from app.places import Form, locator
from rules.text import Text, term_id, term_zh

log = logging.getLogger("app.i18n")

TRANSLATIONS = Path(__file__).resolve().parent / "translations"
DOMAIN = "messages"
DEFAULT = "en"
# catalogue → what Content-Language says of an answer in it
CONTENT_LANGUAGE = {"en": "en", "zh": "zh-CN"}
CATALOGUED = ("zh",)  # the languages with a catalogue (English is the templates themselves)
# How each language says a term (a pattern, a win type) inside a sentence or a formula:
# English answers keep the id, as they always have; Chinese ones say its Chinese name.
NAMERS = {"en": term_id, "zh": term_zh}


def negotiate(header: str | None) -> str:
    """The catalogue for an Accept-Language value: ``zh`` or ``en`` (also for no header, a
    malformed one, or only languages the service does not speak)."""
    best, best_q = DEFAULT, 0.0
    for tag, q in _ranges(header or ""):
        language = _catalogue_of(tag)
        if language is not None and q > best_q:  # ties: the first listed wins
            best, best_q = language, q
    return best


def _ranges(header: str) -> list[tuple[str, float]]:
    """The language ranges of an Accept-Language value with their q (1 when not given);
    an item that cannot be read is skipped, as RFC 9110 lets a server do."""
    out = []
    for item in header.split(",")[:32]:  # a client never needs more; bounds the work
        tag, _, params = item.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value.strip())
                except ValueError:
                    q = -1.0
        if tag and 0.0 < q <= 1.0:
            out.append((tag.strip().lower(), q))
    return out


def _catalogue_of(tag: str) -> str | None:
    if tag == "*":
        return DEFAULT
    primary = tag.split("-", 1)[0]
    if primary == "zh":
        return "zh"
    if primary == "en":
        return "en"
    return None


class Catalogues:
    """Each language's gettext catalogue, loaded once per process."""

    def __init__(self, directory: Path = TRANSLATIONS):
        self._translate: dict[str, Callable[[str], str]] = {DEFAULT: _same}
        for language in CATALOGUED:
            self._translate[language] = _load(directory, language).gettext

    def translate(self, language: str) -> Callable[[str], str]:
        return self._translate.get(language, _same)


def _same(template: str) -> str:
    return template


def _load(directory: Path, language: str) -> gettext.NullTranslations:
    """The compiled catalogue; compiled here from the .po when the .mo is missing or stale.
    Loaded once per process and file version (every app the tests build shares it)."""
    base = directory / language / "LC_MESSAGES"
    po, mo = base / f"{DOMAIN}.po", base / f"{DOMAIN}.mo"
    return _load_files(po, mo, _mtime(po), _mtime(mo))


def _mtime(path: Path) -> float | None:
    return path.stat().st_mtime if path.exists() else None


@functools.lru_cache(maxsize=8)
def _load_files(po: Path, mo: Path, po_time: float | None, mo_time: float | None
                ) -> gettext.NullTranslations:
    language = po.parent.parent.name
    if mo_time is not None and (po_time is None or mo_time >= po_time):
        with mo.open("rb") as stream:
            return gettext.GNUTranslations(stream)
    if po_time is None:
        log.error("no message catalogue for %s at %s: answers in %s will be English",
                  language, po, language)
        return gettext.NullTranslations()
    log.warning("%s is missing or older than its .po: compiled in memory (run make "
                "translations)", mo)
    return gettext.GNUTranslations(io.BytesIO(compile_po(po)))


def compile_po(po: Path) -> bytes:
    """A .po file as .mo bytes (Babel's compiler, as ``pybabel compile`` uses)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as stream:
        catalog = read_po(stream)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def language() -> str:
    """The current request's catalogue (negotiated once per request)."""
    chosen = g.get("language")
    if chosen is None:
        chosen = g.language = negotiate(request.headers.get("Accept-Language"))
    return chosen


def renderer(language_: str) -> Callable[[Any], str]:
    """orjson's ``default`` hook for ``language_``: it renders a Text and refuses the rest.
    One answer often says the same Text more than once (a self-drawn win's ledger line for
    each payer): it is rendered once."""
    translate = _catalogues().translate(language_)
    locate = locator()
    name = NAMERS.get(language_, term_id)
    rendered: dict[int, str] = {}

    def render(value: Any) -> str:
        if isinstance(value, Text):
            said = rendered.get(id(value))
            if said is None:
                said = rendered[id(value)] = value.render(translate, locate, name)
            return said
        raise TypeError(f"{type(value).__name__} is not JSON serialisable")

    return render


def _catalogues() -> Catalogues:
    """The app's catalogues; outside a request (a benchmark calling a view's function, a
    script) the process's own, loaded once."""
    if has_app_context():
        return current_app.extensions["catalogues"]
    return _process_catalogues()


@functools.cache
def _process_catalogues() -> Catalogues:
    return Catalogues()


def dumps(payload: Any, language_: str | None = None, option: int | None = None) -> bytes:
    """``payload`` as JSON, its sentences in ``language_`` (default: the request's)."""
    render = renderer(language_ or language())
    return orjson.dumps(payload, default=render) if option is None \
        else orjson.dumps(payload, default=render, option=option)


_SAYS_SENTENCES = ("application/json", "application/problem+json")


def _headers(response: Response) -> Response:
    """Content-Language and Vary on every answer that says sentences (JSON and problems).
    The headers are read and written directly: werkzeug's ``response.vary`` parses and
    rewrites the header set, a measured 2% of an in-process /settle."""
    headers = response.headers
    if headers.get("Content-Type", "").startswith(_SAYS_SENTENCES):
        headers["Content-Language"] = CONTENT_LANGUAGE[language()]
        vary = headers.get("Vary")
        if not vary:
            headers["Vary"] = "Accept-Language"
        elif "accept-language" not in vary.lower():
            headers["Vary"] = f"{vary}, Accept-Language"
    return response


def register(app: Flask) -> None:
    app.extensions["catalogues"] = Catalogues()
    app.after_request(_headers)


def english(value: Text | str) -> str:
    """A sentence in English, its places written as /evaluate's request spells them: what
    the contract and the docs say (an option's description, an example's message)."""
    return value.render(locate=locator(Form.EVALUATE)) if isinstance(value, Text) else value
