#!/usr/bin/env python3
"""Merges the answers of the oha clients of one open-loop run (issue #20).

Each client wrote its requests into an SQLite file (--db-url) and a JSON summary. Latency is
from the moment each request was due (--latency-correction), so a slow answer delays nothing
and hides nothing. Requests still open when the run ended are not counted as errors.

usage: oha-merge.py SECONDS PREFIX... (PREFIX.db and PREFIX.json per client)
prints: <answers/s> <p50 ms> <p99 ms> <2xx> <4xx> <5xx> <errors> <answers>
"""
import json
import sqlite3
import sys
from pathlib import Path

seconds = float(sys.argv[1])
durations, c2, c4, c5, errors = [], 0, 0, 0, 0
for prefix in sys.argv[2:]:
    db, summary = Path(prefix + ".db"), Path(prefix + ".json")
    if db.exists():
        with sqlite3.connect(db) as conn:
            for duration, status in conn.execute("SELECT duration, status FROM oha"):
                durations.append(duration)
                if 200 <= status < 300:
                    c2 += 1
                elif 400 <= status < 500:
                    c4 += 1
                elif status >= 500:
                    c5 += 1
    if summary.exists() and summary.stat().st_size > 0:
        for error, count in json.loads(summary.read_text()).get("errorDistribution", {}).items():
            if "deadline" not in error:
                errors += count
    else:
        errors += 1  # a client that wrote nothing failed
durations.sort()


def pct(p):
    if not durations:
        return 0.0
    return durations[min(len(durations) - 1, int(len(durations) * p))] * 1000


n = len(durations)
print(f"{n / seconds:.1f} {pct(0.50):.3f} {pct(0.99):.3f} {c2} {c4} {c5} {errors} {n}")
