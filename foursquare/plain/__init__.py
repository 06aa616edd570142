"""Plain mode: the game in plain lines of text, played by typing one command a line.

:mod:`foursquare.plain.words` writes the game as lines, :mod:`foursquare.plain.play`
reads the commands and keeps the game saved and counted.  No curses: it runs
where the game screen cannot (a dumb terminal, a pipe, a screen reader).
"""
