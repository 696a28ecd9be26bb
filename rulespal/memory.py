"""Conversation memory: a LangGraph checkpointer (SQLite under RULESPAL_HOME, or Postgres when configured)."""

from __future__ import annotations

import sqlite3

from langgraph.checkpoint.base import BaseCheckpointSaver

from rulespal.settings import Settings


def make_checkpointer(settings: Settings) -> BaseCheckpointSaver:
    """A checkpointer for the configured database, with its tables created."""
    if settings.database_url:
        from langgraph.checkpoint.postgres import PostgresSaver
        from psycopg.rows import dict_row
        from psycopg_pool import ConnectionPool

        pool = ConnectionPool(settings.database_url, max_size=8, open=True,
                              kwargs={"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row})
        saver = PostgresSaver(pool)
    else:
        from langgraph.checkpoint.sqlite import SqliteSaver

        settings.home.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(settings.home / "conversations.sqlite", check_same_thread=False, timeout=30)
        conn.execute("PRAGMA journal_mode=WAL")
        saver = SqliteSaver(conn)
    saver.setup()
    return saver
