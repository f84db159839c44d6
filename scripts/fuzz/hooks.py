"""Schemathesis hooks for scripts/fuzz/run.sh (loaded through SCHEMATHESIS_HOOKS).

- Signs in as the run's role (FUZZ_EMAIL / FUZZ_PASSWORD) and sends its bearer token; the
  token is fetched again every 60 s and after any 401 on a secured operation, so a token that
  a generated request revoked (a password change, a deactivation) does not leave the rest of
  the run testing nothing but 401s. Without FUZZ_EMAIL no token is sent (the anonymous run).
- Drops generated requests that would change or remove the signed-in user itself
  (FUZZ_SELF_ID on /users/{id}...): an admin who sets its own password makes every later
  sign-in of the run fail. Deactivating or deleting oneself is refused by the server (409),
  which the integration tests cover.
"""

import json
import os
import re
import urllib.request

import schemathesis

BASE = os.environ.get("FUZZ_BASE", "http://127.0.0.1:18300")
EMAIL = os.environ.get("FUZZ_EMAIL", "")
PASSWORD = os.environ.get("FUZZ_PASSWORD", "demo1234")
SELF_ID = os.environ.get("FUZZ_SELF_ID", "")
SELF_PATHS = re.compile(r"^/api/v1/users/\{id\}")


def sign_in():
    body = json.dumps({"email": EMAIL, "password": PASSWORD}).encode()
    req = urllib.request.Request(
        BASE + "/api/v1/auth/login", data=body, method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)["data"]["token"]


if EMAIL:

    # Not on the operations without a token: a 401 there is a wrong password, not a revoked token.
    @schemathesis.auth(refresh_interval=60, retry_on=[401]).skip_for(
        path_regex=r"^/api/v1/(auth/(login|register)|public/|meta$|health$)"
    )
    class SignedIn:
        def get(self, case, ctx):
            return sign_in()

        def set(self, case, data, ctx):
            case.headers = case.headers or {}
            case.headers["Authorization"] = f"Bearer {data}"


@schemathesis.hook
def filter_case(context, case):
    if SELF_ID and SELF_PATHS.match(case.operation.path):
        return str((case.path_parameters or {}).get("id")) != SELF_ID
    return True
