"""The expert: advice from what a player can see, its look-ahead, and the strategies it is measured against."""
