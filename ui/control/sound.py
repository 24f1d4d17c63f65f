"""The table's sounds (public/sound.js) and the header's switch that turns them on or off,
remembered for the next visit."""

from __future__ import annotations

from ..loop.messages import Handle, Msg, ToggleSound, on
from ..model.table import Table
from ..platform.port import Platform

SOUND_KEY = "moonshot.sound"  # the header's sound switch, "on" or "off" (localStorage)


class SoundSwitch:
    """Offers :class:`ui.model.roles.Sounds`."""

    def __init__(self, dom: Platform, table: Table) -> None:
        self.dom = dom
        self.table = table  # (it holds the switch: start() reads the one remembered)

    def handlers(self) -> list[tuple[type[Msg], Handle]]:
        return [on(ToggleSound, lambda _m: self.switch(not self.table.sound))]

    def start(self) -> None:
        """Sound is on unless the player turned it off; a page embedding the game stays quiet
        until its reader turns it on."""
        remembered = self.dom.storage_get(SOUND_KEY)
        self.table.switch_sound(remembered == "on" if remembered else not self.dom.embedded())

    def switch(self, on: bool) -> None:
        """The header's sound switch: remembered for the next visit; turned on, it clicks."""
        self.table.switch_sound(on)
        self.dom.storage_set(SOUND_KEY, "on" if on else "off")
        self.play("place")

    def play(self, name: str) -> None:
        """Play one of the table's sounds if the switch is on."""
        if self.table.sound:
            self.dom.play_sound(name)
