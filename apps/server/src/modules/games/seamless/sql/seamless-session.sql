-- The seamless wallet's game-session check (ADR 0019), applied after the migrations like seamless-call.sql: change it
-- here, never in a new migration.

-- The call as seamless_call() should see it: a debit on an ended session is marked expired, so seamless_call refuses
-- it with SESSION_EXPIRED after its idempotency claim (a retry of a bet accepted before the logout still gets its first
-- answer). Credits, rollbacks and round ends pass unchanged: a round started in time settles (protocol rule 5).
-- Read in the call's own statement, so the answer follows the committed row whatever node the vendor reaches.
CREATE OR REPLACE FUNCTION seamless_session_checked(p jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p->>'op' = 'debit' AND EXISTS (
      SELECT 1 FROM game_sessions s
        WHERE s.merchant_id = (p->>'merchant')::integer AND s.token_hash = p->>'session' AND s.ended_at IS NOT NULL)
    THEN p || '{"sessionExpired": true}'::jsonb
    ELSE p
  END
$$;

-- The same for a group-commit batch (seamless_calls), call by call and in order.
CREATE OR REPLACE FUNCTION seamless_sessions_checked(p_calls jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(seamless_session_checked(c.value) ORDER BY c.n), '[]'::jsonb)
    FROM jsonb_array_elements(p_calls) WITH ORDINALITY AS c (value, n)
$$;
