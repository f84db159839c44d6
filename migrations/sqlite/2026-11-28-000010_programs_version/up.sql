-- What a sale consults beside its customer (issue #38 item 7, issue #37 item 5): the owner's
-- tier ladder, its stores' stamp cards and which events its webhook endpoints take. They change
-- rarely, so each instance keeps them in memory per owner, under the owner's programs_version;
-- the sale reads the version with the owner's settings (a statement it runs anyway) and loads
-- them again only when the version moved. These triggers move it on every change of those
-- rows, whoever writes them, so no instance can serve a stale ladder, card or subscription.
ALTER TABLE users ADD COLUMN programs_version BIGINT NOT NULL DEFAULT 0;

CREATE TRIGGER loyalty_tiers_version_insert AFTER INSERT ON loyalty_tiers BEGIN
    UPDATE users SET programs_version = programs_version + 1 WHERE id = new.store_owner_id;
END;
CREATE TRIGGER loyalty_tiers_version_update AFTER UPDATE ON loyalty_tiers BEGIN
    UPDATE users SET programs_version = programs_version + 1 WHERE id IN (old.store_owner_id, new.store_owner_id);
END;
CREATE TRIGGER loyalty_tiers_version_delete AFTER DELETE ON loyalty_tiers BEGIN
    UPDATE users SET programs_version = programs_version + 1 WHERE id = old.store_owner_id;
END;

CREATE TRIGGER stamp_cards_version_insert AFTER INSERT ON stamp_cards BEGIN
    UPDATE users SET programs_version = programs_version + 1
    WHERE id = (SELECT owner_id FROM stores WHERE id = new.store_id);
END;
CREATE TRIGGER stamp_cards_version_update AFTER UPDATE ON stamp_cards BEGIN
    UPDATE users SET programs_version = programs_version + 1
    WHERE id IN (SELECT owner_id FROM stores WHERE id IN (old.store_id, new.store_id));
END;
CREATE TRIGGER stamp_cards_version_delete AFTER DELETE ON stamp_cards BEGIN
    UPDATE users SET programs_version = programs_version + 1
    WHERE id = (SELECT owner_id FROM stores WHERE id = old.store_id);
END;

-- An endpoint's sequence number moves with every delivery: only what decides a subscription
-- (its events, mode, owner, being active or deleted) moves the version.
CREATE TRIGGER webhook_endpoints_version_insert AFTER INSERT ON webhook_endpoints BEGIN
    UPDATE users SET programs_version = programs_version + 1 WHERE id = new.owner_id;
END;
CREATE TRIGGER webhook_endpoints_version_update
AFTER UPDATE OF owner_id, events, mode, is_active, deleted_at ON webhook_endpoints BEGIN
    UPDATE users SET programs_version = programs_version + 1 WHERE id IN (old.owner_id, new.owner_id);
END;
CREATE TRIGGER webhook_endpoints_version_delete AFTER DELETE ON webhook_endpoints BEGIN
    UPDATE users SET programs_version = programs_version + 1 WHERE id = old.owner_id;
END;
