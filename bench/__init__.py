"""Benchmarks (`make bench`): numbers are written to docs/PERFORMANCE.md, never asserted."""
