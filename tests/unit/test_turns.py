"""The turn loop of the expected values (rules/analysis/turns.py): its two writings, numpy's
calls and plain loops (compiled where the core is), give the same numbers to the last bit."""

from __future__ import annotations

import numpy as np
import pytest

from rules.analysis import turns
from tools import compile_core


def _graph(rng: np.random.Generator, states: int, choices: int) -> tuple:
    """Arrays as ``_Arrays.row`` hands them over: each choice's targets a run of
    ``picked`` (at least one, the state itself first in the engine), its state and chance."""
    lengths = rng.integers(1, 6, size=choices)
    picked = rng.integers(0, states, size=int(lengths.sum())).astype(np.int64)
    runs = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
    chooser = np.sort(rng.integers(0, states, size=choices)).astype(np.int64)
    weight = rng.random(choices) / 30
    fixed = rng.random((2, states)) / 10 * np.array([[1.0], [40.0]])
    stay = rng.random(states) * 0.6
    return fixed, stay, picked, runs, weight, chooser


@pytest.mark.parametrize("seed", range(40))
def test_the_loops_make_numpys_sums_bit_for_bit(seed):
    rng = np.random.default_rng(seed)
    states = int(rng.integers(1, 60))
    arrays = _graph(rng, states, int(rng.integers(0, 3 * states)))
    draws = int(rng.integers(0, 20))
    reference = turns.by_arrays(*arrays, draws)
    looped = turns.by_loops(*(np.ascontiguousarray(a) for a in arrays), draws)
    assert looped.tobytes() == reference.tobytes()
    assert turns.values(*arrays, draws).tobytes() == reference.tobytes()


def test_a_graph_with_no_choice_and_no_turn():
    """No draw with a choice (``runs`` is ``[0]`` then, ``chooser`` empty), and no turn:
    every value 0."""
    fixed, stay = np.array([[0.1, 0.2], [3.0, 4.0]]), np.array([0.5, 0.25])
    empty = np.zeros(0, dtype=np.int64)
    runs = np.zeros(1, dtype=np.int64)
    for draws in (0, 1, 5):
        reference = turns.by_arrays(fixed, stay, empty, runs, np.zeros(0), empty, draws)
        looped = turns.by_loops(fixed, stay, empty, runs, np.zeros(0), empty, draws)
        assert looped.tobytes() == reference.tobytes()
    assert not turns.values(fixed, stay, empty, runs, np.zeros(0), empty, 0).any()


def test_a_ready_state_wins_with_the_closed_form():
    """One ready state: each turn it wins with chance p (worth 8) and otherwise throws the
    tile back, so after T turns it has won with chance 1 − (1 − p)^T, worth 8 times that."""
    p, draws = 0.125, 9
    fixed, stay = np.array([[p], [8 * p]]), np.array([1 - p])
    empty = np.zeros(0, dtype=np.int64)
    value = turns.values(fixed, stay, empty, np.zeros(1, dtype=np.int64), np.zeros(0),
                         empty, draws)
    assert value[0, 0] == pytest.approx(1 - (1 - p) ** draws, abs=1e-15)
    assert value[1, 0] == pytest.approx(8 * (1 - (1 - p) ** draws), abs=1e-14)


def test_a_choice_takes_the_better_state():
    """State 0 draws, with chance 1/2, a tile that lets it become state 1 (ready, wins with
    chance 1/4 a turn) or stay itself: it takes state 1's value next turn, never its own
    when that is less."""
    fixed = np.array([[0.0, 0.25], [0.0, 0.25]])
    stay = np.array([0.5, 0.75])
    picked = np.array([0, 1], dtype=np.int64)  # the state itself first, then state 1
    runs, chooser = np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64)
    weight = np.array([0.5])
    value = turns.values(fixed, stay, picked, runs, weight, chooser, 2)
    # one turn left: state 1 is worth 1/4, state 0 nothing (a draw cannot also win)
    # two turns: state 0 gets 1/2 × 1/4 from the choice
    assert value[0, 0] == pytest.approx(0.125, abs=1e-15)
    assert value[0, 1] == pytest.approx(0.25 + 0.75 * 0.25, abs=1e-15)


def test_the_loops_run_where_the_module_is_compiled():
    """``values`` takes the loops exactly where ``make compile`` built this module (as
    Python they are far slower than numpy's calls)."""
    built = "rules/analysis/turns.py" in compile_core.compiled()
    assert turns.COMPILED is built
    assert "rules/analysis/turns.py" in compile_core.MODULES
