#!/usr/bin/env python3
"""Messages process test: each customer message is sent exactly once, a SIGKILL mid-send included.

Python standard library only, plus the sqlite3 command-line tool.

1. start ``loyalty fake-provider`` (answers after ``--delay-ms``; signed status callbacks to the
   server, retried until taken) and ``loyalty serve`` on a fresh demo SQLite database with both
   channels pointed at the fake;
2. make ``--customers`` customers (half consent to WhatsApp, half to SMS: a welcome each) and a
   sale for each (a points message each), then SIGKILL the server while it sends;
3. check the kill came mid-send (messages still pending or sending), start the server again on
   the same file, and wait until no message is pending or sending;
4. check every message is sent or delivered in the database, each WhatsApp message id reached
   the provider exactly once, and each SMS reference was accepted once (the gateway dedupes by
   reference; a resend after the crash reuses it).

Exit status 0 when every check passed; 1 otherwise.
"""

import argparse
import collections
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

JWT_SECRET = "messages-test-secret-0123456789-abcdefghijk"
APP_SECRET = "messages-test-app-secret"
TOKEN = "messages-test-whatsapp-token"
FAILURES = []


def log(msg):
    print(f"[messages] {msg}", flush=True)


def check(cond, msg):
    if not cond:
        FAILURES.append(msg)
        print(f"[messages] FAIL: {msg}", flush=True)
    return cond


def request(base, method, path, token=None, body=None, timeout=30):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, None
    except Exception:  # noqa: BLE001 - no answer
        return 0, None


class Process:
    def __init__(self, args, env, log_path, health):
        self.args, self.env, self.log_path, self.health = args, env, log_path, health
        self.proc = None

    def start(self):
        logf = open(self.log_path, "ab")  # noqa: SIM115 - the child keeps it open
        self.proc = subprocess.Popen(self.args, env=self.env, stdout=logf, stderr=subprocess.STDOUT)
        logf.close()
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.args[1]} exited with {self.proc.returncode}; see {self.log_path}")
            if self.health():
                return
            time.sleep(0.2)
        raise RuntimeError(f"{self.args[1]} did not start; see {self.log_path}")

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


def sql(path, query):
    out = subprocess.run(["sqlite3", "-batch", "-separator", "|", path, query], capture_output=True, text=True, timeout=60)
    if out.returncode != 0:
        raise RuntimeError(f"sqlite3: {out.stderr.strip()}")
    return [line.split("|") for line in out.stdout.splitlines() if line]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--port", type=int, default=18260)
    parser.add_argument("--customers", type=int, default=40)
    parser.add_argument("--delay-ms", type=int, default=1500)
    parser.add_argument("--wait-minutes", type=float, default=13)
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="loyalty-messages-")
    path = os.path.join(workdir, "messages.db")
    fake_port, port = args.port + 1, args.port
    base, fake_base = f"http://127.0.0.1:{port}", f"http://127.0.0.1:{fake_port}"
    env = dict(os.environ)
    env["RUST_LOG"] = env.get("RUST_LOG", "warn")
    fake = Process(
        [args.bin, "fake-provider", "--bind", f"127.0.0.1:{fake_port}", "--whatsapp-token", TOKEN,
         "--callback-url", f"{base}/api/v1/channels/whatsapp/status", "--app-secret", APP_SECRET,
         "--delay-ms", str(args.delay_ms)],
        env, os.path.join(workdir, "fake.log"),
        lambda: request(fake_base, "GET", "/_fake/received", timeout=2)[0] == 200,
    )
    server_env = dict(env)
    server_env.update({
        "DATABASE_URL": "sqlite://" + path,
        "LOYALTY_DEMO": "1",
        "LOYALTY_JWT_SECRET": JWT_SECRET,
        "LOYALTY_BIND": f"127.0.0.1:{port}",
        "LOYALTY_LOGIN_PER_CLIENT": "100000",
        "LOYALTY_WHATSAPP_BASE_URL": fake_base,
        "LOYALTY_WHATSAPP_PHONE_NUMBER_ID": "123456789",
        "LOYALTY_WHATSAPP_TOKEN": TOKEN,
        "LOYALTY_WHATSAPP_APP_SECRET": APP_SECRET,
        "LOYALTY_SMS_URL": f"{fake_base}/sms",
        "LOYALTY_SMS_TOKEN": "messages-test-sms-token",
        "LOYALTY_SMS_SENDER": "Loyalty",
    })
    server = Process([args.bin, "serve"], server_env, os.path.join(workdir, "server.log"),
                     lambda: request(base, "GET", "/api/v1/health", timeout=2)[0] == 200)
    try:
        fake.start()
        server.start()
        status, body = request(base, "POST", "/api/v1/auth/login", body={"email": "cashier@demo.ly", "password": "demo1234"})
        if status != 200:
            raise RuntimeError(f"login: {status}")
        token = body["data"]["token"]
        for i in range(args.customers):
            status, body = request(base, "POST", "/api/v1/customers", token, {"name": f"Customer {i}", "phone": f"09132{i:05d}"})
            if not check(status == 201, f"customer {i}: {status}"):
                continue
            customer = body["data"]["id"]
            channel = "whatsapp" if i % 2 == 0 else "sms"
            status, _ = request(base, "POST", f"/api/v1/customers/{customer}/consents", token,
                                {"channel": channel, "granted": True, "source": "till"})
            check(status == 200, f"consent {i}: {status}")
            status, _ = request(base, "POST", "/api/v1/invoices", token, {"customer_id": customer, "total_cost": "10"})
            check(status == 201, f"sale {i}: {status}")
        # Killed once messages are on their way (a fixed pause missed them on a busy machine: the
        # worker between two rounds, nothing sending): the first moment one is seen sending.
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if int(sql(path, "SELECT COUNT(*) FROM customer_messages WHERE status = 'sending'")[0][0]) > 0:
                break
            time.sleep(0.02)
        server.kill()
        rows = sql(path, "SELECT status, COUNT(*) FROM customer_messages GROUP BY status")
        at_kill = {s: int(n) for s, n in rows}
        total = sum(at_kill.values())
        log(f"SIGKILL with messages {at_kill}")
        check(total >= 2 * args.customers, f"{total} messages for {args.customers} customers")
        check(at_kill.get("pending", 0) + at_kill.get("sending", 0) > 0, f"the kill did not come mid-send: {at_kill}")
        check(at_kill.get("sending", 0) > 0, f"nothing was being sent at the kill: {at_kill}")
        server.start()
        deadline = time.monotonic() + args.wait_minutes * 60
        waiting = -1
        while time.monotonic() < deadline:
            waiting = int(sql(path, "SELECT COUNT(*) FROM customer_messages WHERE status IN ('pending', 'sending')")[0][0])
            if waiting == 0:
                break
            time.sleep(1)
        check(waiting == 0, f"{waiting} messages still pending or sending after {args.wait_minutes} minutes")
        time.sleep(1)  # the last callbacks
        messages = sql(path, "SELECT id, channel, status, COALESCE(provider_message_id, '') FROM customer_messages")
        statuses = collections.Counter(m[2] for m in messages)
        log(f"after the restart: {dict(statuses)}")
        check(all(m[2] in ("sent", "delivered") for m in messages), f"not all sent or delivered: {dict(statuses)}")
        check(all(m[3] for m in messages), "a message without the provider's id")
        status, got = request(fake_base, "GET", "/_fake/received")
        check(status == 200, "the fake's list")
        got = got or {}
        whatsapp_ids = collections.Counter(m.get("biz_opaque_callback_data") for m in got.get("whatsapp", []))
        sms_refs = collections.Counter(m.get("reference") for m in got.get("sms", []))
        for message_id, channel, _, _ in messages:
            seen = whatsapp_ids.get(message_id, 0) if channel == "whatsapp" else sms_refs.get(message_id, 0)
            check(seen == 1, f"message {message_id} ({channel}) reached the provider {seen} times")
        extra = set(whatsapp_ids) - {m[0] for m in messages if m[1] == "whatsapp"}
        check(not extra, f"the provider got unknown WhatsApp ids {sorted(extra)[:5]}")
        log(f"{len(messages)} messages: WhatsApp received {sum(whatsapp_ids.values())} for "
            f"{sum(1 for m in messages if m[1] == 'whatsapp')}, SMS accepted {len(sms_refs)} "
            f"({got.get('sms_requests')} requests) for {sum(1 for m in messages if m[1] == 'sms')}")
    finally:
        server.stop()
        fake.stop()
    if FAILURES:
        log(f"FAILED ({len(FAILURES)}); logs in {workdir}")
        return 1
    shutil.rmtree(workdir, ignore_errors=True)
    log("ok: every message sent exactly once across a SIGKILL")
    return 0


if __name__ == "__main__":
    sys.exit(main())
