#!/usr/bin/env python3
"""The readers of `just bench`'s replica scenario (issue #40, row 16): beside the sales load,
one connection asks the owner's and the admin's dashboards in turn, another downloads an
export again and again, and a third samples `/api/v1/ready` every --ready-every seconds (the
replica's `lag_ms` and `serving`). Each loop waits --pause seconds after each request (0: back
to back). Stops after --seconds (an export under way then is cut, its rows so far counted).

Prints one line for the bench script:
  READERS <dash/s> <dash p50 ms> <dash p99 ms> <dash non-2xx> <exports done> <export rows/s>
          <export MB/s> <export non-2xx> <ready samples> <serving samples> <lag median ms>
          <lag p95 ms> <lag max ms> <samples without a lag>
and writes every figure as JSON to --out.
"""
import argparse
import http.client
import json
import statistics
import threading
import time


def pct(values, p):
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--seconds", type=float, required=True)
    ap.add_argument("--dash", action="append", default=[], help="TOKEN PATH")
    ap.add_argument("--export", help="TOKEN PATH")
    ap.add_argument("--pause", type=float, default=0.0)
    ap.add_argument("--ready-every", type=float, default=0.2)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    deadline = time.monotonic() + a.seconds
    started = time.monotonic()
    conn = lambda: http.client.HTTPConnection("127.0.0.1", a.port, timeout=30)
    dash = {"lat": [], "bad": 0}
    export = {"done": 0, "rows": 0, "bytes": 0, "bad": 0, "secs": []}
    ready = {"lag": [], "serving": 0, "samples": 0, "no_lag": 0, "not_ready": 0}

    def dashboards():
        c = conn()
        items = [d.split(" ", 1) for d in a.dash]
        k = 0
        while items and time.monotonic() < deadline:
            token, path = items[k % len(items)]
            k += 1
            t0 = time.monotonic()
            try:
                c.request("GET", path, headers={"Authorization": f"Bearer {token}"})
                r = c.getresponse()
                r.read()
                status = r.status
            except (OSError, http.client.HTTPException):
                c.close()
                c = conn()
                status = 0
            dash["lat"].append((time.monotonic() - t0) * 1000)
            if not 200 <= status < 300:
                dash["bad"] += 1
            if a.pause:
                time.sleep(a.pause)

    def exports():
        if not a.export:
            return
        token, path = a.export.split(" ", 1)
        while time.monotonic() < deadline:
            c = conn()
            t0 = time.monotonic()
            try:
                c.request("GET", path, headers={"Authorization": f"Bearer {token}"})
                r = c.getresponse()
                if r.status != 200:
                    r.read()
                    export["bad"] += 1
                else:
                    lines = 0
                    while True:
                        if time.monotonic() >= deadline:
                            break
                        chunk = r.read(65536)
                        if not chunk:
                            export["done"] += 1
                            export["secs"].append(time.monotonic() - t0)
                            break
                        export["bytes"] += len(chunk)
                        lines += chunk.count(b"\n")
                    # The column names' line is not a row.
                    export["rows"] += max(lines - 1, 0)
            except (OSError, http.client.HTTPException):
                export["bad"] += 1
            c.close()
            if a.pause:
                time.sleep(a.pause)

    def readiness():
        c = conn()
        while time.monotonic() < deadline:
            t0 = time.monotonic()
            try:
                c.request("GET", "/api/v1/ready")
                r = c.getresponse()
                body = r.read()
                ready["samples"] += 1
                if r.status != 200:
                    ready["not_ready"] += 1
                replica = json.loads(body).get("data", {}).get("replica") or {}
                if replica.get("serving"):
                    ready["serving"] += 1
                if replica.get("lag_ms") is None:
                    ready["no_lag"] += 1
                else:
                    ready["lag"].append(replica["lag_ms"])
            except (OSError, http.client.HTTPException, ValueError):
                c.close()
                c = conn()
            time.sleep(max(0.0, a.ready_every - (time.monotonic() - t0)))

    threads = [threading.Thread(target=f) for f in (dashboards, exports, readiness)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    secs = time.monotonic() - started
    lat, lag = dash["lat"], ready["lag"]
    out = {
        "seconds": round(secs, 2),
        "dash_per_s": round(len(lat) / secs, 2),
        "dash_p50_ms": round(pct(lat, 0.5), 3),
        "dash_p99_ms": round(pct(lat, 0.99), 3),
        "dash_requests": len(lat),
        "dash_non_2xx": dash["bad"],
        "exports_done": export["done"],
        "export_rows_per_s": round(export["rows"] / secs, 1),
        "export_mb_per_s": round(export["bytes"] / secs / 1048576, 2),
        "export_rows": export["rows"],
        "export_seconds_each": [round(s, 2) for s in export["secs"]],
        "export_non_2xx": export["bad"],
        "ready_samples": ready["samples"],
        "ready_not_200": ready["not_ready"],
        "serving_samples": ready["serving"],
        "lag_median_ms": statistics.median(lag) if lag else "-",
        "lag_p95_ms": pct(lag, 0.95) if lag else "-",
        "lag_max_ms": max(lag) if lag else "-",
        "samples_without_lag": ready["no_lag"],
    }
    with open(a.out, "w") as f:
        json.dump(out, f, indent=1)
    print("READERS", *(out[k] for k in ("dash_per_s", "dash_p50_ms", "dash_p99_ms", "dash_non_2xx", "exports_done",
                                       "export_rows_per_s", "export_mb_per_s", "export_non_2xx", "ready_samples",
                                       "serving_samples", "lag_median_ms", "lag_p95_ms", "lag_max_ms",
                                       "samples_without_lag")))


if __name__ == "__main__":
    main()
