"""The Cational Meographic engine as seen from outside: registry, operations, schemas, rule references, JSON."""

import json
import re
from pathlib import Path

from engine.cational_meographic import rules
from engine.cational_meographic.rulings import RULINGS
from engine.registry import get_engine

# the section ids of the Cational Meographic rulebook (its table of contents, slugged)
SECTION_IDS = {
    "setup", "component-overview", "game-flow", "game-flow/scout", "game-flow/take-photos",
    "game-flow/take-photos/landscape-tile-placement", "game-flow/earn-pawints", "game-flow/earn-pawints/tile-pawints",
    "game-flow/earn-pawints/adjacency-pawints", "game-flow/earn-pawints/photo-missions",
    "game-flow/earn-pawints/scoring-example", "game-flow/mission-update",
    "game-flow/mission-update/mission-update-example-and-photo-mission-scoring",
    "game-flow/turn-replenishment-example", "solo-mode", "solo-mode/hiking-titles",
}

ENGINE = get_engine("cational-meographic")


def test_registry_serves_the_engine_with_its_operations():
    assert ENGINE.game_id == "cational-meographic"
    assert [op.name for op in ENGINE.operations] == ["check", "score", "score_tile", "mission_update", "hiking_title",
                                                  "scout", "replenish", "end_game"]


def test_every_rule_constant_is_a_rulebook_section():
    refs = {value for name, value in vars(rules).items() if name.startswith("REF_")}
    assert refs <= SECTION_IDS


def test_schemas_describe_their_fields_and_their_examples_run():
    for op in ENGINE.operations:
        schema = op.input_schema
        assert schema["type"] == "object" and schema["examples"]
        assert all(field.get("description") for field in schema["properties"].values())
        assert 1 <= op.description.count(".") <= 4
        for example in schema["examples"]:
            result = op.run(example)
            json.dumps(result)  # JSON-ready


def test_rule_refs_emitted_are_rulebook_sections():
    tile = {"at": [0, 0], "type": "forest", "pawints": 2}
    domino = [{"at": [0, 0], "type": "forest"}, {"at": [0, 1], "type": "*"}]
    docs = [
        ("score", {"board": [tile, {"at": [1, 0], "type": "lake", "pawints": 1}, {"at": [-1, 0], "type": "forest",
                                                                                   "pawints": 1}],
                   "placed": {"at": [0, 1], "type": "forest", "pawints": 2},
                   "missions": [{"name": "A", "pawints": 1, "bonus": 1, "pattern": domino},
                                {"name": "B", "pawints": 1, "covered": True, "pattern": domino}]}),
        ("score", {"board": [tile], "placed": {"at": [1, 1], "type": "forest", "pawints": 2}}),
        ("check", {"board": [tile], "placed": {"at": [5, 5], "type": "forest", "pawints": 2}}),
        ("check", {"board": [tile], "placed": tile}),
        ("check", {"board": [], "placed": tile}),
        ("mission_update", {"stacks": [[{"name": "A", "pawints": 1}, {"name": "B", "pawints": 2}]],
                            "half_covering": 0}),
        ("hiking_title", {"pawints": 12}),
    ]
    refs = set()
    for name, doc in docs:
        result = ENGINE.operation(name).run(doc)
        refs |= {line["rule_ref"] for line in result.get("lines", [])}
        refs |= {reason["rule_ref"] for reason in result.get("reasons", [])}
        refs |= {result["rule_ref"]} if "rule_ref" in result else set()
    assert len(refs) >= 6 and refs <= SECTION_IDS


def test_rulings_are_documented_with_the_sections_they_rest_on():
    text = (Path(__file__).resolve().parents[1] / "docs" / "rulings.md").read_text(encoding="utf-8")
    for ruling_id, ruling in RULINGS.items():
        listed = re.search(rf"\*\*{ruling_id} — [^*]+\*\* \*Sections: (.*?)\.\*", text, re.DOTALL)
        documented = set(re.findall(r"`([a-z0-9/-]+)`", listed.group(1)))
        assert documented == set(ruling.sections), ruling_id
        assert documented <= SECTION_IDS
