"""The one seeded random generator of a game.

SplitMix64 keeps its whole state in a single integer, so a game's randomness copies,
saves and restores as one number and gives the same sequence in CPython and in Pyodide
(``random.Random`` would do too, but its 625-word state makes every clone and save heavier).
"""

from __future__ import annotations

from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
# bound -> its rejection limit, computed once (big-integer arithmetic is slow in WebAssembly)
_LIMITS: dict[int, int] = {}
T = TypeVar("T")


class Rng:
    """SplitMix64: fast, statistically sound for games, and trivially serialisable."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def _next(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (rejection sampling, no modulo bias)."""
        try:
            limit = _LIMITS[n]
        except KeyError:
            limit = _limit(n)
        while True:
            value = self._next()
            if value < limit:
                return value % n

    def d8(self) -> int:
        """One roll of the eight-sided Risk Die."""
        return self.below(8) + 1

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place: ``below(i + 1)`` for each i from the top down, with
        the generator inlined (a game's setup shuffles about 120 cards; calls dominated)."""
        state = self.state
        limits = _LIMITS
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            try:  # a subscript, not .get(): builtin calls are dear in WebAssembly
                limit = limits[n]
            except KeyError:
                limit = _limit(n)
            while True:
                state = z = (state + _GOLDEN) & _MASK
                z = ((z ^ (z >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state


def _limit(n: int) -> int:
    """The largest multiple of ``n`` not above 2**64: values from it up are redrawn."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    limit = _LIMITS[n] = (1 << 64) - ((1 << 64) % n)
    return limit


# Every deck and bag a game shuffles is smaller, so the lookups above hit.
for _size in range(1, 257):
    _limit(_size)
del _size
