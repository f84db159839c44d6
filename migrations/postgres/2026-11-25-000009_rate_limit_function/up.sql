-- The shared limits' check as one function call (issue #17): its statements are planned once
-- per connection, where the same upsert sent as text was parsed and planned on every check
-- (measured with pgbench: 8,700 against 20,100 checks a second on this machine).
--
-- Takes one from k1's burst (GCRA: the key's theoretical arrival time moves on by i1 seconds
-- while it stays within t1 of now), then, only if that was allowed and k2 is given, from k2's.
-- Returns 0 when allowed, else the seconds until the refused key may try again (> 0).
CREATE FUNCTION rate_limit_take(
    p_now DOUBLE PRECISION,
    k1 TEXT, i1 DOUBLE PRECISION, t1 DOUBLE PRECISION,
    k2 TEXT DEFAULT NULL, i2 DOUBLE PRECISION DEFAULT 0, t2 DOUBLE PRECISION DEFAULT 0
) RETURNS DOUBLE PRECISION LANGUAGE plpgsql AS $$
DECLARE
    held DOUBLE PRECISION;
BEGIN
    INSERT INTO rate_limits AS r (key, tat) VALUES (k1, p_now + i1)
        ON CONFLICT (key) DO UPDATE SET tat = GREATEST(r.tat, p_now) + i1
        WHERE GREATEST(r.tat, p_now) - p_now <= t1;
    IF NOT FOUND THEN
        SELECT r.tat INTO held FROM rate_limits r WHERE r.key = k1;
        RETURN GREATEST(COALESCE(held, p_now) - p_now - t1, 0.000001);
    END IF;
    IF k2 IS NULL THEN
        RETURN 0;
    END IF;
    INSERT INTO rate_limits AS r (key, tat) VALUES (k2, p_now + i2)
        ON CONFLICT (key) DO UPDATE SET tat = GREATEST(r.tat, p_now) + i2
        WHERE GREATEST(r.tat, p_now) - p_now <= t2;
    IF NOT FOUND THEN
        SELECT r.tat INTO held FROM rate_limits r WHERE r.key = k2;
        RETURN GREATEST(COALESCE(held, p_now) - p_now - t2, 0.000001);
    END IF;
    RETURN 0;
END
$$;
