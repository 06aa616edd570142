"""The terminal game: what the player sees and steers, and the one module that talks to curses."""
