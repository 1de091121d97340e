import { SALARY_TYPES, type ContractType } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Policy, SettlementRow, WindowFigures } from './agent-contract.types';
import { contractsRepository } from './contracts.repository';
import { countWindowRows } from './settlement.count';
import { settlementRepository as repo } from './settlement.repository';
import { dueWindows, type Window } from './windows';

/** One window's payment: from the merchant's COMMISSIONS account to the agent's cash, once per key. */
export type Payment = {
  agentId: bigint;
  amountMinor: bigint;
  code: 'SALARY' | 'DIVIDEND';
  key: string;
  reference: string;
};
/** A payment's own answer: its transfer (new, or the first one under its key), or the ledger's refusal code. */
export type PaymentOutcome = { transferId: bigint } | { failure: string };

/** What settlement needs of other modules (platform-modules.ts hands them over). */
export type SettlementPorts = {
  /** agent-team's teamsPlay: each agent's team play over business days (the window in progress on the pages). */
  teamsPlay: (merchantId: number, agentIds: bigint[], from: string, to: string) => Promise<Map<string, WindowFigures>>;
  /**
   * Pays many windows of a merchant through the ledger in few transactions, each idempotent by its key (the same key
   * and amount replays the first transfer); answers in order, one outcome per payment. Anything thrown is a crash.
   */
  payMany: (merchantId: number, payments: readonly Payment[]) => Promise<PaymentOutcome[]>;
};

/** Test seams: a crash right after a step (the thrown error is not an AppError, so nothing is marked). */
export type SettlementFaults = { afterCount?: () => void; afterPost?: () => void };

const SLOT_TYPES: readonly ContractType[] = ['REALTIME_SALARY', 'HOURLY_SALARY'];
/** Windows paid per ledger batch (one read, one payMany, one update); a run pays at most PAY_LIMIT of a type. */
export const PAY_CHUNK = 1_000;
export const PAY_LIMIT = 200_000;

/** The ledger key of a window's payment: one per (type, agent, window), whoever pays it and however often. */
export const paymentKey = (row: Pick<SettlementRow, 'type' | 'agentId' | 'windowStart'>): string =>
  `${row.type}:${row.agentId}:${row.windowStart.toISOString()}`;

const paymentOf = (row: SettlementRow): Payment => ({
  agentId: row.agentId,
  amountMinor: row.netMinor,
  code: row.type === 'DIVIDEND' ? 'DIVIDEND' : 'SALARY',
  key: paymentKey(row),
  reference: `contract ${row.contractId} window ${row.firstDay} ${row.windowStart.toISOString()}`,
});

/**
 * Counting and paying windows (DESIGN.md §12, ADR 0030, ADR 0038). A window is counted once per (merchant, type,
 * window): the run row is the claim, inserted in the transaction that then counts every holder's settlement in one
 * statement (settlement.count.ts), so a second process waits on the claim and then finds it taken. Payment follows in
 * chunks, many agents per ledger transaction, each with the ledger key (type, agent, window): a crash between counting
 * and paying leaves COUNTED rows the next run pays; a crash after the ledger posted replays the same transfers.
 */
export const settlementServiceFactory = (deps: { db: Database; ports: SettlementPorts; faults?: SettlementFaults }) => {
  const { db, ports, faults } = deps;

  /** Counts one window of one merchant; returns how many holders it counted (0 when it was counted already). */
  const countWindow = async (merchantId: number, policy: Policy, window: Window, now: Date): Promise<number> => {
    const { type } = policy;
    if (SLOT_TYPES.includes(type)) await db.transaction((tx) => repo.seal(tx, merchantId, window.end));
    return db.transaction(async (tx) => {
      if (!(await repo.claimRun(tx, merchantId, type, window, now))) return 0;
      const counted = await countWindowRows(tx, merchantId, policy, window, now);
      await repo.setRunAgents(tx, merchantId, type, window.start, counted);
      faults?.afterCount?.();
      return counted;
    });
  };

  /**
   * Pays counted (or failed) windows of a merchant in one payMany; refusals mark their windows FAILED, anything thrown
   * leaves them all for the next run (their keys replay what was posted).
   */
  const payRows = async (merchantId: number, rows: readonly SettlementRow[], now: Date) => {
    const outcomes = await ports.payMany(merchantId, rows.map(paymentOf));
    faults?.afterPost?.();
    const paid: { id: bigint; transferId: bigint }[] = [];
    const failed: { id: bigint; failure: string }[] = [];
    rows.forEach((row, index) => {
      const outcome = outcomes[index];
      if (outcome === undefined) throw new Error('the payments answered fewer outcomes than windows');
      if ('transferId' in outcome) paid.push({ id: row.id, transferId: outcome.transferId });
      else failed.push({ id: row.id, failure: outcome.failure });
    });
    await repo.markPaid(db, merchantId, paid, now);
    await repo.markFailed(db, merchantId, failed);
    return { paid: paid.length, failed: failed.length };
  };

  const payUnpaid = async (merchantId: number, type: ContractType, now: Date) => {
    const report = { paid: 0, failed: 0 };
    let afterId = 0n;
    while (report.paid + report.failed < PAY_LIMIT) {
      const rows = await repo.unpaid(db, merchantId, type, afterId, PAY_CHUNK);
      const last = rows.at(-1);
      if (last === undefined) break;
      const chunk = await payRows(merchantId, rows, now);
      report.paid += chunk.paid;
      report.failed += chunk.failed;
      afterId = last.id;
    }
    return report;
  };

  /**
   * One run of a type's job at `now` (the job's occurrence, or a test clock): for every merchant with the type on,
   * counts each due window in order, then pays what is counted and unpaid.
   */
  const run = async (type: ContractType, now: Date, signal?: AbortSignal) => {
    const report = { windows: 0, agents: 0, paid: 0, failed: 0 };
    for (const { merchantId, timezone, policy } of await contractsRepository.enabledPolicies(db, type)) {
      const kind = { type, period: policy.period };
      for (const window of dueWindows(kind, timezone, now, await repo.lastRun(db, merchantId, type))) {
        if (signal?.aborted === true) break;
        report.agents += await countWindow(merchantId, policy, window, now);
        report.windows += 1;
      }
      const payments = await payUnpaid(merchantId, type, now);
      report.paid += payments.paid;
      report.failed += payments.failed;
    }
    return report;
  };

  /** Pays a FAILED (or stuck COUNTED) window again with its key: it pays once. 409 SETTLEMENT_STATE otherwise. */
  const rerun = async (merchantId: number, id: bigint, now: Date): Promise<SettlementRow> => {
    const row = await repo.byId(db, merchantId, id);
    if (row === undefined) throw new AppError('SETTLEMENT_NOT_FOUND', 404, 'There is no such settlement window');
    if (row.status !== 'FAILED' && row.status !== 'COUNTED') {
      throw new AppError('SETTLEMENT_STATE', 409, 'Only a failed window can be paid again');
    }
    await payRows(merchantId, [row], now);
    return (await repo.byId(db, merchantId, id)) ?? row;
  };

  return { run, countWindow, payUnpaid, rerun };
};

export type SettlementService = ReturnType<typeof settlementServiceFactory>;
export const isSalaryType = (type: ContractType): boolean => SALARY_TYPES.includes(type);
