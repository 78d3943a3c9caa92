"""The picture of a card table that the table scene and the round review both show: its
geometry (``layout``), the sprites and their tweens, the model of what lies where, the painter,
and the choreographer that turns engine events into motion, sound and log lines."""
