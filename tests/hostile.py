"""Hostile values shared by the fuzz and reliability tests."""
from __future__ import annotations


def deep(n: int) -> list:
    """A list nested ``n`` deep ([[[...]]]), past Python's recursion limit when n is large."""
    x: list = []
    top = x
    for _ in range(n):
        x.append([])
        x = x[0]
    return top


class BadRepr:
    """An object whose repr() and str() raise."""

    def __repr__(self):
        raise RuntimeError("no repr")

    def __str__(self):
        raise RuntimeError("no str")
