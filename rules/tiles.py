"""The 34 tile kinds, every input notation of API.md, and the canonical codes going out.

Internally a tile is an ``int`` in ``0..33``:

* ``0..8``   万 characters ``1m``-``9m``
* ``9..17``  筒 dots ``1p``-``9p``
* ``18..26`` 条 bamboo ``1s``-``9s``
* ``27..30`` winds 东南西北 ``E S W N``
* ``31..33`` dragons 中发白 ``C F P``

The dragons are ordered 中→发→白 because that is the order in which the Jiangxi variants
step from 正精 to 副精 (中→发→白→中), so "the next tile" is the same arithmetic everywhere.
A hand is usually handled as a 34-long tuple of counts (see :func:`to_counts`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rules.caches import cached
from rules.error_codes import FIELD_WRONG_TYPE, TILE_NOT_ONE, TILE_UNKNOWN
from rules.errors import TileError
from rules.text import Text, msg

NUM_KINDS = 34
MAN, PIN, SOU = 0, 9, 18
EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
RED, GREEN, WHITE = 31, 32, 33  # 中 发 白
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (RED, GREEN, WHITE)
HONOURS = WINDS + DRAGONS

_SUIT_LETTERS = "mps"
HONOUR_LETTERS = "ESWNCFP"
CODES: tuple[str, ...] = tuple(
    f"{rank}{suit}" for suit in _SUIT_LETTERS for rank in range(1, 10)
) + tuple(HONOUR_LETTERS)
_CODE_INDEX = {code: i for i, code in enumerate(CODES)}

_NUMERALS = ("一", "二", "三", "四", "五", "六", "七", "八", "九")
NAMES_ZH: tuple[str, ...] = (
    *(f"{numeral}{suit}" for suit in ("万", "筒", "条") for numeral in _NUMERALS),
    "东", "南", "西", "北", "红中", "发财", "白板")

# Riichi order of the honour digits: 1z-4z winds, 5z 白, 6z 发, 7z 中.
_Z_DIGITS = {1: EAST, 2: SOUTH, 3: WEST, 4: NORTH, 5: WHITE, 6: GREEN, 7: RED}

# Unicode Mahjong Tiles block: U+1F000 东 … U+1F021 九筒.
_UNICODE = {0x1F000: EAST, 0x1F001: SOUTH, 0x1F002: WEST, 0x1F003: NORTH,
            0x1F004: RED, 0x1F005: GREEN, 0x1F006: WHITE}
_UNICODE.update({0x1F007 + r: MAN + r for r in range(9)})  # 🀇-🀏 characters
_UNICODE.update({0x1F010 + r: SOU + r for r in range(9)})  # 🀐-🀘 bamboo
_UNICODE.update({0x1F019 + r: PIN + r for r in range(9)})  # 🀙-🀡 dots
UNICODE_CHARS: tuple[str, ...] = tuple(
    chr(next(cp for cp, t in _UNICODE.items() if t == tile)) for tile in range(NUM_KINDS)
)

_CHINESE_NUMERALS = {"一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5,
                     "六": 6, "七": 7, "八": 8, "九": 9, "幺": 1}
_CHINESE_SUITS = {"万": MAN, "萬": MAN, "筒": PIN, "饼": PIN, "餅": PIN,
                  "条": SOU, "條": SOU, "索": SOU}
# Longest names first so that "红中" is read before "中" would be. A wind may be followed
# by 风/風 (东风, 東風).
_CHINESE_HONOURS = sorted({
    "东": EAST, "東": EAST, "南": SOUTH, "西": WEST, "北": NORTH,
    "红中": RED, "紅中": RED, "中": RED,
    "发财": GREEN, "發財": GREEN, "发": GREEN, "發": GREEN,
    "白板": WHITE, "白": WHITE,
}.items(), key=lambda item: -len(item[0]))
_WIND_SUFFIX = "风風"

_SEPARATORS = " ,\t\n\u3000、，"
_VARIATION_SELECTORS = "\ufe0e\ufe0f"


def code(tile: int) -> str:
    """The canonical code of a tile (``"5m"``, ``"E"``, ``"C"``)."""
    return CODES[tile]


def codes(tiles: Iterable[int]) -> list[str]:
    """Canonical codes of several tiles, in the order given."""
    return [CODES[t] for t in tiles]


def compact(tiles: Iterable[int]) -> str:
    """Canonical compact string, sorted: ``"123m456p789sEEECC"``."""
    out: list[str] = []
    ordered = sorted(tiles)
    for base, letter in ((MAN, "m"), (PIN, "p"), (SOU, "s")):
        ranks = "".join(str(t - base + 1) for t in ordered if base <= t < base + 9)
        if ranks:
            out.append(ranks + letter)
    out.extend(CODES[t] for t in ordered if t >= EAST)
    return "".join(out)


def compact_in_order(tiles: Iterable[int]) -> str:
    """A compact string that keeps the tiles' order (a pond, a wall): each run of number
    tiles of one suit shares its letter, ``"59m1s8mE"``."""
    out: list[str] = []
    ranks: list[str] = []
    letter = ""
    for tile in tiles:
        code_ = CODES[tile]
        if tile >= EAST or code_[1] != letter:
            if ranks:
                out.append("".join(ranks) + letter)
            ranks, letter = [], ""
        if tile >= EAST:
            out.append(code_)
        else:
            ranks.append(code_[0])
            letter = code_[1]
    if ranks:
        out.append("".join(ranks) + letter)
    return "".join(out)


def is_honour(tile: int) -> bool:
    return tile >= EAST


def suit_of(tile: int) -> int:
    """0, 1, 2 for 万 筒 条; 3 for winds; 4 for dragons."""
    if tile < EAST:
        return tile // 9
    return 3 if tile < RED else 4


def rank_of(tile: int) -> int:
    """1-9 for a number tile; for honours the 1-based position in 东南西北中发白."""
    if tile < EAST:
        return tile % 9 + 1
    return HONOUR_ORDER_RANK[tile]


# 东南西北中发白 = 1..7 (the order the Qinzhou horse numbers use).
HONOUR_ORDER_RANK = {EAST: 1, SOUTH: 2, WEST: 3, NORTH: 4, RED: 5, GREEN: 6, WHITE: 7}


def is_terminal_or_honour(tile: int) -> bool:
    return tile >= EAST or tile % 9 in (0, 8)


def next_tile(tile: int) -> int:
    """The tile after ``tile`` in its family: 9→1 in a suit, 北→东, 中→发→白→中."""
    if tile < EAST:
        return tile - tile % 9 + (tile % 9 + 1) % 9
    if tile in WINDS:
        return EAST + (tile - EAST + 1) % 4
    return RED + (tile - RED + 1) % 3


def to_counts(tiles: Iterable[int]) -> tuple[int, ...]:
    """A 34-long count vector, the canonical form the analysis core is keyed on."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t] += 1
    return tuple(counts)


def from_counts(counts: Sequence[int]) -> list[int]:
    """The sorted tile list of a count vector."""
    return [t for t in range(NUM_KINDS) for _ in range(counts[t])]


def parse_tile(text: str) -> int:
    """Exactly one tile in any notation; a :class:`TileError` otherwise."""
    if not isinstance(text, str):
        raise TileError(msg("expected a tile as a string, got {type}",
                            type=kind_of(text)), None, FIELD_WRONG_TYPE)
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileError(msg("expected exactly one tile, got {count} in {text}",
                            count=len(tiles), text=repr(text)), None, TILE_NOT_ONE)
    return tiles[0]


# The canonical compact notation ("123m456pEE"), by far the most common input, is read by
# the regex engine token by token: runs of digits 1-9 closed by m/p/s, and honour letters.
# The tokens found cover the whole text exactly when the text is nothing but tokens (they
# are disjoint), which is cheaper to check than matching the text against the whole form.
_TOKEN = re.compile(r"[1-9]+[mps]|[ESWNCFP]")
_CODE_OF = _CODE_INDEX.__getitem__


@cached(1024)
def _token_tiles(token: str) -> tuple[int, ...]:
    """The tiles of one compact token (``"123m"``, ``"E"``); tokens repeat across requests."""
    if token in _CODE_INDEX and not token[0].isdigit():
        return (_CODE_INDEX[token],)
    base = _SUIT_LETTERS.index(token[-1]) * 9
    return tuple(base + int(digit) - 1 for digit in token[:-1])


def parse_tiles(text: str) -> list[int]:
    """Read a tile string in any accepted notation, mixed freely.

    Accepted: compact digits + suit letter (``123m``, ``55z``), honour letters (``EESWNCFP``),
    Chinese names (``一万``, ``東風``, ``红中``), Unicode tiles (``🀇``). Spaces and commas are
    ignored. Errors name the 0-based character index and the character.
    """
    return list(read_tiles(text))


def read_tiles(text: str) -> tuple[int, ...]:
    """:func:`parse_tiles` as a tuple (what a request holds).

    Short strings (a meld, one tile) repeat across requests and are read once (cached);
    a hand's or a pond's string seldom does: kept, each would only push a meld out of the
    cache (a /settle holds eight of them, and its ledger of misses and evictions cost
    more than reading them)."""
    if len(text) > 8:
        return tuple(_parse(text))
    return _parsed(text)


@cached(1 << 12)
def _parsed(text: str) -> tuple[int, ...]:
    """:func:`read_tiles` of a short string, cached. Errors are not cached."""
    return tuple(_parse(text))


def _parse(text: str) -> list[int]:
    tokens = _TOKEN.findall(text)
    if len("".join(tokens)) == len(text):
        try:  # one code a tile ("1m1m2mE", what clients send most): a plain lookup each
            return list(map(_CODE_OF, tokens))
        except KeyError:
            return [t for token in tokens for t in _token_tiles(token)]
    tiles: list[int] = []
    pending: list[tuple[int, str]] = []  # (index, digit) waiting for a suit letter
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isdigit() and ch.isascii():
            pending.append((i, ch))
            i += 1
            continue
        if ch in "mpsz":
            tiles.extend(_flush_digits(pending, ch, i))
            pending = []
            i += 1
            continue
        if pending:
            start, _digit = pending[0]
            if ch in _CHINESE_SUITS:
                tiles.extend(_flush_digits(pending, "mps"[_CHINESE_SUITS[ch] // 9], i))
                pending = []
                i += 1
                continue
            raise TileError(
                msg("the digits at index {start} must be followed by a suit letter "
                    "(m, p, s or z), found {char} at index {index}",
                    start=start, char=repr(ch), index=i), i, TILE_UNKNOWN)
        i = _read_one(text, i, tiles)
    if pending:
        start = pending[0][0]
        raise TileError(
            msg("the digits from index {start} have no suit letter: end them with m, p, s "
                "or z", start=start), start, TILE_UNKNOWN)
    return tiles


def _flush_digits(pending: list[tuple[int, str]], suit: str, at: int) -> list[int]:
    if not pending:
        raise TileError(msg("suit letter {suit} at index {index} has no digits before it",
                            suit=repr(suit), index=at), at, TILE_UNKNOWN)
    out = []
    for n, (index, digit) in enumerate(pending):
        rank = int(digit)
        if suit == "z":
            if rank not in _Z_DIGITS:
                tile, index = _as_written(pending, n, suit)
                raise TileError(msg("{tile} at index {index} is not a tile: honours are "
                                    "1z-7z", tile=tile, index=index),
                                index, TILE_UNKNOWN)
            out.append(_Z_DIGITS[rank])
        elif rank == 0:
            tile, index = _as_written(pending, n, suit)
            raise TileError(msg("{tile} at index {index} is not a tile: ranks are 1-9",
                                tile=tile, index=index), index, TILE_UNKNOWN)
        else:
            out.append("mps".index(suit) * 9 + rank - 1)
    return out


def _as_written(pending: list[tuple[int, str]], n: int, suit: str) -> tuple[str, int]:
    """The tile the writer meant by the bad digit ``pending[n]``, and where it starts: a 0
    right after a digit is the second digit of a rank (``10p``: "10p at index 0", not "0p
    at index 1", which nobody wrote); any other digit is a tile of its own."""
    index, digit = pending[n]
    if digit == "0" and n and pending[n - 1][0] == index - 1:
        before, first = pending[n - 1]
        return f"{first}0{suit}", before
    return f"{digit}{suit}", index


def _read_one(text: str, i: int, tiles: list[int]) -> int:
    """Read one non-digit token at ``i`` into ``tiles``; return the next index."""
    ch = text[i]
    if ch in _SEPARATORS or ch in _VARIATION_SELECTORS:
        return i + 1
    if ch in HONOUR_LETTERS:
        tiles.append(_CODE_INDEX[ch])
        return i + 1
    if ord(ch) in _UNICODE:
        tiles.append(_UNICODE[ord(ch)])
        return i + 1
    if ch in _CHINESE_NUMERALS:
        suit_ch = text[i + 1] if i + 1 < len(text) else ""
        if suit_ch not in _CHINESE_SUITS:
            raise TileError(
                msg("the numeral {char} at index {index} must be followed by 万, 筒 or 条",
                    char=repr(ch), index=i), i, TILE_UNKNOWN)
        tiles.append(_CHINESE_SUITS[suit_ch] + _CHINESE_NUMERALS[ch] - 1)
        return i + 2
    for name, tile in _CHINESE_HONOURS:
        if text.startswith(name, i):
            tiles.append(tile)
            end = i + len(name)
            if tile in WINDS and text[end:end + 1] in tuple(_WIND_SUFFIX):
                end += 1
            return end
    if ch in "ewncf":
        message = msg("unknown tile character {char} at index {index} (honours are "
                      "upper-case: {upper})", char=repr(ch), index=i, upper=repr(ch.upper()))
    elif ch == "M":
        message = msg("unknown tile character {char} at index {index} (suit letters are "
                      "lower-case: m, p, s)", char=repr(ch), index=i)
    else:
        message = msg("unknown tile character {char} at index {index}", char=repr(ch), index=i)
    raise TileError(message, i, TILE_UNKNOWN)


def kind_of(value: object) -> Text:
    """What a value given where a tile was expected is, in the request's words (an array, a
    number, …), never a Python type name."""
    if isinstance(value, list | tuple):
        return msg("an array")
    if isinstance(value, str):
        return msg("a string")
    if isinstance(value, bool):
        return msg("true or false")
    if value is None:
        return msg("null")
    if isinstance(value, int | float):
        return msg("a number")
    return msg("an object")
