"""The team sheets: what the box's paper holds, built (today in `scrimmage.build`) and printed."""
