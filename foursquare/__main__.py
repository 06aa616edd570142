"""``python -m foursquare`` runs the same command as ``foursquare``."""

import sys

from foursquare.cli import main

sys.exit(main())
