-- Periodic jobs run once per period across every instance on one database (issue #17): an
-- instance runs a job only after it claims the job's row, an update that only one of several
-- concurrent instances can make.
CREATE TABLE jobs (
    name VARCHAR(50) PRIMARY KEY,
    last_run_at TIMESTAMP NOT NULL,
    runs BIGINT NOT NULL DEFAULT 0
);
INSERT INTO jobs (name, last_run_at, runs) VALUES ('housekeeping', '1970-01-01 00:00:00', 0);
