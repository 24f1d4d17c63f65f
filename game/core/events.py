"""The registry of event kinds: every kind of event the engine emits (``Position.emit``),
with the fields each carries.

An event tells what a move did, and every field of it is public: any seat may see it (the
engine keeps secrets out of its events: an action's own event carries only its kind, never a
token's kind or a cover card). The referee sends a guest the registered fields of the
registered kinds only (game.online.referee), the log tells each kind or leaves it out by name
(ui.words.narration), and the tests fail on a kind the engine emits that is not here
(tests/test_events.py reads every ``emit`` of the source, and whole games' events).
"""

from __future__ import annotations

EVENTS: dict[str, frozenset[str]] = {kind: frozenset(names.split()) for kind, names in {
    "action": "seat kind",
    "adaptivity": "nation split",
    "change": "nation what by now source",
    "delivery": "nation item kind",
    "discussion_over": "nation",
    "engineer_passed": "nation",
    "evaluation": "nation place card level own rival tokens",
    "explosion": "nation mission risk lives",
    "game_over": "winner reason",
    "income": "nation money drawn",
    "launch_aborted": "nation",
    "launch_decided": "nation mission",
    "launch_delayed": "nation mission reason",
    "liftoff": "nation mission parameters payloads sabotage",
    "maneuver_escalated": "nation place level",
    "maneuver_obstructed": "nation card by",
    "maneuver_played": "nation card place",
    "maneuver_won": "nation card level",
    "maneuvers_passed": "nation",
    "mission_announced": "nation mission risks",
    "mission_success": "nation mission",
    "module_installed": "nation module slot parameters replaced",
    "module_ordered": "nation module space",
    "moon_risk_revealed": "nation slot risk",
    "payload_booked": "nation payload mission",
    "payload_loaded": "nation payload",
    "phase": "phase",
    "research": "nation decks",
    "risk_roll": "nation mission risk die needs passed range sabotage tests value",
    "risks_reshuffled": "level",
    "round": "round first",
    "sabotage_removed": "nation count",
    "supplier_tile": "nation tile",
    "support_done": "nation tokens",
    "tech_stolen": "nation tile",
    "test_stolen": "nation risk",
    "tested": "nation risk",
    "tile_kept": "nation tile discarded",
    "tile_placed": "nation tile row col rotation covered parameters",
    "tile_taken": "nation tile source",
    "token_placed": "nation board place",
}.items()}
