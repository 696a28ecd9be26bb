"""Scale-out paths against real servers on 127.0.0.1: a shared Chroma index, shared conversation memory in
PostgreSQL, and rate limits shared through Redis."""

from __future__ import annotations

import pytest
from services import chroma_server, postgres_server, redis_server

from rulespal.agent import Assistant
from rulespal.memory import make_checkpointer
from rulespal.service import RulesPal
from rulespal.settings import Settings

pytestmark = pytest.mark.services


def test_two_workers_share_one_index_on_a_chroma_server(tmp_path):
    with chroma_server(tmp_path / "chroma") as url:
        first = RulesPal(Settings(home=tmp_path / "w1", chroma_url=url))
        report = first.ingest()
        assert report.rebuilt and report.chunks > 50
        second = RulesPal(Settings(home=tmp_path / "w2", chroma_url=url))  # another worker, same server
        status = second.ingest()
        assert not status.rebuilt  # it found the index the first worker built
        hit = second.search("Do diagonal spaces count as adjacent?", k=1).hits[0]
        assert hit.section_id == "general-scoring-rules-to-remember"
        assert not (tmp_path / "w2" / "chroma").exists()  # nothing was written locally


def test_conversation_memory_is_shared_through_postgres(tmp_path, pal):
    with postgres_server() as url:
        settings = Settings(home=tmp_path, database_url=url)
        worker_a = Assistant(pal, model_spec="extractive", checkpointer=make_checkpointer(settings))
        worker_b = Assistant(pal, model_spec="extractive", checkpointer=make_checkpointer(settings))
        first = worker_a.ask("How do photo missions score in Cational Meographic?", thread_id="shared-1")
        second = worker_b.ask("and in solo mode?", thread_id="shared-1")
        assert second.game == first.game == "cational-meographic"
        assert [t.answer for t in worker_b.conversations.history("shared-1")][0] == first.answer


def test_rate_limits_are_shared_through_redis():
    from rulespal.api.ratelimit import RedisLimiter

    with redis_server() as url:
        worker_a, worker_b = RedisLimiter(url, per_minute=2), RedisLimiter(url, per_minute=2)
        assert worker_a.take("client-1") == 0 and worker_b.take("client-1") == 0
        assert worker_a.take("client-1") > 0  # the third request in the minute is refused, whichever worker
        assert worker_b.take("client-2") == 0  # budgets are per client
