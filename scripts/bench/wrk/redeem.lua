-- BENCH_REDEEM_CUSTOMER = a 1-based customer number to redeem on (hot customer), else random customers.
local bench = dofile(os.getenv("BENCH_LUA_DIR") .. "/common.lua")
bench.install(_G)
local only = tonumber(os.getenv("BENCH_REDEEM_CUSTOMER") or "")
request = function()
  return bench.redeem(only)
end
