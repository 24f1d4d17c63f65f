"""The rules' fixed vocabulary: seats, phases, rulesets, Politics-board places, a rival."""

from __future__ import annotations

from ..core.errors import IllegalAction
from ..core.names import SEATS, NationId, Phase, Role, Seat, is_seat

RULESETS = ("v0.10.4", "preview")
ENGINEER_PHASES_4P: tuple[Phase, ...] = ("maneuvers", "politics", "engineering")
PLACES = (1, 2, 3, 4)

POLITICIAN: dict[NationId, Seat] = {"USA": "USA.politician", "USSR": "USSR.politician"}
ENGINEER: dict[NationId, Seat] = {"USA": "USA.engineer", "USSR": "USSR.engineer"}
_SEAT_PARTS: dict[Seat, tuple[NationId, Role]] = {
    "USA.politician": ("USA", "politician"), "USA.engineer": ("USA", "engineer"),
    "USSR.politician": ("USSR", "politician"), "USSR.engineer": ("USSR", "engineer")}


def other(nation: NationId) -> NationId:
    """The rival of ``nation``."""
    return "USSR" if nation == "USA" else "USA"


def split_seat(seat: object) -> tuple[NationId, Role]:
    """(nation, role) of a seat; :class:`IllegalAction` for anything that is not a seat."""
    # A subscript, not .get() and isinstance(): in Pyodide a call into a builtin costs several
    # times its CPython price, and this runs twice per action.
    try:
        return _SEAT_PARTS[seat]  # type: ignore[index]
    except (KeyError, TypeError):
        raise IllegalAction(f"Unknown seat {seat!r}; seats are {', '.join(SEATS)}.") from None


def as_seat(text: object) -> Seat:
    """``text`` as the seat it names; :class:`IllegalAction` for anything that is not a
    seat (outside text is read to a seat here, once)."""
    if is_seat(text):
        return text
    raise IllegalAction(f"Unknown seat {text!r}; seats are {', '.join(SEATS)}.")


def nation_of(seat: object) -> NationId:
    """The nation of a seat ("USSR.engineer": "USSR"); :class:`IllegalAction` as
    :func:`split_seat` for anything that is not a seat."""
    return split_seat(seat)[0]
