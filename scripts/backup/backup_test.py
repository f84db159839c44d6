#!/usr/bin/env python3
"""Backup test: an online backup taken under a write load restores into a working, consistent copy.

Python standard library only, plus the sqlite3, psql, pg_dump and pg_restore tools. It runs the
operator scripts next to it (sqlite-backup.sh, sqlite-restore.sh, pg-backup.sh, pg-restore.sh),
the ones docs/deploy.md points to, and reuses the server, load and checks of
scripts/crash/crash.py.

For each database (SQLite; PostgreSQL with ``--pg``):
  1. start ``loyalty serve`` on a fresh demo database, add a ballast table of random bytes (so
     that the backup takes a while: the load goes on during it), sign in as the demo cashier;
  2. run the concurrent write load of the crash test (invoices and redemptions with an
     ``Idempotency-Key``, manual points), remembering when each write was acknowledged;
  3. take the backup with the operator script while the load runs (SQLite: ``VACUUM INTO``;
     PostgreSQL: ``pg_dump -Fc``), and keep the load on for a while after it;
  4. restore it with the operator script into a new file / a new, empty database and check:
     - SQLite: ``PRAGMA integrity_check`` and ``foreign_key_check``;
     - the ledger sum equals every balance, no balance is negative (a consistent snapshot);
     - every write acknowledged before the backup started is there, with its ledger row and
       amounts; the ballast is whole;
     - nothing more than what was acknowledged by the end of the backup, plus at most one
       request in flight per load client (no write from after the backup);
  5. start a fresh ``loyalty serve`` on the restored copy: ``GET /api/v1/ready`` is 200, the
     demo cashier signs in, the API lists the acknowledged invoices, a retry of acknowledged
     invoices and redemptions with their ``Idempotency-Key`` answers the same ids and changes
     nothing, and a new sale is accepted and its points show in the customer's balance.
SQLite also restores the backup in place, over the killed live database and its -wal: the
restored file must hold the snapshot and nothing of the newer -wal, and the old database
moved aside must still hold every acknowledged write.

Exit status 0 when every check passed; 1 otherwise. A short summary is printed at the end.
"""

import argparse
import glob
import os
import subprocess
import sys
import tempfile
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in scripts/crash
sys.path.insert(0, os.path.join(HERE, "..", "crash"))
import crash  # noqa: E402
from crash import (  # noqa: E402
    Ledger,
    Server,
    Sql,
    cashier_targets,
    check,
    check_acknowledged,
    check_api_sees,
    check_ledger,
    check_retries,
    check_sqlite_file,
    end_load,
    login,
    request,
    start_load,
)

SUMMARY = []
BALLAST = "backup_test_ballast"


def log(msg):
    print(f"[backup] {msg}", flush=True)


def fail(msg):
    crash.FAILURES.append(msg)
    print(f"[backup] FAIL: {msg}", flush=True)


crash.fail = fail  # crash.check reports through it


# --- the load, with the time each write was acknowledged ------------------------------------


class TimedDict(dict):
    """Ledger.invoices / .redemptions that remember when each id was added (its answer came)."""

    def __init__(self):
        super().__init__()
        self.at = {}

    def __setitem__(self, key, value):
        self.at[key] = time.monotonic()
        super().__setitem__(key, value)


class TimedCount:
    """Ledger.points (the load does ``ledger.points += 1``) that remembers each addition's time."""

    def __init__(self):
        self.times = []

    def __iadd__(self, n):
        self.times.extend([time.monotonic()] * n)
        return self

    def __int__(self):
        return len(self.times)


def timed_ledger():
    ledger = Ledger()
    ledger.invoices = TimedDict()
    ledger.redemptions = TimedDict()
    ledger.points = TimedCount()
    return ledger


def acked_before(ledger, t):
    """A plain Ledger of the writes acknowledged before t."""
    sub = Ledger()
    with ledger.lock:
        sub.invoices = {k: v for k, v in ledger.invoices.items() if ledger.invoices.at[k] < t}
        sub.redemptions = {k: v for k, v in ledger.redemptions.items() if ledger.redemptions.at[k] < t}
        sub.points = sum(1 for x in ledger.points.times if x < t)
    return sub


def count_acked(ledger, start, end):
    with ledger.lock:
        times = list(ledger.invoices.at.values()) + list(ledger.redemptions.at.values()) + ledger.points.times
    return sum(1 for x in times if start <= x < end)


def slowest_answer(ledger, start, end):
    """The slowest load answer that came in [start, end + 20 s] and was sent before end."""
    with ledger.lock:
        window = list(ledger.by_status_window)
    worst = [e for t, _s, e, _b in window if start <= t <= end + 20 and t - e < end]
    return max(worst, default=0.0)


# --- helpers --------------------------------------------------------------------------------


def run_script(name, *args, timeout=600):
    """One of the operator scripts; its stderr goes to the log, its last stdout line returned."""
    started = time.monotonic()
    out = subprocess.run(["bash", os.path.join(HERE, name), *args], capture_output=True, text=True, timeout=timeout)
    elapsed = time.monotonic() - started
    for line in out.stderr.strip().splitlines():
        log(f"  | {line}")
    lines = out.stdout.strip().splitlines()
    return out.returncode, (lines[-1] if lines else ""), elapsed


def seed_state(sql):
    """What the demo data holds before the load: the load's writes are the rest."""
    return {
        "invoices": sql.ids("SELECT id FROM invoices"),
        "redemptions": sql.ids("SELECT id FROM redemptions"),
        "manual": int(sql.rows("SELECT COUNT(*) FROM points_ledger WHERE kind = 'manual'")[0][0]),
    }


def ballast_state(sql):
    return sql.rows(f"SELECT COUNT(*), COALESCE(SUM(LENGTH(b)), 0) FROM {BALLAST}")[0]


def check_snapshot(sql, ledger, seed, t0, t1, threads, label):
    """The copy holds every write acknowledged before the backup started (t0) and nothing beyond
    what was acknowledged by its end (t1), plus at most one request in flight per load client."""
    pre = acked_before(ledger, t0)
    n_inv, n_red = check_acknowledged(sql, pre, label)
    invoices = sql.ids("SELECT id FROM invoices") - seed["invoices"]
    redemptions = sql.ids("SELECT id FROM redemptions") - seed["redemptions"]
    manual = int(sql.rows("SELECT COUNT(*) FROM points_ledger WHERE kind = 'manual'")[0][0]) - seed["manual"]
    with ledger.lock:
        inv_at = dict(ledger.invoices.at)
        red_at = dict(ledger.redemptions.at)
        points = list(ledger.points.times)
    check(
        manual >= pre.points,
        f"{label}: {pre.points} manual point additions acknowledged before the backup, {manual} in the copy",
    )
    late = sorted(i for i in invoices if inv_at.get(i, float("inf")) > t1)
    late_red = sorted(i for i in redemptions if red_at.get(i, float("inf")) > t1)
    late_manual = max(0, manual - sum(1 for x in points if x <= t1))
    extras = len(late) + len(late_red) + late_manual
    check(
        extras <= threads,
        f"{label}: the copy holds {extras} writes not acknowledged by the end of the backup "
        f"(invoices {late[:5]}, redemptions {late_red[:5]}, {late_manual} manual), more than the "
        f"{threads} that can have been in flight",
    )
    during = sum(1 for i in invoices if t0 <= inv_at.get(i, 0) <= t1) + sum(
        1 for i in redemptions if t0 <= red_at.get(i, 0) <= t1
    )
    return {
        "pre": pre,
        "pre_writes": n_inv + n_red + pre.points,
        "copy_writes": len(invoices) + len(redemptions) + manual,
        "during_in_copy": during,
        "extras": extras,
    }


def check_file(path, label):
    """crash.check_sqlite_file, with a file that sqlite3 cannot even read reported as a failure."""
    try:
        return check_sqlite_file(path, label)
    except RuntimeError as e:
        fail(f"{label}: {e}")
        return False


def check_ballast(sql, expected, label):
    got = ballast_state(sql)
    check(got == expected, f"{label}: ballast table {got} (rows, bytes), the live database had {expected}")


def check_restored_server(binary, db_url, port, workdir, pre, customers, label):
    """A fresh server on the restored copy: ready, sign-in, the API, idempotent retries, a sale."""
    server = Server(binary, db_url, port, workdir)
    sql = Sql(db_url)
    started = time.monotonic()
    try:
        server.start()
        r = request(server.base, "GET", "/api/v1/ready", timeout=10)
        check(r.status == 200, f"{label}: GET /api/v1/ready answered {r.status} {r.body[:200]!r}")
        ready = time.monotonic() - started
        try:
            token = login(server.base)
        except RuntimeError as e:
            fail(f"{label}: the demo cashier cannot sign in: {e}")
            return None
        check_api_sees(server.base, token, pre, label)
        retried = check_retries(server.base, token, sql, pre, label)
        # A new sale: its points show in the customer's balance.
        customer = customers[0]
        r = request(server.base, "GET", f"/api/v1/customers/{customer}", token)
        before = r.json()["data"]["loyalty_points"] if r.status == 200 else None
        check(before is not None, f"{label}: GET /customers/{customer} answered {r.status}")
        body = {"customer_id": customer, "total_cost": "150.000"}
        r = request(server.base, "POST", "/api/v1/invoices", token, body, {"Idempotency-Key": str(uuid.uuid4())})
        sale = r.json()["data"] if 200 <= r.status < 300 and r.json() else None
        if check(sale is not None, f"{label}: a new sale answered {r.status} {r.body[:200]!r}"):
            points = sale["points_added"]
            check(points > 0, f"{label}: the new sale of 150 LYD added {points} points")
            r = request(server.base, "GET", f"/api/v1/customers/{customer}", token)
            after = r.json()["data"]["loyalty_points"] if r.status == 200 else None
            check(
                before is not None and after == before + points,
                f"{label}: balance {before} + {points} points of the new sale, then {after}",
            )
        check_ledger(sql, label + " after the new sale")
        return {"ready": ready, "retried": retried}
    finally:
        server.stop()


def server_summary(srv):
    if not srv:
        return ""
    return f"; restored server ready in {srv['ready']:.1f}s, sign-in, {srv['retried']} retries same, new sale ok"


def run_load_around_backup(server, args, ledger, customers, rewards, token, take_backup):
    """Load for args.load_seconds, the backup under load, then load for args.after_seconds."""
    stop, workers = start_load(server.base, token, customers, rewards, ledger, args.threads)
    try:
        time.sleep(args.load_seconds)
        t0 = time.monotonic()
        result = take_backup()
        t1 = time.monotonic()
        time.sleep(args.after_seconds)
    finally:
        end_load(stop, workers)
    end = time.monotonic()
    window = {
        "t0": t0,
        "t1": t1,
        "before": count_acked(ledger, 0, t0),
        "during": count_acked(ledger, t0, t1),
        "after": count_acked(ledger, t1, end),
        "slowest": slowest_answer(ledger, t0, t1),
    }
    check(window["during"] > 0, "no write was acknowledged while the backup ran: it was not online")
    check(window["after"] > 0, "no write was acknowledged after the backup: the snapshot checks prove little")
    bad = {s: n for s, n in ledger.statuses.items() if s >= 500 or s == 0}
    check(not bad, f"5xx or unanswered requests under load: {bad}")
    return result, window


# --- SQLite ---------------------------------------------------------------------------------


def run_sqlite(args, workdir):
    label = "sqlite"
    live = os.path.join(workdir, "live.db")
    backups = os.path.join(workdir, "sqlite-backups")
    os.makedirs(backups)
    server = Server(args.bin, "sqlite://" + live, args.port, workdir)
    sql = Sql("sqlite://" + live)
    ledger = timed_ledger()
    server.start()
    try:
        rows = max(1, args.ballast_mb * 1024 * 1024 // 4000)
        started = time.monotonic()
        sql.rows(
            "PRAGMA busy_timeout = 30000; "
            f"CREATE TABLE {BALLAST} (id INTEGER PRIMARY KEY, b BLOB NOT NULL); "
            f"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {rows}) "
            f"INSERT INTO {BALLAST} (b) SELECT randomblob(4000) FROM n;"
        )
        ballast = ballast_state(sql)
        log(f"{label}: ballast {ballast[0]} rows of random bytes in {time.monotonic() - started:.1f}s")
        token = login(server.base)
        customers, rewards = cashier_targets(server.base, token)
        seed = seed_state(sql)
        check_ledger(sql, label + " before load")

        def take_backup():
            return run_script("sqlite-backup.sh", live, backups)

        (rc, backup, took), w = run_load_around_backup(server, args, ledger, customers, rewards, token, take_backup)
        log(
            f"{label}: backup in {took:.2f}s (rc {rc}) under load: {w['before']} writes acknowledged before it, "
            f"{w['during']} during, {w['after']} after; slowest answer meanwhile {w['slowest'] * 1000:.0f} ms"
        )
        live_size = os.path.getsize(live) + (os.path.getsize(live + "-wal") if os.path.exists(live + "-wal") else 0)
    finally:
        server.kill()  # the machine dies: the live database keeps a -wal with newer writes
    if not check(rc == 0 and os.path.isfile(backup), f"{label}: sqlite-backup.sh failed (rc {rc}, {backup!r})"):
        return
    size = os.path.getsize(backup)

    # Restore into a new file.
    restored = os.path.join(workdir, "restored", "loyalty.db")
    rc, _, restore_took = run_script("sqlite-restore.sh", backup, restored)
    if not check(rc == 0 and os.path.isfile(restored), f"{label}: sqlite-restore.sh failed (rc {rc})"):
        return
    rlabel = f"{label} restored copy"
    rsql = Sql("sqlite://" + restored)
    if not check_file(restored, rlabel):
        return
    check_ledger(rsql, rlabel)
    check_ballast(rsql, ballast, rlabel)
    snap = check_snapshot(rsql, ledger, seed, w["t0"], w["t1"], args.threads, rlabel)
    log(
        f"{rlabel}: {snap['copy_writes']} load writes, all {snap['pre_writes']} acknowledged before the backup "
        f"among them; {snap['during_in_copy']} of those acknowledged during it; {snap['extras']} in flight"
    )
    restored_url = "sqlite://" + restored
    srv = check_restored_server(args.bin, restored_url, args.port + 2, workdir, snap["pre"], customers, rlabel)

    # Restore in place, over the dead live database and its -wal.
    had_wal = os.path.exists(live + "-wal") and os.path.getsize(live + "-wal") > 0
    irc, _, _ = run_script("sqlite-restore.sh", backup, live)
    ilabel = f"{label} restored in place"
    isql = Sql("sqlite://" + live)
    if check(irc == 0, f"{ilabel}: sqlite-restore.sh failed (rc {irc})") and check_file(live, ilabel):
        check_ledger(isql, ilabel)
        isnap = check_snapshot(isql, ledger, seed, w["t0"], w["t1"], args.threads, ilabel)
        check(
            isnap["copy_writes"] == snap["copy_writes"],
            f"{ilabel}: {isnap['copy_writes']} load writes, the backup holds {snap['copy_writes']}",
        )
        aside = sorted(p for p in glob.glob(live + ".before-restore-*") if not p.endswith(("-wal", "-shm")))
        if check(len(aside) == 1, f"{ilabel}: the old database was not moved aside: {aside}"):
            # Opened with its -wal (moved along), the old database holds every acknowledged write.
            check_acknowledged(Sql("sqlite://" + aside[0]), ledger, ilabel + ", the old database")
            check_file(aside[0], ilabel + ", the old database")
    SUMMARY.append(
        f"sqlite: VACUUM INTO of a {live_size / 1e6:.0f} MB live database (with -wal) under load of "
        f"{args.threads} clients: {took:.2f}s with the integrity check of the {size / 1e6:.0f} MB copy; "
        f"{w['before']} writes acknowledged before, {w['during']} during, {w['after']} after; slowest answer "
        f"meanwhile {w['slowest'] * 1000:.0f} ms. Restored in {restore_took:.2f}s: integrity ok, ledger = "
        f"balances, all {snap['pre_writes']} pre-backup writes present, {snap['copy_writes']} in all "
        f"({snap['extras']} in flight at the end)"
        + server_summary(srv)
        + (f"; in-place restore over a {'non-empty' if had_wal else 'missing'} -wal checked" if irc == 0 else "")
    )


# --- PostgreSQL -----------------------------------------------------------------------------


def psql_admin(admin_url, *queries):
    quiet = dict(os.environ, PGOPTIONS="-c client_min_messages=warning")
    for q in queries:
        cmd = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", admin_url, "-c", q]
        subprocess.run(cmd, check=True, timeout=60, env=quiet)


def run_postgres(args, workdir):
    label = "postgres"
    admin_url = args.pg_admin_url
    db, restored_db = args.pg_db, args.pg_db + "_restored"
    base = admin_url.rsplit("/", 1)[0]
    db_url, restored_url = f"{base}/{db}", f"{base}/{restored_db}"
    backups = os.path.join(workdir, "pg-backups")
    os.makedirs(backups)
    drop = [f"DROP DATABASE IF EXISTS {d} WITH (FORCE)" for d in (db, restored_db)]
    psql_admin(admin_url, *drop, f"CREATE DATABASE {db}")
    server = Server(args.bin, db_url, args.port + 1, workdir)
    sql = Sql(db_url)
    ledger = timed_ledger()
    try:
        server.start()
        try:
            rows = max(1, args.pg_ballast_mb * 1024 * 1024 // 4000)
            started = time.monotonic()
            sql.rows(
                f"CREATE TABLE {BALLAST} (id SERIAL PRIMARY KEY, b BYTEA NOT NULL); "
                f"INSERT INTO {BALLAST} (b) SELECT (SELECT decode(string_agg(md5(random()::text || o.i || k.j), ''), "
                f"'hex') FROM generate_series(1, 250) AS k(j)) FROM generate_series(1, {rows}) AS o(i)"
            )
            ballast = ballast_state(sql)
            log(f"{label}: ballast {ballast[0]} rows of random bytes in {time.monotonic() - started:.1f}s")
            token = login(server.base)
            customers, rewards = cashier_targets(server.base, token)
            seed = seed_state(sql)
            check_ledger(sql, label + " before load")

            def take_backup():
                return run_script("pg-backup.sh", db_url, backups)

            (rc, dump, took), w = run_load_around_backup(server, args, ledger, customers, rewards, token, take_backup)
            log(
                f"{label}: pg_dump in {took:.2f}s (rc {rc}) under load: {w['before']} writes acknowledged before it, "
                f"{w['during']} during, {w['after']} after; slowest answer meanwhile {w['slowest'] * 1000:.0f} ms"
            )
            live_size = int(sql.rows(f"SELECT pg_database_size('{db}')")[0][0])
        finally:
            server.stop()
        if not check(rc == 0 and os.path.isfile(dump), f"{label}: pg-backup.sh failed (rc {rc}, {dump!r})"):
            return
        size = os.path.getsize(dump)

        # Restore into a new, empty database.
        psql_admin(admin_url, f"CREATE DATABASE {restored_db}")
        rc, _, restore_took = run_script("pg-restore.sh", dump, restored_url)
        if not check(rc == 0, f"{label}: pg-restore.sh failed (rc {rc})"):
            return
        rlabel = f"{label} restored copy"
        rsql = Sql(restored_url)
        check_ledger(rsql, rlabel)
        check_ballast(rsql, ballast, rlabel)
        snap = check_snapshot(rsql, ledger, seed, w["t0"], w["t1"], args.threads, rlabel)
        log(
            f"{rlabel}: {snap['copy_writes']} load writes, all {snap['pre_writes']} acknowledged before the backup "
            f"among them; {snap['during_in_copy']} of those acknowledged during it; {snap['extras']} in flight"
        )
        srv = check_restored_server(args.bin, restored_url, args.port + 3, workdir, snap["pre"], customers, rlabel)
        # The restore script refuses a database that is not empty.
        again, _, _ = run_script("pg-restore.sh", dump, restored_url)
        check(again != 0, f"{label}: pg-restore.sh restored into a database that already had tables")
        SUMMARY.append(
            f"postgres: pg_dump -Fc of a {live_size / 1e6:.0f} MB database under load of {args.threads} clients: "
            f"{took:.2f}s, {size / 1e6:.0f} MB dump; {w['before']} writes acknowledged before, {w['during']} during, "
            f"{w['after']} after; slowest answer meanwhile {w['slowest'] * 1000:.0f} ms. pg_restore into a new "
            f"database in {restore_took:.2f}s: ledger = balances, all {snap['pre_writes']} pre-backup writes "
            f"present, {snap['copy_writes']} in all ({snap['extras']} in flight at the end)"
            + server_summary(srv)
        )
    finally:
        if not args.keep:
            subprocess.run(
                ["psql", "-X", "-q", admin_url, *sum((["-c", q] for q in drop), [])], capture_output=True, timeout=60
            )


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bin", required=True, help="the loyalty binary")
    p.add_argument("--port", type=int, default=18260, help="SQLite server; PostgreSQL port + 1, restored +2 / +3")
    p.add_argument("--threads", type=int, default=8, help="concurrent load clients")
    p.add_argument("--load-seconds", type=float, default=3.0, help="load before the backup")
    p.add_argument("--after-seconds", type=float, default=2.0, help="load after the backup")
    p.add_argument("--ballast-mb", type=int, default=100, help="random bytes added to the SQLite database")
    p.add_argument("--pg-ballast-mb", type=int, default=25, help="random bytes added to the PostgreSQL database")
    p.add_argument("--no-sqlite", action="store_true")
    p.add_argument("--pg", action="store_true", help="also the PostgreSQL backup")
    p.add_argument("--pg-admin-url", default="postgres://postgres:postgres@127.0.0.1:5432/postgres")
    p.add_argument("--pg-db", default="loyalty_backup", help="the live database; the restore goes to NAME_restored")
    p.add_argument("--keep", action="store_true", help="keep the work folder and the PostgreSQL databases")
    args = p.parse_args()

    workdir = tempfile.mkdtemp(prefix="loyalty-backup-")
    started = time.monotonic()
    parts = [] if args.no_sqlite else [("sqlite", run_sqlite)]
    parts += [("postgres", run_postgres)] if args.pg else []
    for name, run in parts:
        t = time.monotonic()
        try:
            run(args, workdir)
        except Exception as e:  # noqa: BLE001 - any crash of the script itself is a failure
            fail(f"{name}: aborted: {type(e).__name__}: {e}")
        log(f"{name}: {time.monotonic() - t:.0f}s")
    return crash.report("backup test summary", SUMMARY, started, workdir, args.keep)


if __name__ == "__main__":
    sys.exit(main())
