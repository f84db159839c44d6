#!/usr/bin/env python3
"""Request bodies for the open-loop scenarios of `just bench` (issue #20), one per line.

oha sends a random line of its -Z file with each request: lookups of random customers'
phones, and per store (the store of cashier k) sales and redemptions of random customers of
that store, as the wrk scripts in scripts/bench/wrk/common.lua build them.

usage: oha-bodies.py FIXTURE.lua OUT_DIR STORES
"""
import random
import re
import sys
from pathlib import Path

fixture_text = Path(sys.argv[1]).read_text()
fixture = {k: int(v) for k, v in re.findall(r"(\w+) = (\d+)", fixture_text)}
out = Path(sys.argv[2])
stores = int(sys.argv[3])
out.mkdir(parents=True, exist_ok=True)
lines = 20000
rng = random.Random(20)

with open(out / "lookup.txt", "w") as f:
    for _ in range(lines):
        f.write('{"phone":"091%07d"}\n' % rng.randrange(fixture["phones"]))

for k in range(1, stores + 1):
    first = fixture["c0"] + (k - 1) * fixture["per_store"] + 1
    owner = (k - 1) // fixture["stores_per_owner"] + 1
    reward = fixture["r0"] + (owner - 1) * 3 + 1
    with open(out / f"invoice-{k}.txt", "w") as f:
        for _ in range(lines):
            total = rng.randint(1000, 200000)
            customer = first + rng.randrange(fixture["per_store"])
            f.write('{"customer_id":%d,"total_cost":"%d.%03d"}\n' % (customer, total // 1000, total % 1000))
    with open(out / f"redeem-{k}.txt", "w") as f:
        for _ in range(lines):
            customer = first + rng.randrange(fixture["per_store"])
            f.write('{"customer_id":%d,"reward_id":%d}\n' % (customer, reward))
