"""``dealer action``: a whole fight from the shell, with and without a table."""

from tests.conftest import assert_clean_error


def test_inline_round_with_cards_dealt_by_hand(dealer):
    run = dealer("action", "Sarah=16:Qh,8d,4c", "-m", "Bob=10:Qh,9c", "--json")
    assert run.code == 0, run
    result = run.json()["result"]
    assert [(e["card"], e["name"], e["simultaneous"]) for e in result["countdown"]] == [
        ("Qh", "Sarah", True), ("Qh", "Bob", True), ("9c", "Bob", False), ("8d", "Sarah", False),
        ("4c", "Sarah", False)]
    sarah = result["participants"][0]
    assert sarah["allowed"] == 3 and sarah["quickness"]["raises"] == 2
    text = dealer("action", "Sarah=16:Qh,8d,4c", "-m", "Bob=10:Qh,9c").out
    assert "simultaneous" in text and "Round 1" in text


def test_rolled_quickness_is_seeded(dealer):
    first = dealer("action", "Sarah=3d6", "-m", "Bob=2d8", "--seed", 9, "--json").json()
    again = dealer("action", "Sarah=3d6", "-m", "Bob=2d8", "--seed", 9, "--json").json()
    assert first == again and first["seed"] == 9


def test_max_cards_lifts_the_limit(dealer):
    capped = dealer("action", "Sarah=40", "--json", "--seed", 1).json()["result"]["participants"][0]
    lifted = dealer("action", "Sarah=40", "--max-cards", 8, "--json", "--seed", 1).json()["result"]["participants"][0]
    assert capped["allowed"] == 5 and lifted["allowed"] == 8


def test_a_whole_fight_on_a_table(dealer):
    dealer("table", "new", "f")
    dealer("table", "add", "f", "Sarah", "--trait", "quickness=30")
    dealer("table", "add", "f", "Bob", "--side", "marshal", "--trait", "quickness=15")
    rounds = [dealer("action", "--table", "f", "--seed", i, "--json").json()["result"] for i in range(1, 4)]
    assert [r["round"] for r in rounds] == [1, 2, 3]
    assert all(r["table"] == "f" for r in rounds)
    sarah = rounds[-1]["participants"][0]
    assert sarah["allowed"] == 5 and [c for c in sarah["cards"] if c not in ("RJ", "BJ")]
    sleeved = dealer("action", "sleeve", "Sarah", "--table", "f", "--json").json()["result"]["card"]
    nxt = dealer("action", "--table", "f", "--json").json()["result"]
    black = [e for e in nxt["events"] if e["kind"] == "discard" and "Black Joker" in e["why"]
             and "Sarah" in e["why"]]
    if black:  # Sarah drew the Black Joker: it took her sleeve card with it
        assert sleeved in black[0]["cards"] and nxt["sleeves"] == []
    else:
        assert {"name": "Sarah", "side": "posse", "card": sleeved} in nxt["sleeves"]
    assert dealer("action", "new", "--table", "f").code == 0
    fresh = dealer("action", "--table", "f", "--json").json()["result"]
    assert fresh["round"] == 1 and fresh["sleeves"] == []
    log = dealer("table", "log", "f", "--json").json()["result"]["events"]
    assert {"deal", "new combat"} <= {e["kind"] for e in log}


def test_sleeve_play_and_interrupt_on_a_table(dealer):
    dealer("table", "new", "f")
    dealer("table", "add", "f", "Sarah", "--trait", "quickness=14")
    dealer("table", "add", "f", "Bob", "--side", "marshal", "--trait", "quickness=2")
    dealer("action", "--table", "f", "Sarah=16:Qh,8d,4c", "-m", "Bob=10:Ks,9c")
    assert dealer("action", "sleeve", "Sarah", "--table", "f", "--json").json()["result"]["card"] == "4c"
    assert_clean_error(dealer("action", "sleeve", "Sarah", "8d", "--table", "f"), code=1)  # one at a time
    result = dealer("action", "interrupt", "Sarah", "--against", "Bob", "--table", "f", "--json").json()["result"]
    assert result["outcome"] == "first" and result["card"] == "4c"  # 14 against a failed 2: a raise over TN 5
    assert_clean_error(dealer("action", "play", "Sarah", "--table", "f"), code=1)  # the card was played
    assert dealer("action", "sleeve", "Sarah", "8d", "--table", "f").code == 0
    assert dealer("action", "play", "Sarah", "--table", "f", "--json").json()["result"]["card"] == "8d"


def test_red_joker_refused_up_the_sleeve_from_the_shell(dealer):
    dealer("table", "new", "f")
    dealer("action", "--table", "f", "Sarah=10:RJ,5c")
    run = dealer("action", "sleeve", "Sarah", "RJ", "--table", "f")
    assert_clean_error(run, code=1)
    assert "never" in run.err


def test_surprised_inline(dealer):
    result = dealer("action", "Sarah=16", "--surprised", "Sarah:11=3", "--json").json()["result"]
    sarah = result["participants"][0]
    assert sarah["cards"] == [] and sarah["cognition"]["tn"] == 11


def test_poker_hands_turn_order(dealer):
    run = dealer("-r", "poker-hands", "action", "Bert=:Ks,Kh,Kd,Qs,Qh", "Sally=:2c,2d,9h,9s,4c", "Cy=:3c,5d,7h,9d,Jc",
                 "--json")
    order = [(e["name"], e["rank"]) for e in run.json()["result"]["countdown"]]
    assert order == [("Bert", "full-house"), ("Bert", "three-of-a-kind"), ("Sally", "two-pair"),
                     ("Bert", "pair"), ("Sally", "pair"), ("Cy", None)]
    sizes = dealer("-r", "poker-hands", "action", "A=+1", "B=3", "C", "D=-2", "--json", "--seed", 2).json()["result"]
    assert [len(p["cards"]) for p in sizes["participants"]] == [6, 8, 5, 3]  # NAME=N is skill N, as in a contest


def test_poker_hands_hands_last_the_whole_combat_on_a_table(dealer):
    dealer("table", "new", "p", "-r", "poker-hands")
    dealer("table", "add", "p", "Bert", "--trait", "combat=1")
    first = dealer("action", "--table", "p", "--json", "--seed", 3).json()["result"]
    again = dealer("action", "--table", "p", "--json", "--seed", 4).json()["result"]
    assert first["participants"][0]["cards"] == again["participants"][0]["cards"]
    assert len(first["participants"][0]["cards"]) == 6
    dealer("action", "new", "--table", "p")
    fresh = dealer("action", "--table", "p", "--json", "--seed", 5).json()["result"]
    assert fresh["participants"][0]["cards"] != first["participants"][0]["cards"]


def test_action_errors(dealer):
    assert_clean_error(dealer("action"), code=1)  # nobody to deal to
    assert_clean_error(dealer("action", "Sarah=3d7"), code=1)
    assert_clean_error(dealer("action", "=16"), code=1)
    assert_clean_error(dealer("action", "Sarah=16:Zz"), code=1)
    assert_clean_error(dealer("action", "Sarah=16:Qh", "-m", "Bob=10:Qh,Qh"), code=1)
    assert_clean_error(dealer("action", "sleeve", "Sarah"), code=1)  # no table
    assert_clean_error(dealer("action", "Sarah=16", "--surprised", "Nobody"), code=1)
    assert_clean_error(dealer("action", "Sarah=16", "--surprised", "Sarah"), code=1)  # no Cognition known


def test_a_hex_of_speed_two_in_a_combat_resolves_on_its_last_card(dealer):
    """Seed 000: "A huckster wants to cast a hex with Speed 2. She spends her Queen of Hearts this
    round and her 8 of Diamonds next round. On the 8, she makes her hexslingin' roll"."""
    dealer("table", "new", "f")
    dealer("table", "add", "f", "Velvet", "--trait", "quickness=5", "--trait", "hexslinging=5",
           "--trait", "smarts=3d8", "--trait", "hunch=3")
    dealer("action", "--table", "f", "Velvet=5:Qh")
    begun = dealer("hex", "hunch", "--caster", "Velvet", "--table", "f", "--json").json()["result"]
    assert begun["roll"] is None and begun["speed"]["cards"] == 2 and "2 action cards" in begun["verdict"]
    assert begun["speed"]["spent"] == 1  # the Queen of Hearts, called now
    assert "Qh spent this round; the countdown spends the rest" in begun["verdict"]
    early = dealer("hex", "hunch", "--caster", "Velvet", "--table", "f")
    assert_clean_error(early, code=1)
    assert "1 of 2" in early.err, early.err
    second = dealer("action", "--table", "f", "Velvet=5:8d", "--json").json()["result"]
    assert second["countdown"][0]["action"].startswith("hunch 2/2: resolves now")
    cast = dealer("hex", "hunch", "--caster", "Velvet", "--table", "f", "--total", 12, "--json").json()["result"]
    assert cast["roll"]["total"] == 12 and len(cast["cards"]) == 6


def test_a_hex_of_speed_two_begun_on_the_casters_later_card_resolves_that_round(dealer):
    """Velvet holds Qh and 8d; she spends the Queen on something else and begins the hex on the
    8 (--action-card): a Speed 2 hex then needs one card of the next round."""
    dealer("table", "new", "h")
    dealer("table", "add", "h", "Velvet", "--trait", "quickness=5", "--trait", "hexslinging=5",
           "--trait", "smarts=3d8", "--trait", "hunch=3")
    dealer("action", "--table", "h", "Velvet=10:Qh,8d")
    begun = dealer("hex", "hunch", "--caster", "Velvet", "--action-card", "8d", "--table", "h", "--json")
    assert begun.json()["result"]["speed"]["spending"] == ["8d"], begun
    assert "8d spent this round" in begun.json()["result"]["verdict"]
    nxt = dealer("action", "--table", "h", "Velvet=5:4c", "--json").json()["result"]
    assert nxt["countdown"][0]["action"].startswith("hunch 2/2: resolves now")
    cast = dealer("hex", "hunch", "--caster", "Velvet", "--table", "h", "--total", 12, "--json").json()["result"]
    assert cast["roll"]["total"] == 12
    dealer("action", "--table", "h", "Velvet=5:Kd")
    not_held = dealer("hex", "hunch", "--caster", "Velvet", "--action-card", "Ah", "--table", "h")
    assert_clean_error(not_held, code=1)
    assert "Velvet holds no Ah this round (their cards: Kd)" in not_held.err, not_held.err
    quick = dealer("hex", "soul blast", "--total", 12, "--level", 4, "--action-card", "8d")
    assert_clean_error(quick, code=1)
    assert "--action-card is for a hex of Speed 2 or more" in quick.err, quick.err


def test_action_begin_says_what_it_spends_now_and_where_it_resolves(dealer):
    dealer("table", "new", "g")
    dealer("table", "add", "g", "Velvet", "--trait", "quickness=5")
    dealer("action", "--table", "g", "Velvet=15:Qh,8d,4c")
    run = dealer("action", "begin", "Velvet", "2", "--what", "mirage", "--card", "8d", "--table", "g", "--ascii")
    assert run.code == 0 and run.out == "Velvet begins mirage: 2 action cards; spends 8d, 4c this round: resolves on 4c\n"
    dealer("action", "new", "--table", "g")
    dealer("action", "--table", "g", "Velvet=5:Qh")
    run = dealer("action", "begin", "Velvet", "3", "--what", "mirage", "--table", "g", "--json")
    assert {key: run.json()["result"][key] for key in ("spent", "spending", "resolves_on")} == \
        {"spent": 1, "spending": ["Qh"], "resolves_on": None}
    dealer("action", "--table", "g", "Velvet=5:Qh")  # the mirage goes on: 2 of 3
    wrong = dealer("action", "begin", "Velvet", "2", "--card", "Ah", "--table", "g")
    assert_clean_error(wrong, code=1)
    assert "already spending cards on mirage (2 of 3)" in wrong.err, wrong.err
    dealer("action", "new", "--table", "g")
    dealer("action", "--table", "g", "Velvet=5:Qh")
    wrong = dealer("action", "begin", "Velvet", "2", "--card", "Ah", "--table", "g")
    assert_clean_error(wrong, code=1)
    assert "holds no Ah this round (their cards: Qh)" in wrong.err, wrong.err


def test_a_participant_named_like_a_subcommand(dealer):
    run = dealer("-r", "poker-hands", "action", "--", "play", "Sally", "--json")
    assert run.code == 0, run
    assert [row["name"] for row in run.json()["result"]["participants"]] == ["play", "Sally"]
    named = dealer("-r", "poker-hands", "action", "play=7", "Sally", "--json").json()["result"]
    assert len(named["participants"][0]["cards"]) == 7
    hint = dealer("-r", "poker-hands", "action", "play", "Sally")
    assert_clean_error(hint, code=1)
    assert "--" in hint.err, hint.err


def test_a_ruleset_without_the_mechanic_refuses(dealer, tmp_path):
    run = dealer("-r", "weird-dust-devils", "action", "A=3d6")
    assert_clean_error(run, code=1)
    assert "does not play action" in run.err, run.err
    assert_clean_error(dealer("-r", "dust-devils", "hex", "--min", "pair", "--total", 9, "--level", 3), code=1)
    house = tmp_path / "house.toml"
    house.write_text('extends = "weird-dust-devils"\nmechanics = ["conflict", "action"]\n', encoding="utf-8")
    assert dealer("-r", str(house), "action", "A=10").code == 0
