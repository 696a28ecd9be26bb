"""Conversation memory per thread: each turn's question, game and answer, kept by a LangGraph checkpointer
(SQLite under RULESPAL_HOME, or Postgres) so workers sharing a database share threads."""

from __future__ import annotations

from dataclasses import dataclass

from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, MessagesState, StateGraph

_NODE = "turn"


@dataclass(frozen=True)
class Turn:
    """One earlier question of a thread, the game it was about, the query it was searched with, and the reply."""

    question: str
    game: str
    query: str
    answer: str


class Conversations:
    """Threads of turns stored through a checkpointer."""

    def __init__(self, checkpointer: BaseCheckpointSaver):
        graph = StateGraph(MessagesState)
        graph.add_node(_NODE, lambda _state: {})
        graph.add_edge(START, _NODE)
        graph.add_edge(_NODE, END)
        self._graph = graph.compile(checkpointer=checkpointer)

    @staticmethod
    def _config(thread_id: str) -> RunnableConfig:
        return {"configurable": {"thread_id": thread_id}}

    def history(self, thread_id: str) -> list[Turn]:
        """The thread's turns, oldest first (empty for a new thread)."""
        state = self._graph.get_state(self._config(thread_id))
        messages = state.values.get("messages", []) if state and state.values else []
        turns = []
        for human, reply in zip(messages[::2], messages[1::2], strict=False):
            meta = human.additional_kwargs.get("rulespal", {})
            turns.append(Turn(str(human.content), meta.get("game", ""), meta.get("query", str(human.content)),
                              str(reply.content)))
        return turns

    def append(self, thread_id: str, turn: Turn) -> None:
        """Add a turn to a thread."""
        human = HumanMessage(content=turn.question,
                             additional_kwargs={"rulespal": {"game": turn.game, "query": turn.query}})
        self._graph.update_state(self._config(thread_id), {"messages": [human, AIMessage(content=turn.answer)]},
                                 as_node=_NODE)
