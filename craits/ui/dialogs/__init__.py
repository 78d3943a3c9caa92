"""Small scenes over other scenes: the overlay base, a message, a yes/no question."""
