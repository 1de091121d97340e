-- Members and agents in the back office (issue 7): staff notes on a member, and the indexes the member search uses so
-- that no filter walks the whole members table (DESIGN.md §10). merchant_id is first in every key.

-- Notes written by staff about a member (support context, risk decisions). Only ever inserted; listed newest first.
CREATE TABLE member_notes (
  merchant_id integer NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  member_id bigint NOT NULL,
  -- The staff account (null only for the interim API token, ADR 0011) and its username at the time.
  staff_id bigint,
  staff_username text NOT NULL,
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, id),
  FOREIGN KEY (merchant_id, member_id) REFERENCES members (merchant_id, id) ON DELETE CASCADE
);
CREATE INDEX member_notes_member_idx ON member_notes (merchant_id, member_id, created_at DESC, id DESC);

-- Member search. Without a text filter the list is newest first, so each filter has an index in that order; username
-- and real name match from the start and are listed in that order: their indexes are on lower(...) in the "C"
-- collation, under which a LIKE 'abc%' is an index range and the index order is the list order. A mobile number is an
-- exact match.
CREATE INDEX members_created_idx ON members (merchant_id, created_at DESC, id DESC);
CREATE INDEX members_status_created_idx ON members (merchant_id, status, created_at DESC, id DESC);
CREATE INDEX members_type_created_idx ON members (merchant_id, user_type, created_at DESC, id DESC);
-- Every agent type at once (the search's "agents" kind), newest first; the search writes the same predicate.
CREATE INDEX members_agents_created_idx ON members (merchant_id, created_at DESC, id DESC)
  WHERE user_type IN (1, 2, 41, 42);
-- An agent's downline, newest first; it serves every lookup the older (merchant_id, parent_id) index served.
CREATE INDEX members_parent_created_idx ON members (merchant_id, parent_id, created_at DESC, id DESC)
  WHERE parent_id IS NOT NULL;
DROP INDEX members_parent_idx;
CREATE INDEX members_username_prefix_idx ON members (merchant_id, (lower(username)) COLLATE "C", id);
CREATE INDEX members_payee_prefix_idx ON members (merchant_id, (lower(payee_name)) COLLATE "C", id)
  WHERE payee_name IS NOT NULL;
CREATE INDEX members_mobile_num_idx ON members (merchant_id, mobile_num) WHERE mobile_num IS NOT NULL;
