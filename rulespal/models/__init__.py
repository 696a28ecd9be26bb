"""Chat models behind one registry keyed by spec strings (local, fake, openai:…, anthropic:…, ollama:…)."""
