-- Monthly partitions are PostgreSQL's (issue #40, item 3); SQLite keeps its tables whole. What
-- both have: how long an owner's activity log and webhook deliveries are kept (an owner
-- without a row has the defaults, `crates/domain/src/retention.rs`), applied once a Tripoli day.
CREATE TABLE data_retention (
    store_owner_id BIGINT PRIMARY KEY NOT NULL REFERENCES users(id),
    activity_log_months BIGINT NOT NULL,
    webhook_delivery_days BIGINT NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
INSERT INTO jobs (name, last_run_at, runs) VALUES ('retention', '1970-01-01 00:00:00', 0);
