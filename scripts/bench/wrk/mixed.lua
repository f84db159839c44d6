-- 70 % public lookups, 20 % invoices, 8 % redemptions, 2 % sign-ins.
local bench = dofile(os.getenv("BENCH_LUA_DIR") .. "/common.lua")
bench.install(_G)
request = function()
  local r = math.random()
  if r < 0.70 then
    return bench.lookup()
  elseif r < 0.90 then
    return bench.invoice()
  elseif r < 0.98 then
    return bench.redeem(nil)
  end
  return bench.login()
end
