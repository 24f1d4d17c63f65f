"""The table's sounds (public/sound.js) and the header's switch that turns them on or off,
remembered for the next visit."""

from __future__ import annotations

from ..loop.messages import Handle, Msg, ToggleSound, on
from ..model.roles import Screen
from ..platform.port import Platform

SOUND_KEY = "moonshot.sound"  # the header's sound switch, "on" or "off" (localStorage)


class SoundSwitch:
    """Offers :class:`ui.model.roles.Sounds`."""

    def __init__(self, dom: Platform, screen: Screen) -> None:
        self.dom = dom
        self.screen = screen
        self.on = False  # the switch (start() reads the one remembered)

    def handlers(self) -> list[tuple[type[Msg], Handle]]:
        return [on(ToggleSound, lambda _m: self.switch(not self.on))]

    def start(self) -> None:
        """Sound is on unless the player turned it off; a page embedding the game stays quiet
        until its reader turns it on."""
        remembered = self.dom.storage_get(SOUND_KEY)
        self.on = remembered == "on" if remembered else not self.dom.embedded()

    def switch(self, on: bool) -> None:
        """The header's sound switch: remembered for the next visit; turned on, it clicks."""
        self.on = on
        self.dom.storage_set(SOUND_KEY, "on" if on else "off")
        self.screen.render()
        self.play("place")

    def play(self, name: str) -> None:
        """Play one of the table's sounds if the switch is on."""
        if self.on:
            self.dom.play_sound(name)
