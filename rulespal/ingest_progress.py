"""The progress bar of `rulespal ingest` on stderr: books written out of those to write, chunks embedded, their
rate and the time left. It is a Progress callback for RulesPal.ingest and appears with the first written batch."""

from __future__ import annotations

import time
from types import TracebackType

from rich import progress as bar
from rich.console import Console
from rich.progress import Progress, TaskID


class IngestBar:
    """A context manager and a (books done, books to write, chunks written) callback drawing the bar."""

    def __init__(self, console: Console | None = None):
        self._progress = Progress(
            bar.TextColumn("indexing"), bar.BarColumn(), bar.MofNCompleteColumn(), bar.TextColumn("books"),
            bar.TextColumn("· {task.fields[chunks]} chunks · {task.fields[rate]} chunks/s"),
            bar.TimeElapsedColumn(), bar.TextColumn("· left"), bar.TimeRemainingColumn(),
            console=console or Console(stderr=True), transient=False)
        self._task: TaskID | None = None
        self._started = 0.0

    def __enter__(self) -> IngestBar:
        return self

    def __call__(self, books_done: int, books: int, chunks: int) -> None:
        if self._task is None:
            self._started = time.perf_counter()
            self._progress.start()
            self._task = self._progress.add_task("ingest", total=books, chunks=0, rate="–")
        rate = chunks / max(time.perf_counter() - self._started, 1e-9)
        self._progress.update(self._task, completed=books_done, chunks=chunks, rate=f"{rate:.0f}")

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._task is not None:
            self._progress.stop()
