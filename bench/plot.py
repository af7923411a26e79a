"""The PNG of docs/PERFORMANCE.md: time per hand against the number of wilds."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # no display: write the file only
import matplotlib.pyplot as plt


def wilds_plot(rows: list[dict], per_substituted_ns: float, path: Path) -> Path:
    """Median and p99 (µs, log scale) of the core queries over 0-8 wilds, with the 34^k
    brute force extrapolated from its measured cost per substituted hand."""
    k = [r["wilds"] for r in rows]
    fig, ax = plt.subplots(figsize=(8, 5), dpi=110)
    series = (("best_cold", "best reading, cold", "tab:blue", "-"),
              ("best_steady", "best reading, steady", "tab:blue", "--"),
              ("waits_cold", "waits (13 tiles), cold", "tab:green", "-"),
              ("waits_steady", "waits (13 tiles), steady", "tab:green", "--"),
              ("every_cold", "every reading (≤ 512), cold", "tab:orange", "-"))
    for key, label, colour, style in series:
        ax.plot(k, [r[f"{key}_med"] / 1000 for r in rows], style, color=colour, marker="o",
                label=f"{label}: median")
        ax.plot(k, [r[f"{key}_p99"] / 1000 for r in rows], style, color=colour, marker="^",
                alpha=0.45, label=f"{label}: p99")
    brute = [per_substituted_ns * r["brute_factor"] / 1000 for r in rows]
    ax.plot(k, brute, ":", color="tab:red", label="34^k substitution (extrapolated)")
    ax.axhline(1000, color="grey", lw=0.8)
    ax.text(0, 1100, "1 ms", color="grey", fontsize=8)
    ax.set_yscale("log")
    ax.set_ylim(1, max(brute) * 2)
    ax.set_xlabel("wild jing in the hand")
    ax.set_ylabel("time per hand (µs, log scale)")
    ax.set_title("Core analysis time against the number of wilds (Jiangxi shapes)")
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize=7, ncol=2, loc="upper left")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path
