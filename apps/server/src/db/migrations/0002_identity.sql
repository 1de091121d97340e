-- Identity (issue 3): members and agents, sessions, login history, captchas, SMS codes, reset tokens, sealed-payload
-- nonces, rate limits and the message outbox. merchant_id is first in every key (DESIGN.md §3).
-- Times that expire are written from the application's clock (injectable in tests), not now().

-- Merchant configuration read by identity (spec §3 SMS response expiredMinutes; PWDEXPIRY3 password age).
ALTER TABLE merchants
  ADD COLUMN sms_code_expired_minutes smallint NOT NULL DEFAULT 5 CHECK (sms_code_expired_minutes BETWEEN 1 AND 60),
  ADD COLUMN password_max_age_days smallint NOT NULL DEFAULT 90 CHECK (password_max_age_days BETWEEN 1 AND 3650);

-- Members, trial members and agents (spec §3, §9 user types; DESIGN.md §7). The agent tree is parent_id (upline).
CREATE TABLE members (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  username text NOT NULL CHECK (username <> '' AND length(username) <= 64),
  user_type smallint NOT NULL CHECK (user_type IN (0, 1, 2, 4, 41, 42)),
  parent_id bigint,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'LOCKED', 'CLOSED')),
  -- argon2id (PHC string). NULL: no password login (trial members; mobile registration without a password).
  password_hash text,
  password_changed_at timestamptz,
  payment_password_hash text,
  nickname text,
  payee_name text,
  qq_num text,
  whatsapp text,
  facebook text,
  telegram text,
  line text,
  zalo text,
  wechat text,
  id_number text,
  birthday date,
  email text,
  -- National number without the trunk 0, and its country dialing code (+63): together the SMS login identity.
  mobile_num text,
  country_dialing_code text,
  -- The agent's invitation code (spec §3 affiliate code); registrations with it get this agent as upline.
  affiliate_code text,
  -- What the registrant typed as referral code or recommender id (the referral issue links it).
  referrer text,
  address text,
  nationality text,
  occupation text,
  source_of_income text,
  place_of_birth text,
  language text,
  register_url text,
  register_method text,
  register_ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, id),
  FOREIGN KEY (merchant_id, parent_id) REFERENCES members (merchant_id, id),
  CHECK (parent_id IS NULL OR parent_id <> id),
  CHECK ((mobile_num IS NULL) = (country_dialing_code IS NULL)),
  CHECK (country_dialing_code IS NULL OR country_dialing_code ~ '^\+[0-9]{1,4}$'),
  CHECK (affiliate_code IS NULL OR user_type IN (1, 2, 41, 42))
);
-- Usernames are unique per merchant regardless of case (Alice and alice are one account).
CREATE UNIQUE INDEX members_username_key ON members (merchant_id, lower(username));
CREATE UNIQUE INDEX members_mobile_key ON members (merchant_id, country_dialing_code, mobile_num)
  WHERE mobile_num IS NOT NULL;
CREATE UNIQUE INDEX members_affiliate_code_key ON members (merchant_id, upper(affiliate_code))
  WHERE affiliate_code IS NOT NULL;
CREATE INDEX members_parent_idx ON members (merchant_id, parent_id) WHERE parent_id IS NOT NULL;

-- Sessions: only the SHA-256 of the bearer token is stored. Idle expiry slides with last_seen_at; expires_at is
-- the absolute end. Revoked rows stay until housekeeping removes them, for audit.
CREATE TABLE member_sessions (
  merchant_id integer NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  member_id bigint NOT NULL,
  token_hash bytea NOT NULL,
  method text NOT NULL CHECK (method IN ('PASSWORD', 'SMS', 'FREEPLAY', 'REGISTER')),
  -- Opened with the weak default or an expired password: may change it without the old one.
  must_change_password boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text NOT NULL,
  user_agent text,
  PRIMARY KEY (merchant_id, id),
  UNIQUE (merchant_id, token_hash),
  FOREIGN KEY (merchant_id, member_id) REFERENCES members (merchant_id, id) ON DELETE CASCADE
);
CREATE INDEX member_sessions_live_idx ON member_sessions (merchant_id, member_id) WHERE revoked_at IS NULL;
CREATE INDEX member_sessions_expires_idx ON member_sessions (expires_at);

CREATE TABLE member_logins (
  merchant_id integer NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  member_id bigint NOT NULL,
  logged_in_at timestamptz NOT NULL,
  ip text NOT NULL,
  user_agent text,
  method text NOT NULL CHECK (method IN ('PASSWORD', 'SMS', 'FREEPLAY', 'REGISTER')),
  PRIMARY KEY (merchant_id, id),
  FOREIGN KEY (merchant_id, member_id) REFERENCES members (merchant_id, id) ON DELETE CASCADE
);
CREATE INDEX member_logins_member_idx ON member_logins (merchant_id, member_id, logged_in_at DESC);
CREATE INDEX member_logins_time_idx ON member_logins (logged_in_at);

-- Single-use captchas; the answer is stored hashed.
CREATE TABLE captchas (
  merchant_id integer NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  id text NOT NULL,
  answer_hash bytea NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (merchant_id, id)
);
CREATE INDEX captchas_expires_idx ON captchas (expires_at);

-- SMS verification codes (login, registration, forgot password): salted SHA-256, limited attempts. Only the latest
-- code of a (purpose, destination) counts.
CREATE TABLE verification_codes (
  merchant_id integer NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  purpose text NOT NULL CHECK (purpose IN ('LOGIN', 'REGISTER', 'FORGOT', 'BIND')),
  -- E.164-like: +639171234567.
  destination text NOT NULL,
  code_hash bytea NOT NULL,
  salt bytea NOT NULL,
  attempts smallint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  PRIMARY KEY (merchant_id, id)
);
CREATE INDEX verification_codes_lookup_idx ON verification_codes (merchant_id, purpose, destination, id DESC);
CREATE INDEX verification_codes_expires_idx ON verification_codes (expires_at);

-- Password reset links (forgot by email): single use, stored hashed.
CREATE TABLE password_reset_tokens (
  merchant_id integer NOT NULL,
  token_hash bytea NOT NULL,
  member_id bigint NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (merchant_id, token_hash),
  FOREIGN KEY (merchant_id, member_id) REFERENCES members (merchant_id, id) ON DELETE CASCADE
);
CREATE INDEX password_reset_tokens_member_idx ON password_reset_tokens (merchant_id, member_id) WHERE used_at IS NULL;
CREATE INDEX password_reset_tokens_expires_idx ON password_reset_tokens (expires_at);

-- Nonces of opened sealed payloads: a second use of a nonce is a replay. Kept until the payload would be stale
-- anyway (expires_at = ts + SEAL_MAX_AGE_MS), so the table stays small.
CREATE TABLE sealed_nonces (
  merchant_id integer NOT NULL,
  nonce text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, nonce)
);
CREATE INDEX sealed_nonces_expires_idx ON sealed_nonces (expires_at);

-- Rate limits as GCRA: one row per key holding its theoretical arrival time in ms (see modules/rate-limit).
-- A row whose tat_ms is in the past means the same as no row, so housekeeping may delete it.
CREATE TABLE rate_limits (
  merchant_id integer NOT NULL,
  key text NOT NULL,
  tat_ms bigint NOT NULL,
  PRIMARY KEY (merchant_id, key)
);
CREATE INDEX rate_limits_tat_idx ON rate_limits (tat_ms);

-- What the outbox SMS and email providers "send" (embedded mode, tests and the demo; GET /wps/dev/outbox outside
-- production). It holds codes and reset links, so housekeeping removes rows after a few days.
CREATE TABLE outbox (
  merchant_id integer NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient text NOT NULL,
  subject text,
  body text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, id)
);
CREATE INDEX outbox_recipient_idx ON outbox (merchant_id, recipient, id DESC);
CREATE INDEX outbox_created_idx ON outbox (created_at);
