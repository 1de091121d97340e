import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OpsCashierReportSchema,
  OpsDailyReportSchema,
  OpsDashboardSchema,
  successEnvelope,
  type StaffRole,
  OPS_API,
} from '@platform/contracts';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import { staffHeaders } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { DASHBOARD_CACHE_MS } from './reports.service';
import { deposit, HOST, NOW, OTHER_HOST, seedReportFigures, TODAY } from './reports.test-support';

describeEachDatabase('reports staff API', (getDb) => {
  let app: FastifyInstance;
  const clock = manualClock(NOW);
  const sessions: Partial<Record<StaffRole | 'acme', { authorization: string }>> = {};

  const get = async (url: string, who: StaffRole | 'acme' = 'finance') => {
    const host = who === 'acme' ? OTHER_HOST : HOST;
    sessions[who] ??= await staffHeaders(app, who === 'acme' ? 'owner' : who, { host });
    return app.inject({ url, headers: { ...sessions[who], host } });
  };
  const dashboard = async (who: StaffRole | 'acme' = 'support') => {
    const res = await get(OPS_API.dashboard, who);
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(OpsDashboardSchema).parse(res.json()).value;
  };
  const daily = async (query: string, who: StaffRole | 'acme' = 'finance') => {
    const res = await get(`${OPS_API.reportDaily}?${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(OpsDailyReportSchema).parse(res.json()).value;
  };
  const cashier = async (query: string, who: StaffRole | 'acme' = 'finance') => {
    const res = await get(`${OPS_API.reportCashier}?${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return successEnvelope(OpsCashierReportSchema).parse(res.json()).value;
  };

  beforeAll(async () => {
    const db = getDb();
    app = await buildTestApp({ db, seams: { now: clock.clock } });
    await seedReportFigures(db);
  });
  afterAll(() => app.close());

  describe('access', () => {
    it('should refuse callers without a session or without the permission', async () => {
      for (const url of [OPS_API.dashboard, OPS_API.reportDaily, OPS_API.reportCashierCsv]) {
        const res = await app.inject({ url, headers: { host: HOST } });
        expect(res.statusCode, url).toBe(401);
      }
      // A cashier sees the dashboard but not the reports.
      expect((await get(OPS_API.dashboard, 'cashier')).statusCode).toBe(200);
      for (const url of [
        OPS_API.reportDaily,
        OPS_API.reportDailyCsv,
        OPS_API.reportCashier,
        OPS_API.reportCashierCsv,
      ]) {
        const res = await get(`${url}?from=2026-03-09&to=2026-03-10`, 'cashier');
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    });
  });

  describe('dashboard', () => {
    it('should show today in the merchant time zone from its own orders, rounds and members', async () => {
      expect(await dashboard()).toEqual({
        day: '2026-03-10',
        timezone: 'Asia/Manila',
        currency: 'USD',
        asOf: new Date(NOW).toISOString(),
        deposits: { count: 2, amount: '75.00' },
        withdrawals: { count: 1, amount: '20.00' },
        bets: '15.00',
        wins: '12.00',
        ggr: '3.00',
        rounds: 3,
        newMembers: 2,
        activeMembers: 3,
        pendingDeposits: 1,
        pendingWithdrawals: 2,
      });
    });

    it('should show the other merchant only its own figures', async () => {
      expect(await dashboard('acme')).toMatchObject({
        deposits: { count: 1, amount: '9999.00' },
        withdrawals: { count: 1, amount: '8888.00' },
        bets: '7777.00',
        newMembers: 1,
        activeMembers: 1,
        pendingDeposits: 0,
      });
    });

    it('should reuse the figures for a few seconds, then read them again', async () => {
      const before = await dashboard('owner');
      const { rows } = await getDb().query<{ id: number }>("SELECT id FROM merchants WHERE code = 'rpt'");
      const rptId = rows[0]?.id ?? 0;
      const { rows: members } = await getDb().query<{ id: bigint }>(
        'SELECT id FROM members WHERE merchant_id = $1 ORDER BY id LIMIT 1',
        [rptId],
      );
      const ch = (
        await getDb().query<{ id: bigint }>('SELECT id FROM deposit_channels WHERE merchant_id = $1', [rptId])
      ).rows[0]?.id;
      await deposit(getDb(), rptId, {
        ...{ memberId: members[0]?.id ?? 0n, channelId: ch ?? 0n, amount: 100, status: 'PAID' },
        at: TODAY('03:59'),
      });
      expect((await dashboard('owner')).deposits).toEqual(before.deposits);
      clock.advance(DASHBOARD_CACHE_MS);
      const after = await dashboard('owner');
      expect(after.deposits).toEqual({ count: 3, amount: '76.00' });
      expect(after.asOf).toBe(new Date(NOW + DASHBOARD_CACHE_MS).toISOString());
      await getDb().query('DELETE FROM deposit_orders WHERE merchant_id = $1 AND created_at = $2::timestamptz', [
        rptId,
        TODAY('03:59'),
      ]);
    });
  });

  describe('daily summary per vendor', () => {
    it('should sum bets, wins, GGR and players per local day and vendor with a totals row', async () => {
      const report = await daily('from=2026-03-09&to=2026-03-10');
      expect(report.rows).toEqual([
        ...[{ day: '2026-03-09', vendorCode: 'PG', vendorName: '=PG Soft', rounds: 1, bets: '7.00', wins: '0.00' }].map(
          (row) => ({ ...row, ggr: '7.00', players: 1 }),
        ),
        {
          day: '2026-03-10',
          vendorCode: 'JL',
          vendorName: 'Jili',
          rounds: 1,
          bets: '5.00',
          wins: '9.00',
          ggr: '-4.00',
          players: 1,
        },
        {
          day: '2026-03-10',
          vendorCode: 'PG',
          vendorName: '=PG Soft',
          rounds: 2,
          bets: '10.00',
          wins: '3.00',
          ggr: '7.00',
          players: 2,
        },
      ]);
      // Players over the range are distinct members (m1 played on two vendors), not the sum of the rows.
      expect(report.totals).toEqual({ rounds: 4, bets: '22.00', wins: '12.00', ggr: '10.00', players: 3 });
      expect(report.currency).toBe('USD');
    });

    it('should filter by vendor and leave out days outside the range', async () => {
      const report = await daily('from=2026-03-10&to=2026-03-10&vendor=JL');
      expect(report.rows.map((row) => [row.day, row.vendorCode])).toEqual([['2026-03-10', 'JL']]);
      expect(report.totals).toEqual({ rounds: 1, bets: '5.00', wins: '9.00', ggr: '-4.00', players: 1 });
      const empty = await daily('from=2026-01-01&to=2026-01-31');
      expect(empty.rows).toEqual([]);
      expect(empty.totals).toEqual({ rounds: 0, bets: '0.00', wins: '0.00', ggr: '0.00', players: 0 });
    });

    it('should never show another merchant rounds', async () => {
      const report = await daily('from=2026-03-10&to=2026-03-10', 'acme');
      expect(report.rows.map((row) => [row.vendorName, row.bets])).toEqual([['Acme PG', '7777.00']]);
      const own = await daily('from=2026-03-10&to=2026-03-10');
      expect(own.rows.some((row) => row.vendorName === 'Acme PG')).toBe(false);
    });

    it('should download the same figures as CSV with formula-looking cells defused', async () => {
      const res = await get(`${OPS_API.reportDailyCsv}?from=2026-03-09&to=2026-03-10`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="daily-rpt-2026-03-09-2026-03-10.csv"');
      expect(res.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
        'day,vendor_code,vendor_name,rounds,bets,wins,ggr,players',
        "2026-03-09,PG,'=PG Soft,1,7.00,0.00,7.00,1",
        '2026-03-10,JL,Jili,1,5.00,9.00,-4.00,1',
        "2026-03-10,PG,'=PG Soft,2,10.00,3.00,7.00,2",
        'total,,,4,22.00,12.00,10.00,3',
        '',
      ]);
    });

    it('should refuse ranges that are backwards, too long or not dates with a message on the field', async () => {
      const cases: [string, string][] = [
        ['from=2026-03-10&to=2026-03-09', 'to'],
        ['from=2026-01-01&to=2026-04-04', 'to'],
        ['from=2026-02-30&to=2026-03-01', 'from'],
        ['to=2026-03-01', 'from'],
        ['from=2026-03-01&to=2026-03-01&vendor=%3Dcmd', 'vendor'],
      ];
      for (const [query, field] of cases) {
        const res = await get(`${OPS_API.reportDaily}?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(
          res.json().value.fields.map((f: { path: string }) => f.path),
          query,
        ).toEqual([field]);
      }
      // 93 days is the longest range.
      expect((await get(`${OPS_API.reportDaily}?from=2026-01-01&to=2026-04-03`)).statusCode).toBe(200);
    });
  });

  describe('cashier report', () => {
    const zero = { count: 0, amount: '0.00' };

    it('should show every day of the range with approved, pending and rejected orders and adjustments', async () => {
      const report = await cashier('from=2026-03-08&to=2026-03-10');
      expect(report.rows.map((row) => row.day)).toEqual(['2026-03-08', '2026-03-09', '2026-03-10']);
      const [quiet, yesterday, today] = report.rows;
      expect(quiet?.deposits).toEqual({ approved: zero, pending: zero, rejected: zero });
      expect(yesterday).toEqual({
        day: '2026-03-09',
        deposits: { approved: { count: 1, amount: '100.00' }, pending: zero, rejected: zero },
        withdrawals: { approved: { count: 1, amount: '30.00' }, pending: zero, rejected: zero },
        adjustments: { credit: { count: 1, amount: '1.00' }, debit: zero, pending: zero },
      });
      expect(today).toEqual({
        day: '2026-03-10',
        deposits: {
          approved: { count: 2, amount: '75.00' },
          pending: { count: 1, amount: '10.00' },
          rejected: { count: 1, amount: '7.00' },
        },
        withdrawals: {
          approved: { count: 1, amount: '20.00' },
          pending: { count: 2, amount: '16.00' },
          rejected: { count: 1, amount: '8.00' },
        },
        adjustments: {
          credit: { count: 1, amount: '12.00' },
          debit: { count: 1, amount: '3.00' },
          pending: { count: 1, amount: '500.00' },
        },
      });
      expect(report.totals.deposits.approved).toEqual({ count: 3, amount: '175.00' });
      expect(report.totals.withdrawals.approved).toEqual({ count: 2, amount: '50.00' });
      expect(report.totals.adjustments.credit).toEqual({ count: 2, amount: '13.00' });
    });

    it('should never show another merchant orders', async () => {
      const acme = await cashier('from=2026-03-10&to=2026-03-10', 'acme');
      expect(acme.totals.deposits.approved).toEqual({ count: 1, amount: '9999.00' });
      expect(acme.totals.adjustments.credit).toEqual({ count: 1, amount: '6666.00' });
      const own = await cashier('from=2026-03-10&to=2026-03-10');
      expect(own.totals.withdrawals.approved).toEqual({ count: 1, amount: '20.00' });
    });

    it('should download the report as CSV, one line per day and a totals line', async () => {
      const res = await get(`${OPS_API.reportCashierCsv}?from=2026-03-09&to=2026-03-10`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="cashier-rpt-2026-03-09-2026-03-10.csv"');
      const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]?.split(',').slice(0, 3)).toEqual(['day', 'deposits_approved_count', 'deposits_approved_amount']);
      expect(lines[0]?.split(',')).toHaveLength(19);
      expect(lines[2]).toBe('2026-03-10,2,75.00,1,10.00,1,7.00,1,20.00,2,16.00,1,8.00,1,12.00,1,3.00,1,500.00');
      expect(lines[3]).toBe('total,3,175.00,1,10.00,1,7.00,2,50.00,2,16.00,1,8.00,2,13.00,1,3.00,1,500.00');
      expect(lines).toHaveLength(5);
    });
  });
});
