-- The page-session purge (sessions/session-purge.ts) walks expired sessions in (expires_at, id_hash) order from where
-- its last batch stopped, so this index replaces the one on expires_at alone. It keeps the sessions that a round
-- names (rounds.session_id references them); rounds_by_session answers that check, and the foreign-key check of the
-- delete, with an index probe instead of a scan of rounds.
DROP INDEX page_sessions_expiry;
CREATE INDEX page_sessions_expiry ON page_sessions (expires_at, id_hash);
CREATE INDEX rounds_by_session ON rounds (session_id);
