"""Every example is a request the server accepts (issue #36): every operation of
openapi/openapi.json is sent with its documented request body example and its documented
parameter examples, as the caller it is for, to a fresh demo server (LOYALTY_DEMO=1), in an order
that makes before it changes or removes. Each must answer 2xx, or a 4xx the step names with its
reason and the operation documents (a state of the data, never a 422: an example that does not
validate is a wrong example). An operation without a step fails the test.

    python test_examples.py http://127.0.0.1:18401 openapi/openapi.json   (run by run.sh)

Path parameters have no examples in the document; a step names the demo record (customer 1,
store 1, reward 1: `crates/application/src/use_cases/demo.rs`) or the one an earlier step made.
"""

import json
import sys
from dataclasses import dataclass, field
from typing import Any, Callable
from urllib.parse import urlparse

import httpx

BASE = sys.argv[1]
DOC = json.load(open(sys.argv[2], encoding="utf-8"))
PASSWORD = "demo1234"
ACCOUNTS = {"admin": "admin@demo.ly", "owner": "owner@demo.ly", "cashier": "cashier@demo.ly"}

OPERATIONS: dict[str, tuple[str, str, dict]] = {
    op["operationId"]: (method, path, op)
    for path, item in DOC["paths"].items()
    for method, op in item.items()
    if isinstance(op, dict) and "operationId" in op
}

# What earlier steps made, for the steps after them (ids, the store's registration token).
made: dict[str, Any] = {}
CLIENT = httpx.Client(base_url=BASE, timeout=30, headers={"Accept-Language": "en"})
CALLERS: dict[str, str] = {}
done: set[str] = set()
failures: list[str] = []


@dataclass
class Step:
    operation: str
    caller: str | None  # "admin", "owner", "cashier", a key of `made` holding a token, or None
    path: dict[str, Callable[[], Any] | Any] = field(default_factory=dict)
    # Values for parameters the document gives no example of (only where the operation needs one).
    query: dict[str, Any] = field(default_factory=dict)
    # Documented 4xx answers this example may meet in the demo data, with the reason.
    may_answer: dict[int, str] = field(default_factory=dict)
    keep: Callable[[Any], None] | None = None


def example_body(op: dict) -> tuple[str, Any] | None:
    content = op.get("requestBody", {}).get("content")
    if not content:
        return None
    media, spec = next(iter(content.items()))
    if "example" not in spec:
        raise SystemExit(f"examples: {op['operationId']} has a request body without an example")
    return media, spec["example"]


def parameter_examples(op: dict) -> dict[str, Any]:
    """The query parameters (and headers) the document gives an example of."""
    values = {}
    for parameter in op.get("parameters", []):
        example = parameter.get("example", parameter.get("schema", {}).get("example"))
        if example is None and parameter.get("examples"):
            example = next(iter(parameter["examples"].values())).get("value")
        if example is not None and parameter["in"] in ("query", "header"):
            values[(parameter["in"], parameter["name"])] = example
    return values


def tokens(client: httpx.Client) -> dict[str, str]:
    out = {}
    for role, email in ACCOUNTS.items():
        answer = client.post("/api/v1/auth/login", json={"email": email, "password": PASSWORD})
        answer.raise_for_status()
        out[role] = answer.json()["data"]["token"]
    return out


def run(client: httpx.Client, callers: dict[str, str], step: Step) -> None:
    method, path, op = OPERATIONS[step.operation]
    done.add(step.operation)
    for name, value in step.path.items():
        value = value() if callable(value) else value
        if value is None:
            failures.append(f"{step.operation}: no {name} to send (an earlier step did not make it)")
            print(f"examples: SKIPPED: {failures[-1]}")
            return
        path = path.replace("{" + name + "}", str(value))
    params = {name: value for (where, name), value in parameter_examples(op).items() if where == "query"}
    headers = {name: str(value) for (where, name), value in parameter_examples(op).items() if where == "header"}
    params.update(step.query)
    params = {k: str(v).lower() if isinstance(v, bool) else v for k, v in params.items()}
    if step.caller is not None:
        token = callers.get(step.caller) or made[step.caller]
        headers["Authorization"] = f"Bearer {token}"
    body = example_body(op)
    content = None
    if body is not None:
        media, example = body
        headers["Content-Type"] = media
        content = example.encode() if isinstance(example, str) else json.dumps(example).encode()
    answer = client.request(method.upper(), path, params=params, headers=headers, content=content)
    documented = set(op["responses"])
    shown = f"{method.upper()} {path}{'?' + str(answer.request.url.query, 'ascii') if params else ''}"
    if body is not None:
        shown += f" {content.decode()[:200]}"
    status = answer.status_code
    reason = step.may_answer.get(status)
    if 200 <= status < 300 and str(status) in documented:
        print(f"examples: ok: {step.operation}: {status}")
    elif reason is not None and str(status) in documented:
        code = answer.json().get("code")
        print(f"examples: ok: {step.operation}: {status} {code} ({reason})")
    else:
        failures.append(f"{step.operation} as {step.caller}: {shown} -> {status} {answer.text[:400]}")
        print(f"examples: REFUSED: {failures[-1]}")
        return
    if step.keep is not None and 200 <= status < 300:
        step.keep(answer.json() if answer.content and "json" in answer.headers.get("content-type", "") else None)


def keep(name: str, pointer: Callable[[Any], Any]) -> Callable[[Any], None]:
    def store(answer: Any) -> None:
        made[name] = pointer(answer)

    return store


def the(name: str) -> Callable[[], Any]:
    return lambda: made.get(name)


def joined() -> int | None:
    """The customer the join example added (its answer names the store only)."""
    body = example_body(OPERATIONS["join_store"][2])[1]
    owner = {"Authorization": f"Bearer {CALLERS['owner']}"}
    found = CLIENT.post("/api/v1/customers/search", json={"query": body["phone"]}, headers=owner)
    return next((c["id"] for c in found.json()["data"] if c["unconfirmed_join"]), None)


def registration_token(answer: Any) -> None:
    made["token"] = urlparse(answer["data"]["registration_url"]).path.rstrip("/").rsplit("/", 1)[-1]


def link_token(url: str) -> str:
    return urlparse(url).path.rstrip("/").rsplit("/", 1)[-1]


def sold(answer: Any) -> None:
    """The sale's invoice and its customer page link; then a walk-in sale for its claim link."""
    made["invoice"] = answer["data"]["invoice"]["id"]
    made["page"] = link_token(answer["data"]["customer_page_url"])
    walk_in = CLIENT.post(
        "/api/v1/invoices",
        json={"walk_in": True, "total_cost": "12.500"},
        headers={"Authorization": f"Bearer {CALLERS['cashier']}"},
    )
    if walk_in.status_code == 201:
        made["claim"] = link_token(walk_in.json()["data"]["claim_url"])


def steps() -> list[Step]:
    return [
        # Anyone.
        Step("health", None),
        Step("ready", None),
        Step("meta", None),
        Step("login", None),
        Step("register", None),
        Step("lookup_points", None),
        # The demo server has no WhatsApp app secret nor verify token: both are refused as documented.
        Step("whatsapp_status", None, may_answer={401: "no app secret here; the example's signature is not one"}),
        Step(
            "whatsapp_verify",
            None,
            query={"hub.mode": "subscribe", "hub.verify_token": "not-configured", "hub.challenge": "1158201444"},
            may_answer={403: "no verify token here"},
        ),
        # Reads, as the caller each is for.
        Step("analytics", "admin"),
        Step("overview", "admin"),
        Step("all_packages", "admin"),
        Step("list_cards", "admin"),
        Step("store_owner_records", "admin"),
        Step("store_owner_options", "admin"),
        Step("list_users", "admin"),
        Step("current_user", "owner"),
        Step("list_customers", "owner"),
        Step("customers_overview", "owner"),
        Step("get_customer", "owner", {"id": 1}),
        Step("customer_history", "owner", {"id": 1}),
        Step("customer_invoices", "owner", {"id": 1}),
        Step("customer_redemptions", "owner", {"id": 1}),
        Step("export_records", "owner", {"kind": "customers"}),
        Step("import_format", "owner"),
        Step("import_template", "owner"),
        Step("list_invoices", "owner"),
        Step("get_loyalty_config", "owner"),
        Step("get_data_retention", "owner"),
        Step("list_notifications", "owner"),
        Step("active_packages", "owner"),
        Step("list_redemptions", "owner"),
        Step("list_rewards", "cashier"),
        Step("list_keys", "owner"),
        Step("owner_liability", "owner"),
        Step("messages_summary", "owner"),
        Step("list_message_templates", "owner"),
        Step("pos_activities", "owner"),
        Step("list_staff", "owner"),
        Step("list_signals", "owner"),
        Step("list_owner_stores", "owner"),
        Step("owner_summary", "owner"),
        Step("list_webhooks", "owner"),
        Step("list_stores", "owner"),
        Step("subscription_status", "owner"),
        Step("search_customers", "cashier"),
        Step("preview_sale", "cashier"),
        Step("preview_redemption", "cashier"),
        Step("recent_activity", "cashier"),
        Step("today", "cashier"),
        # The owner's settings, then the counter.
        Step("put_loyalty_config", "owner"),
        Step("patch_loyalty_config", "owner"),
        Step("put_data_retention", "owner"),
        Step("put_loyalty_tiers", "owner"),
        Step("get_loyalty_tiers", "cashier"),
        Step("put_stamp_card", "owner", {"id": 1}),
        Step("get_stamp_card", "cashier", {"id": 1}),
        Step("put_message_template", "owner", {"kind": "points_earned"}),
        Step("create_customer", "owner", keep=keep("customer", lambda a: a["data"]["id"])),
        Step("patch_customer", "cashier", {"id": 1}),
        Step("update_customer", "cashier", {"id": 1}),
        Step("add_points", "owner", {"id": 1}),
        # Consent first, so the sale writes the customer's points message.
        Step("record_consent", "cashier", {"id": 1}),
        Step("create_invoice", "cashier", keep=sold),
        Step("get_invoice", "cashier", {"id": the("invoice")}),
        Step("customer_messages", "cashier", {"id": 1}),
        Step("send_page_link", "cashier", {"id": 1}),
        Step("customer_stamps", "cashier", {"id": 1}),
        Step(
            "redeem_stamps",
            "cashier",
            {"id": 1},
            may_answer={409: "the example card asks 10 stamps; the sale gave the customer its first"},
        ),
        # The customer's own page the sale links to, and a walk-in sale's receipt claim.
        Step("customer_page", None, {"token": the("page")}),
        Step("customer_page_consent", None, {"token": the("page")}),
        Step("claim_offer", None, {"token": the("claim")}),
        Step("claim_points", None, {"token": the("claim")}),
        Step("revoke_customer_page_links", "cashier", {"id": 1}),
        # A part of the sale comes back, then the rest of it is voided.
        Step("preview_return", "cashier", {"id": the("invoice")}),
        Step("return_invoice", "cashier", {"id": the("invoice")}),
        Step("void_invoice", "cashier", {"id": the("invoice")}),
        Step("create_redemption", "cashier"),
        Step("list_signals", "owner", keep=keep("signal", lambda a: a["data"][0]["id"] if a["data"] else None)),
        Step("review_signal", "owner", {"id": the("signal")}),
        Step("read_notifications", "owner"),
        # The owner's records.
        Step("create_reward", "owner", keep=keep("reward", lambda a: a["data"]["id"])),
        Step("update_reward", "owner", {"id": the("reward")}),
        Step("patch_reward", "owner", {"id": the("reward")}),
        Step("delete_stamp_card", "owner", {"id": 1}),
        Step("delete_message_template", "owner", {"kind": "points_earned"}),
        Step("generate_qr", "owner", keep=registration_token),
        Step("store_for_token", None, {"token": the("token")}),
        Step("join_store", None, {"token": the("token")}),
        Step("confirm_join", "owner", {"id": joined}),
        Step("rotate_qr", "owner"),
        Step("create_key", "owner", keep=keep("key", lambda a: a["data"]["id"])),
        Step("revoke_key", "owner", {"id": the("key")}),
        Step("create_staff", "owner", keep=keep("staff", lambda a: a["data"]["id"])),
        Step("update_staff", "owner", {"id": the("staff")}),
        Step("patch_staff", "owner", {"id": the("staff")}),
        Step("deactivate_staff", "owner", {"id": the("staff")}),
        Step("activate_staff", "owner", {"id": the("staff")}),
        Step("delete_staff", "owner", {"id": the("staff")}),
        Step("create_webhook", "owner", keep=keep("webhook", lambda a: a["data"]["id"])),
        Step("update_webhook", "owner", {"id": the("webhook")}),
        Step("patch_webhook", "owner", {"id": the("webhook")}),
        Step("rotate_webhook_secret", "owner", {"id": the("webhook")}),
        Step("test_webhook", "owner", {"id": the("webhook")}, keep=keep("delivery", lambda a: a["data"]["id"])),
        Step("webhook_deliveries", "owner", {"id": the("webhook")}),
        Step("resend_delivery", "owner", {"id": the("delivery")}),
        Step("delete_webhook", "owner", {"id": the("webhook")}),
        Step("import_customers", "owner"),
        Step("create_store", "admin", keep=keep("store", lambda a: a["data"]["id"])),
        Step("update_store", "admin", {"id": the("store")}),
        Step("patch_store", "admin", {"id": the("store")}),
        Step("delete_store", "admin", {"id": the("store")}),
        Step("delete_customer", "owner", {"id": the("customer")}),
        # The plan: the owner's card, the admin's assignment, the owner's renewal.
        Step("preview_card", "owner"),
        Step("redeem_card", "owner"),
        Step("preview_assignment", "admin"),
        Step("assign_package", "admin"),
        Step("toggle_auto_renew", "owner"),
        Step("cancel_subscription", "owner"),
        # The admin's records.
        Step("create_package", "admin", keep=keep("package", lambda a: a["data"]["id"])),
        Step("update_package", "admin", {"id": the("package")}),
        Step("toggle_package", "admin", {"id": the("package")}),
        Step("delete_package", "admin", {"id": the("package")}),
        Step("create_card", "admin", keep=keep("card", lambda a: a["data"]["id"])),
        Step("create_cards", "admin"),
        Step("update_card", "admin", {"id": the("card")}),
        Step("delete_card", "admin", {"id": the("card")}),
        Step("create_user", "admin", keep=keep("user", lambda a: a["data"]["id"])),
        Step("update_user", "admin", {"id": the("user")}),
        Step("deactivate_user", "admin", {"id": the("user")}),
        Step("activate_user", "admin", {"id": the("user")}),
        Step("delete_user", "admin", {"id": the("user")}),
        # Last: a session of its own signs out.
        Step("logout", "session"),
    ]


def main() -> None:
    CALLERS.update(tokens(CLIENT))
    CALLERS["session"] = tokens(CLIENT)["owner"]
    for step in steps():
        run(CLIENT, CALLERS, step)
    missing = sorted(set(OPERATIONS) - done)
    if missing:
        failures.append(f"operations without a step: {missing}")
    if failures:
        print("examples: FAILED:\n  " + "\n  ".join(failures))
        raise SystemExit(1)
    print(f"examples: all {len(OPERATIONS)} operations accept their examples")


if __name__ == "__main__":
    main()
