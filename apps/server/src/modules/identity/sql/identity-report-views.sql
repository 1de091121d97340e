-- The identity module's published facts (docs/architecture.md "Read-only views") for the back office's reports: when
-- each member signed up and as which user type, and each login's time and method. Read-only for every other module;
-- columns are only ever added.
CREATE OR REPLACE VIEW member_signup_facts AS
SELECT merchant_id, user_type, created_at
FROM members;

CREATE OR REPLACE VIEW member_login_facts AS
SELECT merchant_id, member_id, method, logged_in_at
FROM member_logins;
