"""Reader weights for the searching levels' hands: written by tools/train_reader.py, not by hand.

A logistic model's weights, one per input of ``craits.ai.reader`` (in its order), fitted by
Newton's method (L2 penalty 10) on self-play data of tools/train_reader.py (seed 11: 60 matches
of hard against hard; seed 12: 40 matches of expert against expert; seed 13: 40 matches of hard
against hard, every turn; seed 14: 12 matches of expert against expert, every turn), the matches
of odd index held out: log loss 0.3559 on 483,729 rows (the base rate and the certainties alone:
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
)
WEIGHTS: tuple[float, ...] = (
    -1.41224,  # bias
    1.20697,  # base_log_odds
    1.87523,  # slots_allowed
    0.107229,  # soft_log_weight
    0.0464538,  # soft_small_hand
    0.124624,  # rank_by_hand:0
    0.185014,  # rank_by_hand:1
    0.186003,  # rank_by_hand:2
    0.111241,  # rank_by_hand:3
    -0.0274659,  # rank_by_hand:4
    0.413066,  # rank_by_hand:5
    0.258252,  # rank_by_hand:6
    0.322607,  # rank_by_hand:7
    0.166386,  # rank_by_hand:8
    0.0624708,  # rank_by_hand:9
    -0.0986956,  # rank_by_hand:10
    0.180838,  # rank_by_hand:11
    0.178214,  # rank_by_hand:12
    0.151145,  # rank_by_hand:13
    0.0837078,  # rank_by_hand:14
    -0.117259,  # rank_by_hand:15
    -0.0120199,  # rank_by_hand:16
    0.144887,  # rank_by_hand:17
    0.0893169,  # rank_by_hand:18
    -0.0689721,  # rank_by_hand:19
    0.0737479,  # rank_by_hand:20
    0.0390604,  # rank_by_hand:21
    0.0785332,  # rank_by_hand:22
    -0.05421,  # rank_by_hand:23
    -0.196243,  # rank_by_hand:24
    -0.436634,  # rank_by_hand:25
    -0.14392,  # rank_by_hand:26
    -0.0199275,  # rank_by_hand:27
    0.0963885,  # rank_by_hand:28
    -0.00302896,  # rank_by_hand:29
    0.135558,  # rank_by_hand:30
    0.142762,  # rank_by_hand:31
    0.238124,  # rank_by_hand:32
    0.174025,  # rank_by_hand:33
    0.0532999,  # rank_by_hand:34
    -1.06008,  # rank_by_hand:35
    -0.233896,  # rank_by_hand:36
    -0.2068,  # rank_by_hand:37
    -0.323855,  # rank_by_hand:38
    -0.4884,  # rank_by_hand:39
    -0.106141,  # rank_by_hand:40
    -0.110689,  # rank_by_hand:41
    0.00326176,  # rank_by_hand:42
    0.0101723,  # rank_by_hand:43
    -0.00634138,  # rank_by_hand:44
    -0.0687103,  # rank_by_hand:45
    0.108747,  # rank_by_hand:46
    0.153038,  # rank_by_hand:47
    0.116128,  # rank_by_hand:48
    -0.018971,  # rank_by_hand:49
    -0.0205716,  # rank_by_hand:50
    0.0993864,  # rank_by_hand:51
    -0.000869859,  # rank_by_hand:52
    0.0188965,  # rank_by_hand:53
    -0.0205855,  # rank_by_hand:54
    -0.471473,  # rank_by_hand:55
    -0.0453108,  # rank_by_hand:56
    0.124851,  # rank_by_hand:57
    0.068717,  # rank_by_hand:58
    -0.0637917,  # rank_by_hand:59
    -0.0557045,  # rank_by_hand:60
    0.0168496,  # rank_by_hand:61
    0.0349958,  # rank_by_hand:62
    0.0491937,  # rank_by_hand:63
    -0.0129371,  # rank_by_hand:64
    -0.10176,  # named_suit:0
    -0.00705635,  # named_suit:1
    0.108817,  # named_suit:2
    -0.0956426,  # played_suit:0
    -0.0974834,  # played_suit:1
    -0.0195758,  # played_suit:2
    0.212702,  # played_suit:3
    -0.0716801,  # suit_in_force:0
    0.353534,  # suit_left_by_them:0
    -0.293185,  # suit_of_their_last:0
    0.118427,  # named_away:0
    0.113098,  # rank_played:0
    -0.0855797,  # rank_played:1
    0.163284,  # rank_played:2
    0.036741,  # rank_played:3
    0.250423,  # rank_played:4
    -0.0461493,  # rank_played:5
    0.043857,  # rank_played:6
    -0.334603,  # rank_played:7
    -0.000706786,  # rank_played:8
    -0.0251606,  # rank_played:9
    -0.072148,  # rank_played:10
    0.136313,  # rank_played:11
    -0.0220063,  # rank_played:12
    -0.118188,  # rank_of_top:0
    0.0170474,  # drew_on_suit:0
    0.0509808,  # drew_on_suit:1
    -0.0680282,  # drew_on_suit:2
    0.283068,  # suit_in_sight:0
    0.136184,  # suit_in_sight:1
    -0.0677526,  # suit_in_sight:2
    -0.351499,  # suit_in_sight:3
    -0.0170474,  # passed_on_suit:0
    0.549691,  # left_by_them_by_hand:0
    0.113714,  # left_by_them_by_hand:1
    0.0272084,  # left_by_them_by_hand:2
    -0.0746522,  # left_by_them_by_hand:3
    -0.262427,  # left_by_them_by_hand:4
    0.0197897,  # left_by_them_just_now:0
    0.0304055,  # times_left:0
    0.00207929,  # times_left:1
    0.00515361,  # times_left:2
    -0.214177,  # played_suit_by_hand:0
    -0.00997975,  # played_suit_by_hand:1
    -0.0304554,  # played_suit_by_hand:2
    0.100796,  # played_suit_by_hand:3
    0.249459,  # played_suit_by_hand:4
)
