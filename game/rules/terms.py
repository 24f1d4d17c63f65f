"""The rules' fixed vocabulary: seats, phases, rulesets, Politics-board places, a rival."""

from __future__ import annotations

from ..core.content import NATIONS
from ..core.errors import IllegalAction

SEATS = ("USA.politician", "USA.engineer", "USSR.politician", "USSR.engineer")
RULESETS = ("v0.10.4", "preview")
PHASES = ("discussion", "maneuvers", "politics", "engineering", "launches", "administration",
          "over")
ENGINEER_PHASES_4P = ("maneuvers", "politics", "engineering")
PLACES = (1, 2, 3, 4)

POLITICIAN = {nation: f"{nation}.politician" for nation in NATIONS}
ENGINEER = {nation: f"{nation}.engineer" for nation in NATIONS}
_SEAT_PARTS: dict[str, tuple[str, str]] = {
    seat: (seat.split(".")[0], seat.split(".")[1]) for seat in SEATS}


def other(nation: str) -> str:
    """The rival of ``nation``."""
    return "USSR" if nation == "USA" else "USA"


def split_seat(seat: object) -> tuple[str, str]:
    """(nation, role) of a seat; :class:`IllegalAction` for anything that is not a seat."""
    # A subscript, not .get() and isinstance(): in Pyodide a call into a builtin costs several
    # times its CPython price, and this runs twice per action.
    try:
        return _SEAT_PARTS[seat]  # type: ignore[index]
    except (KeyError, TypeError):
        raise IllegalAction(f"Unknown seat {seat!r}; seats are {', '.join(SEATS)}.") from None


def nation_of(seat: object) -> str:
    """The nation of a seat ("USSR.engineer": "USSR"); :class:`IllegalAction` as
    :func:`split_seat` for anything that is not a seat."""
    return split_seat(seat)[0]
