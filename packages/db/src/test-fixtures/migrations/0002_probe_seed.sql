INSERT INTO probe_accounts (id, balance_minor) VALUES (1, 9007199254740993);
