import { describe, expect, it } from 'vitest';
import {
  OpsMemberProfileSchema,
  TransactionPageSchema,
  USER_TYPE,
  successEnvelope,
  OPS_API,
} from '@platform/contracts';
import { describeEachDatabase } from '../../../test/databases';
import { insertMember } from '../../../test/identity-helpers';
import { trialToken } from '../../../test/wallet-helpers';
import { searchStatements, type MemberSearchFilter } from '../../identity/identity';
import { mobileFilterOf } from './member-ops.mapping';
import { fieldsOf, memberOpsFixture, pathOf } from './member-ops.test-support';

describeEachDatabase('members and agents staff API: search and profile', (getDb) => {
  const f = memberOpsFixture(getDb);
  const { tag, call, raw, search, names } = f;

  describe('search', () => {
    it('should find members by username prefix, case-insensitively, in username order', async () => {
      expect(names(await search({ username: `${tag.toUpperCase()}_` }))).toEqual([
        `${tag}_agent`,
        `${tag}_Down`,
        `${tag}_sub`,
      ]);
      expect(names(await search({ username: `${tag}_d` }))).toEqual([`${tag}_Down`]);
      // LIKE wildcards typed by staff match only themselves.
      expect(names(await search({ username: `${tag}%` }))).toEqual([]);
      expect(names(await search({ username: `${tag.slice(0, -1)}_` }))).toEqual([]);
    });

    it('should find a member by mobile number, with or without the country code', async () => {
      expect(names(await search({ mobile: '+63 917 555 0001' }))).toEqual([`${tag}_Down`]);
      expect(names(await search({ mobile: '09175550001' }))).toEqual([`${tag}_Down`]);
      expect(names(await search({ mobile: '+1 917 555 0001' }))).toEqual([]);
    });

    it('should find a member by real name and show the upline', async () => {
      const page = await search({ realName: 'maria c' });
      expect(page.list).toHaveLength(1);
      expect(page.list[0]).toMatchObject({
        username: `${tag}_Down`,
        realName: 'Maria Clara',
        upline: `${tag}_sub`,
        userType: 0,
        status: 'ACTIVE',
        countryDialingCode: '+63',
        mobileNum: '9175550001',
      });
    });

    it("should list an agent's direct downline and filter agents by kind and type", async () => {
      expect(names(await search({ agent: `${tag}_agent` }))).toEqual([`${tag}_sub`]);
      expect(names(await search({ agent: `${tag}_SUB` }))).toEqual([`${tag}_Down`]);
      expect(names(await search({ username: tag, kind: 'AGENT' }))).toEqual([`${tag}_agent`, `${tag}_sub`]);
      expect(names(await search({ username: tag, kind: 'AGENT', userType: '2' }))).toEqual([`${tag}_sub`]);
      expect(names(await search({ username: tag, kind: 'MEMBER' }))).toEqual([`${tag}_Down`]);
      expect(names(await search({ username: tag, kind: 'MEMBER', userType: '1' }))).toEqual([]);
    });

    it('should filter by status and registration date in the merchant time zone, newest first', async () => {
      const db = getDb();
      const a = await insertMember(db, { username: `${tag}_old1` });
      const b = await insertMember(db, { username: `${tag}_old2` });
      await db.query("UPDATE members SET created_at = '2020-03-01T12:00:00Z' WHERE id = $1", [a.id]);
      await db.query("UPDATE members SET created_at = '2020-03-02T12:00:00Z', status = 'LOCKED' WHERE id = $1", [b.id]);
      const range = { registeredFrom: '2020-03-01', registeredTo: '2020-03-02' };
      expect(names(await search(range))).toEqual([`${tag}_old2`, `${tag}_old1`]);
      expect(names(await search({ ...range, status: 'LOCKED' }))).toEqual([`${tag}_old2`]);
      expect(names(await search({ registeredFrom: '2020-03-02', registeredTo: '2020-03-02' }))).toEqual([
        `${tag}_old2`,
      ]);
    });

    it('should page with a bounded page size', async () => {
      const first = await search({ username: tag, pageSize: '2' });
      expect(first.list).toHaveLength(2);
      expect(first.totalPages).toBeGreaterThanOrEqual(2);
      const second = await search({ username: tag, pageSize: '2', pageNo: '2' });
      expect(names(second).some((name) => names(first).includes(name))).toBe(false);
      const tooBig = await raw('support', { url: `${OPS_API.members}?pageSize=101` });
      expect([tooBig.statusCode, fieldsOf(tooBig.body).map((f) => f.path)]).toEqual([400, ['pageSize']]);
    });

    it('should answer bad filters with field errors', async () => {
      const res = await raw('support', {
        url: `${OPS_API.members}?username=a&registeredFrom=2026-02-01&registeredTo=2026-01-01&userType=3`,
      });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res.body).map((f) => f.path)).toEqual(['username', 'userType', 'registeredTo']);
      const unknownAgent = await raw('support', { url: `${OPS_API.members}?agent=${tag}_Down` });
      expect([unknownAgent.statusCode, fieldsOf(unknownAgent.body)]).toEqual([
        400,
        [{ path: 'agent', message: 'no agent has this username' }],
      ]);
    });

    it("should not list another merchant's members", async () => {
      expect(names(await search({ username: `${tag}_acme` }))).toEqual([]);
    });

    it('should read members through an index for every filter, never a scan of the table', async () => {
      const shapes: Omit<MemberSearchFilter, 'merchantId'>[] = [
        {},
        { usernamePrefix: 'dem' },
        { realNamePrefix: 'mar' },
        { mobile: mobileFilterOf('+63 917 555 0001') },
        { mobile: mobileFilterOf('0917 555 0001') },
        { userTypes: [0] },
        { userTypes: [1, 2, 41, 42] },
        { status: 'LOCKED' },
        { registeredFrom: '2020-01-01', registeredTo: '2020-12-31' },
        { parentId: f.agent.id },
      ];
      const scans = await getDb().transaction(async (tx) => {
        // With sequential scans priced out, the planner still picks one when no index can answer the query.
        await tx.query('SET LOCAL enable_seqscan = off');
        const found: string[] = [];
        for (const shape of shapes) {
          const statements = searchStatements(
            { ...shape, merchantId: f.merchantId },
            { offset: 0, limit: 20, cap: 5000 },
          );
          for (const statement of [statements.page, statements.count]) {
            const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(
              `EXPLAIN (FORMAT JSON) ${statement.text}`,
              statement.params,
            );
            const plan = JSON.stringify(rows[0]?.['QUERY PLAN']);
            for (const table of ['members', 'member_logins']) {
              const pattern = new RegExp(`"Node Type":"Seq Scan"[^}]*"Relation Name":"${table}"`);
              if (pattern.test(plan)) found.push(`${JSON.stringify(shape)} ${table}`);
            }
          }
        }
        return found;
      });
      expect(scans).toEqual([]);
    });

    it('should refuse callers without a session or without members.view', async () => {
      expect((await raw(null, { url: OPS_API.members })).statusCode).toBe(401);
      const content = await raw('content', { url: OPS_API.members });
      expect([content.statusCode, content.json().code]).toEqual([403, 'FORBIDDEN']);
    });
  });

  describe('profile', () => {
    it('should show identity, upline chain and balances, and never a password hash', async () => {
      const res = await raw('finance', { url: pathOf(OPS_API.member, f.downline.id) });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/argon2|not-shown|passwordHash|paymentPasswordHash/);
      const profile = successEnvelope(OpsMemberProfileSchema).parse(res.json()).value;
      expect(profile).toMatchObject({
        id: f.downline.id.toString(),
        username: `${tag}_Down`,
        email: `${tag}d@x.test`,
        realName: 'Maria Clara',
        hasPaymentPassword: true,
        directDownline: null,
        balances: [],
      });
      expect(profile.uplineChain.map((u) => [u.username, u.userType])).toEqual([
        [`${tag}_sub`, 2],
        [`${tag}_agent`, 1],
      ]);
    });

    it("should count an agent's direct downline", async () => {
      const profile = await call('support', OpsMemberProfileSchema, { url: pathOf(OPS_API.member, f.subagent.id) });
      expect(profile.directDownline).toEqual({ count: 1, capped: false });
      expect(profile.uplineChain.map((u) => u.username)).toEqual([`${tag}_agent`]);
    });

    it("should show every ledger account of the member and its account record (a trial's play money)", async () => {
      await trialToken(f.app);
      const [trial] = (await search({ kind: 'TRIAL', pageSize: '1' })).list;
      if (trial === undefined) throw new Error('no trial member');
      const profile = await call('support', OpsMemberProfileSchema, { url: pathOf(OPS_API.member, trial.id) });
      expect(profile.userType).toBe(USER_TYPE.TRIAL);
      expect(profile.balances).toHaveLength(1);
      expect(profile.balances[0]?.purpose).toBe('PLAY');
      expect(Number(profile.balances[0]?.balance)).toBeGreaterThan(0);
      const records = await call('support', TransactionPageSchema, {
        url: pathOf(OPS_API.memberTransactions, trial.id),
      });
      expect(records.list.map((r) => [r.code, r.balanceAfter])).toEqual([['PLAY_FUND', profile.balances[0]?.balance]]);
    });
  });
});
