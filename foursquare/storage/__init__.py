"""What is kept on disk: the data folder, the saved game and the statistics."""
