"""A person's seat at the table: what the person is asked and what an assistant answers for
them, the table that a terminal or a web page shows, and the game's record kept as it goes."""
