"""The message catalogue (issue 22): every sentence the code can say is in the template,
and the Chinese catalogue translates each one, keeping its placeholders.

A sentence added to the code without ``make messages`` fails the first test; one left
untranslated (or marked fuzzy) in the .po fails the second; a translation that drops,
renames or adds a ``{placeholder}`` fails the third.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from string import Formatter

import pytest
from babel.messages.pofile import read_po

from app import i18n

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "app" / "translations" / "messages.pot"
CHINESE = ROOT / "app" / "translations" / "zh" / "LC_MESSAGES" / "messages.po"
# Chinese characters, and the CJK punctuation (、，：；) a translation such as ", " is made of
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
# Sentences whose Chinese is rightly the same as the English: JSON's own word.
SAME_IN_CHINESE = {"null", "{option}: false"}  # JSON words: the same in every language


def _read(path: Path):
    with path.open("rb") as stream:
        return {m.id: m for m in read_po(stream) if m.id}


def _extract(tmp_path: Path) -> set[str]:
    """What ``make messages`` extracts from the code today (msgids)."""
    out = tmp_path / "now.pot"
    subprocess.run(
        [sys.executable, "-c", "from babel.messages.frontend import main; main()",
         "extract", "-F", "babel.cfg", "-k", "msg", "-k", "Message", "-o", str(out), "."],
        cwd=ROOT, capture_output=True, text=True, check=True)
    return set(_read(out))


def test_the_template_holds_every_sentence_the_code_says(tmp_path):
    now = _extract(tmp_path)
    committed = set(_read(TEMPLATE))
    assert now == committed, (
        f"run `make messages` and translate the new entries: new {sorted(now - committed)[:5]}"
        f", gone {sorted(committed - now)[:5]}")


def test_every_sentence_has_a_chinese_translation():
    chinese = _read(CHINESE)
    missing = [m for m in _read(TEMPLATE) if m not in chinese or not chinese[m].string]
    fuzzy = [m.id for m in chinese.values() if m.fuzzy]
    not_chinese = [m.id for m in chinese.values()
                   if m.string and m.id not in SAME_IN_CHINESE and not CJK.search(m.string)]
    assert not missing, f"{len(missing)} sentences have no Chinese, e.g. {missing[:5]}"
    assert not fuzzy, f"fuzzy entries are not used: check and unmark {fuzzy[:5]}"
    assert not not_chinese, f"translations with no Chinese in them: {not_chinese[:5]}"


def _placeholders(text: str) -> set[str]:
    """The ``{name!conversion:spec}`` of a template, as written (a translation may say one
    twice, where Chinese repeats the noun)."""
    return {f"{name}!{conversion}:{spec}"
            for _, name, spec, conversion in Formatter().parse(text) if name is not None}


def test_translations_keep_every_placeholder_and_add_none():
    wrong = [(m.id, m.string) for m in _read(CHINESE).values()
             if m.string and _placeholders(m.id) != _placeholders(m.string)]
    assert not wrong, wrong[:5]


def test_the_placeholder_check_can_fail():
    assert _placeholders("{tile} is not in {where}") != _placeholders("{tile} 不在手牌中")
    assert _placeholders("{n:g} s") != _placeholders("{n} 秒")


def test_the_compiled_catalogue_is_what_the_app_uses():
    translate = i18n.Catalogues().translate("zh")
    assert translate("Not Found") == "未找到"
    assert i18n.Catalogues().translate("en")("Not Found") == "Not Found"


@pytest.mark.parametrize("compiled", [False, True])
def test_a_missing_or_stale_mo_is_compiled_from_the_po(tmp_path, compiled):
    """A checkout where ``make translations`` has not run (or ran before the .po changed)
    still answers in Chinese: the .po is compiled in memory."""
    where = tmp_path / "zh" / "LC_MESSAGES"
    where.mkdir(parents=True)
    po = where / "messages.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
                  'msgid "Not Found"\nmsgstr "未找到"\n', encoding="utf-8")
    if compiled:  # an .mo older than its .po, saying something else
        (where / "messages.mo").write_bytes(i18n.compile_po(po).replace(
            "未找到".encode(), "旧的的".encode()))
        stale = po.stat().st_mtime - 60
        import os
        os.utime(where / "messages.mo", (stale, stale))
    assert i18n.Catalogues(tmp_path).translate("zh")("Not Found") == "未找到"


def _calls(names: tuple[str, ...]) -> Iterator[tuple[str, int, ast.expr]]:
    """Every call of ``names`` in rules/ and app/: (file, line, first argument)."""
    for path in sorted([*ROOT.glob("rules/**/*.py"), *ROOT.glob("app/**/*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args and (
                    getattr(node.func, "id", None) in names
                    or getattr(node.func, "attr", None) in names):
                yield str(path.relative_to(ROOT)), node.lineno, node.args[0]


def test_every_template_in_the_code_is_a_literal_in_the_catalogue():
    """pybabel's extractor misses a ``msg(...)`` nested in another call's arguments and
    skips one given an f-string or a variable: read the code itself, so none is lost."""
    template = set(_read(TEMPLATE))
    not_literal, not_extracted = [], []
    for where, line, first in _calls(("msg",)):
        if where == "rules/text.py":
            continue
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            not_literal.append(f"{where}:{line}")
        elif first.value not in template:
            not_extracted.append(f"{where}:{line}: {first.value!r}")
    for where, line, first in _calls(("Message",)):
        if isinstance(first, ast.Constant) and first.value not in template:
            not_extracted.append(f"{where}:{line}: {first.value!r}")
    assert not not_literal, f"msg() needs a literal template: {not_literal}"
    assert not not_extracted, not_extracted


def test_the_catalogue_is_compiled_at_install_and_in_the_image():
    """`make run` and `make test` compile the .mo first; the image compiles it from the .po
    (a local .mo never enters the build context)."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for target in ("run", "test"):
        line = next(line for line in makefile.splitlines() if line.startswith(f"{target}:"))
        assert "$(CATALOGUES)" in line, line
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert "pybabel -q compile -D messages -d app/translations" in dockerfile
    assert "**/*.mo" in (ROOT / ".dockerignore").read_text(encoding="utf-8")
    assert "babel==" in (ROOT / "requirements.txt").read_text(encoding="utf-8").lower()
