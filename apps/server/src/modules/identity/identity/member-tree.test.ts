import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import type { Database, Queryable } from '../../../db/database';
import { seedDemo } from '../../../db/seed';
import { describeEachDatabase, openSecondPool } from '../../../test/databases';
import { demoMerchantId, insertMember } from '../../../test/identity-helpers';

/** What parent_id implies: each member with itself at depth 0 and each upline above it, as "ancestor>descendant@depth". */
const closureOf = (parents: Map<bigint, bigint | null>): string[] => {
  const rows: string[] = [];
  for (const member of parents.keys()) {
    let depth = 0;
    for (let at: bigint | null | undefined = member; at !== null && at !== undefined; at = parents.get(at)) {
      rows.push(`${at}>${member}@${depth}`);
      depth += 1;
    }
  }
  return rows.sort();
};

/** member_tree as agent_tree shows it, for rows whose descendant is one of `members`. */
const storedClosure = async (db: Database, merchantId: number, members: bigint[]): Promise<string[]> => {
  const { rows } = await db.query<{ row: string }>(
    `SELECT ancestor_id || '>' || descendant_id || '@' || depth AS row FROM agent_tree
     WHERE merchant_id = $1 AND descendant_id = ANY($2::bigint[])`,
    [merchantId, members.map(String)],
  );
  return rows.map((r) => r.row).sort();
};

const moveTo = (db: Queryable, merchantId: number, member: bigint, parent: bigint | null) =>
  db.query('UPDATE members SET parent_id = $3 WHERE merchant_id = $1 AND id = $2', [merchantId, member, parent]);

/** Whether `candidate` is `member` or one of its descendants in the model. */
const inTeamOf = (parents: Map<bigint, bigint | null>, member: bigint, candidate: bigint): boolean => {
  for (let at: bigint | null | undefined = candidate; at !== null && at !== undefined; at = parents.get(at)) {
    if (at === member) return true;
  }
  return false;
};

const stepArb = fc.oneof(
  /** A new member under one of the members so far (an index, wrapped), or under nobody. */
  fc.record({ kind: fc.constant('create' as const), parent: fc.option(fc.nat(), { nil: null }) }),
  /** A member moved under another (or to the top); moves into its own team are refused. */
  fc.record({ kind: fc.constant('move' as const), member: fc.nat(), parent: fc.option(fc.nat(), { nil: null }) }),
);

describeEachDatabase('member tree (agent_tree)', (getDb, engine) => {
  let merchantId: number;

  beforeAll(async () => {
    await seedDemo(getDb());
    merchantId = await demoMerchantId(getDb());
  });

  it('should give a member created under an agent a row under each of its uplines and itself', async () => {
    const db = getDb();
    const top = await insertMember(db, { userType: 1 });
    const sub = await insertMember(db, { userType: 2, parentId: top.id });
    const player = await insertMember(db, { parentId: sub.id });
    const { rows } = await db.query<{ ancestor_id: string; depth: number }>(
      `SELECT ancestor_id::text, depth FROM agent_tree WHERE merchant_id = $1 AND descendant_id = $2 ORDER BY depth`,
      [merchantId, player.id],
    );
    expect(rows).toEqual([
      { ancestor_id: String(player.id), depth: 0 },
      { ancestor_id: String(sub.id), depth: 1 },
      { ancestor_id: String(top.id), depth: 2 },
    ]);
    const team = await db.query<{ descendant_id: string }>(
      'SELECT descendant_id::text FROM agent_tree WHERE merchant_id = $1 AND ancestor_id = $2 ORDER BY depth',
      [merchantId, top.id],
    );
    expect(team.rows.map((r) => r.descendant_id)).toEqual([top.id, sub.id, player.id].map(String));
  });

  it('should move a whole subtree with its member, and refuse a move into its own team', async () => {
    const db = getDb();
    const a = await insertMember(db, { userType: 1 });
    const b = await insertMember(db, { userType: 1 });
    const sub = await insertMember(db, { userType: 2, parentId: a.id });
    const leaf = await insertMember(db, { parentId: sub.id });
    await moveTo(db, merchantId, sub.id, b.id);
    const parents = new Map<bigint, bigint | null>([
      [a.id, null],
      [b.id, null],
      [sub.id, b.id],
      [leaf.id, sub.id],
    ]);
    expect(await storedClosure(db, merchantId, [...parents.keys()])).toEqual(closureOf(parents));
    // b under its own grandchild, and a member under itself: refused, and the tree stays as it was.
    await expect(moveTo(db, merchantId, b.id, leaf.id)).rejects.toThrow(/cannot move under .*in its own team/);
    await expect(moveTo(db, merchantId, sub.id, sub.id)).rejects.toThrow();
    expect(await storedClosure(db, merchantId, [...parents.keys()])).toEqual(closureOf(parents));
    const { rows } = await db.query<{ parent_id: string }>(
      'SELECT parent_id::text FROM members WHERE merchant_id = $1 AND id = $2',
      [merchantId, b.id],
    );
    expect(rows[0]?.parent_id).toBeNull();
  });

  it('should keep the closure equal to what parent_id implies over random trees and moves', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (steps) => {
        const db = getDb();
        const parents = new Map<bigint, bigint | null>();
        const ids: bigint[] = [];
        for (const step of steps) {
          const pick = (n: number | null) => (n === null || ids.length === 0 ? null : ids[n % ids.length]!);
          if (step.kind === 'create' || ids.length === 0) {
            const parent = pick(step.parent);
            const { id } = await insertMember(db, { userType: 1, ...(parent === null ? {} : { parentId: parent }) });
            ids.push(id);
            parents.set(id, parent);
            continue;
          }
          const member = ids[step.member % ids.length]!;
          const parent = pick(step.parent);
          if (parent !== null && inTeamOf(parents, member, parent)) {
            await expect(moveTo(db, merchantId, member, parent)).rejects.toThrow();
          } else {
            await moveTo(db, merchantId, member, parent);
            parents.set(member, parent);
          }
        }
        expect(await storedClosure(db, merchantId, ids)).toEqual(closureOf(parents));
      }),
      { numRuns: 30 },
    );
  });

  it('should refuse one of two moves that together would make a cycle, made at the same time', async () => {
    const db = getDb();
    // A second process's own pool on PostgreSQL; PGlite is one connection, shared, so there the two run in turn.
    const second = engine.kind === 'postgres' ? await openSecondPool(db) : db;
    try {
      const x = await insertMember(db, { userType: 1 });
      const y = await insertMember(db, { userType: 1 });
      const results = await Promise.allSettled([
        db.transaction(async (tx) => {
          await moveTo(tx, merchantId, x.id, y.id);
          await tx.query('SELECT pg_sleep(0.2)');
        }),
        second.transaction(async (tx) => {
          await tx.query('SELECT pg_sleep(0.05)');
          await moveTo(tx, merchantId, y.id, x.id);
        }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const { rows } = await db.query<{ id: string; parent_id: string | null }>(
        'SELECT id::text, parent_id::text FROM members WHERE merchant_id = $1 AND id = ANY($2::bigint[])',
        [merchantId, [x.id, y.id].map(String)],
      );
      const parents = new Map(rows.map((r) => [BigInt(r.id), r.parent_id === null ? null : BigInt(r.parent_id)]));
      expect(await storedClosure(db, merchantId, [x.id, y.id])).toEqual(closureOf(parents));
    } finally {
      if (second !== db) await second.close();
    }
  });
});
