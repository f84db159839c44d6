#!/usr/bin/env python3
"""Three instances on one PostgreSQL database behind HAProxy (deploy/haproxy.cfg), on loopback.

``--serve`` starts the cluster and keeps it up until Ctrl-C (``just cluster``). Without it the
cluster test runs (``just cluster-test``), every request through the balancer unless it says
otherwise, and prints its figures:

  1. races: one customer's balance covers exactly 5 redemptions and 12 tills redeem at the
     same moment (5 succeed, 7 are refused, the balance is what is left); 20 requests with one
     Idempotency-Key at the same moment (one sale, 20 identical answers); both spread over the
     instances;
  2. the public lookup limit for one client holds across instances: 30 lookups a minute answer,
     the 31st is 429 whichever instance answers, another client is not affected;
  3. client addresses: an X-Forwarded-For a client writes does not change who it is, through
     the balancer or straight to an instance (an untrusted peer); nor can it frame another;
  4. kill -9 of one instance under a write load: the balancer stops sending to it within
     seconds, no acknowledged write is lost, the ledger equals every balance, retries with the
     same key answer the same sale;
  5. a rolling restart of all three instances under the write load (SIGTERM, drained through
     /api/v1/ready, started again, back in rotation): 0 failed requests;
  6. the read replica (``--replica-url``: scripts/replica-start.sh's streaming replica, which the
     instances read the test's database on, LOYALTY_READ_DATABASE_URL): every instance's
     /api/v1/ready says it is serving; under a read load (public lookups, the owner's dashboards)
     and a write load it is stopped: 0 failed requests, /ready says unreachable and not serving,
     then it is started again and serving again (and read from: the instances' connections on
     it); then its lag (/ready's lag_ms, sampled on every instance) while an export of 150,000
     seeded invoices runs through the balancer beside the sales: the file is whole, sales went
     on. The replica is left running.

Python standard library only, plus psql; reuses scripts/crash/crash.py. Exit status 0 when every
check passed.
"""

import argparse
import concurrent.futures
import csv
import http.client
import io
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "crash"))
import crash  # noqa: E402
from crash import Ledger, Sql, check, end_load, fail, request, start_load  # noqa: E402

FIGURES = []
DRAIN_SECONDS = 3  # LOYALTY_SHUTDOWN_DELAY: more than HAProxy's inter (1 s) x fall (2)
OWNER = ("owner@demo.ly", "demo1234")


def log(msg):
    print(f"[cluster] {msg}", flush=True)


def figure(msg):
    FIGURES.append(msg)
    log(msg)


# --- HTTP from a chosen client address ------------------------------------------------------


def request_from(source, base, method, path, body=None, headers=None, timeout=30):
    """One request from `source` (a loopback address such as 127.0.0.7): the client address the
    balancer and the instances see. Returns (status, json or None, headers)."""
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=timeout, source_address=(source, 0))
    try:
        data = None if body is None else json.dumps(body)
        all_headers = {"Content-Type": "application/json", **(headers or {})}
        conn.request(method, path, body=data, headers=all_headers)
        resp = conn.getresponse()
        raw = resp.read()
        try:
            doc = json.loads(raw)
        except ValueError:
            doc = None
        return resp.status, doc, {k.lower(): v for k, v in resp.getheaders()}
    except OSError:
        return 0, None, {}
    finally:
        conn.close()


# --- HAProxy --------------------------------------------------------------------------------


class Balancer:
    def __init__(self, config, port, apps, workdir):
        self.config = config
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.socket = os.path.join(workdir, "haproxy.sock")
        self.log_path = os.path.join(workdir, "haproxy.log")
        self.env = dict(os.environ, LB_BIND=f"127.0.0.1:{port}", LB_STATS=self.socket)
        for i, app in enumerate(apps, 1):
            self.env[f"APP{i}"] = f"127.0.0.1:{app}"
        self.proc = None

    def start(self):
        out = subprocess.run(["haproxy", "-c", "-q", "-f", self.config], env=self.env, capture_output=True, text=True)
        if out.returncode != 0:
            raise RuntimeError(f"haproxy -c: {out.stderr.strip()}")
        logf = open(self.log_path, "ab")  # noqa: SIM115 - the child keeps it open
        self.proc = subprocess.Popen(["haproxy", "-db", "-f", self.config], env=self.env, stdout=logf, stderr=logf)
        logf.close()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"haproxy exited with {self.proc.returncode}; see {self.log_path}")
            if os.path.exists(self.socket) and all(s == "UP" for s in self.states().values()):
                return
            time.sleep(0.2)
        raise RuntimeError(f"the instances did not all come UP in HAProxy: {self.states()}")

    def states(self):
        """Each server's state as HAProxy sees it (`show stat` on the runtime API): UP, DOWN, ..."""
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                s.settimeout(5)
                s.connect(self.socket)
                s.sendall(b"show stat\n")
                raw = b""
                while chunk := s.recv(65536):
                    raw += chunk
        except OSError:
            return {}
        lines = raw.decode().splitlines()
        head = lines[0].lstrip("# ").split(",")
        out = {}
        for line in lines[1:]:
            row = dict(zip(head, line.split(",")))
            if row.get("pxname") == "instances" and row.get("svname") not in ("BACKEND", None):
                out[row["svname"]] = row["status"].split(" ")[0]
        return out

    def wait_state(self, server, state, limit):
        started = time.monotonic()
        while time.monotonic() - started < limit:
            if self.states().get(server) == state:
                return time.monotonic() - started
            time.sleep(0.05)
        return None

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


class Cluster:
    def __init__(self, args, workdir):
        self.args = args
        self.workdir = workdir
        self.db_url = args.pg_admin_url.rsplit("/", 1)[0] + "/" + args.pg_db
        ports = [args.port + i for i in (1, 2, 3)]
        settings = {
            "LOYALTY_TRUSTED_PROXIES": "127.0.0.1",
            "LOYALTY_SHUTDOWN_DELAY": str(DRAIN_SECONDS),
            "LOYALTY_PUBLIC_PER_CLIENT": "30",
            "LOYALTY_PUBLIC_PER_PHONE": "10",
            "LOYALTY_DB_POOL_SIZE": "8",
            "LOYALTY_WORKERS": "2",
            "LOYALTY_PUBLIC_URL": f"http://127.0.0.1:{args.port}",
        }
        # The replica copies the whole PostgreSQL cluster: the same database on its port.
        self.read_url = args.replica_url.rsplit("/", 1)[0] + "/" + args.pg_db if args.replica_url else None
        if self.read_url:
            settings["LOYALTY_READ_DATABASE_URL"] = self.read_url
        self.apps = [crash.Server(args.bin, self.db_url, p, workdir, settings) for p in ports]
        self.names = {f"app{i}": app for i, app in enumerate(self.apps, 1)}
        self.lb = Balancer(args.config, args.port, ports, workdir)
        self.sql = Sql(self.db_url)

    def create_database(self):
        quiet = dict(os.environ, PGOPTIONS="-c client_min_messages=warning")
        for q in (f"DROP DATABASE IF EXISTS {self.args.pg_db} WITH (FORCE)", f"CREATE DATABASE {self.args.pg_db}"):
            subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", self.args.pg_admin_url, "-c", q], check=True,
                           timeout=60, env=quiet)
        if self.read_url:
            # The new database (not the one just dropped, of the same name) on the replica.
            where = f"FROM pg_database WHERE datname = '{self.args.pg_db}'"
            oid = Sql(self.args.pg_admin_url).rows(f"SELECT oid {where}")[0][0]
            deadline = time.monotonic() + 60
            while Sql(self.args.replica_url).rows(f"SELECT COUNT(*) {where} AND oid = {oid}")[0][0] != "1":
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the database {self.args.pg_db} did not appear on the replica within 60 s")
                time.sleep(0.2)

    def start(self):
        self.create_database()
        # All three at the same moment on the empty database (migrations and demo data once).
        with concurrent.futures.ThreadPoolExecutor(3) as pool:
            list(pool.map(lambda app: app.start(), self.apps))
        self.lb.start()

    def stop(self):
        """Stops all (SIGTERM, in parallel); each instance must exit cleanly."""
        self.lb.stop()
        running = [app for app in self.apps if app.proc and app.proc.poll() is None]
        with concurrent.futures.ThreadPoolExecutor(3) as pool:
            list(pool.map(lambda app: app.stop(), running))
        for app in running:
            check(app.proc.returncode == 0, f"stop: the instance on port {app.port} exited with {app.proc.returncode}")


# --- the checks -----------------------------------------------------------------------------


def sign_in(base, who):
    r = request(base, "POST", "/api/v1/auth/login", body={"email": who[0], "password": who[1]})
    if r.status != 200:
        raise RuntimeError(f"sign-in of {who[0]} failed: {r.status} {r.body[:200]!r}")
    return r.json()["data"]["token"]


def concurrently(n, fn):
    with concurrent.futures.ThreadPoolExecutor(n) as pool:
        return list(pool.map(fn, range(n)))


def served_by(responses):
    return sorted({r.headers.get("x-served-by", "?") for r in responses})


def races(cluster, cashier, owner):
    base = cluster.lb.base
    rewards = request(base, "GET", "/api/v1/rewards", cashier).json()["data"]
    reward = min((w for w in rewards if w.get("is_active", True)), key=lambda w: w["points_required"])
    cost = reward["points_required"]
    phone = "0919" + "".join(random.choice("0123456789") for _ in range(6))
    made = request(base, "POST", "/api/v1/customers", cashier, {"name": "Race", "phone": phone})
    if not check(made.status == 201, f"races: creating a customer answered {made.status} {made.body[:200]!r}"):
        return
    customer = made.json()["data"]["id"]
    start_balance = 5 * cost + cost // 2
    added = request(base, "PUT", f"/api/v1/customers/{customer}/points", owner,
                    {"points": start_balance, "reason": "cluster race"})
    check(added.status == 200, f"races: adding points answered {added.status} {added.body[:200]!r}")

    def redeem(_):
        return request(base, "POST", "/api/v1/redemptions", cashier, {"customer_id": customer, "reward_id": reward["id"]},
                       {"Idempotency-Key": str(uuid.uuid4())})

    answers = concurrently(12, redeem)
    ok = [a for a in answers if a.status == 201]
    refused = [a for a in answers if a.status == 409]
    balance = int(cluster.sql.rows(f"SELECT loyalty_points FROM customers WHERE id = {customer}")[0][0])
    check(len(ok) == 5 and len(refused) == 7,
          f"races: 12 redemptions for 5: {sorted(a.status for a in answers)}")
    check(balance == start_balance - 5 * cost, f"races: balance {balance}, expected {start_balance - 5 * cost}")
    figure(f"redemption race: 12 tills at once on a balance for 5 -> {len(ok)} redeemed, {len(refused)} refused "
           f"(409), balance {start_balance} -> {balance}; answered by {served_by(answers)}")

    key = str(uuid.uuid4())
    sale = {"customer_id": customer, "total_cost": "37.250", "invoice_id": f"RACE-{key[:8]}"}

    def sell(_):
        return request(base, "POST", "/api/v1/invoices", cashier, sale, {"Idempotency-Key": key})

    answers = concurrently(20, sell)
    ids = {(a.json() or {}).get("data", {}).get("invoice", {}).get("id") for a in answers}
    stored = int(cluster.sql.rows(f"SELECT COUNT(*) FROM invoices WHERE invoice_number = '{sale['invoice_id']}'")[0][0])
    check(all(a.status in (200, 201) for a in answers) and len(ids) == 1 and stored == 1,
          f"idempotency race: statuses {sorted(a.status for a in answers)}, ids {ids}, stored {stored}, "
          f"refusals {sorted({(a.json() or {}).get('code') for a in answers if a.status >= 400})}")
    figure(f"idempotency race: 20 requests with one key at once -> {stored} sale, {len(ids)} invoice id in all "
           f"{len(answers)} answers; answered by {served_by(answers)}")


def lookup_limit(cluster):
    base = cluster.lb.base
    client = "127.0.0.7"
    statuses, servers = [], []
    for n in range(31):
        status, _doc, headers = request_from(client, base, "POST", "/api/v1/public/points",
                                             {"phone": f"09120{n:05d}"})
        statuses.append(status)
        servers.append(headers.get("x-served-by", "?"))
    first_30 = statuses[:30]
    check(all(s == 200 for s in first_30), f"lookup limit: the first 30 answered {sorted(set(first_30))}")
    check(statuses[30] == 429, f"lookup limit: the 31st answered {statuses[30]}, expected 429")
    check(len(set(servers[:30])) == 3, f"lookup limit: the 30 lookups reached {sorted(set(servers[:30]))}, not all 3")
    # Whichever instance answers next, the client is still refused.
    again = [request_from(client, base, "POST", "/api/v1/public/points", {"phone": "0913000001"}) for _ in range(3)]
    check(all(s == 429 for s, _, _ in again), f"lookup limit: later lookups {[s for s, _, _ in again]}")
    other, _, _ = request_from("127.0.0.8", base, "POST", "/api/v1/public/points", {"phone": "0913000002"})
    check(other == 200, f"lookup limit: another client answered {other}")
    spread = {s: servers[:30].count(s) for s in sorted(set(servers[:30]))}
    figure(f"public lookup limit across instances: lookups 1-30 -> 200 (by instance {spread}), "
           f"31st -> {statuses[30]} (by {servers[30]}), then {[s for s, _, _ in again]} from 3 more; "
           f"another client -> {other}")
    return client


def spoofing(cluster, limited):
    base = cluster.lb.base
    lookup = {"phone": "0913000003"}
    # Through the balancer: the limited client names another address; it is still itself.
    via_lb, _, _ = request_from(limited, base, "POST", "/api/v1/public/points", lookup,
                                {"X-Forwarded-For": "198.51.100.1"})
    check(via_lb == 429, f"spoofing: a limited client with its own X-Forwarded-For through the balancer got {via_lb}")
    # Straight to an instance (an untrusted peer): the header is ignored.
    direct, _, _ = request_from(limited, cluster.apps[1].base, "POST", "/api/v1/public/points", lookup,
                                {"X-Forwarded-For": "198.51.100.2", "Forwarded": "for=198.51.100.3"})
    check(direct == 429, f"spoofing: a limited client straight to an instance with forwarded headers got {direct}")
    # Nor can a client frame another: naming the limited address does not make it limited.
    framed, _, _ = request_from("127.0.0.9", cluster.apps[2].base, "POST", "/api/v1/public/points", lookup,
                                {"X-Forwarded-For": limited})
    check(framed == 200, f"spoofing: a fresh client naming the limited one got {framed}")
    figure(f"X-Forwarded-For written by a client: limited client via the balancer -> {via_lb}, straight to an "
           f"instance -> {direct}; a fresh client naming the limited address -> {framed}")


def failures(ledger, since=None):
    """Requests of the load that failed: no answer, or a 5xx."""
    with ledger.lock:
        window = list(ledger.by_status_window)
    return [(t, s) for t, s, _e, _b in window if (since is None or t >= since) and (s == 0 or s >= 500)]


def kill_under_load(cluster, token, customers, rewards, ledger):
    lb = cluster.lb
    stop, workers = start_load(lb.base, token, customers, rewards, ledger, cluster.args.threads)
    time.sleep(cluster.args.load_seconds)
    victim_name, victim = "app2", cluster.names["app2"]
    before = len(ledger.invoices) + len(ledger.redemptions)
    killed_at = time.monotonic()
    victim.kill()
    to_down = lb.wait_state(victim_name, "DOWN", 15)
    check(to_down is not None and to_down <= 5, f"kill -9: HAProxy marked {victim_name} DOWN after {to_down}s")
    marked_at = time.monotonic()
    time.sleep(cluster.args.load_seconds)
    end_load(stop, workers)
    failed = failures(ledger, since=killed_at)
    after_down = [f for f in failed if f[0] > marked_at + 0.5]
    check(not after_down, f"kill -9: {len(after_down)} failed requests after the instance was out: {after_down[:5]}")
    acked = len(ledger.invoices) + len(ledger.redemptions)
    check(acked > before, "kill -9: no write acknowledged after the kill")
    n_inv, n_red = crash.check_acknowledged(cluster.sql, ledger, "kill -9")
    crash.check_ledger(cluster.sql, "kill -9")
    retried = crash.check_retries(lb.base, token, cluster.sql, ledger, "kill -9")
    down = f"{to_down:.1f}s" if to_down is not None else "never"
    figure(f"kill -9 of one instance under a write load ({cluster.args.threads} tills): out of rotation in {down}; "
           f"{len(failed)} requests failed, all in flight before that ({len(after_down)} after); {n_inv} sales + "
           f"{n_red} redemptions acknowledged, all stored; ledger = every balance; {retried} retries same answer")
    victim.start()
    check(lb.wait_state(victim_name, "UP", 20) is not None, f"kill -9: {victim_name} did not come back UP")


def rolling_restart(cluster, token, customers, rewards, ledger):
    lb = cluster.lb
    mark = time.monotonic()
    counted_before = sum(ledger.statuses.values())
    stop, workers = start_load(lb.base, token, customers, rewards, ledger, cluster.args.threads)
    time.sleep(cluster.args.load_seconds / 2)
    steps = []
    for name, app in cluster.names.items():
        t0 = time.monotonic()
        app.proc.send_signal(signal.SIGTERM)
        out = lb.wait_state(name, "DOWN", 15)
        try:
            app.proc.wait(timeout=DRAIN_SECONDS + 15)
        except subprocess.TimeoutExpired:
            fail(f"rolling restart: {name} did not exit after SIGTERM")
            app.kill()
        exited = time.monotonic() - t0
        check(app.proc.returncode == 0, f"rolling restart: {name} exited with {app.proc.returncode}")
        app.start()
        back = lb.wait_state(name, "UP", 30)
        check(back is not None, f"rolling restart: {name} did not come back UP")
        steps.append(f"{name}: out {out:.1f}s, exited {exited:.1f}s, back {time.monotonic() - t0:.1f}s"
                     if out is not None and back is not None else f"{name}: {out} {back}")
        time.sleep(0.5)
    time.sleep(cluster.args.load_seconds / 2)
    end_load(stop, workers)
    failed = failures(ledger, since=mark)
    total = sum(ledger.statuses.values()) - counted_before
    check(not failed, f"rolling restart: {len(failed)} failed requests (statuses {sorted({s for _, s in failed})})")
    crash.check_acknowledged(cluster.sql, ledger, "rolling restart")
    crash.check_ledger(cluster.sql, "rolling restart")
    figure(f"rolling restart of all 3 under the write load: {total} requests in {time.monotonic() - mark:.0f}s, "
           f"{len(failed)} failed; {'; '.join(steps)}")


# --- the read replica -----------------------------------------------------------------------

REPLICA_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "replica-start.sh")
DASHBOARDS = ("/api/v1/store-owner/summary", "/api/v1/store-owner/liability", "/api/v1/customers/store-owner-overview")


def replica_ctl(action=None):
    """scripts/replica-start.sh: starts the replica (and waits until it takes connections), or
    `stop`s it."""
    out = subprocess.run([REPLICA_SCRIPT] + ([action] if action else []), capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        raise RuntimeError(f"replica-start.sh {action or ''}: {out.stderr.strip()[-500:]}")


def replica_states(cluster):
    """Each instance's `replica` from /api/v1/ready (None when it did not answer)."""
    out = {}
    for name, app in cluster.names.items():
        r = request(app.base, "GET", "/api/v1/ready", timeout=5)
        out[name] = (r.json() or {}).get("data", {}).get("replica") if r.status == 200 else None
    return out


def wait_replicas(cluster, wanted, limit):
    """Seconds until every instance's replica state satisfies `wanted`, or None; and the last states."""
    started = time.monotonic()
    while True:
        states = replica_states(cluster)
        if all(s is not None and wanted(s) for s in states.values()):
            return time.monotonic() - started, states
        if time.monotonic() - started > limit:
            return None, states
        time.sleep(0.1)


def replica_connections(cluster):
    """Client connections to the test's database on the replica (the instances': each monitor
    holds one, the rest are replica reads'), this one left out."""
    rows = Sql(cluster.read_url).rows(
        "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() "
        "AND backend_type = 'client backend' AND pid <> pg_backend_pid()")
    return int(rows[0][0])


class ReadLoad:
    """Public lookups (each from its own client address, so the per-client limit never
    answers) and the owner's dashboards through the balancer: the reads the replica serves."""

    def __init__(self, base, owner, threads):
        self.base, self.owner = base, owner
        self.lock = threading.Lock()
        self.done = []  # (time, status, what)
        self.counter = 0
        self.stop = threading.Event()
        self.workers = [threading.Thread(target=self.work, args=(random.Random(i),), daemon=True) for i in range(threads)]
        for w in self.workers:
            w.start()

    def work(self, rnd):
        while not self.stop.is_set():
            if rnd.random() < 0.5:
                with self.lock:
                    self.counter += 1
                    n = self.counter
                source = f"127.77.{n // 250 % 250}.{n % 250 + 1}"
                phone = "0917" + "".join(rnd.choice("0123456789") for _ in range(6))
                status, _, _ = request_from(source, self.base, "POST", "/api/v1/public/points", {"phone": phone}, timeout=20)
                what = "lookup"
            else:
                what = rnd.choice(DASHBOARDS)
                status = request(self.base, "GET", what, self.owner, timeout=20).status
            with self.lock:
                self.done.append((time.monotonic(), status, what))
            if status == 0:
                time.sleep(0.05)

    def end(self):
        self.stop.set()
        for w in self.workers:
            w.join(timeout=60)

    def since(self, mark):
        with self.lock:
            return [d for d in self.done if d[0] >= mark]


def replica_stopped_under_load(cluster, cashier, owner, customers, rewards):
    took, states = wait_replicas(cluster, lambda s: s["serving"], 30)
    if not check(took is not None, f"replica: not serving on every instance: {states}"):
        return
    ledger = Ledger()
    threads = max(2, cluster.args.threads // 2)
    mark = time.monotonic()
    stop, workers = start_load(cluster.lb.base, cashier, customers, rewards, ledger, threads)
    reads = ReadLoad(cluster.lb.base, owner, threads)
    stopped = False
    try:
        time.sleep(cluster.args.load_seconds / 2)
        before = replica_connections(cluster)
        t0 = time.monotonic()
        replica_ctl("stop")
        stopped = True
        stop_took = time.monotonic() - t0
        out, states = wait_replicas(cluster, lambda s: not s["reachable"] and not s["serving"], 15)
        check(out is not None, f"replica stopped: /ready still reports it on some instance: {states}")
        down_from = time.monotonic()
        time.sleep(cluster.args.load_seconds)
        on_primary = len(reads.since(down_from))
        t0 = time.monotonic()
        replica_ctl()
        stopped = False
        back, states = wait_replicas(cluster, lambda s: s["serving"], 30)
        check(back is not None, f"replica started again: not serving on every instance: {states}")
        back_total = time.monotonic() - t0
        time.sleep(cluster.args.load_seconds / 2)
        again = replica_connections(cluster)
    finally:
        reads.end()
        end_load(stop, workers)
        if stopped:
            replica_ctl()
    # Each monitor holds one connection there: more are replica reads'.
    monitors = len(cluster.apps)
    check(before > monitors, f"replica: before the stop only {before} connections on it (the monitors' {monitors})")
    check(again > monitors, f"replica: after it came back only {again} connections on it (the monitors' {monitors})")
    done = reads.since(mark)
    bad = [d for d in done if d[1] != 200]
    check(not bad, f"replica stopped under load: {len(bad)} of {len(done)} reads failed: {bad[:5]}")
    failed = failures(ledger, since=mark)
    check(not failed, f"replica stopped under load: {len(failed)} writes failed: {failed[:5]}")
    lookups = sum(1 for d in done if d[2] == "lookup")
    writes = sum(ledger.statuses.values())
    figure(f"replica stopped under load ({threads} readers: lookups and the owner's dashboards; {threads} tills): "
           f"{len(done)} reads ({lookups} lookups) + {writes} writes, {len(bad)} + {len(failed)} failed; "
           f"/ready on all 3: unreachable {out:.1f}s after the stop ({stop_took:.1f}s to stop), {on_primary} reads "
           f"answered by the primary meanwhile; serving again {back:.1f}s after the start ({back_total:.1f}s with "
           f"the start); connections of the instances on the replica {before} before, {again} after (3 are the "
           f"monitors')" if out is not None and back is not None else
           f"replica stopped under load: {len(done)} reads, {len(bad)} failed; /ready {out} {back}")


def caught_up(cluster, limit=120):
    """Waits until the replica has replayed everything the primary wrote before now; seconds taken."""
    lsn = cluster.sql.rows("SELECT pg_current_wal_lsn()")[0][0]
    started = time.monotonic()
    while time.monotonic() - started < limit:
        if Sql(cluster.read_url).rows(f"SELECT pg_last_wal_replay_lsn() >= '{lsn}'::pg_lsn")[0][0] == "t":
            return time.monotonic() - started
        time.sleep(0.2)
    return None


def lag_during_export(cluster, cashier, owner, customers, rewards):
    extra = cluster.args.export_rows
    owned = ("FROM invoices JOIN stores ON stores.id = invoices.store_id JOIN users ON users.id = stores.owner_id "
             f"WHERE users.email = '{OWNER[0]}'")
    # Many invoices for the owner's first customer (no points: the ledger stays as it is).
    cluster.sql.rows(
        "INSERT INTO invoices (store_id, customer_id, pos_user_id, invoice_number, total_dirhams, points_earned, "
        "created_at, updated_at) "
        f"SELECT c.store_id, c.id, NULL, NULL, 1000 + n, 0, now(), now() FROM generate_series(1, {extra}) n, "
        "(SELECT customers.id, customers.store_id FROM customers JOIN stores ON stores.id = customers.store_id "
        f"JOIN users ON users.id = stores.owner_id WHERE users.email = '{OWNER[0]}' ORDER BY customers.id LIMIT 1) c")
    replayed = caught_up(cluster)
    if not check(replayed is not None, "export: the replica did not replay the seeded invoices within 120 s"):
        return
    took, states = wait_replicas(cluster, lambda s: s["serving"], 30)
    if not check(took is not None, f"export: the replica is not serving on every instance: {states}"):
        return
    samples = []  # (instance, lag_ms or None, serving)
    sampling = threading.Event()

    def sample():
        while not sampling.is_set():
            for name, state in replica_states(cluster).items():
                if state is not None:
                    samples.append((name, state["lag_ms"], state["serving"]))
            time.sleep(0.25)

    ledger = Ledger()
    threads = max(2, cluster.args.threads // 2)
    mark = time.monotonic()
    stop, workers = start_load(cluster.lb.base, cashier, customers, rewards, ledger, threads)
    sampler = threading.Thread(target=sample, daemon=True)
    try:
        time.sleep(1)
        sampler.start()
        sales_before = len(ledger.invoices)
        t0 = time.monotonic()
        r = request(cluster.lb.base, "GET", "/api/v1/exports/invoices", owner, timeout=60)
        seconds = time.monotonic() - t0
        sales = len(ledger.invoices) - sales_before
        time.sleep(1)
    finally:
        sampling.set()
        end_load(stop, workers)
        if sampler.is_alive():
            sampler.join(timeout=30)
    if not check(r.status == 200, f"export: answered {r.status} {r.body[:200]!r}"):
        return
    rows = list(csv.reader(io.StringIO(r.body.decode("utf-8-sig"))))[1:]
    announced = int(r.headers.get("x-export-rows", "-1"))
    in_db = int(cluster.sql.rows(f"SELECT COUNT(*) {owned}")[0][0])
    ids = [int(row[0]) for row in rows]
    check(all(a < b for a, b in zip(ids, ids[1:])), "export: invoice ids not strictly increasing")
    # X-Export-Rows is the file's rows exactly, sales in flight at its start included (the start
    # waits for them: `export_last_id`; before, the file held up to one row per till more).
    check(announced > extra and announced == len(rows),
          f"export: {len(rows)} rows in the file, {announced} announced, {extra} seeded, {threads} tills")
    check(len(rows) <= in_db, f"export: {len(rows)} rows in the file, {in_db} in the database")
    check(sales > 0, "export: no sale acknowledged while the export ran")
    failed = failures(ledger, since=mark)
    check(not failed, f"export: {len(failed)} writes failed under it: {failed[:5]}")
    lags = sorted(lag for _, lag, _ in samples if lag is not None)
    unknown = sum(1 for _, lag, _ in samples if lag is None)
    check(samples and not unknown, f"export: {unknown} of {len(samples)} /ready samples without a lag")
    if not lags:
        return
    serving = sum(1 for *_, s in samples if s)
    figure(f"replica lag under an export of {len(rows)} invoices ({len(r.body) / 1e6:.1f} MB, {seconds:.1f}s through "
           f"the balancer; X-Export-Rows {announced}) and {threads} tills ({sales} sales meanwhile): lag_ms max {lags[-1]}, median "
           f"{statistics.median(lags):g} over {len(samples)} samples of /ready on the 3 instances, serving in "
           f"{serving}; the seeded {extra} rows replayed in {replayed:.1f}s")


def run_test(cluster):
    base = cluster.lb.base
    cashier = sign_in(base, crash.CASHIER)
    owner = sign_in(base, OWNER)
    customers, rewards = crash.cashier_targets(base, cashier)
    log(f"cluster up: HAProxy {base} -> {[a.base for a in cluster.apps]}; {len(customers)} customers")
    tally = {}
    for r in [request(base, "GET", "/api/v1/health") for _ in range(9)]:
        tally[r.headers.get("x-served-by", "?")] = tally.get(r.headers.get("x-served-by", "?"), 0) + 1
    check(len(tally) == 3, f"9 requests reached {tally}, not all 3 instances")
    checks = {int(c) for c in cluster.args.checks.split(",")}
    if cluster.read_url:
        took, states = wait_replicas(cluster, lambda s: s["serving"], 30)
        check(took is not None, f"the replica is not serving on every instance: {states}")
    if 1 in checks:
        races(cluster, cashier, owner)
    if 2 in checks:
        limited = lookup_limit(cluster)
        if 3 in checks:
            spoofing(cluster, limited)
    ledger = Ledger()
    if 4 in checks:
        kill_under_load(cluster, cashier, customers, rewards, ledger)
    if 5 in checks:
        rolling_restart(cluster, cashier, customers, rewards, ledger)
    if ledger.statuses:
        figure(f"write load statuses over both: {dict(sorted(ledger.statuses.items()))}")
    if 6 in checks:
        if not check(cluster.read_url, "no replica (--replica-url) for check 6"):
            return
        replica_stopped_under_load(cluster, cashier, owner, customers, rewards)
        lag_during_export(cluster, cashier, owner, customers, rewards)


def write_docs(path, seconds):
    """Replaces the block between the cluster:results markers with this run's figures."""
    start, end = "<!-- cluster:results:start -->", "<!-- cluster:results:end -->"
    with open(path) as f:
        text = f.read()
    if start not in text:
        return
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    lines = [f"Last run: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, commit {commit or '?'}, "
             f"{os.cpu_count()} cores (load average {os.getloadavg()[0]:.1f} at the end), {seconds:.0f} s in all.", ""]
    lines += [f"- {line}" for line in FIGURES]
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    with open(path, "w") as f:
        f.write(f"{head}{start}\n" + "\n".join(lines) + f"\n{end}{tail}")
    log(f"wrote {path}")


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bin", required=True, help="the loyalty binary")
    p.add_argument("--config", default=os.path.join(root, "deploy", "haproxy.cfg"))
    p.add_argument("--port", type=int, default=18300, help="HAProxy's port; the instances use the next three")
    p.add_argument("--pg-admin-url", default="postgres://postgres:postgres@127.0.0.1:5432/postgres")
    p.add_argument("--pg-db", default="loyalty_cluster")
    p.add_argument("--threads", type=int, default=8, help="tills in the write load")
    p.add_argument("--load-seconds", type=float, default=4.0)
    p.add_argument("--replica-url", help="the streaming replica of the PostgreSQL server (scripts/replica-start.sh); "
                   "the instances read the test's database there")
    p.add_argument("--export-rows", type=int, default=150000, help="invoices seeded for the export of check 6")
    p.add_argument("--checks", default="1,2,3,4,5,6", help="which checks to run (1-6), for working on one")
    p.add_argument("--serve", action="store_true", help="start the cluster and keep it up until Ctrl-C")
    p.add_argument("--keep", action="store_true", help="keep the work folder (logs)")
    p.add_argument("--write-docs", action="store_true", help="put the figures into docs/deploy.md when all passed")
    args = p.parse_args()
    args.bin = os.path.realpath(args.bin)
    args.config = os.path.realpath(args.config)

    workdir = tempfile.mkdtemp(prefix="loyalty-cluster-")
    cluster = Cluster(args, workdir)
    started = time.monotonic()
    try:
        cluster.start()
        if args.serve:
            log(f"HAProxy on {cluster.lb.base} (runtime API {cluster.lb.socket}); instances "
                f"{', '.join(a.base for a in cluster.apps)}; database {args.pg_db}"
                f"{f' (reads on the replica, {cluster.read_url})' if cluster.read_url else ''}; logs in {workdir}. "
                "Ctrl-C stops.")
            try:
                signal.pause()
            except KeyboardInterrupt:
                pass
            return 0
        run_test(cluster)
    except Exception as e:  # noqa: BLE001 - any crash of the script itself is a failure
        fail(f"aborted: {e}")
    finally:
        cluster.stop()
    status = crash.report("cluster test (3 instances, one PostgreSQL, HAProxy)", FIGURES, started, workdir, args.keep)
    if status == 0 and args.write_docs:
        write_docs(os.path.join(root, "docs", "deploy.md"), time.monotonic() - started)
    return status


if __name__ == "__main__":
    sys.exit(main())
