"""The game session that both ways of playing drive: the screen and plain mode are thin adapters over it."""
