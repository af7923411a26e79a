"""The OpenAPI 3.1 contract, generated from the marshmallow schemas (one source of truth).

``python -m app.openapi > openapi.yaml`` writes the committed file; a test fails when the
committed file and the generated one differ, so the contract cannot drift from the code.
"""

from __future__ import annotations

import sys
from typing import Any

import yaml
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import fields

import rules
from app import examples, playground
from app.i18n import english
from app.ops import DOCS_FILES
from app.schemas import requests as req
from app.schemas import responses as out
from app.schemas.fields import Seat, StrictBool, StrictInt, Tile, TileCode, Tiles
from app.version import CONTRACT_VERSION
from rules.matches import MAX_ROUNDS
from rules.review import STATES_PER_DECISION, STATES_PER_REVIEW
from rules.tiles import CODES

TITLE = "Mahjong scoring service"
DESCRIPTION = (
    "Scores Chinese mahjong hands and settles rounds for four regional variants: xingguo "
    "兴国冲关 and nanchang 南昌 (Jiangxi, wild jing), qinzhou 钦州 (Guangxi, fan list and "
    "奖马 horses) and guangdong 鸡平和 (fan doubling with a 3-fan cap).\n\n"
    "Tiles are accepted as compact strings (`\"123m456p789sEEECC\"`), arrays of codes, `z` "
    "digits (1z-7z = E S W N P F C), Chinese names and Unicode tiles; answers always use the "
    "canonical codes `1m`-`9m`, `1p`-`9p`, `1s`-`9s`, `E S W N`, `C` (红中) `F` (发财) "
    "`P` (白板). Every error is `application/problem+json` with a stable `code`, and so is "
    "each entry of its `errors` (with the `position` of a bad tile in a tile string); "
    "docs/errors.md lists every code.")

_TILE_INPUT = {
    "type": "string", "minLength": 1, "maxLength": 16,
    "description": "One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.",
}


def _custom_fields(self: Any, field: fields.Field, **_: Any) -> dict[str, Any]:
    """OpenAPI for the project's own field classes (``null`` added where allowed)."""
    schema = _own_field(field)
    if schema and field.allow_none:
        if "type" in schema:
            schema["type"] = [schema["type"], "null"]
            if "enum" in schema:
                schema["enum"] = [*schema["enum"], None]
        else:
            schema["oneOf"].append({"type": "null"})
    return schema


def _own_field(field: fields.Field) -> dict[str, Any]:
    if isinstance(field, Tiles):
        return {"oneOf": [
            {"type": "string", "maxLength": field.maximum * 4 + 16,
             "description": "Compact string: digits + suit letter, honour letters, Chinese "
                            "names or Unicode tiles.",
             "examples": ["123m" if field.maximum <= 4 else "123m456p789sEEECC"]},
            {"type": "array", "maxItems": field.maximum, "items": dict(_TILE_INPUT)},
        ]}
    if isinstance(field, Tile):
        own = field.metadata.get("description")  # the field's own words come first
        return {**_TILE_INPUT, **({"description": f"{own} {_TILE_INPUT['description']}"}
                                  if own else {})}
    if isinstance(field, TileCode):
        return {"type": "string", "enum": list(CODES)}
    if isinstance(field, Seat):
        return {"type": "integer", "minimum": 0, "maximum": 3}
    if isinstance(field, StrictInt):
        return {"type": "integer"}
    if isinstance(field, StrictBool):
        return {"type": "boolean"}
    return {}


def _problem(description: str) -> dict[str, Any]:
    return {"description": description, "headers": _HEADERS,
            "content": {"application/problem+json": {"schema": "Problem"}}}


_HEADERS = {"X-Request-ID": {"$ref": "#/components/headers/X-Request-ID"}}
_REQUEST_ID_HEADER = {
    "description": "The request id: the caller's `X-Request-ID` when it is a token of 1-128 "
                   "characters from `A-Za-z0-9._:@/+=-`, else a fresh one. It is also in the "
                   "JSON log line of the request.",
    "schema": {"type": "string"},
}

_ERRORS = {
    "400": _problem("Malformed JSON."),
    "413": _problem("Body over the size limit (64 KiB)."),
    "415": _problem("Content-Type is not application/json."),
    "422": _problem("Valid JSON that is not a valid request; `errors` names each field."),
}


def _ok(response: str | dict[str, Any], media: str = "application/json",
        description: str = "OK") -> dict[str, Any]:
    return {"description": description, "headers": _HEADERS,
            "content": {media: {"schema": response}}}


def _post(summary: str, request: str, response: str, description: str,
          errors: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"post": {
        "tags": ["scoring"], "summary": summary, "description": description,
        "requestBody": {"required": True,
                        "content": {"application/json": {"schema": request}}},
        "responses": {"200": _ok(response, description="The answer."), **(errors or _ERRORS)},
    }}


_MATCH_DESCRIPTION = (
    "A whole match in one request: the variant, its rules, the first round's dealer (and "
    "round wind), and the rounds in play order, each what /settle takes less `variant` and "
    "`rules`. The match derives what links the rounds and answers each round's settlement "
    "as /settle gives it, with what it derived (`dealer`, `round_wind`, `floor`, "
    "`carried_jing`) and the running `totals`; then the final `totals` and `standings`.\n\n"
    "Who deals next: the dealer keeps the deal when it wins (also as one of several "
    "winners) and on a drawn round (xingguo, nanchang, qinzhou: "
    "`rules.dealer_passes_on_draw` passes it instead); after a non-dealer's win the next "
    "seat deals, except in qinzhou (搶莊制), where the winner deals (of several winners on "
    "one discard, the first after the discarder). guangdong's round wind starts at "
    "`round_wind` (东) and turns 东→南→西→北 when the deal passes from the fourth dealer "
    "back to the first dealer of the match; it scores the round's 风圈. nanchang: the "
    "爬楼梯 floor follows the dealer's streak in either mode (`rules.floor` is the first "
    "round's; it stops at 10), and with 回头一笑 on each round's `jing.indicator` is the next "
    "round's `jing.previous_indicator`, scored on that round's `dealt` hands (a round "
    "without them is a 422 naming `rules.hui_tou_yi_xiao`). A round may state its "
    "`dealer`, `round_wind` or `jing.previous_indicator`: a value other than the match's "
    "is a 422 naming the round and both values.\n\n"
    f"At most {MAX_ROUNDS} rounds (a full game: 4 winds × 16 hands, streaks included); a "
    "body of up to 1 MiB (`MAX_MATCH_BODY_BYTES`). One bad round is one 422 whose field "
    "paths name it (`rounds[7].players[2].hand`), never a partial answer. Pure: the same "
    "body always gives the same answer; the service keeps no state between requests.")


_REPLAY_DESCRIPTION = (
    "The service plays the round itself from its deal and its actions: every action is "
    "checked against the variant's play rules (turns, claims and their priority, who may "
    "chow, kongs and their replacement from the wall's tail, which kong may be robbed, the "
    "last tile, and each variant's own: 胡先不胡后, 漏胡, 漏和, 聽牌後不允許換聽, 诈胡, 跟庄), "
    "and what /settle otherwise takes on trust (flags, events, `from`, `claim_order`, "
    "discards, dealt hands, horses) is derived from the log. A finished round answers the "
    "`settle_request` it implies and its `settlement`, exactly what POST /settle answers "
    "for it; a round in progress answers whose `turn` it is, the `seats` and every seat's "
    "`legal` actions. The first illegal action is a 422 whose `errors[0].field` is "
    "`actions[i]`, with an `action.*` code and a message naming the rule and its seed line; "
    "nothing after it is read. A body of up to 128 KiB (`MAX_REPLAY_BODY_BYTES`), at most "
    "600 actions. docs/replay.md in the service's repository explains every field.")


_REVIEW_DESCRIPTION = (
    "A /replay body (finished or in progress) and, optionally, one `seat`: every point where "
    "a reviewed seat acted or could have claimed (each time it held 14 tiles; each discard "
    "or added kong it could win, pung, kong or chow), what it played, the best action by the "
    "objective, both values as /advise log mode computes them on the log cut there (from what "
    "the seat saw then, never the wall or another seat's concealed tiles), the loss, and a "
    "summary per seat (agreement, total loss, the three costliest decisions). The "
    "expected-value model is /advise's (docs/review.md in the service's repository). A "
    "decision that alone needs more hand states than one /advise request may work out "
    f"({STATES_PER_DECISION:,} new ones) is left unvalued, its `too_large` true, and the "
    f"review goes on. Each seat reviewed may work out {STATES_PER_REVIEW:,} states in all; "
    "past that the review is a 422 `expected.too_large` naming the seat and saying what to "
    "ask instead.")


def _get(summary: str, response: str | dict[str, Any], media: str = "application/json",
         description: str = "", extra: dict[str, Any] | None = None,
         tag: str = "operations") -> dict[str, Any]:
    operation = {"tags": [tag], "summary": summary,
                 "responses": {"200": _ok(response, media), **(extra or {})}}
    if description:
        operation["description"] = description
    return {"get": operation}


_TEXT = {"type": "string"}
# What GET /openapi.yaml sends: a YAML document that every tool parses into a mapping (the
# OpenAPI document itself), so its schema is an object with the document's required fields.
_OPENAPI_DOCUMENT = {
    "type": "object", "required": ["openapi", "info", "paths"],
    "description": "This OpenAPI 3.1 document, as YAML.",
    "properties": {"openapi": {"type": "string", "pattern": "^3\\.1\\."},
                   "info": {"type": "object", "required": ["title", "version"]},
                   "paths": {"type": "object"}, "components": {"type": "object"}}}


def _paths(spec: APISpec) -> None:
    spec.path("/evaluate", operations=_post(
        "Score one hand, or list its waits", "EvaluateRequest", "EvaluateResponse",
        "A hand of 14 tiles (+1 per kong) is scored: `winning`, the best reading's "
        "`patterns`, `decomposition` and `payments`. A hand of 13 (+1 per kong) gets "
        "`waits`. `ruleset` says how it was scored (variant, every option as applied, rules "
        "version): store it with the round."))
    spec.path("/settle", operations=_post(
        "Settle one finished round", "SettleRequest", "Settlement",
        "Every player's zero-sum delta with an itemised ledger, and the `ruleset` used."))
    spec.path("/match", operations=_post(
        "Settle a whole match, round by round", "MatchRequest", "MatchResponse",
        _MATCH_DESCRIPTION,
        {**_ERRORS, "413": _problem("Body over the size limit of /match (1 MiB).")}))
    spec.path("/advise", operations=_post(
        "What to discard: shanten (向听数) and 进张 of each discard", "AdviseRequest",
        "AdviceResponse",
        "A hand of 14 tiles (+1 per kong), which must discard, gets one entry per distinct "
        "discard, best first: the shanten after it, every tile that lowers it (进张) with the "
        "copies left, and for a discard that leaves the hand ready its waits, each valued "
        "as `POST /evaluate` values it on a self-draw and on a discard. A hand of 13 gets "
        "its own shanten and 进张. Every shape the variant scores counts, jing are wild as "
        "the variant makes them. The order rule is in `discards`' description; docs/advice.md "
        "in the service's repository explains every term."))
    spec.path("/replay", operations=_post(
        "Replay one round from its action log", "ReplayRequest", "ReplayResponse",
        _REPLAY_DESCRIPTION,
        {**_ERRORS, "413": _problem("Body over the size limit of /replay (128 KiB).")}))
    spec.path("/review", operations=_post(
        "Review a played round, decision by decision", "ReviewRequest", "ReviewResponse",
        _REVIEW_DESCRIPTION,
        {**_ERRORS, "413": _problem("Body over the size limit of /review (128 KiB)."),
         "503": _problem("The review ran past its time budget (REVIEW_BUDGET_SECONDS): ask "
                         "for one seat, or with changes 0.")}))
    spec.path("/jing", operations=_post(
        "Jing tiles from an indicator, and jing scores", "JingRequest", "JingResponse",
        "xingguo and nanchang only."))
    spec.path("/variants", operations=_get("The variants, their shapes and rule options",
                                           "Variants", tag="scoring"))
    spec.path("/healthz", operations=_get(
        "Liveness", "Health", description="200 while the process serves HTTP."))
    spec.path("/readyz", operations=_get(
        "Readiness", "Health",
        description="200 once the app is loaded and the scoring core answers a known hand "
                    "correctly; 503 otherwise (take the instance out of the load balancer).",
        extra={"503": _problem("Not ready: the scoring core failed its self-check.")}))
    spec.path("/metrics", operations=_get(
        "Prometheus metrics", _TEXT, "text/plain",
        description="Prometheus text format 0.0.4: `mahjong_http_requests_total` and "
                    "`mahjong_http_request_duration_seconds` by endpoint, method and status; "
                    "`mahjong_core_cache_hits_total`, `..._misses_total`, `..._entries` and "
                    "`mahjong_core_cache_hit_ratio` by cache. Summed over all gunicorn "
                    "workers."))
    spec.path("/openapi.yaml", operations=_get(
        "This contract", _OPENAPI_DOCUMENT, "application/yaml",
        description="The document you are reading, as YAML: parsed, it is an object."))
    spec.path("/docs", operations=_get(
        "Interactive documentation (Swagger UI) of this contract", _TEXT, "text/html"))
    spec.path("/docs/{asset}", operations={"get": {
        "tags": ["operations"],
        "summary": "Swagger UI's assets (served from the swagger-ui-bundle package)",
        "parameters": [{"name": "asset", "in": "path", "required": True,
                        "schema": {"type": "string", "enum": list(DOCS_FILES)},
                        "description": "A file of Swagger UI."}],
        "responses": {
            "200": {"description": "The file.", "headers": _HEADERS, "content": {
                "text/css": {"schema": _TEXT}, "text/javascript": {"schema": _TEXT},
                "image/png": {"schema": {"type": "string", "contentEncoding": "binary"}}}},
            "404": _problem("No such asset."),
        }}})


def _playground_paths(spec: APISpec) -> None:
    """The playground's HTML pages and their assets (see docs/playground.md)."""
    html = {"text/html": {"schema": _TEXT}}
    for path, summary in (("/", "The playground: score hands and settle rounds in a browser"),
                          ("/embed", "A compact scoring widget for an iframe"),
                          ("/viewer", "The replay viewer: a round's log, step by step")):
        spec.path(path, operations={"get": {
            "tags": ["playground"], "summary": summary,
            "responses": {"200": {"description": "The page.", "headers": _HEADERS,
                                  "content": html},
                          "304": {"description": "Not modified (If-None-Match).",
                                  "headers": _HEADERS}}}})
    spec.path("/playground/{name}", operations={"get": {
        "tags": ["playground"], "summary": "The playground's static assets",
        "parameters": [
            {"name": "name", "in": "path", "required": True,
             "schema": {"type": "string", "enum": playground.asset_names()},
             "description": "An asset of the playground."},
            {"name": "v", "in": "query", "required": False, "schema": _TEXT,
             "description": "The asset's content hash: with the current one it is cached "
                            "for a year."}],
        "responses": {
            "200": {"description": "The file.", "headers": _HEADERS, "content": {
                "text/javascript": {"schema": _TEXT}, "text/css": {"schema": _TEXT},
                "image/svg+xml": {"schema": _TEXT},
                "image/png": {"schema": {"type": "string", "contentEncoding": "binary"}},
                "image/x-icon": {"schema": {"type": "string", "contentEncoding": "binary"}}}},
            "304": {"description": "Not modified (If-None-Match).", "headers": _HEADERS},
            "404": _problem("No such asset."),
        }}})


def _rules_paths(spec: APISpec) -> None:
    """The rules book's pages (docs/rules/, and docs/rules/zh/ in Chinese): Markdown, or HTML
    for a browser."""
    book = {"text/markdown": {"schema": _TEXT}, "text/html": {"schema": _TEXT}}
    language = {"Content-Language": {
        "description": "The page's language: `en`, or `zh-CN` for the Chinese translation.",
        "schema": {"type": "string", "enum": ["en", "zh-CN"]}}}

    def page(description: str) -> dict[str, Any]:
        return {"description": description, "headers": {**_HEADERS, **language},
                "content": book}

    negotiation = (
        " The `Accept` header picks the form: one that prefers `text/html` (a browser) gets "
        "the page as HTML (the playground's look, a header linking back to `/`, every link "
        "leading to a page of the book or written as a repository path); `text/markdown`, "
        "`*/*`, no `Accept` or anything else gets the Markdown file as it is. "
        "`Accept-Language` (or `lang`) picks the language: a `zh` tag gets the Chinese "
        "translation, anything else the English page, which is the source. Answers carry "
        "`Vary: Accept, Accept-Language` and an ETag per form and language (`no-cache`: "
        "`If-None-Match` gets a 304).")
    lang = {"name": "lang", "in": "query", "required": False,
            "schema": {"type": "string", "enum": ["en", "zh"]},
            "description": "The page's language, over `Accept-Language` (a link can carry it, "
                           "a browser cannot set a header per link); the HTML page's links "
                           "keep it. Any other value is a 400."}
    not_modified = {"description": "Not modified (If-None-Match).", "headers": _HEADERS}
    spec.path("/rules", operations={"get": {
        "tags": ["rules"], "summary": "The rules book: its index",
        "description": "The rules every variant shares, and a link to each variant's page."
                       + negotiation,
        "parameters": [lang],
        "responses": {"200": page("The index, as Markdown or HTML."), "304": not_modified,
                      "400": _problem("`lang` is neither `en` nor `zh`.")}}})
    spec.path("/rules/{variant}", operations={"get": {
        "tags": ["rules"], "summary": "The rules book: one variant's page",
        "description": "Every pattern and what it is worth, every payment and who makes it, "
                       "every rule option and its default, with worked examples; each rule "
                       "quotes the seed line it comes from." + negotiation,
        "parameters": [{"name": "variant", "in": "path", "required": True,
                        "schema": {"type": "string", "enum": list(rules.NAMES)},
                        "description": "A variant, as in `variant` of every request."}, lang],
        "responses": {"200": page("The page, as Markdown or HTML."), "304": not_modified,
                      "400": _problem("`lang` is neither `en` nor `zh`."),
                      "404": _problem("No such variant.")}}})


def build_spec(with_examples: bool = True) -> dict[str, Any]:
    """The whole contract as a dict: schemas, paths, headers and recorded examples."""
    plugin = MarshmallowPlugin()
    spec = APISpec(title=TITLE, version=CONTRACT_VERSION, openapi_version="3.1.0",
                   plugins=[plugin], info={"description": DESCRIPTION},
                   tags=[{"name": "scoring", "description": "Score hands, settle rounds, jing."},
                         {"name": "operations",
                          "description": "Health, readiness, metrics and this contract."},
                         {"name": "playground",
                          "description": "The browser playground (HTML)."},
                         {"name": "rules",
                          "description": "The rules book: what each variant's patterns, "
                                         "payments and options are (Markdown, or HTML "
                                         "for a browser; English or Chinese)."}])
    plugin.converter.add_attribute_function(_custom_fields)
    schemas = {  # (a log is named before /advise's log mode refers to it)
        "ReplayRequest": req.ReplaySchema,
        "EvaluateRequest": req.EvaluateSchema, "SettleRequest": req.SettleSchema,
        "JingRequest": req.JingRequestSchema, "MatchRequest": req.MatchSchema,
        "AdviseRequest": req.AdviseSchema,
        "EvaluateResponse": out.EvaluateResponseSchema,
        "AdviceResponse": out.AdviceResponseSchema,
        "Settlement": out.SettlementSchema, "JingResponse": out.JingResponseSchema,
        "MatchResponse": out.MatchResponseSchema,
        "Variants": out.VariantsResponseSchema, "Problem": out.ProblemSchema,
        "Health": out.HealthSchema,
        "ReplayResponse": out.ReplayResponseSchema,
        "ReviewRequest": req.ReviewSchema, "ReviewResponse": out.ReviewResponseSchema,
    }
    for name, schema in schemas.items():
        spec.components.schema(name, schema=schema)
    spec.components.header("X-Request-ID", _REQUEST_ID_HEADER)
    spec.components.parameter("X-Request-ID", "header", {
        "required": False, "schema": {"type": "string"},
        "description": "Your id for this request (1-128 characters from `A-Za-z0-9._:@/+=-`): "
                       "logged with it and returned in the `X-Request-ID` header. Anything "
                       "else is replaced by a fresh id; it never causes an error."})
    _paths(spec)
    _playground_paths(spec)
    _rules_paths(spec)
    document = spec.to_dict()
    _typed_rules(document)
    _add_request_id_parameter(document)
    _add_language(document)
    if with_examples:
        add_examples(document)
    return document


_JSON_TYPES = {"boolean": "boolean", "integer": "integer", "string": "string"}


def rules_schema_name(variant: str) -> str:
    return f"{variant.capitalize()}Rules"


def _option_schema(option: dict[str, Any]) -> dict[str, Any]:
    """One rule option as JSON schema, from what GET /variants says of it."""
    schema: dict[str, Any] = {"type": _JSON_TYPES[option["type"]], "default": option["default"],
                              "description": f"{english(option['description'])} "
                                             f"({english(option['seed'])})"}
    if "choices" in option:
        schema["enum"] = option["choices"]
    for bound in ("minimum", "maximum"):
        if bound in option:
            schema[bound] = option[bound]
    return schema


def _typed_rules(document: dict[str, Any]) -> None:
    """``rules`` typed per variant (issue 21): one schema per variant, built from the same
    declarations as GET /variants, so a generated client gets typed options. A request's
    ``rules`` is any one of them (``anyOf``); ``if``/``then`` on ``variant`` says which."""
    components = document["components"]["schemas"]
    names = []
    for variant in rules.describe_variants():
        name = rules_schema_name(variant["name"])
        names.append((variant["name"], name))
        components[name] = {
            "type": "object", "additionalProperties": False,
            "description": f"Rule options of {variant['name']} ({variant['title_zh']}); "
                           "every option left out takes its default.",
            "properties": {o["name"]: _option_schema(o) for o in variant["options"]}}
    for schema in components.values():
        properties = schema.get("properties", {})
        if "rules" not in properties or "variant" not in properties:
            continue
        properties["rules"] = {
            "description": properties["rules"].get("description", ""),
            "anyOf": [{"$ref": f"#/components/schemas/{name}"} for _, name in names]}
        schema["allOf"] = [
            {"if": {"properties": {"variant": {"const": variant}}, "required": ["variant"]},
             "then": {"properties": {"rules": {"$ref": f"#/components/schemas/{name}"}}}}
            for variant, name in names]


def _add_request_id_parameter(document: dict[str, Any]) -> None:
    """Every operation takes the optional X-Request-ID header (keys in reading order)."""
    order = ("tags", "summary", "description", "parameters", "requestBody", "responses")
    for item in document["paths"].values():
        for method, operation in item.items():
            operation["parameters"] = [*operation.get("parameters", []),
                                       {"$ref": "#/components/parameters/X-Request-ID"}]
            item[method] = {key: operation[key] for key in order if key in operation}


_SAYS_SENTENCES = ("application/json", "application/problem+json")
_ACCEPT_LANGUAGE = {
    "name": "Accept-Language", "in": "header", "required": False,
    "schema": {"type": "string", "examples": ["zh-CN", "en"]},
    "description": "The language of the answer's sentences (problem `title`, `detail` and "
                   "`errors[].message`; pattern and wait `note`s, ledger `detail`s, `notes`, "
                   "rule option `description`s): any `zh` tag (zh-CN, zh, zh-Hans, …) gives "
                   "simplified Chinese, anything else English, the default. q-values are "
                   "honoured (`en;q=0.5, zh;q=0.9` is Chinese). Ids, codes, tiles, formulas "
                   "and numbers are the same in every language. Never an error."}
_CONTENT_LANGUAGE = {
    "description": "The language of the answer's sentences: `en` or `zh-CN` (see the "
                   "Accept-Language parameter). Answers carry `Vary: Accept-Language`.",
    "schema": {"type": "string", "enum": ["en", "zh-CN"]}}


def _add_language(document: dict[str, Any]) -> None:
    """Every operation that answers JSON takes Accept-Language and says Content-Language."""
    document["components"].setdefault("parameters", {})["Accept-Language"] = {
        **_ACCEPT_LANGUAGE}
    document["components"].setdefault("headers", {})["Content-Language"] = _CONTENT_LANGUAGE
    for item in document["paths"].values():
        for operation in item.values():
            says = False
            for response in operation["responses"].values():
                if any(media in _SAYS_SENTENCES for media in response.get("content", {})):
                    says = True
                    response["headers"] = {
                        **response.get("headers", {}),
                        "Content-Language": {"$ref": "#/components/headers/Content-Language"}}
            if says:
                operation["parameters"] = [
                    {"$ref": "#/components/parameters/Accept-Language"},
                    *operation.get("parameters", [])]


def add_examples(document: dict[str, Any]) -> None:
    """Put each request example of :mod:`app.examples` in the spec with the app's real answer.

    The answer goes under the status the app gave, with the same example name, so a reader
    (and the examples test) can pair them up.
    """
    from app import create_app  # the web app, only needed to record answers
    from app.config import Config

    # No time budget: an answer recorded is the app's whatever the machine's load (the
    # /review example takes seconds, and a busy test run stopped it at 8 s as a 503).
    client = create_app(Config(log_requests=False, request_budget_seconds=0,
                               review_budget_seconds=0)).test_client()
    paths = document["paths"]
    for path, items in examples.POST_EXAMPLES.items():
        operation = paths[path]["post"]
        body = operation["requestBody"]["content"]["application/json"]
        body["examples"] = {}
        for name, summary, value in items:
            body["examples"][name] = {"summary": summary, "value": value}
            answer = client.post(path, json=value)
            _record(operation, path, name, summary, answer)
    for path, summary in examples.GET_EXAMPLES.items():
        _record(paths[path]["get"], path, path.strip("/"), summary, client.get(path))


def _record(operation: dict[str, Any], path: str, name: str, summary: str, answer: Any) -> None:
    status = str(answer.status_code)
    if status not in operation["responses"] or answer.status_code >= 500:
        raise RuntimeError(f"example {name!r} of {path} got an undocumented {status}: "
                           f"{answer.get_data(as_text=True)[:500]}")
    media = operation["responses"][status]["content"][answer.mimetype]
    media.setdefault("examples", {})[name] = {"summary": summary, "value": answer.get_json()}


class _Dumper(yaml.SafeDumper):
    """Writes shared objects out in full: no YAML anchors, so every reader sees plain YAML."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def render() -> str:
    return yaml.dump(build_spec(), Dumper=_Dumper, allow_unicode=True, sort_keys=False,
                     width=100)


if __name__ == "__main__":
    sys.stdout.write(render())
