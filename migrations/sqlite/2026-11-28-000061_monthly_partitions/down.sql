-- Reverts monthly_partitions (sqlite)
DELETE FROM jobs WHERE name = 'retention';
DROP TABLE data_retention;
