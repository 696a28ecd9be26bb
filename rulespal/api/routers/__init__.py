"""One router per resource: games, search, engines, chat, health, rulebooks."""
