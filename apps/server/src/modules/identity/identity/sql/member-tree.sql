-- The agent tree's closure table (migration 0030, DESIGN.md §12, ADR 0029), kept equal to what members.parent_id
-- implies by the triggers members_tree_insert and members_tree_move.

-- A new member gets its own row (depth 0) and one under each of its upline's ancestors. A member whose parent_id
-- changes takes its whole subtree along: the rows linking the subtree to its old uplines go, rows linking it to the new
-- upline's ancestors come. A move under the member itself or one of its descendants is refused.
-- Moves take the merchant's tree lock exclusively and inserts take it shared, so a member created under a subtree
-- while it moves, or two moves that would close a cycle together, wait for each other instead of linking a stale tree.
CREATE OR REPLACE FUNCTION member_tree_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_advisory_xact_lock_shared(hashtext('member_tree'), NEW.merchant_id);
    INSERT INTO member_tree (merchant_id, ancestor_id, descendant_id, depth)
    SELECT NEW.merchant_id, NEW.id, NEW.id, 0
    UNION ALL
    SELECT NEW.merchant_id, t.ancestor_id, NEW.id, t.depth + 1
    FROM member_tree t
    WHERE NEW.parent_id IS NOT NULL AND t.merchant_id = NEW.merchant_id AND t.descendant_id = NEW.parent_id;
    RETURN NULL;
  END IF;

  IF NEW.parent_id IS NOT DISTINCT FROM OLD.parent_id THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('member_tree'), NEW.merchant_id);
  IF NEW.parent_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM member_tree
    WHERE merchant_id = NEW.merchant_id AND ancestor_id = NEW.id AND descendant_id = NEW.parent_id
  ) THEN
    RAISE EXCEPTION 'member % of merchant % cannot move under %: that member is in its own team', NEW.id,
        NEW.merchant_id, NEW.parent_id
      USING ERRCODE = 'check_violation', TABLE = 'members', CONSTRAINT = 'members_tree_cycle';
  END IF;

  -- Unlink the subtree (the member and its descendants) from the member's old uplines.
  DELETE FROM member_tree d
  USING member_tree up, member_tree sub
  WHERE up.merchant_id = NEW.merchant_id AND up.descendant_id = NEW.id AND up.depth > 0
    AND sub.merchant_id = NEW.merchant_id AND sub.ancestor_id = NEW.id
    AND d.merchant_id = NEW.merchant_id AND d.ancestor_id = up.ancestor_id AND d.descendant_id = sub.descendant_id;

  -- Link it under the new upline and each of its ancestors.
  INSERT INTO member_tree (merchant_id, ancestor_id, descendant_id, depth)
  SELECT NEW.merchant_id, up.ancestor_id, sub.descendant_id, up.depth + sub.depth + 1
  FROM member_tree up, member_tree sub
  WHERE NEW.parent_id IS NOT NULL
    AND up.merchant_id = NEW.merchant_id AND up.descendant_id = NEW.parent_id
    AND sub.merchant_id = NEW.merchant_id AND sub.ancestor_id = NEW.id;
  RETURN NULL;
END
$$;
