"""Every word the game says, in one place: the screen, plain mode and the commands all speak through here.

Each concept is worded once (a card, a chance, a result, a plural), and every
sentence is built whole by one function, so that a later translation can take
it whole.  Nothing here draws or prints: it returns text for a front end to show.
"""
