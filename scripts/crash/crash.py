#!/usr/bin/env python3
"""Crash test: acknowledged writes survive SIGKILL of the server and a stop of PostgreSQL.

Python standard library only, plus the sqlite3 and psql command-line tools.

SQLite (``--sqlite-cycles`` kill cycles on one database file):
  1. start ``loyalty serve`` on a fresh demo database (a fixed JWT secret, so tokens survive
     restarts), sign in as the demo cashier;
  2. run a concurrent write load: invoices and redemptions with an ``Idempotency-Key``, manual
     points; remember every acknowledged (2xx) write with its id;
  3. SIGKILL the server in the middle of the load;
  4. ``PRAGMA integrity_check`` and ``PRAGMA foreign_key_check`` on the crashed file;
  5. restart on the same file and check: every acknowledged invoice and redemption is there
     (SQL and the API), each with its ledger row, the ledger sum equals every customer's
     balance, and a retry of acknowledged requests with the same Idempotency-Key answers the
     same invoice/redemption and changes nothing.

PostgreSQL (``--pg``): the same load on a dedicated database; PostgreSQL is stopped under load
(``pg_ctlcluster ... stop -m immediate``): while it is down the server must answer 503 with the
JSON error body quickly (never 500, never hang); after PostgreSQL starts again the server must
answer 2xx again by itself (no restart) and the same checks as above must pass.

Exit status 0 when every check passed; 1 otherwise. A short summary is printed at the end.
"""

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid

JWT_SECRET = "crash-test-secret-0123456789-abcdefghijklmnop"
CASHIER = ("cashier@demo.ly", "demo1234")
FAILURES = []
SUMMARY = []


def log(msg):
    print(f"[crash] {msg}", flush=True)


def fail(msg):
    FAILURES.append(msg)
    print(f"[crash] FAIL: {msg}", flush=True)


def check(cond, msg):
    if not cond:
        fail(msg)
    return cond


# --- HTTP -----------------------------------------------------------------------------------


class Response:
    def __init__(self, status, body, elapsed, headers=None):
        self.status = status
        self.body = body
        self.elapsed = elapsed
        self.headers = headers or {}

    def json(self):
        try:
            return json.loads(self.body)
        except (ValueError, TypeError):
            return None


def lower(headers):
    return {k.lower(): v for k, v in headers.items()}


def request(base, method, path, token=None, body=None, headers=None, timeout=30):
    """One HTTP request; status 0 means no answer (connection refused/reset, timeout)."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    for k, v in (headers or {}).items():
        req.add_header(k, v)
    started = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return Response(resp.status, resp.read(), time.monotonic() - started, lower(resp.headers))
    except urllib.error.HTTPError as e:
        try:
            payload = e.read()
        except Exception:  # noqa: BLE001 - the body of a broken answer does not matter
            payload = b""
        return Response(e.code, payload, time.monotonic() - started, lower(e.headers or {}))
    except Exception:  # noqa: BLE001 - refused, reset, timed out: no answer
        return Response(0, b"", time.monotonic() - started)


# --- the server -----------------------------------------------------------------------------


class Server:
    def __init__(self, binary, db_url, port, workdir, settings=None):
        self.binary = binary
        self.db_url = db_url
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.log_path = os.path.join(workdir, f"server-{port}.log")
        self.proc = None
        self.settings = settings or {}  # more LOYALTY_... variables, over the ones below

    def start(self):
        env = dict(os.environ)
        env.update(
            {
                "DATABASE_URL": self.db_url,
                "LOYALTY_DEMO": "1",
                "LOYALTY_JWT_SECRET": JWT_SECRET,
                "LOYALTY_BIND": f"127.0.0.1:{self.port}",
                "LOYALTY_LOGIN_PER_ACCOUNT": "100000",
                "LOYALTY_LOGIN_PER_CLIENT": "100000",
                "LOYALTY_REGISTER_PER_CLIENT": "100000",
                "LOYALTY_REGISTER_PER_HOUR": "100000",
                "LOYALTY_PUBLIC_PER_CLIENT": "100000",
                "LOYALTY_PUBLIC_PER_PHONE": "100000",
                "RUST_LOG": env.get("RUST_LOG", "warn"),
            }
        )
        env.update(self.settings)
        logf = open(self.log_path, "ab")  # noqa: SIM115 - the child keeps it open
        logf.write(f"\n===== start {time.strftime('%H:%M:%S')} =====\n".encode())
        logf.flush()
        self.proc = subprocess.Popen([self.binary, "serve"], env=env, stdout=logf, stderr=subprocess.STDOUT)
        logf.close()
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}; see {self.log_path}")
            if request(self.base, "GET", "/api/v1/health", timeout=2).status == 200:
                return
            time.sleep(0.2)
        raise RuntimeError(f"server did not become healthy; see {self.log_path}")

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()

    def tail(self, n=30):
        try:
            with open(self.log_path, errors="replace") as f:
                return "".join(f.readlines()[-n:])
        except OSError:
            return ""


def login(base):
    r = request(base, "POST", "/api/v1/auth/login", body={"email": CASHIER[0], "password": CASHIER[1]})
    if r.status != 200:
        raise RuntimeError(f"login failed: {r.status} {r.body[:200]!r}")
    return r.json()["data"]["token"]


# --- the database, seen from outside --------------------------------------------------------


class Sql:
    """Runs SQL through the sqlite3 or psql command-line tool; rows as lists of strings."""

    def __init__(self, db_url):
        self.db_url = db_url
        self.sqlite = db_url.startswith("sqlite:")

    def rows(self, query):
        if self.sqlite:
            path = self.db_url.split("sqlite://", 1)[1]
            cmd = ["sqlite3", "-batch", "-separator", "|", path, query]
        else:
            cmd = ["psql", "-X", "-q", "-At", "-F", "|", "-v", "ON_ERROR_STOP=1", self.db_url, "-c", query]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if out.returncode != 0:
            raise RuntimeError(f"{cmd[0]} failed: {out.stderr.strip()}")
        return [line.split("|") for line in out.stdout.splitlines() if line != ""]

    def ids(self, query):
        return {int(r[0]) for r in self.rows(query)}


# --- the load -------------------------------------------------------------------------------


class Ledger:
    """What the server acknowledged, shared by the load threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.invoices = {}  # id -> (key, body, points_added, customer_id)
        self.redemptions = {}  # id -> (key, body, points_deducted, customer_id)
        self.points = 0  # acknowledged manual additions
        self.statuses = {}  # status -> count
        self.by_status_window = []  # (time, status, elapsed) for the PostgreSQL run
        self.bad_bodies = []

    def note(self, status, elapsed, body=None):
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1
            self.by_status_window.append((time.monotonic(), status, elapsed, body))


def load_worker(base, token, customers, rewards, ledger, stop, seed):
    rnd = random.Random(seed)
    while not stop.is_set():
        customer = rnd.choice(customers)
        op = rnd.random()
        if op < 0.6:
            key = str(uuid.uuid4())
            body = {"customer_id": customer, "total_cost": f"{rnd.randint(1, 400)}.{rnd.randint(0, 999):03d}"}
            if rnd.random() < 0.5:
                body["invoice_id"] = f"CR-{key[:13]}"
            r = request(base, "POST", "/api/v1/invoices", token, body, {"Idempotency-Key": key}, timeout=20)
            ledger.note(r.status, r.elapsed, r.body if r.status >= 500 else None)
            if 200 <= r.status < 300:
                data = r.json()["data"]
                with ledger.lock:
                    ledger.invoices[data["invoice"]["id"]] = (key, body, data["points_added"], customer)
        elif op < 0.85 and rewards:
            key = str(uuid.uuid4())
            body = {"customer_id": customer, "reward_id": rnd.choice(rewards)}
            r = request(base, "POST", "/api/v1/redemptions", token, body, {"Idempotency-Key": key}, timeout=20)
            ledger.note(r.status, r.elapsed, r.body if r.status >= 500 else None)
            if 200 <= r.status < 300:
                data = r.json()["data"]
                with ledger.lock:
                    ledger.redemptions[data["redemption"]["id"]] = (key, body, data["points_deducted"], customer)
        else:
            body = {"points": rnd.randint(1, 50), "reason": "crash test"}
            r = request(base, "PUT", f"/api/v1/customers/{customer}/points", token, body, timeout=20)
            ledger.note(r.status, r.elapsed, r.body if r.status >= 500 else None)
            if 200 <= r.status < 300:
                with ledger.lock:
                    ledger.points += 1
        if r.status == 0:
            time.sleep(0.05)  # the server is gone; do not spin


def start_load(base, token, customers, rewards, ledger, threads):
    stop = threading.Event()
    workers = [
        threading.Thread(
            target=load_worker,
            args=(base, token, customers, rewards, ledger, stop, random.random()),
            daemon=True,
        )
        for _ in range(threads)
    ]
    for w in workers:
        w.start()
    return stop, workers


def end_load(stop, workers):
    stop.set()
    for w in workers:
        w.join(timeout=60)


def cashier_targets(base, token):
    r = request(base, "GET", "/api/v1/customers?per_page=100", token)
    customers = [c["id"] for c in r.json()["data"]] if r.status == 200 else []
    r = request(base, "GET", "/api/v1/rewards", token)
    rewards = [w["id"] for w in r.json()["data"] if w.get("is_active", True)] if r.status == 200 else []
    if not customers:
        raise RuntimeError("the demo cashier sees no customers")
    return customers, rewards


# --- the checks -----------------------------------------------------------------------------


def check_acknowledged(sql, ledger, label):
    with ledger.lock:
        invoices = dict(ledger.invoices)
        redemptions = dict(ledger.redemptions)
    have_inv = sql.ids("SELECT id FROM invoices")
    missing = sorted(set(invoices) - have_inv)
    check(not missing, f"{label}: {len(missing)} acknowledged invoices are missing, e.g. {missing[:5]}")
    have_red = sql.ids("SELECT id FROM redemptions")
    missing = sorted(set(redemptions) - have_red)
    check(not missing, f"{label}: {len(missing)} acknowledged redemptions are missing, e.g. {missing[:5]}")
    # Each acknowledged write that moved points has its ledger row.
    inv_ledger = sql.ids("SELECT invoice_id FROM points_ledger WHERE kind = 'invoice' AND invoice_id IS NOT NULL")
    no_row = sorted(i for i, v in invoices.items() if v[2] > 0 and i not in inv_ledger)
    check(not no_row, f"{label}: {len(no_row)} acknowledged invoices have no ledger row, e.g. {no_row[:5]}")
    red_ledger = sql.ids("SELECT redemption_id FROM points_ledger WHERE redemption_id IS NOT NULL")
    no_row = sorted(i for i in redemptions if i not in red_ledger)
    check(not no_row, f"{label}: {len(no_row)} acknowledged redemptions have no ledger row, e.g. {no_row[:5]}")
    # The stored amounts are the acknowledged ones.
    rows = sql.rows("SELECT id, customer_id, points_earned FROM invoices")
    stored = {int(r[0]): (int(r[1]), int(r[2])) for r in rows}
    wrong = [i for i, v in invoices.items() if i in stored and stored[i] != (v[3], v[2])]
    check(not wrong, f"{label}: acknowledged invoices stored with other customer/points: {wrong[:5]}")
    return len(invoices), len(redemptions)


def check_ledger(sql, label):
    rows = sql.rows(
        "SELECT c.id, c.loyalty_points, COALESCE(SUM(l.delta), 0) FROM customers c "
        "LEFT JOIN points_ledger l ON l.customer_id = c.id GROUP BY c.id, c.loyalty_points "
        "HAVING c.loyalty_points <> COALESCE(SUM(l.delta), 0)"
    )
    check(not rows, f"{label}: ledger sum differs from the balance for {len(rows)} customers: {rows[:5]}")
    rows = sql.rows("SELECT COUNT(*) FROM customers WHERE loyalty_points < 0")
    check(rows[0][0] == "0", f"{label}: {rows[0][0]} customers with a negative balance")
    # The newest ledger row of each customer carries the balance.
    rows = sql.rows(
        "SELECT c.id, c.loyalty_points, l.balance_after FROM customers c JOIN points_ledger l "
        "ON l.id = (SELECT MAX(id) FROM points_ledger WHERE customer_id = c.id) "
        "WHERE l.balance_after <> c.loyalty_points"
    )
    check(not rows, f"{label}: newest ledger row's balance_after differs from the balance: {rows[:5]}")


def check_sqlite_file(path, label):
    sql = Sql("sqlite://" + path)
    rows = sql.rows("PRAGMA integrity_check")
    ok = check(rows == [["ok"]], f"{label}: PRAGMA integrity_check: {rows[:5]}")
    rows = sql.rows("PRAGMA foreign_key_check")
    ok = check(not rows, f"{label}: PRAGMA foreign_key_check: {rows[:5]}") and ok
    return ok


def check_retries(base, token, sql, ledger, label, sample=20):
    """Acknowledged requests sent again with their key: the same answer, nothing more."""
    with ledger.lock:
        invoices = list(ledger.invoices.items())
        redemptions = list(ledger.redemptions.items())
    rnd = random.Random(7)
    picked_inv = rnd.sample(invoices, min(sample, len(invoices)))
    picked_red = rnd.sample(redemptions, min(sample // 2, len(redemptions)))
    count = lambda: sql.rows(  # noqa: E731
        "SELECT (SELECT COUNT(*) FROM invoices), (SELECT COUNT(*) FROM redemptions), "
        "(SELECT COUNT(*) FROM points_ledger), (SELECT SUM(loyalty_points) FROM customers)"
    )[0]
    before = count()
    for inv_id, (key, body, _points, _customer) in picked_inv:
        r = request(base, "POST", "/api/v1/invoices", token, body, {"Idempotency-Key": key})
        got = r.json()["data"]["invoice"]["id"] if 200 <= r.status < 300 and r.json() else None
        check(got == inv_id, f"{label}: retry of invoice {inv_id} answered {r.status} with id {got}")
    for red_id, (key, body, _points, _customer) in picked_red:
        r = request(base, "POST", "/api/v1/redemptions", token, body, {"Idempotency-Key": key})
        got = r.json()["data"]["redemption"]["id"] if 200 <= r.status < 300 and r.json() else None
        check(got == red_id, f"{label}: retry of redemption {red_id} answered {r.status} with id {got}")
    after = count()
    check(before == after, f"{label}: retries changed counts/points {before} -> {after}")
    return len(picked_inv) + len(picked_red)


def check_api_sees(base, token, ledger, label, sample=15):
    """A sample of acknowledged invoices is listed in its customer's invoices by the API."""
    with ledger.lock:
        invoices = list(ledger.invoices.items())
    by_customer = {}
    for inv_id, (_k, _b, _p, customer) in invoices:
        by_customer.setdefault(customer, set()).add(inv_id)
    seen_missing = []
    for customer in random.Random(3).sample(sorted(by_customer), min(sample, len(by_customer))):
        listed, page = set(), 1
        while True:
            r = request(base, "GET", f"/api/v1/customers/{customer}/invoices?per_page=100&page={page}", token)
            if r.status != 200:
                fail(f"{label}: GET customer {customer} invoices answered {r.status}")
                return
            doc = r.json()
            listed |= {i["id"] for i in doc["data"]}
            if page * doc["meta"]["per_page"] >= doc["meta"]["total"] or not doc["data"]:
                break
            page += 1
        seen_missing += sorted(by_customer[customer] - listed)
    check(not seen_missing, f"{label}: the API does not list acknowledged invoices {seen_missing[:5]}")


# --- SQLite ---------------------------------------------------------------------------------


def run_sqlite(args, workdir):
    path = os.path.join(workdir, "crash.db")
    db_url = "sqlite://" + path
    server = Server(args.bin, db_url, args.port, workdir)
    sql = Sql(db_url)
    ledger = Ledger()
    server.start()
    token = login(server.base)
    customers, rewards = cashier_targets(server.base, token)
    log(f"sqlite: demo cashier sees {len(customers)} customers, {len(rewards)} rewards")
    check_ledger(sql, "sqlite before load")
    rnd = random.Random()
    for cycle in range(1, args.sqlite_cycles + 1):
        label = f"sqlite cycle {cycle}"
        before = len(ledger.invoices) + len(ledger.redemptions)
        stop, workers = start_load(server.base, token, customers, rewards, ledger, args.threads)
        time.sleep(rnd.uniform(args.load_seconds * 0.6, args.load_seconds * 1.2))
        server.kill()  # SIGKILL while the load threads still send
        end_load(stop, workers)
        acked = len(ledger.invoices) + len(ledger.redemptions) - before
        log(f"{label}: SIGKILL after {acked} acknowledged invoices/redemptions this cycle")
        check(acked > 0, f"{label}: no write was acknowledged before the kill")
        check_sqlite_file(path, label + " (crashed file)")
        server.start()  # same file, same secret: the token still works
        n_inv, n_red = check_acknowledged(sql, ledger, label)
        check_ledger(sql, label)
        check_api_sees(server.base, token, ledger, label)
        retried = check_retries(server.base, token, sql, ledger, label)
        log(f"{label}: {n_inv} invoices + {n_red} redemptions acknowledged so far all present; {retried} retries same")
    server.stop()
    check_sqlite_file(path, "sqlite after clean stop")
    bad = {s: n for s, n in ledger.statuses.items() if s >= 500}
    check(not bad, f"sqlite: 5xx answers under load: {bad}; e.g. {[b for *_, b in ledger.by_status_window if b][:2]}")
    SUMMARY.append(
        f"sqlite: {args.sqlite_cycles} SIGKILL cycles, {len(ledger.invoices)} invoices + "
        f"{len(ledger.redemptions)} redemptions + {ledger.points} point additions acknowledged, all present; "
        f"ledger = balances; integrity ok; statuses {dict(sorted(ledger.statuses.items()))}"
    )


# --- PostgreSQL -----------------------------------------------------------------------------


def pg_version():
    versions = sorted(os.listdir("/usr/lib/postgresql"), key=lambda v: float(v))
    return versions[-1]


def pg_ctl(action, mode=None):
    cmd = ["pg_ctlcluster", pg_version(), "main", action]
    if mode:
        cmd += ["-m", mode]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if out.returncode != 0 and action == "start" and "already running" not in out.stderr:
        raise RuntimeError(f"{' '.join(cmd)}: {out.stderr.strip()}")


def pg_ready():
    return subprocess.run(["pg_isready", "-q", "-h", "127.0.0.1"]).returncode == 0


def run_postgres(args, workdir):
    admin_url = args.pg_admin_url
    db = args.pg_db
    quiet = dict(os.environ, PGOPTIONS="-c client_min_messages=warning")
    for q in (f"DROP DATABASE IF EXISTS {db} WITH (FORCE)", f"CREATE DATABASE {db}"):
        subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", admin_url, "-c", q], check=True, timeout=60, env=quiet)
    db_url = admin_url.rsplit("/", 1)[0] + "/" + db
    server = Server(args.bin, db_url, args.port + 1, workdir)
    sql = Sql(db_url)
    ledger = Ledger()
    server.start()
    token = login(server.base)
    customers, rewards = cashier_targets(server.base, token)
    log(f"postgres: demo cashier sees {len(customers)} customers, {len(rewards)} rewards")
    try:
        stop, workers = start_load(server.base, token, customers, rewards, ledger, args.threads)
        time.sleep(args.load_seconds)
        acked_before = len(ledger.invoices) + len(ledger.redemptions)
        log(f"postgres: {acked_before} writes acknowledged; stopping PostgreSQL (immediate) under load")
        t_stop = time.monotonic()
        pg_ctl("stop", "immediate")
        stopped_at = time.monotonic()
        # While it is down: probe answers, apart from the load's.
        probes = []
        while time.monotonic() - stopped_at < args.down_seconds:
            r = request(server.base, "GET", "/api/v1/pos/today", token, timeout=30)
            probes.append(r)
            r = request(
                server.base,
                "POST",
                "/api/v1/invoices",
                token,
                {"customer_id": customers[0], "total_cost": "5.000"},
                {"Idempotency-Key": str(uuid.uuid4())},
                timeout=30,
            )
            probes.append(r)
        down_statuses = [p.status for p in probes]
        first_503 = next((p for p in probes if p.status == 503), None)
        check(probes and all(p.status == 503 for p in probes), f"postgres down: probe statuses {down_statuses}")
        for p in probes:
            body = p.json() or {}
            if p.status == 503:
                if not check(
                    body.get("code") == "service_unavailable" and "message" in body,
                    f"postgres down: 503 body is not the JSON error: {p.body[:200]!r}",
                ):
                    break
                check("retry-after" in p.headers, "postgres down: 503 without Retry-After")
        worst = max((p.elapsed for p in probes), default=0.0)
        check(worst <= args.max_503_seconds, f"postgres down: an answer took {worst:.1f}s (> {args.max_503_seconds}s)")
        log(f"postgres down: {len(probes)} probes, statuses {sorted(set(down_statuses))}, slowest {worst:.2f}s")
        # Start it again; the server must come back without a restart.
        pg_ctl("start")
        started_at = time.monotonic()
        while not pg_ready() and time.monotonic() - started_at < 60:
            time.sleep(0.2)
        recovered = None
        while time.monotonic() - started_at < args.recover_seconds:
            r = request(server.base, "GET", "/api/v1/pos/today", token, timeout=30)
            if r.status == 200:
                recovered = time.monotonic() - started_at
                break
            time.sleep(0.2)
        check(recovered is not None, f"postgres: no 2xx within {args.recover_seconds}s after PostgreSQL started")
        # Keep the load on for a while after recovery: writes succeed again.
        mark = len(ledger.invoices)
        time.sleep(args.load_seconds / 2)
        end_load(stop, workers)
        check(len(ledger.invoices) > mark, "postgres: no invoice acknowledged after recovery")
        check(server.proc.poll() is None, "postgres: the server exited while PostgreSQL was down")
        # Statuses of the load while PostgreSQL was down: 503 or success, never another 5xx.
        others = [
            (s, e, b) for t, s, e, b in ledger.by_status_window if s >= 500 and s != 503 and t >= t_stop - 0.5
        ]
        check(not others, f"postgres: non-503 5xx answers around the outage: {[(s, b) for s, _, b in others][:3]}")
        n_inv, n_red = check_acknowledged(sql, ledger, "postgres")
        check_ledger(sql, "postgres")
        check_api_sees(server.base, token, ledger, "postgres")
        retried = check_retries(server.base, token, sql, ledger, "postgres")
        statuses = dict(sorted(ledger.statuses.items()))
        bad = {s: n for s, n in statuses.items() if s >= 500 and s != 503}
        check(not bad, f"postgres: 5xx answers other than 503: {bad}")
        first = f"{first_503.elapsed:.2f}s" if first_503 else "never"
        rec = f"{recovered:.1f}s" if recovered is not None else "never"
        SUMMARY.append(
            f"postgres: stopped under load -> 503 JSON (first in {first}, slowest {worst:.2f}s); "
            f"recovered {rec} after start without restart; {n_inv} invoices + {n_red} redemptions acknowledged, "
            f"all present; ledger = balances; {retried} retries same; statuses {statuses}"
        )
    finally:
        if not pg_ready():
            pg_ctl("start")
        server.stop()
        subprocess.run(
            ["psql", "-X", "-q", admin_url, "-c", f"DROP DATABASE IF EXISTS {db} WITH (FORCE)"],
            capture_output=True,
            timeout=60,
        )


def report(title, lines, started, workdir, keep):
    """Prints the summary; after a failure also the failed checks and each log's tail, and keeps
    the work folder. Returns the exit status. (The backup and cluster tests use it too.)"""
    print()
    print(f"== {title} ==")
    for line in lines:
        print(" - " + line)
    print(f" - {time.monotonic() - started:.0f}s")
    if FAILURES:
        print(f"FAILED: {len(FAILURES)} checks")
        for f in FAILURES[:20]:
            print("   " + f)
        for name in sorted(os.listdir(workdir)):
            if name.endswith(".log"):
                print(f"--- {name} (tail) ---")
                with open(os.path.join(workdir, name), errors="replace") as fh:
                    print("".join(fh.readlines()[-25:]))
        print(f"work folder kept: {workdir}")
        return 1
    print("OK")
    if keep:
        print(f"work folder: {workdir}")
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bin", required=True, help="the loyalty binary")
    p.add_argument("--port", type=int, default=18240, help="SQLite server port; PostgreSQL uses port + 1")
    p.add_argument("--threads", type=int, default=8, help="concurrent load clients")
    p.add_argument("--sqlite-cycles", type=int, default=3)
    p.add_argument("--load-seconds", type=float, default=4.0, help="load before each kill / stop")
    p.add_argument("--no-sqlite", action="store_true")
    p.add_argument("--pg", action="store_true", help="also the PostgreSQL stop/start test")
    p.add_argument("--pg-admin-url", default="postgres://postgres:postgres@127.0.0.1:5432/postgres")
    p.add_argument("--pg-db", default="loyalty_crash")
    p.add_argument("--down-seconds", type=float, default=8.0, help="how long PostgreSQL stays down")
    p.add_argument("--max-503-seconds", type=float, default=5.0, help="slowest allowed answer while it is down")
    p.add_argument("--recover-seconds", type=float, default=30.0)
    p.add_argument("--keep", action="store_true", help="keep the work folder (logs, database)")
    args = p.parse_args()

    workdir = tempfile.mkdtemp(prefix="loyalty-crash-")
    started = time.monotonic()
    try:
        if not args.no_sqlite:
            run_sqlite(args, workdir)
        if args.pg:
            run_postgres(args, workdir)
    except Exception as e:  # noqa: BLE001 - any crash of the script itself is a failure
        fail(f"aborted: {e}")
    return report("crash test summary", SUMMARY, started, workdir, args.keep)


if __name__ == "__main__":
    sys.exit(main())
