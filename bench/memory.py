"""Are the caches really bounded? Endless new hands through the domain, in this process.

The HTTP soak (bench/http.py) cycles through a fixed set of requests, so once they have all
been seen nothing new enters a cache. Here every hand is new: random hands of every variant,
complete and one short, with and without wild jing, are evaluated batch after batch while
the process's resident memory and the fill of every cache are recorded. The caches reach
their bounds and the memory levels off.
"""

from __future__ import annotations

import random
from contextlib import suppress

import rules
from bench.hands import complete_hand
from bench.http import rss_kib
from rules.analysis import cache_stats, clear_caches
from rules.errors import InvalidInput
from rules.model import AdviseRequest, EvaluateRequest, Jing, PlayerTiles
from rules.variant import NotSupported
from rules.variants import VARIANTS


def _hand(rng: random.Random) -> tuple[int, ...]:
    """A complete hand, one time in five one tile short (its waits are asked for: one
    evaluation per tile that completes it)."""
    tiles = complete_hand(rng)
    if rng.random() < 0.2:
        tiles.pop(rng.randrange(len(tiles)))
    return tuple(sorted(tiles))


def _request(rng: random.Random, variant: str) -> EvaluateRequest:
    v = VARIANTS[variant]
    hand = _hand(rng)
    jing = Jing(rng.choice(hand)) if v.wild_jing else Jing()  # its jing are in the hand
    return EvaluateRequest(variant, PlayerTiles(hand), dealer=True, jing=jing)


ADVISE_EVERY = 10  # one hand in ten is also asked what to discard (the shanten caches)


def endless_hands(batches: int = 10, per_batch: int = 6000, seed: int = 31337) -> list[dict]:
    """RSS and total cache fill after each batch of ``per_batch`` new evaluations (one in
    ADVISE_EVERY also advised: /advise fills the shanten caches)."""
    rng = random.Random(seed)
    names = list(VARIANTS)
    clear_caches()
    rows = []
    for batch in range(batches):
        for i in range(per_batch):
            # a request the API refuses (five copies with the indicator, …) is skipped
            request = _request(rng, names[i % len(names)])
            with suppress(InvalidInput, NotSupported):
                rules.evaluate(request)
                if i % ADVISE_EVERY == 0:
                    rules.advise(AdviseRequest(request.variant, request.hand, request.jing,
                                               dealer=True))
        stats = cache_stats()
        rows.append({"batch": batch + 1, "evaluations": (batch + 1) * per_batch,
                     "rss_kib": rss_kib_self(),
                     "entries": sum(s["size"] for s in stats.values())})
    return rows


def rss_kib_self() -> int:
    import os

    return rss_kib(os.getpid())
