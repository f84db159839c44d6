-- A sale writes one entry into every index of the rows it adds, a NULL key included: on SQLite
-- each index touched is one more page written at COMMIT, inside the one write lock. These
-- foreign keys are NULL on nearly every row (a sale is voided rarely, sold by an API key
-- rarely, a stamp redeemed later); their indexes serve only the rows that name a parent (a
-- NULL references nothing), so they keep only those rows (issue #38, row 9d). A stamp earned
-- by a sale no longer repeats the sale's cashier and key (the invoice names them): only a
-- redemption's stamp event names who gave the reward.
DROP INDEX invoices_voided_by;
CREATE INDEX invoices_voided_by ON invoices(voided_by) WHERE voided_by IS NOT NULL;
DROP INDEX invoices_api_key_id;
CREATE INDEX invoices_api_key_id ON invoices(api_key_id) WHERE api_key_id IS NOT NULL;
DROP INDEX points_ledger_api_key_id;
CREATE INDEX points_ledger_api_key_id ON points_ledger(api_key_id) WHERE api_key_id IS NOT NULL;
DROP INDEX points_ledger_redemption_id;
CREATE INDEX points_ledger_redemption_id ON points_ledger(redemption_id) WHERE redemption_id IS NOT NULL;
DROP INDEX activity_log_api_key_id;
CREATE INDEX activity_log_api_key_id ON activity_log(api_key_id) WHERE api_key_id IS NOT NULL;
DROP INDEX stamp_events_redeemed_by;
CREATE INDEX stamp_events_redeemed_by ON stamp_events(redeemed_by) WHERE redeemed_by IS NOT NULL;
DROP INDEX stamp_events_api_key_id;
CREATE INDEX stamp_events_api_key_id ON stamp_events(api_key_id) WHERE api_key_id IS NOT NULL;
DROP INDEX stamp_events_actor_id;
CREATE INDEX stamp_events_actor_id ON stamp_events(actor_id) WHERE actor_id IS NOT NULL;
UPDATE stamp_events SET actor_id = NULL, api_key_id = NULL WHERE kind = 'earned';
