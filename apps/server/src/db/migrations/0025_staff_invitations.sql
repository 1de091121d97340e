-- Enrolment links (ADR 0016): the first owner of a merchant is made by `npm run create-owner`, which prints a one-time,
-- short-lived link instead of a password. Opening it sets the password; the sign-in's ENROL step follows. Only the
-- SHA-256 of the token is stored.
CREATE TABLE staff_invitations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX staff_invitations_staff ON staff_invitations (staff_id);
