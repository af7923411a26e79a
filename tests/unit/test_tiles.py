"""Tiles: every notation of API.md reads to the same internal form; errors name the index."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import tiles
from rules.errors import TileError
from rules.tiles import CODES, compact, next_tile, parse_tile, parse_tiles

HAND = ["1m", "2m", "3m", "5p", "9s", "E", "S", "W", "N", "C", "F", "P"]


@pytest.mark.parametrize("text", [
    "123m5p9sESWNCFP",
    "1m2m3m5p9sESWNCFP",
    "123m5p9s1234z765z",
    "一万二万三万五筒九条东南西北红中发财白板",
    "一萬二萬三萬五筒九條東風南風西風北風紅中發財白板",
    "123万5筒9条东南西北中发白",
    "🀇🀈🀉🀝🀘🀀🀁🀂🀃🀄🀅🀆",
    "🀇🀈🀉🀝🀘🀀🀁🀂🀃🀄\ufe0f🀅🀆",
    "1m 2m 3m, 5p 9s E S W N C F P",
])
def test_every_notation_reads_the_same(text):
    assert tiles.codes(parse_tiles(text)) == HAND


def test_z_digits_follow_the_riichi_order():
    assert tiles.codes(parse_tiles("1234567z")) == ["E", "S", "W", "N", "P", "F", "C"]


def test_canonical_compact_form_is_sorted():
    assert compact(parse_tiles("EC9s1m5p2m")) == "12m5p9sEC"


@pytest.mark.parametrize("text, index, fragment", [
    ("123x", 3, "'x' at index 3"),
    ("123m4", 4, "no suit letter"),
    ("m", 0, "no digits before it"),
    ("0m", 0, "ranks are 1-9"),
    ("10p", 0, "10p at index 0 is not a tile: ranks are 1-9"),  # not "0p at index 1"
    ("5m110p", 3, "10p at index 3 is not a tile"),  # 1p, then 10p
    ("123m0p", 4, "0p at index 4 is not a tile"),  # a 0 of its own is a tile of its own
    ("10z", 0, "10z at index 0 is not a tile: honours are 1z-7z"),
    ("8z", 0, "honours are 1z-7z"),
    ("12E", 2, "must be followed by a suit letter"),
    ("11me", 3, "upper-case: 'E'"),
    ("一X", 0, "followed by 万, 筒 or 条"),
])
def test_errors_name_the_character_position(text, index, fragment):
    with pytest.raises(TileError) as caught:
        parse_tiles(text)
    assert caught.value.index == index
    assert fragment in str(caught.value.message)


def test_parse_tile_wants_exactly_one():
    assert parse_tile("5z") == tiles.WHITE
    with pytest.raises(TileError, match="exactly one tile"):
        parse_tile("11m")


@pytest.mark.parametrize("tile, after", [
    ("1m", "2m"), ("9m", "1m"), ("9p", "1p"), ("9s", "1s"),
    ("E", "S"), ("N", "E"), ("C", "F"), ("F", "P"), ("P", "C"),
])
def test_next_tile_wraps_within_its_family(tile, after):
    assert CODES[next_tile(parse_tile(tile))] == after


@given(st.lists(st.integers(0, 33), max_size=20))
def test_codes_round_trip_in_every_notation(tile_ids):
    as_codes = "".join(CODES[t] for t in tile_ids)
    as_unicode = "".join(tiles.UNICODE_CHARS[t] for t in tile_ids)
    as_chinese = "".join(tiles.NAMES_ZH[t] for t in tile_ids)
    for text in (as_codes, as_unicode, as_chinese, compact(tile_ids)):
        assert sorted(parse_tiles(text)) == sorted(tile_ids)
