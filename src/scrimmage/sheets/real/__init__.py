"""Team sheets and charts built from real season statistics: Football Legends college and pro
sheets (`legends`) and 5D20 charts (`fived20`), the `scrimmage build` command's makers."""
