"""Solo hiking titles earned by a final Pawint total."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cational_meographic.rules import HIKING_TITLES


@dataclass(frozen=True)
class HikingTitle:
    """A title and the inclusive range of totals that earn it (high None = no upper end)."""

    title: str
    low: int
    high: int | None

    @property
    def range_text(self) -> str:
        """The range as the rulebook writes it, e.g. 40-59 or 140+."""
        return f"{self.low}+" if self.high is None else f"{self.low}-{self.high}"


TITLES = tuple(HikingTitle(title, low, high) for low, high, title in HIKING_TITLES)


def hiking_title(pawints: int) -> HikingTitle:
    """Return the title earned by a non-negative Pawint total (ranges include both ends, ruling R17)."""
    if pawints < 0:
        raise ValueError(f"a Pawint total cannot be negative, got {pawints}")
    return next(t for t in reversed(TITLES) if pawints >= t.low)


def next_title(pawints: int) -> HikingTitle | None:
    """Return the next better title above this total, or None at the top."""
    return next((t for t in TITLES if t.low > pawints), None)
