"""The reader's weights: written by tools/train_reader.py, not by hand.

A logistic model's weights, one per input of ``craits.ai.reader`` (in its order), fitted by
Newton's method (L2 penalty 10) on self-play data of tools/train_reader.py (seed 1: 80 matches
of the mix; seed 2: 300 matches of medium against medium), the matches of odd index held out:
log loss 0.3560 on 929,825 rows (the base rate and the certainties alone: 0.3673).

Source: the project's own seeded self-play, reproduced by the commands in
tools/train_reader.py's docstring; licence: the project's own (no outside data).
"""

from __future__ import annotations

VERSION = 1
FEATURES: tuple[str, ...] = (
    'bias',
    'base_log_odds',
    'slots_allowed',
    'soft_log_weight',
    'soft_small_hand',
    'rank_by_hand:0',
    'rank_by_hand:1',
    'rank_by_hand:2',
    'rank_by_hand:3',
    'rank_by_hand:4',
    'rank_by_hand:5',
    'rank_by_hand:6',
    'rank_by_hand:7',
    'rank_by_hand:8',
    'rank_by_hand:9',
    'rank_by_hand:10',
    'rank_by_hand:11',
    'rank_by_hand:12',
    'rank_by_hand:13',
    'rank_by_hand:14',
    'rank_by_hand:15',
    'rank_by_hand:16',
    'rank_by_hand:17',
    'rank_by_hand:18',
    'rank_by_hand:19',
    'rank_by_hand:20',
    'rank_by_hand:21',
    'rank_by_hand:22',
    'rank_by_hand:23',
    'rank_by_hand:24',
    'rank_by_hand:25',
    'rank_by_hand:26',
    'rank_by_hand:27',
    'rank_by_hand:28',
    'rank_by_hand:29',
    'rank_by_hand:30',
    'rank_by_hand:31',
    'rank_by_hand:32',
    'rank_by_hand:33',
    'rank_by_hand:34',
    'rank_by_hand:35',
    'rank_by_hand:36',
    'rank_by_hand:37',
    'rank_by_hand:38',
    'rank_by_hand:39',
    'rank_by_hand:40',
    'rank_by_hand:41',
    'rank_by_hand:42',
    'rank_by_hand:43',
    'rank_by_hand:44',
    'rank_by_hand:45',
    'rank_by_hand:46',
    'rank_by_hand:47',
    'rank_by_hand:48',
    'rank_by_hand:49',
    'rank_by_hand:50',
    'rank_by_hand:51',
    'rank_by_hand:52',
    'rank_by_hand:53',
    'rank_by_hand:54',
    'rank_by_hand:55',
    'rank_by_hand:56',
    'rank_by_hand:57',
    'rank_by_hand:58',
    'rank_by_hand:59',
    'rank_by_hand:60',
    'rank_by_hand:61',
    'rank_by_hand:62',
    'rank_by_hand:63',
    'rank_by_hand:64',
    'named_suit:0',
    'named_suit:1',
    'named_suit:2',
    'played_suit:0',
    'played_suit:1',
    'played_suit:2',
    'played_suit:3',
    'suit_in_force:0',
    'suit_left_by_them:0',
    'suit_of_their_last:0',
    'named_away:0',
    'rank_played:0',
    'rank_played:1',
    'rank_played:2',
    'rank_played:3',
    'rank_played:4',
    'rank_played:5',
    'rank_played:6',
    'rank_played:7',
    'rank_played:8',
    'rank_played:9',
    'rank_played:10',
    'rank_played:11',
    'rank_played:12',
    'rank_of_top:0',
    'drew_on_suit:0',
    'drew_on_suit:1',
    'drew_on_suit:2',
    'suit_in_sight:0',
    'suit_in_sight:1',
    'suit_in_sight:2',
    'suit_in_sight:3',
    'passed_on_suit:0',
    'left_by_them_by_hand:0',
    'left_by_them_by_hand:1',
    'left_by_them_by_hand:2',
    'left_by_them_by_hand:3',
    'left_by_them_by_hand:4',
    'left_by_them_just_now:0',
    'times_left:0',
    'times_left:1',
    'times_left:2',
    'played_suit_by_hand:0',
    'played_suit_by_hand:1',
    'played_suit_by_hand:2',
    'played_suit_by_hand:3',
    'played_suit_by_hand:4',
)
WEIGHTS: tuple[float, ...] = (
    -1.45292,  # bias
    1.06438,  # base_log_odds
    1.59891,  # slots_allowed
    0.49705,  # soft_log_weight
    0.324605,  # soft_small_hand
    0.0751339,  # rank_by_hand:0
    0.0812299,  # rank_by_hand:1
    0.197193,  # rank_by_hand:2
    0.17528,  # rank_by_hand:3
    0.0595529,  # rank_by_hand:4
    -0.479299,  # rank_by_hand:5
    -0.148133,  # rank_by_hand:6
    -0.146396,  # rank_by_hand:7
    -0.0936177,  # rank_by_hand:8
    -0.0678768,  # rank_by_hand:9
    0.418443,  # rank_by_hand:10
    0.388567,  # rank_by_hand:11
    0.392125,  # rank_by_hand:12
    0.35786,  # rank_by_hand:13
    0.172856,  # rank_by_hand:14
    -0.0545056,  # rank_by_hand:15
    0.00836473,  # rank_by_hand:16
    0.105632,  # rank_by_hand:17
    0.130283,  # rank_by_hand:18
    0.142892,  # rank_by_hand:19
    -0.24899,  # rank_by_hand:20
    -0.00734829,  # rank_by_hand:21
    0.0282154,  # rank_by_hand:22
    0.0264097,  # rank_by_hand:23
    0.0210826,  # rank_by_hand:24
    -0.209705,  # rank_by_hand:25
    -0.0471474,  # rank_by_hand:26
    0.0226466,  # rank_by_hand:27
    0.0470923,  # rank_by_hand:28
    -0.0426822,  # rank_by_hand:29
    -0.199646,  # rank_by_hand:30
    0.0196826,  # rank_by_hand:31
    0.0373373,  # rank_by_hand:32
    0.0555541,  # rank_by_hand:33
    0.0297902,  # rank_by_hand:34
    -0.651074,  # rank_by_hand:35
    -0.086773,  # rank_by_hand:36
    -0.0884471,  # rank_by_hand:37
    -0.173904,  # rank_by_hand:38
    -0.149582,  # rank_by_hand:39
    -0.378177,  # rank_by_hand:40
    0.0101851,  # rank_by_hand:41
    0.0283024,  # rank_by_hand:42
    -0.0144317,  # rank_by_hand:43
    -0.0688076,  # rank_by_hand:44
    -0.316907,  # rank_by_hand:45
    0.0266859,  # rank_by_hand:46
    0.0754332,  # rank_by_hand:47
    0.134274,  # rank_by_hand:48
    0.109033,  # rank_by_hand:49
    -0.124703,  # rank_by_hand:50
    0.0606669,  # rank_by_hand:51
    0.134766,  # rank_by_hand:52
    0.137309,  # rank_by_hand:53
    0.124357,  # rank_by_hand:54
    -0.252086,  # rank_by_hand:55
    -0.0518015,  # rank_by_hand:56
    0.0403309,  # rank_by_hand:57
    0.153315,  # rank_by_hand:58
    0.0395361,  # rank_by_hand:59
    -0.0916985,  # rank_by_hand:60
    -0.021125,  # rank_by_hand:61
    0.032232,  # rank_by_hand:62
    0.079618,  # rank_by_hand:63
    0.0355964,  # rank_by_hand:64
    -0.0724549,  # named_suit:0
    -0.00784187,  # named_suit:1
    0.0802968,  # named_suit:2
    -0.0705801,  # played_suit:0
    -0.0486544,  # played_suit:1
    -0.0441744,  # played_suit:2
    0.163409,  # played_suit:3
    -0.0536173,  # suit_in_force:0
    0.250886,  # suit_left_by_them:0
    -0.323154,  # suit_of_their_last:0
    -0.012291,  # named_away:0
    0.0731244,  # rank_played:0
    -0.148023,  # rank_played:1
    0.271517,  # rank_played:2
    0.00219717,  # rank_played:3
    0.0816063,  # rank_played:4
    -0.0262705,  # rank_played:5
    0.0470958,  # rank_played:6
    -0.192775,  # rank_played:7
    0.0190886,  # rank_played:8
    0.0108852,  # rank_played:9
    0.236617,  # rank_played:10
    0.218444,  # rank_played:11
    0.284136,  # rank_played:12
    -0.119218,  # rank_of_top:0
    0.030054,  # drew_on_suit:0
    0.00826043,  # drew_on_suit:1
    -0.0383144,  # drew_on_suit:2
    0.165554,  # suit_in_sight:0
    0.0838376,  # suit_in_sight:1
    -0.0813682,  # suit_in_sight:2
    -0.168024,  # suit_in_sight:3
    -0.030054,  # passed_on_suit:0
    0.235925,  # left_by_them_by_hand:0
    0.0745707,  # left_by_them_by_hand:1
    0.0667464,  # left_by_them_by_hand:2
    -0.0550564,  # left_by_them_by_hand:3
    -0.0712995,  # left_by_them_by_hand:4
    0.0132338,  # left_by_them_just_now:0
    0.0971326,  # times_left:0
    0.163917,  # times_left:1
    0.25175,  # times_left:2
    -0.115915,  # played_suit_by_hand:0
    -0.0189425,  # played_suit_by_hand:1
    -0.0257246,  # played_suit_by_hand:2
    0.0931977,  # played_suit_by_hand:3
    0.137965,  # played_suit_by_hand:4
)
