"""The start screen and the New game dialog (ui/control/newgame.py) on a fake page: the start
screen's game against the computer at the level chosen (and remembered), Cancel back to where
the dialog was opened, the players and seats redrawing the dialog only when its rows change,
Play online and "You play", and Start refusing a wrong ICE setting in words."""

from __future__ import annotations

from game import SEATS
from tests.fake_platform import FakeElement, FakeEvent, FakePlatform
from tests.test_ui_app import as_message, click, command, dispatch, find, run_app, settle
from ui.app import App
from ui.control.newgame import LEVEL_KEY
from ui.screens.online import ICE_KEY


def change(dom: FakePlatform, name: str, seat: str = "") -> None:
    """A field of the New game dialog changed (its values are the test's ``dom.forms``)."""
    dispatch(dom, "change", FakeEvent(target=FakeElement(name=name, tagName="SELECT",
                                                         data={"seat": seat} if seat else {})))


def test_the_start_screen_plays_the_computer_at_the_level_chosen_and_remembers_it() -> None:
    async def play(app: App, dom: FakePlatform) -> None:
        assert app.table.dialog == "start"
        dom.forms["startform"] = ({"start-level": "hard"}, {})
        command(dom, "dialog", "start-play")
        await settle(app)
        assert dom.storage[LEVEL_KEY] == "hard"
        setup = app.table.setup
        computer = [seat for seat in SEATS if setup.ai[seat]]
        assert computer and {setup.levels[seat] for seat in computer} == {"hard"}
        assert not any(setup.ai[seat] for seat in SEATS if seat.startswith("USA"))
        assert not app.table.dialog

        # a level the screen never offers: the one last chosen
        app.newgame.play_computer("genius")
        await settle(app)
        assert {app.table.setup.levels[seat] for seat in computer} == {"hard"}

    run_app(play)


def test_cancel_goes_back_where_the_dialog_was_opened() -> None:
    async def play(app: App, dom: FakePlatform) -> None:
        assert app.table.dialog == "start"
        as_message(app, app.newgame.open)  # the start screen's "New game..."
        assert app.table.dialog == "new"
        command(dom, "dialog", "cancel-new")
        assert app.table.dialog == "start"  # back to the start screen

        dom.forms["startform"] = ({"start-level": "easy"}, {})
        command(dom, "dialog", "start-play")
        await settle(app)
        command(dom, "top", "open-new")  # from the header, over a game
        assert app.table.dialog == "new" and app.newgame.setup is not None
        assert app.newgame.setup.seed == app.table.setup.seed + 1  # a fresh deal offered
        command(dom, "dialog", "cancel-new")
        assert not app.table.dialog  # the game again

    run_app(play)


def test_the_dialog_redraws_when_its_rows_change_and_keeps_the_keyboard_where_it_was() -> None:
    async def play(app: App, dom: FakePlatform) -> None:
        command(dom, "top", "open-new")
        await settle(app)
        two = dom.regions["dialog"]
        assert two.count('name="seat"') == 2

        # a seat's choice that changes no row: the dialog stays as it is
        dom.forms["newgame"] = ({"players": "2"}, {"USA.politician": "h",
                                                   "USSR.politician": "x"})
        change(dom, "seat", "USSR.politician")
        assert dom.regions["dialog"] == two
        assert app.newgame.setup is not None
        assert app.newgame.setup.levels["USSR.politician"] == "hard"

        # four players: a row each, drawn again
        dom.forms["newgame"] = ({"players": "4"}, {})
        change(dom, "players")
        assert dom.regions["dialog"].count('name="seat"') == 4

        # a seat now played online: the online part comes, and the focus goes back to it
        dom.forms["newgame"] = ({"players": "2"}, {"USA.politician": "h",
                                                   "USSR.politician": "o"})
        change(dom, "seat", "USSR.politician")
        assert 'data-testid="host-seat"' in dom.regions["dialog"]
        assert dom.focused[-1] == '#newgame select[data-seat="USSR.politician"]'

    run_app(play)


def test_play_online_and_you_play_choose_who_sits_at_this_screen() -> None:
    async def play(app: App, dom: FakePlatform) -> None:
        command(dom, "top", "open-new")
        await settle(app)
        dom.forms["newgame"] = ({"players": "3", "pair": "USA"}, {})
        command(dom, "dialog", "new-online")
        setup = app.newgame.setup
        assert setup is not None and setup.players == 3
        people = [group[0] for group in setup.groups()]
        assert [setup.remote[key] for key in people] == [False, True, True]  # the first here
        assert 'data-testid="host-seat"' in dom.regions["dialog"]

        # "You play": the last player sits here, every other person online
        last = people[-1]
        dom.forms["newgame"] = ({"players": "3", "pair": "USA", "host": last, "ice": ""},
                                {key: "o" for key in people})
        change(dom, "host")
        setup = app.newgame.setup
        assert setup is not None
        assert [setup.remote[key] for key in people] == [True, True, False]
        assert dom.focused[-1] == '#newgame select[name="host"]'

        # a player the form does not have: nothing changes
        before = dom.regions["dialog"]
        dom.forms["newgame"] = ({"players": "3", "pair": "USA", "host": "nobody"}, {})
        change(dom, "host")
        assert app.newgame.setup is setup and dom.regions["dialog"] == before

    run_app(play)


def test_start_refuses_a_wrong_ice_setting_in_words_and_keeps_a_good_one() -> None:
    async def play(app: App, dom: FakePlatform) -> None:
        seed = app.table.setup.seed
        command(dom, "top", "open-new")
        online = {"players": "2", "seed": "42", "speed": "0"}
        seats = {"USA.politician": "h", "USSR.politician": "o"}
        dom.forms["newgame"] = ({**online, "ice": "ftp://example.test"}, seats)
        command(dom, "dialog", "start-game")
        await settle(app)
        assert "Not a STUN or TURN server: ftp://example.test" in dom.regions["banner"]
        assert app.table.setup.seed == seed and ICE_KEY not in dom.storage  # no game dealt

        dom.forms["newgame"] = ({**online, "ice": "stun:stun.example.test:3478"}, seats)
        command(dom, "dialog", "start-game")
        await settle(app)
        assert app.table.setup.seed == 42 and app.hosting.on
        assert dom.storage[ICE_KEY] == "stun:stun.example.test:3478"

    run_app(play, query="players=2&seats=hhmm&seed=3&speed=0")


def test_leaving_an_online_game_goes_back_to_the_start_screen() -> None:
    async def play(app: App, dom: FakePlatform) -> None:
        click(dom, FakeElement(data={"cmd": "leave-online"}))  # the guest's panel's button
        await settle(app)
        assert app.table.dialog == "start"
        assert find(dom, ("dialog",), cmd="start-play")

    run_app(play, query="players=2&seats=hhmm&seed=3&speed=0")
