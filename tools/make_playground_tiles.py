"""Draw the playground's 34 tile faces into one SVG sprite: app/static/playground/tiles.svg.

The page must not depend on the visitor having a font with the Unicode mahjong tiles (most
systems have none), so the faces are bundled as paths: dots and bamboo are drawn as shapes,
and the few Chinese characters (一…九 萬 東南西北 中 發) are outlines taken from
WenQuanYi Micro Hei (Apache-2.0). The output is committed; this script reproduces it:

    apt-get install -y fonts-wqy-microhei
    .venv/bin/pip install fonttools==4.68.0
    .venv/bin/python tools/make_playground_tiles.py

Each tile is a ``<symbol id="t-5m" viewBox="0 0 60 80">`` (ids are the API's tile codes);
the tile frame itself is drawn by CSS so that states (wild jing, selected) can restyle it.
"""

from __future__ import annotations

import sys
from pathlib import Path

FONT = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
OUT = Path(__file__).resolve().parent.parent / "app" / "static" / "playground" / "tiles.svg"

NUMERALS = "一二三四五六七八九"
RED, GREEN, BLUE, BLACK = "#c0262d", "#1c7a3c", "#1d4f91", "#1b1b1b"

# Dot positions on the 60×80 face, by rank (the usual 筒 layouts, simplified).
_C = (30, 40)
DOTS: dict[int, list[tuple[float, float]]] = {
    1: [_C],
    2: [(30, 22), (30, 58)],
    3: [(15, 16), (30, 40), (45, 64)],
    4: [(17, 24), (43, 24), (17, 56), (43, 56)],
    5: [(16, 18), (44, 18), _C, (16, 62), (44, 62)],
    6: [(18, 16), (42, 16), (18, 40), (42, 40), (18, 64), (42, 64)],
    7: [(12, 12), (30, 21), (48, 30), (18, 50), (42, 50), (18, 68), (42, 68)],
    8: [(18, y) for y in (11, 30, 50, 69)] + [(42, y) for y in (11, 30, 50, 69)],
    9: [(x, y) for y in (15, 40, 65) for x in (12, 30, 48)],
}
DOT_RADIUS = {1: 20, 2: 12, 3: 10, 4: 11, 5: 9.5, 6: 9, 7: 7.5, 8: 8, 9: 8}

# Bamboo stick centres by rank; a stick is 8 wide and ``STICK_H`` tall.
STICKS: dict[int, list[tuple[float, float]]] = {
    1: [_C],
    2: [(30, 22), (30, 58)],
    3: [(30, 22), (19, 58), (41, 58)],
    4: [(19, 22), (41, 22), (19, 58), (41, 58)],
    5: [(15, 22), (45, 22), _C, (15, 58), (45, 58)],
    6: [(x, y) for y in (22, 58) for x in (13, 30, 47)],
    7: [(30, 14)] + [(x, y) for y in (40, 66) for x in (13, 30, 47)],
    8: [(x, y) for y in (22, 58) for x in (9, 23, 37, 51)],
    9: [(x, y) for y in (14, 40, 66) for x in (13, 30, 47)],
}
STICK_H = {1: 56, 2: 30, 3: 30, 4: 30, 5: 30, 6: 30, 7: 22, 8: 30, 9: 22}
RED_STICKS = {1: {0}, 5: {2}, 7: {0}, 9: {1, 4, 7}}
RED_DOTS = {1: {0}, 5: {2}, 7: set(), 9: {3, 4, 5}}

HONOURS = {"E": ("東", BLACK), "S": ("南", BLACK), "W": ("西", BLACK), "N": ("北", BLACK),
           "C": ("中", RED), "F": ("發", GREEN)}


class Glyphs:
    """Outlines of a few CJK characters as SVG path data, in font units (y up)."""

    def __init__(self, path: Path):
        from fontTools.pens.svgPathPen import SVGPathPen
        from fontTools.ttLib import TTCollection

        font = TTCollection(str(path)).fonts[0]
        self.em = font["head"].unitsPerEm
        self._cmap = font.getBestCmap()
        self._set = font.getGlyphSet()
        self._pen = SVGPathPen

    def path(self, char: str) -> str:
        pen = self._pen(self._set)
        self._set[self._cmap[ord(char)]].draw(pen)
        return pen.getCommands()

    def place(self, char: str, x: float, y: float, size: float, colour: str) -> str:
        """The character ``size`` units tall with its em box's top-left at (x, y)."""
        s = size / self.em
        base = y + size * 0.88  # baseline: the em box is ~88% above it in this font
        return (f'<path fill="{colour}" transform="translate({x:g} {base:g}) '
                f'scale({s:.5f} {-s:.5f})" d="{self.path(char)}"/>')


def dot(x: float, y: float, r: float, colour: str) -> str:
    return (f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="none" stroke="{colour}" '
            f'stroke-width="{r * 0.28:.2f}"/><circle cx="{x:g}" cy="{y:g}" r="{r * 0.38:.2f}" '
            f'fill="{colour}"/>')


def stick(x: float, y: float, h: float, colour: str) -> str:
    top = y - h / 2
    return (f'<rect x="{x - 4:g}" y="{top:g}" width="8" height="{h:g}" rx="3.5" '
            f'fill="{colour}"/><rect x="{x - 4:g}" y="{y - 1:g}" width="8" height="2" '
            f'fill="#fff" opacity=".7"/>')


def face(code: str, glyphs: Glyphs) -> str:
    if code in HONOURS:
        char, colour = HONOURS[code]
        return glyphs.place(char, 6, 12, 48, colour)
    if code == "P":
        return (f'<rect x="11" y="13" width="38" height="54" rx="3" fill="none" '
                f'stroke="{BLUE}" stroke-width="4"/>')
    rank, suit = int(code[0]), code[1]
    if suit == "m":
        return (glyphs.place(NUMERALS[rank - 1], 12, 5, 36, BLUE)
                + glyphs.place("萬", 9, 39, 42, RED))
    if suit == "p":
        return "".join(dot(x, y, DOT_RADIUS[rank], RED if i in RED_DOTS.get(rank, ())
                           else (GREEN if rank in (6, 8) and i < 2 else BLUE))
                       for i, (x, y) in enumerate(DOTS[rank]))
    return "".join(stick(x, y, STICK_H[rank], RED if i in RED_STICKS.get(rank, ()) else GREEN)
                   for i, (x, y) in enumerate(STICKS[rank]))


def codes() -> list[str]:
    return ([f"{r}{s}" for s in "mps" for r in range(1, 10)]
            + list("ESWNCFP"))


def sprite(glyphs: Glyphs) -> str:
    symbols = "\n".join(f'<symbol id="t-{c}" viewBox="0 0 60 80">{face(c, glyphs)}</symbol>'
                        for c in codes())
    return ('<svg xmlns="http://www.w3.org/2000/svg">\n'
            '<!-- Generated by tools/make_playground_tiles.py; characters outlined from '
            'WenQuanYi Micro Hei (Apache-2.0). -->\n' + symbols + "\n</svg>\n")


def main() -> int:
    if not FONT.exists():
        print(f"missing {FONT}: apt-get install -y fonts-wqy-microhei", file=sys.stderr)
        return 1
    OUT.write_text(sprite(Glyphs(FONT)), encoding="utf-8")
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
