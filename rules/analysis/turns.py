# cython: boundscheck=False, wraparound=False, initializedcheck=False
# distutils: extra_compile_args = -ffp-contract=off
"""The values of an expected-value graph worked out turn by turn, backwards: the inner loop
of :meth:`rules.analysis.expectation._Arrays.row`.

Each turn, every state's value is what its draws bring: the wins and throw-backs summed once
(``fixed``, and ``stay`` times its own value next turn), plus, for each draw with a choice
of states, the best of their values next turn times that draw's chance. With numpy that is
eight calls a turn on arrays of a few hundred states, and the calls, not the arithmetic,
were the time: a tenth of a review (perf, a guangdong review).

So the turn loop is written twice, and both give the same numbers to the last bit:

* :func:`by_arrays`, numpy's calls (the reference, and what runs where the core is not
  compiled);
* :func:`by_loops`, plain loops over the arrays, in Cython's pure-Python mode: compiled
  (``make compile``), its variables are C numbers and it runs the same sums in the same
  order (each state's choices added in draw order, as ``np.bincount`` adds them; the best
  of a choice is a maximum, exact in any order; ``-ffp-contract=off`` keeps ``a + b * c``
  two roundings, as numpy makes it). As Python it would be far slower than numpy, so it
  is used only compiled (:data:`COMPILED`).

A test holds the two equal, bit for bit, on random graphs; the compiled and pure builds'
answers are held equal by ``tests/unit/test_compiled_core.py``.
"""

from __future__ import annotations

import cython
import numpy as np

COMPILED: bool = cython.compiled


def values(fixed: np.ndarray, stay: np.ndarray, picked: np.ndarray, runs: np.ndarray,
           weight: np.ndarray, chooser: np.ndarray, turns: int) -> np.ndarray:
    """``V_0`` of every state, (2, states): ``turns`` turns backwards from ``V = 0``.

    ``fixed`` (2, states): each state's wins, summed over its draws, a turn; ``stay``: the
    chance it throws the drawn tile back (its own value next turn); for each draw with a
    choice (``chooser``: its state, ``weight``: its chance), its targets are
    ``picked[runs[c]:runs[c + 1]]`` (the last to the end of ``picked``)."""
    if COMPILED:
        return by_loops(np.ascontiguousarray(fixed, dtype=np.float64),
                        np.ascontiguousarray(stay, dtype=np.float64),
                        np.ascontiguousarray(picked, dtype=np.intp),
                        np.ascontiguousarray(runs, dtype=np.intp),
                        np.ascontiguousarray(weight, dtype=np.float64),
                        np.ascontiguousarray(chooser, dtype=np.intp), turns)
    return by_arrays(fixed, stay, picked, runs, weight, chooser, turns)


def by_arrays(fixed: np.ndarray, stay: np.ndarray, picked: np.ndarray, runs: np.ndarray,
              weight: np.ndarray, chooser: np.ndarray, turns: int) -> np.ndarray:
    """:func:`values` with numpy's calls, a turn at a time."""
    states = fixed.shape[1]
    value = np.zeros((2, states))
    for _ in range(turns):
        nxt = fixed + stay * value
        if len(chooser):
            best = np.maximum.reduceat(value[:, picked], runs, axis=1) * weight
            nxt[0] += np.bincount(chooser, weights=best[0], minlength=states)
            nxt[1] += np.bincount(chooser, weights=best[1], minlength=states)
        value = nxt
    return value


@cython.locals(fixed=cython.double[:, ::1], stay=cython.double[::1],
               picked=cython.Py_ssize_t[::1], runs=cython.Py_ssize_t[::1],
               weight=cython.double[::1], chooser=cython.Py_ssize_t[::1],
               turns=cython.Py_ssize_t, states=cython.Py_ssize_t,
               choices=cython.Py_ssize_t, targets=cython.Py_ssize_t,
               turn=cython.Py_ssize_t, s=cython.Py_ssize_t, c=cython.Py_ssize_t,
               i=cython.Py_ssize_t, end=cython.Py_ssize_t, state=cython.Py_ssize_t,
               best0=cython.double, best1=cython.double, x=cython.double,
               now=cython.double[:, ::1], nxt=cython.double[:, ::1],
               added=cython.double[:, ::1])
def by_loops(fixed, stay, picked, runs, weight, chooser, turns) -> np.ndarray:
    """:func:`values` as loops over the arrays (C-contiguous; integers as ``np.intp``):
    compiled, the same sums as :func:`by_arrays` in the same order."""
    states = fixed.shape[1]
    choices = chooser.shape[0]
    targets = picked.shape[0]
    arrays = [np.zeros((2, states)), np.zeros((2, states))]
    added = np.zeros((2, states))
    for turn in range(turns):
        now = arrays[turn % 2]
        nxt = arrays[(turn + 1) % 2]
        for s in range(states):
            added[0, s] = 0.0
            added[1, s] = 0.0
        for c in range(choices):
            end = runs[c + 1] if c + 1 < choices else targets
            best0 = now[0, picked[runs[c]]]
            best1 = now[1, picked[runs[c]]]
            for i in range(runs[c] + 1, end):
                x = now[0, picked[i]]
                if x > best0:
                    best0 = x
                x = now[1, picked[i]]
                if x > best1:
                    best1 = x
            state = chooser[c]
            added[0, state] += best0 * weight[c]
            added[1, state] += best1 * weight[c]
        for s in range(states):
            nxt[0, s] = fixed[0, s] + stay[s] * now[0, s]
            nxt[1, s] = fixed[1, s] + stay[s] * now[1, s]
            if choices:
                nxt[0, s] += added[0, s]
                nxt[1, s] += added[1, s]
    return arrays[turns % 2]
