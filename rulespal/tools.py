"""LangChain tools the agent may call: browsing and searching the rulebooks, and every engine operation."""

from __future__ import annotations

import json
from typing import Any

from langchain_core.tools import BaseTool, StructuredTool
from pydantic import BaseModel, Field

from engine import Operation, PositionError, get_engine
from rulespal.errors import RulesPalError
from rulespal.service import RulesPal


class GameArgs(BaseModel):
    game: str = Field(description="Game id, e.g. 'cartographers', 'cational-meographic', 'mise-kolonizace'.")


class SearchArgs(BaseModel):
    query: str = Field(description="What to look for, in plain words.")
    game: str | None = Field(default=None, description="Game id; leave empty to detect it from the query.")
    k: int = Field(default=3, ge=1, le=8, description="How many sections to return.")


class SectionArgs(BaseModel):
    game: str = Field(description="Game id.")
    section_id: str = Field(description="Section id from table_of_contents or search_rules, e.g. 'game-flow/scout'.")


RULEBOOK_TOOLS = frozenset({"list_games", "table_of_contents", "search_rules", "read_section"})


def tool_name(operation: str, game_id: str) -> str:
    """Name of an engine tool, e.g. score_cartographers or check_cational_meographic."""
    return f"{operation}_{game_id.replace('-', '_')}"


def _safe(func):
    """Return results as compact JSON, and user-correctable errors as a readable result instead of an exception."""

    def run(**kwargs: Any) -> str:
        try:
            return result_text(func(**kwargs))
        except PositionError as exc:
            return result_text({"error": f"invalid input: {exc}. Fix these fields and call the tool again.",
                                "errors": [{"loc": list(e.loc), "msg": e.msg} for e in exc.errors]})
        except RulesPalError as exc:
            return result_text({"error": str(exc)})

    return run


def _runner(op: Operation):
    def run(**document: Any) -> dict[str, Any]:
        return op.run(document)

    return run


def rulebook_tools(pal: RulesPal) -> list[BaseTool]:
    """list_games, table_of_contents, search_rules and read_section."""

    def list_games() -> list[dict[str, Any]]:
        """List the games RulesPal has rulebooks for, with their ids and whether a rules engine can check and score them."""
        return [{"id": g["id"], "title": g["title"], "engine": g["engine"]} for g in pal.games()]

    def table_of_contents(game: str) -> list[dict[str, Any]]:
        """Return a game's table of contents: section ids and titles, nested. Use it to find where a topic is."""
        return [e.to_dict() for e in pal.toc(game)]

    def search_rules(query: str, game: str | None = None, k: int = 3) -> dict[str, Any]:
        """Search a rulebook for the sections that answer a question. Returns section ids, titles and their text."""
        result = pal.search(query, game=game, k=k)
        return {"game": result.game, "hits": [
            {"section_id": h.section_id, "title": h.title, "text": h.text} for h in result.hits]}

    def read_section(game: str, section_id: str) -> dict[str, Any]:
        """Read one rulebook section (and its subsections) in full, by section id."""
        book, sec = pal.section(game, section_id)
        return {"game": book.id, "section_id": sec.id, "title": sec.title, "text": book.subtree_text(sec.id)}

    return [
        StructuredTool.from_function(_safe(list_games), name="list_games", description=list_games.__doc__),
        StructuredTool.from_function(_safe(table_of_contents), name="table_of_contents",
                                     description=table_of_contents.__doc__, args_schema=GameArgs),
        StructuredTool.from_function(_safe(search_rules), name="search_rules", description=search_rules.__doc__,
                                     args_schema=SearchArgs),
        StructuredTool.from_function(_safe(read_section), name="read_section", description=read_section.__doc__,
                                     args_schema=SectionArgs),
    ]


def engine_tools(game_id: str) -> list[BaseTool]:
    """One tool per engine operation of a game, with the operation's JSON Schema as its argument schema."""
    tools = []
    for op in get_engine(game_id).operations:
        schema = {k: v for k, v in op.input_schema.items() if k not in ("$schema", "examples", "$id")}
        schema.setdefault("title", tool_name(op.name, game_id))
        tools.append(StructuredTool.from_function(
            _safe(_runner(op)), name=tool_name(op.name, game_id),
            description=f"[{game_id}] {op.description} Never compute this yourself; call this tool.",
            args_schema=schema))
    return tools


def result_text(result: Any) -> str:
    """Compact JSON of a tool result, as the model sees it."""
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False, separators=(",", ":"))
