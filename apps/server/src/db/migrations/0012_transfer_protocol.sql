-- Transfer protocol (issue 6; docs/protocols/transfer-wallet.md): the bet-record pull of the vendors served by the HTTP
-- adapter. Their rounds land in game_rounds (0010) and move VENDOR:<code> against HOUSE:<code> in the ledger.

-- One row per (merchant, vendor): how far the pull got, and who is pulling. A runner claims a due row (next_pull_at
-- passed) under FOR UPDATE SKIP LOCKED by moving next_pull_at past its lease and writing its claim_token; progress and
-- the release are written only while the token is still its own, so two nodes never page through one vendor at once.
CREATE TABLE transfer_bet_cursors (
  merchant_id integer NOT NULL,
  vendor_code text NOT NULL,
  -- Every round the vendor settled before this instant has been pulled; the next window starts 5 minutes earlier.
  pulled_to timestamptz NOT NULL,
  -- The window being paged through and the vendor's cursor of its next page; NULL when no window is in progress.
  window_from timestamptz,
  window_to timestamptz,
  page_cursor text CHECK (length(page_cursor) <= 200),
  next_pull_at timestamptz NOT NULL,
  claim_token text,
  last_error text CHECK (length(last_error) <= 200),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, vendor_code),
  FOREIGN KEY (merchant_id, vendor_code) REFERENCES merchant_transfer_vendors (merchant_id, vendor_code)
    ON DELETE CASCADE,
  CHECK ((window_from IS NULL) = (window_to IS NULL)),
  CHECK (page_cursor IS NULL OR window_from IS NOT NULL)
);
CREATE INDEX transfer_bet_cursors_due ON transfer_bet_cursors (next_pull_at);

-- A pulled round whose money could not be posted yet: its loss is larger than the platform-side vendor balance (the
-- wins that paid for it at the vendor are in rounds not pulled yet). Retried by every pass of its vendor until posted.
CREATE TABLE transfer_round_deferrals (
  merchant_id integer NOT NULL,
  vendor_code text NOT NULL,
  round_id text NOT NULL,
  member_id bigint NOT NULL,
  bet_minor bigint NOT NULL CHECK (bet_minor >= 0),
  win_minor bigint NOT NULL CHECK (win_minor >= 0),
  attempts integer NOT NULL DEFAULT 1 CHECK (attempts >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, vendor_code, round_id),
  FOREIGN KEY (merchant_id, vendor_code, round_id) REFERENCES game_rounds (merchant_id, vendor_code, round_id)
);
