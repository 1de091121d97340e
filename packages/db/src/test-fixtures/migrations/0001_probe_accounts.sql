-- Fixture for packages/db's own tests: a table the migrator creates and the test databases start with.
CREATE TABLE probe_accounts (
  id bigint PRIMARY KEY,
  balance_minor bigint NOT NULL DEFAULT 0
);
