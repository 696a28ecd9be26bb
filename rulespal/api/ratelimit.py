"""Per-client token buckets for the costly routes: in memory, or in Redis when several workers share limits."""

from __future__ import annotations

import threading
import time
from typing import Protocol

from fastapi import Request

from rulespal.api.errors import RateLimited
from rulespal.settings import Settings

_MAX_IDLE_BUCKETS = 10_000

# KEYS[1] bucket; ARGV capacity, refill per second. Returns the seconds to wait (0 = allowed, token taken).
_REDIS_BUCKET = """
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1e6
local saved = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(saved[1]) or capacity
local at = tonumber(saved[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - at) * rate)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = (1 - tokens) / rate end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('EXPIRE', KEYS[1], math.ceil(capacity / rate) + 1)
return tostring(wait)
"""


class Limiter(Protocol):
    """Takes one token from a client's bucket."""

    def take(self, client: str) -> float:
        """0 when the request may go ahead, else the seconds until a token is available."""


class MemoryLimiter:
    """Token buckets in this process: `per_minute` requests per minute, bursts up to `per_minute`."""

    def __init__(self, per_minute: int):
        self.capacity, self.rate = float(per_minute), per_minute / 60.0
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, client: str) -> float:
        """0 when the request may go ahead, else the seconds until a token is available."""
        now = time.monotonic()
        with self._lock:
            tokens, at = self._buckets.get(client, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - at) * self.rate)
            wait = 0.0 if tokens >= 1 else (1 - tokens) / self.rate
            self._buckets[client] = (tokens - 1 if wait == 0 else tokens, now)
            if len(self._buckets) > _MAX_IDLE_BUCKETS:
                self._forget_full(now)
        return wait

    def _forget_full(self, now: float) -> None:
        refill = self.capacity / self.rate
        self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < refill}


class RedisLimiter:
    """Token buckets in Redis (one hash per client), shared by every worker that uses the same server."""

    def __init__(self, url: str, per_minute: int, prefix: str = "rulespal:rate:"):
        import redis

        self.capacity, self.rate, self.prefix = per_minute, per_minute / 60.0, prefix
        self._script = redis.Redis.from_url(url).register_script(_REDIS_BUCKET)

    def take(self, client: str) -> float:
        """0 when the request may go ahead, else the seconds until a token is available."""
        return float(self._script(keys=[self.prefix + client], args=[self.capacity, self.rate]))


def make_limiter(settings: Settings) -> Limiter:
    """The limiter the settings ask for: Redis when RULESPAL_REDIS_URL is set, else in memory."""
    if settings.redis_url:
        return RedisLimiter(settings.redis_url, settings.rate_limit_per_minute)
    return MemoryLimiter(settings.rate_limit_per_minute)


def client_key(request: Request) -> str:
    """The client a request is counted against (its address)."""
    return request.client.host if request.client else "unknown"


def rate_limited(request: Request) -> None:
    """Route dependency: raise RateLimited when the client has no token left."""
    wait = request.app.state.limiter.take(client_key(request))
    if wait > 0:
        raise RateLimited(wait)
