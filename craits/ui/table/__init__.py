"""The card table: its scene, the flow of a match as the table shows it, input, the model the
choreographer animates, the painter, and the dialogs that open over the table."""
