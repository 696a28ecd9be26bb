"""The HTTP API and web page of RulesPal (FastAPI): `create_app` builds it."""
