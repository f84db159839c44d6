local bench = dofile(os.getenv("BENCH_LUA_DIR") .. "/common.lua")
bench.install(_G)
request = bench.search_big
