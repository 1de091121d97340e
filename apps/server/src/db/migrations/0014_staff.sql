-- Staff accounts of the back office (issue 7, DESIGN.md §7): separate from members, one role each, password (argon2id,
-- the same hasher as members) plus TOTP. Secrets never leave the server: the TOTP secret is stored sealed (AES-256-GCM
-- under STAFF_SECRET_KEY, modules/staff/staff-secrets.ts); tokens, challenges and recovery codes only as SHA-256.
CREATE TABLE staff_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Null only for `super`, the platform's own administrators, who belong to no merchant.
  merchant_id integer REFERENCES merchants (id),
  username text NOT NULL CHECK (username ~ '^[A-Za-z0-9_.-]{3,32}$'),
  display_name text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 64),
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('super', 'owner', 'admin', 'cashier', 'risk', 'support', 'content', 'finance')),
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'DISABLED')),
  -- Sealed base32 secret; null until enrolled (first sign-in) and again after an MFA reset.
  totp_secret text,
  totp_enrolled_at timestamptz,
  -- The last 30-second step whose code was accepted: a code works once (RFC 6238 §5.2).
  totp_last_step bigint,
  -- Wrong passwords and codes in a row; at STAFF_MAX_FAILURES the account locks until locked_until.
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  locked_until timestamptz,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((merchant_id IS NULL) = (role = 'super')),
  CHECK (totp_enrolled_at IS NULL OR totp_secret IS NOT NULL)
);

-- One username per merchant (and one among the super admins), whatever its case.
CREATE UNIQUE INDEX staff_accounts_username ON staff_accounts (coalesce(merchant_id, 0), lower(username));
CREATE INDEX staff_accounts_merchant ON staff_accounts (merchant_id, created_at DESC, id DESC);

-- Sessions: opaque 256-bit bearer tokens stored hashed. merchant_id is the merchant the session acts on (the staff
-- member's own; for a super admin, the merchant of the host it signed in on), so a token is worthless on another host.
CREATE TABLE staff_sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text NOT NULL,
  user_agent text
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id) WHERE revoked_at IS NULL;
CREATE INDEX staff_sessions_expiry ON staff_sessions (expires_at);

-- Recovery codes, handed out once at enrolment; each works once.
CREATE TABLE staff_recovery_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  code_hash bytea NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (staff_id, code_hash)
);

-- The step between the password and the session: MFA (a code or a recovery code) or ENROL (first TOTP, whose proposed
-- secret waits here, sealed, until a code from it proves the authenticator has it). Short-lived, used once.
CREATE TABLE staff_sign_in_challenges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  token_hash bytea NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('MFA', 'ENROL')),
  pending_secret text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CHECK ((kind = 'ENROL') = (pending_secret IS NOT NULL))
);
CREATE INDEX staff_sign_in_challenges_expiry ON staff_sign_in_challenges (expires_at);

-- Sign-in history of staff accounts: successes and failures, with where from.
CREATE TABLE staff_logins (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  staff_id bigint NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  ip text NOT NULL,
  user_agent text,
  -- SUCCESS, WRONG_PASSWORD, WRONG_CODE, LOCKED, DISABLED.
  outcome text NOT NULL,
  -- How the second step was passed: TOTP, RECOVERY_CODE or ENROL (successes only).
  method text
);
CREATE INDEX staff_logins_staff ON staff_logins (staff_id, at DESC);
CREATE INDEX staff_logins_time ON staff_logins (at);
