"""Value types of the analysis core: shape rules, groups and readings."""

from __future__ import annotations

from typing import NamedTuple

# Shapes a complete hand can take.
STANDARD = "standard"  # four sets + a pair (sets may be melds)
SEVEN_PAIRS = "seven_pairs"
SHI_SAN_LAN = "shi_san_lan"  # 十三烂
QI_XING_SHI_SAN_LAN = "qi_xing_shi_san_lan"  # 七星十三烂: 十三烂 holding all seven honours
SHI_SAN_YAO = "shi_san_yao"  # 十三幺
SHAPES = (STANDARD, SEVEN_PAIRS, SHI_SAN_LAN, QI_XING_SHI_SAN_LAN, SHI_SAN_YAO)

# Group kinds. ``single`` is one tile of a 十三烂 / 十三幺 hand.
CHOW, PUNG, PAIR, SINGLE = "chow", "pung", "pair", "single"


class ShapeRules(NamedTuple):
    """Which shapes a variant accepts; the core's caches are keyed on this too.

    A NamedTuple rather than a dataclass: it is part of every cache key, and a tuple hashes
    in C, a frozen dataclass in Python.
    """

    honour_chows: bool = False  # any three different winds, and 中发白, form a chow
    seven_pairs: bool = False
    four_as_two_pairs: bool = True  # four of a tile count as two of the seven pairs
    shi_san_lan: bool = False  # 十三烂 and 七星十三烂
    shi_san_yao: bool = False  # 十三幺


class Group(NamedTuple):
    """One set, pair or single of a reading.

    ``tiles`` holds the tile each position *stands for*; ``wild`` marks the positions filled
    by a wild. A free group (wilds only, standing for any set or pair) has ``None`` tiles:
    it can be read as whatever suits the scorer, and is shown as the wild tiles themselves.
    """

    kind: str
    tiles: tuple[int | None, ...]
    wild: tuple[bool, ...]

    @property
    def free(self) -> bool:
        return self.tiles[0] is None

    @property
    def wilds(self) -> int:
        return sum(self.wild)


class Reading(NamedTuple):
    """One way to read the concealed tiles as a complete shape."""

    shape: str
    groups: tuple[Group, ...]

    @property
    def wilds(self) -> int:
        """How many wild tiles stand in for something in this reading."""
        return sum(g.wilds for g in self.groups)

    @property
    def all_pungs(self) -> bool:
        """Every set is a pung (a free set can be read as one): the 碰碰胡 / 大七 test."""
        return self.shape == STANDARD and all(g.kind != CHOW for g in self.groups)

    @property
    def all_chows(self) -> bool:
        """Every set is a chow (free sets excluded, they could be anything)."""
        return self.shape == STANDARD and all(
            g.kind in (CHOW, PAIR) or g.free for g in self.groups)
