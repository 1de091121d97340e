-- Game sessions end with the player's session (issue 16, ADR 0019): logout, a password change, a lock or a close
-- write ended_at on every live game session of the member. The row is the truth every node reads: a node's cache of
-- session rows (seamless.service.ts) never decides that a session is still live for a bet.
ALTER TABLE game_sessions ADD COLUMN ended_at timestamptz;
-- Ending a member's sessions finds them by member; only live ones are ever looked up that way.
CREATE INDEX game_sessions_live_by_member ON game_sessions (merchant_id, member_id) WHERE ended_at IS NULL;
-- The functions that read ended_at in the call's own statement live in modules/seamless/sql/seamless-session.sql.
