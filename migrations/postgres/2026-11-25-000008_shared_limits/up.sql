-- Limits shared by every instance on this database (issue #17): sign-in, registration, public
-- lookup and join attempts, one row per limited key with its theoretical arrival time (GCRA,
-- seconds since the epoch). Unlogged: no WAL for a counter, and a crash only forgets recent
-- attempts. SQLite runs one instance and counts in process.
CREATE UNLOGGED TABLE rate_limits (
    key TEXT PRIMARY KEY,
    tat DOUBLE PRECISION NOT NULL
);
