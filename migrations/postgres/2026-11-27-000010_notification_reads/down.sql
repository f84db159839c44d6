DROP TABLE notification_reads;
