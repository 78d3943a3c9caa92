"""The menus: title, new game, settings, statistics with past games, and the rules screen."""
