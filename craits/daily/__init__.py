"""The deal of the day, whole: the numbered deals and the streak (``deal``, pure), the deals
played (``record``, kept in ``daily.json``) and what the title screen knows of them
(``keeper``). Its par is the review's par of the game the player played (``review.par``),
worked out while it is played like every game's; its command is ``craits.cli.daily``.

Nothing is imported here: ``deal`` stands low in the house (beside the engine), ``keeper`` high
(beside the review), and importing one must not pull in the other.
"""
