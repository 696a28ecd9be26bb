"""`python -m rulespal …` runs the command line."""

from rulespal.cli import app

app()
