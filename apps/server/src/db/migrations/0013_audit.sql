-- Audit log of the back office (issue 7): every staff action with who, when, from where, and the values before and
-- after. Rows are only ever inserted; nothing updates or deletes them (the application has no such statement).
CREATE TABLE staff_audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Null for platform-level actions of a super admin (merchants).
  merchant_id integer REFERENCES merchants (id),
  -- The staff account (null only for the interim API token, ADR 0011) and its username at the time.
  staff_id bigint,
  staff_username text NOT NULL,
  staff_role text NOT NULL,
  ip text NOT NULL,
  -- What was done, e.g. withdrawal.approve, member.lock, banner.create; and to what.
  action text NOT NULL CHECK (action ~ '^[a-z][a-z0-9_.-]{1,63}$'),
  target_type text NOT NULL,
  target_id text NOT NULL,
  -- The object before and after (null when created or deleted); never secrets.
  before jsonb,
  after jsonb,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The log page: newest first per merchant, optionally by action, staff member or target.
CREATE INDEX staff_audit_log_merchant_time ON staff_audit_log (merchant_id, created_at DESC, id DESC);
CREATE INDEX staff_audit_log_target ON staff_audit_log (merchant_id, target_type, target_id, created_at DESC);
CREATE INDEX staff_audit_log_staff ON staff_audit_log (merchant_id, staff_username, created_at DESC);
