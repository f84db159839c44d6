-- Join squatting (issue #14 item 4): a customer who joined by the store's link is marked until
-- a cashier confirms the name at the counter. Existing customers need no confirmation.
ALTER TABLE customers ADD COLUMN unconfirmed_join BOOLEAN NOT NULL DEFAULT FALSE;
