import json
from tests.store.test_seats_play import Seat, installed_dealer, make_table, next_cards

def test_scratch(tmp_path, postgres_url):
    exe = installed_dealer()
    owner = Seat(exe, postgres_url, tmp_path / "owner")
    urls = make_table(owner, "friday", "deadlands",
                      [("Sarah", "--trait", "quickness=3d6", "--trait", "hexslinging=4", "--trait", "spirit=4d10"),
                       ("Velvet", "--trait", "quickness=4d8"), ("Bad Bob", "--side", "marshal", "--trait", "quickness=2d8")],
                      {"marshal": ["--role", "gm"], "sarah": ["--role", "player", "--for", "Sarah"]})
    gm = Seat(exe, urls["marshal"], tmp_path / "gm")
    sarah = Seat(exe, urls["sarah"], tmp_path / "sarah")
    gm("chips", "session", "--table", "friday")
    sarah("roll", "3d6", "--as", "Sarah", "--table", "friday")
    st = json.loads(owner("table", "export", "friday").stdout)["result"]["state"]
    print("after roll", json.dumps(st.get("rolls"))[:300])
    gm("draw", "3", "--table", "friday")
    st = json.loads(owner("table", "export", "friday").stdout)["result"]["state"]
    print("after draw", json.dumps(st.get("rolls"))[:300])
    gm("table", "undo", "friday")
    st = json.loads(owner("table", "export", "friday").stdout)["result"]["state"]
    print("after undo", json.dumps(st.get("rolls"))[:300])
    assert 0
