DROP TABLE sale_claims;
DROP TABLE customer_page_links;
-- Walk-in sales have no customer to go back to: they go.
DELETE FROM invoice_returns WHERE invoice_id IN (SELECT id FROM invoices WHERE customer_id IS NULL);
DELETE FROM invoices WHERE customer_id IS NULL;
ALTER TABLE invoices ALTER COLUMN customer_id SET NOT NULL;
