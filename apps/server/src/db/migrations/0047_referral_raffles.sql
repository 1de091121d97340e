-- Invite friends and raffles (issue 21; spec §2 member centre referral, §3 availablePromo.REFERRAL.enabled, §6, §7
-- raffle claim; domain-rules §4.5–4.6; DESIGN.md §13; ADR 0045). Modules engagement/referral and engagement/raffles.
-- Both read play statistics and credited deposits, and pay through the reward centre under business keys.

-- The merchant's referral programme (module referral). No row: the defaults of referral-settings.ts (on, so the site
-- flag REFERRAL3 alone decides until staff change it).
CREATE TABLE referral_settings (
  merchant_id integer PRIMARY KEY REFERENCES merchants (id),
  enabled boolean NOT NULL,
  -- A friend qualifies once its credited deposits and its own-money valid bet since registration reach both, within
  -- window_days of its registration.
  min_deposit_minor bigint NOT NULL CHECK (min_deposit_minor >= 0),
  min_valid_bet_minor bigint NOT NULL CHECK (min_valid_bet_minor >= 0),
  window_days integer NOT NULL CHECK (window_days BETWEEN 1 AND 365),
  -- Paid to the referrer once per qualified friend (reward key referral:<friend>).
  reward_minor bigint NOT NULL CHECK (reward_minor >= 0),
  -- Basis points of qualified friends' valid bet paid daily to the referrer (reward key referral-share:<day>:<referrer>).
  share_bp integer NOT NULL CHECK (share_bp BETWEEN 0 AND 500),
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL
);

-- Each member's referral code (made on first use), the code of its link /register?referralCode=<code>.
CREATE TABLE referral_codes (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  member_id bigint NOT NULL,
  code text NOT NULL CHECK (code ~ '^[A-Z0-9]{8}$'),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, member_id),
  UNIQUE (merchant_id, code)
);

-- A friend who registered through a referral link: one referrer per friend, for life.
CREATE TABLE referral_friends (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  friend_id bigint NOT NULL,
  referrer_id bigint NOT NULL CHECK (referrer_id <> friend_id),
  registered_at timestamptz NOT NULL,
  -- Set by the referral.qualify job once the thresholds are met, after the referrer's reward was offered.
  qualified_at timestamptz,
  PRIMARY KEY (merchant_id, friend_id)
);
CREATE INDEX referral_friends_referrer_idx ON referral_friends (merchant_id, referrer_id, registered_at DESC);
CREATE INDEX referral_friends_open_idx ON referral_friends (merchant_id, registered_at) WHERE qualified_at IS NULL;

-- A raffle (module raffles). The seed is drawn at creation and only its SHA-256 (seed_hash) is shown until the draw;
-- the draw reveals it. Tickets are earned between opens_at and closes_at; the draw runs at or after draw_at.
CREATE TABLE raffles (
  merchant_id integer NOT NULL REFERENCES merchants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  -- Per language code: { "EN": "Weekend raffle", "TY": "..." }.
  title jsonb NOT NULL,
  basis text NOT NULL CHECK (basis IN ('DEPOSIT', 'VALID_BET')),
  -- One ticket per this much credited deposit or valid bet in the window.
  ticket_unit_minor bigint NOT NULL CHECK (ticket_unit_minor > 0),
  max_tickets_per_member integer NOT NULL CHECK (max_tickets_per_member BETWEEN 1 AND 10000),
  -- Prize amounts by rank (minor units, rank 1 first).
  prizes jsonb NOT NULL,
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  draw_at timestamptz NOT NULL,
  seed text NOT NULL CHECK (seed ~ '^[0-9a-f]{64}$'),
  seed_hash text NOT NULL CHECK (seed_hash ~ '^[0-9a-f]{64}$'),
  status text NOT NULL DEFAULT 'SCHEDULED' CHECK (status IN ('SCHEDULED', 'DRAWN', 'CANCELLED')),
  -- The ticket count the draw used (the published list's length).
  ticket_total integer,
  drawn_at timestamptz,
  created_at timestamptz NOT NULL,
  created_by text NOT NULL,
  PRIMARY KEY (merchant_id, id),
  CHECK (opens_at < closes_at AND closes_at <= draw_at)
);
CREATE INDEX raffles_due_idx ON raffles (draw_at) WHERE status = 'SCHEDULED';

-- Each member's tickets in a raffle, kept by the raffles.tickets job while it is open and frozen by the draw.
CREATE TABLE raffle_tickets (
  merchant_id integer NOT NULL,
  raffle_id bigint NOT NULL,
  member_id bigint NOT NULL,
  tickets integer NOT NULL CHECK (tickets > 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, raffle_id, member_id),
  FOREIGN KEY (merchant_id, raffle_id) REFERENCES raffles (merchant_id, id)
);

-- The winners: one row per prize rank, the winning ticket number and its holder, and the reward offered.
CREATE TABLE raffle_winners (
  merchant_id integer NOT NULL,
  raffle_id bigint NOT NULL,
  rank integer NOT NULL CHECK (rank >= 1),
  ticket_no integer NOT NULL CHECK (ticket_no >= 0),
  member_id bigint NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  reward_id bigint NOT NULL,
  PRIMARY KEY (merchant_id, raffle_id, rank),
  FOREIGN KEY (merchant_id, raffle_id) REFERENCES raffles (merchant_id, id)
);
CREATE INDEX raffle_winners_member_idx ON raffle_winners (merchant_id, member_id);
