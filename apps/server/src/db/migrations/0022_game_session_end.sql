-- Game sessions end with the player's session (issue 16, ADR 0019): logout, a password change, a lock or a close
-- write ended_at on every live game session of the member. The row is the truth every node reads: a node's cache of
-- session rows (seamless.service.ts) never decides that a session is still live for a bet.
ALTER TABLE game_sessions ADD COLUMN ended_at timestamptz;
-- Ending a member's sessions finds them by member; only live ones are ever looked up that way.
CREATE INDEX game_sessions_live_by_member ON game_sessions (merchant_id, member_id) WHERE ended_at IS NULL;

-- The call as seamless_call() should see it: a debit on an ended session is marked expired, so seamless_call refuses
-- it with SESSION_EXPIRED after its idempotency claim (a retry of a bet accepted before the logout still gets its first
-- answer). Credits, rollbacks and round ends pass unchanged: a round started in time settles (protocol rule 5).
-- Read in the call's own statement, so the answer follows the committed row whatever node the vendor reaches.
CREATE FUNCTION seamless_session_checked(p jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p->>'op' = 'debit' AND EXISTS (
      SELECT 1 FROM game_sessions s
        WHERE s.merchant_id = (p->>'merchant')::integer AND s.token_hash = p->>'session' AND s.ended_at IS NOT NULL)
    THEN p || '{"sessionExpired": true}'::jsonb
    ELSE p
  END
$$;

-- The same for a group-commit batch (seamless_calls), call by call and in order.
CREATE FUNCTION seamless_sessions_checked(p_calls jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(seamless_session_checked(c.value) ORDER BY c.n), '[]'::jsonb)
    FROM jsonb_array_elements(p_calls) WITH ORDINALITY AS c (value, n)
$$;
