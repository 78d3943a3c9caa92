"""The round review: stepping through a finished round with the expert's verdicts, and
opening and exporting game records."""
