-- Each API key's requests per minute (issue #36): the shared limits' check that also says what
-- is left, for the RateLimit header. Takes one from k's burst (GCRA, as rate_limit_take) and
-- returns the key's new theoretical arrival time when allowed (> 0, seconds since the epoch),
-- else minus the seconds until it may try again.
CREATE FUNCTION rate_limit_take_reporting(
    p_now DOUBLE PRECISION, k TEXT, i DOUBLE PRECISION, t DOUBLE PRECISION
) RETURNS DOUBLE PRECISION LANGUAGE plpgsql AS $$
DECLARE
    held DOUBLE PRECISION;
BEGIN
    INSERT INTO rate_limits AS r (key, tat) VALUES (k, p_now + i)
        ON CONFLICT (key) DO UPDATE SET tat = GREATEST(r.tat, p_now) + i
        WHERE GREATEST(r.tat, p_now) - p_now <= t
        RETURNING r.tat INTO held;
    IF NOT FOUND THEN
        SELECT r.tat INTO held FROM rate_limits r WHERE r.key = k;
        RETURN -GREATEST(COALESCE(held, p_now) - p_now - t, 0.000001);
    END IF;
    RETURN held;
END
$$;
