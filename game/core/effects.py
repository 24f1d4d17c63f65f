"""The one executor of every reward and effect in the content files.

Mission rewards, Maneuver card levels and Politics-board places are all :class:`Effect`
data; :func:`apply_effect` is the only code that turns them into state changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .content import Effect
from .events import Changed, Event
from .state import Nation

Emit = Callable[[Event], None]


def apply_effect(own: Nation, opponent: Nation, effect: Effect, source: str,
                 popularity_max: int, emit: Emit,
                 on_change: Callable[[], bool]) -> None:
    """Apply ``effect`` for ``own``; ``on_change`` checks end conditions after every change
    and returns True once the game has ended (then nothing further is applied)."""
    changes: list[tuple[str, Nation, str, int]] = [
        ("popularity", own, "popularity", effect.popularity),
        ("budget", own, "budget", effect.budget),
        ("popularity", opponent, "popularity", effect.opponent_popularity),
        ("budget", opponent, "budget", effect.opponent_budget),
    ]
    for kind, nation, attribute, amount in changes:
        if not amount:
            continue
        before = getattr(nation, attribute)
        after = before + amount
        if kind == "popularity":
            after = max(0, min(popularity_max, after))
        setattr(nation, attribute, after)
        emit(Changed(nation=nation.name, what=kind, by=after - before, now=after,
                     source=source))
        if on_change():
            return
    gains: list[tuple[Nation, str, int]] = [
        (own, "money", effect.money),
        (opponent, "sabotage", effect.sabotage),
        (own, "test_steal", effect.test_steal),
        (own, "tech_steal", effect.tech_steal),
        (own, "free_research", effect.free_research),
    ]
    for nation, attribute, amount in gains:
        if amount:
            setattr(nation, attribute, getattr(nation, attribute) + amount)
            emit(Changed(nation=nation.name, what=attribute, by=amount,
                         now=getattr(nation, attribute), source=source))
    if effect.remove_sabotage and own.sabotage:
        removed = min(own.sabotage, effect.remove_sabotage)
        own.sabotage -= removed
        emit(Changed(nation=own.name, what="sabotage", by=-removed, now=own.sabotage,
                     source=source))


def describe_effect(effect: Effect) -> str:
    """Plain words for an effect, e.g. '+2 Popularity, +5 money'."""
    words = {
        "popularity": "Popularity", "budget": "Budget", "money": "money",
        "opponent_popularity": "opponent Popularity", "opponent_budget": "opponent Budget",
        "sabotage": "Sabotage on the opponent", "remove_sabotage": "own Sabotage removed",
        "test_steal": "Test Steal", "tech_steal": "Tech Steal", "free_research": "free Research",
    }
    parts: list[str] = []
    data: dict[str, Any] = effect.to_dict()
    for key, value in data.items():
        sign = "+" if value > 0 and key not in ("remove_sabotage",) else ""
        parts.append(f"{sign}{value} {words[key]}")
    return ", ".join(parts) if parts else "nothing"
