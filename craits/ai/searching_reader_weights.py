"""Reader weights for the searching levels' hands: written by tools/train_reader.py, not by hand.

A logistic model's weights, one per input of ``craits.ai.reader`` (in its order), fitted by
Newton's method (L2 penalty 10) on self-play data of tools/train_reader.py (seed 11: 60 matches
of hard against hard; seed 12: 40 matches of expert against expert), the matches of odd index
held out: log loss 0.3586 on 192,368 rows (the base rate and the certainties alone: 0.3629).

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
    -1.50651,  # bias
    1.16544,  # base_log_odds
    1.92277,  # slots_allowed
    0.0951417,  # soft_log_weight
    0.0735475,  # soft_small_hand
    0.0718987,  # rank_by_hand:0
    0.0940941,  # rank_by_hand:1
    0.106634,  # rank_by_hand:2
    0.0333924,  # rank_by_hand:3
    -0.160905,  # rank_by_hand:4
    0.447964,  # rank_by_hand:5
    0.22142,  # rank_by_hand:6
    0.313083,  # rank_by_hand:7
    0.122023,  # rank_by_hand:8
    0.117337,  # rank_by_hand:9
    -0.0531688,  # rank_by_hand:10
    0.1719,  # rank_by_hand:11
    0.159865,  # rank_by_hand:12
    -0.0227886,  # rank_by_hand:13
    -0.0392032,  # rank_by_hand:14
    0.0526178,  # rank_by_hand:15
    0.078441,  # rank_by_hand:16
    0.0495891,  # rank_by_hand:17
    0.00887429,  # rank_by_hand:18
    -0.0750139,  # rank_by_hand:19
    0.169651,  # rank_by_hand:20
    0.143812,  # rank_by_hand:21
    0.0629392,  # rank_by_hand:22
    -0.0709693,  # rank_by_hand:23
    -0.123938,  # rank_by_hand:24
    -0.314789,  # rank_by_hand:25
    -0.0735089,  # rank_by_hand:26
    0.0125664,  # rank_by_hand:27
    0.0509546,  # rank_by_hand:28
    -0.0554529,  # rank_by_hand:29
    0.2956,  # rank_by_hand:30
    0.108156,  # rank_by_hand:31
    0.26786,  # rank_by_hand:32
    0.145573,  # rank_by_hand:33
    0.126569,  # rank_by_hand:34
    -0.615616,  # rank_by_hand:35
    -0.237607,  # rank_by_hand:36
    -0.291655,  # rank_by_hand:37
    -0.256899,  # rank_by_hand:38
    -0.48381,  # rank_by_hand:39
    -0.0220102,  # rank_by_hand:40
    -0.0288398,  # rank_by_hand:41
    0.0632817,  # rank_by_hand:42
    0.00423426,  # rank_by_hand:43
    -0.0847869,  # rank_by_hand:44
    -0.181737,  # rank_by_hand:45
    -0.0677514,  # rank_by_hand:46
    -0.0670388,  # rank_by_hand:47
    -0.0561062,  # rank_by_hand:48
    -0.0727397,  # rank_by_hand:49
    0.0417685,  # rank_by_hand:50
    0.2212,  # rank_by_hand:51
    0.0952539,  # rank_by_hand:52
    -0.00906404,  # rank_by_hand:53
    -0.133958,  # rank_by_hand:54
    -0.356099,  # rank_by_hand:55
    -0.0492838,  # rank_by_hand:56
    0.214173,  # rank_by_hand:57
    0.111729,  # rank_by_hand:58
    -0.037787,  # rank_by_hand:59
    -0.00987721,  # rank_by_hand:60
    -0.0143033,  # rank_by_hand:61
    -0.0996437,  # rank_by_hand:62
    0.0121922,  # rank_by_hand:63
    -0.0302974,  # rank_by_hand:64
    -0.0963904,  # named_suit:0
    0.0236574,  # named_suit:1
    0.072733,  # named_suit:2
    -0.10948,  # played_suit:0
    -0.147083,  # played_suit:1
    -0.00260348,  # played_suit:2
    0.259166,  # played_suit:3
    -0.0034628,  # suit_in_force:0
    0.334793,  # suit_left_by_them:0
    -0.281932,  # suit_of_their_last:0
    0.124914,  # named_away:0
    0.0605131,  # rank_played:0
    -0.0755891,  # rank_played:1
    0.222382,  # rank_played:2
    0.170848,  # rank_played:3
    0.0952847,  # rank_played:4
    0.00504074,  # rank_played:5
    0.0124625,  # rank_played:6
    -0.447526,  # rank_played:7
    0.0346001,  # rank_played:8
    0.114615,  # rank_played:9
    -0.0432679,  # rank_played:10
    0.0638815,  # rank_played:11
    0.0501028,  # rank_played:12
    -0.129368,  # rank_of_top:0
    0.00150733,  # drew_on_suit:0
    0.0476075,  # drew_on_suit:1
    -0.0491148,  # drew_on_suit:2
    0.244614,  # suit_in_sight:0
    0.139041,  # suit_in_sight:1
    -0.0521962,  # suit_in_sight:2
    -0.331458,  # suit_in_sight:3
    -0.00150733,  # passed_on_suit:0
    0.409292,  # left_by_them_by_hand:0
    0.215388,  # left_by_them_by_hand:1
    0.0106013,  # left_by_them_by_hand:2
    -0.0550528,  # left_by_them_by_hand:3
    -0.245436,  # left_by_them_by_hand:4
    0.00372166,  # left_by_them_just_now:0
    -0.00651109,  # times_left:0
    -0.102459,  # times_left:1
    -0.0881512,  # times_left:2
    -0.304233,  # played_suit_by_hand:0
    -0.0581637,  # played_suit_by_hand:1
    -0.0108104,  # played_suit_by_hand:2
    0.165969,  # played_suit_by_hand:3
    0.316719,  # played_suit_by_hand:4
)
