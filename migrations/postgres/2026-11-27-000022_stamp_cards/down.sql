DROP TABLE stamp_events;
DROP TABLE stamp_cards;
