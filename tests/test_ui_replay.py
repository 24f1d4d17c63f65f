"""A replay to travel (a timeline of chapters, autoplay, the report's moments) and a
finished game shared as a link, through the app on a fake page."""

from __future__ import annotations

import asyncio
import html

from game.sharing import share_code
from tests.fake_platform import FakeElement, FakeEvent, FakePlatform, elements
from tests.test_sharing import long_game
from tests.test_ui_app import click, command, dispatch, find, key, run_app, settle, until
from tests.test_ui_saves import played
from ui.app import App
from ui.model.players import Setup
from ui.model.replay import SHARED, game_fingerprint, shared_code
from ui.model.saves import CURRENT_KEY, KEY_PREFIX, export_text, parse


def shown_step(dom: FakePlatform) -> int:
    return int(find(dom, ("actions",), testid="replay").data["step"])


def current(dom: FakePlatform, testid: str) -> list[dict[str, str]]:
    """The timeline's buttons of ``testid`` marked as holding the step shown."""
    return [el.data for el in elements(dom.regions["actions"], testid=testid)
            if "aria-current" in el.attrs]


def test_a_shared_link_opens_the_finished_games_replay_and_report() -> None:
    """The link's game at its end (the same final state) with its report over it; Exit
    brings the start screen back, and nothing stored changed. Its chapters jump to a
    round's Engineering and to a launch; autoplay steps on and pauses."""
    g = long_game()
    stored = {KEY_PREFIX + "mine": export_text(played(2, 30), Setup(seed=2)),
              CURRENT_KEY: "mine"}

    async def test(app: App, dom: FakePlatform) -> None:
        await settle(app, 60)
        travel = app.table.travel  # the replay on the table, where it is
        assert app.replays.on and travel is not None and dom.hash == ""
        replay = travel.replay
        assert len(replay) == g.log_size and replay.matches
        assert replay.final_fingerprint == game_fingerprint(g)
        assert shown_step(dom) == g.log_size and dom.is_shown("report")
        assert 'data-testid="report"' in dom.regions["report"]  # worked out, not failed
        assert "report-hints" not in dom.regions["report"]  # a link does not carry them
        command(dom, "report", "close-report")

        # Round 5's Engineering from the timeline: its round first, then the phase.
        click(dom, find(dom, ("actions",), testid="rp-round", round="5"))
        first = replay.rounds()[4][1]
        assert shown_step(dom) == first.step and current(dom, "rp-round")[0]["round"] == "5"
        click(dom, find(dom, ("actions",), testid="rp-chapter", phase="engineering"))
        at = shown_step(dom)
        frames = app.replays.frames  # (the desk's: the table holds the view shown)
        shown = app.table.travel
        assert shown is not None and shown.view == frames[at].view(None)
        assert frames[at].round == 5
        assert frames[at].phase == "engineering"
        assert frames[at - 1].phase != "engineering"
        # A launch: the frame right after it flew, the log telling it, the launch marked.
        launch = next(c for c in replay.chapters if c.launch)
        click(dom, find(dom, ("actions",), testid="rp-round", round=str(launch.round)))
        click(dom, find(dom, ("actions",), testid="rp-chapter", kind="launch"))
        assert shown_step(dom) == launch.step
        assert current(dom, "rp-chapter")[0]["kind"] == "launch"
        assert "launch" in html.unescape(dom.regions["log-list"]).lower()

        # Autoplay from there at the computer's pace, then a pause.
        app.table.set_speed(0)
        command(dom, "actions", "rp-play")
        assert find(dom, ("actions",), testid="rp-play").attrs["aria-pressed"] == "true"
        dom.focused.append('[data-testid="rp-play"]')  # the person pressed it: focus there
        await until(lambda: shown_step(dom) >= launch.step + 2)
        assert dom.focused[-1] == '[data-testid="rp-play"]'  # drawn again, still focused
        command(dom, "actions", "rp-play")
        moved = shown_step(dom)
        await asyncio.sleep(0.4)  # longer than a step's pace: a paused autoplay stays put
        assert shown_step(dom) == moved
        assert app.table.travel is not None and not app.table.travel.playing

        command(dom, "actions", "rp-exit")
        assert not app.replays.on and app.table.dialog == "start"
        assert dom.storage == stored

    run_app(test, hash_=SHARED + share_code(g), storage=stored)


def test_a_damaged_link_is_refused_with_its_reason_and_changes_nothing() -> None:
    g = long_game()
    code = share_code(g)
    stored = {KEY_PREFIX + "mine": export_text(played(2, 30), Setup(seed=2)),
              CURRENT_KEY: "mine"}

    async def test(app: App, dom: FakePlatform) -> None:
        await settle(app)
        assert not app.replays.on and app.table.dialog == "start"
        banner = html.unescape(dom.regions["banner"])
        assert dom.is_shown("banner") and "cannot be opened" in banner
        assert "cut short" in banner
        assert dom.storage == stored and dom.hash == ""
        # The same page given an edited link (only its fragment changes): refused too.
        dom.hash = SHARED + code[:40] + ("A" if code[40] != "A" else "B") + code[41:]
        for handler in dom.hash_handlers:
            handler(None)
        assert "damaged or edited" in html.unescape(dom.regions["banner"])
        assert not app.replays.on and dom.storage == stored

    run_app(test, hash_=SHARED + code[: len(code) // 2], storage=stored)


def test_a_finished_game_is_shared_from_its_end_and_the_reports_moments_open_the_replay(
) -> None:
    """The end screen's Share gives the link of the game on the table; the report's swings
    open the replay at their moment, from the end screen as from a replay."""
    g = played(5)
    assert g.is_over

    async def test(app: App, dom: FakePlatform) -> None:
        await settle(app)
        app.load_game(parse(export_text(g, Setup(seed=5))), "done")
        app.turns.start()
        await settle(app)
        assert app.match.game == g and dom.is_shown("end")
        command(dom, "end", "share")
        link = find(dom, ("dialog",), testid="share-link").attrs["value"]
        assert link.startswith(dom.address + SHARED)
        code = shared_code(link[len(dom.address):])
        assert code == share_code(g)
        command(dom, "dialog", "close-dialog")
        assert dom.is_shown("end") and not dom.is_shown("dialog")

        command(dom, "end", "report")
        await settle(app, 60)
        swings = dom.regions["report"].split('data-testid="report-swings"', 1)[1]
        moments = elements(swings.split("</ol>", 1)[0], testid="report-moment")
        assert len(moments) == 3 and moments[0].attrs["aria-label"].startswith("See swing 1")
        click(dom, moments[1])
        assert app.replays.on and shown_step(dom) == int(moments[1].data["step"])
        assert not dom.is_shown("report") and "report" not in dom.body  # closed, not hidden
        # From a replay's own report: the moment shown there, the report closed.
        click(dom, find(dom, ("actions",), testid="rp-report"))
        await settle(app, 60)
        rows = elements(dom.regions["report"], testid="report-moment")
        click(dom, rows[-1])
        assert shown_step(dom) == int(rows[-1].data["step"]) and not dom.is_shown("report")
        command(dom, "actions", "rp-exit")
        assert dom.is_shown("end")

    run_app(test, query="players=2")


def test_a_replay_from_the_end_screen_takes_the_end_away_until_it_exits() -> None:
    """The ending's Replay puts the end screen away, in the table's memory as on the page: a
    language chosen during the replay does not bring it back over the replay, the keys work
    (they would not under an overlay), and Exit shows the ending again."""
    g = played(5)

    async def test(app: App, dom: FakePlatform) -> None:
        await settle(app)
        app.load_game(parse(export_text(g, Setup(seed=5))), "done")
        app.turns.start()
        await settle(app)
        assert "end" in app.table.up and dom.is_shown("end")
        command(dom, "end", "replay")
        assert app.replays.on and not dom.is_shown("end") and "end" not in app.table.up
        dispatch(dom, "change", FakeEvent(target=FakeElement(
            data={"cmd": "lang"}, value="de", tagName="SELECT")))
        await settle(app)
        assert not dom.is_shown("end")
        key(dom, "Home")
        assert shown_step(dom) == 0
        toggles = dom.log_toggles
        key(dom, "l")  # the log, as on the table
        assert dom.log_toggles == toggles + 1
        command(dom, "actions", "rp-exit")
        assert dom.is_shown("end") and "end" in app.table.up

    run_app(test, query="players=2")


def test_a_link_opened_in_a_running_page_returns_where_it_was_and_waits_for_a_tutorial(
) -> None:
    """A link pasted into a page on its start screen: Exit brings the start screen back (and
    a second link on top of the first keeps that). During the Tutorial a link is refused
    with a word; a replay with no action yet has nothing to play."""
    code = share_code(played(5))

    async def test(app: App, dom: FakePlatform) -> None:
        await settle(app)
        assert app.table.dialog == "start"

        def arrive(fragment: str) -> None:
            dom.hash = fragment
            for handler in dom.hash_handlers:
                handler(None)

        arrive(SHARED + code)
        assert app.replays.on
        arrive(SHARED + code)
        await settle(app, 60)
        command(dom, "report", "close-report")
        command(dom, "actions", "rp-exit")
        assert not app.replays.on and app.table.dialog == "start" and app.match.game.log_size == 0

        command(dom, "dialog", "tutorial")
        await settle(app)
        assert app.tour.active
        arrive(SHARED + code)
        assert not app.replays.on and "leave it first" in html.unescape(dom.regions["banner"])

    run_app(test)


def test_play_does_nothing_in_a_replay_with_no_action_yet() -> None:
    async def test(app: App, dom: FakePlatform) -> None:
        await settle(app)
        command(dom, "top", "replay")
        assert app.replays.on and shown_step(dom) == 0
        command(dom, "actions", "rp-play")
        await asyncio.sleep(0.3)
        travel = app.table.travel
        assert shown_step(dom) == 0 and travel is not None and not travel.playing

    run_app(test, query="players=2&seats=hhhh")
