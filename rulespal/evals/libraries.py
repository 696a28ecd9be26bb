"""Private RulesPal services for evals: the bundled rulebooks plus extra folders, indexed under their own home."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rulespal.evals.datasets import BOOKS
from rulespal.service import RulesPal

OUTSIDE_BOOKS = BOOKS / "outside"
LIBRARY_BOOKS = BOOKS / "library"
UNSEEN_BOOKS = BOOKS / "unseen"  # rulebooks written for the answers eval only: nothing was tuned on them


def eval_pal(pal: RulesPal, name: str, folders: Sequence[Path]) -> RulesPal:
    """A service over the bundled rulebooks and `folders`, its index kept under <home>/evals/<name>."""
    settings = pal.settings.model_copy(update={"home": pal.settings.home / "evals" / name, "chroma_url": None})
    service = RulesPal(settings)
    service.ingest([f for f in folders if f.is_dir()])
    return service
