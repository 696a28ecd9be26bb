"""The web page in Debian chromium (Playwright) against a real server on 127.0.0.1 with the extractive answers, no
chat model. Screenshots go to test-artifacts/."""

from __future__ import annotations

import importlib.util
import os
import re
import time

import httpx
import pytest
from api_harness import ARTIFACTS
from pdf_fixtures import render_fixture
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
expect.set_options(timeout=15_000)  # the first answer of a session waits for the embedding model

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=server.url)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text)
            if msg.type == "error" and not msg.text.startswith("Failed to load resource") else None)
    yield page
    context.close()
    assert not errors, f"browser errors: {errors}"


def shot(page, name: str, full_page: bool = True) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


def cell(page, r: int, c: int):
    return page.locator(f'.map-grid .cell[data-r="{r}"][data-c="{c}"]')


def test_game_picker_shows_thumbnails(page):
    page.goto("/")
    cards = page.locator(".game-card")
    cards.first.wait_for()
    assert cards.count() == 3
    assert page.locator(".game-card svg.thumb").count() == 3
    assert page.locator('.game-card[aria-current="true"] .game-name').inner_text() == "Cartographers"
    page.get_by_role("link", name="Mise: Kolonizace").click()
    page.wait_for_url("**/#/mise-kolonizace/chat")
    assert page.get_by_role("tab", name="Chat").get_attribute("aria-selected") == "true"
    shot(page, "picker-and-chat")


def test_browse_toc_and_open_a_section(page):
    page.goto("/#/cartographers/rulebook")
    page.get_by_role("button", name="Expand The Turn of Play").click()
    page.locator("#toc").get_by_role("link", name="2. Draw Phase").click()
    page.wait_for_url("**/#/cartographers/rulebook/the-turn-of-play/2-draw-phase")
    expect(page.locator("#section-title")).to_have_text("2. Draw Phase")  # waits for the section to render
    assert page.get_by_role("tab", name="Rulebook").get_attribute("aria-selected") == "true"
    # subsections are listed and the TOC marks the current section
    assert page.locator(".subsections").get_by_role("link", name="Ruins").count() == 1
    expect(page.locator('#toc a[aria-current="page"]')).to_have_text("2. Draw Phase")
    page.locator(".subsections").get_by_role("link", name="Ruins").click()
    page.wait_for_url("**/2-draw-phase/ruins")
    expect(page.locator("#section-title")).to_have_text("Ruins")  # waits for the section to render
    shot(page, "rulebook-section")


def test_toc_keeps_open_groups_and_keyboard_focus_follows(page):
    page.goto("/#/cartographers/rulebook")
    page.get_by_role("button", name="Expand The Turn of Play").click()
    page.get_by_role("button", name="Expand Scoring Cards").click()
    page.locator("#toc").get_by_role("link", name="2. Draw Phase").focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/2-draw-phase")
    expect(page.locator("#section-title")).to_be_focused()  # the keyboard lands on the section, not on <body>
    # the group opened by hand stays open across the navigation
    expect(page.get_by_role("button", name="Collapse Scoring Cards")).to_be_visible()
    expect(page.get_by_role("button", name="Collapse The Turn of Play")).to_be_visible()


def test_stale_deep_link_shows_the_nearest_sections(page):
    page.goto("/#/cartographers/rulebook/scoring-cards/forest-cards/sentinel-woods-old")
    expect(page.locator("#section-title")).to_have_text("Section not found")
    nearest = page.locator("#section-view ul li a")
    expect(nearest).to_have_count(3)
    assert "Sentinel Wood" in nearest.all_inner_texts()


def test_search_within_the_rulebook(page):
    page.goto("/#/cartographers/rulebook")
    page.get_by_label("Search Cartographers").fill("forest spaces on the edge of the map")
    page.get_by_role("button", name="Search", exact=True).click()
    hits = page.locator("#search-results .hits li")
    hits.first.wait_for()
    titles = [t.strip() for t in hits.locator("a").all_inner_texts()]
    assert "Sentinel Wood" in titles[:3]
    hits.locator("a", has_text="Sentinel Wood").click()
    page.wait_for_url("**/scoring-cards/forest-cards/sentinel-wood?hl=*")
    expect(page.locator("#section-title")).to_have_text("Sentinel Wood")  # waits for the section to render
    assert page.locator("#section-view mark").count() >= 1  # the matching sentence is highlighted
    shot(page, "rulebook-search")


def test_search_says_when_no_section_matches(page):
    page.goto("/#/cartographers/rulebook")
    search = page.get_by_label("Search Cartographers")
    search.fill("xyzzy qwerty")
    page.get_by_role("button", name="Search", exact=True).click()
    expect(page.locator("#search-results .no-match")).to_contain_text("No section matches “xyzzy qwerty”")
    nearest = page.locator("#search-results details.nearest-anyway")
    expect(nearest).not_to_have_attribute("open", "")  # the unrelated nearest sections stay folded
    assert page.locator("#search-results .hits li").first.is_hidden()
    shot(page, "rulebook-search-no-match")
    nearest.locator("summary").click()
    expect(page.locator("#search-results .hits li").first).to_be_visible()
    # a relevant query lists its sections as before, with no "no match" note
    search.fill("monster")
    page.get_by_role("button", name="Search", exact=True).click()
    expect(page.locator("#search-results > .hits li").first).to_be_visible()
    expect(page.locator("#search-results .no-match")).to_have_count(0)
    # the API says so too
    api = f"{page.url.split('/#')[0]}/api/search"
    found = httpx.get(api, params={"q": "xyzzy qwerty", "game": "cartographers"}).json()
    assert found["relevant"] is False and found["hits"]
    found = httpx.get(api, params={"q": "monster", "game": "cartographers"}).json()
    assert found["relevant"] is True


def test_nested_lists_render_nested(page):
    page.goto("/#/mise-kolonizace/rulebook/scoring-points")
    expect(page.locator("#section-title")).to_have_text("Scoring Points")
    body = page.locator("#section-view .section-body")
    # three scoring rules at the top level; the five neighbouring-area sub-rules sit inside the third one
    top = body.locator(":scope > ul > li")
    expect(top).to_have_count(3)
    sub = top.nth(2).locator(":scope > ul > li")
    expect(sub).to_have_count(5)
    assert top.nth(2).inner_text().startswith("For neighbouring areas:")
    assert sub.first.inner_text().startswith("For the size of neighbouring areas")
    # drawn indented under their parent, not as more top-level rules
    assert sub.first.bounding_box()["x"] > top.first.bounding_box()["x"] + 10
    shot(page, "rulebook-nested-list")
    # the renderer itself: a numbered list inside a bullet, continuation lines, a dedent back to the top
    html = page.evaluate("""async () => (await import('/static/markdown.js')).renderMarkdown(
        '- a\\n- b:\\n  1. one\\n     more of one\\n  2. two\\n- c\\n\\n3. third\\n4. fourth')""")
    assert html == ('<ul><li>a</li>\n<li>b:<ol><li>one more of one</li>\n<li>two</li></ol></li>\n<li>c</li></ul>\n'
                    '<ol start="3"><li>third</li>\n<li>fourth</li></ol>'), html


def test_cartographers_map_editor_scores(page):
    page.goto("/#/cartographers/play")
    cell(page, 0, 0).wait_for()
    assert cell(page, 1, 3).inner_text() == "M"  # side A prints a mountain at (1,3)
    assert "ruins" in cell(page, 1, 5).get_attribute("class")  # and ruins at (1,5)
    page.locator("label[for='carto-tool-F']").click()
    for r, c in [(0, 0), (0, 1), (0, 2), (1, 0)]:
        cell(page, r, c).click()
    page.locator("label[for='carto-tool-X']").click()
    cell(page, 10, 10).click()
    page.get_by_label("Coins from shapes").fill("2")
    page.get_by_label("Coins from shapes").dispatch_event("change")
    # Default cards: the first of each deck (Sentinel Wood, Canal Lake, Wildholds, Borderlands).
    # Sentinel Wood: forests (0,0), (0,1), (0,2), (1,0) all on the edge = 4; Canal Lake 0 (no farm, no water);
    # Wildholds 0 (no village); Borderlands 0 (no full row or column); coins 2; monster at (10,10) next to the
    # empty (9,10) and (10,9) = -2. Total 4 + 2 - 2 = 4.
    table = page.locator(".carto-editor > .output-pane .score-table")
    # the score of an earlier stroke is 4 too: wait for the answer that has the coins and the monster
    expect(table.locator('tr[data-key="monsters"] td.num')).to_have_text("-2")
    expect(table.locator('tr[data-key="coins"] td.num')).to_have_text("2")
    expect(table.locator(".total")).to_have_text("4")
    notation = page.locator(".carto-editor > .output-pane .notation")
    for row in ['"FFF........"', '"F..M......."', '"..........X"']:
        expect(notation).to_contain_text(row)
    rule = page.locator('.score-table tr[data-key="card:sentinel-wood"] a.rule-link')
    assert rule.get_attribute("href") == "#/cartographers/rulebook/scoring-cards/forest-cards/sentinel-wood"
    shot(page, "cartographers-score")
    rule.click()
    page.wait_for_url("**/sentinel-wood")
    expect(page.locator("#section-title")).to_have_text("Sentinel Wood")  # waits for the section to render


def test_cartographers_all_cards_and_a_drawing_check(page):
    page.goto("/#/cartographers/play")
    cell(page, 0, 0).wait_for()
    page.get_by_label("Map side").select_option("B")
    # side B prints a mountain at (1,8), wasteland at (3,5) and ruins at (1,6); side A's mountain at (1,3) is gone
    expect(cell(page, 1, 8)).to_have_text("M")
    expect(cell(page, 3, 5)).to_have_text("#")
    expect(cell(page, 1, 3)).to_have_text("")
    assert "ruins" in cell(page, 1, 6).get_attribute("class")
    page.get_by_label("All 16 (study)").check()
    page.wait_for_function(
        "document.querySelectorAll('.carto-editor > .output-pane .score-table tbody tr').length === 18")
    assert '"cards": "all"' in page.locator(".carto-editor > .output-pane .notation").inner_text()
    page.get_by_label("Map side").select_option("A")
    page.locator("label[for='carto-tool-move']").click()
    for r, c in [(0, 3), (1, 3), (2, 3)]:  # a straight river through the printed mountain at (1,3)
        cell(page, r, c).click()
    page.locator("#carto-move-card").fill("Great River")
    page.get_by_label("Terrain", exact=True).select_option("water")
    page.get_by_role("button", name="Check the drawing").click()
    verdict = page.locator(".carto-editor > .output-pane .verdict")
    verdict.wait_for()
    expect(verdict.locator(".verdict-badge")).to_have_text("ILLEGAL")
    assert "overlaps_filled" in verdict.inner_text()
    shot(page, "cartographers-check")


def test_bad_position_shows_a_clear_error(page):
    page.goto("/#/cartographers/play")
    cell(page, 0, 0).wait_for()
    page.locator("label[for='carto-tool-F']").click()
    cell(page, 1, 3).click()  # paint over the printed mountain
    error = page.locator(".carto-editor > .output-pane .error-box")
    error.wait_for()
    assert "grid.1.3" in error.inner_text() and "mountain" in error.inner_text()
    assert "bad" in cell(page, 1, 3).get_attribute("class")
    shot(page, "cartographers-error")


def test_tile_board_editor_with_painted_missions(page):
    page.goto("/#/cational-meographic/play")
    board = page.locator(".tile-grid")
    board.wait_for()
    pane = ".tiles-editor > .output-pane"
    # the schema example is preloaded and scored at once: forest x1 (0,0), placed forest x2 (0,1), lake x3 (0,2),
    # mission "Forest pair"
    page.wait_for_function(f"document.querySelector('{pane} .score-table .total')?.textContent === '8'")
    # lay a forest x2 at (1,1): same type, equal Pawints, so the placed tile earns 2 more:
    # tile 2 + adjacency (1 + 2) + mission 5 = 10
    page.get_by_label("Landscape type").fill("forest")
    page.get_by_label("Pawints of the tile").select_option("2")
    board.locator('.tile[data-r="1"][data-c="1"]').click()
    page.wait_for_function(f"document.querySelector('{pane} .score-table .total')?.textContent === '10'")
    # a new photo mission painted by clicks: an L of three forests, worth 4 Pawints; the placed (0,1) with (0,0) and
    # (1,1) makes that L, so it scores too: 10 + 4 = 14
    page.get_by_role("button", name="Add a photo mission").click()
    mission = page.locator(".mission").last
    mission.get_by_label("Name").fill("Forest corner")
    mission.get_by_label("Name").dispatch_event("change")
    mission = page.locator(".mission").last
    mission.get_by_label("Pawints").fill("4")
    mission.get_by_label("Pawints").dispatch_event("change")
    for r, c in [(0, 0), (0, 1), (1, 1)]:
        page.locator(".mission").last.locator(f'.pattern-cell[data-r="{r}"][data-c="{c}"]').click()
    page.wait_for_function(f"document.querySelector('{pane} .score-table .total')?.textContent === '14'")
    assert page.locator(f'{pane} .score-table tr[data-key="mission:forest-corner"] td.num').inner_text() == "4"
    # round trip through the JSON of the missions
    page.locator(".missions-json summary").click()
    missions_json = page.locator("#cm-missions").input_value()
    assert '"name": "Forest corner"' in missions_json
    page.locator(".mission").last.get_by_role("button", name="Remove the mission").click()
    page.wait_for_function(f"document.querySelector('{pane} .score-table .total')?.textContent === '10'")
    page.locator("#cm-missions").fill(missions_json)
    page.get_by_role("button", name="Load these missions").click()
    page.wait_for_function(f"document.querySelector('{pane} .score-table .total')?.textContent === '14'")
    expect(page.locator(".mission").last.locator(".pattern-cell.filled")).to_have_count(3)
    page.get_by_role("button", name="Check placement").click()
    expect(page.locator(f"{pane} .verdict-badge")).to_have_text("LEGAL")
    shot(page, "tile-board")


MISE_BOARD = """players: blue red
totals: blue=3 red=4
@0,1 r0 F(W=r blue=1)
@1,1 r0 F(N=r E=g S=r)
@2,1 r0 S(N=r E=r)
@2,0 r0 S(E=r a=1)
@2,-1 r0 S(S=r W=r)
@3,-1 r0 S(E=r S=r)"""


def test_mise_editor_builds_scores_and_round_trips_the_text(page):
    page.goto("/#/mise-kolonizace/play")
    pane = ".mise-editor > .output-pane"
    # the schema example: a closed one-tile forest next to the base, blue cosmonaut: 1 tile + base 1 = 2
    page.wait_for_function(f"document.querySelector('{pane} .score-table .total')?.textContent === '2'")
    assert page.locator(f"{pane} .score-table tfoot th").inner_text() == "All players together"
    # scoring example 1 of the rulebook: paste the board, then lay the meadow at (0,2) by clicking
    page.get_by_label("Position as text (paste one to load it)").fill(MISE_BOARD)
    page.get_by_role("button", name="Load this text").click()
    page.locator('.mise-grid .square[data-x="0"][data-y="2"]').click()
    expect(page.locator(".tile-form h4")).to_contain_text("Tile at 0, 2")
    page.locator("#mise-kind-0").select_option("meadow")
    for side, edge in [("N", "open"), ("E", "red"), ("S", "green"), ("W", "red")]:
        page.locator(f"#mise-side-0-{side}").select_option(edge)
    # hand count: the forest (2 tiles) closes; green lasers reach the base (1), the swamp (4 tiles + 1 alien = 7)
    # and the meadow (1): 2 + 1 + 7 + 1 = 11 for blue, the only cosmonaut; blue had 3, so 14; red keeps 4
    page.wait_for_function(f"document.querySelector('{pane} .score-table .total')?.textContent === '11'")
    expect(page.locator(f'{pane} .standings-table tr[data-player="blue"] .player-total')).to_have_text("14")
    expect(page.locator(f'{pane} .standings-table tr[data-player="red"] .player-total')).to_have_text("4")
    text = page.locator("#mise-text").input_value()
    assert text.endswith("@0,2 r0 M(E=r S=g W=r)"), text
    assert "move" in page.locator('.mise-grid .square[data-x="0"][data-y="2"]').get_attribute("class")
    notation = page.locator(f"{pane} .notation").inner_text()
    shot(page, "mise-editor")
    # round trip: clear, paste the text back, same position
    page.get_by_role("button", name="Clear the board").click()
    expect(page.locator(".mise-grid .square.filled")).to_have_count(0)
    page.get_by_label("Position as text (paste one to load it)").fill(text)
    page.get_by_role("button", name="Load this text").click()
    expect(page.locator(f"{pane} .notation")).to_have_text(notation)
    page.get_by_role("button", name="Check the move").click()
    expect(page.locator(f"{pane} .verdict-badge")).to_have_text("LEGAL")
    # a rotation turns the tile: the meadow's red east side faces south, green south faces west
    page.get_by_role("button", name="Rotate ↻").click()
    assert page.locator("#mise-text").input_value().endswith("@0,2 r90 M(E=r S=g W=r)")
    page.get_by_label("Position as text (paste one to load it)").fill("@0,1 r45 Q(N=x)")
    page.get_by_role("button", name="Load this text").click()
    expect(page.locator(f"{pane} .error-box")).to_contain_text("line 1: rotation must be")


def end_total(page, player: str):
    return page.locator(f'.end-game .standings-table tr[data-player="{player}"] .player-total')


def set_number(page, selector: str, value: int) -> None:
    page.locator(selector).fill(str(value))
    page.locator(selector).dispatch_event("change")


def test_mise_end_game_form_scores_and_round_trips(page):
    page.goto("/#/mise-kolonizace/play")
    pane = ".mise-editor > .output-pane"
    page.wait_for_function(f"document.querySelector('{pane} .score-table .total')?.textContent === '2'")
    # the end of the game has its form; only the area scored from its counts keeps the JSON document editor
    expect(page.locator(".other-ops summary")).to_have_text("Other Mise: Kolonizace tools: score area")
    page.get_by_text("End of the game: the last two tiles of each player").click()
    # the schema's example, read into the form: blue 41 + (1 cosmonaut + 1 alien) x 2 = 45; red 43 + 4 = 47
    expect(end_total(page, "red")).to_have_text("47")
    expect(end_total(page, "blue")).to_have_text("45")
    assert page.locator("#mise-end-blue-0-cosmo-0-blue").input_value() == "1"
    assert page.locator("#mise-end-blue-0-aliens-0").input_value() == "1"
    # blue: two cosmonauts on the first last tile; the second (a meadow) split \ with a red cosmonaut and two aliens
    # in its new half: (2 + 1) x 2 + (1 + 2) x 2 = 12 -> 53. Red: the alien of its second tile goes: 43 + 2 = 45
    set_number(page, "#mise-end-blue-0-cosmo-0-blue", 2)
    page.locator("#mise-end-blue-1-split").select_option("\\")
    set_number(page, "#mise-end-blue-1-cosmo-1-red", 1)
    set_number(page, "#mise-end-blue-1-aliens-1", 2)
    set_number(page, "#mise-end-red-1-aliens-1", 0)
    expect(end_total(page, "blue")).to_have_text("53")
    expect(end_total(page, "red")).to_have_text("45")
    expect(page.locator(".end-game .winner")).to_contain_text("blue wins with 53 points")
    bonus = page.locator('.end-game .score-table tr[data-key="bonus:blue"] td.num')
    expect(bonus).to_have_text("12")
    text = page.locator("#mise-end-text").input_value()
    assert text == "blue 41 | F(blue=2 a=1) | M(N=r E=r) \\r F(red=1 a=2)\nred 43 | S(red=1) | F /g M", text
    notation = page.locator(".end-game .notation").inner_text()
    assert '"last_tiles"' in notation and '"split": "\\\\"' in notation
    expect(page.locator(".end-game .end-tile svg.mise-tile")).to_have_count(4)  # each last tile drawn
    shot(page, "mise-end-game")
    # round trip through the text: change the form, paste the text back, same document and standings
    set_number(page, "#mise-end-blue-total", 0)
    expect(end_total(page, "blue")).to_have_text("12")
    page.get_by_label("End of the game as text (paste one to load it)").fill(text)
    page.locator(".end-game").get_by_role("button", name="Load this end-game text").click()
    expect(page.locator(".end-game .notation")).to_have_text(notation)
    expect(end_total(page, "blue")).to_have_text("53")
    # and through the JSON the engine takes
    page.get_by_label("End of the game as text (paste one to load it)").fill(
        '{"players": [{"colour": "red", "total": 1, '
        '"last_tiles": ["S(red=3)", {"areas": [{"kind": "meadow", "aliens": 1}]}]}]}')
    page.locator(".end-game").get_by_role("button", name="Load this end-game text").click()
    expect(page.locator("#mise-end-text")).to_have_value("red 1 | S(red=3) | M(a=1)")
    expect(end_total(page, "red")).to_have_text("9")  # 1 + (3 + 1) x 2
    # the board's players and totals after the move fill the form; new players get two blank tiles
    set_number(page, "#mise-total-blue", 10)
    set_number(page, "#mise-total-red", 5)
    expect(page.locator(f'{pane} .standings-table tr[data-player="blue"] .player-total')).to_have_text("12")
    page.get_by_role("button", name="Take the players and totals from the board").click()
    expect(page.locator("#mise-end-blue-total")).to_have_value("12")
    expect(page.locator("#mise-end-red-total")).to_have_value("5")
    expect(page.locator("#mise-end-red-0-cosmo-0-red")).to_have_value("3")  # red's tiles are kept
    expect(page.locator("#mise-end-text")).to_have_value("blue 12 | F | F\nred 5 | S(red=3) | M(a=1)")
    expect(end_total(page, "blue")).to_have_text("12")
    # a tile the engine rejects is outlined in the form
    page.get_by_label("End of the game as text (paste one to load it)").fill("blue 3 | F(blue=1)")
    page.locator(".end-game").get_by_role("button", name="Load this end-game text").click()
    expect(page.locator(".end-game .error-box")).to_contain_text("2 last tiles")


def ask(page, question: str) -> None:
    page.locator(".chat-log").wait_for()  # the chat shows its game once the games have loaded
    page.locator("#question").fill(question)
    page.get_by_role("button", name="Ask").click()


def last_reply_done(page):
    """The last reply, once its stream has ended (the status line goes when `done` arrives)."""
    reply = page.locator(".msg.assistant").last
    expect(reply.locator(".answer-text")).not_to_have_attribute("aria-busy", "true")
    return reply


def below_the_input(page) -> list[str]:
    """Parts of the last reply that the sticky question box covers or that are scrolled out of view (empty when the
    reply is fully visible above the box); a reply taller than the room above the box must show its start, the
    rest is scrolled to."""
    return page.evaluate("""() => {
        const form = document.getElementById('chat-form').getBoundingClientRect();
        const reply = [...document.querySelectorAll('.msg.assistant')].at(-1);
        const box = reply.getBoundingClientRect();
        if (box.height > form.top) return box.top < -1 || box.top > 0.25 * form.top ? ['start not shown'] : [];
        return [...reply.querySelectorAll('.answer-text, .citations, .nearest')]
            .filter((p) => p.getBoundingClientRect().bottom > form.top + 1 || p.getBoundingClientRect().top < 0)
            .map((p) => p.className);
    }""")


def test_chat_streams_an_answer_with_compact_source_links(page):
    page.goto("/#/cartographers/chat")
    page.locator("#question").wait_for()
    page.evaluate("""() => {
        window.__updates = 0;
        new MutationObserver(() => { window.__updates += 1; })
            .observe(document.getElementById('chat-logs'), {subtree: true, childList: true, characterData: true});
    }""")
    ask(page, "Does a corner space count twice for Sentinel Wood?")
    reply = last_reply_done(page)
    link = reply.locator(".citations:not(.preliminary) a.citation").first
    answer = reply.locator(".answer-text").inner_text()
    assert answer.strip()
    assert page.evaluate("window.__updates") > 3  # tokens arrived one by one
    assert reply.locator("blockquote").count() == 0  # the quote is in the answer text, not repeated below it
    quote = link.get_attribute("title")
    assert " ".join(quote.split())[:30] in " ".join(answer.split())
    section_id = link.get_attribute("data-section")
    shot(page, "chat-answer")
    link.click()
    page.wait_for_url(f"**/#/cartographers/rulebook/{section_id}?hl=*")
    assert page.get_by_role("tab", name="Rulebook").get_attribute("aria-selected") == "true"
    mark = page.locator("#section-view mark")
    mark.first.wait_for()
    marked = " ".join(mark.all_inner_texts())
    assert " ".join(marked.split())[:30] in " ".join(quote.replace("*", "").split())
    shot(page, "chat-citation-opened")


@pytest.mark.parametrize("viewport", [(1366, 900), (390, 844)], ids=["desktop", "phone"])
def test_the_question_box_never_covers_the_answer(browser, server, viewport):
    width, height = viewport
    context = browser.new_context(viewport={"width": width, "height": height}, base_url=server.url,
                                  is_mobile=width < 500, has_touch=width < 500)
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        page.goto("/#/cartographers/chat")
        for question in ["Does a corner space count twice for Sentinel Wood?", "When does the game end?",
                         "What happens when a monster is next to an empty space?"]:
            ask(page, question)
            last_reply_done(page)
            page.wait_for_timeout(200)  # the last scroll
            assert below_the_input(page) == [], question
        assert page.locator(".msg.assistant").count() == 3
        shot(page, f"chat-{'phone' if width < 500 else 'desktop'}", full_page=False)
    finally:
        context.close()


def test_refusal_lists_the_nearest_sections_once_as_links(page):
    page.goto("/#/cartographers/chat")
    ask(page, "What is the capital of Mongolia?")
    reply = last_reply_done(page)
    text = reply.locator(".answer-text")
    expect(text).to_contain_text("does not seem to answer")
    titles = text.locator("a").all_inner_texts()
    assert titles, "the nearest sections are links in the answer"
    assert reply.locator(".nearest").count() == 0  # not listed a second time
    assert "/" not in reply.inner_text().replace("Sources:", "")  # no raw section ids


def test_empty_question_too_long_question_and_the_counter(page):
    page.goto("/#/cartographers/chat")
    page.locator("#question").fill("   ")
    page.get_by_role("button", name="Ask").click()
    expect(page.locator("#question-note")).to_have_text("Type a question first.")
    assert page.locator(".msg.user").count() == 0
    page.locator("#question").fill("x" * 1500)
    expect(page.locator("#question-count")).to_be_hidden()
    long = "Is this allowed? " * 176  # 2,992 characters: nothing is cut off on paste
    page.locator("#question").fill(long)
    expect(page.locator("#question-count")).to_have_text("2,992 / 2,000: 992 too many")
    page.get_by_role("button", name="Ask").click()
    expect(page.locator("#question-note")).to_contain_text("the limit is 2,000")
    assert page.locator("#question").input_value() == long  # the text is kept
    assert page.locator(".msg.user").count() == 0


def test_server_refusal_keeps_the_question(page):
    page.goto("/#/cartographers/chat")
    page.route("**/api/chat", lambda route: route.fulfill(status=413, content_type="application/json",
                                                         body='{"detail": "The question is too long (2500 > 2000)."}'))
    ask(page, "How many points for a full row?")
    expect(page.locator(".msg.assistant .status")).to_have_text("The question is too long (2500 > 2000).")
    assert page.locator("#question").input_value() == "How many points for a full row?"


def test_drafts_placeholders_and_answers_are_per_game(page):
    page.goto("/#/cartographers/chat")
    question = page.locator("#question")
    question.fill("a Cartographers draft")
    carto_placeholder = question.get_attribute("placeholder")
    page.get_by_role("link", name="Mise: Kolonizace").click()
    page.wait_for_url("**/#/mise-kolonizace/chat")
    expect(question).to_have_value("")
    assert question.get_attribute("placeholder") != carto_placeholder
    assert "Sentinel" not in question.get_attribute("placeholder")
    page.get_by_role("link", name="Cartographers").click()
    expect(question).to_have_value("a Cartographers draft")


class SlowAssistant:
    """Streams one word every 0.2 s for a minute and records how far it got and whether it was closed."""

    def __init__(self):
        self.produced = 0
        self.closed = False

    def stream(self, question, game=None, thread_id=None, position=None):  # noqa: ARG002 (Assistant.stream's signature)
        from rulespal.answer import Event

        def events():
            try:
                yield Event("citations", {"game": game, "citations": [], "preliminary": True})
                for _ in range(300):
                    time.sleep(0.2)
                    self.produced += 1
                    yield Event("token", {"text": "word "})
            finally:
                self.closed = True
        return events()


def test_stop_cancels_the_answer_and_the_server_stops(page, server):
    from rulespal.api.deps import get_assistant

    slow = SlowAssistant()
    server.app.dependency_overrides[get_assistant] = lambda: slow
    try:
        page.goto("/#/cartographers/chat")
        ask(page, "Tell me everything")
        expect(page.locator(".msg.assistant .status")).to_have_text("Writing the answer…")
        expect(page.get_by_role("button", name="Ask")).to_be_hidden()
        page.get_by_role("link", name="Mise: Kolonizace").click()  # the answer goes on in its own game
        expect(page.locator("#question-note")).to_contain_text("Still answering about Cartographers")
        expect(page.get_by_role("button", name="Ask")).to_be_enabled()
        page.locator(".game-card", has_text="Cartographers").click()
        page.get_by_role("button", name="Stop").click()
        expect(page.locator(".msg.assistant .status")).to_contain_text("Stopped")
        for _ in range(50):
            if slow.closed:
                break
            time.sleep(0.1)
        assert slow.closed, "the server closed the answer stream"
        produced = slow.produced
        time.sleep(0.6)
        assert slow.produced == produced < 100  # and generates nothing more
        assert page.locator(".msg.assistant .answer-text").inner_text().startswith("word")  # the text so far stays
        expect(page.locator("#question")).to_have_value("Tell me everything")
        expect(page.get_by_role("button", name="Ask")).to_be_visible()
    finally:
        server.app.dependency_overrides.pop(get_assistant, None)


@pytest.mark.skipif(importlib.util.find_spec("rulespal.agent") is None, reason="rulespal.agent is not written yet")
def test_chat_with_my_position_shows_the_engine_table(page):
    page.goto("/#/cartographers/play")
    cell(page, 0, 0).wait_for()
    page.locator("label[for='carto-tool-F']").click()
    for r, c in [(0, 0), (0, 1)]:
        cell(page, r, c).click()
    page.get_by_role("tab", name="Chat").click()
    page.get_by_label("Include my position from Score / Check").check()
    page.get_by_label("Ask about Cartographers").fill("How many points is my map worth?")
    page.get_by_role("button", name="Ask").click()
    total = page.locator(".msg.assistant .score-table .total")
    total.wait_for()
    # Sentinel Wood: (0,0) and (0,1) on the edge = 2; the other default cards 0; no coins; no monsters
    assert total.inner_text() == "2"
    page.locator(".msg.assistant .citations:not(.preliminary)").wait_for()
    shot(page, "chat-engine-table")


ACCENT = (0x2B, 0x5F, 0xA8)  # --accent: the colour of the focus ring


def tab_to(page, selector: str, presses: int = 60) -> None:
    """Press Tab until the element matching `selector` has the focus (the way a keyboard user gets there)."""
    for _ in range(presses):
        if page.evaluate("(s) => document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def ring_sides(page, selector: str, name: str) -> dict[str, float]:
    """For the focused element: the share of pixels in the accent colour along the middle half of each side, 2-5 px
    outside its border box, as painted on screen (0 where an ancestor's overflow clips the ring)."""
    import io

    from PIL import Image

    box = page.locator(selector).bounding_box()
    shot(page, name, full_page=False)
    image = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    x0, y0, x1, y1 = box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"]

    def share(points):
        near = [sum(abs(a - b) for a, b in zip(image.getpixel((round(x), round(y))), ACCENT, strict=True)) < 90
                for x, y in points if 0 <= x < image.width and 0 <= y < image.height]
        return sum(near) / max(1, len(near))

    xs = [x0 + (x1 - x0) * (0.25 + 0.5 * i / 20) for i in range(21)]
    ys = [y0 + (y1 - y0) * (0.25 + 0.5 * i / 20) for i in range(21)]
    best = {}
    sides = {"top": lambda d: [(x, y0 - d) for x in xs], "bottom": lambda d: [(x, y1 + d) for x in xs],
             "left": lambda d: [(x0 - d, y) for y in ys], "right": lambda d: [(x1 + d, y) for y in ys]}
    for side, points in sides.items():
        best[side] = max(share(points(d)) for d in (2, 3, 4, 5))
    return best


def test_focus_rings_on_the_selected_game_card_and_toc_toggles(page):
    page.goto("/#/cartographers/rulebook")
    page.get_by_role("button", name="Expand The Turn of Play").wait_for()
    for selector, name in [('.game-card[aria-current="true"]', "focus-game-card"),
                           ("#toc .toc-toggle", "focus-toc-toggle"), ("#toc a", "focus-toc-link"),
                           ("#rulebook-q", "focus-search")]:
        tab_to(page, selector)
        sides = ring_sides(page, f"{selector}:focus", name)
        assert min(sides.values()) > 0.8, (selector, sides)  # a ring all round, no side clipped
    # the selected card keeps its ring while selected; a card not selected has one too
    page.keyboard.press("Shift+Tab")
    tab_to(page, '.game-card[aria-current="true"]', presses=80)
    page.keyboard.press("Tab")
    sides = ring_sides(page, ".game-card:focus", "focus-game-card-other")
    assert min(sides.values()) > 0.8, sides


def luminance(colour: str) -> float:
    """WCAG relative luminance of a CSS colour given as rgb()/rgba() or #rgb/#rrggbb."""
    import re

    if colour.startswith("#"):
        digits = colour[1:] if len(colour) == 7 else "".join(ch * 2 for ch in colour[1:4])
        channels = [int(digits[i:i + 2], 16) for i in (0, 2, 4)]
    else:
        channels = [float(v) for v in re.findall(r"[\d.]+", colour)[:3]]
    linear = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# Every label drawn on a tile or board cell, with its text colour and the colours right behind it: the background
# (each stop of a striped one) or, for SVG text drawn with a halo, the halo and the area it labels.
LABELS_JS = """() => {
    const out = [];
    const stops = (image) => image.match(/rgba?\\([^)]*\\)/g) || [];
    const cells = ['.map-grid .cell', '.tile-grid .tile.filled', '.pattern-cell.filled', '.mise-grid .square.base',
                   '.move-badge'].join(', ');
    for (const cell of document.querySelectorAll(cells)) {
        if (!cell.textContent.trim()) continue;
        const style = getComputedStyle(cell);
        const backs = [style.backgroundColor, ...stops(style.backgroundImage)]
            .filter((c) => !/rgba\\(.*, 0\\)$/.test(c));
        for (const label of cell.matches('.tile') ? cell.querySelectorAll('.tile-type, .tile-pawints') : [cell]) {
            const part = label === cell ? '' : label.className;
            out.push({what: `${cell.className} ${part}: ${label.textContent.trim()}`,
                      text: getComputedStyle(label).color, backs});
        }
    }
    for (const text of document.querySelectorAll('svg.mise-tile text, svg.thumb text')) {
        const svg = text.closest('svg');
        const kind = text.dataset.kind;
        const area = kind ? svg.querySelector(`[data-kind="${kind}"]:not(text)`) : svg.querySelector('rect');
        out.push({what: `${svg.getAttribute('class')} ${kind || ''}: ${text.textContent}`,
                  text: text.getAttribute('fill'),
                  backs: [text.getAttribute('stroke'), area.getAttribute('fill')],
                  halo: Number(text.getAttribute('stroke-width'))});
    }
    return out;
}"""


def label_contrasts(page) -> list[tuple[str, float]]:
    return [(label["what"], min(contrast(label["text"], back) for back in label["backs"]))
            for label in page.evaluate(LABELS_JS)]


def test_tile_and_cell_labels_have_at_least_4_5_to_1(page):
    measured: list[tuple[str, float]] = []
    # Cartographers: a cell of every terrain, side A's mountain and side B's wasteland
    page.goto("/#/cartographers/play")
    cell(page, 0, 0).wait_for()
    for code, (r, c) in zip("FVAWX", [(0, 0), (0, 2), (0, 4), (0, 6), (0, 8)], strict=True):
        page.locator(f"label[for='carto-tool-{code}']").click()
        cell(page, r, c).click()
    measured += label_contrasts(page)
    page.get_by_label("Map side").select_option("B")
    expect(cell(page, 3, 5)).to_have_text("#")
    measured += label_contrasts(page)
    assert {text.split(": ")[-1] for text, _ in measured} >= set("FVAWXM#")
    # Cational Meographic: a tile of every named landscape and of a few others (coloured from their name)
    page.goto("/#/cational-meographic/play")
    page.locator(".tile-grid").wait_for()
    kinds = ["forest", "lake", "water", "meadow", "mountain", "field", "desert", "beach", "river", "city",
             "volcano", "glacier", "swamp", "tundra", "jungle", "reef", "canyon", "plains"]
    free = [(r, c) for r in range(2, 7) for c in range(0, 7)]
    for kind, (r, c) in zip(kinds, free, strict=False):
        page.get_by_label("Landscape type").fill(kind)
        page.locator(f'.tile-grid .tile[data-r="{r}"][data-c="{c}"]').click()
    page.locator(".mission").first.locator(".pattern-cell").nth(5).click()  # a painted mission cell too
    cm = label_contrasts(page)
    assert {t.split(": ")[-1] for t, _ in cm} >= set(kinds)
    measured += cm
    # Mise: Kolonizace: a label on each kind of area (split tiles too), the base, the move badge, the game thumbnails
    page.goto("/#/mise-kolonizace/play")
    page.get_by_label("Position as text (paste one to load it)").fill(
        "players: blue red\n@0,1 r0 F(blue=1 a=1)\n@1,1 r0 M(red=2)\n@-1,1 r0 S(a=1)\n@1,0 r90 F(blue=1) \\g M(a=2)\n"
        "@-1,0 r0 S(red=1) /r M(blue=1)")
    page.get_by_role("button", name="Load this text").click()
    expect(page.locator(".mise-grid svg.mise-tile text")).to_have_count(7)
    mise = label_contrasts(page)
    assert {t.split(": ")[0].split()[-1] for t, _ in mise if t.startswith("mise-tile")} == {"forest", "meadow", "swamp"}
    assert all(label["halo"] >= 4 for label in page.evaluate(LABELS_JS) if "halo" in label)
    measured += mise
    ARTIFACTS.mkdir(exist_ok=True)
    table = sorted(measured, key=lambda m: m[1])
    (ARTIFACTS / "label-contrast.txt").write_text("".join(f"{ratio:5.2f}  {what}\n" for what, ratio in table))
    low = [(what, round(ratio, 2)) for what, ratio in measured if ratio < 4.5]
    assert not low, low


def test_phone_layout(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=server.url, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        for view, ready, name in [("play", ".map-grid .cell", "phone-score"),
                                  ("rulebook/the-turn-of-play", "#section-title", "phone-rulebook"),
                                  ("chat", "#question", "phone-chat")]:
            page.goto(f"/#/cartographers/{view}")
            page.locator(ready).first.wait_for()
            page.wait_for_timeout(300)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, view
            shot(page, name, full_page=False)
        # a tap draws on the map
        page.goto("/#/cartographers/play")
        page.locator("label[for='carto-tool-W']").tap()
        cell(page, 4, 4).tap()
        assert cell(page, 4, 4).inner_text() == "W"
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [(1366, 900), (390, 844)], ids=["desktop", "phone"])
def test_axe_finds_no_serious_violations_on_any_tab(browser, server, viewport):
    """Every tab of every game, and the states that add content (an answer, search results, no match, a nested
    list, the end-game form), at desktop and phone size: no serious or critical axe-core violation."""
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
    width, height = viewport
    size = "phone" if width < 500 else "desktop"
    context = browser.new_context(viewport={"width": width, "height": height}, base_url=server.url)
    context.set_default_timeout(10_000)
    page = context.new_page()
    axe = axe_module.Axe()
    try:
        def search(words):
            def run():
                page.locator("#rulebook-q").fill(words)
                page.get_by_role("button", name="Search", exact=True).click()
                page.locator("#search-results .hits, #search-results .no-match").first.wait_for()
            return run

        def answer():
            ask(page, "Does a corner space count twice for Sentinel Wood?")
            last_reply_done(page)

        def end_game():
            page.get_by_text("End of the game: the last two tiles of each player").click()
            page.locator(".end-game .standings-table").wait_for()

        ready = {"chat": "#question", "rulebook": "#section-title", "cartographers/play": ".map-grid .cell",
                 "cational-meographic/play": ".mission", "mise-kolonizace/play": ".mise-grid .square.filled"}
        steps = [(f"{game}/{tab}", None, "") for game in ("cartographers", "cational-meographic", "mise-kolonizace")
                 for tab in ("chat", "rulebook", "play")]
        steps += [("cartographers/chat", answer, "answered"),
                  ("cartographers/rulebook", search("forest edge"), "search"),
                  ("cartographers/rulebook", search("xyzzy qwerty"), "no-match"),
                  ("mise-kolonizace/rulebook/scoring-points", None, ""), ("mise-kolonizace/play", end_game, "end-game")]
        checked = set()
        for route, action, state in steps:
            page.goto(f"/#/{route}")
            page.locator(ready.get(route.split("/")[1], ready.get(route))).first.wait_for()
            page.wait_for_timeout(400)  # the live score
            if action:
                action()
            name = f"{size}-{route.replace('/', '-')}{'-' + state if state else ''}"
            shot(page, name, full_page=False)
            results = axe.run(page).response
            bad = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in results["violations"]
                   if v["impact"] in ("serious", "critical")]
            assert not bad, f"{name}: {bad}"
            checked |= {rule["id"] for rule in results["passes"]}
        assert "color-contrast" in checked  # the contrast of the text was measured, not skipped
    finally:
        context.close()


FERRY = """---
title: Ferry Game
---

# Ferries

A ferry carries two wagons across the river each turn. An empty ferry may not cross.

# Tolls

Every crossing costs one coin, paid to the bank before the ferry leaves.
"""


def _watch_add_status(page) -> None:
    """Record every text the upload's status line shows, in order, in window.__statuses (each change, even when
    several events arrive in one chunk and the line changes twice before the observer runs)."""
    page.evaluate("""() => {
        const status = document.getElementById('add-status');
        window.__statuses = [];
        new MutationObserver((records) => {
            for (const record of records) for (const n of record.addedNodes) window.__statuses.push(n.textContent);
        }).observe(status, {childList: true});
    }""")


def test_add_a_rulebook_shows_its_contents_and_opens_the_pdf_page(page, server, tmp_path):
    """Upload a PDF from the game picker: upload, conversion and indexing progress, its contents to confirm, a new
    game card, p. N links."""
    source = tmp_path / "ferry-game.md"
    source.write_text(FERRY, encoding="utf-8")
    render_fixture(source, tmp_path / "ferry-game.pdf")
    try:
        page.goto("/#/cartographers/chat")
        page.locator(".add-rulebook summary").click()
        _watch_add_status(page)
        page.set_input_files("#rulebook-file", str(tmp_path / "ferry-game.pdf"))
        page.get_by_role("button", name="Upload").click()
        expect(page.locator("#add-status")).to_have_text("Added Ferry Game (ferry-game). Check its contents:",
                                                         timeout=60_000)
        statuses = page.evaluate("window.__statuses")
        assert "Converting 1 page…" in statuses, statuses
        indexed = [s for s in statuses if s.startswith("Indexing… ")]
        assert indexed and re.fullmatch(r"Indexing… (\d+) of \1 passages", indexed[-1]), statuses
        assert statuses.index("Converting 1 page…") < statuses.index(indexed[-1]) < len(statuses) - 1
        expect(page.locator(".game-card", has_text="Ferry Game")).to_be_visible()
        shot(page, "add-rulebook", full_page=False)
        page.locator("#add-result").get_by_role("link", name="Tolls").click()
        page.wait_for_url("**/#/ferry-game/rulebook/tolls")
        link = page.locator("#section-view .page-link")
        expect(link).to_have_text("p. 1")
        assert link.get_attribute("href") == "/api/games/ferry-game/pdf#page=1"
        expect(page.locator("#toc .toc-page").first).to_have_text(" p. 1")
    finally:
        httpx.delete(f"{server.url}/api/rulebooks/ferry-game", timeout=60)


def test_add_a_rulebook_that_fails_while_indexing_says_why(page, tmp_path):
    """A refusal that comes during the stream (its id is a bundled game's) reads like any other: "Not added: …"."""
    clash = tmp_path / "raft-game.md"
    clash.write_text("---\nid: cartographers\ntitle: Raft Game\n---\n\n# Rafts\n\nRafts drift.\n",
                     encoding="utf-8")
    page.goto("/#/cartographers/chat")
    page.locator(".add-rulebook summary").click()
    page.set_input_files("#rulebook-file", str(clash))
    page.get_by_role("button", name="Upload").click()
    expect(page.locator("#add-status")).to_contain_text("Not added: body.file: raft-game.md", timeout=60_000)
    expect(page.locator("#add-status")).to_contain_text("already used")
    expect(page.locator("#add-result")).to_be_empty()


def test_a_question_typed_before_the_games_load_is_kept(page):
    held = []
    page.route("**/api/games", lambda route: held.append(route))  # the game list answers when the test lets it
    page.goto("/#/cartographers/chat")
    page.locator("#question").fill("typed while the page was loading")
    page.wait_for_timeout(300)
    held[0].continue_()
    page.locator(".chat-log").wait_for()
    expect(page.locator("#question")).to_have_value("typed while the page was loading")
