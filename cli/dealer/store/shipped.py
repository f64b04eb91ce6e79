"""The shipped rulesets, parsed ahead of time from rulesets/*.toml (generated: do not edit).

Regenerate after changing a shipped ruleset:
``python -m dealer.store.rulesets --write-shipped cli/dealer/store/shipped.py``; a test checks
that it is current. Each function returns a fresh document, so callers may change it.
"""


def _deadlands():
    return {'schema': 1,
            'name': 'deadlands',
            'title': 'Deadlands: action cards, huckster hexes and Fate chips',
            'source': 'seed 000 (Card Drawing: Action Cards and Huckster Hexes)',
            'notes': 'Seed 000 loses two lists: the suit order for ties is read as spades, hearts, diamonds,\n'
                     'clubs, and the poker hands reference as the standard ladder, with five of a kind on '
                     'top\n'
                     'when Jokers are wild. A failed Quickness roll that is not a bust draws no card (a key,\n'
                     'action.cards_on_failure). The seed gives no Fate pot counts: dealer ships 50 white,\n'
                     '25 red and 10 blue. Only soul blast in the hex catalogue comes from the seed; the '
                     'other\n'
                     'entries are examples in the same shape: edit them to your book. An interrupt with a '
                     'sleeve\n'
                     'card is an opposed Quickness roll at TN 5: the interrupter must succeed and beat the '
                     "other's\n"
                     'total (or the TN, if the other fails); a raise over that acts first, a plain success '
                     'acts\n'
                     "simultaneously. Without a card named, `action sleeve` holds the character's lowest "
                     'card.',
            'deck': {'ace_low': True,
                     'suits': [{'code': 's',
                                'name': 'spades',
                                'glyph': '♠',
                                'color': 'black',
                                'aliases': ['♤']},
                               {'code': 'h', 'name': 'hearts', 'glyph': '♥', 'color': 'red', 'aliases': ['♡']},
                               {'code': 'd',
                                'name': 'diamonds',
                                'glyph': '♦',
                                'color': 'red',
                                'aliases': ['♢']},
                               {'code': 'c',
                                'name': 'clubs',
                                'glyph': '♣',
                                'color': 'black',
                                'aliases': ['♧']}],
                     'ranks': [{'code': '2', 'name': 'deuce'},
                               {'code': '3', 'name': 'three'},
                               {'code': '4', 'name': 'four'},
                               {'code': '5', 'name': 'five'},
                               {'code': '6', 'name': 'six', 'plural': 'sixes'},
                               {'code': '7', 'name': 'seven'},
                               {'code': '8', 'name': 'eight'},
                               {'code': '9', 'name': 'nine'},
                               {'code': '10', 'name': 'ten', 'aliases': ['T']},
                               {'code': 'J', 'name': 'jack'},
                               {'code': 'Q', 'name': 'queen'},
                               {'code': 'K', 'name': 'king'},
                               {'code': 'A', 'name': 'ace'}],
                     'specials': [{'code': 'RJ',
                                   'name': 'Red Joker',
                                   'color': 'red',
                                   'aliases': ['JR', 'RedJoker']},
                                  {'code': 'BJ',
                                   'name': 'Black Joker',
                                   'color': 'black',
                                   'aliases': ['JB', 'BlackJoker']}]},
            'contexts': {'huckster': {'description': "a huckster's hex: both Jokers wild",
                                      'wild': {'RJ': 'any', 'BJ': 'any'}}},
            'hands': {'context': 'huckster',
                      'thresholds': {'ace': 'ace high', 'jacks': 'pair of jacks'},
                      'ranks': [{'name': 'Five of a Kind', 'pattern': {'groups': [5]}, 'tiebreak': ['groups']},
                                {'name': 'Royal Flush',
                                 'pattern': {'sequence': 5, 'suited': True, 'top': 'A'},
                                 'tiebreak': ['sequence']},
                                {'name': 'Straight Flush',
                                 'pattern': {'sequence': 5, 'suited': True},
                                 'tiebreak': ['sequence']},
                                {'name': 'Four of a Kind',
                                 'aliases': ['quads', 'four'],
                                 'pattern': {'groups': [4]},
                                 'tiebreak': ['groups', 'kickers']},
                                {'name': 'Full House', 'pattern': {'groups': [3, 2]}, 'tiebreak': ['groups']},
                                {'name': 'Flush', 'pattern': {'flush': 5}, 'tiebreak': ['cards']},
                                {'name': 'Straight', 'pattern': {'sequence': 5}, 'tiebreak': ['sequence']},
                                {'name': 'Three of a Kind',
                                 'aliases': ['trips', 'three'],
                                 'pattern': {'groups': [3]},
                                 'tiebreak': ['groups', 'kickers']},
                                {'name': 'Two Pair',
                                 'pattern': {'groups': [2, 2]},
                                 'tiebreak': ['groups', 'kickers']},
                                {'name': 'Pair',
                                 'aliases': ['one pair'],
                                 'pattern': {'groups': [2]},
                                 'tiebreak': ['groups', 'kickers']},
                                {'name': 'High Card',
                                 'aliases': ['nothing'],
                                 'pattern': {},
                                 'tiebreak': ['cards']}]},
            'dice': {'tn': 5, 'raise_step': 5, 'bust': 'majority'},
            'action': {'style': 'countdown',
                       'sides': ['posse', 'marshal'],
                       'tn': 5,
                       'cards_on_success': 1,
                       'cards_per_raise': 1,
                       'cards_on_failure': 0,
                       'cards_on_bust': 0,
                       'max_cards': 5,
                       'interrupt_tn': 5,
                       'surprise_tn': 5,
                       'off_guard_tn': 11,
                       'shock_tn': 5,
                       'specials': {'RJ': {'any_time': True, 'sleeve': False, 'chip': 'holder'},
                                    'BJ': {'sleeve': False,
                                           'chip': 'marshal',
                                           'discard_sleeve': True,
                                           'reshuffle': True}}},
            'hex': {'style': 'huckster',
                    'context': 'huckster',
                    'tn': 5,
                    'base_cards': 5,
                    'cards_per_raise': 1,
                    'backlash_always': ['BJ'],
                    'backlash_below_level': {'RJ': 3},
                    'reshuffle': 'when-low',
                    'catalogue': [{'name': 'soul blast',
                                   'trait': 'Spirit',
                                   'minimum': 'ace',
                                   'speed': 1,
                                   'note': 'Hurls raw spiritual force at one foe; the better the hand, the '
                                           'harder it hits (seed 000).'},
                                  {'name': 'trinkets',
                                   'trait': 'Deftness',
                                   'minimum': 'pair',
                                   'speed': 1,
                                   'note': "Example entry: a small, useful object turns up in the huckster's "
                                           'hand.'},
                                  {'name': 'hunch',
                                   'trait': 'Smarts',
                                   'minimum': 'pair',
                                   'speed': 2,
                                   'note': "Example entry: a glimpse of a person's or a place's past."},
                                  {'name': 'missed me',
                                   'trait': 'Quickness',
                                   'minimum': 'jacks',
                                   'speed': 1,
                                   'note': 'Example entry: bullets and blows tend to miss the huckster for a '
                                           'while.'},
                                  {'name': 'ghost trail',
                                   'trait': 'Cognition',
                                   'minimum': 'two pair',
                                   'speed': 2,
                                   'note': 'Example entry: the huckster sees the spoor of those who passed '
                                           'here.'},
                                  {'name': "bolts o' doom",
                                   'trait': 'Spirit',
                                   'minimum': 'three of a kind',
                                   'speed': 1,
                                   'note': 'Example entry: bolts of dark energy, one per step of the hand.'}]},
            'chips': {'pot': {'white': 50, 'red': 25, 'blue': 10},
                      'cap': 0,
                      'session': 3,
                      'note': 'Seed 000 names the Fate pot but not its counts, nor what a chip buys: dealer '
                              'ships 50 white,\n'
                              '25 red, 10 blue, no cap, three chips each at the start of a session (as '
                              'Deadlands tables\n'
                              "play it), and one use, fate, told in the player's words. Spent chips go back "
                              'to the pot.',
                      'uses': {'fate': {'does': 'note',
                                        'note': 'A Fate chip spent as the Marshal allows; say what for with '
                                                '--note.',
                                        'colours': {'white': {}, 'red': {}, 'blue': {}}}}}}


def _dust_devils():
    return {'schema': 1,
            'name': 'dust-devils',
            'title': 'Dust Devils: conflicts with a standard deck, suits as Scores',
            'source': 'seed 001 (the base game it modifies)',
            'notes': 'The same conflict as weird-dust-devils with the 52-card deck and no Jokers: no Trumps,\n'
                     'no Power, no wild cards. Suits map to the Scores: Hand spades, Eye diamonds, Heart\n'
                     "hearts, Guts clubs. Harm per hand is seed 001's column for the ranks the two ladders\n"
                     'share; ties follow the standard ladder, then the suit of the top card. Each conflict '
                     'is\n'
                     "dealt from the table's dealer deck gathered and shuffled afresh; mundane harm falls on "
                     'the\n'
                     "Scores of the winning five cards' suits; every loser takes it. The Twist goes to "
                     'whoever\n'
                     'played the lowest card (rank, Ace high, then suit), the narration to the highest.',
            'deck': {'ace_low': True,
                     'suits': [{'code': 's',
                                'name': 'spades',
                                'glyph': '♠',
                                'color': 'black',
                                'aliases': ['♤']},
                               {'code': 'h', 'name': 'hearts', 'glyph': '♥', 'color': 'red', 'aliases': ['♡']},
                               {'code': 'd',
                                'name': 'diamonds',
                                'glyph': '♦',
                                'color': 'red',
                                'aliases': ['♢']},
                               {'code': 'c',
                                'name': 'clubs',
                                'glyph': '♣',
                                'color': 'black',
                                'aliases': ['♧']}],
                     'ranks': [{'code': '2', 'name': 'deuce'},
                               {'code': '3', 'name': 'three'},
                               {'code': '4', 'name': 'four'},
                               {'code': '5', 'name': 'five'},
                               {'code': '6', 'name': 'six', 'plural': 'sixes'},
                               {'code': '7', 'name': 'seven'},
                               {'code': '8', 'name': 'eight'},
                               {'code': '9', 'name': 'nine'},
                               {'code': '10', 'name': 'ten', 'aliases': ['T']},
                               {'code': 'J', 'name': 'jack'},
                               {'code': 'Q', 'name': 'queen'},
                               {'code': 'K', 'name': 'king'},
                               {'code': 'A', 'name': 'ace'}]},
            'hands': {'context': '',
                      'thresholds': {'jacks': 'pair of jacks', 'ace': 'ace high'},
                      'ranks': [{'name': 'Straight Flush',
                                 'pattern': {'sequence': 5, 'suited': True},
                                 'tiebreak': ['sequence', 'suit'],
                                 'harm': 5},
                                {'name': 'Four of a Kind',
                                 'aliases': ['quads', 'four'],
                                 'pattern': {'groups': [4]},
                                 'tiebreak': ['groups', 'kickers'],
                                 'harm': 4},
                                {'name': 'Full House',
                                 'pattern': {'groups': [3, 2]},
                                 'tiebreak': ['groups'],
                                 'harm': 4},
                                {'name': 'Flush',
                                 'pattern': {'flush': 5},
                                 'tiebreak': ['cards', 'suit'],
                                 'harm': 3},
                                {'name': 'Straight',
                                 'pattern': {'sequence': 5},
                                 'tiebreak': ['sequence', 'suit'],
                                 'harm': 3},
                                {'name': 'Three of a Kind',
                                 'aliases': ['trips', 'three'],
                                 'pattern': {'groups': [3]},
                                 'tiebreak': ['groups', 'kickers'],
                                 'harm': 2},
                                {'name': 'Two Pair',
                                 'pattern': {'groups': [2, 2]},
                                 'tiebreak': ['groups', 'kickers'],
                                 'harm': 2},
                                {'name': 'Pair',
                                 'aliases': ['one pair'],
                                 'pattern': {'groups': [2]},
                                 'tiebreak': ['groups', 'kickers'],
                                 'harm': 1},
                                {'name': 'High Card',
                                 'aliases': ['nothing'],
                                 'pattern': {},
                                 'tiebreak': ['cards', 'suit'],
                                 'harm': 1}]},
            'conflict': {'style': 'scores', 'scores': {'s': 'Hand', 'd': 'Eye', 'h': 'Heart', 'c': 'Guts'}}}


def _poker_hands():
    return {'schema': 1,
            'name': 'poker-hands',
            'title': 'Poker Hands: a rules-light Weird West game where every action is a poker hand',
            'source': 'seed 003',
            'notes': 'Seed 003\'s "Hand Ranking / Game Effect" table is run together: Pair is a Basic '
                     'Success,\n'
                     'Three of a Kind an Impressive Success, Full House Kicking Ass, Straight Flush "...and\n'
                     'taking names too"; the other ranks carry no named effect. Jokers are not wild: the '
                     'Black\n'
                     'Joker is a dead card, the Red Joker too, but its holder draws a chip. The seed gives '
                     'no\n'
                     'pot counts: dealer ships 50 white, 25 red and 10 blue. "High required hand" in the\n'
                     'construction table means the required hand made with Jacks or better '
                     '(gadget.high_card).\n'
                     'In combat a character acts once at every hand rank, pair or better, that any subset of '
                     'their\n'
                     'cards forms ("you can use the same cards in multiple sub hands"): four of a kind at '
                     'four of a\n'
                     'kind, three of a kind and pair; two pair at two pair and pair; a straight flush at '
                     'straight\n'
                     'flush, flush and straight; except that a full house acts at full house, three of a kind '
                     'and\n'
                     'pair, not at two pair, as the seed says (action.sub_hands_except). A hand whose rank '
                     'names no\n'
                     'effect carries the effect of the next lower rank that does (two pair: Basic Success), '
                     'in\n'
                     '`hand`, `action` and `hex` alike. A Joker with less than a pair is a bust wherever a '
                     'hand is\n'
                     'drawn. Skill six and more: 5 + skill + modifiers above ten draws (that number - 5) '
                     'cards and\n'
                     "a wild pick without asking; at exactly ten the wild pick is the caster's choice. A "
                     'winded\n'
                     'person draws one card fewer in every draw until they rest (dealer table rest).\n'
                     '\n'
                     'Mad science: inventors\' checks draw from the table\'s "gadget" deck, shuffled afresh '
                     'for each\n'
                     'check; uses draw from its "gm" deck, reshuffled when it holds fewer cards than a use '
                     'may need.\n'
                     "Seed 003's breakdown chances differ from an exact count from a full 54-card deck with "
                     'both\n'
                     'Jokers: reliability 1 is 1/27 = 3.70% (the seed rounds it to 4%) and reliability 5 '
                     '("hitting\n'
                     'the required hand") is 85/477 = 17.82%, not 21% (21.17% is the chance at reliability '
                     '6).\n'
                     "Dealer's reading of the times: design time is a few hours for pair and two pair, a few "
                     'days for\n'
                     'three of a kind, straight and full house, a week or two above; build complexity is '
                     'simple for\n'
                     'pair, complex for two pair and three of a kind, insane for straight and full house, '
                     'above\n'
                     'insane for four of a kind and straight flush. A fail hand holds 5 + reliability // 2 '
                     'cards\n'
                     '(every row of the construction table agrees), also after rushing.\n'
                     '\n'
                     "Contests (dealer conflict): every contest is drawn from the table's dealer deck "
                     'gathered\n'
                     'and shuffled afresh; the cards drawn go to its discards afterwards. Helpers draw first '
                     'and\n'
                     'help the first participant named (the leader); two or more participants draw and '
                     'compare\n'
                     '(an exact tie is reported as one). A helper\'s "+5 value" and a fear area\'s level are\n'
                     'steps along the ladder of hands (a pair of Aces raised one step is the lowest two '
                     'pair).\n'
                     'A failed fear check leaves the character shaken (-1 card to every draw, kept on a '
                     'table\n'
                     'until dealer conflict clear NAME); a bust sends them running as well (fear_running). A\n'
                     "called shot's penalty falls on the leader; against an opponent's better hand it misses.",
            'deck': {'ace_low': True,
                     'suits': [{'code': 's',
                                'name': 'spades',
                                'glyph': '♠',
                                'color': 'black',
                                'aliases': ['♤']},
                               {'code': 'h', 'name': 'hearts', 'glyph': '♥', 'color': 'red', 'aliases': ['♡']},
                               {'code': 'd',
                                'name': 'diamonds',
                                'glyph': '♦',
                                'color': 'red',
                                'aliases': ['♢']},
                               {'code': 'c',
                                'name': 'clubs',
                                'glyph': '♣',
                                'color': 'black',
                                'aliases': ['♧']}],
                     'ranks': [{'code': '2', 'name': 'deuce'},
                               {'code': '3', 'name': 'three'},
                               {'code': '4', 'name': 'four'},
                               {'code': '5', 'name': 'five'},
                               {'code': '6', 'name': 'six', 'plural': 'sixes'},
                               {'code': '7', 'name': 'seven'},
                               {'code': '8', 'name': 'eight'},
                               {'code': '9', 'name': 'nine'},
                               {'code': '10', 'name': 'ten', 'aliases': ['T']},
                               {'code': 'J', 'name': 'jack'},
                               {'code': 'Q', 'name': 'queen'},
                               {'code': 'K', 'name': 'king'},
                               {'code': 'A', 'name': 'ace'}],
                     'specials': [{'code': 'RJ',
                                   'name': 'Red Joker',
                                   'color': 'red',
                                   'aliases': ['JR', 'RedJoker']},
                                  {'code': 'BJ',
                                   'name': 'Black Joker',
                                   'color': 'black',
                                   'aliases': ['JB', 'BlackJoker']}]},
            'hands': {'context': '',
                      'thresholds': {'jacks': 'pair of jacks', 'ace': 'ace high'},
                      'ranks': [{'name': 'Five of a Kind',
                                 'pattern': {'groups': [5]},
                                 'tiebreak': ['groups'],
                                 'effect': '...and taking names too'},
                                {'name': 'Royal Flush',
                                 'pattern': {'sequence': 5, 'suited': True, 'top': 'A'},
                                 'tiebreak': ['sequence'],
                                 'effect': '...and taking names too'},
                                {'name': 'Straight Flush',
                                 'pattern': {'sequence': 5, 'suited': True},
                                 'tiebreak': ['sequence'],
                                 'effect': '...and taking names too'},
                                {'name': 'Four of a Kind',
                                 'aliases': ['quads', 'four'],
                                 'pattern': {'groups': [4]},
                                 'tiebreak': ['groups', 'kickers']},
                                {'name': 'Full House',
                                 'pattern': {'groups': [3, 2]},
                                 'tiebreak': ['groups'],
                                 'effect': 'Kicking Ass'},
                                {'name': 'Flush', 'pattern': {'flush': 5}, 'tiebreak': ['cards']},
                                {'name': 'Straight', 'pattern': {'sequence': 5}, 'tiebreak': ['sequence']},
                                {'name': 'Three of a Kind',
                                 'aliases': ['trips', 'three'],
                                 'pattern': {'groups': [3]},
                                 'tiebreak': ['groups', 'kickers'],
                                 'effect': 'Impressive Success'},
                                {'name': 'Two Pair',
                                 'pattern': {'groups': [2, 2]},
                                 'tiebreak': ['groups', 'kickers']},
                                {'name': 'Pair',
                                 'aliases': ['one pair'],
                                 'pattern': {'groups': [2]},
                                 'tiebreak': ['groups', 'kickers'],
                                 'effect': 'Basic Success'},
                                {'name': 'High Card',
                                 'aliases': ['nothing', 'no pair'],
                                 'pattern': {},
                                 'tiebreak': ['cards']}]},
            'dice': {'tn': 5},
            'action': {'style': 'hands',
                       'hand_size': 5,
                       'min_rank': 'pair',
                       'sub_hands_except': {'full-house': ['two-pair'], 'royal-flush': ['straight-flush']},
                       'specials': {'RJ': {'chip': 'holder'}}},
            'hex': {'style': 'spell',
                    'base_cards': 5,
                    'max_cards': 10,
                    'wild_pick_at': 10,
                    'target': 'pair',
                    'chip_cards': ['RJ'],
                    'bust_cards': ['RJ', 'BJ'],
                    'reshuffle': 'after-hex'},
            'conflict': {'style': 'contest',
                         'target': 'pair',
                         'fear_running': 'bust',
                         'called_miss': 'a miss',
                         'called': [{'min': 'three of a kind', 'reading': 'a good hit on target'},
                                    {'min': 'two pair', 'reading': 'hits where you were asking, but not well'},
                                    {'min': 'pair',
                                     'reading': 'hits your target, but not where you were asking (and not '
                                                'well either)'}],
                         'helpers': {'pair': {'value': 5},
                                     'two-pair': {'cards': 1},
                                     'three-of-a-kind': {'cards': 2},
                                     'straight': {'cards': 3},
                                     'flush': {'cards': 3},
                                     'full-house': {'wild_picks': 1},
                                     'four-of-a-kind': {'cards': 1, 'wild_picks': 1},
                                     'straight-flush': {'note': "the GM's choice, but good"},
                                     'royal-flush': {'note': "the GM's choice, but good"},
                                     'five-of-a-kind': {'note': "the GM's choice, but good"}}},
            'gadget': {'high_card': 'J',
                       'bonus_at': 2,
                       'bonus_per_step': 1,
                       'others_design_cards': 1,
                       'rush_reliability': 2,
                       'fail_hand_base': 5,
                       'breakdown_cards': ['RJ', 'BJ'],
                       'deck': 'gadget',
                       'gm_deck': 'gm',
                       'design_jokers': {'RJ': 'the design needs at least one exotic and annoying item to '
                                               'construct',
                                         'BJ': 'more eccentricity for the inventor, who thought too hard'},
                       'build_jokers': {'BJ': {'keep': True,
                                               'add': 5,
                                               'note': 'keeps every reliability card and adds five: a much '
                                                       'larger hand'},
                                        'RJ': {'most': 5,
                                               'note': "five cards at most: this device doesn't usually fail "
                                                       'badly'}},
                       'tiers': [{'rank': 'pair',
                                  'name': 'simple application of existing tech',
                                  'example': 'hat gun',
                                  'design_time': 'a few hours',
                                  'complexity': 'simple'},
                                 {'rank': 'two pair',
                                  'name': 'complex application of existing tech',
                                  'example': 'gatling pistol',
                                  'design_time': 'a few hours',
                                  'complexity': 'complex'},
                                 {'rank': 'three of a kind',
                                  'name': 'minor novel tech',
                                  'example': 'steam wagon',
                                  'design_time': 'a few days',
                                  'complexity': 'complex'},
                                 {'rank': 'straight',
                                  'name': 'novel tech',
                                  'example': 'rocket boots, magnetic gloves',
                                  'design_time': 'a few days',
                                  'complexity': 'insane'},
                                 {'rank': 'full house',
                                  'name': 'crazy tech',
                                  'example': 'jetpack, revivifier, clockwork workers',
                                  'design_time': 'a few days',
                                  'complexity': 'insane'},
                                 {'rank': 'four of a kind',
                                  'name': 'impossible tech',
                                  'example': 'ectoplasmic calcifier',
                                  'design_time': 'a week or two',
                                  'complexity': 'above insane'},
                                 {'rank': 'straight flush',
                                  'name': 'you built what?',
                                  'example': 'bulletproof clothing',
                                  'design_time': 'a week or two',
                                  'complexity': 'above insane'}],
                       'complexities': [{'name': 'below simple', 'build_time': 'an hour'},
                                        {'name': 'simple', 'build_time': 'a day'},
                                        {'name': 'complex', 'build_time': 'a week'},
                                        {'name': 'insane', 'build_time': 'a month'},
                                        {'name': 'above insane', 'build_time': 'a year'}],
                       'construction': [{'margin': -2, 'reliability': 10, 'fail_hand': 10},
                                        {'margin': -1, 'reliability': 7, 'fail_hand': 8},
                                        {'margin': 0, 'reliability': 5, 'fail_hand': 7},
                                        {'margin': 0, 'high': True, 'reliability': 4, 'fail_hand': 7},
                                        {'margin': 1, 'reliability': 3, 'fail_hand': 6},
                                        {'margin': 2, 'reliability': 2, 'fail_hand': 6},
                                        {'margin': 3, 'reliability': 1, 'fail_hand': 5}]},
            'chips': {'pot': {'white': 50, 'red': 25, 'blue': 10},
                      'cap': 5,
                      'session': 1,
                      'knack_as': 'red',
                      'ritual_throw': 1,
                      'note': 'Seed 003 gives no pot counts; dealer ships 50 white, 25 red, 10 blue. At five '
                              'chips a player\n'
                              "may not draw (a GM's give is refused too); everyone draws one chip at the "
                              'start of a session.\n'
                              'Spent chips go back to the pot. A chip spent after the draw changes the '
                              "person's latest hand\n"
                              'on the table: white draws one more card from the deck the hand came from, red '
                              'makes one wild\n'
                              'pick, blue two; the hand is judged again. A hand is final once a later hand '
                              'has used it (its\n'
                              "record says resolved_by, e.g. a helper's hand after the leader drew with its "
                              'bonus), and only\n'
                              "the latest hand a person drew can change. Favor chips are a shaman's own pool, "
                              'capped at the\n'
                              'guardian spirit skill; a chip earned beyond the cap stays in the pot. A Joker '
                              'in a ritual\n'
                              'throws one chip back, the least colour first (a favor chip if any), and then '
                              'the hand earns\n'
                              'its chips if it made at least a pair; a bust then loses every favor chip.',
                      'uses': {'hand': {'does': 'hand',
                                        'when': 'after-draw',
                                        'note': 'After the hand is drawn: white draws one more card, red a '
                                                'wild pick, blue two wild picks.',
                                        'colours': {'white': {'cards': 1},
                                                    'red': {'wild_picks': 1},
                                                    'blue': {'wild_picks': 2}}},
                               'before-draw': {'does': 'hand',
                                               'when': 'before-draw',
                                               'note': 'Before the draw (dealer hex --chip): white one more '
                                                       'card, red a wild pick; at ten cards or more the '
                                                       'wild-pick rules apply as usual.',
                                               'colours': {'white': {'cards': 1}, 'red': {'wild_picks': 1}}},
                               'second-wind': {'does': 'second-wind',
                                               'note': 'Pick me up: a white chip for a second wind when '
                                                       'winded.',
                                               'colours': {'white': {}}},
                               'avoid-wound': {'does': 'avoid-wound',
                                               'note': 'Pick me up: a red chip avoids (but does not recover '
                                                       'from) a wound about to be taken.',
                                               'colours': {'red': {}}},
                               'heal-wound': {'does': 'heal-wound',
                                              'note': 'Pick me up: a blue chip recovers from a wound already '
                                                      'taken.',
                                              'colours': {'blue': {}}},
                               'death-wound': {'does': 'death-wound',
                                               'note': 'Pick me up: a blue chip avoids a death wound about to '
                                                       'be taken.',
                                               'colours': {'blue': {}}},
                               'stunt': {'does': 'note',
                                         'note': 'A stunt goes off with no skill roll; the colour says how '
                                                 'amazing (white is always enough).',
                                         'colours': {'white': {}, 'red': {}, 'blue': {}}},
                               'luck': {'does': 'note',
                                        'note': 'Just getting lucky: white a minor likely piece of luck, red '
                                                'a quick lucky occurrence, blue bends reality.',
                                        'colours': {'white': {}, 'red': {}, 'blue': {}}},
                               'spell': {'does': 'spell',
                                         'note': 'A blue chip: one-time access to a spell the caster does not '
                                                 'have, drawn at their master skill level.',
                                         'colours': {'blue': {}}},
                               'favor': {'does': 'note',
                                         'favor': True,
                                         'note': 'A shaman powers a spirit favor; favor chips pay first.',
                                         'colours': {'white': {}, 'red': {}, 'blue': {}}},
                               'blessing': {'does': 'record',
                                            'note': 'The faithful drew the Black Joker: a chip thrown in '
                                                    'makes the blessing work; without one it fails.',
                                            'colours': {'white': {}, 'red': {}, 'blue': {}}}},
                      'rituals': {'pair': {'chip': 'white'},
                                  'two-pair': {'draws': 1},
                                  'three-of-a-kind': {'draws': 2},
                                  'straight': {'draws': 2},
                                  'flush': {'chip': 'red'},
                                  'full-house': {'chip': 'red', 'draws': 1},
                                  'four-of-a-kind': {'chip': 'red', 'draws': 2},
                                  'straight-flush': {'chip': 'blue', 'create': True},
                                  'royal-flush': {'chip': 'blue', 'create': True},
                                  'five-of-a-kind': {'chip': 'blue', 'create': True}}}}


def _weird_dust_devils():
    return {'schema': 1,
            'name': 'weird-dust-devils',
            'title': 'Weird Dust Devils: tarot conflicts with Trumps, Power and the Weird',
            'source': 'seed 001',
            'notes': 'Seed 001 calls the third suit Clubs in one place and Wands in another: they are one '
                     'suit,\n'
                     'Wands (Cl is accepted as its code). Harm per hand is the last column of its table. The\n'
                     'Fool is wild for any card; the Wheel of Fortune (Trump 10) is wild for any Trump only.\n'
                     'Of two otherwise identical hands the natural one wins, and a Wheel beats a Fool. A\n'
                     'straight\'s "highest ranked non-Trump" is its top card (5 in A-2-3-4-5). High Card\n'
                     "compares the highest card, then its suit (the seed's Rank Order). Groups compare the "
                     'same\n'
                     'way: a pair by its rank, then the suit of its highest plain card (the 9 of Swords '
                     'beats\n'
                     'the 9 of Cups); two pair by each pair in turn, then the fifth card; four of a kind, a '
                     'full\n'
                     'house and three of a kind by their largest group only. A wild card lends a group its '
                     'rank\n'
                     "but no suit: a group's suit is that of its strongest natural card.\n"
                     "Conflicts (dealer conflict): each conflict is dealt from the table's dealer deck "
                     'gathered\n'
                     'and shuffled afresh; the cards played go to its discards afterwards. A hand is Arcane '
                     'when\n'
                     'one of its five cards is a Trump or a wild standing for one (the Fool may stand for a '
                     'Trump\n'
                     "to make a Power user's hand Arcane). Every loser takes the winning hand's harm, "
                     'mundane\n'
                     "harm on the Scores of the suits the five cards count as (a wild's is the suit it "
                     'stands\n'
                     'for); an exact tie is reported and deals no harm until the Dealer settles it. For the\n'
                     "Twist and the Narrator a card ranks by the seed's Rank Order (Trumps by number above\n"
                     'every non-Trump, then rank with the Ace high, then suit); a wild ranks as the card it\n'
                     'stands for, just below that card itself. The Narrator played the highest single card.',
            'deck': {'ace_low': True,
                     'suits': [{'code': 'Sw', 'name': 'swords', 'color': 'black'},
                               {'code': 'Cu', 'name': 'cups', 'color': 'red'},
                               {'code': 'Wa', 'name': 'wands', 'color': 'black', 'aliases': ['Cl']},
                               {'code': 'Co', 'name': 'coins', 'color': 'red'}],
                     'ranks': [{'code': '2', 'name': 'two'},
                               {'code': '3', 'name': 'three'},
                               {'code': '4', 'name': 'four'},
                               {'code': '5', 'name': 'five'},
                               {'code': '6', 'name': 'six', 'plural': 'sixes'},
                               {'code': '7', 'name': 'seven'},
                               {'code': '8', 'name': 'eight'},
                               {'code': '9', 'name': 'nine'},
                               {'code': '10', 'name': 'ten'},
                               {'code': 'P', 'name': 'page'},
                               {'code': 'N', 'name': 'knight'},
                               {'code': 'Q', 'name': 'queen'},
                               {'code': 'K', 'name': 'king'},
                               {'code': 'A', 'name': 'ace'}],
                     'trumps': {'count': 21,
                                'prefix': 'T',
                                'run_min': 3,
                                'names': ['The Magician',
                                          'The High Priestess',
                                          'The Empress',
                                          'The Emperor',
                                          'The Hierophant',
                                          'The Lovers',
                                          'The Chariot',
                                          'Strength',
                                          'The Hermit',
                                          'Wheel of Fortune',
                                          'Justice',
                                          'The Hanged Man',
                                          'Death',
                                          'Temperance',
                                          'The Devil',
                                          'The Tower',
                                          'The Star',
                                          'The Moon',
                                          'The Sun',
                                          'Judgement',
                                          'The World']},
                     'specials': [{'code': 'Fool', 'name': 'The Fool', 'aliases': ['T0']}]},
            'contexts': {'conflict': {'description': 'a conflict hand: the Fool wild for any card, the Wheel '
                                                     'of Fortune for any Trump',
                                      'wild': {'Fool': 'any', 'T10': 'trump'},
                                      'natural_beats_wild': True,
                                      'wild_order': ['T10', 'Fool']}},
            'hands': {'context': 'conflict',
                      'thresholds': {'ace': 'ace high'},
                      'ranks': [{'name': 'Ordered Five',
                                 'pattern': {'trump_run': 5},
                                 'tiebreak': ['trump'],
                                 'harm': 5,
                                 'kind': 'arcane'},
                                {'name': 'Straight Flush',
                                 'pattern': {'sequence': 5, 'suited': True},
                                 'tiebreak': ['sequence'],
                                 'harm': 5,
                                 'kind': 'mundane'},
                                {'name': 'Four of a Kind',
                                 'aliases': ['four'],
                                 'pattern': {'groups': [4]},
                                 'tiebreak': ['group_card'],
                                 'harm': 4},
                                {'name': 'Ordered Four',
                                 'pattern': {'trump_run': 4},
                                 'tiebreak': ['run'],
                                 'harm': 4,
                                 'kind': 'arcane'},
                                {'name': 'Balanced Three',
                                 'pattern': {'trump_run': 3, 'groups': [2]},
                                 'tiebreak': ['run'],
                                 'harm': 4,
                                 'kind': 'arcane'},
                                {'name': 'Full House',
                                 'pattern': {'groups': [3, 2]},
                                 'tiebreak': ['group_card'],
                                 'harm': 4,
                                 'kind': 'mundane'},
                                {'name': 'Flush',
                                 'pattern': {'flush': 5},
                                 'tiebreak': ['cards', 'suit'],
                                 'harm': 3,
                                 'kind': 'mundane'},
                                {'name': 'Straight',
                                 'pattern': {'sequence': 5},
                                 'tiebreak': ['sequence', 'suit'],
                                 'harm': 3,
                                 'kind': 'mundane'},
                                {'name': 'Chaotic Five',
                                 'pattern': {'trumps': 5, 'no_run': True},
                                 'tiebreak': ['trump'],
                                 'harm': 3,
                                 'kind': 'arcane'},
                                {'name': 'Ordered Three',
                                 'pattern': {'trump_run': 3},
                                 'tiebreak': ['trump'],
                                 'harm': 2,
                                 'kind': 'arcane'},
                                {'name': 'Three of a Kind',
                                 'aliases': ['trips', 'three'],
                                 'pattern': {'groups': [3]},
                                 'tiebreak': ['group_card'],
                                 'harm': 2},
                                {'name': 'Two Pair',
                                 'pattern': {'groups': [2, 2]},
                                 'tiebreak': ['group_cards', 'kickers'],
                                 'harm': 2},
                                {'name': 'Chaotic Four',
                                 'pattern': {'trumps': 4, 'no_run': True, 'rest': 'plain'},
                                 'tiebreak': ['trump'],
                                 'harm': 2,
                                 'kind': 'arcane'},
                                {'name': 'Chaotic Three',
                                 'pattern': {'trumps': 3, 'no_run': True, 'rest': 'plain'},
                                 'tiebreak': ['trump'],
                                 'harm': 1,
                                 'kind': 'arcane'},
                                {'name': 'Pair',
                                 'aliases': ['one pair'],
                                 'pattern': {'groups': [2]},
                                 'tiebreak': ['group_cards', 'kickers'],
                                 'harm': 1},
                                {'name': 'High Card',
                                 'aliases': ['nothing'],
                                 'pattern': {},
                                 'tiebreak': ['high', 'suit'],
                                 'harm': 1}]},
            'conflict': {'style': 'scores',
                         'context': 'conflict',
                         'scores': {'Sw': 'Hand', 'Cu': 'Heart', 'Wa': 'Guts', 'Co': 'Eye'},
                         'power': 'Power'}}


PARSED = {"deadlands": _deadlands, "dust-devils": _dust_devils, "poker-hands": _poker_hands, "weird-dust-devils": _weird_dust_devils}
