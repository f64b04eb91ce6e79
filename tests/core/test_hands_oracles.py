"""Wild cards and tarot hands against independent brute force.

The engine fills patterns cleverly; these oracles do it the slow, obvious way: try every
card a wild could be, and classify every five-card subset straight from the seeds' tables.
"""

from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.core.ranks import NO_WILDS


# -- Jokers wild in the standard ladder (deadlands, a huckster's deck) ---------------------


def joker_oracle(ruleset, cards):
    """Best (strength, tie-break) over every card each Joker could be, evaluated without wilds."""
    ranking, deck = ruleset.ranking, ruleset.deck
    plain = [card for card in deck if card.kind == "plain"]
    jokers = [card for card in cards if card.kind == "special"]
    natural = [card for card in cards if card.kind != "special"]
    best = None
    for choice in product(plain, repeat=len(jokers)):
        hand = natural + list(choice)
        copies = len(set(map(id, hand))) < len(hand)
        found = ranking.best(hand, NO_WILDS) if not copies else None
        if copies:
            # A wild may copy a held card to make a group (five of a kind), never a flush or run.
            found = ranking.best(hand, NO_WILDS)
            if found.rank.pattern.flush or found.rank.pattern.sequence:
                continue
        key = found.key[:2]
        if best is None or key > best:
            best = key
    return best


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_jokers_wild_match_brute_force(load, data):
    ruleset = load("deadlands")
    deck = list(ruleset.deck)
    jokers = [c for c in deck if c.kind == "special"]
    plain = [c for c in deck if c.kind == "plain"]
    wilds = data.draw(st.integers(1, 2))
    size = data.draw(st.integers(max(1, 5 - wilds), 7 - wilds))
    cards = data.draw(st.lists(st.sampled_from(plain), min_size=size, max_size=size, unique=True)) + jokers[:wilds]
    engine = ruleset.ranking.best(cards, ruleset.context("huckster"))
    assert engine.key[:2] == joker_oracle(ruleset, cards), [c.code for c in cards]


@pytest.mark.parametrize("text", [
    "8s 8h 8d Kc 5d 3s RJ", "As Ks Qs Js RJ", "2c 3c 4c 5c RJ", "Ah Kh 9h 5h RJ 2c", "RJ BJ 7c 7d 7h",
    "RJ BJ", "RJ", "RJ 2c", "Ac 2d 3h RJ BJ", "Kd Qd Jd RJ BJ 2s 3s", "9c 9d 9h 9s RJ",
])
def test_joker_examples_match_brute_force(load, text):
    ruleset = load("deadlands")
    cards = ruleset.deck.parse_many(text)
    assert ruleset.ranking.best(cards, ruleset.context("huckster")).key[:2] == joker_oracle(ruleset, cards)


# -- Weird Dust Devils: seed 001's table, written out independently ------------------------

ORDER = ["Ordered Five", "Straight Flush", "Four of a Kind", "Ordered Four", "Balanced Three", "Full House",
         "Flush", "Straight", "Chaotic Five", "Ordered Three", "Three of a Kind", "Two Pair", "Chaotic Four",
         "Chaotic Three", "Pair", "High Card"]


def longest_run(numbers):
    numbers = sorted(set(numbers))
    best = run = 1 if numbers else 0
    for a, b in zip(numbers, numbers[1:]):
        run = run + 1 if b == a + 1 else 1
        best = max(best, run)
    return best


ACE = 15  # the tarot's plain ranks run 2 .. 10, Page, Knight, Queen, King, Ace: the Ace is 15


def seq_top(values):
    """Top of a 5-card sequence of plain rank values (the Ace may play as 1), or None."""
    for candidate in (sorted(values), sorted(1 if v == ACE else v for v in values)):
        if len(set(candidate)) == 5 and candidate[-1] - candidate[0] == 4:
            return candidate[-1]
    return None


def classify(five, wild=()):
    """(strength, tie-break) of exactly five effective cards, per seed 001's table.

    ``wild`` holds the positions that a wild card fills: such a card gives its group a rank
    but no suit ("highest ranked plain in the pair" reads the natural cards).
    """
    trumps = sorted((c.value for c in five if c.kind == "trump"), reverse=True)
    plains = [c for c in five if c.kind == "plain"]
    values = sorted((c.value for c in plains), reverse=True)
    counts = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    shape = sorted(counts.values(), reverse=True)
    suited = len(plains) == 5 and len({c.suit.code for c in plains}) == 1
    top = max(c.order for c in five)
    top_suit = max((c.suit.strength for c in plains if c.order == top), default=0)
    run = longest_run(trumps)
    high_trump = trumps[0] if trumps else 0

    def rank_of(value_count):
        return max(v for v, n in counts.items() if n >= value_count)

    def suit_of(value):
        return max((c.suit.strength for i, c in enumerate(five)
                    if i not in wild and c.kind == "plain" and c.value == value), default=0)

    def run_top(length):
        numbers = sorted(set(trumps))
        tops = [n for n in numbers if all(n - i in numbers for i in range(length))]
        return max(tops)

    found = []
    if len(trumps) == 5 and run == 5:
        found.append(("Ordered Five", (high_trump,)))
    if len(plains) == 5 and suited and seq_top(values):
        found.append(("Straight Flush", (seq_top(values),)))
    if shape and shape[0] >= 4:
        found.append(("Four of a Kind", (rank_of(4), suit_of(rank_of(4)))))
    if run >= 4:
        found.append(("Ordered Four", (run_top(4),)))
    if len(trumps) == 3 and run == 3 and shape == [2]:
        found.append(("Balanced Three", (run_top(3),)))
    if len(plains) == 5 and shape == [3, 2]:
        found.append(("Full House", (rank_of(3), suit_of(rank_of(3)))))
    if suited:
        found.append(("Flush", tuple(values) + (top_suit,)))
    if len(plains) == 5 and seq_top(values):
        top = seq_top(values)
        suit = max(c.suit.strength for c in plains if c.value == top)
        found.append(("Straight", (top, suit)))
    if len(trumps) == 5 and run < 3:
        found.append(("Chaotic Five", (high_trump,)))
    if run >= 3:
        found.append(("Ordered Three", (high_trump,)))
    if shape and shape[0] >= 3:
        found.append(("Three of a Kind", (rank_of(3), suit_of(rank_of(3)))))
    if len(shape) >= 2 and shape[1] >= 2:
        pairs = sorted((v for v, n in counts.items() if n >= 2), reverse=True)
        fifth = [c.order for c in five if c.kind != "plain" or c.value not in pairs[:2]]
        found.append(("Two Pair", (pairs[0], suit_of(pairs[0]), pairs[1], suit_of(pairs[1]))
                      + tuple(sorted(fifth, reverse=True))))
    if len(trumps) == 4 and run < 3 and len(plains) == 1:
        found.append(("Chaotic Four", (high_trump,)))
    if len(trumps) == 3 and run < 3 and len(plains) == 2:
        found.append(("Chaotic Three", (high_trump,)))
    if shape and shape[0] >= 2:
        pair = rank_of(2)
        rest = sorted((c.order for c in five if not (c.kind == "plain" and c.value == pair)), reverse=True)
        rest = rest[:3]
        found.append(("Pair", (pair, suit_of(pair)) + tuple(rest)))
    high = max(c.order for c in five)
    found.append(("High Card", (high, top_suit)))
    name, tiebreak = min(found, key=lambda item: ORDER.index(item[0]))
    return len(ORDER) - ORDER.index(name), tiebreak


def flatten(key):
    """The engine's (strength, steps) as (strength, flat tuple), to compare with classify()."""
    strength, steps = key[0], key[1]
    return strength, tuple(value for step in steps for value in step)


def tarot_oracle(ruleset, cards):
    """Best classify() over every five-card subset, after every value the wild cards may take."""
    deck = ruleset.deck
    trumps = [c for c in deck if c.kind == "trump"]
    plains = [c for c in deck if c.kind == "plain"]
    held = set(map(id, cards))
    options = []
    for card in cards:
        if card.code == "Fool":
            options.append(plains + [t for t in trumps if id(t) not in held])
        elif card.code == "T10":
            options.append([t for t in trumps if id(t) not in held or t is card])
        else:
            options.append([card])
    best = None
    wild_at = {i for i, card in enumerate(cards) if card.code in ("Fool", "T10")}
    for choice in product(*options):
        ids = list(map(id, choice))
        for five in combinations(range(len(choice)), min(5, len(choice))):
            hand = [choice[i] for i in five]
            wild = {j for j, i in enumerate(five) if i in wild_at}
            if len(set(ids[i] for i in five)) < len(five):  # a copy: only groups may use one
                strength, tb = classify(hand, wild)
                if ORDER[len(ORDER) - strength] in ("Straight Flush", "Flush", "Straight"):
                    continue
            if len(hand) < 5:
                continue
            value = classify(hand, wild)
            if best is None or value > best:
                best = value
    return best


TAROT_EXAMPLES = [
    "T1 T2 T3 T4 T5", "Fool KSw KCu KWa", "T10 KSw KCu KWa 2Co", "T3 T4 QSw QCu 2Co", "T1 T5 T9 T13 T17",
    "T1 T2 T9 T13 T17", "T20 T21 KSw 5Co 2Cu", "ASw 2Sw 3Sw 4Sw 5Sw", "ASw 2Cu 3Sw 4Sw 5Sw",
    "Fool T20 T21 2Co 3Co", "T1 T5 T9 T13 KSw", "T19 T20 Fool KSw KCu", "T10 T1 T2 3Co 4Co",
    "T21 T19 T17 T15 T13 T10", "T21 T15 T13 T9 Fool T10", "KSw KCu KWa QCo QSw T4", "T6 T7 T8 PSw PCo 2Cu",
    "ACu KCu QCu NCu PCu", "10Sw NSw QSw KSw ASw Fool", "T2 T4 T6 T8 2Sw 3Sw", "T7 T8 T9 T11 T15 2Co",
    "Fool 9Co 2Sw 3Cu 4Wa", "KSw KCo 5Cu 5Co 2Sw 2Cu", "Fool KCu KCo 3Sw 3Cu", "9Wa 9Co 9Sw 2Sw 3Cu 4Wa",
    "Fool 9Sw 9Co 9Wa 2Sw", "QCo QWa T3 T4 T5 2Sw",
]


@pytest.mark.parametrize("text", TAROT_EXAMPLES)
def test_tarot_examples_match_the_table(load, text):
    ruleset = load("weird-dust-devils")
    cards = ruleset.deck.parse_many(text)
    engine = ruleset.ranking.best(cards, ruleset.context("conflict"))
    if len(cards) >= 5:
        assert flatten(engine.key) == tarot_oracle(ruleset, cards), (engine.rank.name, engine.key)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_tarot_hands_without_wilds_match_the_table(load, data):
    ruleset = load("weird-dust-devils")
    deck = [c for c in ruleset.deck if c.code not in ("Fool", "T10")]
    trump_heavy = data.draw(st.booleans())
    pool = [c for c in deck if c.kind == "trump" or not trump_heavy or c.value > 11]
    cards = data.draw(st.lists(st.sampled_from(pool), min_size=5, max_size=7, unique=True))
    engine = ruleset.ranking.best(cards, ruleset.context("conflict"))
    assert flatten(engine.key) == tarot_oracle(ruleset, cards), [c.code for c in cards]


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_tarot_hands_with_the_fool_or_wheel_match_the_table(load, data):
    ruleset = load("weird-dust-devils")
    deck = ruleset.deck
    wild = data.draw(st.sampled_from([["Fool"], ["T10"], ["Fool", "T10"]]))
    pool = [c for c in deck if c.code not in ("Fool", "T10") and (c.kind == "trump" or c.value >= 12)]
    others = data.draw(st.lists(st.sampled_from(pool), min_size=5 - len(wild), max_size=5 - len(wild),
                                unique=True))
    cards = others + [deck.parse(code) for code in wild]
    engine = ruleset.ranking.best(cards, ruleset.context("conflict"))
    assert flatten(engine.key) == tarot_oracle(ruleset, cards), [c.code for c in cards]


# -- Distinct suits: a five-suit house ladder with rainbows, on a reduced deck --------------

RAINBOW_SUITS = [("s", 5), ("h", 4), ("d", 3), ("c", 2), ("o", 1)]  # code, strength
RAINBOW_LADDER = [  # name, pattern, tiebreak: strongest first
    ("Five of a Kind", {"groups": [5]}, ["groups"]),
    ("Straight Flush", {"sequence": 5, "suited": True}, ["sequence"]),
    ("Rainbow", {"distinct_suits": 5}, ["cards"]),
    ("Four of a Kind", {"groups": [4]}, ["groups", "kickers"]),
    ("Flush", {"flush": 5}, ["cards"]),
    ("Full House", {"groups": [3, 2]}, ["groups"]),
    ("Straight", {"sequence": 5}, ["sequence"]),
    ("Three of a Kind", {"groups": [3]}, ["groups", "kickers"]),
    ("Two Pair", {"groups": [2, 2]}, ["groups", "kickers"]),
    ("Four Suits", {"distinct_suits": 4}, ["kickers", "high", "suit"]),
    ("Pair", {"groups": [2]}, ["groups", "kickers"]),
    ("High Card", {}, ["cards"]),
]


@pytest.fixture(scope="module")
def rainbow():
    from dealer.store import rulesets as store

    return store.from_document({
        "deck": {"ace_low": False,
                 "suits": [{"code": code, "name": f"suit {code}"} for code, _ in RAINBOW_SUITS],
                 "ranks": [{"code": str(n), "name": f"r{n}"} for n in range(2, 8)],
                 "specials": [{"code": "J", "name": "Joker"}]},
        "contexts": {"wild": {"wild": {"J": "any"}}},
        "hands": {"ranks": [{"name": name, "pattern": pattern, "tiebreak": tiebreak}
                            for name, pattern, tiebreak in RAINBOW_LADDER]},
        "action": {"min_rank": "pair"}, "hex": {"target": "pair"},
    })


def rainbow_classify(five):
    """(strength, flat tie-break) of five plain cards by the ladder above, read directly."""
    values = sorted((c.value for c in five), reverse=True)
    strength_of = {c.code: c.suit.strength for c in five}
    counts = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    by_count = sorted(counts.items(), key=lambda item: (-item[1], -item[0]))
    shape = [n for _, n in by_count]
    suits = {c.suit.code for c in five}
    straight = len(counts) == 5 and values[0] - values[4] == 4
    top_suit = max(strength_of[c.code] for c in five if c.value == values[0])

    def four_suits():
        best = None
        for core in combinations(range(5), 4):
            if len({five[i].suit.code for i in core}) == 4:
                (other,) = set(range(5)) - set(core)
                key = (five[other].value, values[0], top_suit)
                best = key if best is None or key > best else best
        return best

    tests = [
        ("Five of a Kind", shape == [5], lambda: (values[0],)),
        ("Straight Flush", straight and len(suits) == 1, lambda: (values[0],)),
        ("Rainbow", len(suits) == 5, lambda: tuple(values)),
        ("Four of a Kind", shape[0] == 4, lambda: (by_count[0][0], by_count[1][0])),
        ("Flush", len(suits) == 1, lambda: tuple(values)),
        ("Full House", shape == [3, 2], lambda: (by_count[0][0], by_count[1][0])),
        ("Straight", straight, lambda: (values[0],)),
        ("Three of a Kind", shape[0] == 3, lambda: (by_count[0][0],) + tuple(v for v, _ in by_count[1:])),
        ("Two Pair", shape[:2] == [2, 2], lambda: (by_count[0][0], by_count[1][0], by_count[2][0])),
        ("Four Suits", len(suits) >= 4, four_suits),
        ("Pair", shape[0] == 2, lambda: (by_count[0][0],) + tuple(v for v, _ in by_count[1:])),
        ("High Card", True, lambda: tuple(values)),
    ]
    for i, (name, holds, tiebreak) in enumerate(tests):
        if holds:
            return len(tests) - i, tiebreak()


def rainbow_oracle(ruleset, cards):
    """Best rainbow_classify() over every five of the cards, the Joker tried as every plain card."""
    plain = [card for card in ruleset.deck if card.kind == "plain"]
    natural = [card for card in cards if card.kind == "plain"]
    options = [plain] if len(natural) < len(cards) else [[None]]
    best = None
    for (choice,) in product(*options):
        hand = natural + ([choice] if choice is not None else [])
        copies = len(set(map(id, hand))) < len(hand)
        for five in combinations(hand, 5):
            value = rainbow_classify(five)
            name = RAINBOW_LADDER[len(RAINBOW_LADDER) - value[0]][0]
            if copies and len(set(map(id, five))) < 5 and name in ("Straight Flush", "Flush", "Straight"):
                continue  # a wild copies a held card for a group, never for a flush or a run
            best = value if best is None or value > best else best
    return best


@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_distinct_suits_match_brute_force(rainbow, data):
    plain = [card for card in rainbow.deck if card.kind == "plain"]
    joker = data.draw(st.booleans())
    size = data.draw(st.integers(5, 7)) - joker
    cards = data.draw(st.lists(st.sampled_from(plain), min_size=size, max_size=size, unique=True))
    cards += [rainbow.deck.parse("J")] if joker else []
    engine = rainbow.ranking.best(cards, rainbow.context("wild"))
    assert flatten(engine.key) == rainbow_oracle(rainbow, cards), [c.code for c in cards]
    assert rainbow.ranking.key(cards, rainbow.context("wild")) == engine.key


@pytest.mark.parametrize("text, rank", [
    ("2s 3h 4d 5c 7o", "rainbow"), ("2s 3h 4d 5c J", "rainbow"), ("2s 3h 4d 5c 6o", "rainbow"),
    ("2s 3h 4d 5c 6c", "straight"), ("2s 3h 4d 5c 7c", "four-suits"), ("2s 3h 4d 6d 7h", "high-card"),
    ("2s 2h 4d 5h 7d 7s", "two-pair"), ("7s 7h 4d 5c 3o", "rainbow"), ("7s 6s 5s 4h 2h J", "straight"),
    ("7s 6s 5s 4s 2h", "high-card"), ("7s 6s 4h 2d J", "four-suits"), ("7s 6s 4h 2d 2h J", "three-of-a-kind"),
])
def test_distinct_suits_examples(rainbow, text, rank):
    cards = rainbow.deck.parse_many(text)
    engine = rainbow.ranking.best(cards, rainbow.context("wild"))
    assert engine.rank.id == rank
    assert flatten(engine.key) == rainbow_oracle(rainbow, cards)
