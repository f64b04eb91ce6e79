"""No ``dealer conflict`` command line produces a traceback: random words from both styles."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

RULESETS = ["weird-dust-devils", "dust-devils", "poker-hands", "deadlands"]
TOKENS = [
    "harm", "clear", "show", "Doc", "Kid", "Doc=hand=4,eye=3,power=2", "Kid=hand=2,eye=5", "Bo=hand=9,eye=9",
    "Doc=:T10,KSw,KCu,2Co", "Kid=:9Cu 9Co", "Doc=:Fool", "Doc=:As,Ks", "Sam=3", "Bob=2", "Sam=:2c,2d,RJ",
    "Sam=courage", "Sam=-4", "Sam=99", "Doc=hand=x", "Doc=:", "=", "=3", ":", "Hand=2", "Power=1", "eye=-1",
    "--scores", "hand,eye", "eye,eye", "hand", "power,hand", "--power", "--extra", "Doc=+1", "Kid=-9", "--weird",
    "Doc=Voodoo Houngan", "--target", "pair of jacks", "pear", "--helper", "--mod", "Sam=+1", "--wild-pick",
    "--fear", "3", "-1", "--called", "1", "4", "--table", "t", "--seed", "7", "--json", "--jsonl", "--ascii",
]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ruleset=st.sampled_from(RULESETS), words=st.lists(st.sampled_from(TOKENS), max_size=8),
       noise=st.lists(st.text(max_size=6), max_size=2))
def test_random_conflicts_never_crash(dealer, ruleset, words, noise):
    run = dealer("-r", ruleset, "conflict", *words, *noise)
    assert run.code in (0, 1, 2), run
    assert "Traceback" not in run.err + run.out and "internal error" not in run.err, run
    if run.code:
        assert run.err.strip() and len(run.err.strip().splitlines()) <= 2, run
