DROP TABLE readiness;
