import {
  bpsToRate,
  formatMoney,
  type Contract,
  type ContractEvent,
  type ContractEventKindSchema,
  type Settlement,
} from '@platform/contracts';
import type { z } from 'zod';
import type { ContractRow, EventRow, SettlementRow } from './agent-contract.types';
import { formatTiers } from './rules';

/** Rows to the wire (agent-contract.ts in contracts): amounts as decimal strings in the merchant's currency scale. */

export const toContract = (row: ContractRow, scale: number): Contract => ({
  id: row.id.toString(),
  type: row.type,
  version: row.version,
  status: row.status,
  holder: row.holder,
  offeredBy: row.offeredBy,
  tiers: formatTiers(row.tiers, scale),
  period: row.period,
  offeredAt: row.offeredAt.toISOString(),
  acceptedAt: row.acceptedAt?.toISOString() ?? null,
  endedAt: row.endedAt?.toISOString() ?? null,
  endReason: row.endReason,
});

export const toEvent = (row: EventRow): ContractEvent => ({
  id: row.id.toString(),
  contractId: row.contractId.toString(),
  kind: row.kind as z.infer<typeof ContractEventKindSchema>,
  recipient: row.recipient,
  actor: row.actor,
  at: row.at.toISOString(),
  note: row.note,
});

export const toSettlement = (row: SettlementRow, scale: number): Settlement => {
  const money = (minor: bigint) => formatMoney(minor, scale);
  return {
    id: row.id.toString(),
    type: row.type,
    username: row.username,
    window: {
      start: row.windowStart.toISOString(),
      end: row.windowEnd.toISOString(),
      firstDay: row.firstDay,
      lastDay: row.lastDay,
    },
    teamBase: money(row.teamBaseMinor),
    teamValidBet: money(row.teamValidBetMinor),
    teamProfit: money(row.teamProfitMinor),
    carriedIn: money(row.carriedInMinor),
    deductions: money(row.deductionsMinor),
    correction: money(row.correctionMinor),
    activeMembers: row.activeMembers,
    rate: bpsToRate(row.rateBps),
    gross: money(row.grossMinor),
    downlineShare: money(row.downlineMinor),
    net: money(row.netMinor),
    accruedIn: money(row.accruedInMinor),
    status: row.status,
    settledAt: row.settledAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
};

export const toOpsSettlement = (row: SettlementRow, scale: number) => ({
  ...toSettlement(row, scale),
  failure: row.failure,
  attempts: row.attempts,
});
