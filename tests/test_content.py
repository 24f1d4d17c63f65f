"""The content files load, satisfy their schema, and broken ones fail with a clear message."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game.core.content import MOON, ContentError, load_content, read_content

CONTENT = Path(__file__).resolve().parent.parent / "game" / "content"


def broken_copy(tmp_path: Path, file: str, old: str, new: str) -> Path:
    shutil.copytree(CONTENT, tmp_path / "content")
    path = tmp_path / "content" / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {file}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path / "content"


@pytest.mark.rule("content")
def test_designed_content_has_the_promised_shape() -> None:
    c = load_content()
    levels = [sum(1 for m in c.missions.values() if m.level == lv) for lv in range(5)]
    assert levels[0] == 2 and levels[4] == 1 and all(4 <= n <= 6 for n in levels[1:4])
    assert c.missions[MOON].payload == "astronaut" and c.missions[MOON].risks == (3, 3, 3)
    assert all(1957 <= m.year <= 1969 for m in c.missions.values())
    assert {r.level for r in c.risks.values()} == {0, 1, 2, 3}
    assert {t.deck for t in c.tiles.values()} == {"S", "E", "C", "P"}
    assert all(t.centre == "" for t in c.tiles.values() if t.deck == "P")
    assert 10 <= len(c.modules) <= 14 and 10 <= len(c.maneuvers) <= 14
    assert [p.index for p in c.places] == [1, 2, 3, 4]
    assert set(c.rulesets) == {"v0.10.4", "preview"}


@pytest.mark.rule("content")
def test_the_same_files_read_again_give_the_same_content() -> None:
    assert read_content(CONTENT) == load_content()


@pytest.mark.rule("content")
@pytest.mark.parametrize(("file", "old", "new", "message"), [
    ("risks.toml", "from = 1, to = 3", "from = 2, to = 3", r"risks.toml: risk '.+' range 1"),
    ("missions.toml", 'payload = "none"', 'payload = "cat"', r"missions.toml: mission '.+'"),
    ("tiles.toml", 'edges = "', 'edges = "X', r"tiles.toml: tile '.+': edges"),
    ("maneuvers.toml", "levels = [", "colour = 1\nlevels = [", r"unknown key\(s\) colour"),
    ("places.toml", 'category = "per_round"', 'category = "daily"', r"places.toml: place"),
    ("board.toml", "rows = 3", "rows = -3", r"board.toml: \[blueprint\]"),
    ("modules.toml", "region = {", "region = { column = 9 }\nold = {", r"modules.toml: module"),
])
def test_a_broken_entry_is_refused_naming_file_and_entry(
        tmp_path: Path, file: str, old: str, new: str, message: str) -> None:
    with pytest.raises(ContentError, match=message):
        read_content(broken_copy(tmp_path, file, old, new))


@pytest.mark.rule("content")
def test_invalid_toml_names_the_file(tmp_path: Path) -> None:
    directory = broken_copy(tmp_path, "risks.toml", "[[risk]]", "[[risk")
    with pytest.raises(ContentError, match=re.escape("risks.toml: not valid TOML")):
        read_content(directory)


@pytest.mark.rule("discussion")
def test_the_discussion_lasts_two_minutes_and_is_read_from_board_toml(tmp_path: Path) -> None:
    assert load_content().board.discussion_seconds == 120  # rules: "two minutes"
    longer = broken_copy(tmp_path, "board.toml", "discussion_seconds = 120",
                         "discussion_seconds = 90")
    assert read_content(longer).board.discussion_seconds == 90


@pytest.mark.rule("content")
def test_a_discussion_of_no_time_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match=re.escape("board.toml: [round]: discussion_seconds")):
        read_content(broken_copy(tmp_path, "board.toml", "discussion_seconds = 120",
                                 "discussion_seconds = 0"))


def test_the_view_carries_the_penalties_of_the_content() -> None:
    import game

    g = game.new_game(1)
    assert g.view("USA.politician").penalties == load_content().board.penalties
