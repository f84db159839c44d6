-- Readiness (issue #17): GET /api/v1/ready commits a write to this one row, so a balancer
-- stops sending to an instance whose database cannot keep writes (a full disk, a read-only
-- file or server, a lock held too long).
CREATE TABLE readiness (
    id INTEGER PRIMARY KEY,
    checked_at TIMESTAMP NOT NULL
);
INSERT INTO readiness (id, checked_at) VALUES (1, CURRENT_TIMESTAMP);
