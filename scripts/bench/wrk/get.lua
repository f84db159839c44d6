-- GET BENCH_PATH with BENCH_TOKEN (dashboards).
local bench = dofile(os.getenv("BENCH_LUA_DIR") .. "/common.lua")
bench.install(_G)
local path, token = os.getenv("BENCH_PATH"), os.getenv("BENCH_TOKEN")
request = function()
  return wrk.format("GET", path, { ["Authorization"] = "Bearer " .. token })
end
