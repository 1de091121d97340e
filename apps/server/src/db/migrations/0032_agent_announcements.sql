-- Announcements for agents (issue 18, spec §2 agentAnnouncement): a notice is written for players (the lobby's
-- notices, every notice so far) or for agents (read only in the agent centre). The lobby's reads keep to PLAYERS.
ALTER TABLE notices ADD COLUMN IF NOT EXISTS audience text NOT NULL DEFAULT 'PLAYERS'
  CHECK (audience IN ('PLAYERS', 'AGENTS'));
CREATE INDEX IF NOT EXISTS notices_agents_live ON notices (merchant_id, sort, starts_at DESC)
  WHERE enabled AND audience = 'AGENTS';
