"""The rules book (docs/rules/) and the code name the same patterns and rule options.

Each variant's page declares its pattern ids in the table of its ``## Patterns`` section and
its rule options in the table of its ``## Options`` section: one row each, the id in code font
in the first column; an option row's columns are option, type, default (JSON in code font),
values, meaning, seed. Every pattern id and option the code declares (``rules.VARIANTS``) must
have its row, with the code's type, default and values, and every row must exist in the code.
Every row cites its seed line by quoting it (「…」).

The Chinese book (docs/rules/zh/, served under Accept-Language: zh) is held to the same
declarations row by row, and to its English source: a page per English page, saying at its top
that it translates it (linked), the same sections in the same order (SECTIONS_ZH names each
English section's Chinese title), the same worked examples (the requests sending
``Accept-Language: zh``, the answers as the service says them in Chinese), the same tables with
the same number of rows, and every seed quotation of the English page.

Also: no doc, no page of the playground and no answer of ``GET /variants`` points a reader at
files outside the repository (the rulings file, the shared folder, a seed's file name).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

import rules
from app.i18n import Catalogues
from app.rulesbook import slug
from rules.play.declaration import COMMON
from rules.text import english
from rules.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "docs" / "rules"
FOLDERS = {"en": BOOK, "zh": BOOK / "zh"}
LANGUAGES = list(FOLDERS)

_ROW = re.compile(r"^\|\s*`([a-z0-9_]+)`\s*\|(.*)\|\s*$")
_CODE = re.compile(r"`([^`]+)`")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def page(variant: str, language: str = "en") -> str:
    return (FOLDERS[language] / f"{variant}.md").read_text(encoding="utf-8")


def where(variant: str, language: str) -> str:
    return (FOLDERS[language] / f"{variant}.md").relative_to(ROOT).as_posix()


def section(text: str, title: str) -> list[str]:
    """The lines of the ``## title`` section, up to the next ``## `` heading (a Chinese
    page's section of that title, SECTIONS_ZH[title], when the text has that one)."""
    lines = text.splitlines()
    if f"## {title}" not in lines and f"## {SECTIONS_ZH.get(title)}" in lines:
        title = SECTIONS_ZH[title]
    starts = [i for i, line in enumerate(lines) if line.strip() == f"## {title}"]
    assert len(starts) == 1, f"expected one '## {title}' section, found {len(starts)}"
    out = []
    for line in lines[starts[0] + 1:]:
        if line.startswith("## "):
            break
        out.append(line)
    return out


def rows(text: str, title: str) -> dict[str, list[str]]:
    """id → the other cells of each table row of a section whose first cell is `id`."""
    found: dict[str, list[str]] = {}
    for line in section(text, title):
        match = _ROW.match(line.strip())
        if match:
            pid, rest = match.groups()
            assert pid not in found, f"{title}: `{pid}` has two rows"
            found[pid] = [cell.strip() for cell in rest.split("|")]
    return found


NAMES = list(VARIANTS)
PAGES = [(v, lang) for lang in LANGUAGES for v in NAMES]
PAGE_IDS = [f"{lang}/{v}" for v, lang in PAGES]
OPTIONS = [(v, lang, o) for v, lang in PAGES for o in VARIANTS[v].options]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_book_has_a_page_per_variant_and_an_index_linking_each(language):
    folder = FOLDERS[language]
    index = (folder / "README.md").read_text(encoding="utf-8")
    for name in NAMES:
        assert (folder / f"{name}.md").is_file(), name
        assert f"]({name}.md)" in index, f"the index does not link {name}.md"
    assert {p.stem for p in folder.glob("*.md")} == {"README", *NAMES}


@pytest.mark.parametrize(("variant", "language"), PAGES, ids=PAGE_IDS)
def test_every_pattern_of_the_code_has_its_row(variant, language):
    missing = set(VARIANTS[variant].patterns) - set(rows(page(variant, language), "Patterns"))
    assert not missing, f"{where(variant, language)} lacks pattern rows for {sorted(missing)}"


@pytest.mark.parametrize(("variant", "language"), PAGES, ids=PAGE_IDS)
def test_every_pattern_row_is_a_pattern_of_the_code(variant, language):
    extra = set(rows(page(variant, language), "Patterns")) - set(VARIANTS[variant].patterns)
    assert not extra, f"{where(variant, language)} has rows for patterns the code lacks: " \
                      f"{sorted(extra)}"


@pytest.mark.parametrize(("variant", "language"), PAGES, ids=PAGE_IDS)
def test_pattern_rows_give_the_chinese_name_and_quote_the_seed(variant, language):
    for pid, cells in rows(page(variant, language), "Patterns").items():
        assert _CJK.search(cells[0]), f"{pid}: the second column is its Chinese name"
        assert "「" in cells[-1] and "」" in cells[-1], f"{pid}: quote its seed line"


@pytest.mark.parametrize(("variant", "language"), PAGES, ids=PAGE_IDS)
def test_every_option_of_the_code_has_its_row(variant, language):
    missing = {o.name for o in VARIANTS[variant].options} - \
        set(rows(page(variant, language), "Options"))
    assert not missing, f"{where(variant, language)} lacks option rows for {sorted(missing)}"


@pytest.mark.parametrize(("variant", "language"), PAGES, ids=PAGE_IDS)
def test_every_option_row_is_an_option_of_the_code(variant, language):
    code = {o.name for o in VARIANTS[variant].options}
    book = set(rows(page(variant, language), "Options"))
    assert not (book - code), \
        f"{where(variant, language)} has rows for options the code lacks: {sorted(book - code)}"


@pytest.mark.parametrize(("variant", "language", "option"), OPTIONS,
                         ids=[f"{lang}/{v}.{o.name}" for v, lang, o in OPTIONS])
def test_an_option_row_gives_the_codes_type_default_and_values(variant, language, option):
    row = rows(page(variant, language), "Options")[option.name]
    kind, default, values, seed = row[0], row[1], row[2], row[-1]
    assert kind == option.type
    shown = _CODE.fullmatch(default)
    assert shown, f"{option.name}: the default in code font, as JSON: {default!r}"
    value = json.loads(shown.group(1))
    assert (value, type(value)) == (option.default, type(option.default)), \
        f"{option.name}: the book says {value!r}, the code {option.default!r}"
    if option.choices:
        assert [json.loads(v) if v[0].isdigit() else v for v in _CODE.findall(values)] == \
            list(option.choices), f"{option.name}: values {values!r}"
    if option.minimum is not None:
        assert values == f"{option.minimum}-{option.maximum}", f"{option.name}: {values!r}"
    assert "「" in seed and "」" in seed, f"{option.name}: quote its seed line"


@pytest.mark.parametrize(("variant", "language"), PAGES, ids=PAGE_IDS)
def test_every_flag_of_the_variant_is_described(variant, language):
    text = page(variant, language)
    for flag in VARIANTS[variant].flags:
        assert f"`{flag}`" in text or f"`flags.{flag}`" in text, f"{variant}: flag {flag}"


# ---------------------------------------------------------- the play rules and their seeds
PLAY = "Play rules (`POST /replay`)"
COMMON_RULING = {"en": "common ruling", "zh": "通用裁定"}
_SAID = {"en": str, "zh": lambda template: Catalogues().translate("zh")(template)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_index_lists_the_common_play_rules_as_errors_name_them(language):
    """The index's table of the rules every variant shares: one row per common rule of the
    code (``rules.play.declaration.COMMON``), in its order, with the name an error gives it
    in that language."""
    table = rows((FOLDERS[language] / "README.md").read_text(encoding="utf-8"), PLAY)
    assert list(table) == list(COMMON)
    for name, rule in COMMON.items():
        assert table[name][0] == _SAID[language](rule.name.template), name


def citation(seed: str, language: str) -> str:
    """A variant's citation of a common rule as its page's table writes it: each place of
    the seed and its words in 「」 (``三 摸牌 「…」``), or the common ruling."""
    if not seed:
        return COMMON_RULING[language]
    places: list[str] = []
    for segment in seed.split(" ", 1)[1].split("; "):
        place, colon, quote = segment.partition(": ")
        if colon:
            places.append(f"{place} 「{quote}」")
        else:
            places[-1] += f"「{segment}」"
    return ("; " if language == "en" else "；").join(places)


@pytest.mark.parametrize(("variant", "language"), PAGES, ids=PAGE_IDS)
def test_a_variant_page_cites_each_common_rule_as_its_errors_do(variant, language):
    """Each page's "Play rules" table gives, per common rule, the line of the variant's own
    seed its errors quote, or says it is the common ruling where the seed has none."""
    play = VARIANTS[variant].play_rules
    table = rows(page(variant, language), PLAY)
    assert list(table) == list(COMMON), f"{where(variant, language)}: one row per common rule"
    for name, rule in COMMON.items():
        assert table[name][-1] == citation(play.rule(rule).seed, language), \
            f"{where(variant, language)} `{name}`"


# ---------------------------------------------------------- the Chinese book and its source
# Each English section title (## ) and its Chinese title, the same on every page.
SECTIONS_ZH = {
    "The seeds, and how the pages cite them": "规则原文及其引用方式",
    "Common to all four variants": "四种玩法共有的规则",
    "Play rules (`POST /replay`)": "行牌规则（`POST /replay`）",
    "Words": "术语",
    "Who deals next (the /match rotation)": "下一盘谁坐庄（/match 的轮庄）",
    "Tiles, claims and shapes": "牌、吃碰杠与牌型",
    "Tiles, claims and jing": "牌、吃碰杠与精",
    "Shapes": "胡牌牌型",
    "Who may win, and how": "谁能胡、怎样胡",
    "Patterns": "计分项",
    "Payments": "结算",
    "Refusals": "拒绝的请求",
    "Jing score (精计子)": "精分（精计子）",
    "Jing score (精计分)": "精分（精计分）",
    "Kongs": "杠",
    "Kongs and 杠精": "杠与杠精",
    "Events: 跟庄 and 诈胡": "事件：跟庄与诈胡",
    "抄庄 and 诈胡": "抄庄与诈胡",
    "A drawn round": "流局",
    "A whole round: 包, 碰杠精 and 跟庄": "一整局：包、碰杠精与跟庄",
    "Options": "规则选项",
    "Request fields of this variant": "本玩法的请求字段",
}
BOOK_PAGES = ["README", *NAMES]
_QUOTE = re.compile(r"「[^」]*」")
_FENCED = re.compile(r"^```.*?^```", re.M | re.S)


def both(name: str) -> tuple[str, str]:
    return page(name, "en"), page(name, "zh")


def headings(text: str) -> list[tuple[int, str]]:
    """(level, title) of every heading outside the fenced blocks."""
    return [(len(m.group(1)), m.group(2).strip())
            for m in re.finditer(r"^(#{1,6}) (.*)$", _FENCED.sub("", text), re.M)]


def tables(text: str) -> list[int]:
    """The number of rows of each table, in order."""
    counts, inside = [], False
    for line in _FENCED.sub("", text).splitlines():
        if line.startswith("|"):
            if not inside:
                counts.append(0)
            counts[-1] += 1
        inside = line.startswith("|")
    return counts


@pytest.mark.parametrize("name", BOOK_PAGES)
def test_a_chinese_page_says_at_its_top_that_it_translates_its_english_page(name):
    top = page(name, "zh").split("\n\n")[:2]
    assert top[0].startswith("# "), "the title first"
    note = top[1]
    assert note.startswith("> ") and "翻译" in note and f"](../{name}.md)" in note, \
        f"docs/rules/zh/{name}.md: say below the title that it translates ../{name}.md"


@pytest.mark.parametrize("name", NAMES)
def test_a_chinese_variant_page_starts_with_its_name(name):
    assert page(name, "zh").startswith(f"# {name} — ")


@pytest.mark.parametrize("name", BOOK_PAGES)
def test_a_chinese_page_has_the_sections_of_its_english_page(name):
    english, chinese = (headings(text) for text in both(name))
    assert [SECTIONS_ZH.get(t, t) for level, t in english if level == 2] == \
        [t for level, t in chinese if level == 2], \
        f"docs/rules/zh/{name}.md: the English page's ## sections, in order (SECTIONS_ZH)"
    assert [level for level, _ in english] == [level for level, _ in chinese], \
        f"docs/rules/zh/{name}.md: every heading of the English page, at its level"


ZH_HEADER = " -H 'Accept-Language: zh'"


def same_shape(english, chinese) -> bool:
    """The same keys, list lengths, numbers, booleans and nulls; strings may be said in
    Chinese."""
    if isinstance(english, dict):
        return isinstance(chinese, dict) and list(english) == list(chinese) and all(
            same_shape(english[key], chinese[key]) for key in english)
    if isinstance(english, list):
        return isinstance(chinese, list) and len(english) == len(chinese) and all(
            same_shape(e, c) for e, c in zip(english, chinese, strict=True))
    if isinstance(english, str):
        return isinstance(chinese, str)
    return english == chinese and type(english) is type(chinese)


@pytest.mark.parametrize("name", BOOK_PAGES)
def test_a_chinese_page_has_the_worked_examples_of_its_english_page(name):
    """The English page's requests, each sending ``Accept-Language: zh``, and its answers as
    the service says them in Chinese: the same keys, numbers and ids, the sentences in
    Chinese (tests/contract/test_doc_curls.py holds each shown answer to the service's)."""
    english, chinese = (_FENCED.findall(text) for text in both(name))
    where_ = f"docs/rules/zh/{name}.md"
    assert len(english) == len(chinese), f"{where_}: the English page's examples"
    for en, zh in zip(english, chinese, strict=True):
        if en.startswith("```json"):
            shown = [json.loads(block.split("\n", 1)[1].rsplit("```", 1)[0]) for block in (en, zh)]
            assert same_shape(*shown), f"{where_}: answer {en[:80]!r} in Chinese"
        else:
            assert zh.replace(ZH_HEADER, "") == en, f"{where_}: the request {en[:80]!r}"
            assert zh.count("curl ") == zh.count(ZH_HEADER), \
                f"{where_}: every curl sends {ZH_HEADER.strip()}"


@pytest.mark.parametrize("name", BOOK_PAGES)
def test_a_chinese_page_has_the_tables_of_its_english_page(name):
    english, chinese = (tables(text) for text in both(name))
    assert english == chinese, f"docs/rules/zh/{name}.md: tables of {english} rows expected"


@pytest.mark.parametrize("name", BOOK_PAGES)
def test_a_chinese_page_quotes_every_seed_line_its_english_page_quotes(name):
    def quotes(text: str) -> Counter:
        return Counter(_QUOTE.findall(re.sub(r"\n[ >]*", "", _FENCED.sub("", text))))

    english, chinese = (quotes(text) for text in both(name))
    assert english == chinese, f"docs/rules/zh/{name}.md: missing {list(english - chinese)}" \
                               f", not in the English page {list(chinese - english)}"


@pytest.mark.parametrize("name", NAMES)
def test_a_chinese_row_keeps_the_english_rows_names_values_and_seed_quotes(name):
    for title in ("Patterns", "Options"):
        english, chinese = rows(page(name, "en"), title), rows(page(name, "zh"), title)
        assert list(english) == list(chinese), f"{title}: the same ids in the same order"
        for key, cells in english.items():
            theirs = chinese[key]
            kept = cells[:1] if title == "Patterns" else cells[:3]  # 名; type, default, values
            assert theirs[:len(kept)] == kept, f"{title} {key}: {theirs} keeps {kept}"
            assert _QUOTE.findall(theirs[-1]) == _QUOTE.findall(cells[-1]), \
                f"{title} {key}: the seed column quotes what the English one quotes"


_BOOK_LINK = re.compile(r"\]\(((?:\.\./)?[A-Za-z]+\.md)#([^)]+)\)")


@pytest.mark.parametrize(("name", "language"),
                         [(n, lang) for lang in LANGUAGES for n in BOOK_PAGES],
                         ids=[f"{lang}/{n}" for lang in LANGUAGES for n in BOOK_PAGES])
def test_an_anchor_between_book_pages_names_a_heading_of_its_page(name, language):
    """GitHub's anchors, which the served HTML gives its headings too (app.rulesbook.slug)."""
    folder = FOLDERS[language]
    for target, anchor in _BOOK_LINK.findall(page(name, language)):
        path = (folder / target).resolve()
        if not path.is_relative_to(BOOK):
            continue
        anchors = {slug(t.replace("`", "")) for _, t in
                   headings(path.read_text(encoding="utf-8"))}
        assert anchor in anchors, f"{where(name, language)} links {target}#{anchor}: no such " \
                                  f"heading in {path.relative_to(ROOT)}"


def test_the_parser_reads_rows_and_ignores_other_lines():
    text = ("## Patterns\n\n| id | 名 |\n|---|---|\n| `ping_hu` | 平胡 |\n"
            "- `de_guo` in prose\n\n## Options\n\n| `floor` | integer | `1` | 1-10 |\n")
    assert rows(text, "Patterns") == {"ping_hu": ["平胡"]}
    assert rows(text, "Options") == {"floor": ["integer", "`1`", "1-10"]}
    with pytest.raises(AssertionError):
        rows(text, "Payments")


# ------------------------------------------------------------------ nothing points outside
OUTSIDE = re.compile(r"RULINGS|shared/|\b\d{3}_[0-9a-f]{16}\.txt\b")
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), ROOT / "openapi.yaml",
        *sorted((ROOT / "app" / "static" / "playground").iterdir())]


@pytest.mark.parametrize("path", [p for p in DOCS if p.suffix in (".md", ".yaml", ".html",
                                                                  ".js", ".css", ".svg")],
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_doc_points_outside_the_repository(path):
    text = path.read_text(encoding="utf-8")
    found = [(n, m.group()) for n, line in enumerate(text.splitlines(), 1)
             for m in OUTSIDE.finditer(line)]
    assert not found, f"{path.relative_to(ROOT)} points outside the repository (cite the " \
                      f"rules book, or a seed as 'seed 000 (兴国冲关)'): {found[:5]}"


def test_variants_answer_points_nowhere_outside():
    text = json.dumps(rules.describe_variants(), ensure_ascii=False, default=english)
    assert not OUTSIDE.findall(text)


def test_the_outside_pattern_catches_what_it_must():
    for bad in ("see RULINGS.md", "/work/shared/seeds", "000_83ce17ce76b9bbdd.txt"):
        assert OUTSIDE.search(bad), bad
    assert not OUTSIDE.search("seed 000 (兴国冲关), 补充 8")


# A Markdown link or image to a file of the repository: any target without a scheme
# (http:, mailto:) and not only an anchor; what follows # is the anchor, not the file.
_LINK = re.compile(r"\]\(<?([^)#:\s>]+)>?(?:#[^)]*)?\)")
LINKED = [p for p in DOCS if p.suffix == ".md"] + [ROOT / "CHANGELOG.md"]


@pytest.mark.parametrize("path", LINKED, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_links_and_images_lead_to_files_that_exist(path):
    """Every image and relative link of README.md, CHANGELOG.md and docs/**/*.md resolves from
    the file that holds it (as GitHub resolves it): a picture or page moved breaks this."""
    text = path.read_text(encoding="utf-8")
    broken = [target for target in _LINK.findall(text)
              if not (path.parent / target).resolve().exists()]
    assert not broken, f"{path.relative_to(ROOT)} links to missing files: {broken}"


def test_the_link_pattern_finds_images_and_pages_not_urls():
    text = "![a](docs/x.png) [b](../y.md#top) [c](https://e.example/z.md) [d](#here) [e](dir/)"
    assert _LINK.findall(text) == ["docs/x.png", "../y.md", "dir/"]
