"""Reader weights for the searching levels' hands: written by tools/train_reader.py, not by hand.

A logistic model's weights, one per input of ``craits.ai.reader`` named here, fitted by Newton's
method (L2 penalty 10) on self-play data of tools/train_reader.py (seed 11: 60 matches of hard
against hard; seed 12: 40 matches of expert against expert; seed 13: 40 matches of hard against
hard, every turn; seed 14: 12 matches of expert against expert, every turn), the matches of odd
index held out: log loss 0.3549 on 483,729 rows (the base rate and the certainties alone:
0.3598).

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
    'own_suit:0',
    'own_suit:1',
    'own_suit:2',
    'own_suit:3',
    'own_suit_in_force:0',
    'own_suit_in_force:1',
    'own_suit_in_force:2',
    'own_suit_in_force:3',
)
WEIGHTS: tuple[float, ...] = (
    -1.36935,  # bias
    1.22989,  # base_log_odds
    1.89145,  # slots_allowed
    0.0989666,  # soft_log_weight
    0.0470394,  # soft_small_hand
    0.154611,  # rank_by_hand:0
    0.203399,  # rank_by_hand:1
    0.195162,  # rank_by_hand:2
    0.0990638,  # rank_by_hand:3
    -0.069277,  # rank_by_hand:4
    0.450723,  # rank_by_hand:5
    0.289488,  # rank_by_hand:6
    0.340583,  # rank_by_hand:7
    0.15629,  # rank_by_hand:8
    0.0135495,  # rank_by_hand:9
    -0.0669647,  # rank_by_hand:10
    0.206257,  # rank_by_hand:11
    0.192508,  # rank_by_hand:12
    0.144068,  # rank_by_hand:13
    0.049666,  # rank_by_hand:14
    -0.0832293,  # rank_by_hand:15
    0.0094508,  # rank_by_hand:16
    0.154879,  # rank_by_hand:17
    0.0750449,  # rank_by_hand:18
    -0.112046,  # rank_by_hand:19
    0.104312,  # rank_by_hand:20
    0.0581405,  # rank_by_hand:21
    0.0866982,  # rank_by_hand:22
    -0.070713,  # rank_by_hand:23
    -0.241741,  # rank_by_hand:24
    -0.415454,  # rank_by_hand:25
    -0.130327,  # rank_by_hand:26
    -0.0178404,  # rank_by_hand:27
    0.0773292,  # rank_by_hand:28
    -0.050683,  # rank_by_hand:29
    0.170996,  # rank_by_hand:30
    0.166305,  # rank_by_hand:31
    0.24958,  # rank_by_hand:32
    0.161304,  # rank_by_hand:33
    0.0121595,  # rank_by_hand:34
    -1.04327,  # rank_by_hand:35
    -0.225913,  # rank_by_hand:36
    -0.21279,  # rank_by_hand:37
    -0.347856,  # rank_by_hand:38
    -0.532898,  # rank_by_hand:39
    -0.0879444,  # rank_by_hand:40
    -0.099682,  # rank_by_hand:41
    0.00483197,  # rank_by_hand:42
    -0.0131605,  # rank_by_hand:43
    -0.0519716,  # rank_by_hand:44
    -0.0432229,  # rank_by_hand:45
    0.125014,  # rank_by_hand:46
    0.15792,  # rank_by_hand:47
    0.0992227,  # rank_by_hand:48
    -0.0609035,  # rank_by_hand:49
    0.00737358,  # rank_by_hand:50
    0.118035,  # rank_by_hand:51
    0.00573742,  # rank_by_hand:52
    0.0085791,  # rank_by_hand:53
    -0.054792,  # rank_by_hand:54
    -0.437977,  # rank_by_hand:55
    -0.0212377,  # rank_by_hand:56
    0.136959,  # rank_by_hand:57
    0.0576486,  # rank_by_hand:58
    -0.103644,  # rank_by_hand:59
    -0.0252364,  # rank_by_hand:60
    0.0407842,  # rank_by_hand:61
    0.0491317,  # rank_by_hand:62
    0.0387859,  # rank_by_hand:63
    -0.0508163,  # rank_by_hand:64
    -0.0964245,  # named_suit:0
    -0.00525354,  # named_suit:1
    0.101678,  # named_suit:2
    -0.138461,  # played_suit:0
    -0.0959114,  # played_suit:1
    0.00338977,  # played_suit:2
    0.230982,  # played_suit:3
    -0.0614314,  # suit_in_force:0
    0.372369,  # suit_left_by_them:0
    -0.273755,  # suit_of_their_last:0
    0.0848318,  # named_away:0
    0.0756436,  # rank_played:0
    -0.133332,  # rank_played:1
    0.118547,  # rank_played:2
    -0.00574526,  # rank_played:3
    0.199118,  # rank_played:4
    -0.0852045,  # rank_played:5
    1.66026e-06,  # rank_played:6
    -0.341862,  # rank_played:7
    -0.030807,  # rank_played:8
    -0.0707971,  # rank_played:9
    -0.115355,  # rank_played:10
    0.0952276,  # rank_played:11
    -0.0620078,  # rank_played:12
    -0.101503,  # rank_of_top:0
    0.00378492,  # drew_on_suit:0
    0.0628146,  # drew_on_suit:1
    -0.0665995,  # drew_on_suit:2
    0.42834,  # suit_in_sight:0
    0.114292,  # suit_in_sight:1
    -0.123686,  # suit_in_sight:2
    -0.418946,  # suit_in_sight:3
    -0.00378492,  # passed_on_suit:0
    0.555179,  # left_by_them_by_hand:0
    0.109414,  # left_by_them_by_hand:1
    0.0290849,  # left_by_them_by_hand:2
    -0.069497,  # left_by_them_by_hand:3
    -0.251812,  # left_by_them_by_hand:4
    -0.0583898,  # left_by_them_just_now:0
    0.0748594,  # times_left:0
    0.0793418,  # times_left:1
    0.110372,  # times_left:2
    -0.202272,  # played_suit_by_hand:0
    -0.00721495,  # played_suit_by_hand:1
    -0.0278813,  # played_suit_by_hand:2
    0.11491,  # played_suit_by_hand:3
    0.260919,  # played_suit_by_hand:4
    -0.210153,  # own_suit:0
    -0.0827439,  # own_suit:1
    0.0152357,  # own_suit:2
    0.277661,  # own_suit:3
    -0.00779739,  # own_suit_in_force:0
    -0.0233426,  # own_suit_in_force:1
    0.0598925,  # own_suit_in_force:2
    -0.0901839,  # own_suit_in_force:3
)
