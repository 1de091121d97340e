-- Where a post lands on a sharded account, in one place (DESIGN.md §5, ADR 0010). A hot system account (a vendor's
-- HOUSE, the CASHIER) has several rows, shards, whose sum is its balance; a post picks one shard from its
-- idempotency key's hash, known before any lock is taken (the transfer id is taken after the locks), so a retry lands
-- on the same shard. ledger_post, ledger_post_one, ledger_post_single_batch and the seamless wallet's group commit
-- all pick through these; ledger.shards.ts computes the same in TypeScript (a test holds them equal).
--
-- LANGUAGE sql and IMMUTABLE: the planner inlines them, so `a.shard = ledger_shard_of(...)` stays an index condition.

-- The hash of a post's (source, idempotency key).
CREATE OR REPLACE FUNCTION ledger_key_hash(p_source text, p_key text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT hashtext(p_source || ':' || p_key)
$$;

-- The shard of an account of p_shard_count rows that a post of key hash p_key_hash touches.
CREATE OR REPLACE FUNCTION ledger_shard_of(p_key_hash integer, p_shard_count integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT abs(p_key_hash % p_shard_count)
$$;

-- Locks the rows a batch of posts may touch, in (merchant_id, id, shard) order, so two batches can never deadlock
-- whatever their posts. Parallel arrays, one element per (account, post): the merchant, the account and the post's
-- key hash. Gathered into arrays by the caller: joined straight to JSON, the planner cannot estimate the set and scans
-- the whole accounts table. Unknown accounts lock nothing (the post refuses them).
CREATE OR REPLACE FUNCTION ledger_lock_accounts(p_merchants integer[], p_accounts bigint[], p_key_hashes integer[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM unnest(p_merchants, p_accounts, p_key_hashes) AS t (m, acc, h)
    JOIN ledger_accounts a ON a.merchant_id = t.m AND a.id = t.acc AND a.shard = ledger_shard_of(t.h, a.shard_count)
    ORDER BY a.merchant_id, a.id, a.shard
    FOR UPDATE OF a;
END $$;
