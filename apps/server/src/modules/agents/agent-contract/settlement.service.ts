import { SALARY_TYPES, type ContractType } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { NO_WINDOW_FIGURES, type Policy, type SettlementRow, type WindowFigures } from './agent-contract.types';
import { contractsRepository } from './contracts.repository';
import { settlementRepository as repo, type PreviousWindow } from './settlement.repository';
import { settleWindow, type WindowAgent } from './settle';
import { addDaysTo, dueWindows, type Window } from './windows';

/** What settlement needs of other modules (platform-modules.ts hands them over). */
export type SettlementPorts = {
  /** agent-team's teamsPlay: each agent's team play over business days. */
  teamsPlay: (merchantId: number, agentIds: bigint[], from: string, to: string) => Promise<Map<string, WindowFigures>>;
  /**
   * Pays an agent from the merchant's COMMISSIONS account through the ledger, idempotent by `key` (the same key and
   * amount replays the first transfer); refusals throw an AppError.
   */
  pay: (payment: {
    merchantId: number;
    agentId: bigint;
    amountMinor: bigint;
    code: 'SALARY' | 'DIVIDEND';
    key: string;
    reference: string;
  }) => Promise<bigint>;
};

/** Test seams: a crash right after a step (the thrown error is not an AppError, so nothing is marked). */
export type SettlementFaults = { afterCount?: () => void; afterPost?: () => void };

const SLOT_TYPES: readonly ContractType[] = ['REALTIME_SALARY', 'HOURLY_SALARY'];
/** Payments per run and type: a backlog is paid over a few runs. */
export const PAY_BATCH = 2_000;
const PAY_CONCURRENCY = 16;

/** The ledger key of a window's payment: one per (type, agent, window), whoever pays it and however often. */
export const paymentKey = (row: Pick<SettlementRow, 'type' | 'agentId' | 'windowStart'>): string =>
  `${row.type}:${row.agentId}:${row.windowStart.toISOString()}`;

const carriesInto = (policy: Policy, previous: PreviousWindow, window: Window): boolean => {
  if (policy.type !== 'DIVIDEND' || policy.carryForward === 'CARRY') return true;
  if (policy.carryForward === 'CARRY_WITHIN_MONTH')
    return previous.firstDay.slice(0, 7) === window.firstDay.slice(0, 7);
  return false;
};

/**
 * Counting and paying windows (DESIGN.md §12, ADR 0030). A window is counted once per (merchant, type, window): the
 * run row is the claim, inserted in the transaction that writes every holder's settlement, so a second process waits
 * and then finds it taken. Payment follows, per holder, with the ledger key (type, agent, window): a crash between
 * counting and paying leaves COUNTED rows the next run pays; a crash after the ledger posted replays the same transfer.
 */
export const settlementServiceFactory = (deps: { db: Database; ports: SettlementPorts; faults?: SettlementFaults }) => {
  const { db, ports, faults } = deps;

  const figuresOf = async (merchantId: number, type: ContractType, ids: bigint[], window: Window) =>
    SLOT_TYPES.includes(type)
      ? repo.slotFigures(db, merchantId, ids, window.start, window.end)
      : ports.teamsPlay(merchantId, ids, window.firstDay, window.lastDay);

  /** Day windows only: what changed on the previous window's days since it was counted (late first settlements). */
  const corrections = async (
    merchantId: number,
    policy: Policy,
    window: Window,
    previous: Map<string, PreviousWindow>,
  ) => {
    const result = new Map<string, bigint>();
    if (SLOT_TYPES.includes(policy.type)) return result;
    const adjacent = [...previous.entries()].filter(([, p]) => addDaysTo(p.lastDay, 1) === window.firstDay);
    const [first] = adjacent;
    if (first === undefined) return result;
    const now = await ports.teamsPlay(
      merchantId,
      adjacent.map(([id]) => BigInt(id)),
      first[1].firstDay,
      first[1].lastDay,
    );
    for (const [id, p] of adjacent) {
      const figures = now.get(id) ?? NO_WINDOW_FIGURES;
      const change =
        policy.type === 'DIVIDEND'
          ? -(figures.profitMinor - p.teamProfitMinor)
          : figures.validBetMinor - p.teamValidBetMinor;
      result.set(id, change);
    }
    return result;
  };

  /** Counts one window of one merchant; returns how many holders it counted (0 when it was counted already). */
  const countWindow = async (merchantId: number, policy: Policy, window: Window, now: Date): Promise<number> => {
    const { type } = policy;
    if (SLOT_TYPES.includes(type)) await db.transaction((tx) => repo.seal(tx, merchantId, window.end));
    const holders = await repo.inForce(db, merchantId, type, window.start);
    const ids = holders.map((holder) => holder.agentId);
    const agents: WindowAgent[] = [];
    if (holders.length > 0) {
      const [figures, previous, salaries] = await Promise.all([
        figuresOf(merchantId, type, ids, window),
        repo.previous(db, merchantId, type, ids, window.start),
        type === 'DIVIDEND' && policy.deductions?.salaries === true
          ? repo.teamSalaries(db, merchantId, ids, window.firstDay, window.lastDay)
          : Promise.resolve(new Map<string, bigint>()),
      ]);
      const corrected = await corrections(merchantId, policy, window, previous);
      for (const holder of holders) {
        const key = holder.agentId.toString();
        const own = figures.get(key) ?? NO_WINDOW_FIGURES;
        const before = previous.get(key);
        const loss = -own.profitMinor > 0n ? -own.profitMinor : 0n;
        const feeMinor = type === 'DIVIDEND' ? (loss * BigInt(policy.deductions?.feeBps ?? 0)) / 10_000n : 0n;
        agents.push({
          ...holder,
          ...own,
          deductionsMinor: (salaries.get(key) ?? 0n) + feeMinor,
          correctionMinor: corrected.get(key) ?? 0n,
          carriedInMinor: before !== undefined && carriesInto(policy, before, window) ? before.carryOutMinor : 0n,
          accruedInMinor: before?.status === 'HELD' ? before.netMinor : 0n,
        });
      }
    }
    const results = settleWindow(type, agents, {
      minActiveMembers: policy.minActiveMembers,
      carryForward: policy.carryForward !== null && policy.carryForward !== 'NONE',
    });
    return db.transaction(async (tx) => {
      if (!(await repo.claimRun(tx, merchantId, type, window, now))) return 0;
      await repo.insertWindows(tx, merchantId, type, window, results, now);
      await repo.setRunAgents(tx, merchantId, type, window.start, results.length);
      faults?.afterCount?.();
      return results.length;
    });
  };

  /** Pays one counted (or failed) window; AppError refusals mark it FAILED, anything else leaves it for the next run. */
  const payRow = async (merchantId: number, row: SettlementRow, now: Date): Promise<'PAID' | 'FAILED'> => {
    try {
      const transferId = await ports.pay({
        merchantId,
        agentId: row.agentId,
        amountMinor: row.netMinor,
        code: row.type === 'DIVIDEND' ? 'DIVIDEND' : 'SALARY',
        key: paymentKey(row),
        reference: `contract ${row.contractId} window ${row.firstDay} ${row.windowStart.toISOString()}`,
      });
      faults?.afterPost?.();
      await repo.markPaid(db, merchantId, row.id, transferId, now);
      return 'PAID';
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await repo.markFailed(db, merchantId, row.id, error.code);
      return 'FAILED';
    }
  };

  const payUnpaid = async (merchantId: number, type: ContractType, now: Date) => {
    let paid = 0;
    let failed = 0;
    const rows = await repo.unpaid(db, merchantId, type, PAY_BATCH);
    // A few payments in flight at once: the ledger commits them in groups (ledger.poster.ts).
    for (let at = 0; at < rows.length; at += PAY_CONCURRENCY) {
      const outcomes = await Promise.all(
        rows.slice(at, at + PAY_CONCURRENCY).map((row) => payRow(merchantId, row, now)),
      );
      paid += outcomes.filter((outcome) => outcome === 'PAID').length;
      failed += outcomes.filter((outcome) => outcome === 'FAILED').length;
    }
    return { paid, failed };
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
    await payRow(merchantId, row, now);
    return (await repo.byId(db, merchantId, id)) ?? row;
  };

  return { run, countWindow, payUnpaid, rerun };
};

export type SettlementService = ReturnType<typeof settlementServiceFactory>;
export const isSalaryType = (type: ContractType): boolean => SALARY_TYPES.includes(type);
