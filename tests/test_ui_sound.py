"""The table's sounds (issue 23): each move clicks, a launch show sounds frame by frame
(liftoff, a die per risk, the verdict), the header's switch turns them off and is remembered,
a page that embeds the game starts quiet. Played on the in-memory page
(tests/fake_platform.py records what would sound); public/sound.js itself is heard in
e2e/test_sound.py."""

from __future__ import annotations

import asyncio
import random

import game
from game.core.events import RiskRolled
from tests.fake_platform import FakePlatform
from tests.test_ui_app import click, find, play_on_board, run_app, settle
from ui.app import App
from ui.control.sound import SOUND_KEY
from ui.markup.launchshow import frames, verdict_sound
from ui.words.narration import Launch, launch_sequences

VERDICTS = {"explosion", "landing", "delay"}


def launches(seed: int) -> list[Launch]:
    """Every launch of a random game, as the app's launch show gets them."""
    g = game.new_game(seed)
    rng = random.Random(seed)
    shows = []
    while not g.is_over:
        seat = g.to_act()[0]
        shows += launch_sequences(g.apply(seat, rng.choice(g.legal_actions(seat))))
    return shows


def test_a_launch_show_sounds_the_liftoff_a_die_for_each_risk_and_its_verdict() -> None:
    shows = [seq for seed in range(1, 4) for seq in launches(seed)]
    heard = set()
    for seq in shows:
        sounds = [frame.sound for frame in frames(seq, 1)]
        assert verdict_sound(seq) == sounds[-1]  # what a guest hears, without the show
        rolls = sum(1 for ev in seq.steps if isinstance(ev, RiskRolled))
        if sounds == ["delay"]:
            heard.add("delay")
            continue
        assert sounds[0] == "liftoff" and sounds[1:1 + rolls] == ["dice"] * rolls, sounds
        assert sounds[-1] in ("explosion", "landing") and len(sounds) == rolls + 2, sounds
        heard.add(sounds[-1])
    assert {"explosion", "landing"} <= heard, heard


def test_every_move_sounds_and_the_switch_turns_it_off_for_this_visit_and_the_next() -> None:
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        assert app.table.sound and 'data-cmd="sound"' in dom.regions["top"]
        assert find(dom, ("top",), cmd="sound").attrs["aria-pressed"] == "true"
        rng = random.Random(5)
        while not any(line.kind == "liftoff" for line in app.table.log):
            play_on_board(app, dom, rng.randrange(len(app.table.actions)))
            await settle(app)
        # a click for each move, the person's and the computer's; at the instant pace a
        # launch sounds only its verdict
        assert dom.sounds.count("place") > 10
        assert VERDICTS & set(dom.sounds) and not {"liftoff", "dice"} & set(dom.sounds)

        click(dom, find(dom, ("top",), cmd="sound"))
        assert not app.table.sound and dom.storage[SOUND_KEY] == "off"
        assert find(dom, ("top",), cmd="sound").attrs["aria-pressed"] == "false"
        heard = len(dom.sounds)
        for _ in range(20):
            if app.match.game.is_over:
                break
            play_on_board(app, dom, rng.randrange(len(app.table.actions)))
            await settle(app)
        assert len(dom.sounds) == heard  # silence

        click(dom, find(dom, ("top",), cmd="sound"))  # on again: it says so with a click
        assert app.table.sound and dom.storage[SOUND_KEY] == "on" and dom.sounds[-1] == "place"

    run_app(play, "?players=2&seats=hhee&seed=5&speed=0")


def boot(storage: dict[str, str], embedded: bool = False) -> App:
    async def main() -> App:
        dom = FakePlatform()
        dom.storage.update(storage)
        dom.is_embedded = embedded
        app = App(dom)
        app.start()
        await settle(app)
        return app

    return asyncio.run(main())


def test_the_switch_is_remembered_and_an_embedded_game_starts_quiet() -> None:
    assert boot({}).table.sound
    assert not boot({SOUND_KEY: "off"}).table.sound
    assert not boot({}, embedded=True).table.sound  # a rules page's reader turns it on
    assert boot({SOUND_KEY: "on"}, embedded=True).table.sound
