"""Conversation memory: a LangGraph checkpointer (SQLite under RULESPAL_HOME, or Postgres when configured)."""

from __future__ import annotations

import sqlite3
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver

from rulespal.settings import Settings


def make_checkpointer(settings: Settings) -> BaseCheckpointSaver[Any]:
    """A checkpointer for the configured database, with its tables created."""
    if settings.database_url:
        from langgraph.checkpoint.postgres import PostgresSaver
        from psycopg import Connection
        from psycopg.rows import DictRow, dict_row
        from psycopg_pool import ConnectionPool

        # connection_class only tells the type checker the rows are dicts (row_factory makes them so)
        pool = ConnectionPool(settings.database_url, connection_class=Connection[DictRow], max_size=8, open=True,
                              kwargs={"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row})
        postgres = PostgresSaver(pool)
        postgres.setup()
        return postgres
    from langgraph.checkpoint.sqlite import SqliteSaver

    settings.home.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(settings.home / "conversations.sqlite", check_same_thread=False, timeout=30)
    conn.execute("PRAGMA journal_mode=WAL")
    sqlite = SqliteSaver(conn)
    sqlite.setup()
    return sqlite
