-- The agent centre (issue 18): an agent's invitation links and the registrations through them, the limits on the
-- accounts an agent may create, the merchant's agent settings, and each agent's remarks on its downline.

-- Merchant-wide agent settings and the defaults of agent limits (one row per merchant; absent: the column defaults).
CREATE TABLE agent_settings (
  merchant_id integer PRIMARY KEY REFERENCES merchants (id),
  -- Whether agents may lock and unlock members of their own downline.
  agents_may_lock boolean NOT NULL DEFAULT false,
  default_may_create_agents boolean NOT NULL DEFAULT true,
  -- NULL: no limit.
  default_max_accounts integer CHECK (default_max_accounts IS NULL OR default_max_accounts >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Per-agent limits set in the back office; an agent without a row takes the merchant's defaults.
CREATE TABLE agent_limits (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  agent_id bigint NOT NULL,
  may_create_agents boolean NOT NULL,
  -- NULL: no limit. Counts the agent's direct downline, created by hand or through its links.
  max_accounts integer CHECK (max_accounts IS NULL OR max_accounts >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, agent_id)
);

-- An agent's invitation links: a registration with the code places the new account under the agent, as `user_type`.
CREATE TABLE agent_invite_links (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  agent_id bigint NOT NULL,
  code text NOT NULL CHECK (code ~ '^[A-Z0-9]{6,16}$'),
  -- 0 member, 1 agent (the identity module's user types).
  user_type smallint NOT NULL CHECK (user_type IN (0, 1)),
  created_at timestamptz NOT NULL DEFAULT now(),
  disabled_at timestamptz,
  PRIMARY KEY (merchant_id, id)
);
CREATE UNIQUE INDEX agent_invite_links_code_key ON agent_invite_links (merchant_id, code);
CREATE INDEX agent_invite_links_agent_idx ON agent_invite_links (merchant_id, agent_id, id DESC);

-- Each registration through a link (one per new member).
CREATE TABLE agent_link_registrations (
  merchant_id integer NOT NULL,
  link_id bigint NOT NULL,
  member_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, member_id),
  FOREIGN KEY (merchant_id, link_id) REFERENCES agent_invite_links (merchant_id, id)
);
CREATE INDEX agent_link_registrations_link_idx ON agent_link_registrations (merchant_id, link_id);

-- An agent's own remark on a member of its downline (each agent up the tree keeps its own).
CREATE TABLE agent_remarks (
  merchant_id integer NOT NULL,
  agent_id bigint NOT NULL,
  member_id bigint NOT NULL,
  remark text NOT NULL CHECK (length(remark) BETWEEN 1 AND 200),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, agent_id, member_id)
);
