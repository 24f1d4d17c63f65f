"""The balance lab's page (scripts/balance_page.py): a lab run's numbers with words in each
language, its charts' numbers in a JSON block no text of the run can break out of, and the
build's pages from the committed run."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

from tests.scripts import ROOT, load_script

page_module = load_script("balance_page", "scripts/balance_page.py")
RUN: dict[str, Any] = json.loads((ROOT / "docs" / "balance" / "lab.json").read_text("utf-8"))


def charts(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="balance-charts">(.*?)</script>',
                      html, re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_the_committed_run_is_a_whole_lab_report() -> None:
    names = [v["name"] for v in RUN["variants"]]
    assert names[0] == "base" and len(names) == 4
    assert all(v["summary"]["games"] == RUN["variants"][0]["summary"]["games"]
               for v in RUN["variants"])
    assert all(len(v["against_base"]) == 3 for v in RUN["variants"][1:])


def test_each_language_s_page_carries_the_run_s_numbers_and_its_own_words() -> None:
    for lang in page_module.LANGUAGES:
        html = page_module.page_html(RUN, lang)
        assert f'<html lang="{lang.code}">' in html
        assert 'http-equiv="Content-Security-Policy"' in html and "script-src 'self'" in html
        # no script runs from the page itself: the only inline one is data
        assert re.findall(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)", html) == []
        for word in ("wins", "length", "against", "variants"):
            assert lang.words[word] in html
        other = next(x for x in page_module.LANGUAGES if x is not lang)
        assert f'href="./{other.page}" hreflang="{other.code}"' in html
        for v in RUN["variants"]:
            ussr = v["summary"]["nations"]["USSR"]
            assert lang.pct(ussr["rate"]) in html and v["title"] in html
        # a difference of two rates in percentage points, each language's decimal mark
        assert (" százalékpont" if lang.code == "hu" else " points") in html
        assert lang.words["medium"] in html
        verdicts = [c["significant"] for v in RUN["variants"] for c in v.get("against_base", [])]
        assert html.count('data-significant="1"') == sum(verdicts)
        assert html.count('data-significant="0"') == len(verdicts) - sum(verdicts)
        data = charts(html)
        assert data["wins"]["rates"] == [v["summary"]["nations"]["USSR"]["rate"]
                                         for v in RUN["variants"]]
        assert data["length"]["rounds"] == sorted(data["length"]["rounds"])
        for series in data["length"]["series"]:
            assert abs(sum(series["values"]) - 1) < 1e-9  # every finished game, once


def test_numbers_are_written_as_each_language_writes_them() -> None:
    en, hu = page_module.LANGUAGES
    assert (en.pct(0.531), hu.pct(0.531)) == ("53.1%", "53,1%")
    assert (en.points(-0.032), hu.points(0.032)) == ("-3.2 points", "+3,2 százalékpont")
    assert (en.p_value(0.04213), hu.p_value(0.00001)) == ("0.0421", "< 0,0001")


def test_a_designer_s_words_are_text_never_markup() -> None:
    run = copy.deepcopy(RUN)
    run["variants"][1]["title"] = 'Cheap </script><img src=x onerror="alert(1)"> & co'
    run["variants"][1]["about"] = "<b>bold</b>"
    html = page_module.page_html(run, page_module.LANGUAGES[0])
    assert "<img" not in html and "<b>bold" not in html
    assert "&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; co" in html
    assert charts(html)["wins"]["labels"][1] == run["variants"][1]["name"]
    assert html.count("</script>") == html.count("<script")


def test_the_pages_are_written_beside_their_script(tmp_path: Path) -> None:
    assert page_module.main([str(ROOT / "docs" / "balance" / "lab.json"), "--out",
                             str(tmp_path)]) == 0
    for name in ("balance.html", "balance.hu.html", "balance.js", "style.css",
                 "vendor/uplot/uPlot.iife.min.js", "vendor/uplot/uPlot.min.css"):
        assert (tmp_path / name).is_file(), name


def test_every_word_of_the_page_is_in_both_languages() -> None:
    english, hungarian = (set(lang.words) for lang in page_module.LANGUAGES)
    assert english == hungarian, english ^ hungarian
    # the test names and levels a run's JSON may hold, the OpenSpiel bots' among them
    for word in ("McNemar's exact test", "paired t-test", "ismcts", "mcts"):
        assert word in english
