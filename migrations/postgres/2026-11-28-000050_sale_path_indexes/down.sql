UPDATE stamp_events SET actor_id = (SELECT i.pos_user_id FROM invoices i WHERE i.id = stamp_events.invoice_id),
    api_key_id = (SELECT i.api_key_id FROM invoices i WHERE i.id = stamp_events.invoice_id)
    WHERE kind = 'earned';
DROP INDEX stamp_events_actor_id;
CREATE INDEX stamp_events_actor_id ON stamp_events(actor_id);
DROP INDEX invoices_voided_by;
CREATE INDEX invoices_voided_by ON invoices(voided_by);
DROP INDEX invoices_api_key_id;
CREATE INDEX invoices_api_key_id ON invoices(api_key_id);
DROP INDEX points_ledger_api_key_id;
CREATE INDEX points_ledger_api_key_id ON points_ledger(api_key_id);
DROP INDEX points_ledger_redemption_id;
CREATE INDEX points_ledger_redemption_id ON points_ledger(redemption_id);
DROP INDEX activity_log_api_key_id;
CREATE INDEX activity_log_api_key_id ON activity_log(api_key_id);
DROP INDEX stamp_events_redeemed_by;
CREATE INDEX stamp_events_redeemed_by ON stamp_events(redeemed_by);
DROP INDEX stamp_events_api_key_id;
CREATE INDEX stamp_events_api_key_id ON stamp_events(api_key_id);
