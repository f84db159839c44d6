DROP TABLE customer_page_links;
