DROP TRIGGER webhook_endpoints_version_update ON webhook_endpoints;
DROP TRIGGER webhook_endpoints_version ON webhook_endpoints;
DROP TRIGGER stamp_cards_version ON stamp_cards;
DROP TRIGGER loyalty_tiers_version ON loyalty_tiers;
DROP FUNCTION bump_programs_version();
ALTER TABLE users DROP COLUMN programs_version;
