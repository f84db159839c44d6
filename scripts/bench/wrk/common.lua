-- Shared by the wrk scripts of `just bench`: the fixture and tokens, a per-thread id, status
-- counting, and a done() that prints one machine-readable line:
--   RESULT <name> <requests/s> <p50 ms> <p99 ms> <2xx> <4xx> <5xx> <socket errors> <requests>
local M = {}

M.fixture = dofile(os.getenv("BENCH_FIXTURE"))
M.tokens = dofile(os.getenv("BENCH_TOKENS"))
M.name = os.getenv("BENCH_NAME") or "wrk"
M.run_id = os.getenv("BENCH_RUN_ID") or tostring(os.time())

local threads = {}
local next_id = 0

function M.install(env)
  env.setup = function(thread)
    next_id = next_id + 1
    thread:set("tid", next_id)
    table.insert(threads, thread)
  end
  env.init = function(args)
    c2, c4, c5, cother = 0, 0, 0, 0
    seq = 0
    math.randomseed(os.time() * 1000 + (tid or 0))
  end
  env.response = function(status, headers, body)
    if status >= 500 then
      c5 = c5 + 1
    elseif status >= 400 then
      c4 = c4 + 1
    elseif status >= 200 and status < 300 then
      c2 = c2 + 1
    else
      cother = cother + 1
    end
  end
  env.done = function(summary, latency, requests)
    local s2, s4, s5 = 0, 0, 0
    for _, t in ipairs(threads) do
      s2 = s2 + (t:get("c2") or 0)
      s4 = s4 + (t:get("c4") or 0)
      s5 = s5 + (t:get("c5") or 0)
    end
    local e = summary.errors
    local socket = e.connect + e.read + e.write + e.timeout
    local secs = summary.duration / 1e6
    io.write(string.format("RESULT %s %.1f %.3f %.3f %d %d %d %d %d\n", M.name, summary.requests / secs,
      latency:percentile(50) / 1000, latency:percentile(99) / 1000, s2, s4, s5, socket, summary.requests))
  end
end

-- A unique key per request of this run.
function M.key()
  seq = seq + 1
  return M.run_id .. "-" .. M.name .. "-" .. (tid or 0) .. "-" .. seq
end

-- A random generated customer: id, store number k (1-based) and the store's cashier token.
function M.customer()
  local f = M.fixture
  local g = math.random(1, f.customers)
  local k = math.floor((g - 1) / f.per_store) + 1
  return f.c0 + g, k, M.tokens.cashiers[k]
end

function M.reward_of_store(k)
  local f = M.fixture
  local owner = math.floor((k - 1) / f.stores_per_owner) + 1
  return f.r0 + (owner - 1) * 3 + 1
end

local json = { ["Content-Type"] = "application/json" }

function M.invoice()
  local id, k, token = M.customer()
  local key = M.key()
  local total = math.random(1000, 200000)
  local body = string.format('{"customer_id":%d,"invoice_id":"%s","total_cost":"%d.%03d"}', id, key,
    math.floor(total / 1000), total % 1000)
  return wrk.format("POST", "/api/v1/invoices", { ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. token, ["Idempotency-Key"] = key }, body)
end

-- A redemption of the store's cheapest reward; `g` = 1-based customer number or nil for random.
function M.redeem(g)
  local f = M.fixture
  if g == nil then
    g = math.random(1, f.customers)
  end
  local k = math.floor((g - 1) / f.per_store) + 1
  local body = string.format('{"customer_id":%d,"reward_id":%d}', f.c0 + g, M.reward_of_store(k))
  return wrk.format("POST", "/api/v1/redemptions", { ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. M.tokens.cashiers[k], ["Idempotency-Key"] = M.key() }, body)
end

-- BENCH_CLIENTS=N: each lookup comes from one of N customers' addresses (X-Forwarded-For, which
-- the server reads from the trusted 127.0.0.1), as real lookups do; unset, all from one address.
local clients = tonumber(os.getenv("BENCH_CLIENTS") or "")

function M.lookup()
  local n = math.random(0, M.fixture.phones - 1)
  local body = string.format('{"phone":"091%07d"}', n)
  if clients then
    local c = math.random(0, clients - 1)
    local headers = { ["Content-Type"] = "application/json",
      ["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.floor(c / 65536) % 256, math.floor(c / 256) % 256, c % 256) }
    return wrk.format("POST", "/api/v1/public/points", headers, body)
  end
  return wrk.format("POST", "/api/v1/public/points", json, body)
end

-- The cashier's customer search at the counter: a phone typed so far, in the cashier's store.
function M.search()
  local _, k, token = M.customer()
  local n = math.random(0, M.fixture.phones - 1)
  local body = string.format('{"query":"091%05d"}', math.floor(n / 100))
  return wrk.format("POST", "/api/v1/customers/search", { ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. token }, body)
end

-- The same search in the first store after `loyalty-bench big-store` added BENCH_BIG_STORE
-- customers to it (phones 092 and 7 digits): a phone's first digits, or a name's.
function M.search_big()
  local n = math.random(1, tonumber(os.getenv("BENCH_BIG_STORE") or "20000"))
  local query
  if math.random() < 0.5 then
    query = string.format("092%05d", math.floor(n / 100))
  else
    query = string.format("كبير %d", n)
  end
  local body = string.format('{"query":"%s"}', query)
  return wrk.format("POST", "/api/v1/customers/search", { ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. M.tokens.cashiers[1] }, body)
end

-- The HTTP floor: the smallest answer the server gives (no database, no sign-in).
function M.meta()
  return wrk.format("GET", "/api/v1/meta")
end

function M.login()
  local k = math.random(1, M.fixture.stores)
  return wrk.format("POST", "/api/v1/auth/login", json,
    string.format('{"email":"cashier%d@bench.ly","password":"demo1234"}', k))
end

return M
