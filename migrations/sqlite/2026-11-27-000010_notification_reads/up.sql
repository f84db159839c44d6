-- The bell (issue #35, item 5): what each person has read. Notifications are made from what
-- they are about (an open signal, a plan running out, an import, a failing webhook endpoint),
-- each under a key; a key read is not counted again.
CREATE TABLE notification_reads (
    user_id BIGINT NOT NULL REFERENCES users(id),
    key TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
    read_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, key)
);
