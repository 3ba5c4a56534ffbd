"""What the engine makes to play with: team sheets, charts and cards, built from real seasons
or generated, and printed (docs/design-notes.md, "Where sheets are made"). The rules read
these files; they never import this package."""
