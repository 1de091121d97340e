import {
  bpsToRate,
  formatMoney,
  isAgentType,
  MoneyError,
  parseMoney,
  rateToBps,
  type ContractPolicy,
  type ContractType,
  type OpsContractAdjustment,
  type OpsContractListQuery,
  type OpsSettlementQuery,
} from '@platform/contracts';
import type { z } from 'zod';
import type { OpsContractListQuerySchema, OpsSettlementQuerySchema } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { recordAudit } from '../../operations/audit';
import type { StaffCaller } from '../../operations/staff';
import type { Policy } from './agent-contract.types';
import { contractsRepository as repo } from './contracts.repository';
import { contractNotFound, type ContractsService } from './contracts.service';
import { toContract, toEvent, toOpsSettlement } from './mapping';
import type { MemberService } from './member.service';
import { recordsRepository } from './records.repository';
import type { SettlementService } from './settlement.service';
import { localParts } from './windows';
import { addDays } from '@platform/contracts';

/** Moves an agent's contract income through the ledger (a staff adjustment): positive to the agent, negative back. */
export type AdjustPort = (adjustment: {
  merchantId: number;
  agentId: bigint;
  amountMinor: bigint;
  code: 'SALARY' | 'DIVIDEND';
  key: string;
  reference: string;
}) => Promise<{ transferId: bigint; balanceMinor: bigint }>;

const policyInvalid = (message: string) => new AppError('CONTRACT_POLICY_INVALID', 400, message);

const toWirePolicy = (policy: Policy, scale: number): ContractPolicy => ({
  type: policy.type,
  enabled: policy.enabled,
  topRate: bpsToRate(policy.topRateBps),
  maxTiers: policy.maxTiers,
  maxTierValidBet: formatMoney(policy.maxTierValidBetMinor, scale),
  maxTierActiveMembers: policy.maxTierActiveMembers,
  minActiveMembers: policy.minActiveMembers,
  downlineMayOffer: policy.downlineMayOffer,
  period: policy.period,
  deductions:
    policy.deductions === null
      ? null
      : {
          bonuses: policy.deductions.bonuses,
          rebates: policy.deductions.rebates,
          salaries: policy.deductions.salaries,
          feeRate: bpsToRate(policy.deductions.feeBps),
        },
  carryForward: policy.carryForward,
});

const fromWirePolicy = (type: ContractType, body: ContractPolicy, scale: number): Policy => {
  if (body.type !== type) throw policyInvalid('The policy is for another contract type');
  const dividend = type === 'DIVIDEND';
  const parts = [body.period, body.deductions, body.carryForward];
  if (dividend ? parts.some((part) => part === null) : parts.some((part) => part !== null)) {
    throw policyInvalid('Period, deductions and carry-forward are set for dividends, and only for them');
  }
  let maxTierValidBetMinor: bigint;
  try {
    maxTierValidBetMinor = parseMoney(body.maxTierValidBet, scale, { allowZero: true });
  } catch (error) {
    if (error instanceof MoneyError) throw policyInvalid('The highest tier valid bet is not an amount');
    throw error;
  }
  return {
    type,
    enabled: body.enabled,
    topRateBps: rateToBps(body.topRate),
    maxTiers: body.maxTiers,
    maxTierValidBetMinor,
    maxTierActiveMembers: body.maxTierActiveMembers,
    minActiveMembers: body.minActiveMembers,
    downlineMayOffer: body.downlineMayOffer,
    period: body.period,
    deductions:
      body.deductions === null
        ? null
        : {
            bonuses: body.deductions.bonuses,
            rebates: body.deductions.rebates,
            salaries: body.deductions.salaries,
            feeBps: rateToBps(body.deductions.feeRate),
          },
    carryForward: body.carryForward,
  };
};

/** The back office's agent contracts (issue 19): every change audited. */
export const opsServiceFactory = (deps: {
  db: Database;
  now: Clock;
  contracts: ContractsService;
  member: Pick<MemberService, 'policies'>;
  settlement: Pick<SettlementService, 'rerun'>;
  adjust: AdjustPort;
}) => {
  const { db, now } = deps;
  const scaleOf = (caller: StaffCaller) => caller.merchant.currencyScale;

  return {
    policies: async (caller: StaffCaller) => ({
      list: (await deps.member.policies(caller.merchant.id)).map((p) => toWirePolicy(p, scaleOf(caller))),
    }),

    setPolicy: async (caller: StaffCaller, type: ContractType, body: ContractPolicy) => {
      const policy = fromWirePolicy(type, body, scaleOf(caller));
      const before = (await deps.member.policies(caller.merchant.id)).find((p) => p.type === type);
      await db.transaction(async (tx) => {
        await repo.setPolicy(tx, caller.merchant.id, policy, new Date(now()));
        await recordAudit(tx, caller, {
          action: 'agent.contract-policy',
          targetType: 'contract-policy',
          targetId: type,
          before: before === undefined ? null : toWirePolicy(before, scaleOf(caller)),
          after: toWirePolicy(policy, scaleOf(caller)),
        });
      });
      return toWirePolicy(policy, scaleOf(caller));
    },

    contracts: async (caller: StaffCaller, query: z.output<typeof OpsContractListQuerySchema>) => {
      const { rows, count } = await repo.list(
        db,
        { merchantId: caller.merchant.id, username: query.username, type: query.type, status: query.status },
        (query.pageNo - 1) * query.pageSize,
        query.pageSize,
      );
      return {
        list: rows.map((row) => toContract(row, scaleOf(caller))),
        pageNo: query.pageNo,
        totalPages: Math.ceil(count / query.pageSize),
      };
    },

    contract: async (caller: StaffCaller, id: bigint) => {
      const row = await repo.byId(db, caller.merchant.id, id);
      if (row === undefined) throw contractNotFound();
      const events = await repo.events(db, caller.merchant.id, id);
      return { contract: toContract(row, scaleOf(caller)), events: events.map(toEvent) };
    },

    offer: async (
      caller: StaffCaller,
      body: { username: string; type: ContractType; tiers: Parameters<ContractsService['offer']>[2]['tiers'] },
    ) => {
      const row = await deps.contracts.offer(caller.merchant, { kind: 'staff', name: caller.staff }, body);
      const wire = toContract(row, scaleOf(caller));
      await recordAudit(db, caller, {
        action: 'agent.contract-offer',
        targetType: 'agent-contract',
        targetId: row.id.toString(),
        after: wire,
      });
      return wire;
    },

    terminate: async (caller: StaffCaller, id: bigint, reason: string) => {
      const row = await deps.contracts.terminate(caller.merchant.id, { kind: 'staff', name: caller.staff }, id, reason);
      const wire = toContract(row, scaleOf(caller));
      await recordAudit(db, caller, {
        action: 'agent.contract-terminate',
        targetType: 'agent-contract',
        targetId: id.toString(),
        after: wire,
        reason,
      });
      return wire;
    },

    board: async (caller: StaffCaller, query: z.output<typeof OpsSettlementQuerySchema>) => {
      const today = localParts(await repo.timezone(db, caller.merchant.id), new Date(now())).day;
      const filter = {
        merchantId: caller.merchant.id,
        type: query.type,
        status: query.status,
        username: query.username,
        fromDay: query.from ?? addDays(today, -7),
        toDay: query.to ?? today,
      };
      const [{ rows, sums }, totals] = await Promise.all([
        recordsRepository.page(db, filter, (query.pageNo - 1) * query.pageSize, query.pageSize),
        recordsRepository.byStatus(db, filter),
      ]);
      return {
        list: rows.map((row) => toOpsSettlement(row, scaleOf(caller))),
        totals: totals.map((t) => ({ ...t, net: formatMoney(t.netMinor, scaleOf(caller)) })),
        pageNo: query.pageNo,
        totalPages: Math.ceil(sums.windows / query.pageSize),
      };
    },

    rerun: async (caller: StaffCaller, id: bigint) => {
      const row = await deps.settlement.rerun(caller.merchant.id, id, new Date(now()));
      await recordAudit(db, caller, {
        action: 'agent.settlement-rerun',
        targetType: 'agent-settlement',
        targetId: id.toString(),
        after: { status: row.status, net: formatMoney(row.netMinor, scaleOf(caller)) },
      });
      return toOpsSettlement(row, scaleOf(caller));
    },

    adjust: async (caller: StaffCaller, body: OpsContractAdjustment) => {
      const scale = scaleOf(caller);
      const negative = body.amount.startsWith('-');
      let amountMinor: bigint;
      try {
        amountMinor = parseMoney(negative ? body.amount.slice(1) : body.amount, scale);
      } catch (error) {
        if (error instanceof MoneyError) throw new AppError('VALIDATION_FAILED', 400, 'The amount is not valid');
        throw error;
      }
      const agent = await repo.findMember(db, caller.merchant.id, body.username, null);
      if (agent === undefined || !isAgentType(agent.userType)) {
        throw new AppError('DOWNLINE_NOT_FOUND', 404, 'There is no such agent');
      }
      const signed = negative ? -amountMinor : amountMinor;
      const result = await deps.adjust({
        merchantId: caller.merchant.id,
        agentId: agent.id,
        amountMinor: signed,
        code: body.type === 'DIVIDEND' ? 'DIVIDEND' : 'SALARY',
        key: `adjust:${body.requestId}`,
        reference: `contract adjustment ${body.type}: ${body.reason}`.slice(0, 200),
      });
      await recordAudit(db, caller, {
        action: 'agent.contract-adjust',
        targetType: 'member',
        targetId: agent.id.toString(),
        after: { type: body.type, amount: formatMoney(signed, scale), transferId: result.transferId.toString() },
        reason: body.reason,
      });
      return {
        username: agent.username,
        type: body.type,
        amount: formatMoney(signed, scale),
        transferId: result.transferId.toString(),
        balance: formatMoney(result.balanceMinor, scale),
      };
    },
  };
};

export type OpsService = ReturnType<typeof opsServiceFactory>;
export type { OpsContractListQuery, OpsSettlementQuery };
