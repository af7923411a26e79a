"""What the game simulator plays: outcome counts per scored variant (for docs/RELIABILITY.md).

    .venv/bin/python -m tools.simstats [rounds per variant, default 1000]
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules.variants import VARIANTS  # noqa: E402
from tests.sim.engine import Simulator  # noqa: E402


def outcomes(variant: str, rounds: int) -> Counter[str]:
    """Win types, winner counts and kinds of meld over ``rounds`` seeded rounds."""
    seen: Counter[str] = Counter()
    for seed in range(rounds):
        played = Simulator(variant, seed).play()
        seen[played.win_type or "drawn"] += 1
        if len(played.winners) > 1:
            seen[f"{len(played.winners)} winners"] += 1
        for player in played.request["players"]:
            for meld in player.get("melds", []):
                seen[f"meld {meld['type']}"] += 1
        for reason in played.refused:
            seen[f"refused {reason}"] += 1
    return seen


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for name, variant in VARIANTS.items():
        if variant.scored:
            counts = outcomes(name, rounds)
            print(f"{name} ({rounds} rounds): " + ", ".join(
                f"{k} {v}" for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()
