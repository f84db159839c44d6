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
     /api/v1/ready, started again, back in rotation): 0 failed requests.

Python standard library only, plus psql; reuses scripts/crash/crash.py. Exit status 0 when every
check passed.
"""

import argparse
import concurrent.futures
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
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
        self.apps = [crash.Server(args.bin, self.db_url, p, workdir, settings) for p in ports]
        self.names = {f"app{i}": app for i, app in enumerate(self.apps, 1)}
        self.lb = Balancer(args.config, args.port, ports, workdir)
        self.sql = Sql(self.db_url)

    def create_database(self):
        quiet = dict(os.environ, PGOPTIONS="-c client_min_messages=warning")
        for q in (f"DROP DATABASE IF EXISTS {self.args.pg_db} WITH (FORCE)", f"CREATE DATABASE {self.args.pg_db}"):
            subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", self.args.pg_admin_url, "-c", q], check=True,
                           timeout=60, env=quiet)

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
    races(cluster, cashier, owner)
    limited = lookup_limit(cluster)
    spoofing(cluster, limited)
    ledger = Ledger()
    kill_under_load(cluster, cashier, customers, rewards, ledger)
    rolling_restart(cluster, cashier, customers, rewards, ledger)
    statuses = dict(sorted(ledger.statuses.items()))
    figure(f"write load statuses over both: {statuses}")


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
                f"{', '.join(a.base for a in cluster.apps)}; database {args.pg_db}; logs in {workdir}. Ctrl-C stops.")
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
