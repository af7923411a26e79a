"""Sentences the domain says to a person: kept as a template and its values, not as prose.

Players of these variants read Chinese, so a note, a ledger line's detail or an error message
must reach them in their language. The domain does not translate (it knows no request and no
language): it says ``msg("{tile} is not in the hand", tile="5p")``, a :class:`Text` that keeps
the English template, which is the message catalogue's key (gettext's *msgid*), and the values
to put in it. The web layer renders it with the reader's catalogue; ``str(text)`` is the
English sentence. ``pybabel extract -k msg`` finds every template (see babel.cfg), so the
catalogue always has every sentence the code can say.

Rules for a template, which tests/i18n check on the catalogue:

* a literal string, never an f-string (the extractor needs the literal; the values vary);
* placeholders are named (``{tile}``, ``{fan}``), and a translation uses the same names;
* a value is language-neutral (a tile code, a number), a :class:`Term` (a pattern, a win
  type, a meld kind: its id in English, as answers have always said it, its Chinese name
  in Chinese), a :class:`rules.places.Place` (a place in the request, which the web layer
  writes as the request's field path), or is itself a :class:`Text` (rendered in the same
  language), or a list or tuple of those (rendered joined by the catalogue's list
  separator: ", " in English, "、" in Chinese).

A formula (``4 ji_chu_fen × 1 ping_hu = 4``) is a :func:`formula`: numbers and signs kept,
each term said in the reader's language (``4 基础分 × 1 平胡 = 4``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from rules.places import Place

Translate = Callable[[str], str]
Locate = Callable[[Place], str]  # a place as the reader's request spells it


class Term(NamedTuple):
    """A word of the game the domain names by an id: said as the id in English (what
    English answers have always said), as ``zh`` in Chinese."""

    id: str
    zh: str


Name = Callable[[Term], str]  # a term as the reader says it


def _identity(template: str) -> str:
    return template


def term_id(term: Term) -> str:
    return term.id


def term_zh(term: Term) -> str:
    return term.zh


class Text:
    """One sentence: an English ``template`` (the catalogue key) and its ``params``."""

    __slots__ = ("params", "template")

    def __init__(self, template: str, params: dict[str, Any] | None = None):
        self.template = template
        self.params = {} if params is None else params  # kept, not copied: msg's own kwargs

    def render(self, translate: Translate = _identity, locate: Locate = str,
               name: Name = term_id) -> str:
        """The sentence in the language ``translate`` gives templates in (English if none),
        each place in it written by ``locate`` (in words if none), each term by ``name``
        (its id if none).

        A template with no values is said as it is (braces and all: it is not formatted).
        A translation that names a placeholder the template lacks (a catalogue mistake,
        which a test forbids) falls back to the English template rather than failing."""
        params = self.params
        said = translate(self.template)
        if not params:
            return said
        values = params
        for value in params.values():  # most values are plain: no new dict for them
            if type(value) not in _PLAIN:
                values = {key: v if type(v) in _PLAIN else _value(v, translate, locate, name)
                          for key, v in params.items()}
                break
        try:
            return said.format_map(values)
        except (KeyError, IndexError, ValueError, AttributeError):
            pass
        try:
            return self.template.format_map(values)
        except (KeyError, IndexError, ValueError, AttributeError):
            return self.template

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"msg({self.template!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Text) and other.template == self.template
                and other.params == self.params)

    def __hash__(self) -> int:
        return hash(self.template)

    def __bool__(self) -> bool:
        return bool(self.template)


def msg(template: str, /, **params: Any) -> Text:
    """The sentence ``template`` with ``params`` in it; see the module's rules."""
    return Text(template, params)


# The separator between the items of a list value: a template of its own, so it is in the
# catalogue and translated like any sentence.
LIST_SEPARATOR = msg(", ")


_PLAIN = (str, int)  # the values said as they are (most of them)


def _value(value: Any, translate: Translate, locate: Locate, name: Name) -> Any:
    if isinstance(value, Text):
        return value.render(translate, locate, name)
    if isinstance(value, Term):  # NamedTuples: before the lists
        return name(value)
    if isinstance(value, Place):
        return locate(value)
    if isinstance(value, list | tuple):
        sep = translate(LIST_SEPARATOR.template)
        return sep.join(str(_value(item, translate, locate, name)) for item in value)
    return value


def formula(*parts: str | int | Term) -> Text:
    """A formula: ``parts`` written one after the other, each :class:`Term` in the reader's
    language. Its template holds no words, so it is not in the catalogue (translating it
    gives it back as it is); ``str()`` is the English, ids and all."""
    if not any(isinstance(part, Term) for part in parts):
        return Text("".join(map(str, parts)))
    template, params = [], {}
    for i, part in enumerate(parts):
        if isinstance(part, Term):
            template.append(f"{{t{i}}}")
            params[f"t{i}"] = part
        else:
            template.append(str(part).replace("{", "{{").replace("}", "}}"))
    return Text("".join(template), params)


def english(value: Text | str) -> str:
    """The English of a sentence, or the string itself (an id, a tile, an empty note)."""
    return value.render() if isinstance(value, Text) else value


# What a note, a detail or a message may be: a sentence, or a string that needs no
# translation (empty, or only codes and numbers).
Sentence = Text | str
