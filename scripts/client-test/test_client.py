"""An integration written only against the generated client (openapi-python-client) and the
published contract: an owner makes a key and a webhook; then, with the key alone, the integration
finds or creates a customer, posts a keyed sale and its retry, redeems, reads the history by
change time, receives the webhooks and checks every signature. The owner pauses the endpoint:
a sale made meanwhile is kept and arrives once it is resumed; a test event arrives signed. A
burst of sales to one endpoint arrives whole, numbered without gaps in the order the sales were
made. A key past its writes a minute is told 429 with Retry-After, and every keyed answer says
how the key stands (RateLimit-Policy, RateLimit). A revoked key is refused at once.

    python test_client.py http://127.0.0.1:18400   (run by scripts/client-test/run.sh, whose
    server allows 30 writes a minute per key: CLIENT_TEST_KEY_WRITES)
"""

import hashlib
import hmac
import json
import os
import re
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from loyalty_client import AuthenticatedClient, Client
from loyalty_client.api.auth import login
from loyalty_client.api.customers import create_customer, customer_history, list_customers, search_customers
from loyalty_client.api.integrations import (
    create_key,
    create_webhook,
    delete_webhook,
    list_keys,
    patch_webhook,
    revoke_key,
    test_webhook,
    webhook_deliveries,
)
from loyalty_client.api.owner import list_stores
from loyalty_client.api.sales import create_invoice, create_redemption, list_rewards
from loyalty_client.models import (
    ApiKeyRequest,
    ApiScopeDto,
    CreateInvoiceRequest,
    CreateRedemptionRequest,
    CustomerRequest,
    CustomerSearchRequest,
    LoginRequest,
    WebhookEndpointPatch,
    WebhookEndpointRequest,
    WebhookEvent,
    WebhookEventTypeDto,
)

BASE = sys.argv[1]
PHONE = "0912000111"
# The server's writes a minute per key (run.sh starts it with LOYALTY_KEY_WRITES_PER_MINUTE).
KEY_WRITES = int(os.environ.get("CLIENT_TEST_KEY_WRITES", "30"))
BURST = int(os.environ.get("CLIENT_TEST_BURST", "400"))


def check(condition: bool, what: str) -> None:
    if not condition:
        raise SystemExit(f"client-test: FAILED: {what}")
    print(f"client-test: ok: {what}")


class Receiver(BaseHTTPRequestHandler):
    """A local webhook endpoint: keeps every delivery's headers and raw body by the path it was
    sent to, with the moment it arrived; answers 204."""

    received: dict[str, list[tuple[dict[str, str], bytes, float]]] = {}
    lock = threading.Lock()

    def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with Receiver.lock:
            Receiver.received.setdefault(self.path, []).append(
                ({k.lower(): v for k, v in self.headers.items()}, body, time.monotonic())
            )
        self.send_response(204)
        self.end_headers()

    @staticmethod
    def events(path: str) -> list[dict]:
        with Receiver.lock:
            return [json.loads(body) for _, body, _ in Receiver.received.get(path, [])]

    def log_message(self, *args: object) -> None:
        pass


def verify(secret: str, header: str, body: bytes) -> bool:
    """The signature check from docs/integrations.md."""
    parts = dict(p.split("=", 1) for p in header.split(","))
    t = int(parts["t"])
    expected = hmac.new(secret.encode(), f"{t}.".encode() + body, hashlib.sha256).hexdigest()
    return abs(time.time() - t) <= 300 and hmac.compare_digest(expected, parts["v1"])


def main() -> None:
    receiver = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    hook_url = f"http://127.0.0.1:{receiver.server_port}/hook"

    # The owner, signed in as a person, makes the key and the webhook.
    signed_in = login.sync_detailed(
        client=Client(base_url=BASE), body=LoginRequest(email="owner@demo.ly", password="demo1234")
    )
    check(signed_in.status_code == 200, "the owner signs in")
    owner = AuthenticatedClient(base_url=BASE, token=signed_in.parsed.data.token)
    made = create_key.sync_detailed(
        client=owner,
        body=ApiKeyRequest(
            name="Python ERP",
            scopes=[ApiScopeDto.CUSTOMERSREAD, ApiScopeDto.CUSTOMERSWRITE, ApiScopeDto.SALESWRITE],
        ),
    )
    check(made.status_code == 201 and made.parsed.data.secret.startswith("lk_"), "a key is made")
    key_id, secret = made.parsed.data.id, made.parsed.data.secret
    hook = create_webhook.sync_detailed(
        client=owner,
        body=WebhookEndpointRequest(
            url=hook_url,
            events=[
                WebhookEventTypeDto.CUSTOMER_CREATED,
                WebhookEventTypeDto.INVOICE_CREATED,
                WebhookEventTypeDto.REDEMPTION_CREATED,
            ],
        ),
    )
    check(hook.status_code == 201 and hook.parsed.data.secret.startswith("whsec_"), "a webhook is registered")
    signing_secret = hook.parsed.data.secret

    # From here on, only the key.
    erp = AuthenticatedClient(base_url=BASE, token=secret)
    started = datetime.now(timezone.utc).isoformat()
    stores = list_stores.sync_detailed(client=erp)
    check(stores.status_code == 200 and len(stores.parsed.data) >= 1, "the key reads its stores")
    store_id = stores.parsed.data[0].id

    # Find or create: search by phone; create when absent; a second create is told phone_taken.
    found = search_customers.sync_detailed(client=erp, body=CustomerSearchRequest(query=PHONE))
    check(found.status_code == 200 and len(found.parsed.data) == 0, "the phone is not a customer yet")
    created = create_customer.sync_detailed(
        client=erp, body=CustomerRequest(name="Salma ERP", phone=PHONE, store_id=store_id)
    )
    check(created.status_code == 201, "the customer is created")
    customer_id = created.parsed.data.id
    again = create_customer.sync_detailed(
        client=erp, body=CustomerRequest(name="Salma ERP", phone=PHONE, store_id=store_id)
    )
    check(
        again.status_code == 422 and [d.code.value for d in again.parsed.details] == ["phone_taken"],
        "creating it again is 422 with details code phone_taken",
    )

    # A keyed sale and its retry: one invoice.
    idempotency_key = str(uuid.uuid4())
    sale = CreateInvoiceRequest(customer_id=customer_id, total_cost="250.000", invoice_id="PY-1")
    first = create_invoice.sync_detailed(client=erp, body=sale, idempotency_key=idempotency_key)
    check(first.status_code == 201, "the sale is made")
    retry = create_invoice.sync_detailed(client=erp, body=sale, idempotency_key=idempotency_key)
    check(
        retry.status_code == 201
        and retry.headers.get("idempotent-replayed") == "true"
        and retry.parsed.data.invoice.id == first.parsed.data.invoice.id,
        "its retry answers the same invoice, marked as a replay",
    )
    balance = first.parsed.data.customer_total_points

    # A redemption of the cheapest reward the balance covers.
    rewards = list_rewards.sync_detailed(client=erp)
    affordable = [r for r in rewards.parsed.data if r.is_active and r.points_required <= balance]
    check(len(affordable) > 0, f"a reward costs at most the balance ({balance})")
    reward = min(affordable, key=lambda r: r.points_required)
    redeemed = create_redemption.sync_detailed(
        client=erp,
        body=CreateRedemptionRequest(customer_id=customer_id, reward_id=reward.id),
        idempotency_key=str(uuid.uuid4()),
    )
    check(redeemed.status_code == 201, "the reward is redeemed")

    # The history by change time: the sale, then the redemption, made with the key.
    history = customer_history.sync_detailed(customer_id, client=erp, updated_since=started, per_page=50)
    check(history.status_code == 200, "the history is read with updated_since")
    kinds = [entry.kind.value for entry in history.parsed.data]
    check(kinds == ["invoice", "redemption"], f"it holds the sale and the redemption, oldest first: {kinds}")
    check(all(entry.api_key.name == "Python ERP" for entry in history.parsed.data), "each names the key")
    sold = history.parsed.data[0].invoice
    check((sold.id, sold.invoice_id) == (first.parsed.data.invoice.id, "PY-1"), "the sale's entry names its invoice and number")

    # The webhooks: one per change, each signed with the endpoint's secret.
    wanted = {"customer.created", "invoice.created", "redemption.created"}
    deadline = time.time() + 30
    while time.time() < deadline and len({e["type"] for e in Receiver.events("/hook")}) < len(wanted):
        time.sleep(0.2)
    events = {}
    for headers, body, _ in Receiver.received.get("/hook", []):
        check(verify(signing_secret, headers["x-loyalty-signature"], body), "a delivery's signature verifies")
        event = json.loads(body)
        check(headers["x-loyalty-event-id"] == event["id"], "the event id header matches the body")
        events[event["id"]] = event  # at least once: de-duplicated by id
    types = sorted(e["type"] for e in events.values())
    check(types == sorted(wanted), f"one event per change arrived: {types}")
    sale_event = next(e for e in events.values() if e["type"] == "invoice.created")
    check(sale_event["data"]["id"] == first.parsed.data.invoice.id, "the sale's event carries the invoice")
    check(
        sorted(e["sequence"] for e in events.values()) == list(range(1, len(events) + 1)),
        "the endpoint's events are numbered 1, 2, 3... without gaps",
    )

    hook_id = hook.parsed.data.id
    pause_and_resume(owner, erp, hook_id, signing_secret, customer_id, len(events))
    test_event(owner, hook_id, signing_secret)
    check(delete_webhook.sync_detailed(hook_id, client=owner).status_code == 204, "the owner removes the endpoint")
    burst(owner, f"http://127.0.0.1:{receiver.server_port}/burst")
    rate_limits(owner, erp)

    # Revoked: refused at once.
    revoked = revoke_key.sync_detailed(key_id, client=owner)
    check(revoked.status_code == 204, "the owner revokes the key")
    after = search_customers.sync_detailed(client=erp, body=CustomerSearchRequest(query=PHONE))
    check(after.status_code == 401, "the revoked key is refused")
    receiver.shutdown()
    print("client-test: all passed")


def wait_for(what, seconds: float):
    """`what()` once it is truthy, polling; None after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        found = what()
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


def pause_and_resume(
    owner: AuthenticatedClient, erp: AuthenticatedClient, hook_id: int, secret: str, customer_id: int, sent: int
) -> None:
    """docs/integrations.md section 4: a paused endpoint is sent nothing, but its events are
    made and kept; when it is active again they are sent, numbered in the order they were made."""
    paused = patch_webhook.sync_detailed(hook_id, client=owner, body=WebhookEndpointPatch(is_active=False))
    check(
        paused.status_code == 200 and paused.parsed.data.is_active is False,
        "PATCH {is_active: false} pauses the endpoint",
    )
    check(
        paused.parsed.data.url.endswith("/hook") and len(paused.parsed.data.events) == 3,
        "and changes nothing else (its URL and events)",
    )
    sale = create_invoice.sync_detailed(
        client=erp,
        body=CreateInvoiceRequest(customer_id=customer_id, total_cost="30.000", invoice_id="PY-PAUSED"),
        idempotency_key=str(uuid.uuid4()),
    )
    check(sale.status_code == 201, "a sale is made while the endpoint is paused")
    invoice_id = sale.parsed.data.invoice.id
    arrived = lambda: [  # noqa: E731
        e for e in Receiver.events("/hook") if e["type"] == "invoice.created" and e["data"]["id"] == invoice_id
    ]
    time.sleep(3)
    check(not arrived(), "nothing is sent to the paused endpoint (3 s)")
    kept = webhook_deliveries.sync_detailed(hook_id, client=owner, event_type="invoice.created")
    waiting = [d for d in kept.parsed.data if d.status.value == "pending" and d.sequence == sent + 1]
    check(kept.status_code == 200 and len(waiting) == 1, "its delivery is kept, pending, with the next sequence")
    resumed = patch_webhook.sync_detailed(hook_id, client=owner, body=WebhookEndpointPatch(is_active=True))
    check(resumed.status_code == 200 and resumed.parsed.data.is_active is True, "PATCH {is_active: true} resumes it")
    events = wait_for(arrived, 30)
    check(bool(events), "the sale made while paused arrives after the resume")
    check(events[0]["sequence"] == sent + 1, f"numbered after the events before the pause ({events[0]['sequence']})")
    headers, body = next((h, b) for h, b, _ in Receiver.received["/hook"] if json.loads(b)["id"] == events[0]["id"])
    check(verify(secret, headers["x-loyalty-signature"], body), "and signed")


def test_event(owner: AuthenticatedClient, hook_id: int, secret: str) -> None:
    """POST .../webhooks/{id}/test: a signed ping with data.endpoint_id, at once."""
    queued = test_webhook.sync_detailed(hook_id, client=owner)
    check(
        queued.status_code == 202 and queued.parsed.data.event_type.value == "ping", "the test event is queued (202)"
    )
    pings = lambda: [  # noqa: E731
        (h, b) for h, b, _ in Receiver.received.get("/hook", []) if json.loads(b)["type"] == "ping"
    ]
    got = wait_for(pings, 30)
    check(bool(got) and len(got) == 1, "the ping arrives")
    headers, body = got[0]
    check(verify(secret, headers["x-loyalty-signature"], body), "its signature verifies as documented")
    event = WebhookEvent.from_dict(json.loads(body))
    check(
        event.data.endpoint_id == hook_id and event.sequence == queued.parsed.data.sequence,
        "it names the endpoint (data.endpoint_id) and has the delivery's sequence",
    )
    check(event.resource_version is None, "a ping has no resource_version")


def burst(owner: AuthenticatedClient, url: str) -> None:
    """A burst of sales to one endpoint (docs/integrations.md section 4, "Order and pace"): every
    event arrives, numbered 1..n without gaps in the order the sales were committed."""
    made = create_webhook.sync_detailed(
        client=owner, body=WebhookEndpointRequest(url=url, events=[WebhookEventTypeDto.INVOICE_CREATED])
    )
    check(made.status_code == 201, "an endpoint for the burst is registered")
    token = login.sync_detailed(
        client=Client(base_url=BASE), body=LoginRequest(email="cashier@demo.ly", password="demo1234")
    ).parsed.data.token
    customer = create_customer.sync_detailed(
        client=AuthenticatedClient(base_url=BASE, token=token), body=CustomerRequest(name="Burst", phone="0912000222")
    )
    check(customer.status_code == 201, "the cashier adds the burst's customer")
    customer_id = customer.parsed.data.id
    local = threading.local()

    def sell(n: int) -> int:
        if not hasattr(local, "client"):
            local.client = AuthenticatedClient(base_url=BASE, token=token, timeout=30)
        sale = CreateInvoiceRequest(customer_id=customer_id, total_cost="10.000", invoice_id=f"BURST-{n}")
        answer = create_invoice.sync_detailed(client=local.client, body=sale)
        return answer.parsed.data.invoice.id if answer.status_code == 201 else -answer.status_code

    started = time.monotonic()
    with ThreadPoolExecutor(8) as pool:
        invoices = list(pool.map(sell, range(BURST)))
    sold = time.monotonic()
    refused = [i for i in invoices if i < 0]
    check(not refused, f"{BURST} sales made by the cashier, 8 at a time, in {sold - started:.1f} s ({refused[:5]})")
    all_there = wait_for(lambda: len(Receiver.events("/burst")) >= BURST, 120)
    arrivals = [at for _, _, at in Receiver.received.get("/burst", [])]
    events = Receiver.events("/burst")
    check(bool(all_there), f"all {BURST} events arrived within 120 s of the last sale ({len(events)})")
    drained = max(arrivals)
    print(
        f"client-test: burst: {BURST} events to one endpoint (LOYALTY_WEBHOOK_CONCURRENCY default), the last "
        f"delivered {drained - sold:.2f} s after the last sale; {BURST / (drained - min(arrivals)):.0f} deliveries/s "
        f"from the first delivery to the last, {BURST / (drained - started):.0f}/s from the first sale"
    )
    by_id = {e["id"]: e for e in events}
    sequences = sorted(e["sequence"] for e in by_id.values())
    check(sequences == list(range(1, BURST + 1)), "numbered 1..n without gaps (repeats de-duplicated by id)")
    in_order = [e["data"]["id"] for e in sorted(by_id.values(), key=lambda e: e["sequence"])]
    check(in_order == sorted(invoices), "in the order the sales were made")
    delivered = webhook_deliveries.sync_detailed(made.parsed.data.id, client=owner, status="failed")
    check(delivered.status_code == 200 and delivered.parsed.data == [], "none failed")


def rate_limits(owner: AuthenticatedClient, erp: AuthenticatedClient) -> None:
    """docs/integrations.md section 7: a key past its writes a minute gets 429 with Retry-After;
    every keyed answer carries RateLimit-Policy and RateLimit; reads are counted apart."""
    made = create_key.sync_detailed(
        client=owner, body=ApiKeyRequest(name="Limits", scopes=[ApiScopeDto.CUSTOMERSREAD])
    )
    check(made.status_code == 201, "a key for the limits is made")
    shown = next(k for k in list_keys.sync_detailed(client=owner).parsed.data if k.id == made.parsed.data.id)
    check(
        shown.rate_limits.writes_per_minute == KEY_WRITES, f"the owner sees its limits ({KEY_WRITES} writes a minute)"
    )
    key = AuthenticatedClient(base_url=BASE, token=made.parsed.data.secret)
    answers = []
    for _ in range(KEY_WRITES + 5):
        answer = search_customers.sync_detailed(client=key, body=CustomerSearchRequest(query="0912"))
        answers.append(answer)
        if answer.status_code == 429:
            break
    statuses = [a.status_code for a in answers]
    allowed = len(statuses) - 1
    check(
        statuses[-1] == 429 and set(statuses[:-1]) == {200},
        f"a write past the key's limit is refused ({allowed} allowed)",
    )
    check(KEY_WRITES <= allowed <= KEY_WRITES + 2, "after about the minute's quota (it refills one every 60/q s)")
    policy = answers[0].headers.get("ratelimit-policy", "")
    check(f'"writes";q={KEY_WRITES};w=60' in policy and '"reads";q=' in policy, f"RateLimit-Policy: {policy}")
    remaining = [int(re.search(r'"writes";r=(\d+)', a.headers.get("ratelimit", "")).group(1)) for a in answers[:-1]]
    check(
        remaining[0] == KEY_WRITES - 1 and remaining[-1] <= 1,
        f"RateLimit counts the writes down ({remaining[0]} ... {remaining[-1]})",
    )
    refused = answers[-1]
    retry = refused.headers.get("retry-after", "")
    check(retry.isdigit() and int(retry) >= 1, f"the 429 has Retry-After: {retry}")
    check(refused.parsed.code.value == "rate_limited", "and the error code rate_limited")
    check(
        re.search(r'"writes";r=0;t=\d+', refused.headers.get("ratelimit", "")) is not None,
        f"and says how the key stands: RateLimit: {refused.headers.get('ratelimit')}",
    )
    read = list_customers.sync_detailed(client=key, per_page=1)
    check(
        read.status_code == 200 and '"reads";r=' in read.headers.get("ratelimit", ""),
        "its reads are counted apart: still allowed",
    )
    session = list_stores.sync_detailed(client=owner)
    check(
        "ratelimit" not in session.headers and "ratelimit-policy" not in session.headers,
        "a person's answers carry no such headers",
    )
    other = search_customers.sync_detailed(client=erp, body=CustomerSearchRequest(query="0912"))
    check(other.status_code == 200, "another key has its own quota")


if __name__ == "__main__":
    main()
