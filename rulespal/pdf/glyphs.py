"""What every PDF backend hands the converter: the glyphs and ruling lines of each page, top-down coordinates."""

from __future__ import annotations

from dataclasses import dataclass

BOLD_NAMES = ("bold", "black", "heavy", "semibold", "demi")
MONO_NAMES = ("courier", "mono", "consol", "typewriter")


@dataclass(frozen=True)
class Glyph:
    """One drawn character with its box (points, y growing downwards) and font traits."""

    char: str
    x0: float
    x1: float
    top: float
    bottom: float
    size: float
    bold: bool
    mono: bool


@dataclass(frozen=True)
class Rule:
    """A drawn straight line or thin rectangle (a table border candidate)."""

    x0: float
    top: float
    x1: float
    bottom: float

    @property
    def horizontal(self) -> bool:
        """Wider than tall."""
        return self.x1 - self.x0 > self.bottom - self.top


@dataclass(frozen=True)
class RawPage:
    """A page as a backend sees it: 1-based number, size, glyphs in content order, ruling lines."""

    number: int
    width: float
    height: float
    glyphs: tuple[Glyph, ...]
    rules: tuple[Rule, ...]


def font_traits(name: str, weight: float = -1, fixed_pitch: bool = False) -> tuple[bool, bool]:
    """(bold, monospaced) from a font name, its weight if known, and the fixed-pitch flag."""
    lowered = name.lower()
    return weight >= 600 or any(b in lowered for b in BOLD_NAMES), fixed_pitch or any(m in lowered for m in MONO_NAMES)


def thin_rule(x0: float, top: float, x1: float, bottom: float) -> Rule | None:
    """A Rule when the box is a line (at most 2 pt thick, at least 5 pt long), else None."""
    width, height = x1 - x0, bottom - top
    if (height <= 2 and width >= 5) or (width <= 2 and height >= 5):
        return Rule(x0, top, x1, bottom)
    return None
