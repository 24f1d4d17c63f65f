"""A designer's variant (game.tools.variant): read, checked as the content is, played in force,
and refused whole, with the field and the reason, when it cannot be played."""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import pytest

import game
from game.core.blueprint import rocket_parameters
from game.core.content import (
    content_files,
    content_from_files,
    load_content,
    standard_content,
    use_content,
)
from game.tools.simulate import play_random
from game.tools.variant import VariantError, base_variant, parse_variant, read_variant

HEAD = '[variant]\ntitle = "A test"\n'

EVERY_KIND = HEAD + '''
[board.costs]
research = 8
[board.handicap.USSR]
money = 5
[rulesets."v0.10.4"]
test_bonus = 2
[missions.M3-APOLLO8]
risks = [2, 3]
reward = { popularity = 3 }
[risks.R0-PAD]
name = "Pad fire (calmer)"
[tiles.S01]
edges = "----"
[modules.MOD01]
bonus = { C = 2 }
[maneuvers.press_conference]
levels = [{ popularity = 2 }, { popularity = 3 }, { popularity = 4 }]
[places.1]
effect = { money = 3 }
[remove]
tiles = ["S14"]
[[add.tiles]]
id = "S15"
deck = "S"
centre = "S"
edges = "SS-S"
'''


def test_a_variant_changes_each_kind_of_content_and_names_each_change() -> None:
    v = parse_variant(EVERY_KIND, "every-kind.toml")
    assert (v.name, v.title, v.ruleset) == ("every-kind", "A test", "v0.10.4")
    c, own = v.content, standard_content()
    assert c.board.costs["research"] == 8 and own.board.costs["research"] == 10
    assert c.board.handicap["USSR"]["money"] == 5 and c.board.handicap["USA"]["money"] == 0
    assert c.rulesets["v0.10.4"].test_bonus == 2
    assert c.missions["M3-APOLLO8"].risks == (2, 3)
    assert c.missions["M3-APOLLO8"].reward.to_dict() == {"popularity": 3}
    assert c.risks["R0-PAD"].name == "Pad fire (calmer)"
    assert c.tiles["S01"].edges == ("-", "-", "-", "-")
    assert c.modules["MOD01"].bonus == (0, 0, 2, 0)
    assert c.maneuvers["press_conference"].levels[2].popularity == 4
    assert c.places[0].effect.money == 3
    assert "S14" not in c.tiles and c.tiles["S15"].edges == ("S", "S", "-", "S")
    assert v.changes == (
        "board.costs.research: 10 -> 8", "board.handicap.USSR.money: 0 -> 5",
        "rulesets.v0.10.4.test_bonus: 1 -> 2", "missions.M3-APOLLO8.risks: [3, 3] -> [2, 3]",
        "missions.M3-APOLLO8.reward: {popularity = 2, budget = 5, money = 6} -> "
        "{popularity = 3}", 'risks.R0-PAD.name: "Pad fire" -> "Pad fire (calmer)"',
        'tiles.S01.edges: "SSS-" -> "----"', "modules.MOD01.bonus: {C = 1} -> {C = 2}",
        "maneuvers.press_conference.levels: [{popularity = 1}, {popularity = 2}, "
        "{popularity = 3}] -> [{popularity = 2}, {popularity = 3}, {popularity = 4}]",
        "places.1.effect: {money = 2} -> {money = 3}", "removed tiles S14", "added tiles S15")
    # the game's own content is untouched, and still the one in force
    assert load_content() is own and own.tiles["S01"].edges == ("S", "S", "S", "-")


def test_games_are_dealt_and_played_under_the_variant_in_force_and_then_the_rules_again(
) -> None:
    v = parse_variant(EVERY_KIND, "every-kind.toml")
    own = standard_content()
    # S01 beside S02: a matched S pair in the rules, none once S01's edges are blank
    cells = [("S01", 0), ("S02", 1), *[None] * 13]
    modules: list[str | None] = [None, None, None]
    assert rocket_parameters(cells, modules) == (3, 0, 0, 0)
    use_content(v.content)
    assert load_content() is v.content
    assert rocket_parameters(cells, modules) == (2, 0, 0, 0)
    g = game.new_game(5)
    assert (g.state.nations["USSR"].money, g.state.nations["USA"].money) == (35, 30)
    tiles = [t for deck in g.state.tile_decks.values() for t in deck]
    assert "S15" in tiles and "S14" not in tiles
    outcome = play_random(g, random.Random(5), 200)
    assert g.is_over, outcome
    use_content(None)
    assert load_content() is own
    assert rocket_parameters(cells, modules) == (3, 0, 0, 0)
    assert game.new_game(5).state.nations["USSR"].money == 30


def test_the_base_is_the_rules_as_they_are() -> None:
    base = base_variant()
    assert base.content is standard_content() and base.changes == () and base.name == "base"
    assert base_variant("preview").digest != base.digest


def test_a_variant_that_changes_nothing_is_the_base_again_an_a_a_control() -> None:
    same = parse_variant(HEAD + '[board.costs]\nresearch = 10\n', "same.toml")
    assert same.changes == () and same.name == "same"
    assert same.content == standard_content() and same.digest != base_variant().digest


def test_a_variant_file_is_read_by_its_name(tmp_path: Path) -> None:
    path = tmp_path / "ussr-money.toml"
    path.write_text(HEAD + "[board.handicap.USSR]\nmoney = 5\n", encoding="utf-8")
    v = read_variant(path)
    assert v.name == "ussr-money" and v.changes == ("board.handicap.USSR.money: 0 -> 5",)
    path.write_text(HEAD + "[board.handicap.USSR]\nmoney = 6\n", encoding="utf-8")
    assert read_variant(path).digest != v.digest


# (the file's text, the field the error names, words of its reason)
BAD = [
    ("[variant\ntitle = 'x'", "", "not valid TOML"),
    ('[board.costs]\nresearch = 8\n', "variant", "missing"),
    ('[variant]\n[board.costs]\nresearch = 8\n', "variant.title", "missing"),
    ('[variant]\ntitle = "  "\n', "variant.title", "non-empty text"),
    (HEAD + 'ruleset = "v2"\n[board.costs]\nresearch = 8\n', "variant.ruleset",
     "unknown ruleset 'v2'"),
    (HEAD + 'colour = "red"\n', "variant.colour", "unknown field"),
    (HEAD + '[weather]\nrain = 1\n', "weather", "unknown section"),
    (HEAD + '[board.blueprint]\nrows = 2\n', "", "rows must be one or two row numbers 1..2"),
    (HEAD + '[board.tracks]\npopularity_max = 8\n', "", "would start with 10 Popularity"),
    (HEAD + '[board.costs]\nreserch = 8\n', "board.costs.reserch", "unknown field"),
    (HEAD + '[board.costs]\nresearch = "8"\n', "board.costs.research",
     "must be a whole number, not a text"),
    (HEAD + '[board.costs]\nresearch = 8.5\n', "board.costs.research",
     "not a number with a fraction"),
    (HEAD + '[board]\ncosts = 8\n', "board.costs", "must be a table, not a whole number"),
    (HEAD + '[board.costs]\nresearch = -1\n', "", "numbers cannot be negative"),
    (HEAD + '[board.handicap.USSR]\npopularity = 5\n', "", "USSR would start with 15 "
     "Popularity (from 0 to 12)"),
    (HEAD + '[rulesets.v3]\ntest_bonus = 2\n', "rulesets.v3", "no such ruleset"),
    (HEAD + '[rulesets.preview]\ntest_bonus = 3\n', "rulesets.preview",
     "the variant's games are played under 'v0.10.4'"),
    (HEAD + '[rulesets."v0.10.4"]\nmoon = "sky"\n', "", "moon must be 'display' or 'deck'"),
    (HEAD + '[rulesets."v0.10.4"]\npayload_tiles = 1\n', "rulesets.v0.10.4.payload_tiles",
     "must be true or false, not a whole number"),
    (HEAD + '[missions.M9-MARS]\nlevel = 2\n', "missions.M9-MARS", "no such entry"),
    (HEAD + '[missions.M3-APOLLO8]\nid = "M3-APOLLO9"\n', "missions.M3-APOLLO8.id",
     "cannot be changed"),
    (HEAD + '[missions.M3-APOLLO8]\ncrew = 3\n', "missions.M3-APOLLO8.crew", "unknown field"),
    (HEAD + '[missions.M3-APOLLO8]\nrisks = [4]\n', "", "risk levels 0..3"),
    (HEAD + '[missions.M1-SPUTNIK2]\nlevel = 4\n', "", "the only level-4 mission must be 'MOON'"),
    (HEAD + '[tiles.S01]\nedges = "SSX-"\n', "", "edges must be four characters"),
    (HEAD + '[modules.MOD01]\nbonus = { C = -1 }\n', "", "none negative"),
    (HEAD + '[remove]\ntiles = ["S99"]\n', "remove.tiles", "no entry 'S99'"),
    (HEAD + '[remove]\ntiles = ["S01", "S01"]\n', "remove.tiles", "named twice"),
    (HEAD + '[remove]\nboards = ["x"]\n', "remove.boards", "unknown deck"),
    (HEAD + '[remove]\nplaces = [4]\n', "", "exactly four places"),
    (HEAD + '[remove]\nmaneuvers = ["press_conference", "budget_hearing", "industry_contract",'
     ' "covert_operation", "industrial_espionage", "intercepted_reports", "science_grant", '
     '"smear_campaign", "budget_pressure"]\n', "", "3 Maneuvers but a hand holds 4"),
    (HEAD + '[remove]\nmodules = ["MOD01", "MOD02", "MOD03", "MOD04", "MOD05", "MOD06", '
     '"MOD07"]\n', "", "5 Modules but the setup deals 6"),
    (HEAD + '[remove]\nrisks = ["R0-PAD", "R0-CUTOFF", "R0-AZIMUTH", "R0-LEAK"]\n', "",
     "level 0 has 2 cards but play can demand 3"),
    (HEAD + '[[add.tiles]]\nid = "S01"\ndeck = "S"\ncentre = "S"\nedges = "SSSS"\n', "",
     "duplicate id 'S01'"),
    (HEAD + '[[add.tiles]]\nid = "S15"\ndeck = "S"\n', "", "missing key 'centre'"),
    (HEAD + '[add]\ntiles = 3\n', "add.tiles", "must be entries"),
]


@pytest.mark.parametrize(("text", "field", "reason"), BAD,
                         ids=[f"{i:02d}-{b[1] or b[2][:24]}" for i, b in enumerate(BAD)])
def test_a_bad_variant_is_refused_whole_with_its_field_and_reason(
    text: str, field: str, reason: str,
) -> None:
    own = load_content()
    with pytest.raises(VariantError) as refused:
        parse_variant(text, "bad.toml")
    error = refused.value
    assert error.field == field, str(error)
    assert reason in error.reason, str(error)
    assert str(error).startswith(f"bad.toml: {field + ': ' if field else ''}")
    # nothing half-applied: the rules in force are the game's own, unchanged
    assert load_content() is own
    assert own.board.costs["research"] == 10 and "S01" in own.tiles


def test_a_variant_too_big_or_unreadable_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_text(HEAD + "# " + "x" * 300_000 + "\n", encoding="utf-8")
    with pytest.raises(VariantError, match=r"big.toml: longer than 200,000 bytes"):
        read_variant(big)
    latin = tmp_path / "latin.toml"
    latin.write_bytes(HEAD.encode() + b"# caf\xe9\n")
    with pytest.raises(VariantError, match=r"latin.toml: cannot be read"):
        read_variant(latin)
    with pytest.raises(VariantError, match=r"gone.toml: cannot be read"):
        read_variant(tmp_path / "gone.toml")


def test_a_refusal_crosses_to_a_worker_process_and_back_whole() -> None:
    error = VariantError("v.toml", "board.costs.reserch", "unknown field")
    again = pickle.loads(pickle.dumps(error))
    assert (again.file, again.field, again.reason, str(again)) == (
        "v.toml", "board.costs.reserch", "unknown field", str(error))


def test_content_with_no_handicap_starts_both_nations_alike(tmp_path: Path) -> None:
    files = content_files()
    del files["board.toml"]["handicap"]
    board = content_from_files(files).board
    assert board.handicap == {"USA": {"popularity": 0, "budget": 0, "money": 0},
                              "USSR": {"popularity": 0, "budget": 0, "money": 0}}

