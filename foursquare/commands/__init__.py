"""Sub-commands of ``foursquare`` that run without the game screen."""
