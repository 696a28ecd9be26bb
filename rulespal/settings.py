"""One settings object for the whole process, read from RULESPAL_* environment variables."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from platformdirs import user_data_dir
from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

BUNDLED_RULEBOOKS = Path(str(resources.files("rulespal") / "rulebooks"))  # package data: found wherever it is installed


class Settings(BaseSettings):
    """RulesPal configuration; every field can be set as RULESPAL_<FIELD> in the environment."""

    model_config = SettingsConfigDict(env_prefix="RULESPAL_", extra="ignore")

    home: Path = Field(default_factory=lambda: Path(user_data_dir("rulespal")),
                       description="Data directory: index, conversations, assembled model weights.")
    rulebooks_dir: Path = Field(default=BUNDLED_RULEBOOKS, description="Folder of the bundled rulebooks.")
    chroma_url: str | None = Field(default=None,
                                   description="Chroma server URL (http://host:port); local store if unset.")
    embedding_model: str | None = Field(default=None, description="sentence-transformers model path or name; "
                                        "packaged MiniLM if unset.")
    model: str = Field(default="local", description="Chat model spec: local, extractive (no model), "
                       "openai-compatible:URL, openai:…, anthropic:…, ollama:….")
    database_url: str | None = Field(default=None, description="Postgres URL for conversation memory; "
                                     "SQLite under home if unset.")
    redis_url: str | None = Field(default=None, description="Redis URL for rate limits shared across workers.")
    max_question_chars: int = Field(default=2000, description="Longest question accepted.")
    rate_limit_per_minute: int = Field(default=60,
                                       description="Requests per client per minute on the costly endpoints.")
    admin_token: str | None = Field(default=None, description="Bearer token that allows adding and deleting "
                                   "rulebooks over HTTP; without it only a server listening on loopback allows it.")
    max_upload_mb: float = Field(default=50, description="Largest rulebook file accepted by POST /api/rulebooks.")
    max_upload_pages: int = Field(default=400, description="Most pages accepted in an uploaded PDF.")
    host: str = "127.0.0.1"
    port: int = 8000

    @property
    def chroma_path(self) -> Path:
        """Folder of the local Chroma store."""
        return self.home / "chroma"

    @property
    def books_dir(self) -> Path:
        """Folder of the rulebooks converted from PDF or uploaded (<id>.md, with the original <id>.pdf)."""
        return self.home / "books"

    @property
    def sources_file(self) -> Path:
        """JSON list of extra rulebook paths added with `rulespal ingest PATH`."""
        return self.home / "sources.json"


@cache
def get_settings() -> Settings:
    """The process-wide settings (read once)."""
    return Settings()
