"""An integration written only against the generated client (openapi-python-client) and the
published contract: an owner makes a key and a webhook; then, with the key alone, the integration
finds or creates a customer, posts a keyed sale and its retry, redeems, reads the history by
change time, receives the webhooks and checks every signature; a revoked key is refused at once.

    python test_client.py http://127.0.0.1:18400   (run by scripts/client-test/run.sh)
"""

import hashlib
import hmac
import json
import sys
import threading
import time
import uuid
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from loyalty_client import AuthenticatedClient, Client
from loyalty_client.api.auth import login
from loyalty_client.api.customers import create_customer, customer_history, search_customers
from loyalty_client.api.integrations import create_key, create_webhook, revoke_key
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
    WebhookEndpointRequest,
    WebhookEventTypeDto,
)

BASE = sys.argv[1]
PHONE = "0912000111"


def check(condition: bool, what: str) -> None:
    if not condition:
        raise SystemExit(f"client-test: FAILED: {what}")
    print(f"client-test: ok: {what}")


class Receiver(BaseHTTPRequestHandler):
    """A local webhook endpoint: keeps every delivery's headers and raw body, answers 204."""

    received: list[tuple[dict[str, str], bytes]] = []

    def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        Receiver.received.append(({k.lower(): v for k, v in self.headers.items()}, body))
        self.send_response(204)
        self.end_headers()

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
    while time.time() < deadline and len({json.loads(b)["type"] for _, b in Receiver.received}) < len(wanted):
        time.sleep(0.2)
    events = {}
    for headers, body in Receiver.received:
        check(verify(signing_secret, headers["x-loyalty-signature"], body), "a delivery's signature verifies")
        event = json.loads(body)
        check(headers["x-loyalty-event-id"] == event["id"], "the event id header matches the body")
        events[event["id"]] = event  # at least once: de-duplicated by id
    types = sorted(e["type"] for e in events.values())
    check(types == sorted(wanted), f"one event per change arrived: {types}")
    sale_event = next(e for e in events.values() if e["type"] == "invoice.created")
    check(sale_event["data"]["id"] == first.parsed.data.invoice.id, "the sale's event carries the invoice")

    # Revoked: refused at once.
    revoked = revoke_key.sync_detailed(key_id, client=owner)
    check(revoked.status_code == 204, "the owner revokes the key")
    after = search_customers.sync_detailed(client=erp, body=CustomerSearchRequest(query=PHONE))
    check(after.status_code == 401, "the revoked key is refused")
    receiver.shutdown()
    print("client-test: all passed")


if __name__ == "__main__":
    main()
