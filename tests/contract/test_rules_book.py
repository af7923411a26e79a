"""The rules book (docs/rules/) and the code name the same patterns and rule options.

Each variant's page declares its pattern ids in the table of its ``## Patterns`` section and
its rule options in the table of its ``## Options`` section: one row each, the id in code font
in the first column; an option row's columns are option, type, default (JSON in code font),
values, meaning, seed. Every pattern id and option the code declares (``rules.VARIANTS``) must
have its row, with the code's type, default and values, and every row must exist in the code.
Every row cites its seed line by quoting it (「…」).

Also: no doc, no page of the playground and no answer of ``GET /variants`` points a reader at
files outside the repository (the rulings file, the shared folder, a seed's file name).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import rules
from rules.text import english
from rules.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "docs" / "rules"

_ROW = re.compile(r"^\|\s*`([a-z0-9_]+)`\s*\|(.*)\|\s*$")
_CODE = re.compile(r"`([^`]+)`")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def page(variant: str) -> str:
    return (BOOK / f"{variant}.md").read_text(encoding="utf-8")


def section(text: str, title: str) -> list[str]:
    """The lines of the ``## title`` section, up to the next ``## `` heading."""
    lines = text.splitlines()
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


def test_the_book_has_a_page_per_variant_and_an_index_linking_each():
    index = (BOOK / "README.md").read_text(encoding="utf-8")
    for name in NAMES:
        assert (BOOK / f"{name}.md").is_file(), name
        assert f"]({name}.md)" in index, f"the index does not link {name}.md"
    assert {p.stem for p in BOOK.glob("*.md")} == {"README", *NAMES}


@pytest.mark.parametrize("variant", NAMES)
def test_every_pattern_of_the_code_has_its_row(variant):
    missing = set(VARIANTS[variant].patterns) - set(rows(page(variant), "Patterns"))
    assert not missing, f"docs/rules/{variant}.md lacks pattern rows for {sorted(missing)}"


@pytest.mark.parametrize("variant", NAMES)
def test_every_pattern_row_is_a_pattern_of_the_code(variant):
    extra = set(rows(page(variant), "Patterns")) - set(VARIANTS[variant].patterns)
    assert not extra, f"docs/rules/{variant}.md has rows for patterns the code lacks: " \
                      f"{sorted(extra)}"


@pytest.mark.parametrize("variant", NAMES)
def test_pattern_rows_give_the_chinese_name_and_quote_the_seed(variant):
    for pid, cells in rows(page(variant), "Patterns").items():
        assert _CJK.search(cells[0]), f"{pid}: the second column is its Chinese name"
        assert "「" in cells[-1] and "」" in cells[-1], f"{pid}: quote its seed line"


@pytest.mark.parametrize("variant", NAMES)
def test_every_option_of_the_code_has_its_row(variant):
    missing = {o.name for o in VARIANTS[variant].options} - set(rows(page(variant), "Options"))
    assert not missing, f"docs/rules/{variant}.md lacks option rows for {sorted(missing)}"


@pytest.mark.parametrize("variant", NAMES)
def test_every_option_row_is_an_option_of_the_code(variant):
    code = {o.name for o in VARIANTS[variant].options}
    book = set(rows(page(variant), "Options"))
    assert not (book - code), \
        f"docs/rules/{variant}.md has rows for options the code lacks: {sorted(book - code)}"



@pytest.mark.parametrize(("variant", "option"),
                         [(v, o) for v in NAMES for o in VARIANTS[v].options],
                         ids=[f"{v}.{o.name}" for v in NAMES for o in VARIANTS[v].options])
def test_an_option_row_gives_the_codes_type_default_and_values(variant, option):
    row = rows(page(variant), "Options")[option.name]
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


@pytest.mark.parametrize("variant", NAMES)
def test_every_flag_of_the_variant_is_described(variant):
    text = page(variant)
    for flag in VARIANTS[variant].flags:
        assert f"`{flag}`" in text or f"`flags.{flag}`" in text, f"{variant}: flag {flag}"


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
    # (an option's description is a sentence, a Text: its English is what /variants says)
    text = json.dumps(rules.describe_variants(), ensure_ascii=False, default=english)
    assert not OUTSIDE.findall(text)


def test_the_outside_pattern_catches_what_it_must():
    for bad in ("see RULINGS.md", "/work/shared/seeds", "000_83ce17ce76b9bbdd.txt"):
        assert OUTSIDE.search(bad), bad
    assert not OUTSIDE.search("seed 000 (兴国冲关), 补充 8")


_LINK = re.compile(r"\]\(([^)#:\s]+\.md)(?:#[^)]*)?\)")


@pytest.mark.parametrize("path", [p for p in DOCS if p.suffix == ".md"],
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_links_between_docs_lead_to_files_that_exist(path):
    text = path.read_text(encoding="utf-8")
    broken = [target for target in _LINK.findall(text)
              if not (path.parent / target).resolve().is_file()]
    assert not broken, f"{path.relative_to(ROOT)} links to missing pages: {broken}"
