-- Reverts customer_spend_function (postgres)
DROP FUNCTION loyalty_customer_spend(BIGINT, TIMESTAMP);
