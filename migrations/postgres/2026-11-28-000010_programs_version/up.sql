-- What a sale consults beside its customer (issue #38 item 7, issue #37 item 5): the owner's
-- tier ladder, its stores' stamp cards and which events its webhook endpoints take. They change
-- rarely, so each instance keeps them in memory per owner, under the owner's programs_version;
-- the sale reads the version with the owner's settings (a statement it runs anyway) and loads
-- them again only when the version moved. These triggers move it on every change of those
-- rows, whoever writes them, so no instance can serve a stale ladder, card or subscription.
ALTER TABLE users ADD COLUMN programs_version BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION bump_programs_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    owners BIGINT[];
BEGIN
    IF TG_TABLE_NAME = 'loyalty_tiers' THEN
        owners := ARRAY[CASE WHEN TG_OP <> 'INSERT' THEN OLD.store_owner_id END,
                        CASE WHEN TG_OP <> 'DELETE' THEN NEW.store_owner_id END];
    ELSIF TG_TABLE_NAME = 'webhook_endpoints' THEN
        owners := ARRAY[CASE WHEN TG_OP <> 'INSERT' THEN OLD.owner_id END,
                        CASE WHEN TG_OP <> 'DELETE' THEN NEW.owner_id END];
    ELSE
        owners := ARRAY(SELECT owner_id FROM stores WHERE id IN
                        (CASE WHEN TG_OP <> 'INSERT' THEN OLD.store_id END,
                         CASE WHEN TG_OP <> 'DELETE' THEN NEW.store_id END));
    END IF;
    UPDATE users SET programs_version = programs_version + 1 WHERE id = ANY (owners);
    RETURN NULL;
END;
$$;

CREATE TRIGGER loyalty_tiers_version AFTER INSERT OR UPDATE OR DELETE ON loyalty_tiers
    FOR EACH ROW EXECUTE FUNCTION bump_programs_version();
CREATE TRIGGER stamp_cards_version AFTER INSERT OR UPDATE OR DELETE ON stamp_cards
    FOR EACH ROW EXECUTE FUNCTION bump_programs_version();
-- An endpoint's sequence number moves with every delivery: only what decides a subscription
-- (its events, mode, owner, being active or deleted) moves the version.
CREATE TRIGGER webhook_endpoints_version AFTER INSERT OR DELETE ON webhook_endpoints
    FOR EACH ROW EXECUTE FUNCTION bump_programs_version();
CREATE TRIGGER webhook_endpoints_version_update
    AFTER UPDATE OF owner_id, events, mode, is_active, deleted_at ON webhook_endpoints
    FOR EACH ROW EXECUTE FUNCTION bump_programs_version();
